// The what-if calculator (calculator.html, and the "What if?" section of
// every player's page): enter a player's record and a few games, see the new
// rating, each game's expected score and change, and the calculation step by
// step in the words `ratebook explain` uses. Works from file://; nothing is
// fetched. Without scripts the section stays hidden.
//
// ratebook writes this file as three parts: `var RATEBOOK_RULES = {...}`
// (the rule set's tables and settings, from its Rust constants:
// src/rate/NAME/calculator.rs), the rule set's script, which defines
// RATEBOOK_SYSTEM(rules, helpers) (src/rate/NAME/calculator.js), and this
// part: the helpers every rule set shares (numbers printed as ratebook prints
// them) and the form. A player's page holds his record after this period in
// <script type="application/json" id="what-if-state">.
(function () {
  'use strict';

  // ---- Numbers as ratebook prints them (src/rate/common.rs) ----

  // `format!("{:.d}", x)`: JavaScript's toFixed rounds an exact tie up,
  // Rust to the even digit; Rust keeps the sign of a negative zero.
  function fixed(x, d) {
    if (x !== x) return 'NaN';
    var negative = x < 0 || (x === 0 && 1 / x < 0), a = Math.abs(x), s = a.toFixed(d);
    var extra = Math.min(30, 100 - d), wide = a.toFixed(d + extra);
    var tail = wide.slice(wide.length - extra);
    if (tail.charAt(0) === '5' && /^50*$/.test(tail)) {
      var cut = wide.slice(0, wide.length - extra).replace(/\.$/, '');
      if (+cut.charAt(cut.length - 1) % 2 === 0) s = cut;
    }
    return (negative ? '-' : '') + s;
  }
  // `num`: at most two decimals, no trailing zeros, never "-0".
  function num(x) {
    var s = fixed(x, 2).replace(/0+$/, '').replace(/\.$/, '');
    return s === '-0' ? '0' : s;
  }
  // `plus`: "+ 12.34" or "− 12.34", as a term of a sum.
  function plus(x, d) {
    var shown = fixed(Math.abs(x), d);
    return x < 0 && !/^[0.]*$/.test(shown) ? '− ' + shown : '+ ' + shown;
  }
  // `format!("{:+.d}", x)`.
  function signedFixed(x, d) {
    var s = fixed(x, d);
    return s.charAt(0) === '-' ? s : '+' + s;
  }
  function hundredths(v) {
    var two = function (n) { return (n < 10 ? '0' : '') + n; };
    return v >= 100 ? Math.floor(v / 100) + '.' + two(v % 100) : '.' + two(v);
  }
  function roundHalfUp(x) { return Math.floor(x + 0.5 + 1e-9); }
  function roundHalfAway(x) {
    var r = Math.floor(Math.abs(x) + 0.5 + 1e-9);
    return r === 0 ? 0 : x < 0 ? -r : r;
  }
  // Rust's `f64::round`: half away from zero.
  function rustRound(x) {
    var t = Math.trunc(x);
    return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
  }
  function table2Row(T, d) {
    for (var i = 0; i < T.table2.length; i++) {
      var r = T.table2[i];
      if (d >= r[0] && (r[1] === null || d <= r[1])) return { low: r[0], high: r[1], higher: r[2], lower: r[3] };
    }
    throw new Error('Table 2 covers every difference');
  }
  // Sums as Rust's `Iterator::sum` adds floats.
  function sum(values) {
    var s = -0;
    for (var i = 0; i < values.length; i++) s += values[i];
    return s;
  }
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
    'November', 'December'];
  function longDate(iso) {
    var p = iso.split('-');
    return +p[2] + ' ' + MONTHS[+p[1] - 1] + ' ' + p[0];
  }
  function lines() {
    var x = { lines: [] };
    ['heading', 'step', 'text', 'game'].forEach(function (kind) {
      x[kind] = function (depth, text) { x.lines.push({ kind: kind, depth: depth, text: text }); };
    });
    x.blank = function () { x.lines.push({ kind: 'blank', depth: 0, text: '' }); };
    return x;
  }
  var H = {
    fixed: fixed, num: num, plus: plus, signedFixed: signedFixed, hundredths: hundredths, roundHalfUp: roundHalfUp,
    roundHalfAway: roundHalfAway, rustRound: rustRound, table2Row: table2Row, sum: sum, longDate: longDate,
    lines: lines,
    percentScore: function (total, games) { return Math.min(Math.max(roundHalfUp(total * 100 / games), 1), 99); },
    band: function (r) { return r.high === null ? r.low + '+' : r.low + '-' + r.high; },
    resultWord: function (s) { return s >= 1 ? 'won' : s <= 0 ? 'lost' : 'drew'; },
    opponent: function (k) { return 'opponent ' + (k + 1); }
  };

  var section = document.getElementById('what-if');
  if (!section || typeof RATEBOOK_SYSTEM !== 'function') return;
  /* global RATEBOOK_RULES, RATEBOOK_SYSTEM */
  var system = RATEBOOK_SYSTEM(RATEBOOK_RULES, H);
  window.__calculator = { helpers: H, system: system }; // read by the browser tests

  // ---- The form ----

  function element(tag, attributes, text) {
    var e = document.createElement(tag);
    for (var k in attributes) if (attributes[k] !== null) e.setAttribute(k, attributes[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  var given = document.getElementById('what-if-state');
  var start = {};
  for (var key in system.defaults) start[key] = system.defaults[key];
  if (given) {
    var prefilled = JSON.parse(given.textContent);
    for (var k in prefilled) start[k] = prefilled[k];
  }
  var form = section.querySelector('form.what-if-form'), result = section.querySelector('.what-if-result');
  var stateBox = element('fieldset', { 'class': 'wi-state' });
  stateBox.appendChild(element('legend', {}, given ? 'The record now (after this period)' : 'The record now'));
  var inputs = {};
  system.fields.forEach(function (f) {
    var id = 'wi-' + f.key, wrap = element('p', { 'class': 'wi-field', 'data-field': f.key });
    wrap.appendChild(element('label', { 'for': id }, f.label));
    var input;
    if (f.type === 'select') {
      input = element('select', { id: id, name: f.key });
      f.options.forEach(function (o) { input.appendChild(element('option', { value: o[0] }, o[1])); });
    } else {
      input = element('input', { id: id, name: f.key, type: 'text', autocomplete: 'off',
        inputmode: f.type === 'number' ? 'decimal' : null, spellcheck: 'false' });
    }
    var value = start[f.key];
    input.value = value === null || value === undefined ? '' : String(value);
    inputs[f.key] = input;
    wrap.appendChild(input);
    stateBox.appendChild(wrap);
  });
  form.appendChild(stateBox);

  var gamesBox = element('fieldset', { 'class': 'wi-games' });
  gamesBox.appendChild(element('legend', {}, 'The games'));
  var rd = system.opponent.rd, word = system.opponent.word || 'rating';
  var table = element('table', { 'class': 'wi-entry' });
  var head = element('tr');
  head.appendChild(element('th', { scope: 'col' }, 'Game'));
  head.appendChild(element('th', { scope: 'col' }, "Opponent's " + word));
  if (rd) head.appendChild(element('th', { scope: 'col' }, "Opponent's RD"));
  head.appendChild(element('th', { scope: 'col' }, 'Result'));
  head.appendChild(element('th', { scope: 'col' })).appendChild(element('span', { 'class': 'visually-hidden' }, 'Remove'));
  table.appendChild(element('thead')).appendChild(head);
  var body = table.appendChild(element('tbody'));
  gamesBox.appendChild(table);
  gamesBox.appendChild(element('p', { 'class': 'note' },
    'A blank ' + word + ' is an opponent without one' + (rd ? ' (a new player)' : '') + '.'));
  var add = element('button', { type: 'button', 'class': 'wi-add' }, 'Add a game');
  gamesBox.appendChild(add);
  form.appendChild(gamesBox);
  var options = {};
  system.options.forEach(function (o) {
    var wrap = element('p', { 'class': 'wi-option' });
    var box = element('input', { type: 'checkbox', id: 'wi-' + o.key, name: o.key });
    wrap.appendChild(box);
    wrap.appendChild(element('label', { 'for': 'wi-' + o.key }, ' ' + o.label));
    options[o.key] = box;
    form.appendChild(wrap);
  });

  function renumber() {
    var rows = body.rows;
    for (var i = 0; i < rows.length; i++) {
      var n = i + 1, cells = rows[i].cells;
      cells[0].textContent = String(n);
      rows[i].querySelector('.wi-rating').setAttribute('aria-label', 'Game ' + n + ": opponent's " + word);
      if (rd) rows[i].querySelector('.wi-rd').setAttribute('aria-label', 'Game ' + n + ": opponent's RD");
      rows[i].querySelector('.wi-result').setAttribute('aria-label', 'Game ' + n + ': result');
      var remove = rows[i].querySelector('.wi-remove');
      remove.setAttribute('aria-label', 'Remove game ' + n);
      remove.disabled = rows.length === 1;
    }
  }
  function addGame(rating, rdValue, score) {
    var row = element('tr');
    row.appendChild(element('td', { 'class': 'num' }));
    var cell = row.appendChild(element('td'));
    var input = cell.appendChild(element('input', { type: 'text', inputmode: 'decimal', 'class': 'wi-rating',
      autocomplete: 'off' }));
    input.value = rating === null || rating === undefined ? '' : String(rating);
    if (rd) {
      var rdInput = row.appendChild(element('td')).appendChild(element('input', { type: 'text', inputmode: 'decimal',
        'class': 'wi-rd', autocomplete: 'off' }));
      rdInput.value = rdValue === null || rdValue === undefined ? '' : String(rdValue);
    }
    var select = row.appendChild(element('td')).appendChild(element('select', { 'class': 'wi-result' }));
    [['1', 'won'], ['0.5', 'drew'], ['0', 'lost']].forEach(function (o) {
      select.appendChild(element('option', { value: o[0] }, o[1]));
    });
    select.value = score === undefined ? '1' : String(score);
    var remove = row.appendChild(element('td')).appendChild(element('button', { type: 'button', 'class': 'wi-remove' },
      '×'));
    remove.addEventListener('click', function () { row.remove(); renumber(); update(); });
    body.appendChild(row);
    renumber();
  }
  addGame(null, null, 1);
  add.addEventListener('click', function () { addGame(null, null, 1); update(); body.lastChild.querySelector('input').focus(); });

  // ---- Reading the form ----

  function number(text, what, whole) {
    var t = String(text).trim().replace(',', '.');
    if (t === '') return { value: null };
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return { error: what + ' must be a number, not "' + text + '"' };
    var v = Number(t);
    if (whole && v % 1 !== 0) return { error: what + ' must be a whole number, not ' + t };
    return { value: v };
  }
  function read() {
    var state = { status: start.status }, errors = [];
    system.fields.forEach(function (f) {
      var raw = inputs[f.key].value;
      if (f.type === 'number' || f.number) {
        var n = number(raw, f.label, f.whole);
        if (n.error) errors.push(n.error);
        state[f.key] = n.value === null && !f.optional && f.type === 'number' ? 0 : n.value;
      } else state[f.key] = raw;
    });
    if (system.normalise) state = system.normalise(state);
    var games = [];
    for (var i = 0; i < body.rows.length; i++) {
      var row = body.rows[i];
      var r = number(row.querySelector('.wi-rating').value, 'Game ' + (i + 1) + ": the opponent's " + word);
      var d = rd ? number(row.querySelector('.wi-rd').value, 'Game ' + (i + 1) + ": the opponent's RD") : { value: null };
      if (r.error) errors.push(r.error);
      if (d.error) errors.push(d.error);
      games.push({ rating: r.value, rd: d.value, score: +row.querySelector('.wi-result').value });
    }
    var chosen = {};
    for (var o in options) chosen[o] = options[o].checked;
    return { state: state, games: games, options: chosen, errors: errors };
  }

  // ---- The answer ----

  function show(input) {
    system.fields.forEach(function (f) {
      var wrap = stateBox.querySelector('[data-field="' + f.key + '"]');
      wrap.hidden = system.shown(input.state).indexOf(f.key) < 0;
    });
    result.replaceChildren();
    var problem = input.errors[0] || system.check(input.state);
    if (problem) {
      result.appendChild(element('p', { 'class': 'wi-error' }, problem));
      return;
    }
    var answer = system.rate(input.state, input.games, input.options);
    window.__calculator.answer = answer;
    var summary = element('p', { 'class': 'wi-summary' });
    summary.appendChild(document.createTextNode('New ' + word + ': '));
    // (The printed rating in `data-printed`: empty for a player with none.)
    summary.appendChild(element('strong', { 'data-wi': 'after', 'data-printed': answer.after }, answer.after || 'none'));
    summary.appendChild(document.createTextNode(' (now '));
    summary.appendChild(element('span', { 'data-wi': 'before', 'data-printed': answer.before }, answer.before || 'none'));
    summary.appendChild(document.createTextNode(')'));
    result.appendChild(summary);
    var t = element('table', { 'class': 'list wi-answer' });
    t.appendChild(element('caption', {}, 'Each game'));
    var h = element('tr');
    ['Game', 'Opponent', 'Result', system.columns.expected, system.columns.change].forEach(function (c, i) {
      h.appendChild(element('th', { scope: 'col', 'class': i > 2 ? 'num' : null }, c));
    });
    t.appendChild(element('thead')).appendChild(h);
    var tb = t.appendChild(element('tbody'));
    input.games.forEach(function (g, i) {
      var row = answer.rows[i], tr = element('tr');
      tr.appendChild(element('td', { 'class': 'num' }, String(i + 1)));
      tr.appendChild(element('td', { 'class': 'num' }, g.rating === null ? 'none' : num(g.rating)));
      tr.appendChild(element('td', {}, H.resultWord(g.score)));
      tr.appendChild(element('td', { 'class': 'num expected' }, row && row.expected !== null ? fixed(row.expected, 2) : '–'));
      var change = row && row.change !== null ? system.columns.signed === false ? fixed(row.change, 2) : signedFixed(row.change, 2) : '–';
      tr.appendChild(element('td', { 'class': 'num change' }, change));
      tb.appendChild(tr);
    });
    result.appendChild(t);
    result.appendChild(element('h3', {}, 'The calculation'));
    var list = element('ol', { 'class': 'calculation wi-steps' });
    answer.lines.forEach(function (l) {
      if (l.kind === 'blank') { list.appendChild(element('li', { 'class': 'blank', 'aria-hidden': 'true' })); return; }
      list.appendChild(element('li', { 'class': l.kind + ' depth-' + l.depth }, l.text));
    });
    result.appendChild(list);
  }
  var pending = false;
  function update() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; show(read()); });
  }
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  window.__calculator.now = function () { pending = false; show(read()); }; // the browser tests' "compute now"
  section.hidden = false;
  show(read());
})();
