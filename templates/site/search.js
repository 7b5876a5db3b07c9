// The index's search box, state filter and sortable headings (index.html).
// Works from file://; nothing is fetched. Without scripts the full list is
// simply there, in name order, and the filter and the sort buttons are not.
//
// The full list (#list) stays in the page untouched. While the box holds a
// query, a state is chosen or the list is sorted by another column than the
// name, the list is hidden and the rows wanted are shown in #found, in the
// order wanted: clones of the list's rows, LIMIT at a time ("Show more", or
// scrolling to the end, adds the next LIMIT). Each change costs one pass over
// a string array, the sort one native sort of a Float64Array (made once per
// column and direction), plus at most LIMIT row clones, whatever the list's
// length.
//
// Search keys: <script id="keys" type="text/plain"> holds one folded key per
// row, in row order, "\n"-separated (ratebook folds them: `fold` in
// src/publish/site/mod.rs, the same as `fold` below). If it is absent, keys
// are folded here from each row's name link, once. Sort values: <script
// id="sort"> holds a line per row, rating (hundredths) TAB games TAB change
// TAB state, empty where there is none.
//
// The players with a page who are not on the list (inactive, or removed)
// are found too, after those on it, marked: search-more.js (loaded before
// this) holds a line each, key TAB id TAB name TAB rating TAB state TAB
// mark. A query that finds nobody suggests the names nearest to it (within
// one or two letters a word: `babich` finds Babić).
(function () {
  'use strict';
  var box = document.getElementById('q');
  var list = document.getElementById('list');
  var found = document.getElementById('found');
  if (!box || !list || !found) return;
  var LIMIT = +found.getAttribute('data-limit') || 200; // rows shown at a time
  var out = found.tBodies[0], count = document.getElementById('count');
  var stateBox = document.getElementById('state'), more = document.getElementById('more');
  var suggestion = document.getElementById('suggest');
  // Letters that NFD does not decompose; the same table as ratebook's fold.
  var EXTRA = { 'ø': 'o', 'đ': 'd', 'ł': 'l', 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'þ': 'th', 'ð': 'd',
    'ħ': 'h', 'ı': 'i', 'ŧ': 't', 'ŋ': 'n', 'ĸ': 'k', 'ſ': 's' };
  function fold(s) {
    return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
      .replace(/[øđłßæœþðħıŧŋĸſ]/g, function (c) { return EXTRA[c]; })
      .replace(/['\u2019\u2018\u02bc`\u00b4]/g, '') // O'Shea is oshea, as ratebook folds it
      .replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  }
  var rows = null, keys = null, states = null, values = null, others = null;
  var T = window.__searchTiming = {};
  function init() {
    var t0 = performance.now();
    var bodies = list.getElementsByTagName('tbody');
    rows = [];
    for (var t = 0; t < bodies.length; t++) {
      for (var r = bodies[t].rows, j = 0; j < r.length; j++) rows.push(r[j]);
    }
    var ks = document.getElementById('keys');
    if (ks) keys = ks.textContent.split('\n');
    else keys = rows.map(function (r) {
      var a = r.querySelector('a');
      return fold(a.textContent) + ' ' + a.getAttribute('href').replace(/\D/g, '');
    });
    if (keys.length !== rows.length) throw new Error('search keys out of step with rows');
    // The sort values, column by column (NaN: none), and each row's state.
    var n = rows.length, lines = (document.getElementById('sort') || { textContent: '' }).textContent.split('\n');
    values = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    states = new Array(n);
    for (var i = 0; i < n; i++) {
      var f = lines.length === n ? lines[i].split('\t') : cellsOf(rows[i]);
      for (var c = 0; c < 3; c++) values[c][i] = f[c] === '' ? NaN : +f[c];
      states[i] = f[3];
    }
    others = (window.RATEBOOK_NOT_LISTED || '').split('\n').filter(Boolean).map(function (line) {
      var f = line.split('\t');
      return { key: f[0], id: f[1], name: f[2], rating: f[3], state: f[4], mark: f[5] };
    });
    T.init = performance.now() - t0;
  }
  // A row of the results for a player not on the list, marked.
  function otherRow(o) {
    var tr = document.createElement('tr');
    [o.rating, '', '', o.state].forEach(function (text, c) {
      var td = tr.appendChild(document.createElement('td'));
      if (c < 3) td.className = 'num';
      td.textContent = text;
    });
    var td = tr.appendChild(document.createElement('td')), a = td.appendChild(document.createElement('a'));
    a.href = 'players/' + o.id + '.html';
    a.textContent = o.name;
    var mark = td.appendChild(document.createElement('span'));
    mark.className = 'mark';
    mark.textContent = ' (' + o.mark + ', not on the list)';
    return tr;
  }

  // The names nearest a query that found nobody: each word of the query
  // within one letter (two from six letters on) of a word of the name,
  // letters swapped counting one. At most SUGGEST, the nearest first.
  var SUGGEST = 5;
  function distance(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var prev2 = null, prev = [], row, i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      row = [i];
      var low = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        var d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a.charAt(i - 1) === b.charAt(j - 2) && a.charAt(i - 2) === b.charAt(j - 1)) {
          d = Math.min(d, prev2[j - 2] + 1);
        }
        row.push(d);
        if (d < low) low = d;
      }
      if (low > most) return most + 1;
      prev2 = prev; prev = row;
    }
    return prev[b.length];
  }
  function nearest(words) {
    var found = [];
    // How near `key` is to the query (undefined: not near enough).
    function near(key, state) {
      if (stateBox && stateBox.value && state !== stateBox.value) return undefined;
      var parts = key.split(' '), total = 0;
      for (var w = 0; w < words.length; w++) {
        var most = words[w].length < 6 ? 1 : 2, best = most + 1;
        for (var p = 0; p < parts.length && best > 0; p++) {
          if (parts[p].indexOf(words[w]) === 0) best = 0;
          else best = Math.min(best, distance(words[w], parts[p], most));
        }
        if (best > most) return undefined;
        total += best;
      }
      return total;
    }
    for (var i = 0; i < keys.length; i++) {
      var d = near(keys[i], states[i]);
      if (d === undefined) continue;
      var a = rows[i].querySelector('a'); // (only for the few near enough)
      found.push({ d: d, name: a.textContent, href: a.getAttribute('href') });
    }
    others.forEach(function (o) {
      var d = near(o.key, o.state);
      if (d !== undefined) found.push({ d: d, name: o.name, href: 'players/' + o.id + '.html' });
    });
    found.sort(function (x, y) { return x.d - y.d; }); // stable: name order within a distance
    var seen = {}, out = [];
    for (var k = 0; k < found.length && out.length < SUGGEST; k++) {
      if (seen[found[k].name]) continue;
      seen[found[k].name] = true;
      out.push(found[k]);
    }
    return out;
  }
  function suggest(words) {
    var near = words.length ? nearest(words) : [];
    suggestion.replaceChildren();
    suggestion.hidden = !near.length;
    if (!near.length) return;
    suggestion.appendChild(document.createTextNode('Did you mean '));
    near.forEach(function (n, i) {
      if (i) suggestion.appendChild(document.createTextNode(i === near.length - 1 ? ' or ' : ', '));
      var a = suggestion.appendChild(document.createElement('a'));
      a.href = n.href;
      a.textContent = n.name;
    });
    suggestion.appendChild(document.createTextNode('?'));
  }
  // Without the sort values: read from the row (rating as printed).
  function cellsOf(row) {
    var c = row.cells;
    return [c[0].textContent.replace(/\D+$/, ''), c[1].textContent, c[2].textContent.replace('+', ''), c[3].textContent];
  }
  // The list is put out of sight by clipping it to zero height (class "off",
  // #list.off{height:0;overflow:hidden}) and made inert (no focus, not read out).
  // It keeps its layout, so hiding and showing it again cost little; display:none
  // or content-visibility:hidden cost 100-250 ms at 200,000 rows, the first hide
  // up to 3 s.
  function showList(on) {
    list.classList.toggle('off', !on);
    list.inert = !on;
  }

  // The sort: a column (0 rating, 1 games, 2 change, 3 state, 4 name) and
  // its direction. Numbers sort highest first at the first click, state and
  // name A to Z; ties and rows without a value keep the name order, the
  // rows without a value last either way.
  var COLUMNS = ['rating', 'games', 'change', 'state', 'name'];
  var sort = { column: 4, down: false }, orders = {};
  function order() { return orderOf(sort.column, sort.down); }
  function orderOf(column, down) {
    if (column === 4) return null; // the list's own order (reversed when down)
    var id = column + (down ? 'd' : 'a');
    if (orders[id]) return orders[id];
    var n = rows.length, keyed = new Float64Array(n), v;
    if (column === 3) {
      var codes = Array.from(new Set(states)).sort(), rank = {};
      for (var k = 0; k < codes.length; k++) rank[codes[k]] = down ? codes.length - k : k;
      v = new Float64Array(n);
      for (var s = 0; s < n; s++) v[s] = states[s] ? rank[states[s]] : NaN;
    } else v = values[column];
    // Value and row index in one exact double (the values are whole
    // numbers well within ±BIG, the rows fewer than SHIFT): sorted
    // natively, ties in name order, rows without a value last.
    var BIG = 1e9, SHIFT = 1 << 20, negate = down && column !== 3;
    for (var i = 0; i < n; i++) {
      var x = v[i], key = x !== x ? 3 * BIG : negate ? BIG - x : BIG + x;
      keyed[i] = key * SHIFT + i;
    }
    keyed.sort();
    var result = new Int32Array(n);
    for (var j = 0; j < n; j++) result[j] = keyed[j] % SHIFT;
    return (orders[id] = result);
  }

  var hits = [], shown = 0, buffer = null;
  function showMore() {
    var frag = document.createDocumentFragment(), end = Math.min(hits.length, shown + LIMIT);
    for (var h = shown; h < end; h++) {
      frag.appendChild(hits[h] >= 0 ? rows[hits[h]].cloneNode(true) : otherRow(others[-hits[h] - 1]));
    }
    if (shown === 0) out.replaceChildren(frag); else out.appendChild(frag);
    shown = end;
    more.parentNode.hidden = shown >= hits.length;
    if (shown < hits.length) more.textContent = 'Show ' + Math.min(LIMIT, hits.length - shown) + ' more of ' + (hits.length - shown) + ' left';
  }

  var pending = false;
  function run() {
    pending = false;
    if (!rows) init();
    var t0 = performance.now();
    var words = fold(box.value).split(' ').filter(Boolean), state = stateBox ? stateBox.value : '';
    suggestion.hidden = true;
    if (!words.length && !state && sort.column === 4 && !sort.down) {
      found.hidden = true; more.parentNode.hidden = true; showList(true); count.textContent = '';
      window.__lastFilterMs = performance.now() - t0;
      return;
    }
    var by = order(), n = keys.length, total = 0, m = others.length;
    T.order = performance.now() - t0;
    if (!buffer) buffer = new Int32Array(n + m);
    for (var p = 0; p < n; p++) {
      var i = by ? by[p] : sort.down ? n - 1 - p : p;
      if (state && states[i] !== state) continue;
      var k = keys[i], ok = true;
      for (var w = 0; w < words.length; w++) if (k.indexOf(words[w]) < 0) { ok = false; break; }
      if (ok) buffer[total++] = i;
    }
    // Those not on the list, only for a query: after the list's, marked.
    var listed = total;
    for (var j = 0; words.length && j < m; j++) {
      var o = others[j], fits = !state || o.state === state;
      for (var v = 0; fits && v < words.length; v++) if (o.key.indexOf(words[v]) < 0) fits = false;
      if (fits) buffer[total++] = -j - 1;
    }
    hits = buffer.subarray(0, total);
    T.scan = performance.now() - t0;
    shown = 0;
    showMore();
    found.hidden = false; showList(false);
    var unlisted = total - listed, players = total + (total === 1 ? ' player' : ' players');
    if (total === 0) count.textContent = 'No player matches.';
    else if (unlisted === 0) count.textContent = players;
    else if (unlisted === total) count.textContent = players + ', not on the list';
    else count.textContent = players + ' (' + unlisted + ' not on the list)';
    window.__lastFilterMs = performance.now() - t0; // read by the browser tests
    if (total === 0) suggest(words); // (a miss's suggestions are not the filter's time)
  }
  function later() { // at most one filter per frame
    if (!pending) { pending = true; requestAnimationFrame(run); }
  }

  // The headings of both tables become buttons; aria-sort says the order.
  // Only #found's headings change: the list itself is only ever shown in
  // name order (its Name heading says so in the page), and touching an
  // attribute of its table costs 40-70 ms at 200,000 rows.
  function mark() {
    var heads = found.tHead.rows[0].cells;
    for (var h = 0; h < heads.length; h++) {
      var c = h % 5;
      if (c === sort.column) heads[h].setAttribute('aria-sort', sort.down ? 'descending' : 'ascending');
      else heads[h].removeAttribute('aria-sort');
    }
  }
  function sortBy(column) {
    if (!rows) init(); // (timed on its own, as for the search: T.init)
    var t0 = performance.now();
    if (column === sort.column) sort.down = !sort.down;
    else sort = { column: column, down: column < 3 };
    mark();
    run();
    window.__lastSortMs = performance.now() - t0; // read by the browser tests
  }
  var heads = document.querySelectorAll('#players th, #found th');
  for (var h = 0; h < heads.length; h++) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'sort';
    b.setAttribute('data-column', COLUMNS[h % 5]);
    b.textContent = heads[h].textContent;
    b.title = 'Sort by ' + heads[h].textContent.toLowerCase();
    b.addEventListener('click', sortBy.bind(null, h % 5));
    heads[h].replaceChildren(b);
  }
  mark();
  document.querySelector('.sort-note').hidden = false;
  if (stateBox) {
    stateBox.parentNode.hidden = false;
    stateBox.addEventListener('change', later);
  }
  more.addEventListener('click', showMore);
  if (window.IntersectionObserver) { // scrolling to the end shows more
    new IntersectionObserver(function (seen) {
      if (seen[0].isIntersecting && shown < hits.length && !found.hidden) showMore();
    }).observe(more);
  }
  box.addEventListener('input', later);
  if (box.value || (stateBox && stateBox.value)) run(); // the browser may restore them on back/forward
  else if (window.requestIdleCallback) {
    // The rows read, and the likeliest sort (by rating) made, while the page is idle.
    requestIdleCallback(function () {
      if (!rows) init();
      requestIdleCallback(function () { orderOf(0, true); });
    });
  }
})();
