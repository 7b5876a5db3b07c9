//! `ratebook generate`: writes a synthetic but realistic data folder for
//! demos, tests and benchmarks — `period.toml` for August 1993, a player file
//! across the seven states, and one report per event under
//! `reports/<state>/` (with `--system`, what another rule set needs
//! besides: see `systems`; with `--lists`, a rating list per rate of play:
//! see `lists`). Everything is drawn from a ChaCha generator
//! seeded from the options, so a seed always gives the same bytes.
//!
//! The work is staged: `players` draws the player file and each player's
//! hidden strength; `events` plans the events (kind, dates, names, entrants)
//! in one thread; `play` pairs (with `pairing`) and plays each event from its
//! own generator, in parallel, and the reports are written by
//! [`crate::formats::report::write`]. A later period of a chain
//! ([`generate_period`], driven by `commands::sample`) is the first moved a
//! whole number of years on, from the player file the period before
//! published (`chain`).

mod chain;
mod codes;
mod events;
mod lists;
mod names;
mod pairing;
mod play;
mod players;
mod systems;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::Context;
use chrono::NaiveDate;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::formats::player_file::write_player_file_with_changes;
use crate::formats::report::write::write_report;
use crate::model::rate_of_play::RateOfPlay;
use crate::model::system::SystemName;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The data folder to write.
    pub out: PathBuf,
    /// Players in the player file.
    pub players: usize,
    /// Tournament reports.
    pub events: usize,
    pub seed: u64,
    /// The rule set the sample is for: `period.toml` names it, and the player
    /// file and the files beside it are what it reads.
    pub system: SystemName,
    /// The rating lists the federation keeps, one a rate of play (standard
    /// among them): period.toml's `[rating_lists]`, the player file's
    /// columns of each and a calendar with events at each rate. None, or
    /// standard alone, is the one list of a folder without `[rating_lists]`.
    pub lists: Vec<RateOfPlay>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            out: PathBuf::from("data"),
            players: 3000,
            events: 150,
            seed: 1993,
            system: SystemName::Acf,
            lists: Vec::new(),
        }
    }
}

/// What was generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateSummary {
    pub players: usize,
    pub events: usize,
    /// Pairings of two players (played or won by default); byes not counted.
    pub games: usize,
}

/// The fewest players a folder can be drawn from.
pub const MIN_PLAYERS: usize = 20;

/// A region of a sample's federation (period.toml's `[states]`): code,
/// name, and its share of players and events in percent.
pub(crate) type Region = (&'static str, &'static str, u32);

/// The ACF's states.
pub(crate) const STATES: [Region; 7] = [
    ("A", "Australian Capital Territory", 4),
    ("N", "New South Wales", 32),
    ("Q", "Queensland", 15),
    ("S", "South Australia", 9),
    ("T", "Tasmania", 4),
    ("V", "Victoria", 27),
    ("W", "Western Australia", 9),
];

/// New Zealand's chess regions (the NZCF's clubs by region, north to south).
const NZ_REGIONS: [Region; 7] = [
    ("AK", "Auckland", 32),
    ("WK", "Waikato", 9),
    ("BP", "Bay of Plenty", 4),
    ("WN", "Wellington", 27),
    ("CB", "Canterbury", 15),
    ("OT", "Otago", 9),
    ("SL", "Southland", 4),
];

/// The unions of the British Chess Federation in 1993, whose counties
/// graded English chess (the ECF took the name in 2005).
const ENGLISH_UNIONS: [Region; 5] = [
    ("EACU", "East Anglian Chess Union", 10),
    ("MCCU", "Midland Counties Chess Union", 22),
    ("NCCU", "Northern Counties Chess Union", 25),
    ("SCCU", "Southern Counties Chess Union", 33),
    ("WECU", "West of England Chess Union", 10),
];

/// The school districts of a Chess in Schools program (Seattle and the
/// Puget Sound, where the CIS rating system was written).
const SCHOOL_DISTRICTS: [Region; 7] = [
    ("SEA", "Seattle Public Schools", 32),
    ("BEL", "Bellevue School District", 15),
    ("LWS", "Lake Washington School District", 9),
    ("NSH", "Northshore School District", 4),
    ("ISS", "Issaquah School District", 4),
    ("TAC", "Tacoma Public Schools", 27),
    ("SHL", "Shoreline School District", 9),
];

/// The regions of `system`'s sample: its federation's own (the ACF's
/// states for the rule sets the ACF sample serves).
pub(crate) fn regions(system: SystemName) -> &'static [Region] {
    match system {
        SystemName::Nzcf => &NZ_REGIONS,
        SystemName::Ecf => &ENGLISH_UNIONS,
        SystemName::Cis => &SCHOOL_DISTRICTS,
        _ => &STATES,
    }
}

/// The player file is the one in force at the start of the period.
const PLAYER_FILE_DATE: (i32, u32, u32) = (1993, 4, 1);

/// What one period of a chain leaves for the next: which period it was and
/// every player's hidden facts, by ID.
#[derive(Debug, Clone)]
pub struct Carry {
    /// 1 for August 1993, 2 for August 1994, …
    period: u32,
    /// The period's name, as its period.toml gives it.
    name: String,
    facts: BTreeMap<u32, chain::Hidden>,
    /// The event codes given so far (the next period's go on from them).
    codes: codes::Numbers,
}

impl Carry {
    /// The number of the period generated (1 for August 1993).
    pub fn period(&self) -> u32 {
        self.period
    }

    /// The name of the period generated ("August 1993").
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// Writes the data folder `opts.out`: period.toml, players.xlsx and
/// reports/<state>/<code>.xlsx. Only those are replaced; other files in the
/// folder are left alone.
pub fn generate(opts: &GenerateOptions) -> anyhow::Result<GenerateSummary> {
    generate_period(opts, None).map(|(summary, _)| summary)
}

/// The seed of period `k` of a chain: the options' own for the first, so a
/// chain starts with the very folder `generate` writes.
fn period_seed(seed: u64, k: u32) -> u64 {
    if k == 1 {
        seed
    } else {
        seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// Writes one period of a chain into `opts.out`, as [`generate`] does. With
/// `previous`, the period after the one `previous` carries, whose player file
/// is the players.xlsx that publishing that period wrote (copied unchanged):
/// every date a whole number of years later, the population the same players
/// (with the facts carried by ID) and those who got an ID since.
/// `opts.players` counts only for the first period.
pub fn generate_period(
    opts: &GenerateOptions,
    previous: Option<(&Carry, &Path)>,
) -> anyhow::Result<(GenerateSummary, Carry)> {
    anyhow::ensure!(opts.players >= MIN_PLAYERS, "generate needs at least {MIN_PLAYERS} players, got {}", opts.players);
    let k = previous.map_or(1, |(carry, _)| carry.period + 1);
    let years = k - 1;
    let seed = period_seed(opts.seed, k);
    let mut config = chain::period_config(opts.system, years);
    let several = opts.lists.iter().any(|rate| *rate != RateOfPlay::Standard);
    if several {
        anyhow::ensure!(
            opts.lists.contains(&RateOfPlay::Standard),
            "--lists names no standard list: the sample's player file holds standard ratings, so standard is one of the lists"
        );
        lists::declare(&mut config, &opts.lists);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut population = match previous {
        None => players::population(&mut rng, opts.players, opts.system),
        Some((carry, published)) => chain::next_population(&mut rng, &carry.facts, published, &config)?,
    };
    let mut plans = events::plan(&mut rng, &population, opts.events);
    if several {
        lists::calendar(&mut plans, &opts.lists, seed);
    }
    let earlier = systems::months_earlier(opts.system);
    let mut codes = previous.map(|(carry, _)| carry.codes.clone()).unwrap_or_default();
    chain::shift_events(&mut plans, 12 * years as i32 - earlier as i32, &mut codes);
    // After the events are drawn, so every system gets the same reports.
    let side = match previous {
        None => systems::adapt(opts.system, &mut population.file, seed),
        Some(_) => systems::later(opts.system, &population.file, seed, years),
    };
    // (A later period's file carries each list's columns as published.)
    if several && previous.is_none() {
        lists::player_file(&mut population.file, &config, seed);
    }
    let (y, m, d) = PLAYER_FILE_DATE;
    let file_date = months_later(date(y, m, d), 12 * years as i32 - earlier as i32);

    clear(&opts.out)?;
    let reports = opts.out.join("reports");
    std::fs::create_dir_all(&reports).with_context(|| format!("creating {}", reports.display()))?;
    std::fs::write(opts.out.join("period.toml"), config.to_toml()).context("writing period.toml")?;
    for (name, rows) in &side.dated {
        let path = opts.out.join(name);
        let sheet = if *name == "lessons.xlsx" { "Lessons" } else { "Renewals" };
        crate::formats::dated_lists::write_dated(&path, sheet, rows, file_date)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let states: BTreeSet<&str> = plans.iter().map(|p| p.state.as_str()).collect();
    for state in states {
        let dir = reports.join(state);
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    }

    let players_path = opts.out.join(crate::output_folder::names::PLAYERS);
    let (file, games) = rayon::join(
        || match previous {
            None => write_player_file_with_changes(
                &players_path,
                &population.file,
                file_date,
                None,
                &crate::rate::rule_set(opts.system).words(),
            )
            .with_context(|| format!("writing {}", players_path.display())),
            Some((_, published)) => std::fs::copy(published, &players_path)
                .map(|_| ())
                .with_context(|| format!("copying {} to {}", published.display(), players_path.display())),
        },
        || {
            plans
                .par_iter()
                .map(|plan| {
                    let (report, games) = play::play(plan, seed);
                    let path = reports.join(&plan.state).join(format!("{}.xlsx", plan.code));
                    write_report(&path, &report, report.submitted.unwrap_or(report.end))
                        .with_context(|| format!("writing {}", path.display()))?;
                    Ok(games)
                })
                .collect::<anyhow::Result<Vec<usize>>>()
        },
    );
    file?;
    let games = games?.into_iter().sum();
    let summary = GenerateSummary { players: population.file.players.len(), events: plans.len(), games };
    Ok((summary, Carry { period: k, name: config.period.clone(), facts: chain::facts(&population), codes }))
}

/// Removes what an earlier run generated in `out`, and nothing else.
fn clear(out: &Path) -> anyhow::Result<()> {
    let reports = out.join("reports");
    if reports.exists() {
        std::fs::remove_dir_all(&reports).with_context(|| format!("removing {}", reports.display()))?;
    }
    for file in ["period.toml", crate::output_folder::names::PLAYERS, "lessons.xlsx", "renewals.xlsx"] {
        let path = out.join(file);
        if path.exists() {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    Ok(())
}

/// `day` moved `years` whole years later (29 February becomes the 28th): a
/// later period of a chain.
pub(crate) fn years_later(day: NaiveDate, years: u32) -> NaiveDate {
    day.checked_add_months(chrono::Months::new(12 * years)).expect("a date years later")
}

/// `day` moved `months` whole months later, or earlier when negative (the
/// 31st becomes the month's last day).
pub(crate) fn months_later(day: NaiveDate, months: i32) -> NaiveDate {
    let shifted = if months >= 0 {
        day.checked_add_months(chrono::Months::new(months as u32))
    } else {
        day.checked_sub_months(chrono::Months::new(months.unsigned_abs()))
    };
    shifted.expect("a date months away")
}

pub(crate) fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a valid date")
}

/// A day from `from` to `to`, inclusive, uniformly.
fn day_between(rng: &mut ChaCha8Rng, from: NaiveDate, to: NaiveDate) -> NaiveDate {
    let span = (to - from).num_days().max(0);
    from + chrono::Duration::days(rng.random_range(0..=span))
}

/// A region's index, weighted by the regions' shares.
fn draw_state(rng: &mut ChaCha8Rng, regions: &[Region]) -> usize {
    let mut pick = rng.random_range(0..100u32);
    for (k, (_, _, share)) in regions.iter().enumerate() {
        if pick < *share {
            return k;
        }
        pick -= share;
    }
    regions.len() - 1
}

/// A normal variate (Box–Muller).
fn normal(rng: &mut ChaCha8Rng, mean: f64, sd: f64) -> f64 {
    let u1: f64 = 1.0 - rng.random_range(0.0..1.0);
    let u2: f64 = rng.random_range(0.0..1.0);
    mean + sd * (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

#[cfg(test)]
mod tests;
