//! The tables that compare periods: This Period (who came, returned and
//! left since the record's previous period, what was rated, how far
//! ratings moved) and Trends (every recorded period, oldest first, with the
//! drift of the ratings from one period to the next: each period's rated
//! pool matched with the one before, player by player).

use std::collections::{HashMap, HashSet};

use polars::prelude::*;

use super::table::{Cell, StatTable};
use super::{EarlierPeriod, PoolLine, Settings, ThisPeriod, TrendPoint};
use crate::model::system::SystemName;

/// The bands of absolute rating change This Period counts: (lowest, highest, label).
const CHANGE_BANDS: [(i64, i64, &str); 6] = [
    (0, 0, "Rating changes of 0"),
    (1, 10, "Rating changes of 1\u{2013}10"),
    (11, 25, "Rating changes of 11\u{2013}25"),
    (26, 50, "Rating changes of 26\u{2013}50"),
    (51, 100, "Rating changes of 51\u{2013}100"),
    (101, i64::MAX, "Rating changes over 100"),
];

/// The top average the Trends table and chart follow besides the top-N.
const TREND_TOP: usize = 100;

/// This Period: one line each.
pub fn this_period(now: &ThisPeriod, earlier: &[EarlierPeriod], settings: &Settings, recorded: bool) -> StatTable {
    let previous = earlier.last();
    let note = match (recorded, previous) {
        (false, _) => "No rating record (record = false): every listed player counts as new".to_string(),
        (true, None) => "The record holds no earlier period: every listed player counts as new".to_string(),
        (true, Some(p)) if !p.detailed => {
            format!("Compared with {}, recorded before the record kept who was active: new, returning and dropped are not counted", p.name)
        }
        (true, Some(p)) => format!("Compared with {}, the record's previous period", p.name),
    };
    let note = match previous.and_then(|p| super::switch_between(p.system, now.system)) {
        Some((was, is)) => format!(
            "{note}. {}: the rating changes counted are those of this period's games, against each player's {is} rating at its start",
            super::switch_note(was, is, &now.name)
        ),
        None => note,
    };
    let mut table = StatTable::new("This Period", note, &["What", "Count"]);
    let listed_in = |p: &EarlierPeriod| -> HashSet<u32> { p.lines.iter().filter(|l| l.listed).map(|l| l.id).collect() };
    let before_ids: HashSet<u32> =
        earlier.iter().flat_map(|p| p.lines.iter().filter(|l| l.listed).map(|l| l.id)).collect();
    let last_ids = previous.map(listed_in).unwrap_or_default();
    let known = previous.is_none_or(|p| p.detailed);
    let listed: Vec<u32> = now.players.iter().filter(|p| p.listed).map(|p| p.id).collect();
    let listed_set: HashSet<u32> = listed.iter().copied().collect();
    let count = |n: usize| if known { Cell::Count(n as u64) } else { Cell::Empty };
    let new = listed.iter().filter(|id| !before_ids.contains(id)).count();
    let returning = listed.iter().filter(|id| !last_ids.contains(id) && before_ids.contains(id)).count();
    let dropped = last_ids.iter().filter(|id| !listed_set.contains(id)).count();
    let mut row = |what: &str, cell: Cell| table.rows.push(vec![Cell::text(what), cell]);
    row("Listed", Cell::Count(listed.len() as u64));
    row("Rated pool", Cell::Count(now.players.iter().filter(|p| p.pooled && p.rating.is_some()).count() as u64));
    row("New (listed for the first time)", count(new));
    row("Returning (listed before, not last period)", count(returning));
    row("Dropped (listed last period, not now)", count(dropped));
    row("Removed by maintenance", Cell::Count(now.players.iter().filter(|p| p.removed).count() as u64));
    row("Events rated", Cell::Count(now.counts.events_rated));
    row("Events not rated", Cell::Count(now.counts.events_not_rated));
    row("Events deferred", Cell::Count(now.counts.events_deferred));
    row("Games rated", Cell::Count(now.counts.games_rated));
    // The changes of the players listed, as the heading's "Listed" counts them.
    let changes: Vec<i64> = now.players.iter().filter(|p| p.listed).filter_map(|p| p.change).map(i64::abs).collect();
    for (lo, hi, label) in CHANGE_BANDS {
        let label = label.replacen("Rating", settings.words.rating_title, 1);
        row(&label, Cell::Count(changes.iter().filter(|&&c| c >= lo && c <= hi).count() as u64));
    }
    table
}

/// Every period's players in one frame: period (its place, oldest first),
/// id, rating, listed, pooled; each period's players in ID order. Periods
/// without activity recorded are left out.
fn history_frame(periods: &[&EarlierPeriod]) -> PolarsResult<DataFrame> {
    let rows: usize = periods.iter().filter(|p| p.detailed).map(|p| p.lines.len()).sum();
    let mut period = Vec::with_capacity(rows);
    let mut id = Vec::with_capacity(rows);
    let mut rating = Vec::with_capacity(rows);
    let mut listed = Vec::with_capacity(rows);
    let mut pooled = Vec::with_capacity(rows);
    for (k, p) in periods.iter().enumerate().filter(|(_, p)| p.detailed) {
        let mut lines: Vec<&PoolLine> = p.lines.iter().collect();
        if !lines.is_sorted_by_key(|l| l.id) {
            lines.sort_by_key(|l| l.id);
        }
        for l in lines {
            period.push(k as u32);
            id.push(l.id);
            rating.push(l.rating);
            listed.push(l.listed);
            pooled.push(l.pooled && l.rating.is_some());
        }
    }
    df!("period" => period, "id" => id, "rating" => rating, "listed" => listed, "pooled" => pooled)
}

/// Per period (by its place): the figures `f` sums each period's group up to,
/// one row each, read back as columns of f64 by name.
fn per_period(
    frame: &DataFrame,
    names: &'static [&'static str],
    f: impl Fn(&DataFrame) -> PolarsResult<Vec<Option<f64>>> + Send + Sync,
) -> PolarsResult<HashMap<u32, Vec<Option<f64>>>> {
    if frame.height() == 0 {
        return Ok(HashMap::new());
    }
    let out = frame.group_by(["period"])?.apply(|g| {
        let figures = f(&g)?;
        let mut columns = vec![Column::new("period".into(), [g.column("period")?.u32()?.get(0)])];
        for (name, value) in names.iter().zip(figures) {
            columns.push(Column::new((*name).into(), [value]));
        }
        DataFrame::new(columns)
    })?;
    let periods = out.column("period")?.u32()?;
    let mut by_period = HashMap::new();
    for i in 0..out.height() {
        let values = names
            .iter()
            .map(|name| Ok(out.column(name)?.cast(&DataType::Float64)?.f64()?.get(i)))
            .collect::<PolarsResult<Vec<_>>>()?;
        by_period.insert(periods.get(i).unwrap_or(0), values);
    }
    Ok(by_period)
}

/// The mean of the `n` highest ratings of a group; none when fewer qualify.
fn top_mean(ratings: &Float64Chunked, n: usize) -> Option<f64> {
    let sorted = ratings.drop_nulls().sort(true);
    (sorted.len() >= n).then(|| sorted.slice(0, n).mean()).flatten()
}

/// Drift, by period (its place): the mean change of the players in its
/// rated pool and the one before, a merge of the two pools in ID order (the
/// frame holds each period's players in ID order; a join of the two on
/// period and ID took most of the time of `ratebook stats` over 240
/// periods).
fn drift(pooled: &DataFrame) -> PolarsResult<HashMap<u32, Vec<Option<f64>>>> {
    let periods: Vec<u32> = pooled.column("period")?.u32()?.into_no_null_iter().collect();
    let ids: Vec<u32> = pooled.column("id")?.u32()?.into_no_null_iter().collect();
    let ratings: Vec<f64> = pooled.column("rating")?.f64()?.into_no_null_iter().collect();
    let mut ranges = Vec::new();
    let mut start = 0;
    for run in periods.chunk_by(|a, b| a == b) {
        ranges.push((run[0], start..start + run.len()));
        start += run.len();
    }
    let mut drift = HashMap::new();
    for pair in ranges.windows(2) {
        let ((before, was), (now, is)) = (&pair[0], &pair[1]);
        if *now != before + 1 {
            continue;
        }
        let (mut i, mut j, mut sum, mut n) = (was.start, is.start, 0.0, 0usize);
        while i < was.end && j < is.end {
            match ids[i].cmp(&ids[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    sum += ratings[j] - ratings[i];
                    n += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        drift.insert(*now, vec![(n > 0).then(|| sum / n as f64)]);
    }
    Ok(drift)
}

/// The Trends table and the trend chart's points.
pub fn trends(
    periods: &[&EarlierPeriod],
    settings: &Settings,
    recorded: bool,
) -> PolarsResult<(StatTable, Vec<TrendPoint>)> {
    let n = settings.top_average;
    let top = format!("Top-{n} average");
    let first = format!("New players' mean first {}", settings.words.rating);
    let mut note = if !recorded {
        "No rating record (record = false): this period alone".to_string()
    } else if periods.len() == 1 {
        "The record holds no earlier period: this period alone".to_string()
    } else if periods.iter().any(|p| !p.detailed) {
        "Periods recorded before the record kept who was active show their events and games alone".to_string()
    } else {
        "Every recorded period, oldest first; drift is the mean change of the players in the rated pool of both periods"
            .to_string()
    };
    // Nobody is listed before the first period the record holds: whether
    // its players were new to the list is not known (not all of them new).
    note.push_str(&format!(
        "; new players are not counted for {}, the first, as the record holds no list before it",
        periods.first().map_or("the first period", |p| p.name.as_str())
    ));
    // The periods the system changed with: said, and no drift across them.
    let switches: Vec<Option<(SystemName, SystemName)>> = (0..periods.len())
        .map(|k| (k > 0).then(|| super::switch_between(periods[k - 1].system, periods[k].system)).flatten())
        .collect();
    for (k, (was, is)) in switches.iter().enumerate().filter_map(|(k, s)| Some((k, (*s)?))) {
        note += &format!(
            ". {} (the drift of {} is left out)",
            super::switch_note(was, is, &periods[k].name),
            periods[k].name
        );
    }
    let mut table = StatTable::new(
        "Trends",
        note,
        &[
            "Period",
            "Listed",
            "Rated pool",
            "New players",
            &first,
            "Events rated",
            "Games rated",
            "Mean",
            "Median",
            "Top-100 average",
            &top,
            "Drift",
        ],
    );
    let frame = history_frame(periods)?;
    let pooled = frame.filter(frame.column("pooled")?.bool()?)?;
    let listed = frame.filter(frame.column("listed")?.bool()?)?;
    let pool = per_period(&pooled, &["pool", "mean", "median", "top100", "top"], move |g| {
        let ratings = g.column("rating")?.f64()?;
        Ok(vec![
            Some(g.height() as f64),
            ratings.mean(),
            ratings.median(),
            top_mean(ratings, TREND_TOP),
            top_mean(ratings, n),
        ])
    })?;
    let listed_counts = per_period(&listed, &["listed"], |g| Ok(vec![Some(g.height() as f64)]))?;
    // A player is new in the period he is first listed in (the frame is in period order).
    let first = listed.unique_stable(Some(&["id".to_string()]), UniqueKeepStrategy::First, None)?;
    let newcomers = per_period(&first, &["new", "first_rating"], |g| {
        Ok(vec![Some(g.height() as f64), g.column("rating")?.f64()?.mean()])
    })?;
    let drift = drift(&pooled)?;

    let mut points = Vec::new();
    for (k, p) in periods.iter().enumerate() {
        let key = k as u32;
        let get = |m: &HashMap<u32, Vec<Option<f64>>>, i: usize| m.get(&key).and_then(|v| v[i]);
        let count = |m: &HashMap<u32, Vec<Option<f64>>>, i: usize| {
            if p.detailed {
                Cell::Count(get(m, i).unwrap_or(0.0) as u64)
            } else {
                Cell::Empty
            }
        };
        let before_detailed = k > 0 && periods[k - 1].detailed;
        // (New to the list: not known in the first period, with no list before it.)
        let (new, first_rating) =
            if k == 0 { (Cell::Empty, Cell::Empty) } else { (count(&newcomers, 0), Cell::figure(get(&newcomers, 1))) };
        table.rows.push(vec![
            Cell::text(p.name.as_str()),
            count(&listed_counts, 0),
            count(&pool, 0),
            new,
            first_rating,
            Cell::Count(p.counts.events_rated),
            Cell::Count(p.counts.games_rated),
            Cell::figure(get(&pool, 1)),
            Cell::figure(get(&pool, 2)),
            Cell::figure(get(&pool, 3)),
            Cell::figure(get(&pool, 4)),
            if before_detailed && switches[k].is_none() { Cell::figure(get(&drift, 0)) } else { Cell::Empty },
        ]);
        points.push(TrendPoint {
            period: p.name.clone(),
            mean: get(&pool, 1),
            median: get(&pool, 2),
            top_100: get(&pool, 3),
        });
    }
    Ok((table, points))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::PeriodCounts;

    fn period(name: &str, lines: &[(u32, f64)]) -> EarlierPeriod {
        EarlierPeriod {
            name: name.into(),
            detailed: true,
            lines: lines.iter().map(|&(id, r)| PoolLine { id, rating: Some(r), listed: true, pooled: true }).collect(),
            counts: PeriodCounts { events_rated: 2, games_rated: 10, ..Default::default() },
            system: None,
        }
    }

    #[test]
    fn drift_is_the_mean_change_of_the_players_in_both_pools() {
        let settings = crate::statistics::pool::tests::settings(vec![], 2);
        let periods = [period("A", &[(1, 1000.0), (2, 1200.0)]), period("B", &[(1, 1010.0), (2, 1230.0), (3, 900.0)])];
        let (table, points) = trends(&[&periods[0], &periods[1]], &settings, true).unwrap();
        let printed: Vec<Vec<String>> = table.rows.iter().map(|r| r.iter().map(Cell::printed).collect()).collect();
        // The first period's players are not all new: nobody knows who was.
        assert_eq!(printed[0], ["A", "2", "2", "", "", "2", "10", "1100.0", "1100.0", "", "1100.0", ""]);
        assert!(table.note.contains("not counted for A, the first"), "{}", table.note);
        assert_eq!(printed[1], ["B", "3", "3", "1", "900.0", "2", "10", "1046.7", "1010.0", "", "1120.0", "20.0"]);
        assert_eq!(points[1].median, Some(1010.0));
    }
}
