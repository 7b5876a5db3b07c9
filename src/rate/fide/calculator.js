// FIDE's Elo (Rating Regulations of 1 March 2024) for the site's what-if
// calculator: a rated player's games scored against PD (table 8.1.b, the
// 400-point rule), K × Σ(score − PD) rounded once; an unrated player's games
// pooled toward a first rating, as the next period's run rates them, every
// step in the words of src/rate/fide/explain.rs. Constants and tables: `R`
// (src/rate/fide/calculator.rs); shared helpers: `H`
// (templates/site/calculator.js). The browser tests compare every answer
// with src/rate/fide/mod.rs.
function RATEBOOK_SYSTEM(R, H) {
  'use strict';
  var T = R.tables;

  function printed(p) {
    if (p.status === 'new') return '';
    return p.rating !== null && (p.status === 'confirmed' || p.status === 'provisional')
      ? String(H.roundHalfUp(p.rating)) : 'Unr';
  }

  function pd(d) {
    var counted = Math.min(Math.max(d, -R.max_difference), R.max_difference);
    var row = H.table2Row(T, Math.abs(counted));
    return (counted >= 0 ? row.higher : row.lower) / 100;
  }

  function junior(born, year) { return born !== null && year <= born + R.junior_age; }

  function kFor(rating, games, born, reached, year) {
    if (reached || rating >= R.k10_from) return [10, R.k_reasons.reached];
    if (games < R.k40_games) return [40, R.k_reasons.new];
    if (junior(born, year) && rating < R.junior_k40_below) return [40, R.k_reasons.junior];
    return [20, R.k_reasons.standard];
  }

  // A difference with two decimals and its sign: +0.07, −0.41, +0.00.
  function decimal(x) { return H.plus(x, 2).replace('+ ', '+').replace('− ', '−'); }

  function signed(n) { return n === 0 ? '0' : n > 0 ? '+' + n : '−' + (-n); }

  // The Pool column: entries "2025-03-14: 3 games, 1.5 points, ratings 5400" joined by ";".
  function parsePool(text) {
    var entries = [];
    var parts = String(text || '').split(';');
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i].trim();
      if (!part) continue;
      var at = part.indexOf(':');
      var date = at < 0 ? '' : part.slice(0, at).trim();
      var numbers = at < 0 ? [] : part.slice(at + 1).split(/[\s,]+/).filter(function (t) {
        return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t);
      }).map(Number);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || numbers.length !== 3 || numbers[0] % 1 !== 0 || numbers[0] < 1 ||
          numbers[1] < 0 || numbers[1] > numbers[0] || numbers[2] < 0) {
        return { error: '"' + part + '" is not a pooled period: write it as 2025-03-14: 3 games, 1.5 points, ratings 5400' };
      }
      entries.push({ date: date, games: numbers[0], score: numbers[1], ratings: numbers[2] });
    }
    return { entries: entries };
  }

  function entryText(e) {
    return e.date + ': ' + e.games + ' game' + (e.games === 1 ? '' : 's') + ', ' + H.num(e.score) + ' point' +
      (e.score === 1 ? '' : 's') + ', ratings ' + H.num(e.ratings);
  }

  function notCounted(x, games, why) {
    var ks = [];
    games.forEach(function (g, k) { if (g.rating === null) ks.push(k); });
    if (!ks.length) return;
    x.blank();
    x.heading(0, 'Games not counted: ' + why);
    ks.forEach(function (k) { x.game(1, H.resultWord(games[k].score) + ' v ' + H.opponent(k)); });
  }

  function rated(p, games, x) {
    var own = p.rating, given = R.k_values.indexOf(p.k) >= 0;
    var k = given ? [p.k, R.k_reasons.file] : kFor(own, p.games, p.born, false, R.start_year);
    x.text(0, 'At the start: rated ' + H.num(own) + ', K ' + k[0] + ' (' + k[1] + ')');
    var counted = [], rows = [];
    games.forEach(function (g, i) {
      if (g.rating === null) { rows.push(null); return; }
      var d = H.roundHalfAway(own - g.rating);
      counted.push({ k: i, score: g.score, rating: g.rating, d: d, pd: pd(d) });
      rows.push(null);
    });
    if (counted.length) {
      x.blank();
      x.heading(0, 'Games against rated opponents: D = own rating − opponent\'s (over ' + R.max_difference +
        ' counts as ' + R.max_difference + '), PD from table 8.1.b');
      x.blank();
      counted.forEach(function (c) {
        var rule = Math.abs(c.d) > R.max_difference
          ? ' counted as ' + (c.d < 0 ? '−' : '+') + R.max_difference + ' (400-point rule)' : '';
        x.game(2, H.resultWord(c.score) + ' v ' + H.opponent(c.k) + ': rating ' + H.num(c.rating) + ', D ' +
          signed(c.d) + rule + ', PD ' + H.hundredths(Math.round(c.pd * 100)) + ' (score − PD = ' +
          decimal(c.score - c.pd) + ')');
      });
    }
    notCounted(x, games, 'the opponent was unrated: the game does not change a rated player\'s rating');
    var after = { status: p.status, rating: own };
    if (!counted.length) {
      x.blank();
      x.text(0, 'No games against rated opponents: the rating stands');
      return { after: after, rows: rows };
    }
    var n = counted.length;
    var kUsed = k[0] * n > R.k_times_games ? Math.floor(R.k_times_games / n) : k[0];
    var score = H.sum(counted.map(function (c) { return c.score; }));
    var expected = H.sum(counted.map(function (c) { return c.pd; }));
    var exact = kUsed * H.rustRound((score - expected) * 100) / 100;
    var change = H.roundHalfAway(exact), total = own + change;
    counted.forEach(function (c) { rows[c.k] = { expected: c.pd, change: kUsed * (c.score - c.pd) }; });
    x.blank();
    x.step(0, n + ' game' + (n === 1 ? '' : 's') + ': score ' + H.num(score) + ', ΣPD ' + H.num(expected) +
      ', Σ(score − PD) = ' + decimal(score - expected));
    if (kUsed < k[0]) {
      x.step(0, 'K ' + k[0] + ' × ' + n + ' games = ' + k[0] * n + ' is over ' + R.k_times_games + ': K = ' + kUsed +
        ' (the largest with K × n ≤ ' + R.k_times_games + ')');
    }
    x.step(0, 'ΔR = ' + kUsed + ' × ' + decimal(score - expected).replace(/^\++/, '') + ' = ' +
      H.num(exact).replace('-', '−') + ' → ' + signed(change) + ' (to the nearest whole number, .5 away from zero)');
    if (total >= R.floor) {
      var reached = k[0] === 10 || total >= R.k10_from;
      var next = kFor(total, p.games + n, p.born, reached, R.published_year);
      x.text(0, 'New rating: ' + H.num(own) + ' ' + H.plus(change, 0) + ' = ' + H.num(total));
      x.text(0, 'K next period: ' + next[0] + ' (' + next[1] + ')');
      after = { status: 'confirmed', rating: total };
    } else {
      x.text(0, H.num(own) + ' ' + H.plus(change, 0) + ' = ' + H.num(total) + ', below ' + H.num(R.floor) +
        ': unrated again (the list publishes ' + H.num(R.floor) + ' and more)');
      after = { status: 'unrated', rating: null };
    }
    return { after: after, rows: rows };
  }

  function unrated(p, games, x) {
    x.text(0, 'At the start: unrated; games against rated opponents are pooled toward a first rating (' +
      R.first_games + ' within ' + R.pool_months + ' months)');
    var pool = parsePool(p.pool);
    var kept = pool.entries.filter(function (e) { return e.date >= R.oldest; });
    pool.entries.forEach(function (e) {
      if (e.date >= R.oldest) x.step(1, 'pooled: ' + entryText(e));
    });
    pool.entries.forEach(function (e) {
      if (e.date < R.oldest) x.step(1, 'dropped, older than ' + R.pool_months + ' months: ' + entryText(e));
    });
    var counted = [], rows = games.map(function () { return null; });
    games.forEach(function (g, i) { if (g.rating !== null) counted.push({ k: i, score: g.score, rating: g.rating }); });
    if (counted.length) {
      x.blank();
      x.heading(0, "This period's games against rated opponents");
      x.blank();
      counted.forEach(function (c) {
        x.game(2, H.resultWord(c.score) + ' v ' + H.opponent(c.k) + ': rating ' + H.num(c.rating));
      });
    }
    notCounted(x, games, 'the opponent was unrated: not pooled');
    var all = kept.slice();
    if (counted.length) {
      all.push({ games: counted.length, score: H.sum(counted.map(function (c) { return c.score; })),
        ratings: H.sum(counted.map(function (c) { return c.rating; })) });
    }
    var n = 0;
    all.forEach(function (e) { n += e.games; });
    var after = { status: p.status === 'new' ? 'unrated' : p.status, rating: null };
    x.blank();
    if (n < R.first_games) {
      x.text(0, n + ' pooled game' + (n === 1 ? '' : 's') + ' of the ' + R.first_games +
        ' needed: not rated yet; the games stay pooled');
      return { after: after, rows: rows };
    }
    var score = H.sum(all.map(function (e) { return e.score; }));
    var ratings = H.sum(all.map(function (e) { return e.ratings; }));
    var m = n + 2, ra = (ratings + 2 * R.hypothetical) / m;
    var percent = Math.min(Math.max(H.roundHalfUp((score + 1) * 100 / m), 0), 100);
    var dp = R.table_8_1_a[percent], exact = H.roundHalfAway(ra + dp), ru = Math.min(exact, R.first_rating_max);
    x.step(0, 'Pooled: ' + n + ' games, score ' + H.num(score) + ", opponents' ratings " + H.num(ratings));
    x.step(0, 'With two draws against hypothetical opponents rated ' + H.num(R.hypothetical) + ': Ra = (' +
      H.num(ratings) + ' + ' + H.num(2 * R.hypothetical) + ') / ' + m + ' = ' + H.num(ra));
    x.step(0, 'p = (' + H.num(score) + ' + 1) / ' + m + ' = ' + H.hundredths(percent) + ', dp = ' + dp +
      ' (table 8.1.a)');
    x.step(0, 'Ru = Ra + dp = ' + H.num(ra) + ' ' + H.plus(dp, 0) + ' → ' + ru +
      (exact > ru ? ', at most ' + H.num(R.first_rating_max) : ''));
    if (ru >= R.floor) {
      var next = kFor(ru, p.games + n, p.born, false, R.published_year);
      x.text(0, 'First rating: ' + ru);
      x.text(0, 'K next period: ' + next[0] + ' (' + next[1] + ')');
      after = { status: 'confirmed', rating: ru };
    } else x.text(0, ru + ' is below ' + H.num(R.floor) + ': not published; the games stay pooled');
    return { after: after, rows: rows };
  }

  return {
    fields: [
      { key: 'rating', label: 'Rating (blank: unrated)', type: 'number', optional: true },
      { key: 'k', label: 'K', type: 'select',
        options: [['', 'by the rules'], ['40', '40'], ['20', '20'], ['10', '10']], number: true },
      { key: 'games', label: 'Rated games to date', type: 'number', whole: true },
      { key: 'born', label: 'Year of birth (for a junior\'s K)', type: 'number', whole: true, optional: true },
      { key: 'pool', label: 'Pooled games (as the player file\'s Pool column)', type: 'text' }
    ],
    defaults: { status: 'confirmed', rating: null, k: null, games: 30, born: null, pool: '' },
    shown: function (s) {
      return s.rating === null ? ['rating', 'games', 'born', 'pool'] : ['rating', 'k', 'games', 'born'];
    },
    opponent: { rd: false },
    options: [],
    columns: { expected: 'PD', change: 'K × (score − PD)' },
    printed: printed,
    check: function (s) {
      if (s.rating === null) return parsePool(s.pool).error || null;
      return null;
    },
    normalise: function (s) {
      var status = s.rating === null ? (s.status === 'new' ? 'new' : 'unrated') : 'confirmed';
      return { status: status, rating: s.rating, k: s.k, games: s.games, born: s.born, pool: s.pool };
    },
    rate: function (p, games) {
      var x = H.lines();
      var done = p.rating !== null ? rated(p, games, x) : unrated(p, games, x);
      return { lines: x.lines, rows: done.rows, before: printed(p), after: printed(done.after),
        rating: done.after.rating, status: done.after.status };
    }
  };
}
