//! Re-rating from the record: a correction applied to a recorded period,
//! which is re-rated from the inputs the record kept, and every later period
//! after it, in order. A later period starts from the corrected ratings of
//! the one before, while the identity details its own input gave (names,
//! states, birth dates, new members) stand.
//!
//! [`rerate`] is a loop over the recorded periods from the first corrected
//! one, each taken through named steps: [`Step::load`] its recorded inputs,
//! [`Step::read`] them (the ratings carried in), [`Step::correct`] the first
//! one, [`Step::rate`] it, [`Step::compare`] it with what was published
//! (the errata), and carry its ratings on. What it returns is recorded and
//! published by the caller (`ratebook rerate`, `merge`, `period --revise`).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};

use super::errata::Errata;
use super::{PeriodLines, PlayerLine, Record, RevisionInfo};
use crate::config::PeriodConfig;
use crate::diag::Severity;
use crate::ingest::inputs::{Role, SETTINGS};
use crate::ingest::{IngestError, Inputs, RawData};
use crate::model::PlayerFile;
use crate::rate::RatingSystem;
use crate::rated::{Baseline, Rated};
use crate::timings::Timings;
use crate::validate::{validate_with_ids, NewcomerIds};

/// The correction to apply.
#[derive(Debug, Clone, Default)]
pub struct Correction {
    /// Reports that replace the recorded event with the same code, or add one.
    pub add: Vec<PathBuf>,
    /// Events to remove, by code.
    pub withdraw: Vec<String>,
    /// (KEEP, DROP): DROP's games become KEEP's.
    pub merge: Option<(u32, u32)>,
    /// Inputs that replace the first period's wholesale (`period --revise`
    /// of a period with later ones: its data folder's).
    pub revised: Option<Inputs>,
}

/// What a re-rating worked out, to be recorded and published.
pub struct Rerating {
    /// The first period re-rated.
    pub from: String,
    /// The correction in the words of the `corrections` view: what, detail.
    pub what: String,
    pub detail: String,
    /// The revisions re-rated, oldest first, and each one's new lines.
    pub chain: Vec<RevisionInfo>,
    pub lines: Vec<PeriodLines>,
    pub errata: Errata,
    /// The last period's corrected player file (the players kept).
    pub player_file: PlayerFile,
}

/// What [`rerate`] comes to.
pub enum Outcome {
    /// The correction is in the record already: what to say (nothing done).
    Held(String),
    Rerated(Rerating),
}

/// The ratings the period before carries into the next: the corrected
/// player file (kept, and every player with the removed ones) and the IDs
/// the original revision held.
struct Carried {
    kept: PlayerFile,
    all: PlayerFile,
    original_ids: HashSet<u32>,
}

/// One period's re-rating: the revision and where it stands in the chain.
struct Step<'a> {
    record: &'a Record,
    revision: &'a RevisionInfo,
    correction: &'a Correction,
    first: bool,
}

/// A period read and corrected, ready to be rated.
struct Read {
    inputs: Inputs,
    raw: RawData,
    system: &'static dyn RatingSystem,
    published: chrono::NaiveDate,
    /// The codes of the events the correction touched (first period only).
    corrected: Vec<String>,
}

/// Re-rates `record` from the period `from` (`None` for a merge: the first
/// period DROP played in) with the correction `c`, in memory: nothing is
/// written. `tolerance` is the errata's (`[errata] tolerance`).
pub fn rerate(
    record: &Record,
    from: Option<&str>,
    c: &Correction,
    tolerance: f64,
    timings: &mut Timings,
) -> Result<Outcome> {
    check_added_files(&c.add)?;
    let started = Instant::now();
    let periods = record.periods()?;
    let from = match (from, c.merge) {
        (Some(from), _) => from.to_string(),
        (None, Some((keep, drop))) => {
            if let Some(done) = record.merged_already(keep, drop)? {
                return Ok(Outcome::Held(done));
            }
            first_period_played(record, &periods, keep, drop)?
        }
        (None, None) => bail!("say which period to re-rate from: --from PERIOD"),
    };
    let start = chain_start(record, &periods, &from, c)?;
    let chain = &periods[start..];
    timings.record("open", started);
    let mut before: Vec<PlayerLine> = match start {
        0 => Vec::new(),
        _ => record.player_lines(periods[start - 1].id)?,
    };
    let mut carried: Option<Carried> = None;
    let mut all_lines = Vec::new();
    let mut errata = Errata::new(tolerance);
    for (k, revision) in chain.iter().enumerate() {
        let step = Step { record, revision, correction: c, first: k == 0 };
        let started = Instant::now();
        let inputs = step.load()?;
        let old_lines = record.player_lines(revision.id)?;
        timings.record("load", started);
        let started = Instant::now();
        let mut read = step.read(inputs, carried.as_ref())?;
        timings.record("read", started);
        let started = Instant::now();
        if step.first {
            if let Some(held) = step.correct(&mut read)? {
                return Ok(Outcome::Held(held));
            }
        }
        timings.record("correct", started);
        let started = Instant::now();
        let Read { mut inputs, raw, system, published, corrected } = read;
        let (rated, carried_bytes) = std::thread::scope(|scope| {
            // The carried player file is recorded as players.xlsx (in place
            // of the file the period had), written while the period is rated.
            let carried_file = carried.is_some().then(|| raw.player_file.clone());
            let bytes = carried_file
                .map(|file| scope.spawn(move || crate::formats::player_file::player_file_bytes(&file, published)));
            let rated = step.rate(raw, system, &super::lines::baseline(&before));
            let bytes = bytes.map(|b| b.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
            (rated, bytes)
        });
        let rated = rated?;
        timings.record("rate", started);
        let started = Instant::now();
        if let Some(bytes) = carried_bytes {
            inputs.replace_player_file("players.xlsx", bytes.context("cannot write the carried player file")?);
        }
        let lines = PeriodLines::of(&rated, inputs);
        timings.record("lines", started);
        let started = Instant::now();
        step.compare(&mut errata, &old_lines, &lines, &corrected)?;
        let (kept, removed) = crate::rate::split_player_file(&rated.period, &rated.ratings);
        let mut all = kept.clone();
        all.players.extend(removed.players);
        carried = Some(Carried { kept, all, original_ids: old_lines.iter().map(|l| l.id).collect() });
        before = lines.players.clone();
        all_lines.push(lines);
        timings.record("errata", started);
    }
    let (what, detail) = describe(c, &from);
    let player_file = carried.map(|c| c.kept).unwrap_or_default();
    Ok(Outcome::Rerated(Rerating { from, what, detail, chain: chain.to_vec(), lines: all_lines, errata, player_file }))
}

/// Where the chain to re-rate starts among the recorded `periods`: at
/// `from`, which must be recorded from reports, with a correction that
/// applies to it.
fn chain_start(record: &Record, periods: &[RevisionInfo], from: &str, c: &Correction) -> Result<usize> {
    let Some(start) = periods.iter().position(|p| p.period == from) else {
        let names: Vec<&str> = periods.iter().map(|p| p.period.as_str()).collect();
        bail!(
            "no period \"{from}\" in the record; it holds: {}",
            if names.is_empty() { "none".to_string() } else { names.join(", ") }
        );
    };
    if let Some(imported) = periods[start..].iter().find(|p| p.source == super::Source::Import) {
        bail!(
            "{} was imported from a published player file: the record has no reports of it to re-rate",
            imported.period
        );
    }
    if c.add.is_empty() && c.withdraw.is_empty() && c.merge.is_none() && c.revised.is_none() {
        bail!(
            "no correction given, so nothing to re-rate: say what to correct with --add FILE (a report that replaces or adds an event) or --withdraw CODE (an event to remove); `ratebook merge KEEP DROP` merges two IDs"
        );
    }
    let first_events = record.event_codes(periods[start].id)?;
    for code in &c.withdraw {
        // (An event an earlier revision held: withdrawn already.)
        if !first_events.iter().any(|(e, _)| e.eq_ignore_ascii_case(code)) && !record.had_event(from, code)? {
            let codes: Vec<&str> = first_events.iter().map(|(e, _)| e.as_str()).collect();
            bail!("there is no event {code} in {from}; its events are {}", codes.join(", "));
        }
    }
    Ok(start)
}

impl Step<'_> {
    /// The period's inputs: as recorded, or (`period --revise`) the revised ones.
    fn load(&self) -> Result<Inputs> {
        let inputs = match (&self.correction.revised, self.first) {
            (Some(revised), true) => revised.clone(),
            _ => {
                let label = format!("{} ({} as recorded)", self.record.path().display(), self.revision.period);
                self.record.inputs(self.revision.id, PathBuf::from(label))?
            }
        };
        check_stored_paths(&inputs, self.record.path(), &self.revision.period)?;
        Ok(inputs)
    }

    /// Parses the period's inputs once; the ratings of the period before
    /// (`carried`) go into its player file before any report is matched
    /// against it.
    fn read(&self, inputs: Inputs, carried: Option<&Carried>) -> Result<Read> {
        let settings = inputs.label.join(SETTINGS);
        let Some(bytes) = inputs.get(SETTINGS) else {
            return Err(IngestError::MissingFile(settings).into());
        };
        let config = PeriodConfig::from_bytes(bytes, &settings)?;
        let system = config.system.rules();
        let published = config.published;
        let (mut player_file, findings) = crate::ingest::read_player_file(&inputs)?;
        if let Some(c) = carried {
            carry_ratings(&mut player_file, &c.kept, &c.all, &c.original_ids);
        }
        let raw = crate::ingest::read_with_player_file(&inputs, config, (player_file, findings), system.inputs());
        Ok(Read { inputs, raw, system, published, corrected: Vec::new() })
    }

    /// Applies the correction to the first period, read: its reports, and
    /// for a merge its IDs. `Some`: the corrected inputs are those recorded
    /// already, so the correction is in the record (what to say).
    fn correct(&self, read: &mut Read) -> Result<Option<String>> {
        let c = self.correction;
        read.corrected = apply_reports(&mut read.inputs, &mut read.raw, c)?;
        let recorded_already = self.revision.inputs_sha256.as_deref() == Some(read.inputs.manifest_sha256().as_str());
        if c.merge.is_none() && recorded_already {
            return Ok(Some(already_in(self.record, self.revision)?));
        }
        if c.revised.is_some() {
            read.corrected = revised_events(self.record, self.revision.id, &read.raw, &read.inputs)?;
        }
        Ok(None)
    }

    /// Validates and rates the period again (DROP's games KEEP's, for a
    /// merge), its change against `baseline`; an error of its inputs (with the correction) refuses the
    /// whole re-rating.
    fn rate(&self, mut raw: RawData, system: &'static dyn RatingSystem, baseline: &Baseline) -> Result<Rated> {
        let mut pinned: NewcomerIds = self.record.newcomer_ids(self.revision.id)?;
        if let Some((keep, drop)) = self.correction.merge {
            merge_ids(&mut raw, &mut pinned, keep, drop);
        }
        let validated = validate_with_ids(raw, system, &pinned);
        let errors: Vec<String> =
            validated.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| d.to_string()).collect();
        if !errors.is_empty() {
            bail!(
                "{} cannot be re-rated with the correction: {} error(s), nothing was changed:\n{}",
                self.revision.period,
                errors.len(),
                errors.join("\n")
            );
        }
        let ratings = system.rate(&validated.period);
        Ok(Rated::new(validated.period, ratings, system, baseline))
    }

    /// Adds to the errata every player whose published rating changed.
    fn compare(&self, errata: &mut Errata, old: &[PlayerLine], new: &PeriodLines, corrected: &[String]) -> Result<()> {
        let games = new.games.iter().map(|g| (g.event.clone(), g.white, g.black)).collect::<Vec<_>>();
        let old_games = self.record.games(self.revision.id)?;
        let merge = self.correction.merge;
        errata.compare(&self.revision.period, old, &new.players, &games, &old_games, corrected, merge);
        Ok(())
    }
}

/// The reports given with `--add`: each must exist, and no two may share a
/// file name (each is recorded as `reports/corrections/NAME`).
fn check_added_files(add: &[PathBuf]) -> Result<()> {
    let mut names: HashMap<String, &Path> = HashMap::new();
    for file in add {
        if !file.is_file() {
            bail!("the report {} does not exist", file.display());
        }
        let name = file.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
        if let Some(other) = names.insert(name, file) {
            bail!(
                "{} and {} have the same file name: each added report is recorded under its name, so give one of them another (e.g. V93001-corrected.xlsx)",
                other.display(),
                file.display()
            );
        }
    }
    Ok(())
}

/// Refuses a recorded input whose path could lead out of a data folder (a
/// tampered record): `..`, an absolute path, a backslash or a control
/// character.
fn check_stored_paths(inputs: &Inputs, record: &Path, period: &str) -> Result<()> {
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

/// When the corrected first period's inputs are those recorded already, the
/// correction is in the record (a run killed after its errata went in, then
/// settled, or the same command given twice): what to say instead of
/// applying it again.
fn already_in(record: &Record, revision: &RevisionInfo) -> Result<String> {
    let by = record.correction_of(revision.id)?;
    Ok(format!(
        "{} revision {} holds this correction already{}: nothing was re-rated, recorded or written",
        revision.period,
        revision.revision,
        by.map(|(id, what)| format!(" (correction {id}, {what})")).unwrap_or_default()
    ))
}

/// The events a revision of a period's inputs corrects: those whose report
/// is new or changed, and those recorded that are gone.
fn revised_events(record: &Record, revision_id: i64, raw: &RawData, inputs: &Inputs) -> Result<Vec<String>> {
    let recorded: HashSet<(String, String)> = record.input_digests(revision_id)?.into_iter().collect();
    let code_of = |r: &crate::ingest::RawReport| r.event.code.as_ref().map(|c| c.value.to_uppercase());
    let mut events: Vec<String> = raw
        .reports
        .iter()
        .filter(|r| {
            let sidecar = crate::ingest::trf::sidecar_name(&r.file);
            inputs
                .files()
                .filter(|(path, _)| *path == r.file || *path == sidecar)
                .any(|(path, file)| !recorded.contains(&(path.to_string(), file.sha256().to_string())))
        })
        .filter_map(code_of)
        .collect();
    let now: HashSet<String> = raw.reports.iter().filter_map(code_of).collect();
    for (code, _) in record.event_codes(revision_id)? {
        if !now.contains(&code.to_uppercase()) {
            events.push(code.to_uppercase());
        }
    }
    events.sort();
    events.dedup();
    Ok(events)
}

/// The correction in the words of the `corrections` view.
fn describe(c: &Correction, from: &str) -> (String, String) {
    let mut what = Vec::new();
    let mut detail = Vec::new();
    if let Some((keep, drop)) = c.merge {
        what.push("players merged");
        detail.push(format!("{drop} merged into {keep} from {from}"));
    }
    if !c.add.is_empty() {
        what.push("report added");
        for f in &c.add {
            detail.push(format!("report {}", f.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()));
        }
    }
    if !c.withdraw.is_empty() {
        what.push("event withdrawn");
        detail.push(format!("withdrawn {}", c.withdraw.join(", ")));
    }
    if let Some(inputs) = &c.revised {
        what.push("report replaced");
        detail.push(format!("{from} revised from the inputs in {}", inputs.label.display()));
    }
    (what.join(", "), detail.join("; "))
}

/// Applies `--withdraw` and `--add` to the first period's `inputs` and to
/// what was read of them, `raw`: a withdrawn event's report (with its TRF
/// sidecar) goes; an added report, recorded under `reports/corrections/`,
/// replaces the report of its event, if any. The codes of the events
/// corrected.
fn apply_reports(inputs: &mut Inputs, raw: &mut RawData, c: &Correction) -> Result<Vec<String>> {
    let mut events = Vec::new();
    let code_of = |r: &crate::ingest::RawReport| r.event.code.as_ref().map(|c| c.value.to_uppercase());
    // The files of the reports of event `code`, with their sidecars.
    let files_of = |raw: &RawData, inputs: &Inputs, code: &str, but: &str| -> Vec<String> {
        let mut files = Vec::new();
        for report in raw.reports.iter().filter(|r| code_of(r).as_deref() == Some(code) && r.file != but) {
            files.push(report.file.clone());
            let sidecar = crate::ingest::trf::sidecar_name(&report.file);
            if sidecar != report.file && inputs.contains(&sidecar) {
                files.push(sidecar);
            }
        }
        files
    };
    let take_out = |raw: &mut RawData, inputs: &mut Inputs, files: Vec<String>| {
        for file in &files {
            inputs.remove(file);
        }
        raw.leave_out(&files);
    };
    for code in &c.withdraw {
        let code = code.to_uppercase();
        let files = files_of(raw, inputs, &code, "");
        take_out(raw, inputs, files);
        events.push(code);
    }
    for file in &c.add {
        let name = file.file_name().context("a report file has a name")?.to_string_lossy();
        let target = format!("reports/corrections/{name}");
        let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
        inputs.add(&target, bytes, Role::Report);
        let mut added = vec![target.clone()];
        let sidecar = file.with_extension("toml");
        if sidecar.is_file() && file.extension().is_some_and(|e| e != "toml") {
            let bytes = std::fs::read(&sidecar).with_context(|| format!("cannot read {}", sidecar.display()))?;
            let sidecar_name = crate::ingest::trf::sidecar_name(&target);
            inputs.add(&sidecar_name, bytes, Role::Report);
            added.push(sidecar_name);
        }
        raw.read_more(inputs, &added);
        let Some(report) = raw.reports.iter().find(|r| r.file == target) else {
            let why: Vec<String> =
                raw.diagnostics.iter().filter(|d| added.contains(&d.location.file)).map(|d| d.to_string()).collect();
            bail!("the report {} cannot be read:\n{}", file.display(), why.join("\n"));
        };
        let Some(code) = code_of(report) else {
            bail!("the report {} has no event code: it must name the event it replaces or adds", file.display());
        };
        let replaced = files_of(raw, inputs, &code, &target);
        take_out(raw, inputs, replaced);
        events.push(code);
    }
    Ok(events)
}

/// Puts the corrected ratings of the period before into this period's
/// player file `file`: rating, status, games, score, opponents' average,
/// last played (and the rule set's own columns) by ID, from `all` (the
/// corrected chain's players, the removed ones too). The identity details
/// this period's own input gave, and its members, stand: a member the
/// corrected chain knows nothing of (one the original chain made, e.g. a
/// newcomer of a withdrawn event; `original_ids`) stays with no rating yet;
/// a player the corrected chain made (in `kept`) joins.
fn carry_ratings(file: &mut PlayerFile, kept: &PlayerFile, all: &PlayerFile, original_ids: &HashSet<u32>) {
    let by_id: HashMap<u32, &crate::model::Player> = all.players.iter().map(|p| (p.id, p)).collect();
    let same_columns = all.extra_columns == file.extra_columns;
    let mut present = HashSet::new();
    for p in &mut file.players {
        present.insert(p.id);
        match by_id.get(&p.id) {
            Some(c) => {
                p.rating = c.rating;
                p.status = c.status;
                p.games = c.games;
                p.score = c.score;
                p.opp_avg = c.opp_avg;
                p.last_played = c.last_played;
                if same_columns {
                    p.extra = c.extra.clone();
                }
            }
            None if original_ids.contains(&p.id) => {
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
    for c in &kept.players {
        if !present.contains(&c.id) {
            let mut p = c.clone();
            p.extra.resize(file.extra_columns.len(), crate::model::ExtraValue::Empty);
            file.players.push(p);
            // The rows the carried file gives the players who join it.
            if let Some(origin) = &mut file.origin {
                let next = origin.rows.last().map_or(1, |r| r + 1);
                origin.rows.push(next);
            }
        }
    }
}

/// DROP's games become KEEP's: in the reports, and for a newcomer the
/// record gave DROP's ID.
fn merge_ids(raw: &mut RawData, pinned: &mut crate::validate::NewcomerIds, keep: u32, drop: u32) {
    let drop_entries: Vec<(String, u32)> =
        pinned.iter().filter(|(_, &id)| id == drop).map(|(entry, _)| entry.clone()).collect();
    for entry in &drop_entries {
        pinned.remove(entry);
    }
    for report in &mut raw.reports {
        let code = report.event.code.as_ref().map(|c| c.value.clone()).unwrap_or_default();
        for e in &mut report.players {
            if e.id == Some(drop) || (e.id.is_none() && drop_entries.contains(&(code.clone(), e.no))) {
                e.id = Some(keep);
            }
        }
    }
    let has_keep = raw.player_file.players.iter().any(|p| p.id == keep);
    if has_keep {
        raw.player_file.players.retain(|p| p.id != drop);
    } else if let Some(p) = raw.player_file.players.iter_mut().find(|p| p.id == drop) {
        p.id = keep;
    }
}

/// The first recorded period in which DROP played; refuses a merge of an ID
/// with itself, of an ID the record does not hold, or of two IDs that met.
fn first_period_played(record: &Record, periods: &[RevisionInfo], keep: u32, drop: u32) -> Result<String> {
    if keep == drop {
        bail!("cannot merge {keep} with itself: name two different IDs");
    }
    let known = record.known_ids()?;
    for id in [keep, drop] {
        if !known.contains(&id) {
            bail!("there is no player with ID {id} in the record");
        }
    }
    let mut first = None;
    for p in periods {
        for (event, white, black) in record.games(p.id)? {
            if (white == keep && black == drop) || (white == drop && black == keep) {
                bail!(
                    "{keep} and {drop} played each other ({}, event {event}): they are two people, not one",
                    p.period
                );
            }
            if first.is_none() && (white == drop || black == drop) {
                first = Some(p.period.clone());
            }
        }
    }
    first.ok_or_else(|| anyhow::anyhow!("{drop} played no recorded game: there is nothing to re-rate"))
}
