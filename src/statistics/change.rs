//! Change of the Mean: why the rated pool's mean moved since the previous
//! period, broken into the drift of the players in both pools, the players
//! who entered the pool and those who left it. The three effects add up to
//! the change of the mean exactly, and their printed figures to its printed
//! change.

use std::collections::HashMap;

use super::table::{Cell, StatTable};
use super::EarlierPeriod;

/// The players of one group and their mean before and now.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Group {
    pub players: usize,
    pub before: Option<f64>,
    pub now: Option<f64>,
}

/// The change of the mean between two rated pools, broken down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Breakdown {
    /// Players in both pools: their mean before and now (its change is the drift).
    pub stayed: Group,
    /// Players in the pool now and not before.
    pub entered: Group,
    /// Players in the pool before and not now.
    pub left: Group,
    /// The whole pool before and now.
    pub pool_before: Group,
    pub pool_now: Group,
    /// The effects on the mean: of the drift, the players who entered, and
    /// those who left. They add up to `pool_now.now − pool_before.before`.
    pub drift_effect: f64,
    pub entered_effect: f64,
    pub left_effect: f64,
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// The rated pool of a period: (ID, rating) of each player in it.
fn pool(period: &EarlierPeriod) -> HashMap<u32, f64> {
    period.lines.iter().filter(|l| l.pooled).filter_map(|l| Some((l.id, l.rating?))).collect()
}

/// The breakdown of the mean's change from `before` to `now`; none when
/// either pool is empty.
///
/// With n_B players now, n_A before, n_S in both (their means s_A, s_B),
/// n_E who entered (mean e) and n_L who left (mean l):
/// mean_B − mean_A = (n_S/n_B)(s_B − s_A) + (n_E/n_B)(e − mean_A)
/// + (n_S/n_B)(n_L/n_A)(s_A − l).
/// The drift's effect is its share of the pool now; players who entered
/// pull the mean toward theirs; players who left raise it by as much as
/// they were below those who stayed.
pub fn breakdown(before: &EarlierPeriod, now: &EarlierPeriod) -> Option<Breakdown> {
    let (was, is) = (pool(before), pool(now));
    if was.is_empty() || is.is_empty() {
        return None;
    }
    let (mut stayed_before, mut stayed_now, mut entered, mut left) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (id, r) in &is {
        match was.get(id) {
            Some(b) => {
                stayed_before.push(*b);
                stayed_now.push(*r);
            }
            None => entered.push(*r),
        }
    }
    left.extend(was.iter().filter(|(id, _)| !is.contains_key(id)).map(|(_, r)| *r));
    // Summed in order of rating, so that the figures do not depend on a hash's order.
    for v in [&mut stayed_before, &mut stayed_now, &mut entered, &mut left] {
        v.sort_by(f64::total_cmp);
    }
    let all_before: Vec<f64> = was.values().copied().collect();
    let all_now: Vec<f64> = is.values().copied().collect();
    let (n_a, n_b, n_s) = (was.len() as f64, is.len() as f64, stayed_now.len() as f64);
    let mean_a = mean(&all_before)?;
    let stayed = Group { players: stayed_now.len(), before: mean(&stayed_before), now: mean(&stayed_now) };
    let entered = Group { players: entered.len(), before: None, now: mean(&entered) };
    let left = Group { players: left.len(), before: mean(&left), now: None };
    let drift_effect = match (stayed.before, stayed.now) {
        (Some(a), Some(b)) => n_s / n_b * (b - a),
        _ => 0.0,
    };
    let entered_effect = entered.now.map_or(0.0, |e| entered.players as f64 / n_b * (e - mean_a));
    let left_effect = match (stayed.before, left.before) {
        (Some(s), Some(l)) => n_s / n_b * (left.players as f64 / n_a) * (s - l),
        _ => 0.0,
    };
    Some(Breakdown {
        stayed,
        entered,
        left,
        pool_before: Group { players: was.len(), before: Some(mean_a), now: None },
        pool_now: Group { players: is.len(), before: None, now: mean(&all_now) },
        drift_effect,
        entered_effect,
        left_effect,
    })
}

/// Tenths, each as near to `parts` (×10) as can be while their sum is
/// `total` (largest remainders): the printed effects add up to the printed change.
fn tenths_adding_up(parts: &[f64], total: i64) -> Vec<i64> {
    let mut tenths: Vec<i64> = parts.iter().map(|p| (p * 10.0).round() as i64).collect();
    let mut off = total - tenths.iter().sum::<i64>();
    while off != 0 {
        let step = off.signum();
        // The part whose rounding moved it furthest against the step.
        let k = (0..parts.len())
            .max_by(|&a, &b| {
                let gap = |k: usize| (parts[k] * 10.0 - tenths[k] as f64) * step as f64;
                gap(a).total_cmp(&gap(b))
            })
            .expect("three parts");
        tenths[k] += step;
        off -= step;
    }
    tenths
}

/// The Change of the Mean table, of `now` against `before` (the record's previous period).
pub fn table(before: Option<&EarlierPeriod>, now: &EarlierPeriod) -> StatTable {
    let compared = before.filter(|b| b.detailed);
    let note = match (before, compared.and_then(|b| breakdown(b, now))) {
        (_, Some(_)) => format!(
            "Why the rated pool's mean moved since {}: the drift (the mean change of the players in both pools) weighted by their share of the pool now, the players who entered (their mean against the old mean) and those who left (against those who stayed); the three effects add up to the change",
            compared.map_or("", |b| b.name.as_str())
        ),
        (Some(b), None) if !b.detailed => format!(
            "{} was recorded before the record kept who was active: the change of the mean cannot be broken down",
            b.name
        ),
        _ => "No earlier period recorded: nothing to compare".to_string(),
    };
    // A change of rule set with this period: the mean moved with it.
    let note = match before.and_then(|b| super::switch_between(b.system, now.system)) {
        Some((was, is)) => format!("{}. {note}", super::switch_note(was, is, &now.name)),
        None => note,
    };
    let mut table = StatTable::new(
        "Change of the Mean",
        note,
        &["Players", "Count", "Mean before", "Mean now", "Change", "Effect on the mean"],
    );
    let Some(b) = compared.and_then(|b| breakdown(b, now)) else {
        // The pool now alone.
        let ratings: Vec<f64> = pool(now).into_values().collect();
        if !ratings.is_empty() {
            let mut ratings = ratings;
            ratings.sort_by(f64::total_cmp);
            table.rows.push(vec![
                Cell::text("The rated pool"),
                Cell::Count(ratings.len() as u64),
                Cell::Empty,
                Cell::figure(mean(&ratings)),
                Cell::Empty,
                Cell::Empty,
            ]);
        }
        return table;
    };
    let (before_mean, now_mean) = (Cell::figure(b.pool_before.before), Cell::figure(b.pool_now.now));
    let printed_change = match (before_mean.number(), now_mean.number()) {
        (Some(a), Some(n)) => ((n - a) * 10.0).round() as i64,
        _ => 0,
    };
    let effects = tenths_adding_up(&[b.drift_effect, b.entered_effect, b.left_effect], printed_change);
    let effect = |k: usize| Cell::Figure(effects[k] as f64 / 10.0 + 0.0);
    let change = |g: Group| Cell::figure(g.before.zip(g.now).map(|(a, n)| n - a));
    let mut row = |what: &str, g: Group, change: Cell, effect: Cell| {
        table.rows.push(vec![
            Cell::text(what),
            Cell::Count(g.players as u64),
            Cell::figure(g.before),
            Cell::figure(g.now),
            change,
            effect,
        ])
    };
    row("In both pools (the drift)", b.stayed, change(b.stayed), effect(0));
    row("Entered the pool", b.entered, Cell::Empty, effect(1));
    row("Left the pool", b.left, Cell::Empty, effect(2));
    let whole = Group { players: b.pool_now.players, before: b.pool_before.before, now: b.pool_now.now };
    let total = Cell::Figure(printed_change as f64 / 10.0 + 0.0);
    row("The rated pool", whole, total.clone(), total);
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::{PeriodCounts, PoolLine};

    fn period(lines: &[(u32, f64)]) -> EarlierPeriod {
        EarlierPeriod {
            name: "P".into(),
            detailed: true,
            lines: lines.iter().map(|&(id, r)| PoolLine { id, rating: Some(r), listed: true, pooled: true }).collect(),
            counts: PeriodCounts::default(),
            system: None,
        }
    }

    #[test]
    fn the_effects_add_up_to_the_change_of_the_mean() {
        // Two stay and rise 10 and 20 (drift +15); a weak player enters, a strong one leaves.
        let before = period(&[(1, 1000.0), (2, 1200.0), (3, 2000.0)]);
        let now = period(&[(1, 1010.0), (2, 1220.0), (4, 700.0)]);
        let b = breakdown(&before, &now).unwrap();
        assert_eq!(b.stayed.players, 2);
        assert_eq!((b.stayed.before, b.stayed.now), (Some(1100.0), Some(1115.0)));
        assert_eq!((b.entered.players, b.entered.now), (1, Some(700.0)));
        assert_eq!((b.left.players, b.left.before), (1, Some(2000.0)));
        // The mean falls from 1400 to 976.67 though the drift is +15.
        let change = b.pool_now.now.unwrap() - b.pool_before.before.unwrap();
        assert!((change - (976.0 + 2.0 / 3.0 - 1400.0)).abs() < 1e-9, "{change}");
        assert!((b.drift_effect - 10.0).abs() < 1e-9, "2/3 of +15: {}", b.drift_effect);
        assert!((b.entered_effect - (700.0 - 1400.0) / 3.0).abs() < 1e-9);
        assert!((b.left_effect - 2.0 / 3.0 * (1.0 / 3.0) * (1100.0 - 2000.0)).abs() < 1e-9);
        assert!((b.drift_effect + b.entered_effect + b.left_effect - change).abs() < 1e-9);
    }

    #[test]
    fn random_pools_add_up_exactly_and_so_do_their_printed_figures() {
        // A small linear congruential generator: pools of every shape.
        let mut seed: u64 = 7;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..300 {
            let mut before = Vec::new();
            let mut now = Vec::new();
            for id in 0..(1 + next(60) as u32) {
                let r = 800.0 + next(1600) as f64;
                match next(4) {
                    0 => before.push((id, r)),
                    1 => now.push((id, r)),
                    _ => {
                        before.push((id, r));
                        now.push((id, r + next(81) as f64 - 40.0));
                    }
                }
            }
            let (before, now) = (period(&before), period(&now));
            let Some(b) = breakdown(&before, &now) else { continue };
            let change = b.pool_now.now.unwrap() - b.pool_before.before.unwrap();
            let sum = b.drift_effect + b.entered_effect + b.left_effect;
            assert!((sum - change).abs() < 1e-9, "{sum} against {change}");
            let t = table(Some(&before), &now);
            let effects: Vec<f64> =
                t.column("Effect on the mean").unwrap().iter().map(|c| c.number().unwrap()).collect();
            let printed = |c: &Cell| c.printed().parse::<f64>().unwrap();
            let whole = t.rows.last().unwrap();
            let printed_change = printed(&whole[3]) - printed(&whole[2]);
            let tenths = |x: f64| (x * 10.0).round() as i64;
            assert_eq!(tenths(effects[..3].iter().sum()), tenths(printed_change), "{t:?}");
            assert_eq!(tenths(effects[3]), tenths(printed_change));
            for (k, e) in [b.drift_effect, b.entered_effect, b.left_effect].iter().enumerate() {
                assert!((effects[k] - e).abs() <= 0.15, "a printed effect near its value: {} {e}", effects[k]);
            }
        }
    }

    #[test]
    fn without_a_previous_period_there_is_nothing_to_break_down() {
        let now = period(&[(1, 1000.0)]);
        let t = table(None, &now);
        assert_eq!(t.rows.len(), 1, "the pool now alone");
        assert_eq!(t.rows[0][3], Cell::Figure(1000.0));
        assert_eq!(t.rows[0][5], Cell::Empty);
        assert!(t.note.contains("nothing to compare"), "{}", t.note);
        let mut old = period(&[(1, 990.0)]);
        old.detailed = false;
        assert!(table(Some(&old), &now).note.contains("cannot be broken down"));
    }
}
