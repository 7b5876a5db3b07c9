// Search box for the static player list (index.html). Works from file://;
// nothing is fetched. Without scripts the full list is simply there.
//
// The full list (#list) stays in the page untouched. While the box holds a
// query, the list is hidden and the matching rows (clones, at most LIMIT) are
// shown in #found. Each keystroke costs one pass over a string array plus at
// most LIMIT row clones, whatever the list's length.
//
// Search keys: <script id="keys" type="text/plain"> holds one folded key per
// row, in row order, "\n"-separated (ratebook folds them: `fold` in
// src/publish/site/mod.rs, the same as `fold` below). If it is absent, keys
// are folded here from each row's name link, once.
(function () {
  'use strict';
  var box = document.getElementById('q');
  var list = document.getElementById('list');
  var found = document.getElementById('found');
  if (!box || !list || !found) return;
  var LIMIT = +found.getAttribute('data-limit') || 200; // rows shown at most
  var out = found.tBodies[0], count = document.getElementById('count');
  // Letters that NFD does not decompose; the same table as ratebook's fold.
  var EXTRA = { 'ø': 'o', 'đ': 'd', 'ł': 'l', 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'þ': 'th', 'ð': 'd',
    'ħ': 'h', 'ı': 'i', 'ŧ': 't', 'ŋ': 'n', 'ĸ': 'k', 'ſ': 's' };
  function fold(s) {
    return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
      .replace(/[øđłßæœþðħıŧŋĸſ]/g, function (c) { return EXTRA[c]; })
      .replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  }
  var rows = null, keys = null;
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
    T.init = performance.now() - t0;
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
  var pending = false;
  function run() {
    pending = false;
    if (!rows) init();
    var t0 = performance.now();
    var words = fold(box.value).split(' ').filter(Boolean);
    if (!words.length) {
      found.hidden = true; showList(true); count.textContent = '';
      window.__lastFilterMs = performance.now() - t0;
      return;
    }
    var hits = [], n = 0;
    for (var i = 0; i < keys.length; i++) {
      var k = keys[i], ok = true;
      for (var w = 0; w < words.length; w++) if (k.indexOf(words[w]) < 0) { ok = false; break; }
      if (ok && n++ < LIMIT) hits.push(i);
    }
    T.scan = performance.now() - t0;
    var frag = document.createDocumentFragment();
    for (var h = 0; h < hits.length; h++) frag.appendChild(rows[hits[h]].cloneNode(true));
    out.replaceChildren(frag);
    found.hidden = false; showList(false);
    count.textContent = n === 0 ? 'No player matches.' : n <= LIMIT
      ? n + (n === 1 ? ' player' : ' players')
      : n + ' players; the first ' + LIMIT + ' are shown, type more to narrow it';
    window.__lastFilterMs = performance.now() - t0; // read by the browser tests
  }
  box.addEventListener('input', function () {   // at most one filter per frame
    if (!pending) { pending = true; requestAnimationFrame(run); }
  });
  if (box.value) run(); // the browser may restore the box's text on back/forward
  else if (window.requestIdleCallback) requestIdleCallback(function () { if (!rows) init(); });
})();
