//! `ratebook rerate` and `ratebook merge`: a correction applied to a recorded
//! period, which is re-rated from the inputs the record kept, and every later
//! period after it, in order. A later period starts from the corrected
//! ratings of the one before, while the identity details its own input gave
//! (names, states, birth dates, new members) stand. Every re-rated period is
//! recorded as a new revision (the originals stay), together with the errata.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::config::PeriodConfig;
use crate::diag::Severity;
use crate::ingest::{DataFolder, HeldFiles, RawData};
use crate::model::PlayerFile;
use crate::publish::lists::{self, Lists};
use crate::publish::{split_player_file, Staging};
use crate::rate::{RatingSystem, Ratings};
use crate::record::errata::Errata;
use crate::record::{PeriodLines, PlayerLine, Record, RevisionInfo};
use crate::timings::Timings;
use crate::validate::{validate_with_ids, Validated};
use std::time::Instant;

/// The correction to apply.
#[derive(Debug, Clone, Default)]
pub struct Correction {
    /// Reports that replace the recorded event with the same code, or add one.
    pub add: Vec<PathBuf>,
    /// Events to remove, by code.
    pub withdraw: Vec<String>,
    /// (KEEP, DROP): DROP's games become KEEP's.
    pub merge: Option<(u32, u32)>,
    /// A data folder whose inputs replace the first period's wholesale
    /// (`period --revise` of a period with later ones).
    pub revised: Option<PathBuf>,
}

/// What `rerate` and `merge` are asked.
#[derive(Debug, Clone)]
pub struct RerateOptions {
    pub data: PathBuf,
    pub out: PathBuf,
    /// The first period to re-rate (`None` for a merge: the first period DROP played in).
    pub from: Option<String>,
    pub correction: Correction,
    pub dry_run: bool,
}

/// What a re-rating did.
pub struct Rerated {
    /// The correction was in the record already (what to say): nothing done.
    pub done_before: Option<String>,
    /// The periods re-rated, oldest first, with the revision each became
    /// (`None` in a dry run).
    pub periods: Vec<(String, Option<i64>)>,
    pub errata: Errata,
    /// Wall time of each stage, summed over the periods.
    pub timings: Timings,
}

impl Rerated {
    fn done_before(said: String) -> Rerated {
        Rerated { done_before: Some(said), periods: Vec::new(), errata: Errata::new(0.0), timings: Timings::default() }
    }
}

/// Re-rates from the record and records the result (unless a dry run),
/// writing the errata and the last period's corrected player file to `out`.
pub fn rerate(opts: &RerateOptions) -> Result<Rerated> {
    rerate_with(opts, None)
}

/// [`rerate`] with the record already open (and locked) by the caller
/// (`period --revise`), or opened here when `None`.
pub fn rerate_with(opts: &RerateOptions, record: Option<Record>) -> Result<Rerated> {
    let timings = Timings::default();
    let started = Instant::now();
    let config = PeriodConfig::load(&opts.data.join("period.toml"))?;
    let Some(path) = super::recording::record_path(&opts.data, &config) else {
        bail!("period.toml keeps no record (record = false): there is nothing to re-rate");
    };
    rerate_record(opts, &config, &path, record, timings, started).map_err(|e| crate::record::explain(&path, e))
}

/// [`rerate_with`] of the record at `path`.
fn rerate_record(
    opts: &RerateOptions,
    config: &PeriodConfig,
    path: &Path,
    record: Option<Record>,
    mut timings: Timings,
    started: Instant,
) -> Result<Rerated> {
    crate::publish::staging::check_output_folder(&opts.out, &opts.data)?;
    let c = &opts.correction;
    check_added_files(&c.add)?;
    // The record (locked for the whole run) and the output folder are
    // taken, and what a killed run left is settled, before anything is
    // decided: a correction a killed run put in is then seen as done.
    let mut record = match (record, opts.dry_run) {
        (Some(record), _) => record,
        (None, false) => Record::open_existing(path)?,
        (None, true) => Record::open_existing_to_read(path)?,
    };
    let staging = if opts.dry_run { None } else { Some(Staging::new(&opts.out)?) };
    if let Some(staging) = &staging {
        record.settle(Some(staging.out()))?;
    }
    let periods = record.periods()?;
    let from = match (&opts.from, c.merge) {
        (Some(from), _) => from.clone(),
        (None, Some((keep, drop))) => {
            if let Some(done) = record.merged_already(keep, drop)? {
                return Ok(Rerated::done_before(done));
            }
            first_period_played(&record, &periods, keep, drop)?
        }
        (None, None) => bail!("say which period to re-rate from: --from PERIOD"),
    };
    let Some(start) = periods.iter().position(|p| p.period == from) else {
        let names: Vec<&str> = periods.iter().map(|p| p.period.as_str()).collect();
        bail!(
            "no period \"{from}\" in the record; it holds: {}",
            if names.is_empty() { "none".to_string() } else { names.join(", ") }
        );
    };
    let chain = &periods[start..];
    if let Some(imported) = chain.iter().find(|p| p.source == "import") {
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
    let first_events = record.event_codes(chain[0].id)?;
    for code in &c.withdraw {
        // (An event an earlier revision held: withdrawn already.)
        if !first_events.iter().any(|(e, _)| e.eq_ignore_ascii_case(code)) && !record.had_event(&from, code)? {
            let codes: Vec<&str> = first_events.iter().map(|(e, _)| e.as_str()).collect();
            bail!("there is no event {code} in {from}; its events are {}", codes.join(", "));
        }
    }

    timings.record("open", started);
    let label = PathBuf::from(format!("{} ({from} as recorded)", path.display()));
    let mut before: Vec<PlayerLine> = match start {
        0 => Vec::new(),
        _ => record.player_lines(periods[start - 1].id)?,
    };
    // The corrected chain's last player file (kept, and every player with
    // the removed ones), and the IDs the original revision held.
    let mut carried: Option<(PlayerFile, PlayerFile, HashSet<u32>)> = None;
    let mut all_lines = Vec::new();
    let mut errata = Errata::new(config.errata_tolerance);
    for (k, revision) in chain.iter().enumerate() {
        let started = Instant::now();
        let recorded = match (&c.revised, k) {
            (Some(data), 0) => revised_inputs(data, path)?,
            _ => record.input_files_hashed(revision.id)?,
        };
        check_stored_paths(&recorded, path, &revision.period)?;
        let old_lines = record.player_lines(revision.id)?;
        timings.record("load", started);
        // The period's files are read from the record's copies in memory.
        let started = Instant::now();
        let mut held: HeldFiles = recorded.iter().map(|(path, _, bytes)| (path.clone(), bytes.as_slice())).collect();
        let mut corrected = CorrectedReports::default();
        if k == 0 {
            corrected = apply_reports(&label, &held, c)?;
            for path in &corrected.removed {
                held.remove(path);
            }
            held.extend(corrected.added.iter().map(|(path, bytes)| (path.clone(), bytes.as_slice())));
            if c.merge.is_none() {
                if let Some(done) = already_in(&record, revision, &recorded, &held, &corrected)? {
                    return Ok(Rerated::done_before(done));
                }
            }
        }
        timings.record("correct", started);
        let started = Instant::now();
        let folder = DataFolder::held(&label, &held)?;
        let system = folder.config.system.rules();
        let published = folder.config.published;
        let change = carried
            .as_ref()
            .map(|(kept, all, original_ids)| move |file: &mut PlayerFile| carry_ratings(file, kept, all, original_ids));
        let change = change.as_ref().map(|f| f as crate::ingest::PlayerFileChange<'_>);
        let mut raw = folder.read_held(system.inputs(), &held, change)?;
        if k == 0 && c.revised.is_some() {
            corrected.events = revised_events(&record, revision.id, &raw, &recorded)?;
        }
        timings.record("read", started);
        let started = Instant::now();
        // The carried player file is recorded as players.xlsx (in place of
        // the file the period had), written while the period is rated.
        let carried_file = carried.is_some().then(|| raw.player_file.clone());
        let mut pinned = record.newcomer_ids(revision.id)?;
        if let Some((keep, drop)) = c.merge {
            merge_ids(&mut raw, &mut pinned, keep, drop);
        }
        let (rated, carried_bytes) = std::thread::scope(|scope| {
            let bytes = carried_file
                .map(|file| scope.spawn(move || crate::formats::player_file::player_file_bytes(&file, published)));
            let rated = rate_period(raw, system, &pinned, &revision.period);
            let bytes = bytes.map(|b| b.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
            (rated, bytes)
        });
        let (validated, ratings, list) = rated?;
        timings.record("rate", started);
        let started = Instant::now();
        let period = &validated.period;
        // The period's inputs as re-rated: its own, with the correction and
        // the carried player file; unchanged files keep their digests.
        let replaced = carried_bytes.as_ref().and(crate::ingest::held_player_file(&held));
        let superseded: HashSet<&str> =
            corrected.removed.iter().chain(corrected.added.iter().map(|(path, _)| path)).map(String::as_str).collect();
        let kept: Vec<bool> = recorded
            .iter()
            .map(|(path, _, _)| {
                held.contains_key(path) && !superseded.contains(path.as_str()) && replaced != Some(path.as_str())
            })
            .collect();
        // (The bytes move into the lines: the reader is done with them.)
        let mut now_files: Vec<(String, Vec<u8>, Option<String>)> = recorded
            .into_iter()
            .zip(kept)
            .filter(|(_, kept)| *kept)
            .map(|((path, sha, bytes), _)| (path, bytes, Some(sha)))
            .collect();
        now_files.extend(std::mem::take(&mut corrected.added).into_iter().map(|(path, bytes)| (path, bytes, None)));
        if let Some(bytes) = carried_bytes {
            now_files.push(("players.xlsx".to_string(), bytes.context("cannot write the carried player file")?, None));
        }
        now_files.sort_by(|a, b| a.0.cmp(&b.0));
        let hashes: Vec<String> = {
            use rayon::prelude::*;
            now_files
                .par_iter_mut()
                .map(|(_, bytes, sha)| sha.take().unwrap_or_else(|| crate::record::sha256(bytes)))
                .collect()
        };
        let now_files = now_files.into_iter().map(|(path, bytes, _)| (path, bytes)).collect();
        let lines = PeriodLines::of(period, &ratings, &list, system, now_files, Some(hashes), &before);
        timings.record("lines", started);
        let started = Instant::now();
        let games = lines.games.iter().map(|g| (g.event.clone(), g.white, g.black)).collect::<Vec<_>>();
        let old_games = record.games(revision.id)?;
        errata.compare(&revision.period, &old_lines, &lines.players, &games, &old_games, &corrected.events, c.merge);
        let (kept, removed) = split_player_file(period, &ratings);
        let mut all = kept.clone();
        all.players.extend(removed.players);
        let original_ids = old_lines.iter().map(|l| l.id).collect();
        carried = Some((kept, all, original_ids));
        before = lines.players.clone();
        all_lines.push(lines);
        timings.record("errata", started);
    }
    let Some(staging) = staging else {
        let periods = chain.iter().map(|p| (p.period.clone(), None)).collect();
        return Ok(Rerated { periods, errata, timings, done_before: None });
    };
    let started = Instant::now();
    let (what, detail) = describe(c, &from);
    let mut staging = staging;
    let published = chrono::NaiveDate::parse_from_str(&chain[chain.len() - 1].published, "%Y-%m-%d")
        .context("a recorded published date")?;
    errata.write(&staging.path("errata.xlsx"), &what, &detail, published)?;
    let pdf = errata.pdf(&config.federation, &what, &detail, &published.to_string())?;
    staging.write("errata.pdf", &pdf)?;
    if let Some((kept, _, _)) = &carried {
        let words = config.system.rules().words();
        let path = staging.path("players.xlsx");
        crate::formats::player_file::write_player_file_with_changes(&path, kept, published, None, &words)?;
    }
    timings.record("outputs", started);
    // The correction and every revision it made are staged in one
    // transaction, put in with the errata, and published in one transaction:
    // after a kill anywhere the record shows all of it or none of it, and
    // the next run settles a staged correction by the errata folder's token.
    let started = Instant::now();
    crate::publish::staging::crash_point("rated");
    let output = crate::publish::staging::absolute(staging.out())?;
    let staged = record.stage_correction(&from, &what, &detail, &all_lines, &output)?;
    staging.write(crate::record::TOKEN_FILE, staged[0].token.as_bytes())?;
    timings.record("stage", started);
    let started = Instant::now();
    crate::publish::staging::crash_point("recorded");
    if let Err(e) = staging.commit() {
        record.abandon(&staged).ok();
        return Err(e);
    }
    record.confirm(&staged)?;
    timings.record("commit", started);
    let periods = staged.iter().map(|s| (s.period.clone(), Some(s.revision))).collect();
    Ok(Rerated { periods, errata, timings, done_before: None })
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
fn check_stored_paths(files: &[(String, String, Vec<u8>)], record: &Path, period: &str) -> Result<()> {
    for (path, _, _) in files {
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
fn already_in(
    record: &Record,
    revision: &RevisionInfo,
    recorded: &[(String, String, Vec<u8>)],
    held: &HeldFiles<'_>,
    corrected: &CorrectedReports,
) -> Result<Option<String>> {
    let digests: HashMap<&str, &str> = recorded.iter().map(|(p, sha, _)| (p.as_str(), sha.as_str())).collect();
    let added: HashMap<&str, &[u8]> = corrected.added.iter().map(|(p, b)| (p.as_str(), b.as_slice())).collect();
    let files: Vec<(String, String)> = held
        .keys()
        .map(|path| {
            let sha = match added.get(path.as_str()) {
                Some(bytes) => crate::record::sha256(bytes),
                None => digests[path.as_str()].to_string(),
            };
            (path.clone(), sha)
        })
        .collect();
    if revision.inputs_sha256.as_deref() != Some(crate::record::manifest_sha256(&files).as_str()) {
        return Ok(None);
    }
    let by = record.correction_of(revision.id)?;
    Ok(Some(format!(
        "{} revision {} holds this correction already{}: nothing was re-rated, recorded or written",
        revision.period,
        revision.revision,
        by.map(|(id, what)| format!(" (correction {id}, {what})")).unwrap_or_default()
    )))
}

/// The files of the data folder `data` (but the record at `record`), with
/// their digests: the inputs a revised period is rated from.
fn revised_inputs(data: &Path, record: &Path) -> Result<Vec<(String, String, Vec<u8>)>> {
    let files = crate::record::lines::input_files(data, Some(record))?;
    let digests = crate::record::lines::hash_files(&files);
    Ok(files.into_iter().zip(digests).map(|((path, bytes), sha)| (path, sha, bytes)).collect())
}

/// The events a revision of a period's inputs corrects: those whose report
/// is new or changed, and those recorded that are gone.
fn revised_events(
    record: &Record,
    revision_id: i64,
    raw: &RawData,
    inputs: &[(String, String, Vec<u8>)],
) -> Result<Vec<String>> {
    let recorded: HashSet<(String, String)> = record.input_digests(revision_id)?.into_iter().collect();
    let code_of = |r: &crate::ingest::RawReport| r.event.code.as_ref().map(|c| c.value.to_uppercase());
    let mut events: Vec<String> = raw
        .reports
        .iter()
        .filter(|r| {
            let sidecar = crate::ingest::trf::sidecar_name(&r.file);
            inputs
                .iter()
                .filter(|(path, _, _)| *path == r.file || *path == sidecar)
                .any(|(path, sha, _)| !recorded.contains(&(path.clone(), sha.clone())))
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
    if let Some(data) = &c.revised {
        what.push("report replaced");
        detail.push(format!("{from} revised from the inputs in {}", data.display()));
    }
    (what.join(", "), detail.join("; "))
}

/// Validates and rates a recorded period again; an error of its inputs
/// (with the correction) refuses the whole re-rating.
fn rate_period(
    raw: RawData,
    system: &dyn RatingSystem,
    pinned: &crate::validate::NewcomerIds,
    name: &str,
) -> Result<(Validated, Ratings, Lists)> {
    let validated = validate_with_ids(raw, system, pinned);
    let errors: Vec<String> =
        validated.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| d.to_string()).collect();
    if !errors.is_empty() {
        bail!(
            "{name} cannot be re-rated with the correction: {} error(s), nothing was changed:\n{}",
            errors.len(),
            errors.join("\n")
        );
    }
    let ratings = system.rate(&validated.period);
    let list = lists::build_lists(&validated.period, &ratings, system);
    Ok((validated, ratings, list))
}

/// What `--withdraw` and `--add` did to the first period's reports.
#[derive(Default)]
struct CorrectedReports {
    /// Report files (and TRF sidecars) taken out, by path in the data folder.
    removed: Vec<String>,
    /// Report files (and sidecars) put in, under `reports/corrections/`.
    added: Vec<(String, Vec<u8>)>,
    /// The codes of the events corrected.
    events: Vec<String>,
}

/// Applies `--withdraw` and `--add` to the first period's reports, `held`
/// (the recorded period's data folder `dir` has the files beside them).
fn apply_reports(label: &Path, held: &HeldFiles<'_>, c: &Correction) -> Result<CorrectedReports> {
    let mut corrected = CorrectedReports::default();
    if c.withdraw.is_empty() && c.add.is_empty() {
        return Ok(corrected);
    }
    let folder = DataFolder::held(label, held)?;
    let config = folder.config.clone();
    let system = folder.config.system.rules();
    let raw = folder.read_held(system.inputs(), held, None)?;
    let code_of = |r: &crate::ingest::RawReport| r.event.code.as_ref().map(|c| c.value.to_uppercase());
    let mut removed = Vec::new();
    let mut remove = |file: &str| {
        removed.push(file.to_string());
        let sidecar = crate::ingest::trf::sidecar_name(file);
        if sidecar != file && held.contains_key(&sidecar) {
            removed.push(sidecar);
        }
    };
    for code in &c.withdraw {
        for report in raw.reports.iter().filter(|r| code_of(r).as_deref() == Some(code.to_uppercase().as_str())) {
            remove(&report.file);
        }
        corrected.events.push(code.to_uppercase());
    }
    let mut added = Vec::new();
    for file in &c.add {
        let base = file.parent().unwrap_or(Path::new("."));
        let read = crate::ingest::read_files(base, config.clone(), std::slice::from_ref(file), None, None, &[])?;
        let Some(report) = read.reports.first() else {
            let why: Vec<String> = read.diagnostics.iter().map(|d| d.to_string()).collect();
            bail!("the report {} cannot be read:\n{}", file.display(), why.join("\n"));
        };
        let Some(code) = code_of(report) else {
            bail!("the report {} has no event code: it must name the event it replaces or adds", file.display());
        };
        for old in raw.reports.iter().filter(|r| code_of(r).as_deref() == Some(code.as_str())) {
            remove(&old.file);
        }
        let name = file.file_name().context("a report file has a name")?.to_string_lossy();
        let target = format!("reports/corrections/{name}");
        let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
        let sidecar = file.with_extension("toml");
        if sidecar.is_file() && file.extension().is_some_and(|e| e != "toml") {
            let bytes = std::fs::read(&sidecar).with_context(|| format!("cannot read {}", sidecar.display()))?;
            added.push((crate::ingest::trf::sidecar_name(&target), bytes));
        }
        added.push((target, bytes));
        corrected.events.push(code);
    }
    corrected.removed = removed;
    corrected.added = added;
    Ok(corrected)
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
