//! The statistics of the rated pool (how strong it is by age, by state, its
//! distribution and percentiles, what this period changed and why its mean
//! moved, and its trend over
//! the recorded periods), computed once with polars DataFrames from the
//! period's players and the record's earlier periods. The booklet,
//! ratings.xlsx, the site, `statistics.json` and `ratebook stats` all print
//! the [`StatTable`]s this module returns.

mod change;
mod facts;
pub mod meetings;
mod pool;
pub mod table;
mod trends;

use anyhow::Result;
use serde::Serialize;

use crate::config::PeriodConfig;
use crate::model::system::SystemName;
use crate::model::words::Words;
pub use crate::rated::PeriodCounts;
pub use meetings::{meetings, Meeting, Meetings};
pub use table::{Cell, StatTable};

/// What the statistics are asked for (`[statistics]` and `[lists]` in period.toml).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The lower bounds of the age bands after the first.
    pub age_bands: Vec<u32>,
    /// The N of "top-N average".
    pub top_average: usize,
    /// Juniors are under this age (the first `juniors` list), seniors this age and over.
    pub junior_age: Option<u32>,
    pub senior_age: Option<u32>,
    /// Every junior and senior list's age: By Age counts their groups too.
    pub junior_ages: Vec<u32>,
    pub senior_ages: Vec<u32>,
    /// Code and name, in `[states]` order.
    pub states: Vec<(String, String)>,
    /// The rule set's words ("rating" or "grade") for the headings and notes.
    pub words: Words,
    /// Whether a player may be named beside his age band (By Age's best
    /// player): not under `[site] birth = "none"`, where that tells his age.
    pub ages_public: bool,
}

impl Settings {
    pub fn of(config: &PeriodConfig, words: Words) -> Settings {
        Settings {
            age_bands: config.statistics.age_bands.clone(),
            top_average: config.statistics.top_average,
            junior_age: config.lists.juniors.first().copied(),
            senior_age: config.lists.seniors.first().copied(),
            junior_ages: config.lists.juniors.clone(),
            senior_ages: config.lists.seniors.clone(),
            states: config.states.clone(),
            words,
            ages_public: config.birth.shown(),
        }
    }
}

/// One player as the statistics count him in the period.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlayerFacts {
    pub id: u32,
    /// "Surname, First names".
    pub name: String,
    /// Another player on the list has the same name
    /// ([`crate::rated::player::namesakes`]): printed with the ID.
    pub namesake: bool,
    pub state: Option<String>,
    pub female: bool,
    /// Whole years at the age date, when the birth date is known.
    pub age: Option<u32>,
    /// The rating as the lists print it, as a number (`1572`), when
    /// published and not removed.
    pub rating: Option<f64>,
    /// The printed rating's change ([`crate::rated::player::change`]).
    pub change: Option<i64>,
    /// Shown on the state lists ([`crate::rated::player::listed`]).
    pub listed: bool,
    /// In the rated pool ([`crate::rated::player::pooled`]).
    pub pooled: bool,
    /// Removed from the player file by the maintenance rule.
    pub removed: bool,
}

impl PlayerFacts {
    /// The name as the lists print it: with the ID when a namesake is listed.
    pub fn printed_name(&self) -> String {
        crate::rated::player::printed_name(&self.name, self.id, self.namesake)
    }
}

/// A player of an earlier period, as the trends count him.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolLine {
    pub id: u32,
    pub rating: Option<f64>,
    pub listed: bool,
    pub pooled: bool,
}

/// An earlier period as the trends read it from the record.
#[derive(Debug, Clone, PartialEq)]
pub struct EarlierPeriod {
    /// The period's name as recorded.
    pub name: String,
    /// Whether the record holds the players' activity for it (revisions
    /// recorded before it kept them have counts of events and games alone).
    pub detailed: bool,
    pub lines: Vec<PoolLine>,
    pub counts: PeriodCounts,
    /// The rule set it was rated under (when known): where it differs from
    /// the period before's, the system changed ([`switch_between`]).
    pub system: Option<SystemName>,
}

/// The period the statistics are of, player by player.
#[derive(Debug, Clone, PartialEq)]
pub struct ThisPeriod {
    pub name: String,
    pub players: Vec<PlayerFacts>,
    pub counts: PeriodCounts,
    pub system: Option<SystemName>,
}

/// The change of rule set between a period rated under `before` and the
/// next, under `now`, when the system changed: the old rule set and the new.
pub fn switch_between(before: Option<SystemName>, now: Option<SystemName>) -> Option<(SystemName, SystemName)> {
    let (was, is) = (before?, now?);
    crate::switch::switches(crate::switch::Before::Recorded(was), is, None).then_some((was, is))
}

/// What a table says of a change of rule set with `now`.
pub fn switch_note(was: SystemName, is: SystemName, now: &str) -> String {
    format!(
        "The rating system changed with {now}, from {was} to {is}: figures on either side of it are two rule sets' ratings, and a change across it comes from the switch, not from games"
    )
}

impl ThisPeriod {
    /// The period as the trends count it.
    pub fn as_earlier(&self) -> EarlierPeriod {
        EarlierPeriod {
            name: self.name.clone(),
            detailed: true,
            lines: self
                .players
                .iter()
                .map(|p| PoolLine { id: p.id, rating: p.rating, listed: p.listed, pooled: p.pooled })
                .collect(),
            counts: self.counts.clone(),
            system: self.system,
        }
    }
}

/// Where a player stands in the rated pool.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing<'a> {
    /// His age band (`25–49`, `Age unknown`).
    pub age_band: &'a str,
    /// The share of the rated pool rated below him, or him, in percent
    /// rounded down to one decimal; `None` without a published rating.
    pub percentile: Option<f64>,
    /// How many players the rated pool holds: whom the percentile counts.
    pub pool: usize,
}

/// Where each player of the period stands in the rated pool.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Standings {
    /// The age bands' names.
    bands: Vec<String>,
    /// (ID, his band's place in `bands`, his percentile), in ID order.
    players: Vec<(u32, usize, Option<f64>)>,
    /// Players in the rated pool.
    pool: usize,
}

impl Standings {
    /// `players`: (ID, his band's place in `bands`, his percentile), in ID
    /// order; `pool`: how many the percentiles count.
    pub(crate) fn new(bands: Vec<String>, players: Vec<(u32, usize, Option<f64>)>, pool: usize) -> Standings {
        Standings { bands, players, pool }
    }

    /// The standing of the player `id`, when he is one of the period's.
    pub fn get(&self, id: &u32) -> Option<Standing<'_>> {
        let k = self.players.binary_search_by_key(id, |p| p.0).ok()?;
        let (_, band, percentile) = self.players[k];
        Some(Standing { age_band: &self.bands[band], percentile, pool: self.pool })
    }
}

/// One point of the trend chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TrendPoint {
    pub period: String,
    pub mean: Option<f64>,
    pub median: Option<f64>,
    pub top_100: Option<f64>,
}

/// Every statistic of the period.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Statistics {
    pub period: String,
    /// By Age, By State, Distribution, Percentiles, This Period, Change of
    /// the Mean, Trends.
    pub tables: Vec<StatTable>,
    /// The distribution as a chart draws it: players per band of
    /// `distribution_band` points from `distribution_from` (the rated pool).
    pub distribution_from: i64,
    /// The width of a band: the rule set's ([`Words::band`]).
    pub distribution_band: i64,
    pub distribution: Vec<u64>,
    /// Mean, median and top-100 average, period by period.
    pub trend: Vec<TrendPoint>,
    /// Each player's standing, by ID.
    #[serde(skip)]
    pub standings: Standings,
    /// Each player's record against each opponent (filled for the site).
    #[serde(skip)]
    pub meetings: Meetings,
    /// The names of the opponents in `meetings` whom this period's player
    /// file no longer holds (removed in an earlier period), as the record
    /// last named them, by ID.
    #[serde(skip)]
    pub former_names: std::collections::HashMap<u32, String>,
}

impl Statistics {
    /// The table named `name`.
    pub fn table(&self, name: &str) -> Option<&StatTable> {
        self.tables.iter().find(|t| t.name == name)
    }

    /// Every table as `statistics.json` holds it.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Json<'a> {
            period: &'a str,
            tables: &'a [StatTable],
        }
        let mut text = serde_json::to_string_pretty(&Json { period: &self.period, tables: &self.tables })
            .expect("the statistics are plain data");
        text.push('\n');
        text
    }
}

/// The statistics of `now`, with the trends over `earlier` (the record's
/// periods before it, oldest first; `recorded` false: there is no record).
pub fn compute(now: &ThisPeriod, earlier: &[EarlierPeriod], settings: &Settings, recorded: bool) -> Result<Statistics> {
    let pool = pool::PoolFrame::new(&now.players)?;
    let bands = pool::AgeBands::new(&settings.age_bands);
    let mut tables = vec![
        pool.by_age(&bands, settings)?,
        pool.by_state(settings)?,
        pool.distribution_table(settings)?,
        pool.percentiles(settings)?,
    ];
    tables.push(trends::this_period(now, earlier, settings, recorded));
    let this = now.as_earlier();
    tables.push(change::table(earlier.last(), &this));
    let periods: Vec<&EarlierPeriod> = earlier.iter().chain([&this]).collect();
    let (trend_table, trend) = trends::trends(&periods, settings, recorded)?;
    tables.push(trend_table);
    let (distribution_from, distribution) = pool.distribution(settings.words.band)?;
    let standings = pool.standings(&now.players, &bands);
    Ok(Statistics {
        period: now.name.clone(),
        tables,
        distribution_from,
        distribution_band: i64::from(settings.words.band.max(1)),
        distribution,
        trend,
        standings,
        meetings: Meetings::default(),
        former_names: Default::default(),
    })
}
