//! The period's own tables, from one DataFrame of its players: By Age,
//! By State, the Distribution and the Percentiles of the rated pool, and each
//! player's standing in it.

use std::collections::HashMap;

use polars::prelude::*;

use super::table::{Cell, StatTable};
use super::{PlayerFacts, Settings, Standings};

/// The percentiles the Percentiles table gives.
const PERCENTILES: [u32; 9] = [1, 5, 10, 25, 50, 75, 90, 95, 99];

/// The age bands: `Under 12`, `12–15`, …, `80 and over`, `Age unknown` (no birth date).
pub struct AgeBands {
    bounds: Vec<u32>,
    labels: Vec<String>,
}

/// (Not "birth date": a published page never speaks of birth dates.)
pub const UNKNOWN_AGE: &str = "Age unknown";

impl AgeBands {
    pub fn new(bounds: &[u32]) -> AgeBands {
        let mut labels = Vec::new();
        if let Some(first) = bounds.first() {
            labels.push(format!("Under {first}"));
        }
        for pair in bounds.windows(2) {
            labels.push(format!("{}\u{2013}{}", pair[0], pair[1] - 1));
        }
        match bounds.last() {
            Some(last) => labels.push(format!("{last} and over")),
            None => labels.push("Every age".to_string()),
        }
        labels.push(UNKNOWN_AGE.to_string());
        AgeBands { bounds: bounds.to_vec(), labels }
    }

    /// The band of an age.
    pub fn of(&self, age: Option<u32>) -> &str {
        &self.labels[self.place(age)]
    }

    /// The band of an age, by its place in the labels.
    fn place(&self, age: Option<u32>) -> usize {
        match age {
            None => self.labels.len() - 1,
            Some(a) => self.bounds.iter().take_while(|&&b| a >= b).count(),
        }
    }
}

/// The period's players as DataFrames: all of them, and the rated pool.
pub struct PoolFrame {
    all: DataFrame,
    pooled: DataFrame,
    /// The rated pool's ratings, lowest first.
    sorted: Vec<f64>,
}

/// What a group of the rated pool adds up to.
#[derive(Default, Clone)]
struct Summary {
    players: u64,
    female: u64,
    mean: Option<f64>,
    median: Option<f64>,
    top: Option<f64>,
    best: Option<(f64, String)>,
}

impl PoolFrame {
    pub fn new(players: &[PlayerFacts]) -> PolarsResult<PoolFrame> {
        let all = df!(
            "id" => players.iter().map(|p| p.id).collect::<Vec<u32>>(),
            // As the lists print it: "Best" tells namesakes apart by their IDs.
            "name" => players.iter().map(PlayerFacts::printed_name).collect::<Vec<String>>(),
            "state" => players.iter().map(|p| p.state.as_deref().unwrap_or("")).collect::<Vec<&str>>(),
            "female" => players.iter().map(|p| p.female).collect::<Vec<bool>>(),
            "age" => players.iter().map(|p| p.age).collect::<Vec<Option<u32>>>(),
            "rating" => players.iter().map(|p| p.rating).collect::<Vec<Option<f64>>>(),
            "listed" => players.iter().map(|p| p.listed).collect::<Vec<bool>>(),
            "pooled" => players.iter().map(|p| p.pooled && p.rating.is_some()).collect::<Vec<bool>>(),
        )?;
        let pooled = all.filter(all.column("pooled")?.bool()?)?;
        let mut sorted: Vec<f64> = pooled.column("rating")?.f64()?.into_no_null_iter().collect();
        sorted.sort_by(f64::total_cmp);
        Ok(PoolFrame { all, pooled, sorted })
    }

    /// Players in the rated pool.
    fn size(&self) -> u64 {
        self.sorted.len() as u64
    }

    /// By Age: the rated pool by age band, every band listed (an empty one
    /// with no figures), players without a birth date in their own row.
    pub fn by_age(&self, bands: &AgeBands, settings: &Settings) -> PolarsResult<StatTable> {
        let n = settings.top_average;
        let top = format!("Top-{n} average");
        let best = format!("Best {}", settings.words.rating);
        let mut columns =
            vec!["Age band", "Players", "Female players", "Share of the pool %", "Mean", "Median", &top, &best, "Best"];
        // (The best player and his rating beside a band would tell his age.)
        let named = settings.ages_public;
        if !named {
            columns.truncate(columns.len() - 2);
        }
        // The lists' age groups that are no band of their own (`65 and over`
        // beside `65–79` and `80 and over`), counted in rows after the bands.
        let groups = list_groups(settings, bands);
        let mut note = "The rated pool by age at the age date; a band with no players has no figures".to_string();
        if !groups.is_empty() {
            let named: Vec<&str> = groups.iter().map(|g| g.0.as_str()).collect();
            note += &format!(
                "; the last rows ({}) are the age groups of the junior and senior lists, which overlap the bands",
                named.join(", ")
            );
        }
        let mut table = StatTable::new("By Age", note, &columns);
        let mut pooled = self.pooled.clone();
        let labels: Vec<&str> = pooled.column("age")?.u32()?.into_iter().map(|a| bands.of(a)).collect();
        pooled.with_column(Column::new("band".into(), labels))?;
        let by_band = summaries(&pooled, "band", n)?;
        let mut push = |label: &str, s: Option<&Summary>| {
            let mut row = vec![Cell::text(label)];
            row.extend(summary_cells(s, Some(self.size())));
            row.truncate(table.columns.len());
            table.rows.push(row);
        };
        for label in &bands.labels {
            push(label, by_band.get(label.as_str()));
        }
        for (label, member) in &groups {
            let ages = pooled.column("age")?.u32()?;
            let mask: BooleanChunked = ages.into_iter().map(|a| a.is_some_and(member)).collect();
            let mut group = pooled.filter(&mask)?;
            let height = group.height();
            group.with_column(Column::new("band".into(), vec![label.as_str(); height]))?;
            push(label, summaries(&group, "band", n)?.get(label.as_str()));
        }
        Ok(table)
    }

    /// By State (By Region, By Union … in the rule set's word for the
    /// federation's parts): listed players and the rated pool state by
    /// state, ranked by top-N average; states without one last, in
    /// `[states]` order.
    pub fn by_state(&self, settings: &Settings) -> PolarsResult<StatTable> {
        let n = settings.top_average;
        let top = format!("Top-{n} average");
        let women = format!("Top-{n} women's average");
        let best = format!("Best {}", settings.words.rating);
        let (by_top, by_median) = (format!("Rank by top-{n} average"), "Rank by median");
        let title = format!("By {}", settings.words.region_title);
        let mut table = StatTable::new(
            &title,
            String::new(),
            &[
                settings.words.region_title,
                "Name",
                &by_top,
                by_median,
                "Listed",
                "Rated pool",
                "Female",
                "Mean",
                "Median",
                &top,
                &women,
                &best,
                "Best",
            ],
        );
        // Listed players counted by state, joined with the pool's figures.
        let listed = self.all.filter(self.all.column("listed")?.bool()?)?;
        let counts = listed.group_by(["state"])?.select(["id"]).count()?;
        let pool = summaries(&self.pooled, "state", n)?;
        let female_pool = self.pooled.filter(self.pooled.column("female")?.bool()?)?;
        let women_top = summaries(&female_pool, "state", n)?;
        let counted: HashMap<String, u64> = {
            let states = counts.column("state")?.str()?;
            let ids = counts.column("id_count")?.cast(&DataType::UInt64)?;
            let ids = ids.u64()?;
            states.into_iter().zip(ids).filter_map(|(s, c)| Some((s?.to_string(), c.unwrap_or(0)))).collect()
        };
        let mut states: Vec<(String, String)> = settings.states.clone();
        // Players of a state `[states]` does not name still count, in a row of their own.
        let mut others: Vec<&String> =
            counted.keys().chain(pool.keys()).filter(|s| !states.iter().any(|(c, _)| c == *s)).collect();
        others.sort();
        others.dedup();
        for s in others {
            let none = format!("No {}", settings.words.region);
            states.push((s.clone(), if s.is_empty() { none } else { s.clone() }));
        }
        let mut rows: Vec<(Option<f64>, usize, Vec<Cell>)> = states
            .iter()
            .enumerate()
            .map(|(k, (code, name))| {
                let s = pool.get(code.as_str());
                let mut row = vec![Cell::text(code.as_str()), Cell::text(name.as_str())];
                // The ranks, filled in once every state's figures are known.
                row.extend([Cell::Empty, Cell::Empty]);
                row.push(Cell::Count(counted.get(code).copied().unwrap_or(0)));
                let mut figures = summary_cells(s, None);
                let best = figures.split_off(5);
                row.extend(figures);
                row.push(Cell::figure(women_top.get(code.as_str()).and_then(|w| w.top)));
                row.extend(best);
                (s.and_then(|s| s.top), k, row)
            })
            .collect();
        rows.sort_by(|a, b| match (a.0, b.0) {
            (Some(x), Some(y)) => y.total_cmp(&x).then(a.1.cmp(&b.1)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a.1.cmp(&b.1),
        });
        table.rows = rows.into_iter().map(|(_, _, row)| row).collect();
        let top_leader = rank_column(&mut table.rows, 9, 2);
        let median_leader = rank_column(&mut table.rows, 8, 3);
        let region = settings.words.region;
        table.note = match (top_leader, median_leader) {
            (Some(t), Some(m)) if t == m => format!(
                "Listed players and the rated pool by {region}, ranked by the top-{n} average; {t} is first by the top-{n} average and by the median"
            ),
            (Some(t), Some(m)) => format!(
                "Listed players and the rated pool by {region}, ranked by the top-{n} average, which puts {t} first; by the median {m} is first (the two Rank columns give both)"
            ),
            _ => format!("Listed players and the rated pool by {region}, ranked by the top-{n} average"),
        };
        Ok(table)
    }

    /// Players of the rated pool per band of `band` points (the rule set's
    /// [`crate::model::words::Words::band`]: 100 rating points, 10 ECF
    /// grade points), from the lowest band to the highest (bands between
    /// with none too).
    pub fn distribution(&self, band: u32) -> PolarsResult<(i64, Vec<u64>)> {
        let rows = self.distribution_rows(band, None, None)?;
        Ok((rows.first().map_or(0, |r| r.0), rows.iter().map(|r| r.1).collect()))
    }

    /// (band, players, female, juniors, seniors), every band from the lowest.
    fn distribution_rows(
        &self,
        band: u32,
        junior: Option<u32>,
        senior: Option<u32>,
    ) -> PolarsResult<Vec<(i64, u64, u64, u64, u64)>> {
        if self.pooled.height() == 0 {
            return Ok(Vec::new());
        }
        let width = i64::from(band.max(1));
        let mut pooled = self.pooled.clone();
        let band: Vec<i64> = pooled
            .column("rating")?
            .f64()?
            .into_no_null_iter()
            .map(|r| (r.floor() as i64).div_euclid(width) * width)
            .collect();
        pooled.with_column(Column::new("band".into(), band))?;
        let counted = pooled.group_by(["band"])?.apply(move |g| {
            let ages = g.column("age")?.u32()?;
            let junior = ages.into_iter().filter(|a| matches!((a, junior), (Some(a), Some(j)) if *a < j)).count();
            let senior = ages.into_iter().filter(|a| matches!((a, senior), (Some(a), Some(s)) if *a >= s)).count();
            df!(
                "band" => [g.column("band")?.i64()?.get(0)],
                "players" => [g.height() as u64],
                "female" => [g.column("female")?.bool()?.sum().unwrap_or(0) as u64],
                "juniors" => [junior as u64],
                "seniors" => [senior as u64],
            )
        })?;
        let counted = counted.sort(["band"], SortMultipleOptions::default())?;
        let column =
            |name: &str| -> PolarsResult<Vec<u64>> { Ok(counted.column(name)?.u64()?.into_no_null_iter().collect()) };
        let bands: Vec<i64> = counted.column("band")?.i64()?.into_no_null_iter().collect();
        let (players, female, juniors, seniors) =
            (column("players")?, column("female")?, column("juniors")?, column("seniors")?);
        let (lo, hi) = (bands[0], bands[bands.len() - 1]);
        let mut rows = Vec::new();
        let mut k = 0;
        let mut band = lo;
        while band <= hi {
            if bands.get(k) == Some(&band) {
                rows.push((band, players[k], female[k], juniors[k], seniors[k]));
                k += 1;
            } else {
                rows.push((band, 0, 0, 0, 0));
            }
            band += width;
        }
        Ok(rows)
    }

    /// The Distribution table.
    pub fn distribution_table(&self, settings: &Settings) -> PolarsResult<StatTable> {
        let juniors = settings.junior_age.map_or("Juniors".to_string(), |a| format!("Juniors (under {a})"));
        let seniors = settings.senior_age.map_or("Seniors".to_string(), |a| format!("Seniors ({a} and over)"));
        let width = settings.words.band.max(1);
        let mut table = StatTable::new(
            "Distribution",
            format!("The rated pool by {width}-point band of {}", settings.words.rating),
            &["Band", "Players", "Female", &juniors, &seniors, "Cumulative %"],
        );
        let mut cumulative = 0;
        for (band, players, female, junior, senior) in
            self.distribution_rows(width, settings.junior_age, settings.senior_age)?
        {
            cumulative += players;
            table.rows.push(vec![
                Cell::text(format!("{band}\u{2013}{}", band + i64::from(width) - 1)),
                Cell::Count(players),
                Cell::Count(female),
                Cell::Count(junior),
                Cell::Count(senior),
                Cell::figure(Some(100.0 * cumulative as f64 / self.size() as f64)),
            ]);
        }
        Ok(table)
    }

    /// The Percentiles table: the rating at p (linear interpolation between
    /// the closest ranks, R-7), to one decimal as the mean and the median
    /// are printed: the 50th percentile is the median Trends prints, the
    /// same figure (a player's rating, such as Best, is printed whole).
    pub fn percentiles(&self, settings: &Settings) -> PolarsResult<StatTable> {
        let w = settings.words;
        let mut table = StatTable::new(
            "Percentiles",
            format!("The {} at each percentile of the rated pool (linear interpolation, R-7)", w.rating),
            &["Percentile", w.rating_title],
        );
        let ratings = self.pooled.column("rating")?.f64()?;
        for p in PERCENTILES {
            let at = ratings.quantile(p as f64 / 100.0, QuantileMethod::Linear)?;
            table.rows.push(vec![Cell::Count(p as u64), Cell::figure(at)]);
        }
        Ok(table)
    }

    /// Each player's age band and percentile: the share of the rated pool
    /// rated below him or him (those level with him not counted), rounded
    /// down to one decimal, so that 100% is only ever the player alone at
    /// the top (the second of 2,505 is 99.9%, not 100.0%).
    pub fn standings(&self, players: &[PlayerFacts], bands: &AgeBands) -> Standings {
        let n = self.sorted.len();
        let mut standings: Vec<(u32, usize, Option<f64>)> = players
            .iter()
            .map(|p| {
                let percentile = p.rating.filter(|_| n > 0).map(|r| {
                    let below = self.sorted.partition_point(|&x| x < r) + usize::from(p.pooled);
                    // (Whole thousandths first: 1000 × 2 / 4 is 500 exactly, never 499.99…)
                    (1000 * below.min(n) / n) as f64 / 10.0
                });
                (p.id, bands.place(p.age), percentile)
            })
            .collect();
        if !standings.is_sorted_by_key(|s| s.0) {
            standings.sort_by_key(|s| s.0);
        }
        Standings::new(bands.labels.clone(), standings, n)
    }
}

/// Ranks the rows by the figure in column `by` (highest first, ties
/// sharing a rank, rows without one unranked) into column `into`; returns
/// the first-ranked state's name (column 1), or the names of those tied first.
fn rank_column(rows: &mut [Vec<Cell>], by: usize, into: usize) -> Option<String> {
    let mut figures: Vec<f64> = rows.iter().filter_map(|r| r[by].number()).collect();
    figures.sort_by(|a, b| b.total_cmp(a));
    for row in rows.iter_mut() {
        if let Some(x) = row[by].number() {
            row[into] = Cell::Count(1 + figures.iter().take_while(|&&y| y > x).count() as u64);
        }
    }
    let first: Vec<String> = rows.iter().filter(|r| r[into] == Cell::Count(1)).map(|r| r[1].printed()).collect();
    (!first.is_empty()).then(|| first.join(" and "))
}

/// The age groups of the junior lists (`Under 20`, widest first) and the
/// senior lists (`65 and over`, youngest first) that no age band already
/// counts, each with who belongs.
fn list_groups(settings: &Settings, bands: &AgeBands) -> Vec<(String, Box<dyn Fn(u32) -> bool>)> {
    let mut juniors = settings.junior_ages.clone();
    juniors.sort_by(|a, b| b.cmp(a));
    let mut seniors = settings.senior_ages.clone();
    seniors.sort();
    let mut groups: Vec<(String, Box<dyn Fn(u32) -> bool>)> = Vec::new();
    for n in juniors {
        groups.push((format!("Under {n}"), Box::new(move |a| a < n)));
    }
    for n in seniors {
        groups.push((format!("{n} and over"), Box::new(move |a| a >= n)));
    }
    groups.retain(|(label, _)| !bands.labels.contains(label));
    groups
}

/// Players, female, share (of `pool`, when given), mean, median, top-N
/// average, best rating and name: empty figures for a group with no players.
fn summary_cells(s: Option<&Summary>, pool: Option<u64>) -> Vec<Cell> {
    let s = s.cloned().unwrap_or_default();
    let mut cells = vec![Cell::Count(s.players), Cell::Count(s.female)];
    if let Some(pool) = pool {
        cells.push(Cell::figure((pool > 0).then(|| 100.0 * s.players as f64 / pool as f64)));
    }
    cells.extend([Cell::figure(s.mean), Cell::figure(s.median), Cell::figure(s.top)]);
    match s.best {
        Some((rating, name)) => cells.extend([Cell::rating(rating), Cell::text(name)]),
        None => cells.extend([Cell::Empty, Cell::Empty]),
    }
    cells
}

/// The pool's figures grouped by `key` (a text column): a group-by whose
/// every group is summed up in one row.
fn summaries(frame: &DataFrame, key: &str, top_n: usize) -> PolarsResult<HashMap<String, Summary>> {
    if frame.height() == 0 {
        return Ok(HashMap::new());
    }
    let key_name = key.to_string();
    let out = frame.group_by([key])?.apply(move |g| {
        let ratings = g.column("rating")?.f64()?;
        let sorted = ratings.sort_with(SortOptions::default().with_order_descending(true).with_nulls_last(true));
        let rated = ratings.len() - ratings.null_count();
        let top = if rated >= top_n { sorted.slice(0, top_n).mean() } else { None };
        // The best: the highest rating, ties by name, then ID (a sort by
        // rating alone, the names compared only where the best tie).
        let best_rating = sorted.get(0);
        let names = g.column("name")?.str()?;
        let ids = g.column("id")?.u32()?;
        let best_name = ratings
            .into_iter()
            .zip(names)
            .zip(ids)
            .filter(|((r, _), _)| r.is_some() && *r == best_rating)
            .map(|((_, name), id)| (name.unwrap_or(""), id.unwrap_or(0)))
            .min()
            .map(|(name, _)| name);
        df!(
            "key" => [g.column(&key_name)?.str()?.get(0).unwrap_or("")],
            "players" => [g.height() as u64],
            "female" => [g.column("female")?.bool()?.sum().unwrap_or(0) as u64],
            "mean" => [ratings.mean()],
            "median" => [sorted.median()],
            "top" => [top],
            "best_rating" => [best_rating],
            "best_name" => [best_name],
        )
    })?;
    let keys = out.column("key")?.str()?;
    let players = out.column("players")?.u64()?;
    let female = out.column("female")?.u64()?;
    let mean = out.column("mean")?.f64()?;
    let median = out.column("median")?.f64()?;
    let top = out.column("top")?.f64()?;
    let best_rating = out.column("best_rating")?.f64()?;
    let best_name = out.column("best_name")?.str()?;
    Ok((0..out.height())
        .map(|i| {
            let summary = Summary {
                players: players.get(i).unwrap_or(0),
                female: female.get(i).unwrap_or(0),
                mean: mean.get(i),
                median: median.get(i),
                top: top.get(i),
                best: best_rating.get(i).zip(best_name.get(i)).map(|(r, n)| (r, n.to_string())),
            };
            (keys.get(i).unwrap_or("").to_string(), summary)
        })
        .collect())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn player(id: u32, rating: Option<f64>, age: Option<u32>, female: bool, state: &str) -> PlayerFacts {
        PlayerFacts {
            id,
            name: format!("Player {id}"),
            state: Some(state.into()),
            female,
            age,
            rating,
            listed: true,
            pooled: rating.is_some(),
            ..Default::default()
        }
    }

    pub(crate) fn settings(age_bands: Vec<u32>, top_average: usize) -> Settings {
        Settings {
            age_bands,
            top_average,
            junior_age: Some(20),
            senior_age: Some(50),
            junior_ages: vec![20],
            senior_ages: vec![50],
            states: vec![("N".into(), "New South Wales".into()), ("V".into(), "Victoria".into())],
            words: crate::rate::rule_set(crate::model::system::SystemName::Acf).words(),
            ages_public: true,
        }
    }

    #[test]
    fn age_bands_are_named_from_their_bounds() {
        let bands = AgeBands::new(&[12, 16, 80]);
        assert_eq!(bands.labels, ["Under 12", "12\u{2013}15", "16\u{2013}79", "80 and over", UNKNOWN_AGE]);
        assert_eq!(bands.of(Some(11)), "Under 12");
        assert_eq!(bands.of(Some(12)), "12\u{2013}15");
        assert_eq!(bands.of(Some(80)), "80 and over");
        assert_eq!(bands.of(None), UNKNOWN_AGE);
    }

    #[test]
    fn percentiles_interpolate_linearly_between_ranks() {
        // R-7 on 1000, 1100, 1200, 1300: p25 = 1075, p50 = 1150.
        let players: Vec<PlayerFacts> =
            (0..4).map(|i| player(i, Some(1000.0 + 100.0 * i as f64), Some(30), false, "V")).collect();
        let pool = PoolFrame::new(&players).unwrap();
        let table = pool.percentiles(&settings(vec![12], 2)).unwrap();
        let at = |p: u64| table.rows.iter().find(|r| r[0] == Cell::Count(p)).unwrap()[1].clone();
        // Each a figure of the pool, to one decimal as the median is.
        assert_eq!(at(25), Cell::Figure(1075.0));
        assert_eq!(at(50), Cell::Figure(1150.0));
        assert_eq!(at(1), Cell::Figure(1003.0));
        // A player's percentile: the share below him, or him.
        let standings = pool.standings(&players, &AgeBands::new(&[12]));
        assert_eq!(standings.get(&1).unwrap().percentile, Some(50.0));
        assert_eq!(standings.get(&3).unwrap().percentile, Some(100.0));
        assert_eq!(standings.get(&3).unwrap().age_band, "12 and over");
        assert_eq!(standings.get(&3).unwrap().pool, 4, "whom the percentile counts");
    }

    #[test]
    fn only_the_player_alone_at_the_top_reads_100_percent() {
        // 2,505 players, the two best level at 2400 in the first pool and
        // apart in the second: the second-placed read 99.9%, never 100.0%.
        for level in [true, false] {
            let mut players: Vec<PlayerFacts> =
                (0..2503).map(|i| player(i, Some(1000.0 + (i / 3) as f64), Some(30), false, "V")).collect();
            players.push(player(9001, Some(2400.0), Some(30), false, "V"));
            players.push(player(9002, Some(if level { 2400.0 } else { 2399.0 }), Some(30), false, "V"));
            let pool = PoolFrame::new(&players).unwrap();
            let standings = pool.standings(&players, &AgeBands::new(&[12]));
            let (first, second) = (standings.get(&9001).unwrap(), standings.get(&9002).unwrap());
            assert_eq!(second.percentile, Some(99.9), "level at the top: {level}");
            assert_eq!(first.percentile, Some(if level { 99.9 } else { 100.0 }), "level at the top: {level}");
            // The weakest: himself alone, 1 of 2,505, rounded down.
            assert_eq!(standings.get(&0).unwrap().percentile, Some(0.0));
        }
    }

    #[test]
    fn an_empty_band_has_no_figures_and_the_unknown_ages_their_own_row() {
        let players = vec![
            player(1, Some(1500.0), Some(30), true, "V"),
            player(2, Some(1700.0), Some(40), false, "V"),
            player(3, Some(1600.0), None, false, "N"),
        ];
        let settings = settings(vec![12, 25], 2);
        let pool = PoolFrame::new(&players).unwrap();
        let table = pool.by_age(&AgeBands::new(&settings.age_bands), &settings).unwrap();
        let printed: Vec<Vec<String>> = table.rows.iter().map(|r| r.iter().map(Cell::printed).collect()).collect();
        assert_eq!(printed[0], ["Under 12", "0", "0", "0.0", "", "", "", "", ""]);
        assert_eq!(printed[2], ["25 and over", "2", "1", "66.7", "1600.0", "1600.0", "1600.0", "1700", "Player 2"]);
        assert_eq!(printed[3], [UNKNOWN_AGE, "1", "0", "33.3", "1600.0", "1600.0", "", "1600", "Player 3"]);
        // By State: ranked by the top average; a state without one last.
        let by_state = pool.by_state(&settings).unwrap();
        assert_eq!(by_state.rows[0][0], Cell::text("V"));
        assert_eq!(by_state.rows[1][0], Cell::text("N"));
        assert_eq!(by_state.rows[0][9], Cell::Figure(1600.0));
        assert_eq!(by_state.rows[1][9], Cell::Empty);
        assert_eq!(by_state.rows[0][2], Cell::Count(1), "V first by the top average");
        assert_eq!(by_state.rows[1][2], Cell::Empty);
        // By the median N (1600) and V (1600) tie first.
        assert_eq!((&by_state.rows[0][3], &by_state.rows[1][3]), (&Cell::Count(1), &Cell::Count(1)));
    }

    #[test]
    fn by_age_counts_the_lists_age_groups_that_no_band_counts() {
        let players = vec![
            player(1, Some(1500.0), Some(10), false, "V"),
            player(2, Some(1700.0), Some(18), false, "V"),
            player(3, Some(1600.0), Some(55), true, "N"),
            player(4, Some(1400.0), Some(70), false, "N"),
            player(5, Some(1300.0), Some(81), false, "N"),
        ];
        let mut settings = settings(vec![12, 25, 65], 2);
        (settings.junior_ages, settings.senior_ages) = (vec![12, 20], vec![80, 50, 65]);
        let pool = PoolFrame::new(&players).unwrap();
        let table = pool.by_age(&AgeBands::new(&settings.age_bands), &settings).unwrap();
        let label: Vec<String> = table.rows.iter().map(|r| r[0].printed()).collect();
        // Under 12 and 65 and over are bands already; 80 and over is not.
        assert_eq!(
            label,
            [
                "Under 12",
                "12\u{2013}24",
                "25\u{2013}64",
                "65 and over",
                UNKNOWN_AGE,
                "Under 20",
                "50 and over",
                "80 and over"
            ]
        );
        let row = |l: &str| {
            table.rows.iter().find(|r| r[0].printed() == l).unwrap().iter().map(Cell::printed).collect::<Vec<_>>()
        };
        assert_eq!(row("Under 20"), ["Under 20", "2", "0", "40.0", "1600.0", "1600.0", "1600.0", "1700", "Player 2"]);
        assert_eq!(
            row("50 and over"),
            ["50 and over", "3", "1", "60.0", "1433.3", "1400.0", "1500.0", "1600", "Player 3"]
        );
        assert_eq!(row("80 and over")[1], "1");
        assert!(table.note.contains("(Under 20, 50 and over, 80 and over)"), "{}", table.note);
        // The standings keep to the bands.
        assert_eq!(
            pool.standings(&players, &AgeBands::new(&settings.age_bands)).get(&5).unwrap().age_band,
            "65 and over"
        );
    }

    #[test]
    fn by_state_ranks_by_both_measures_and_says_which_comes_first() {
        let mut players = Vec::new();
        for (k, r) in [2000.0, 1900.0, 1000.0, 1000.0, 1000.0].into_iter().enumerate() {
            players.push(player(k as u32 + 1, Some(r), Some(30), false, "N"));
        }
        for k in 0..3 {
            players.push(player(10 + k, Some(1500.0), Some(30), false, "V"));
        }
        let settings = settings(vec![12], 2);
        let table = PoolFrame::new(&players).unwrap().by_state(&settings).unwrap();
        assert_eq!(table.columns[2..4], ["Rank by top-2 average", "Rank by median"]);
        let ranks: Vec<(String, String, String)> =
            table.rows.iter().map(|r| (r[0].printed(), r[2].printed(), r[3].printed())).collect();
        assert_eq!(ranks, [("N".into(), "1".into(), "2".into()), ("V".into(), "2".into(), "1".into())]);
        assert!(table.note.contains("puts New South Wales first; by the median Victoria is first"), "{}", table.note);
    }

    #[test]
    fn the_best_is_named_as_the_lists_name_him() {
        // Two players of Victoria share a name: the best is told apart by his ID.
        let mut players =
            vec![player(1, Some(2611.0), Some(30), false, "V"), player(2, Some(2400.0), Some(30), false, "V")];
        for p in &mut players {
            p.name = "Smith, John".into();
            p.namesake = true;
        }
        let settings = settings(vec![12], 2);
        let pool = PoolFrame::new(&players).unwrap();
        let by_state = pool.by_state(&settings).unwrap();
        let printed: Vec<String> = by_state.rows[0].iter().map(Cell::printed).collect();
        assert_eq!(printed[11..], ["2611", "Smith, John (1)"], "{printed:?}");
    }

    #[test]
    fn the_distribution_counts_in_the_rule_sets_band() {
        // ECF grades from 120 to 199: 10-point bands, eight of them.
        let players: Vec<PlayerFacts> =
            (0..80).map(|i| player(i, Some(120.0 + i as f64), Some(30), false, "V")).collect();
        let pool = PoolFrame::new(&players).unwrap();
        let mut ecf = settings(vec![12], 2);
        ecf.words = crate::rate::rule_set(crate::model::system::SystemName::Ecf).words();
        let table = pool.distribution_table(&ecf).unwrap();
        assert_eq!(table.rows.len(), 8);
        assert_eq!(table.rows[0][0], Cell::text("120\u{2013}129"));
        assert_eq!(table.rows[0][1], Cell::Count(10));
        assert!(table.note.contains("10-point band of grade"), "{}", table.note);
        assert_eq!(pool.distribution(ecf.words.band).unwrap(), (120, vec![10; 8]));
        // The same pool on a rating scale: one 100-point band.
        assert_eq!(pool.distribution_table(&settings(vec![12], 2)).unwrap().rows.len(), 1);
    }
}
