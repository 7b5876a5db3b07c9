//! Replaying recorded periods in memory, in order: the loop beneath
//! `rerate`, `merge`, `period --revise`, `compare` and a change of system.
//! Each period's recorded inputs are loaded and read once, then rated on
//! every [`Track`]: under the rule set each period was recorded with, or
//! under another one for the whole chain. A track starts from the first
//! period's player file as recorded (through the rule set's
//! [`adopt`](crate::rate::RatingSystem::adopt) when it is another rule
//! set's, or a `[switch]` conversion) and carries its ratings from each
//! period into the next, while the identity details each period's own input
//! gave (names, states, birth dates, new members) stand.
//!
//! What a period comes to on each track goes to a [`Replayer`], which may
//! correct the first period before it is rated (a correction) and does what
//! its command needs with the result (the record's lines and the errata;
//! the comparison's scores).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};

use super::{PlayerLine, Record, RevisionInfo};
use crate::config::PeriodConfig;
use crate::diag::Severity;
use crate::ingest::data_folder::SETTINGS;
use crate::ingest::{IngestError, Inputs, RawData};
use crate::model::system::SystemName;
use crate::model::PlayerFile;
use crate::rate::{RatingSystem, Ratings};
use crate::switch::RatingConversion;
use crate::timings::Timings;
use crate::validate::{validate_with_ids, NewcomerIds, ValidPeriod};

/// Which rule set rates a track's periods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Under {
    /// Each period's own, as recorded.
    Recorded,
    /// This one, for every period.
    System(SystemName),
}

/// One line of re-rating through the chain, and the ratings it carries.
pub struct Track {
    pub under: Under,
    /// Whether the player file carried into each period is written as a
    /// workbook beside the rating (a correction records it as the period's
    /// `players.xlsx`).
    pub write_carried: bool,
    /// How the first period's player file becomes this track's start, when
    /// it was written under another rule set: the conversion, if any, then
    /// the rule set's `adopt`.
    pub conversion: Option<RatingConversion>,
    pub(super) carried: Option<Carried>,
    /// A conversion (then the rule set's `adopt`) the next period's player
    /// file goes through: a change of rule set by `[switch]` conversion.
    pub(super) convert_next: Option<RatingConversion>,
}

impl Track {
    pub fn new(under: Under) -> Track {
        Track { under, write_carried: false, conversion: None, carried: None, convert_next: None }
    }

    /// The player file the last period rated left (the players kept).
    pub fn player_file(self) -> PlayerFile {
        self.carried.map(|c| c.kept).unwrap_or_default()
    }
}

/// The ratings the period before carries into the next: the player file
/// (kept, and every player with the removed ones) and the IDs the recorded
/// revision held.
#[derive(Clone)]
pub struct Carried {
    pub(super) kept: PlayerFile,
    pub(super) all: PlayerFile,
    pub(super) original_ids: HashSet<u32>,
}

/// A period loaded and read once, ready to be rated on each track.
pub struct Read {
    pub inputs: Inputs,
    pub raw: RawData,
    /// The newcomers' IDs the record gave them (a merge changes DROP's).
    pub pinned: NewcomerIds,
    /// The codes of the events the correction touched (first period only).
    pub corrected: Vec<String>,
    /// The period's lines as the record holds them.
    pub recorded: Vec<PlayerLine>,
}

/// What a period's replay keeps of it beside the ratings.
pub struct Recorded {
    /// Its inputs (corrected, for the first period of a correction).
    pub inputs: Inputs,
    /// The codes of the events the correction touched (first period only).
    pub corrected: Vec<String>,
    /// The period's lines as the record holds them.
    pub recorded: Vec<PlayerLine>,
}

/// A period rated on one track.
pub struct Replayed {
    pub period: ValidPeriod,
    pub ratings: Ratings,
    pub system: &'static dyn RatingSystem,
    /// The player file carried in, as a workbook (see [`Track::write_carried`]).
    pub carried_bytes: Option<Vec<u8>>,
}

/// What a command does with the replay.
pub trait Replayer {
    /// Inputs that stand in for a period's recorded ones (`period
    /// --revise`: its data folder's).
    fn inputs(&mut self, revision: &RevisionInfo) -> Option<Inputs> {
        let _ = revision;
        None
    }

    /// Changes a period, read, before it is rated (a correction). `Some`:
    /// stop here, with what to say (the correction is in the record already).
    fn prepare(&mut self, revision: &RevisionInfo, read: &mut Read) -> Result<Option<String>> {
        let _ = (revision, read);
        Ok(None)
    }

    /// The words of an error that stops the replay at a period: "with the
    /// correction", "under glicko2".
    fn failing(&self, track: &Track) -> String {
        match track.under {
            Under::Recorded => "with the correction".to_string(),
            Under::System(name) => format!("under the {name} rules"),
        }
    }

    /// The period rated on every track (in the tracks' order).
    fn rated(
        &mut self,
        revision: &RevisionInfo,
        read: Recorded,
        rated: Vec<Replayed>,
        timings: &mut Timings,
    ) -> Result<()>;

    /// `done` of `total` periods replayed.
    fn progress(&mut self, done: usize, total: usize) {
        let _ = (done, total);
    }
}

/// How a replay crosses a change of rule set between two recorded periods:
/// [`super::switch::DeriveAgain`] derives the new rule set's states by
/// replaying the history before it (so the replay does not reach up into
/// the switch; the switch calls the replay).
pub trait Crossing {
    /// Starts the tracks under [`Under::Recorded`] for the period `at`,
    /// rated under another rule set than the recorded periods `before` it.
    fn cross(
        &self,
        record: &Record,
        before: &[RevisionInfo],
        at: &RevisionInfo,
        replayer: &mut dyn Replayer,
        timings: &mut Timings,
        tracks: &mut [Track],
    ) -> Result<()>;
}

/// Replays the recorded periods `chain`, oldest first, on `tracks`,
/// through a change of rule set by `crossing`. `Some`: the replayer stopped
/// at the first period, with what to say.
pub fn replay(
    record: &Record,
    chain: &[RevisionInfo],
    tracks: &mut [Track],
    replayer: &mut dyn Replayer,
    crossing: &dyn Crossing,
    timings: &mut Timings,
) -> Result<Option<String>> {
    let periods = record.periods()?;
    for (k, revision) in chain.iter().enumerate() {
        replayer.progress(k, chain.len());
        // Through a change of rule set, the new one's states derived again.
        let at = periods.iter().position(|p| p.id == revision.id).unwrap_or(0);
        if at > 0 && periods[at - 1].system != revision.system && tracks.iter().any(|t| t.under == Under::Recorded) {
            crossing.cross(record, &periods[..at], revision, replayer, timings, tracks)?;
        }
        let started = Instant::now();
        let (inputs, revised) = match replayer.inputs(revision) {
            Some(inputs) => (inputs, true),
            None => (load(record, revision)?, false),
        };
        check_stored_paths(&inputs, record.path(), &revision.period)?;
        timings.record("load", started);
        let started = Instant::now();
        let mut read = read(record, revision, inputs, tracks)?;
        timings.record("read", started);
        let started = Instant::now();
        if let Some(held) = replayer.prepare(revision, &mut read)? {
            return Ok(Some(held));
        }
        timings.record("correct", started);
        let started = Instant::now();
        let Read { inputs, raw, pinned, corrected, recorded } = read;
        let skip = Skip::of(record, revision, revised)?;
        let rated = rate_tracks(revision, raw, &pinned, tracks, &*replayer, &skip)?;
        timings.record("rate", started);
        let original_ids: HashSet<u32> = recorded.iter().map(|l| l.id).collect();
        for (track, r) in tracks.iter_mut().zip(&rated) {
            let (kept, removed) = crate::rate::split_player_file(&r.period, &r.ratings);
            let mut all = kept.clone();
            all.players.extend(removed.players);
            track.carried = Some(Carried { kept, all, original_ids: original_ids.clone() });
            track.convert_next = None;
        }
        replayer.rated(revision, Recorded { inputs, corrected, recorded }, rated, timings)?;
    }
    replayer.progress(chain.len(), chain.len());
    Ok(None)
}

/// The period's inputs as recorded.
fn load(record: &Record, revision: &RevisionInfo) -> Result<Inputs> {
    let label = format!("{} ({} as recorded)", record.path().display(), revision.period);
    record.inputs(revision.id, PathBuf::from(label))
}

/// Parses the period's inputs once, with what every track's rule set
/// reads; the first track's ratings go into its player file before any
/// report is matched against it.
fn read(record: &Record, revision: &RevisionInfo, inputs: Inputs, tracks: &[Track]) -> Result<Read> {
    let settings = inputs.label.join(SETTINGS);
    let Some(bytes) = inputs.get(SETTINGS) else {
        return Err(IngestError::MissingFile(settings).into());
    };
    let config = PeriodConfig::from_bytes(bytes, &settings)?;
    let mut wanted = Vec::new();
    for track in tracks {
        for input in system_of(track, &config).inputs() {
            if !wanted.contains(input) {
                wanted.push(*input);
            }
        }
    }
    let (mut player_file, findings) = crate::ingest::read_player_file(&inputs)?;
    if let Some(c) = tracks.first().and_then(|t| t.carried.as_ref()) {
        carry_ratings(&mut player_file, c);
    }
    let mut raw = crate::ingest::read_with_player_file(&inputs, config, (player_file, findings), &wanted);
    // Players removed before who play again, as the period's run put them back.
    let end = revision.end.to_string();
    let back = super::returning::reinstate(&mut raw, record, &revision.period, &end)?;
    if let (Some(c), false) = (tracks.first().and_then(|t| t.carried.as_ref()), back.is_empty()) {
        carry_ratings(&mut raw.player_file, c);
    }
    let pinned = record.newcomer_ids(revision.id)?;
    let recorded = record.player_lines(revision.id)?;
    Ok(Read { inputs, raw, pinned, corrected: Vec::new(), recorded })
}

/// The rule set a track rates a period of settings `config` under.
fn system_of(track: &Track, config: &PeriodConfig) -> &'static dyn RatingSystem {
    match track.under {
        Under::Recorded => config.system.rules(),
        Under::System(name) => name.rules(),
    }
}

/// Rates the period read on every track, each from its own ratings.
fn rate_tracks(
    revision: &RevisionInfo,
    read: RawData,
    pinned: &NewcomerIds,
    tracks: &[Track],
    replayer: &dyn Replayer,
    skip: &Skip,
) -> Result<Vec<Replayed>> {
    let mut rated = Vec::with_capacity(tracks.len());
    let mut read = Some(read);
    for (t, track) in tracks.iter().enumerate() {
        // (The last track takes the period as read; the others a copy.)
        let mut raw = match t + 1 == tracks.len() {
            true => read.take().expect("the period read is taken once"),
            false => read.as_ref().expect("the period read stays until the last track").clone(),
        };
        let system = system_of(track, &raw.config);
        // (The first track's ratings went in as the period was read.)
        if let (true, Some(c)) = (t > 0, &track.carried) {
            carry_ratings(&mut raw.player_file, c);
        }
        if let Some(conversion) = track.convert_next {
            let file = conversion.apply(std::mem::take(&mut raw.player_file));
            raw.player_file = system.adopt(file, &raw.config);
        } else if track.carried.is_none() && system.name() != raw.config.system {
            let file = std::mem::take(&mut raw.player_file);
            let file = match &track.conversion {
                Some(conversion) => conversion.apply(file),
                None => file,
            };
            raw.config.system = system.name();
            raw.player_file = system.adopt(file, &raw.config);
        }
        raw.config.system = system.name();
        let published = raw.config.published;
        let (period, carried_bytes) = std::thread::scope(|scope| {
            let carried_file = (track.write_carried && track.carried.is_some()).then(|| raw.player_file.clone());
            let bytes = carried_file
                .map(|file| scope.spawn(move || crate::formats::player_file::player_file_bytes(&file, published)));
            let period = validate(raw, system, pinned, revision, &replayer.failing(track), skip);
            let bytes = bytes.map(|b| b.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
            (period, bytes)
        });
        let period = period?;
        let carried_bytes = carried_bytes.transpose()?;
        let ratings = crate::rate::rate_period(system, &period);
        rated.push(Replayed { period, ratings, system, carried_bytes });
    }
    Ok(rated)
}

/// Validates the period again; an error of its inputs refuses the whole
/// replay.
fn validate(
    raw: RawData,
    system: &'static dyn RatingSystem,
    pinned: &NewcomerIds,
    revision: &RevisionInfo,
    how: &str,
    skip: &Skip,
) -> Result<ValidPeriod> {
    let validated = validate_with_ids(raw, system, pinned);
    let skipped = skip.files(&validated.period);
    let errors: Vec<String> = validated
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && !skipped.contains(&d.location.file))
        .map(|d| d.to_string())
        .collect();
    if !errors.is_empty() {
        bail!(
            "{} cannot be re-rated {how}: {} error(s), nothing was changed:\n{}",
            revision.period,
            errors.len(),
            errors.join("\n")
        );
    }
    Ok(validated.period)
}

/// What a period's publication skipped (`--skip-invalid`), which its
/// replay skips again.
struct Skip {
    /// The codes (upper case) of the events the record keeps as not rated
    /// for their errors: asked of the record once a period, for every track.
    recorded: HashSet<String>,
    /// Whether the period's inputs are revised ones (`period --revise`).
    revised: bool,
}

impl Skip {
    /// What the publication of `revision` skipped.
    fn of(record: &Record, revision: &RevisionInfo, revised: bool) -> Result<Skip> {
        let invalid = crate::validate::Disposition::Invalid.note();
        let mut stmt =
            record.connection().prepare("SELECT code FROM event_line WHERE revision_id = ?1 AND reason = ?2")?;
        let rows = stmt.query_map(rusqlite::params![revision.id, invalid], |r| r.get::<_, String>(0))?;
        let recorded = rows.map(|code| code.map(|c| c.to_uppercase())).collect::<Result<_, _>>()?;
        Ok(Skip { recorded, revised })
    }

    /// The report files (with their sidecars) whose errors the publication
    /// skipped: the events the record keeps as not rated for their errors,
    /// and the files that could not be read (the same bytes could not be
    /// read then either). For `period --revise`, whose run skipped the
    /// revised inputs' reports in error, every one of those. A report a
    /// correction adds is never skipped: its errors refuse the correction.
    fn files(&self, period: &ValidPeriod) -> HashSet<String> {
        let added = |file: &str| file.starts_with("reports/corrections/");
        let invalid = period.events.iter().filter(|e| e.disposition == crate::validate::Disposition::Invalid);
        let mut files = HashSet::new();
        for e in invalid.filter(|e| !added(&e.file) && (self.revised || self.recorded.contains(&e.code.to_uppercase())))
        {
            files.insert(crate::ingest::trf::sidecar_name(&e.file));
            files.insert(e.file.clone());
        }
        files.extend(period.unreadable.iter().filter(|f| !added(f)).cloned());
        files
    }
}

/// Refuses a recorded input whose path could lead out of a data folder (a
/// tampered record): `..`, an absolute path, a backslash or a control
/// character.
fn check_stored_paths(inputs: &Inputs, record: &std::path::Path, period: &str) -> Result<()> {
    for (path, _) in inputs.files() {
        let bad = path.is_empty()
            || path.starts_with('/')
            || path.contains('\\')
            || path.contains(':')
            || path.chars().any(char::is_control)
            || path.split('/').any(|part| part.is_empty() || part == "." || part == "..");
        if bad {
            bail!(
                "the record {} holds an input file of {period} under the path {path:?}, which no data folder holds (a path must stay inside the folder: no `..`, no absolute path): the record has been altered; restore it from a backup",
                record.display()
            );
        }
    }
    Ok(())
}

/// Puts the ratings of the period before into this period's player file
/// `file`: rating, status, games, score, opponents' average, last played
/// and the rule set's own columns (by name; a column the file lacks is
/// added) by ID, from `c.all` (the track's players, the removed ones too).
/// The identity details this period's own input gave, its members and its
/// other columns stand: a member the track knows nothing of (one the
/// recorded chain made, e.g. a newcomer of a withdrawn event;
/// `c.original_ids`) stays with no rating yet; a player the track made (in
/// `c.kept`) joins.
pub(super) fn carry_ratings(file: &mut PlayerFile, c: &Carried) {
    use crate::model::ExtraValue;
    let by_id: HashMap<u32, &crate::model::Player> = c.all.players.iter().map(|p| (p.id, p)).collect();
    // Where each of the track's columns stands in the file.
    let at: Vec<usize> = c
        .all
        .extra_columns
        .iter()
        .map(|name| match file.extra_columns.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                file.extra_columns.push(name.clone());
                file.extra_columns.len() - 1
            }
        })
        .collect();
    let width = file.extra_columns.len();
    let put = |extra: &mut Vec<ExtraValue>, from: &[ExtraValue]| {
        extra.resize(width, ExtraValue::Empty);
        for (j, &i) in at.iter().enumerate() {
            extra[i] = from.get(j).cloned().unwrap_or(ExtraValue::Empty);
        }
    };
    let mut present = HashSet::new();
    for p in &mut file.players {
        present.insert(p.id);
        p.extra.resize(width, ExtraValue::Empty);
        match by_id.get(&p.id) {
            Some(c) => {
                p.rating = c.rating;
                p.status = c.status;
                p.games = c.games;
                p.score = c.score;
                p.opp_avg = c.opp_avg;
                p.last_played = c.last_played;
                put(&mut p.extra, &c.extra);
            }
            None if c.original_ids.contains(&p.id) => {
                p.rating = None;
                p.status = crate::model::Status::New;
                p.games = 0;
                p.score = 0.0;
                p.opp_avg = None;
                p.last_played = None;
            }
            None => {}
        }
    }
    for c in &c.kept.players {
        if !present.contains(&c.id) {
            let mut p = c.clone();
            p.extra = Vec::new();
            put(&mut p.extra, &c.extra);
            file.players.push(p);
            // The rows the carried file gives the players who join it.
            if let Some(origin) = &mut file.origin {
                let next = origin.rows.last().map_or(1, |r| r + 1);
                origin.rows.push(next);
            }
        }
    }
}
