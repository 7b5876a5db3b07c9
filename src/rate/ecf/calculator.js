// ECF grading for the site's what-if calculator: one player's games of the
// next season, each worth the opponent's grade within 40 of his own ±50,
// averaged with the two seasons before up to 30 games, as the next
// season's run grades them, every step in the words of
// src/rate/ecf/explain.rs. Constants: `R` (src/rate/ecf/calculator.rs);
// shared helpers: `H` (templates/site/calculator.js). The browser tests
// compare every answer with src/rate/ecf/mod.rs.
function RATEBOOK_SYSTEM(R, H) {
  'use strict';

  // A grade as the list prints it: whole; Unr without one; blank for a new player.
  function printed(p) {
    if (p.status === 'new') return '';
    if ((p.status === 'confirmed' || p.status === 'provisional') && p.grade !== null) {
      return String(H.roundHalfUp(p.grade));
    }
    return 'Unr';
  }

  function gradeOver(thisSeason, prev, prev2) {
    var games = thisSeason.games, points = thisSeason.points, fromPrev = { games: 0, points: 0 };
    if (games < R.games_wanted) {
      fromPrev = prev;
      games += prev.games;
      points += prev.points;
    }
    var fromPrev2Games = 0, fromPrev2Points = 0;
    if (games < R.games_wanted && prev2.games > 0) {
      fromPrev2Games = Math.min(R.games_wanted - games, prev2.games);
      fromPrev2Points = prev2.points * fromPrev2Games / prev2.games;
      games += fromPrev2Games;
      points += fromPrev2Points;
    }
    if (games === 0) return null;
    var average = points / games;
    return { fromPrev: fromPrev, fromPrev2Games: fromPrev2Games, fromPrev2Points: fromPrev2Points, games: games,
      points: points, average: average, grade: H.roundHalfUp(average) };
  }

  return {
    fields: [
      { key: 'grade', label: 'Grade (blank: ungraded)', type: 'number', optional: true },
      { key: 'prev_games', label: "Last season's graded games", type: 'number', whole: true },
      { key: 'prev_points', label: "Last season's points", type: 'number' },
      { key: 'prev2_games', label: 'The season before: games', type: 'number', whole: true },
      { key: 'prev2_points', label: 'The season before: points', type: 'number' },
      { key: 'age', label: 'Age on ' + H.longDate(R.bonus_date) + ' (juniors; blank otherwise)', type: 'number',
        whole: true, optional: true }
    ],
    defaults: { status: 'confirmed', grade: null, prev_games: 0, prev_points: 0, prev2_games: 0, prev2_points: 0,
      age: null },
    shown: function () { return ['grade', 'prev_games', 'prev_points', 'prev2_games', 'prev2_points', 'age']; },
    opponent: { rd: false, word: 'grade' },
    options: [],
    // (Points, not a change: a grade is their average.)
    columns: { expected: 'Expected', change: 'Points', signed: false },
    printed: function (s) { return printed(s); },
    check: function () { return null; },
    // The grade field stands for the status too: a grade is a graded player's.
    normalise: function (s) {
      var status = s.grade === null ? (s.status === 'new' ? 'new' : 'unrated') : 'confirmed';
      return { status: status, grade: s.grade, prev_games: s.prev_games, prev_points: s.prev_points,
        prev2_games: s.prev2_games, prev2_points: s.prev2_points, age: s.age };
    },
    rate: function (p, games) {
      var x = H.lines(), own = p.grade, rows = [];
      if (own !== null) x.text(0, 'At the start of the season: graded ' + H.num(own));
      else x.text(0, "At the start of the season: no grade (opponents' grades count as they are)");
      x.blank();
      x.heading(0, "This season's games: the opponent's grade" + (own !== null ? " within 40 of the player's own" : '') +
        ', +50 a win, −50 a loss');
      var graded = [], notUsed = [];
      games.forEach(function (g, k) {
        if (g.rating === null) { notUsed.push(k); rows.push(null); return; }
        var counted = own === null ? g.rating : Math.min(Math.max(g.rating, own - R.point_rule), own + R.point_rule);
        var points = counted + (g.score - 0.5) * 2 * R.win_points;
        graded.push({ k: k, grade: g.rating, counted: counted, points: points, score: g.score });
        var expected = own === null ? null
          : 0.5 + Math.min(Math.max(own - g.rating, -R.point_rule), R.point_rule) / (2 * R.win_points);
        rows.push({ expected: expected, change: points });
      });
      if (graded.length) x.blank();
      graded.forEach(function (g) {
        var counted = g.counted !== g.grade ? ' counted as ' + H.num(g.counted) + ' (40-point rule)' : '';
        x.game(2, H.resultWord(g.score) + ' v ' + H.opponent(g.k) + ': grade ' + H.num(g.grade) + counted + ' → ' +
          H.num(g.points) + ' points');
      });
      if (notUsed.length) {
        x.blank();
        x.heading(0, 'Games not used: the opponent has no grade');
        notUsed.forEach(function (k) { x.game(1, H.resultWord(games[k].score) + ' v ' + H.opponent(k)); });
      }
      var thisSeason = { games: graded.length, points: H.sum(graded.map(function (g) { return g.points; })) };
      var prev = { games: p.prev_games, points: p.prev_points }, prev2 = { games: p.prev2_games, points: p.prev2_points };
      x.blank();
      x.step(0, 'This season: ' + thisSeason.games + ' games, ' + H.num(thisSeason.points) + ' points');
      x.step(0, 'Last season: ' + prev.games + ' games, ' + H.num(prev.points) + ' points; the season before: ' +
        prev2.games + ' games, ' + H.num(prev2.points) + ' points');
      var c = gradeOver(thisSeason, prev, prev2);
      if (c) {
        if (c.fromPrev.games > 0) {
          x.step(0, "Fewer than 30 games this season: last season's " + c.fromPrev.games + ' games and ' +
            H.num(c.fromPrev.points) + ' points added');
        }
        if (c.fromPrev2Games > 0) {
          x.step(0, 'Still fewer than 30: ' + c.fromPrev2Games + " of the season before's " + prev2.games +
            ' games, pro rata ' + H.num(prev2.points) + ' × ' + c.fromPrev2Games + ' / ' + prev2.games + ' = ' +
            H.num(c.fromPrev2Points) + ' points');
        }
        x.step(0, 'Grade = ' + H.num(c.points) + ' / ' + c.games + ' = ' + H.num(c.average) + ' → ' + c.grade);
      } else x.text(0, 'No graded games in three seasons: no grade');
      var junior = null;
      if (p.age !== null) {
        R.junior_bonus.some(function (b) { if (p.age < b[0]) { junior = b[1]; return true; } return false; });
      }
      if (junior !== null) x.step(0, 'Junior bonus: aged ' + p.age + ' on ' + R.bonus_date + ': +' + junior);
      var published = thisSeason.games >= R.publish_games[0] &&
        thisSeason.games + prev.games + prev2.games >= R.publish_games[1];
      var grade = c && published ? Math.max(c.grade + (junior || 0), R.floor) : null;
      if (c && grade !== null && c.grade + (junior || 0) < R.floor) {
        x.step(0, (c.grade + (junior || 0)) + ' is below the lowest grade published: ' + R.floor);
      }
      var after = grade !== null ? { status: 'confirmed', grade: grade }
        : { status: p.status === 'new' ? 'unrated' : p.status, grade: p.grade };
      if (grade !== null) x.text(0, 'Published grade: ' + grade + ' (printed ' + printed(after) + ')');
      else {
        x.text(0, 'Not published: needs at least 1 game this season and 9 in the last three (' + thisSeason.games +
          ' and ' + (thisSeason.games + prev.games + prev2.games) + '); the results are kept and count next season');
      }
      return { lines: x.lines, rows: rows, before: printed(p), after: printed(after), rating: after.grade,
        status: after.status };
    }
  };
}
