//! Glickman's Glicko-2 steps ("Example of the Glicko-2 system", steps 1 to
//! 8) for one player and one rating period, every intermediate value kept:
//! the Glicko-2 scale, g and E of each game, v, Δ, the new volatility by the
//! Illinois iteration, φ*, φ′ and μ′.

use std::f64::consts::PI;

/// Rating points per unit of the Glicko-2 scale (step 2).
pub const SCALE: f64 = 173.7178;
/// The centre of the rating scale (step 2).
pub const CENTRE: f64 = 1500.0;
/// The Illinois iteration's tolerance (step 5).
pub const EPSILON: f64 = 0.000001;

/// A player's state: rating, rating deviation and volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct State {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
}

impl State {
    /// μ and φ on the Glicko-2 scale.
    pub fn mu(&self) -> f64 {
        (self.rating - CENTRE) / SCALE
    }

    pub fn phi(&self) -> f64 {
        self.rd / SCALE
    }
}

/// g(φ) = 1 / √(1 + 3φ²/π²).
pub fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E(μ, μⱼ, φⱼ) = 1 / (1 + exp(−g(φⱼ)(μ − μⱼ))).
pub fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// One game as step 3 sees it: the opponent's state, the score, g and E.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    pub opponent: State,
    pub score: f64,
    pub g: f64,
    pub e: f64,
}

/// What steps 3 to 8 work out for a player who played in the period.
#[derive(Debug, Clone, PartialEq)]
pub struct Period {
    pub games: Vec<Scored>,
    pub v: f64,
    pub delta: f64,
    /// σ′, and the Illinois iteration's rounds.
    pub volatility: f64,
    pub rounds: u32,
    pub phi_star: f64,
    pub phi: f64,
    pub mu: f64,
    pub new: State,
}

/// The period of a player in `state` with the games `(opponent, score)`
/// (at least one), under the system constant τ.
pub fn rate(state: State, games: &[(State, f64)], tau: f64) -> Period {
    let (mu, phi, sigma) = (state.mu(), state.phi(), state.volatility);
    let games: Vec<Scored> = games
        .iter()
        .map(|&(opponent, score)| {
            let g = g(opponent.phi());
            Scored { opponent, score, g, e: e(mu, opponent.mu(), opponent.phi()) }
        })
        .collect();
    // Step 3: the estimated variance; step 4: the estimated improvement.
    let v = 1.0 / games.iter().map(|s| s.g * s.g * s.e * (1.0 - s.e)).sum::<f64>();
    let sum: f64 = games.iter().map(|s| s.g * (s.score - s.e)).sum();
    let delta = v * sum;
    let (volatility, rounds) = new_volatility(sigma, phi, v, delta, tau);
    // Steps 6 to 8.
    let phi_star = (phi * phi + volatility * volatility).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Period {
        games,
        v,
        delta,
        volatility,
        rounds,
        phi_star,
        phi: phi_new,
        mu: mu_new,
        new: State { rating: SCALE * mu_new + CENTRE, rd: SCALE * phi_new, volatility },
    }
}

/// Step 5: σ′ by the Illinois iteration to ε; also how many rounds it took.
pub fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> (f64, u32) {
    let a = (sigma * sigma).ln();
    let (phi2, delta2) = (phi * phi, delta * delta);
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        rounds += 1;
    }
    ((big_a / 2.0).exp(), rounds)
}

/// A player who did not play: φ* = √(φ² + σ²), on the rating scale.
pub fn idle_rd(state: State) -> f64 {
    SCALE * (state.phi().powi(2) + state.volatility.powi(2)).sqrt()
}

/// The expected score of a player rated `r` against one rated `r_j`, with
/// both deviations (Glickman's expected outcome):
/// 1 / (1 + 10^(−g(√(RD² + RDⱼ²))(r − rⱼ)/400)), g on the rating scale;
/// worked on the Glicko-2 scale as E is (173.7178 is 400 / ln 10).
pub fn expected(r: f64, rd: f64, r_j: f64, rd_j: f64) -> f64 {
    let at = |r: f64| (r - CENTRE) / SCALE;
    e(at(r), at(r_j), rd.hypot(rd_j) / SCALE)
}
