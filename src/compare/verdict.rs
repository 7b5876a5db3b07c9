//! A verdict a committee can read: which rule set predicted the history's
//! games best, by how much, and whether the difference is larger than
//! chance. The interval is a paired bootstrap over events: the events are
//! drawn again with replacement ([`RESAMPLES`] times, from a fixed seed, so
//! the same history gives the same interval), every rule set scored on the
//! same draw, and the difference of mean log-loss taken each time; the
//! middle 95% of those differences is the interval. An interval that holds
//! 0 is a difference inside the noise, and the verdict says so.

use rand::{Rng, SeedableRng};
use serde::Serialize;

use super::SystemScores;
use crate::model::system::SystemName;
use crate::switch::shift::thousands;

/// How many times the events are drawn again.
pub const RESAMPLES: usize = 2000;
/// The bootstrap's seed: the same history gives the same interval.
pub const SEED: u64 = 20_240_301;

/// One event's games as every rule set predicted them: the log-loss summed
/// over its games, per column.
#[derive(Debug, Clone, PartialEq)]
pub struct EventLosses {
    /// The period's place in the chain, and the event's in the period.
    pub period: usize,
    pub event: u32,
    pub games: u32,
    pub losses: Vec<f64>,
}

impl EventLosses {
    pub fn new(period: usize, event: u32, columns: usize) -> EventLosses {
        EventLosses { period, event, games: 0, losses: vec![0.0; columns] }
    }
}

/// Which rule set predicted best, and its lead over each of the others.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    pub best: SystemName,
    pub best_log_loss: f64,
    pub against: Vec<Lead>,
    pub events: usize,
    pub resamples: usize,
    pub seed: u64,
}

/// The best rule set's lead over another: the other's mean log-loss minus
/// the best one's, with its 95% interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lead {
    pub system: SystemName,
    pub log_loss: f64,
    pub difference: f64,
    pub low: f64,
    pub high: f64,
    /// The interval lies above 0: the lead is larger than chance.
    pub beyond_noise: bool,
}

impl Verdict {
    /// The verdict over the columns' scores, with the bootstrap over
    /// `events`; none when no game was predicted.
    pub fn of(columns: &[SystemScores], events: &[EventLosses]) -> Option<Verdict> {
        let losses: Vec<f64> = columns.iter().map(|c| c.log_loss).collect::<Option<_>>()?;
        if events.is_empty() {
            return None;
        }
        // The best: the lowest mean log-loss (the first column among equals).
        let best = (0..losses.len()).fold(0, |b, c| if losses[c] < losses[b] { c } else { b });
        let draws = resample(events, columns.len());
        let against = (0..columns.len())
            .filter(|&c| c != best)
            .map(|c| {
                let mut differences: Vec<f64> = draws.iter().map(|d| d[c] - d[best]).collect();
                differences.sort_by(f64::total_cmp);
                let (low, high) = (quantile(&differences, 0.025), quantile(&differences, 0.975));
                Lead {
                    system: columns[c].system,
                    log_loss: losses[c],
                    difference: losses[c] - losses[best],
                    low,
                    high,
                    beyond_noise: low > 0.0,
                }
            })
            .collect();
        Some(Verdict {
            best: columns[best].system,
            best_log_loss: losses[best],
            against,
            events: events.len(),
            resamples: RESAMPLES,
            seed: SEED,
        })
    }

    /// The verdict in sentences, one per rule set the best is compared with.
    pub fn sentences(&self) -> Vec<String> {
        let mut out = vec![format!(
            "{} predicted the history's games best: mean log-loss {:.4}, the lowest (lower is better).",
            self.best, self.best_log_loss
        )];
        for lead in &self.against {
            let verdict = if lead.beyond_noise {
                "larger than chance".to_string()
            } else {
                format!("inside the noise: the games do not tell {} and {} apart", self.best, lead.system)
            };
            out.push(format!(
                "Against {} ({:.4}): {:.4} lower, 95% interval {} to {} from {} draws of the {} events: {verdict}.",
                lead.system,
                lead.log_loss,
                lead.difference,
                figure(lead.low),
                figure(lead.high),
                thousands(self.resamples),
                thousands(self.events)
            ));
        }
        out
    }
}

/// Each draw's mean log-loss per column: the events drawn with replacement,
/// the same events for every column (paired).
fn resample(events: &[EventLosses], columns: usize) -> Vec<Vec<f64>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SEED);
    (0..RESAMPLES)
        .map(|_| {
            let mut sums = vec![0.0; columns];
            let mut games = 0u64;
            for _ in 0..events.len() {
                let e = &events[rng.random_range(0..events.len())];
                games += e.games as u64;
                for (sum, loss) in sums.iter_mut().zip(&e.losses) {
                    *sum += loss;
                }
            }
            sums.iter().map(|s| s / games.max(1) as f64).collect()
        })
        .collect()
}

/// The `q` quantile of sorted `values` (the nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// A difference of log-loss as printed: four decimals, a true minus sign.
fn figure(value: f64) -> String {
    if value < 0.0 {
        format!("−{:.4}", -value)
    } else {
        format!("{value:.4}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::scores::Prediction;

    fn column(system: SystemName, log_loss: f64) -> SystemScores {
        let mut c = SystemScores::new(system, false);
        c.log_loss = Some(log_loss);
        c.prediction = Prediction::default();
        c
    }

    fn events(per_event: &[(f64, f64)]) -> Vec<EventLosses> {
        per_event
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| EventLosses { period: 0, event: i as u32, games: 10, losses: vec![a * 10.0, b * 10.0] })
            .collect()
    }

    #[test]
    fn a_steady_lead_is_beyond_the_noise_and_a_mixed_one_inside_it() {
        // B is better by 0.02 in every event: the interval is that, and above 0.
        let steady = events(&[(0.50, 0.48), (0.60, 0.58), (0.40, 0.38), (0.55, 0.53)].repeat(10));
        let columns = [column(SystemName::Acf, 0.5125), column(SystemName::Glicko2, 0.4925)];
        let v = Verdict::of(&columns, &steady).unwrap();
        assert_eq!(v.best, SystemName::Glicko2);
        let lead = &v.against[0];
        assert!(lead.beyond_noise && (lead.low - 0.02).abs() < 1e-9 && (lead.high - 0.02).abs() < 1e-9, "{lead:?}");
        assert!(v.sentences()[1].ends_with("larger than chance."), "{:?}", v.sentences());
        // Better in half the events, worse in the other half: inside the noise.
        let mixed = events(&[(0.50, 0.45), (0.50, 0.55), (0.40, 0.36), (0.40, 0.44)].repeat(5));
        let columns = [column(SystemName::Acf, 0.45), column(SystemName::Glicko2, 0.45)];
        let v = Verdict::of(&columns, &mixed).unwrap();
        let lead = &v.against[0];
        assert!(!lead.beyond_noise && lead.low < 0.0 && lead.high > 0.0, "{lead:?}");
        assert!(v.sentences()[1].contains("inside the noise"), "{:?}", v.sentences());
        // Seeded: the same events give the same interval.
        assert_eq!(Verdict::of(&columns, &mixed), Some(v));
    }
}
