// The ACF rules of 1993 for the site's what-if calculator: one player's
// games as one event, rated as the next period's run rates them (stage 1 for
// a player not yet confirmed, stage 2 for a confirmed one), every step in the
// words `ratebook explain` uses (src/rate/acf/explain.rs). The constants and
// tables are the rule set's own, in `R` (src/rate/acf/calculator.rs); `H`
// holds the helpers every rule set shares (templates/site/calculator.js).
// The browser tests compare every answer with src/rate/acf/mod.rs.
function RATEBOOK_SYSTEM(R, H) {
  'use strict';
  var T = R.tables;

  function printed(p) {
    if (p.status === 'new') return '';
    if (p.status === 'unrated') return p.games < R.rated_after ? (R.rated_after - p.games) + 'R' : 'Unr';
    if (p.rating === null) return 'Unr';
    if (p.status === 'provisional') return H.roundHalfUp(p.rating) + 'p';
    return String(H.roundHalfUp(p.rating));
  }

  function describe(p) {
    var s = p.status + ', ' + p.games + ' games';
    if (p.status !== 'confirmed' && p.games > 0) {
      s += ', score ' + H.num(p.score);
      if (p.opp_avg !== null) s += ", opponents' average " + H.num(p.opp_avg);
    }
    if ((p.status === 'confirmed' || p.status === 'provisional') && p.rating !== null) {
      s += ', rating ' + H.num(p.rating) + ' (printed ' + printed(p) + ')';
    } else if (p.status === 'unrated' && p.rating !== null) {
      s += ', performance rating ' + H.num(p.rating) + ' (not published; shown ' + printed(p) + ')';
    }
    return s;
  }

  function statusAfter(games, score) {
    if (games < R.rated_after || score * R.lowest_score[1] < R.lowest_score[0] * games || score >= games) return 'unrated';
    return games < R.confirmed_after ? 'provisional' : 'confirmed';
  }

  function threshold(games) {
    var t = R.bonus_thresholds;
    return t[Math.min(games, t.length - 1)];
  }

  // A signed change: +12.34, −12.34, 0.00.
  function signed(v) {
    var s = H.fixed(v, 2);
    if (s === '0.00' || s === '-0.00') return '0.00';
    return v < 0 ? '−' + s.slice(1) : '+' + s;
  }

  function clamp(opponent, own) {
    return own === null ? opponent : Math.min(Math.max(opponent, own - R.clamp), own + R.clamp);
  }

  function gameText(g, k) {
    var name = H.opponent(k);
    if (g.rating === null) return H.resultWord(g.score) + ' v ' + name + ': not counted, the opponent is not rated';
    var s = H.resultWord(g.score) + ' v ' + name + ': rating ' + H.num(g.rating);
    if (Math.abs(g.counted - g.rating) > 1e-9) s += ', counted as ' + H.num(g.counted) + ' (336 rule)';
    return s;
  }

  function stage2(p, games, x) {
    var ro = p.rating, rows = [];
    x.blank();
    x.heading(0, 'Stage 2: an established player, Ro = ' + H.num(ro));
    var counted = games.map(function (g) {
      return { score: g.score, rating: g.rating, counted: g.rating === null ? 0 : clamp(g.rating, ro) };
    });
    var ng = 0, sa = -0, sum = 0;
    counted.forEach(function (g) {
      if (g.rating === null) return;
      ng += 1; sa += g.score; sum += g.counted;
    });
    var total = -0;
    if (ng > 0) x.blank();
    counted.forEach(function (g, k) { x.game(2, gameText(g, k)); });
    if (ng > 0) {
      var ar = sum / ng, d = H.roundHalfAway(ar - ro), row = H.table2Row(T, Math.abs(d));
      var pct = d <= 0 ? row.higher : row.lower, se = pct / 100 * ng;
      var t = threshold(ng), surplus = sa - se;
      var bp = t !== null && surplus > t + 1e-9 ? R.k * (surplus - t) : 0;
      var change = (sa - se) * R.k + bp;
      x.step(2, 'NG = ' + (ng === 1 ? '1 game' : ng + ' games') + ', Sa = ' + H.num(sa) + ' scored, AR = ' +
        H.num(ar) + " the opponents' average");
      var difference = ar - ro;
      var rounded = Math.abs(difference - d) < 0.005 ? '' : ', rounded to ' + d;
      x.step(2, 'D = AR − Ro = ' + H.num(ar) + ' − ' + H.num(ro) + ' = ' + H.num(difference) + rounded);
      x.step(2, 'Table 2, ' + H.band(row) + ': ' + (d <= 0 ? 'H (the higher rated)' : 'L (the lower rated)') +
        ' expects ' + H.hundredths(pct) + ' a game');
      x.step(2, 'Se = ' + H.hundredths(pct) + ' × ' + ng + ' = ' + H.fixed(se, 2) + ' expected');
      if (t !== null && bp > 0) {
        x.step(2, 'BP = ' + H.num(R.k) + ' × (Sa − Se − ' + t + ') = ' + H.num(R.k) + ' × (' + H.num(sa) + ' − ' +
          H.fixed(se, 2) + ' − ' + t + ') = ' + H.fixed(bp, 2));
      } else if (t === null) x.text(2, 'no bonus: fewer than 6 games');
      else x.text(2, 'no bonus: Sa − Se is not above the threshold');
      x.step(2, 'Ri = (Sa − Se) × ' + H.num(R.k) + ' + BP = (' + H.num(sa) + ' − ' + H.fixed(se, 2) + ') × ' +
        H.num(R.k) + ' ' + H.plus(bp, 2) + ' = ' + signed(change) + ' from this event');
      total += change;
      counted.forEach(function (g) {
        rows.push(g.rating === null ? null : { expected: pct / 100, change: R.k * (g.score - pct / 100) });
      });
    } else counted.forEach(function () { rows.push(null); });
    var after = { status: 'confirmed', rating: ro + total, games: p.games + ng, score: p.score, opp_avg: p.opp_avg };
    x.blank();
    x.step(0, 'Rn = Ro + ΣRi = ' + H.num(ro) + ' ' + H.plus(total, 2) + ' = ' + H.num(ro + total) + ', printed ' +
      printed(after));
    return { after: after, rows: rows };
  }

  function stage1(p, games, x) {
    x.blank();
    x.heading(0, 'Stage 1: a partially-rated player, performance rating over all games');
    var own = p.status === 'provisional' ? p.rating : null;
    if (p.status === 'provisional' && p.rating !== null) {
      x.text(1, "(provisionally rated: opponents' ratings are kept within " + H.num(R.clamp) + ' of ' +
        H.num(p.rating) + ')');
    }
    var counted = games.map(function (g) {
      return { score: g.score, rating: g.rating, counted: g.rating === null ? 0 : clamp(g.rating, own) };
    });
    x.blank();
    counted.forEach(function (g, k) { x.game(2, gameText(g, k)); });
    var ng = 0, sr = 0, ts = 0;
    counted.forEach(function (g) {
      if (g.rating === null) return;
      ng += 1; ts += g.score; sr += g.counted;
    });
    var rows = counted.map(function () { return null; });
    var after = { status: p.status === 'new' ? 'unrated' : p.status, rating: p.rating, games: p.games,
      score: p.score, opp_avg: p.opp_avg };
    if (ng === 0) {
      x.blank();
      x.text(0, 'No game against a rated opponent: nothing to calculate. Now: ' + describe(after));
      return { after: after, rows: rows };
    }
    var ngo = p.games, aro = p.opp_avg === null ? 0 : p.opp_avg, g = ngo + ng;
    var ar = (aro * ngo + sr) / g, t = p.score + ts, percent = H.percentScore(t, g), dp = T.table1[percent];
    var rp = ar + dp, status = statusAfter(g, t);
    after = { status: status, rating: rp, games: g, score: t, opp_avg: ar };
    x.blank();
    x.step(1, 'NG = ' + ng + ', SR = ' + H.num(sr) + ', TS = ' + H.num(ts));
    x.step(1, 'AR = (ARo × NGo + SR) / (NGo + NG) = (' + H.num(aro) + ' × ' + ngo + ' + ' + H.num(sr) + ') / (' +
      ngo + ' + ' + ng + ') = ' + H.num(ar));
    x.step(1, 'G = ' + ngo + ' + ' + ng + ' = ' + g + ', T = ' + H.num(p.score) + ' + ' + H.num(ts) + ' = ' + H.num(t));
    x.step(1, 'P = T / G = ' + H.num(t) + ' / ' + g + ' → ' + H.hundredths(percent) + ' → Dp = ' + dp + ' (Table 1)');
    x.step(1, 'Rp = AR + Dp = ' + H.num(ar) + ' ' + H.plus(dp, 0) + ' = ' + H.num(rp));
    var why;
    if (status === 'unrated' && g < R.rated_after) why = 'fewer than 9 games: unrated, shown ' + printed(after);
    else if (status === 'unrated') why = 'score below 2/30 or 100%: unrated, shown Unr';
    else if (status === 'provisional') why = '9 to 29 games, score within the limits: provisional, printed ' + printed(after);
    else why = '30 games or more, score within the limits: confirmed, printed ' + printed(after);
    x.text(1, why);
    return { after: after, rows: rows };
  }

  return {
    fields: [
      { key: 'status', label: 'Status', type: 'select',
        options: [['confirmed', 'confirmed'], ['provisional', 'provisional'], ['unrated', 'unrated'], ['new', 'new']] },
      { key: 'rating', label: 'Rating (unrounded)', type: 'number', optional: true },
      { key: 'games', label: 'Rated games so far', type: 'number', whole: true },
      { key: 'score', label: 'Points scored in them', type: 'number' },
      { key: 'opp_avg', label: "Opponents' average rating in them", type: 'number', optional: true }
    ],
    defaults: { status: 'confirmed', rating: null, games: 30, score: 15, opp_avg: null },
    // Which fields a state needs (a confirmed player's games and score do not count).
    shown: function (s) {
      return s.status === 'confirmed' ? ['status', 'rating'] : ['status', 'rating', 'games', 'score', 'opp_avg'];
    },
    opponent: { rd: false },
    options: [],
    columns: { expected: 'Expected', change: 'Change' },
    printed: printed,
    check: function (s) {
      if (s.status === 'confirmed' && s.rating === null) return 'Enter the rating: a confirmed player has one.';
      if (s.status === 'provisional' && s.rating === null) return 'Enter the rating: a provisional player has one.';
      return null;
    },
    rate: function (p, games) {
      var x = H.lines();
      x.text(0, 'At the start of the period: ' + describe(p));
      var done = p.status === 'confirmed' ? stage2(p, games, x) : stage1(p, games, x);
      return { lines: x.lines, rows: done.rows, before: printed(p), after: printed(done.after),
        rating: done.after.rating, status: done.after.status };
    }
  };
}
