// Glickman's Glicko-2 for the site's what-if calculator: one player's games
// as one rating period (steps 1 to 8: g and E of each game, v, Δ, the new
// volatility by the Illinois iteration, φ*, φ′, μ′), as the next period's
// run rates them, every step in the words of src/rate/glicko2/explain.rs.
// Settings: `R` (src/rate/glicko2/calculator.rs, from period.toml's
// [rules]); shared helpers: `H` (templates/site/calculator.js). The browser
// tests compare every answer with src/rate/glicko2/mod.rs.
function RATEBOOK_SYSTEM(R, H) {
  'use strict';
  var PI = Math.PI;

  function g(phi) { return 1 / Math.sqrt(1 + 3 * phi * phi / (PI * PI)); }
  function e(mu, muJ, phiJ) { return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ))); }
  function mu(s) { return (s.rating - R.centre) / R.scale; }
  function phi(s) { return s.rd / R.scale; }

  // Step 5: σ′ by the Illinois iteration, and its rounds.
  function newVolatility(sigma, ph, v, delta, tau) {
    var a = Math.log(sigma * sigma), phi2 = ph * ph, delta2 = delta * delta;
    function f(x) {
      var ex = Math.exp(x), d = phi2 + v + ex;
      return ex * (delta2 - phi2 - v - ex) / (2 * (d * d)) - (x - a) / (tau * tau);
    }
    var bigA = a, bigB;
    if (delta2 > phi2 + v) bigB = Math.log(delta2 - phi2 - v);
    else {
      var k = 1;
      while (f(a - k * tau) < 0) k += 1;
      bigB = a - k * tau;
    }
    var fA = f(bigA), fB = f(bigB), rounds = 0;
    while (Math.abs(bigB - bigA) > R.epsilon) {
      var c = bigA + (bigA - bigB) * fA / (fB - fA), fC = f(c);
      if (fC * fB <= 0) { bigA = bigB; fA = fB; } else fA /= 2;
      bigB = c; fB = fC;
      rounds += 1;
    }
    return [Math.exp(bigA / 2), rounds];
  }

  function status(rd) { return rd > R.provisional_rd ? 'provisional' : 'confirmed'; }

  function printed(p) {
    if (p.rating === null) return p.status === 'new' ? '' : 'Unr';
    var r = H.roundHalfUp(Math.max(p.rating, R.floor));
    return status(p.rd) === 'provisional' ? r + '?' : String(r);
  }

  // A state as the player file's columns give it: an RD of 0 or below (or
  // none) is a new player's, and at most the initial RD.
  function state(rating, rd, volatility) {
    return { rating: rating, rd: Math.min(rd !== null && rd > 0 ? rd : R.initial_rd, R.initial_rd),
      volatility: volatility !== null && volatility > 0 ? volatility : R.initial_volatility };
  }

  return {
    fields: [
      { key: 'rating', label: 'Rating (blank: a new player)', type: 'number', optional: true },
      { key: 'rd', label: 'RD (rating deviation)', type: 'number', optional: true },
      { key: 'volatility', label: 'Volatility', type: 'number', optional: true }
    ],
    defaults: { status: 'confirmed', rating: null, rd: R.initial_rd, volatility: R.initial_volatility },
    shown: function (s) { return s.rating === null ? ['rating'] : ['rating', 'rd', 'volatility']; },
    opponent: { rd: true },
    options: [],
    columns: { expected: 'E', change: 'Change' },
    printed: printed,
    check: function () { return null; },
    normalise: function (s) {
      return { status: s.rating === null ? 'new' : 'confirmed', rating: s.rating, rd: s.rd, volatility: s.volatility };
    },
    rate: function (p, games) {
      var x = H.lines(), isNew = p.rating === null;
      var start = isNew ? { rating: R.initial_rating, rd: R.initial_rd, volatility: R.initial_volatility }
        : state(p.rating, p.rd, p.volatility);
      var against = games.map(function (gm) {
        return gm.rating === null ? { s: { rating: R.initial_rating, rd: R.initial_rd, volatility: R.initial_volatility }, isNew: true }
          : { s: state(gm.rating, gm.rd, null), isNew: false };
      });
      var m = mu(start), ph = phi(start), sigma = start.volatility;
      var scored = games.map(function (gm, i) {
        var o = against[i].s;
        return { score: gm.score, g: g(phi(o)), e: e(m, mu(o), phi(o)) };
      });
      var v = 1 / H.sum(scored.map(function (s) { return s.g * s.g * s.e * (1 - s.e); }));
      var sum = H.sum(scored.map(function (s) { return s.g * (s.score - s.e); }));
      var delta = v * sum, vol = newVolatility(sigma, ph, v, delta, R.tau);
      var phiStar = Math.sqrt(ph * ph + vol[0] * vol[0]);
      var phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
      var muNew = m + phiNew * phiNew * sum;
      var after = { status: 'confirmed', rating: R.scale * muNew + R.centre, rd: R.scale * phiNew, volatility: vol[0] };
      x.text(0, 'At the start: rating ' + H.num(start.rating) + ', RD ' + H.num(start.rd) + ', volatility ' +
        H.fixed(start.volatility, 6) + (isNew ? " (a new player's, from the settings)" : ''));
      x.step(0, 'On the Glicko-2 scale: μ = (' + H.num(start.rating) + ' − ' + R.centre + ') / ' + R.scale + ' = ' +
        H.fixed(m, 4) + ', φ = ' + H.num(start.rd) + ' / ' + R.scale + ' = ' + H.fixed(ph, 4));
      x.blank();
      x.heading(0, 'Games: g = 1 / √(1 + 3φⱼ²/π²), E = 1 / (1 + exp(−g (μ − μⱼ)))');
      x.blank();
      scored.forEach(function (s, i) {
        var o = against[i];
        x.game(2, H.resultWord(s.score) + ' v ' + H.opponent(i) + ': rating ' + H.num(o.s.rating) + ', RD ' +
          H.num(o.s.rd) + (o.isNew ? " (new: the settings' start)" : '') + '; g ' + H.fixed(s.g, 4) + ', E ' +
          H.fixed(s.e, 4));
      });
      x.blank();
      x.step(0, 'v = 1 / Σ g² E (1 − E) = ' + H.fixed(v, 4));
      x.step(0, 'Δ = v × Σ g (s − E) = ' + H.fixed(delta, 4));
      x.step(0, 'New volatility σ′ = ' + H.fixed(vol[0], 6) + ' (Illinois iteration to 0.000001, ' + vol[1] + ' rounds)');
      x.step(0, 'φ* = √(φ² + σ′²) = ' + H.fixed(phiStar, 4));
      x.step(0, 'φ′ = 1 / √(1/φ*² + 1/v) = ' + H.fixed(phiNew, 4));
      x.step(0, 'μ′ = μ + φ′² Σ g (s − E) = ' + H.fixed(muNew, 4));
      x.text(0, 'New rating ' + H.num(after.rating) + ' (= ' + R.scale + ' μ′ + ' + R.centre + '), RD ' +
        H.num(after.rd) + ', volatility ' + H.fixed(after.volatility, 6));
      if (after.rating < R.floor) {
        x.text(0, H.num(after.rating) + ' is below the lowest rating published: ' + H.num(R.floor));
      }
      var rows = scored.map(function (s) {
        return { expected: s.e, change: R.scale * phiNew * phiNew * s.g * (s.score - s.e) };
      });
      var before = isNew ? { status: 'new', rating: null, rd: R.initial_rd } : { status: 'confirmed', rating: start.rating, rd: start.rd };
      return { lines: x.lines, rows: rows, before: printed(before), after: printed(after),
        rating: Math.max(after.rating, R.floor), status: status(after.rd), rd: after.rd, volatility: after.volatility };
    }
  };
}
