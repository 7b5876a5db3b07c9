//! A federation's choice of rule set (`ratebook compare`): every recorded
//! period re-rated in memory, from the reports the record keeps, under each
//! named rule set and under the one recorded ([`crate::record::replay`]),
//! each period read once. For each rule set: how well it predicted the
//! period's games from the ratings at the period's start (out of sample),
//! how its pool drifted, and where its last list stands against the one
//! published. Nothing is written: the record is opened to read only.

pub mod scores;
pub mod table;

use std::collections::HashMap;

use anyhow::{bail, Result};
use serde::Serialize;

use crate::model::system::SystemName;
use crate::model::{Outcome, PlayerFile};
use crate::rate::common::published_rating;
use crate::record::replay::{replay, Recorded, Replayed, Replayer, Track, Under};
use crate::record::{PlayerLine, Record, RevisionInfo, Source};
use crate::timings::Timings;
use scores::{mean_sd, spearman, Prediction};

/// How many of the recorded list's top players the rank correlation takes.
pub const TOP: usize = 100;
/// How many of the biggest movers are listed.
pub const MOVERS: usize = 10;

/// What a comparison is asked.
#[derive(Debug, Clone)]
pub struct CompareOptions {
    /// The rule sets to compare with the recorded one.
    pub systems: Vec<SystemName>,
    /// The first period to re-rate (default: the first of the recorded
    /// periods with reports after the last imported list).
    pub from: Option<String>,
}

/// The comparison: one column per rule set, the recorded one first.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub federation: String,
    /// The periods re-rated, oldest first.
    pub periods: Vec<String>,
    /// The games every rule set predicted (between two players each rule set
    /// rated at the period's start), over which the predictions are scored.
    pub games: u64,
    pub systems: Vec<SystemScores>,
}

/// One rule set's column.
#[derive(Debug, Clone, Serialize)]
pub struct SystemScores {
    pub system: SystemName,
    /// Whether this is the record's own re-rating (each period under the
    /// rule set it was recorded with).
    pub recorded: bool,
    /// Mean binomial deviance over the games scored (lower is better).
    pub log_loss: Option<f64>,
    /// Mean Brier score over the games scored (lower is better).
    pub brier: Option<f64>,
    /// The share of decisive games the favourite won.
    pub favourite_share: Option<f64>,
    #[serde(skip)]
    pub prediction: Prediction,
    /// Each period's drift: the mean change of the players rated at both its
    /// start and its end.
    pub drift: Vec<Option<f64>>,
    /// The pool's mean at the end of each period (the players with a
    /// published rating).
    pub means: Vec<Option<f64>>,
    /// The pool at the end: players, mean, spread (standard deviation).
    pub players: usize,
    pub mean: Option<f64>,
    pub spread: Option<f64>,
    /// The last list against the one the record published.
    pub against_recorded: AgainstRecorded,
}

/// A last list against the recorded one, over the players rated in both.
#[derive(Debug, Clone, Default, Serialize)]
pub struct AgainstRecorded {
    pub players: usize,
    /// This rule set's rating minus the recorded one, on average.
    pub mean_shift: Option<f64>,
    /// Spearman's rank correlation over the recorded list's top 100 (of
    /// those rated in both).
    pub top_rank_correlation: Option<f64>,
    /// The biggest differences from the recorded rating, largest first.
    pub movers: Vec<Mover>,
}

/// A player whose rating differs most from the recorded one.
#[derive(Debug, Clone, Serialize)]
pub struct Mover {
    pub id: u32,
    pub name: String,
    pub recorded: f64,
    pub rating: f64,
    pub shift: f64,
}

/// Re-rates the record's periods under the recorded rule set and each of
/// `options.systems`, calling `progress(done, total)` as periods are
/// replayed.
pub fn compare(
    record: &Record,
    federation: &str,
    options: &CompareOptions,
    progress: &dyn Fn(usize, usize),
) -> Result<Comparison> {
    let periods = record.periods()?;
    let chain = chain(&periods, options.from.as_deref())?;
    let recorded_system = chain[chain.len() - 1].system;
    check_systems(&options.systems, recorded_system)?;
    let mut tracks = vec![Track::new(Under::Recorded)];
    tracks.extend(options.systems.iter().map(|&s| Track::new(Under::System(s))));
    let mut columns: Vec<SystemScores> = std::iter::once(recorded_system)
        .chain(options.systems.iter().copied())
        .enumerate()
        .map(|(t, system)| SystemScores::new(system, t == 0))
        .collect();
    let mut comparer = Comparer { columns: &mut columns, games: 0, last: Vec::new(), progress };
    let mut timings = Timings::default();
    replay(record, chain, &mut tracks, &mut comparer, &crate::record::switch::DeriveAgain, &mut timings)?;
    let (games, last) = (comparer.games, std::mem::take(&mut comparer.last));
    for (column, track) in columns.iter_mut().zip(tracks) {
        column.finish(&track.player_file(), &last);
    }
    Ok(Comparison {
        federation: federation.to_string(),
        periods: chain.iter().map(|p| p.period.clone()).collect(),
        games,
        systems: columns,
    })
}

/// The periods to re-rate: from `from`, or from the first period after the
/// last imported list; each must be recorded from reports.
fn chain<'a>(periods: &'a [RevisionInfo], from: Option<&str>) -> Result<&'a [RevisionInfo]> {
    let start = match from {
        Some(from) => match periods.iter().position(|p| p.period == from) {
            Some(start) => start,
            None => {
                let names: Vec<&str> = periods.iter().map(|p| p.period.as_str()).collect();
                bail!("no period \"{from}\" in the record; it holds: {}", names.join(", "));
            }
        },
        None => periods.iter().rposition(|p| p.source == Source::Import).map_or(0, |i| i + 1),
    };
    if let Some(imported) = periods[start..].iter().find(|p| p.source == Source::Import) {
        bail!(
            "{} was imported from a published player file: the record has no reports of it to re-rate (compare from a later period with --from)",
            imported.period
        );
    }
    if start >= periods.len() {
        bail!(
            "the record holds no period rated from reports (only imported lists): there are no games to compare the rule sets on"
        );
    }
    Ok(&periods[start..])
}

/// Refuses a rule set named twice, or the recorded one (always compared).
fn check_systems(systems: &[SystemName], recorded: SystemName) -> Result<()> {
    if systems.is_empty() {
        bail!("name the rule sets to compare with the recorded one ({recorded}): --system NAME, once for each");
    }
    for (i, s) in systems.iter().enumerate() {
        if *s == recorded {
            bail!(
                "--system {s} names the recorded rule set: compare re-rates the record under it anyway, beside each rule set named; name the others ({})",
                others(recorded)
            );
        }
        if systems[..i].contains(s) {
            bail!("--system {s} is named twice: name each rule set once");
        }
    }
    Ok(())
}

/// The rule sets other than `recorded`, for messages.
fn others(recorded: SystemName) -> String {
    let names: Vec<&str> = SystemName::ALL.iter().filter(|s| **s != recorded).map(|s| s.as_str()).collect();
    names.join(", ")
}

/// The comparison's part of the replay: each period's games predicted on
/// every track, scored over those every track predicted.
struct Comparer<'a> {
    columns: &'a mut [SystemScores],
    games: u64,
    /// The last period's lines as recorded.
    last: Vec<PlayerLine>,
    progress: &'a dyn Fn(usize, usize),
}

impl Replayer for Comparer<'_> {
    fn failing(&self, track: &Track) -> String {
        match track.under {
            Under::Recorded => "under the rule set it was recorded with".to_string(),
            Under::System(name) => format!("under the {name} rules"),
        }
    }

    fn rated(&mut self, _: &RevisionInfo, read: Recorded, rated: Vec<Replayed>, _: &mut Timings) -> Result<()> {
        let predicted: Vec<HashMap<(u32, u32), (f64, f64)>> = rated.iter().map(predictions).collect();
        if let Some((first, rest)) = predicted.split_first() {
            for (key, &(p, s)) in first {
                let all: Option<Vec<f64>> = rest.iter().map(|m| m.get(key).map(|&(p, _)| p)).collect();
                let Some(others) = all else { continue };
                self.games += 1;
                self.columns[0].prediction.add(p, s);
                for (column, p) in self.columns[1..].iter_mut().zip(others) {
                    column.prediction.add(p, s);
                }
            }
        }
        for (column, r) in self.columns.iter_mut().zip(&rated) {
            column.period(r);
        }
        self.last = read.recorded;
        Ok(())
    }

    fn progress(&mut self, done: usize, total: usize) {
        (self.progress)(done, total);
    }
}

/// The rule set's expected score of White in each game of the period
/// between two players it rated at the start, with White's score, by (event,
/// game) position.
fn predictions(r: &Replayed) -> HashMap<(u32, u32), (f64, f64)> {
    let players = &r.period.players.players;
    let at: HashMap<u32, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let predict = r.system.predictor(&r.period.players);
    let mut out = HashMap::new();
    for (e, event) in r.period.events.iter().enumerate().filter(|(_, e)| e.disposition.is_rated()) {
        for (g, game) in event.games.iter().enumerate() {
            let (Outcome::Played { white_score }, Some(black)) = (game.outcome, game.black) else { continue };
            let (Some(&w), Some(&b)) = (at.get(&game.white), at.get(&black)) else { continue };
            if let Some(p) = predict(w, b) {
                out.insert((e as u32, g as u32), (p, white_score));
            }
        }
    }
    out
}

impl SystemScores {
    fn new(system: SystemName, recorded: bool) -> SystemScores {
        SystemScores {
            system,
            recorded,
            log_loss: None,
            brier: None,
            favourite_share: None,
            prediction: Prediction::default(),
            drift: Vec::new(),
            means: Vec::new(),
            players: 0,
            mean: None,
            spread: None,
            against_recorded: AgainstRecorded::default(),
        }
    }

    /// A period rated: its drift and the pool's mean at its end.
    fn period(&mut self, r: &Replayed) {
        let start = &r.period.players.players;
        let changes: Vec<f64> = start
            .iter()
            .zip(&r.ratings.players)
            .zip(&r.ratings.removed)
            .filter(|(_, removed)| !**removed)
            .filter_map(|((before, after), _)| Some(published_rating(after)? - published_rating(before)?))
            .collect();
        self.drift.push(mean_sd(&changes).map(|(m, _)| m));
        let pool: Vec<f64> = r
            .ratings
            .players
            .iter()
            .zip(&r.ratings.removed)
            .filter(|(_, removed)| !**removed)
            .filter_map(|(p, _)| published_rating(p))
            .collect();
        self.means.push(mean_sd(&pool).map(|(m, _)| m));
    }

    /// The last list (`file`) against the recorded one (`recorded`).
    fn finish(&mut self, file: &PlayerFile, recorded: &[PlayerLine]) {
        self.log_loss = self.prediction.log_loss();
        self.brier = self.prediction.brier();
        self.favourite_share = self.prediction.favourite_share();
        let pool: Vec<f64> = file.players.iter().filter_map(published_rating).collect();
        self.players = pool.len();
        (self.mean, self.spread) = mean_sd(&pool).map_or((None, None), |(m, s)| (Some(m), Some(s)));
        let ours: HashMap<u32, f64> = file.players.iter().filter_map(|p| Some((p.id, published_rating(p)?))).collect();
        let mut both: Vec<(&PlayerLine, f64, f64)> =
            recorded.iter().filter(|l| l.is_rated()).filter_map(|l| Some((l, l.rating?, *ours.get(&l.id)?))).collect();
        // The recorded list's order: highest first, then by ID.
        both.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.id.cmp(&b.0.id)));
        let shifts: Vec<f64> = both.iter().map(|(_, was, now)| now - was).collect();
        let top = &both[..both.len().min(TOP)];
        let (was, now): (Vec<f64>, Vec<f64>) = top.iter().map(|(_, was, now)| (*was, *now)).unzip();
        let mut movers: Vec<Mover> = both
            .iter()
            .map(|(l, was, now)| Mover {
                id: l.id,
                name: l.display_name(),
                recorded: *was,
                rating: *now,
                shift: now - was,
            })
            .collect();
        movers.sort_by(|a, b| b.shift.abs().total_cmp(&a.shift.abs()).then(a.id.cmp(&b.id)));
        movers.truncate(MOVERS);
        movers.retain(|m| m.shift.abs() >= 0.5);
        self.against_recorded = AgainstRecorded {
            players: both.len(),
            mean_shift: mean_sd(&shifts).map(|(m, _)| m),
            top_rank_correlation: spearman(&was, &now),
            movers,
        };
    }
}

impl Comparison {
    /// The comparison as JSON (every column, every period's mean and drift).
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("the comparison is plain data");
        text.push('\n');
        text
    }
}
