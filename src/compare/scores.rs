//! The measures a comparison of rule sets reports, as plain functions: how
//! well predictions scored (log-loss, Brier score, the favourite's share),
//! a pool's mean and spread, and Spearman's rank correlation.

use serde::Serialize;

/// Predictions are kept within these bounds before the log-loss is taken,
/// as the 2010 Kaggle chess-rating competition bounded them: a rule set that
/// expects 100% (a 400-point edge under the CIS rules) and sees a draw would
/// otherwise score an infinite loss.
pub const BOUNDS: (f64, f64) = (0.01, 0.99);

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
        let q = p.clamp(BOUNDS.0, BOUNDS.1);
        self.games += 1;
        self.log_loss_sum -= s * q.ln() + (1.0 - s) * (1.0 - q).ln();
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

/// Mean and standard deviation (of the population) of `values`.
pub fn mean_sd(values: &[f64]) -> Option<(f64, f64)> {
    if values.is_empty() {
        return None;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    Some((mean, var.sqrt()))
}

/// Ranks 1..n of `values` from the highest, ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            ranks[k] = rank;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation of two lists of the same players (the
/// Pearson correlation of their ranks, ties averaged); `None` for fewer than
/// two players or a list without spread.
pub fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() != b.len() || a.len() < 2 {
        return None;
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let (ma, sa) = mean_sd(&ra)?;
    let (mb, sb) = mean_sd(&rb)?;
    if sa == 0.0 || sb == 0.0 {
        return None;
    }
    let cov = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum::<f64>() / ra.len() as f64;
    Some(cov / (sa * sb))
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

    #[test]
    fn spearman_of_known_lists() {
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]), Some(1.0));
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), Some(-1.0));
        // The textbook case: ranks (1 2 3 4 5) against (2 1 4 3 5): 1 − 6·4/(5·24) = 0.8.
        let r = spearman(&[5.0, 4.0, 3.0, 2.0, 1.0], &[4.0, 5.0, 2.0, 3.0, 1.0]).unwrap();
        assert!((r - 0.8).abs() < 1e-12);
        // Ties share their mean rank.
        assert_eq!(ranks(&[7.0, 9.0, 7.0]), vec![2.5, 1.0, 2.5]);
        assert_eq!(spearman(&[1.0, 1.0], &[1.0, 2.0]), None);
    }

    #[test]
    fn mean_and_spread() {
        assert_eq!(mean_sd(&[1.0, 3.0]), Some((2.0, 1.0)));
        assert_eq!(mean_sd(&[]), None);
    }
}
