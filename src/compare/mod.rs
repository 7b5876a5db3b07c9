//! A federation's choice of rule set (`ratebook compare`): every recorded
//! period re-rated in memory, from the reports the record keeps, under each
//! named rule set (with its own settings: its defaults, or a table given for
//! it) and under the one recorded ([`crate::record::replay`]), each period
//! read once. For each rule set: how well it predicted the period's games
//! from the ratings at the period's start (out of sample), how its pool
//! drifted, and the list a switch to it would publish against the recorded
//! one (the same figures a switch prints: [`crate::switch::Shift`]). Which
//! rule set predicted best, and whether by more than chance, is
//! [`verdict`]'s. Nothing is written: the record is opened to read only.

pub mod scores;
pub mod settings;
pub mod table;
pub mod verdict;

use std::collections::HashMap;

use anyhow::{bail, Result};
use serde::Serialize;

use crate::config::{PeriodConfig, RuleSettings};
use crate::model::system::SystemName;
use crate::model::{Player, PlayerFile};
use crate::record::replay::{replay, Recorded, Replayed, Replayer, Start, Track, Under};
use crate::record::{PlayerLine, Record, RevisionInfo, Source};
use crate::switch::Shift;
use crate::timings::Timings;
use scores::{mean_sd, Prediction};
use verdict::{EventLosses, Verdict};

/// How many of the biggest movers the terminal and the page list (the
/// workbook lists every one).
pub const MOVERS: usize = 10;

/// What a comparison is asked.
#[derive(Debug, Clone, Default)]
pub struct CompareOptions {
    /// The rule sets to compare with the recorded one.
    pub systems: Vec<SystemName>,
    /// The first period to re-rate (default: the first of the recorded
    /// periods with reports after the last imported list).
    pub from: Option<String>,
    /// The `[rules]` of a rule set compared ([`settings`]); one not named
    /// here rates with its defaults.
    pub settings: Vec<(SystemName, RuleSettings)>,
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
    /// The events those games were played in (the bootstrap's units).
    pub events: usize,
    pub systems: Vec<SystemScores>,
    /// Which rule set predicted the games best, and by how much.
    pub verdict: Option<Verdict>,
    /// The rating lists the last period kept beside the main one (compared
    /// on the main list only: its events and games).
    pub lists_beside: Vec<String>,
}

/// One rule set's column.
#[derive(Debug, Clone, Serialize)]
pub struct SystemScores {
    pub system: SystemName,
    /// The name people read ("Glicko-2").
    pub title: &'static str,
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
    /// The recorded last list against the same list under this rule set: a
    /// switch's figures (the pool after it, the mean shift, the movers).
    pub against_recorded: Shift,
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
    for (system, _) in &options.settings {
        if !options.systems.contains(system) {
            let why = if *system == recorded_system {
                "the recorded rule set re-rates each period with the [rules] it was recorded with"
            } else {
                "it is not compared"
            };
            bail!(
                "the settings file gives settings for {system} ([{}]), but {why}: compare it with --system {}, or remove its table",
                system.as_str(),
                system.as_str()
            );
        }
    }
    let mut tracks = vec![Track::new(Under::Recorded)];
    for &system in &options.systems {
        let settings = options.settings.iter().find(|(s, _)| *s == system).map(|(_, r)| r.clone());
        tracks.push(Track::under(system, settings.unwrap_or_default()));
    }
    let mut columns: Vec<SystemScores> = std::iter::once(recorded_system)
        .chain(options.systems.iter().copied())
        .enumerate()
        .map(|(t, system)| SystemScores::new(system, t == 0))
        .collect();
    let mut comparer = Comparer {
        columns: &mut columns,
        games: 0,
        events: Vec::new(),
        last: Vec::new(),
        configs: Vec::new(),
        progress,
    };
    let mut timings = Timings::default();
    replay(record, chain, &mut tracks, &mut comparer, &crate::record::switch::DeriveAgain, &mut timings)?;
    let Comparer { games, events, last, configs, .. } = comparer;
    let list = recorded_list(&last);
    for ((column, track), config) in columns.iter_mut().zip(&tracks).zip(&configs) {
        column.finish(&list, recorded_system, track, config);
    }
    let verdict = Verdict::of(&columns, &events);
    Ok(Comparison {
        federation: federation.to_string(),
        periods: chain.iter().map(|p| p.period.clone()).collect(),
        games,
        events: events.len(),
        systems: columns,
        verdict,
        lists_beside: configs.last().map(|c| c.other_lists()).unwrap_or_default(),
    })
}

/// The last list as the record holds it (the players on it, the removed
/// ones left out), as the player file the next period would start from.
fn recorded_list(lines: &[PlayerLine]) -> PlayerFile {
    let players = lines
        .iter()
        .filter(|l| l.status != crate::record::lines::LineStatus::Removed)
        .map(|l| {
            let status = match l.status {
                crate::record::lines::LineStatus::Listed(status) => status,
                crate::record::lines::LineStatus::Removed => crate::model::Status::Unrated,
            };
            Player {
                rating: l.rating,
                status,
                games: l.games_total,
                state: l.state.clone(),
                ..Player::new(l.id, &l.surname, &l.first_names)
            }
        })
        .collect();
    PlayerFile { players, extra_columns: Vec::new(), origin: None, lists: Vec::new() }
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
        bail!(
            "name the rule sets to compare with the recorded one ({recorded}): --system NAME ({}), once for each",
            others(recorded)
        );
    }
    for (i, s) in systems.iter().enumerate() {
        if *s == recorded {
            bail!(
                "--system {} names the recorded rule set ({s}): compare re-rates the record under it anyway, beside each rule set named; name the others ({})",
                s.as_str(),
                others(recorded)
            );
        }
        if systems[..i].contains(s) {
            bail!("--system {} is named twice: name each rule set once", s.as_str());
        }
    }
    Ok(())
}

/// The rule sets other than `recorded`, by the names `--system` takes, for messages.
fn others(recorded: SystemName) -> String {
    let names: Vec<&str> = SystemName::ALL.iter().filter(|s| **s != recorded).map(|s| s.as_str()).collect();
    names.join(", ")
}

/// The comparison's part of the replay: each period's games predicted on
/// every track, scored over those every track predicted.
struct Comparer<'a> {
    columns: &'a mut [SystemScores],
    games: u64,
    /// Each event's losses on every track, for the bootstrap.
    events: Vec<EventLosses>,
    /// The last period's lines as recorded.
    last: Vec<PlayerLine>,
    /// The last period's settings as each track rated it.
    configs: Vec<PeriodConfig>,
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
        let predicted: Vec<Vec<Predicted>> = rated.iter().map(predictions).collect();
        let others: Vec<HashMap<(u32, u32), f64>> =
            predicted.iter().skip(1).map(|p| p.iter().map(|g| (g.at, g.expected)).collect()).collect();
        // In the order the games were reported, so that the sums are the same from run to run.
        for game in predicted.first().into_iter().flatten() {
            let all: Option<Vec<f64>> = others.iter().map(|m| m.get(&game.at).copied()).collect();
            let Some(rest) = all else { continue };
            self.games += 1;
            let expected: Vec<f64> = std::iter::once(game.expected).chain(rest).collect();
            if self.events.last().is_none_or(|e| e.event != game.at.0 || e.period != self.columns[0].drift.len()) {
                self.events.push(EventLosses::new(self.columns[0].drift.len(), game.at.0, expected.len()));
            }
            let losses = self.events.last_mut().expect("an event was just pushed");
            for ((column, p), loss) in self.columns.iter_mut().zip(&expected).zip(&mut losses.losses) {
                column.prediction.add(*p, game.score);
                *loss += scores::log_loss(*p, game.score);
            }
            losses.games += 1;
        }
        for (column, r) in self.columns.iter_mut().zip(&rated) {
            column.period(r);
        }
        self.configs = rated.iter().map(|r| r.period.config.clone()).collect();
        self.last = read.recorded;
        Ok(())
    }

    fn progress(&mut self, done: usize, total: usize) {
        (self.progress)(done, total);
    }
}

/// One game a rule set predicted: its (event, game) place, the expected
/// score of White and his score.
struct Predicted {
    at: (u32, u32),
    expected: f64,
    score: f64,
}

/// The rule set's expected score of White in each game of the period
/// between two players it rated at the start, with White's score, in the
/// order the games were reported.
fn predictions(r: &Replayed) -> Vec<Predicted> {
    let players = &r.period.players.players;
    let at: HashMap<u32, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let predict = r.system().predictor(&r.period.players);
    let mut out = Vec::new();
    for (e, event) in r.period.events.iter().enumerate().filter(|(_, e)| e.disposition.is_rated()) {
        for (g, game) in event.games.iter().enumerate() {
            let Some((black, white_score)) = game.played() else { continue };
            let (Some(&w), Some(&b)) = (at.get(&game.white), at.get(&black)) else { continue };
            if let Some(p) = predict(w, b) {
                out.push(Predicted { at: (e as u32, g as u32), expected: p, score: white_score });
            }
        }
    }
    out
}

impl SystemScores {
    fn new(system: SystemName, recorded: bool) -> SystemScores {
        SystemScores {
            system,
            title: system.title(),
            recorded,
            log_loss: None,
            brier: None,
            favourite_share: None,
            prediction: Prediction::default(),
            drift: Vec::new(),
            means: Vec::new(),
            against_recorded: Shift::default(),
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
            .filter_map(|((before, after), _)| Some(after.published_rating()? - before.published_rating()?))
            .collect();
        self.drift.push(mean_sd(&changes).map(|(m, _)| m));
        let pool: Vec<f64> = r
            .ratings
            .players
            .iter()
            .zip(&r.ratings.removed)
            .filter(|(_, removed)| !**removed)
            .filter_map(|(p, _)| p.published_rating())
            .collect();
        self.means.push(mean_sd(&pool).map(|(m, _)| m));
    }

    /// The recorded last list (`list`, under `recorded`) moved to this
    /// track's states, as a switch moves it, with the track's last settings
    /// (`config`).
    fn finish(&mut self, list: &PlayerFile, recorded: SystemName, track: &Track, config: &PeriodConfig) {
        self.log_loss = self.prediction.log_loss();
        self.brier = self.prediction.brier();
        self.favourite_share = self.prediction.favourite_share();
        let Some(carried) = track.carried() else { return };
        let start = Start::History { carried: Box::new(carried.clone()), span: String::new() };
        let (_, moved) = crate::record::start::move_list(list.clone(), Some(recorded), config, &start);
        self.against_recorded = moved.shift;
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
