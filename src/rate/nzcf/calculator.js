// The NZCF rating regulations for the site's what-if calculator: one
// player's games as one tournament, rated as the next period's run rates them
// (a provisional player's performance over all games; an established
// player's K(Wa − We) with the bonus, the 2200 rule, the gain limit, the
// winner rule and the period cap), every step in the words of
// src/rate/nzcf/explain.rs. Constants and tables: `R`
// (src/rate/nzcf/calculator.rs); shared helpers: `H`
// (templates/site/calculator.js). The browser tests compare every answer
// with src/rate/nzcf/mod.rs.
function RATEBOOK_SYSTEM(R, H) {
  'use strict';
  var T = R.tables, WORDS = { new: 'new', unrated: 'unrated', provisional: 'provisional', confirmed: 'established' };

  function printed(p) {
    if (p.status === 'new') return '';
    if (p.status === 'provisional' && p.rating !== null) return H.roundHalfUp(p.rating) + 'p';
    if (p.status === 'confirmed' && p.rating !== null) return String(H.roundHalfUp(p.rating));
    return 'Unr';
  }

  function describe(p) {
    var s = WORDS[p.status] + ', ' + p.games + ' games';
    if (p.status !== 'confirmed' && p.games > 0) {
      s += ', score ' + H.num(p.score);
      if (p.opp_avg !== null) s += ", opponents' average " + H.num(p.opp_avg);
    }
    if ((p.status === 'confirmed' || p.status === 'provisional') && p.rating !== null) {
      s += ', rating ' + H.num(p.rating) + ' (printed ' + printed(p) + ')';
    }
    return s;
  }

  function established(p) {
    return p.rating !== null &&
      (p.status === 'confirmed' || (p.status === 'provisional' && p.games >= R.established_after));
  }

  // Rule 4.8: Rp = Ro + Da − De, both from Table 1.
  function performance(ro, n, wa, we) {
    var da = T.table1[H.percentScore(wa, n)], de = T.table1[H.percentScore(we, n)];
    return { da: da, de: de, rp: ro + da - de };
  }

  function notCounted(x, g, k) {
    x.game(2, H.resultWord(g.score) + ' v ' + H.opponent(k) + ': not counted, the opponent is not rated');
  }

  function tournament(p, games, winner, x) {
    var ro = p.rating, k = (3000 - ro) / 50, rows = [];
    x.blank();
    x.heading(0, 'An established player: Ro = ' + H.num(ro) + ', K = (3000 − Ro) / 50 = (3000 − ' + H.num(ro) +
      ') / 50 = ' + H.num(k));
    var calcs = [];
    games.forEach(function (g, i) {
      if (g.rating === null) { rows.push(null); return; }
      var d = H.roundHalfAway(g.rating - ro), row = H.table2Row(T, Math.abs(d));
      var table = d <= 0 ? row.higher : row.lower;
      var expectancy = Math.min(Math.max(table, R.expectancy_bounds[0]), R.expectancy_bounds[1]);
      calcs.push({ k: i, rating: g.rating, score: g.score, d: d, table: table, expectancy: expectancy });
      rows.push({ expected: expectancy / 100, change: k * (g.score - expectancy / 100) });
    });
    var total = -0, n = 0, wa = 0, we = 0, change = 0;
    if (calcs.length) {
      x.blank();
      calcs.forEach(function (c) {
        var kept = c.table !== c.expectancy ? ', kept within .10–.90: ' + H.hundredths(c.expectancy) : '';
        x.game(2, H.resultWord(c.score) + ' v ' + H.opponent(c.k) + ': rating ' + H.num(c.rating) + ', D = ' + c.d +
          ', Table 2 ' + (c.d <= 0 ? 'H' : 'L') + ' ' + H.hundredths(c.table) + kept);
      });
      games.forEach(function (g, i) { if (g.rating === null) notCounted(x, g, i); });
      n = calcs.length;
      wa = H.sum(calcs.map(function (c) { return c.score; }));
      we = H.sum(calcs.map(function (c) { return c.expectancy; })) / 100;
      var pa = 100 * wa / n, pe = 100 * we / n, factor, reason = null;
      if (n < R.bonus_games) reason = 'fewer than 4 games';
      else if (ro > R.bonus_ceiling) reason = 'rated over 2200';
      else if (pa - pe < R.bonus_margin - 1e-9) reason = 'Pa is not 10 points above Pe';
      else factor = Math.min((pa - pe) / 10, R.max_factor);
      var plain = k * (wa - we), withBonus = reason === null ? k * factor * (wa - we) : plain;
      // Rule 4.5, from the rating at the start (the only tournament of the period).
      var running = ro, after2200;
      if (running + withBonus <= R.bonus_ceiling) after2200 = withBonus;
      else after2200 = Math.min(Math.max(plain, R.bonus_ceiling - running), withBonus);
      var perf = performance(ro, n, wa, we), limit = (5 * n + 5) * (perf.rp - ro) / 100;
      change = after2200;
      var limited = false;
      if (change > 0 && change > Math.max(limit, 0) + 1e-9) { change = Math.max(limit, 0); limited = true; }
      var waived = winner && change < 0;
      if (waived) change = 0;
      x.step(2, 'r = ' + n + ', Wa = ' + H.num(wa) + ', We = ' + H.fixed(we, 2) + '; Pa = ' + H.fixed(pa, 1) +
        '%, Pe = ' + H.fixed(pe, 1) + '%');
      if (reason === null) {
        var raw = (pa - pe) / 10;
        var capped = raw > R.max_factor ? ', at most 3: ' + H.num(factor) : '';
        x.step(2, 'bonus: Pa − Pe = ' + H.fixed(pa - pe, 1) + ' ≥ 10, K is multiplied by (Pa − Pe)/10 = ' +
          H.num(raw) + capped);
        x.step(2, 'ΔR = K × ' + H.num(factor) + ' × (Wa − We) = ' + H.num(k) + ' × ' + H.num(factor) + ' × (' +
          H.num(wa) + ' − ' + H.fixed(we, 2) + ') = ' + H.fixed(withBonus, 2) + ' (without the bonus ' +
          H.fixed(plain, 2) + ')');
      } else {
        x.step(2, 'no bonus (' + reason + '): ΔR = K × (Wa − We) = ' + H.num(k) + ' × (' + H.num(wa) + ' − ' +
          H.fixed(we, 2) + ') = ' + H.fixed(plain, 2));
      }
      if (after2200 < withBonus - 1e-9) {
        x.step(2, 'the bonus may not take the player past 2200: ΔR cut to ' + H.fixed(after2200, 2));
      }
      if (wa >= n) x.step(2, R.perfect_score);
      x.step(2, 'Rp = Ro + Da − De = ' + H.num(ro) + ' ' + H.plus(perf.da, 0) + ' ' + H.plus(-perf.de, 0) + ' = ' +
        H.num(perf.rp));
      if (limited) {
        x.step(2, 'gain limit L = (5r + 5) × (Rp − Ro) / 100 = (5 × ' + n + ' + 5) × (' + H.num(perf.rp) + ' − ' +
          H.num(ro) + ') / 100 = ' + H.fixed(limit, 2) + ': ΔR cut to ' + H.fixed(change, 2));
      } else if (change > 0) {
        x.step(2, 'gain limit L = (5 × ' + n + ' + 5) × (' + H.num(perf.rp) + ' − ' + H.num(ro) + ') / 100 = ' +
          H.fixed(limit, 2) + ': not reached');
      }
      if (waived) x.text(2, 'a tournament winner loses no points (rule 4.7): ΔR = 0');
      else if (winner) x.text(2, '(a winner of the tournament: rule 4.7 would keep a loss away)');
      x.step(2, 'ΔR = ' + H.fixed(change, 2));
      total += change;
    } else {
      x.blank();
      games.forEach(function (g, i) { notCounted(x, g, i); });
    }
    // Rule 4.11: the period cap.
    var rn = ro + total;
    x.blank();
    x.step(0, 'ΣΔR = ' + H.fixed(total, 2));
    if (total > 0 && n > 0) {
      var cap = performance(ro, n, wa, we);
      rn = Math.max(Math.min(ro + total, cap.rp), ro);
      if (wa >= n) x.step(0, R.perfect_score);
      x.step(0, 'Period performance: ' + n + ' games, Wa = ' + H.num(wa) + ', We = ' + H.fixed(we, 2) + ': Rp = ' +
        H.num(ro) + ' ' + H.plus(cap.da, 0) + ' ' + H.plus(-cap.de, 0) + ' = ' + H.num(cap.rp));
      if (rn < ro + total - 1e-9) {
        x.text(0, 'The gain may not take the rating above the period\'s performance (rule 4.11), nor the cap ' +
          'below Ro: Rn = ' + H.num(rn));
      } else x.text(0, 'Ro + ΣΔR is within the period\'s performance (rule 4.11)');
    }
    var after = { status: 'confirmed', rating: rn, games: p.games + n, score: p.score, opp_avg: p.opp_avg };
    x.step(0, 'Rn = ' + H.num(rn) + ', printed ' + printed(after));
    return { after: after, rows: rows };
  }

  function provisional(p, games, x) {
    x.blank();
    x.heading(0, 'Provisional: performance rating Rp = Ra + Dp over all games, earlier periods included');
    x.blank();
    games.forEach(function (g, i) {
      if (g.rating === null) notCounted(x, g, i);
      else x.game(2, H.resultWord(g.score) + ' v ' + H.opponent(i) + ': rating ' + H.num(g.rating));
    });
    var ng = 0, sr = 0, ts = 0;
    games.forEach(function (g) {
      if (g.rating === null) return;
      ng += 1; ts += g.score; sr += g.rating;
    });
    var rows = games.map(function () { return null; });
    var after = { status: p.status === 'new' ? 'unrated' : p.status, rating: p.rating, games: p.games,
      score: p.score, opp_avg: p.opp_avg };
    if (ng === 0) {
      x.blank();
      x.text(0, 'No game against a rated opponent: nothing to calculate. Now: ' + describe(after));
      return { after: after, rows: rows };
    }
    var g = p.games + ng, aro = p.opp_avg === null ? 0 : p.opp_avg;
    var ar = (aro * p.games + sr) / g, t = p.score + ts;
    var scored = t > 1e-9 && t < g - 1e-9;
    var percent = scored ? H.percentScore(t, g) : null, dp = scored ? T.table1[percent] : null;
    var rp = scored ? ar + dp : null;
    after = { status: scored ? 'provisional' : 'unrated', rating: rp, games: g, score: t, opp_avg: ar };
    x.blank();
    x.step(1, 'Ra = (' + H.num(aro) + ' × ' + p.games + ' + ' + H.num(sr) + ') / (' + p.games + ' + ' + ng +
      ') = ' + H.num(ar));
    x.step(1, 'games ' + p.games + ' + ' + ng + ' = ' + g + ', score ' + H.num(p.score) + ' + ' + H.num(ts) + ' = ' +
      H.num(t));
    if (scored) {
      x.step(1, 'P = ' + H.num(t) + ' / ' + g + ' → ' + H.hundredths(percent) + ' → Dp = ' + dp + ' (Table 1)');
      x.step(1, 'Rp = Ra + Dp = ' + H.num(ar) + ' ' + H.plus(dp, 0) + ' = ' + H.num(rp));
      x.text(1, g >= R.established_after
        ? g + ' fully rated games: provisional now, printed ' + printed(after) + ', established from the next period'
        : 'fewer than 15 fully rated games: provisional, printed ' + printed(after));
    } else x.text(1, 'a score of 0% or 100% gives no rating (Dp is indeterminate): unrated');
    return { after: after, rows: rows };
  }

  return {
    fields: [
      { key: 'status', label: 'Status', type: 'select',
        options: [['confirmed', 'established'], ['provisional', 'provisional'], ['unrated', 'unrated'], ['new', 'new']] },
      { key: 'rating', label: 'Rating (unrounded)', type: 'number', optional: true },
      { key: 'games', label: 'Fully rated games so far', type: 'number', whole: true },
      { key: 'score', label: 'Points scored in them', type: 'number' },
      { key: 'opp_avg', label: "Opponents' average rating in them", type: 'number', optional: true }
    ],
    defaults: { status: 'confirmed', rating: null, games: 30, score: 15, opp_avg: null },
    shown: function (s) {
      return s.status === 'confirmed' ? ['status', 'rating'] : ['status', 'rating', 'games', 'score', 'opp_avg'];
    },
    opponent: { rd: false },
    options: [{ key: 'winner', label: 'I won the tournament or shared first (rule 4.7)' }],
    columns: { expected: 'Expected', change: 'K × (score − expected)' },
    printed: printed,
    check: function (s) {
      if (s.status === 'confirmed' && s.rating === null) return 'Enter the rating: an established player has one.';
      return null;
    },
    rate: function (p, games, options) {
      var x = H.lines();
      x.text(0, 'At the start of the period: ' + describe(p));
      var done = established(p) ? tournament(p, games, !!options.winner, x) : provisional(p, games, x);
      return { lines: x.lines, rows: done.rows, before: printed(p), after: printed(done.after),
        rating: done.after.rating, status: done.after.status };
    }
  };
}
