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

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};

pub use super::start::{carry_ratings, first_state, move_list, Carried, Start};
use super::{PlayerLine, Record, RevisionInfo};
use crate::config::{PeriodConfig, RuleSettings};
use crate::diag::Severity;
use crate::ingest::data_folder::SETTINGS;
use crate::ingest::{IngestError, Inputs, RawData};
use crate::model::system::SystemName;
use crate::model::PlayerFile;
use crate::rate::{RatingSystem, Ratings};
use crate::switch::{switches, Before};
use crate::timings::Timings;
use crate::validate::{validate_with_ids_above, NewcomerIds, ValidPeriod};

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
    /// The `[rules]` a track under another rule set rates every period
    /// with (its defaults when empty), in place of each recorded period's
    /// own, which are its own rule set's.
    pub settings: RuleSettings,
    pub(super) carried: Option<Carried>,
    /// How the next period's player file, written under another rule set,
    /// takes this track's rule set's first state ([`first_state`]): set at
    /// the first period of a track under another rule set than the file's,
    /// and where the replay crosses a switch.
    pub(super) start: Option<Start>,
}

impl Track {
    pub fn new(under: Under) -> Track {
        Track { under, write_carried: false, settings: RuleSettings::default(), carried: None, start: None }
    }

    /// A track under `system`, rating every period with `settings`.
    pub fn under(system: SystemName, settings: RuleSettings) -> Track {
        Track { settings, ..Track::new(Under::System(system)) }
    }

    /// The ratings the last period rated left (none before the first).
    pub fn carried(&self) -> Option<&Carried> {
        self.carried.as_ref()
    }

    /// The player file the last period rated left (the players kept).
    pub fn player_file(self) -> PlayerFile {
        self.carried.map(|c| c.kept).unwrap_or_default()
    }
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
    /// The main list's period and ratings (a folder's one list).
    pub period: ValidPeriod,
    pub ratings: Ratings,
    /// The other lists of a period that keeps several, on the recorded
    /// track (a comparison rates the main list only).
    pub others: Vec<crate::rated::OtherRatings>,
    /// The player file carried in, as a workbook (see [`Track::write_carried`]).
    pub carried_bytes: Option<Vec<u8>>,
    /// The findings of its validation, as `validation.txt` lists them (the
    /// reports skipped again noted as a publication with `--skip-invalid`
    /// notes them).
    pub findings: Vec<crate::diag::Diagnostic>,
}

impl Replayed {
    /// The rule set the track rated the period under: its configuration's.
    pub fn system(&self) -> &'static dyn RatingSystem {
        crate::rate::configured(&self.period.config)
    }
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
        let at = periods.iter().position(|p| p.id == revision.id).unwrap_or(0);
        // The rule set the period's recorded player file was written under.
        let file_system = if at > 0 { periods[at - 1].system } else { revision.system };
        // Through a change of rule set, the new one's states derived again.
        if switches(Before::Recorded(file_system), revision.system, None)
            && tracks.iter().any(|t| t.under == Under::Recorded)
        {
            crossing.cross(record, &periods[..at], revision, replayer, timings, tracks)?;
        }
        // A track under another rule set starts from the first period's
        // recorded player file, adopted.
        for track in tracks.iter_mut().filter(|t| t.carried.is_none() && t.start.is_none()) {
            if let Under::System(system) = track.under {
                if switches(Before::Recorded(file_system), system, None) {
                    track.start = Some(Start::Adopt);
                }
            }
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
        let rated = rate_tracks(revision, raw, &pinned, file_system, tracks, &*replayer, &skip)?;
        timings.record("rate", started);
        let original_ids: HashSet<u32> = recorded.iter().map(|l| l.id).collect();
        for (track, r) in tracks.iter_mut().zip(&rated) {
            let (kept, removed) = crate::rate::split_player_file(&r.period, &r.ratings);
            let mut all = kept.clone();
            all.players.extend(removed.players);
            track.carried = Some(Carried { kept, all, original_ids: original_ids.clone() });
            track.start = None;
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
    let mut config = PeriodConfig::from_bytes(bytes, &settings)?;
    // (Its settings validated once, as a period run validates them.)
    crate::rate::configure(&mut config);
    let mut wanted = Vec::new();
    for track in tracks {
        for input in system_of(track, &config).inputs() {
            if !wanted.contains(input) {
                wanted.push(*input);
            }
        }
    }
    let (mut player_file, findings) = crate::ingest::read_player_file(&inputs, &config.other_lists())?;
    if let Some(c) = tracks.first().and_then(|t| t.carried.as_ref()) {
        carry_ratings(&mut player_file, c);
    }
    let mut raw = crate::ingest::read_with_player_file(&inputs, config, (player_file, findings), &wanted);
    let mut pinned = record.newcomer_ids(revision.id)?;
    // The players the record has merged since, one person each.
    for merge in record.merges()? {
        merge.apply(&mut raw, &mut pinned);
    }
    // Players removed before who play again, as the period's run put them back.
    let end = revision.end.to_string();
    let back = super::returning::reinstate(&mut raw, record, &revision.period, &end)?;
    if let (Some(c), false) = (tracks.first().and_then(|t| t.carried.as_ref()), back.is_empty()) {
        carry_ratings(&mut raw.player_file, c);
    }
    let recorded = record.player_lines(revision.id)?;
    Ok(Read { inputs, raw, pinned, corrected: Vec::new(), recorded })
}

/// The rule set a track rates a period of settings `config` under.
fn system_of(track: &Track, config: &PeriodConfig) -> &'static dyn RatingSystem {
    match track.under {
        Under::Recorded => crate::rate::configured(config),
        Under::System(name) => crate::rate::rule_set(name),
    }
}

/// The period's settings as a track rates it: its own, as recorded, or,
/// on a track under one rule set, that rule set with the track's `[rules]`
/// (never the recorded period's, which are its own rule set's).
fn config_of(track: &Track, config: &mut PeriodConfig) {
    if let Under::System(name) = track.under {
        config.system = name;
        config.rules = track.settings.clone();
    }
}

/// Rates the period read on every track, each from its own ratings (the
/// recorded player file written under `file_system`).
fn rate_tracks(
    revision: &RevisionInfo,
    read: RawData,
    pinned: &NewcomerIds,
    file_system: SystemName,
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
        config_of(track, &mut raw.config);
        // (The first track's ratings went in as the period was read.)
        if let (true, Some(c)) = (t > 0, &track.carried) {
            carry_ratings(&mut raw.player_file, c);
        }
        // The file as carried in, before any first state: what the period
        // starts from, as a correction records it.
        let carried_file = (track.write_carried && track.carried.is_some()).then(|| raw.player_file.clone());
        // A track's first state: at a switch the recorded track's period
        // says what the switch did, as the period's run said it.
        let mut switched = None;
        match (&track.start, track.under) {
            (Some(start), Under::Recorded) => {
                let file = std::mem::take(&mut raw.player_file);
                let (file, said) = move_list(file, Some(file_system), &raw.config, start);
                raw.player_file = file;
                switched = Some(said);
            }
            (Some(start), Under::System(_)) => {
                let file = std::mem::take(&mut raw.player_file);
                raw.player_file = first_state(file, Some(file_system), system, &raw.config, start);
            }
            (None, _) => {}
        }
        let published = raw.config.published;
        let (period, carried_bytes) = std::thread::scope(|scope| {
            let bytes = carried_file
                .map(|file| scope.spawn(move || crate::formats::player_file::player_file_bytes(&file, published)));
            let period = validate(raw, system, pinned, revision, &replayer.failing(track), skip);
            let bytes = bytes.map(|b| b.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
            (period, bytes)
        });
        let (mut period, findings) = period?;
        period.switched = switched;
        let carried_bytes = carried_bytes.transpose()?;
        let (period, ratings, others) = match track.under {
            Under::Recorded => {
                let lists = crate::rated::rate_each_list(period, system);
                (lists.period, lists.ratings, lists.others)
            }
            Under::System(_) => {
                let period = crate::rated::rating_lists::main_view(period);
                let ratings = crate::rate::rate_period(system, &period);
                (period, ratings, Vec::new())
            }
        };
        rated.push(Replayed { period, ratings, others, carried_bytes, findings });
    }
    Ok(rated)
}

/// Validates the period again, with its findings; an error of its inputs
/// refuses the whole replay.
fn validate(
    raw: RawData,
    system: &'static dyn RatingSystem,
    pinned: &NewcomerIds,
    revision: &RevisionInfo,
    how: &str,
    skip: &Skip,
) -> Result<(ValidPeriod, Vec<crate::diag::Diagnostic>)> {
    let policy = crate::rate::lists::policy(system, &raw.config);
    let mut validated = validate_with_ids_above(raw, &policy, pinned, skip.taken);
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
    if validated.error_count() > 0 {
        validated.note_skipped();
    }
    Ok((validated.period, validated.diagnostics))
}

/// What a period's publication skipped (`--skip-invalid`), which its
/// replay skips again.
struct Skip {
    /// The codes (upper case) of the events the record keeps as not rated
    /// for their errors: asked of the record once a period, for every track.
    recorded: HashSet<String>,
    /// Whether the period's inputs are revised ones (`period --revise`).
    revised: bool,
    /// The highest ID the record has given: a newcomer it has not pinned
    /// (of a report a correction adds) gets one above it.
    taken: u32,
}

impl Skip {
    /// What the publication of `revision` skipped.
    fn of(record: &Record, revision: &RevisionInfo, revised: bool) -> Result<Skip> {
        let invalid = crate::validate::Disposition::Invalid.note();
        let mut stmt =
            record.connection().prepare("SELECT code FROM event_line WHERE revision_id = ?1 AND reason = ?2")?;
        let rows = stmt.query_map(rusqlite::params![revision.id, invalid], |r| r.get::<_, String>(0))?;
        let recorded = rows.map(|code| code.map(|c| c.to_uppercase())).collect::<Result<_, _>>()?;
        Ok(Skip { recorded, revised, taken: record.highest_id()? })
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
