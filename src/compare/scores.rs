//! The measures a comparison of rule sets reports, as plain functions: how
//! well predictions scored (log-loss, Brier score, the favourite's share);
//! a pool's mean and spread and Spearman's rank correlation are the
//! switch's figures' ([`crate::switch::shift`]).

use serde::Serialize;

pub use crate::switch::shift::{mean_sd, spearman};

/// Predictions are kept within these bounds before the log-loss is taken,
/// as the 2010 Kaggle chess-rating competition bounded them: a rule set that
/// expects 100% (a 400-point edge under the CIS rules) and sees a draw would
/// otherwise score an infinite loss.
pub const BOUNDS: (f64, f64) = (0.01, 0.99);

/// The binomial deviance of one game, `p` kept within [`BOUNDS`].
pub fn log_loss(p: f64, s: f64) -> f64 {
    let q = p.clamp(BOUNDS.0, BOUNDS.1);
    -(s * q.ln() + (1.0 - s) * (1.0 - q).ln())
}

/// Predictions scored against results, summed as games come.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Prediction {
    /// Games predicted.
    pub games: u64,
    /// Sum of the binomial deviance −(s ln p + (1 − s) ln(1 − p)).
    pub log_loss_sum: f64,
    /// Sum of (s − p)².
    pub brier_sum: f64,
    /// Decisive games with a favourite (p ≠ ½), and those the favourite won.
    pub decisive: u64,
    pub favourite_won: u64,
}

impl Prediction {
    /// Adds one game: `p` the expected score of one side, `s` his score.
    pub fn add(&mut self, p: f64, s: f64) {
        self.games += 1;
        self.log_loss_sum += log_loss(p, s);
        self.brier_sum += (s - p) * (s - p);
        if s != 0.5 && p != 0.5 {
            self.decisive += 1;
            if (p > 0.5) == (s > 0.5) {
                self.favourite_won += 1;
            }
        }
    }

    /// Mean log-loss (lower is better; ln 2 = 0.693 for a coin).
    pub fn log_loss(&self) -> Option<f64> {
        (self.games > 0).then(|| self.log_loss_sum / self.games as f64)
    }

    /// Mean Brier score (lower is better; 0.25 for a coin).
    pub fn brier(&self) -> Option<f64> {
        (self.games > 0).then(|| self.brier_sum / self.games as f64)
    }

    /// The share of decisive games the favourite won.
    pub fn favourite_share(&self) -> Option<f64> {
        (self.decisive > 0).then(|| self.favourite_won as f64 / self.decisive as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coin_scores_ln_2_and_a_quarter() {
        let mut coin = Prediction::default();
        for s in [1.0, 0.0, 0.5, 1.0] {
            coin.add(0.5, s);
        }
        assert!((coin.log_loss().unwrap() - std::f64::consts::LN_2).abs() < 1e-12);
        assert_eq!(coin.brier(), Some(0.1875)); // (.25 + .25 + 0 + .25) / 4
        assert_eq!(coin.favourite_share(), None); // no favourite in any game
    }

    #[test]
    fn the_favourite_share_counts_decisive_games_only() {
        let mut p = Prediction::default();
        p.add(0.8, 1.0); // the favourite won
        p.add(0.3, 1.0); // the outsider won
        p.add(0.7, 0.5); // a draw: not decisive
        p.add(0.6, 1.0); // the favourite won
        assert_eq!((p.decisive, p.favourite_won), (3, 2));
        // A certain prediction that fails is bounded at 0.99, not infinite.
        let mut sure = Prediction::default();
        sure.add(1.0, 0.0);
        assert!((sure.log_loss().unwrap() + 0.01f64.ln()).abs() < 1e-12);
        assert_eq!(sure.brier(), Some(1.0));
    }
}
