// The CIS rating for the site's what-if calculator: one player's games,
// each a linear Elo change 40 (S − E) within ±400 from the rating at the
// start of the period, plus the activity bonus, in the order played, as the
// next period's run rates them, every step in the words of
// src/rate/cis/explain.rs. Constants: `R` (src/rate/cis/calculator.rs);
// shared helpers: `H` (templates/site/calculator.js). The browser tests
// compare every answer with src/rate/cis/mod.rs.
function RATEBOOK_SYSTEM(R, H) {
  'use strict';

  function printed(p) {
    if (p.status === 'new' && p.rating === null) return '';
    return p.rating === null ? 'Unr' : String(H.roundHalfUp(p.rating));
  }

  return {
    fields: [{ key: 'rating', label: 'CIS rating', type: 'number', optional: true }],
    defaults: { status: 'confirmed', rating: null },
    shown: function () { return ['rating']; },
    opponent: { rd: false },
    options: [],
    columns: { expected: 'E', change: 'Change' },
    printed: printed,
    check: function (s) {
      return s.rating === null ? 'Enter the CIS rating (a newcomer starts at the rating for his age).' : null;
    },
    normalise: function (s) { return { status: s.rating === null ? 'new' : 'confirmed', rating: s.rating }; },
    rate: function (p, games) {
      var x = H.lines(), own = p.rating, rating = own, bonuses = 0, rows = [];
      x.text(0, 'At the start of the period: CIS rating ' + H.num(own) + ' (every game this period uses it)');
      games.forEach(function (g, k) {
        var change = 0, bonus = 0, notes = [], elo = 'no Elo', expected = null;
        if (g.rating !== null) {
          var difference = own - g.rating;
          var counted = Math.min(Math.max(difference, -R.max_difference), R.max_difference);
          expected = 0.5 + counted / (2 * R.max_difference);
          change = R.k * (g.score - 0.5) - R.k * counted / (2 * R.max_difference);
          elo = 'D = ' + H.num(own) + ' − ' + H.num(g.rating) + ' = ' + H.num(difference) +
            (counted !== difference ? ', counted as ' + H.num(counted) : '') + ', E = ½ + D/800 = ' +
            H.fixed(expected, 4) + ', ' + H.num(R.k) + ' × (' + H.num(g.score) + ' − ' + H.fixed(expected, 4) +
            ') = ' + H.signedFixed(change, 2);
        } else notes.push('the opponent has no CIS rating: activity bonus only');
        if (bonuses < R.activity_games_a_month) { bonuses += 1; bonus = R.activity_bonus; }
        else notes.push('20 games with an activity bonus already this month');
        var before = rating, next = rating + (change + bonus);
        if (next < R.floor) {
          notes.push(H.num(next) + ' would be below the floor: kept at ' + H.num(R.floor));
          next = R.floor;
        }
        rating = next;
        rows.push({ expected: expected, change: rating - before });
        x.game(1, 'game ' + (k + 1) + ': ' + H.resultWord(g.score) + ' v ' + H.opponent(k) + ': ' + elo +
          '; activity +' + H.num(bonus) + ' → ' + H.num(rating) + (notes.length ? ' (' + notes.join('; ') + ')' : ''));
      });
      var after = { status: 'confirmed', rating: rating };
      x.blank();
      x.text(0, 'New rating ' + H.num(rating) + ' (printed ' + printed(after) + ')');
      return { lines: x.lines, rows: rows, before: printed(p), after: printed(after), rating: rating,
        status: 'confirmed' };
    }
  };
}
