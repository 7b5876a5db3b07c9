//! Re-rating from the record: a correction applied to a recorded period,
//! which is re-rated from the inputs the record kept, and every later period
//! after it, in order. A later period starts from the corrected ratings of
//! the one before, while the identity details its own input gave (names,
//! states, birth dates, new members) stand.
//!
//! [`rerate`] replays the recorded periods from the first corrected one
//! ([`super::replay`]): each is loaded and read with the ratings carried in,
//! the corrected one corrected (its reports; a merge's IDs in every period),
//! rated under the rule set it was recorded with (through a change of rule
//! set, the new one's states derived again: [`super::switch`]), and compared
//! with what was published (the errata). What it returns is recorded and
//! published by the caller (`ratebook rerate`, `merge`, `period --revise`).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};

use super::errata::Errata;
use super::replay::{replay, Read, Recorded, Replayed, Replayer, Track, Under};
use super::{PeriodLines, PlayerLine, Record, RevisionInfo};
use crate::ingest::inputs::Role;
use crate::ingest::{Inputs, RawData};
use crate::model::PlayerFile;
use crate::rated::Rated;
use crate::timings::Timings;

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
    let before: Vec<PlayerLine> = match start {
        0 => Vec::new(),
        _ => record.player_lines(periods[start - 1].id)?,
    };
    let mut rerater = Rerater {
        record,
        correction: c,
        corrected: chain[0].id,
        before,
        lines: Vec::new(),
        errata: Errata::new(tolerance),
    };
    let mut tracks = [Track::new(Under::Recorded)];
    tracks[0].write_carried = true;
    if let Some(held) = replay(record, chain, &mut tracks, &mut rerater, &super::switch::DeriveAgain, timings)? {
        return Ok(Outcome::Held(held));
    }
    let [track] = tracks;
    let (what, detail) = describe(c, &from);
    let Rerater { lines, errata, .. } = rerater;
    let player_file = track.player_file();
    Ok(Outcome::Rerated(Rerating { from, what, detail, chain: chain.to_vec(), lines, errata, player_file }))
}

/// The correction's part of the replay: the first period corrected, DROP's
/// games KEEP's in every period, and each period's new lines compared with
/// what was published (the errata).
struct Rerater<'a> {
    record: &'a Record,
    correction: &'a Correction,
    /// The revision the correction applies to.
    corrected: i64,
    /// The lines of the period before (for each line's change).
    before: Vec<PlayerLine>,
    lines: Vec<PeriodLines>,
    errata: Errata,
}

impl Replayer for Rerater<'_> {
    fn inputs(&mut self, revision: &RevisionInfo) -> Option<Inputs> {
        self.correction.revised.clone().filter(|_| revision.id == self.corrected)
    }

    /// Applies the correction to the corrected period, read: its reports,
    /// and for a merge its IDs (in every period). `Some`: the corrected
    /// inputs are those recorded already, so the correction is in the
    /// record (what to say).
    fn prepare(&mut self, revision: &RevisionInfo, read: &mut Read) -> Result<Option<String>> {
        let c = self.correction;
        if let Some((keep, drop)) = c.merge {
            merge_ids(&mut read.raw, &mut read.pinned, keep, drop);
        }
        if revision.id != self.corrected {
            return Ok(None);
        }
        read.corrected = apply_reports(&mut read.inputs, &mut read.raw, c)?;
        let recorded_already = revision.inputs_sha256.as_deref() == Some(read.inputs.manifest_sha256().as_str());
        if c.merge.is_none() && recorded_already {
            return Ok(Some(already_in(self.record, revision)?));
        }
        if c.revised.is_some() {
            read.corrected = revised_events(self.record, revision.id, &read.raw, &read.inputs)?;
        }
        Ok(None)
    }

    fn rated(
        &mut self,
        revision: &RevisionInfo,
        read: Recorded,
        rated: Vec<Replayed>,
        timings: &mut Timings,
    ) -> Result<()> {
        let started = Instant::now();
        let Some(Replayed { period, ratings, system, carried_bytes }) = rated.into_iter().next() else {
            bail!("a correction re-rates on one track");
        };
        let rated = Rated::new(period, ratings, system, &super::lines::baseline(&self.before));
        let Recorded { mut inputs, recorded, corrected } = read;
        // The carried player file is recorded as players.xlsx (in place of
        // the file the period had).
        if let Some(bytes) = carried_bytes {
            inputs.replace_player_file("players.xlsx", bytes);
        }
        let lines = PeriodLines::of(&rated, inputs);
        timings.record("lines", started);
        let started = Instant::now();
        let games = lines.games.iter().map(|g| (g.event.clone(), g.white, g.black)).collect::<Vec<_>>();
        let old_games = self.record.games(revision.id)?;
        let merge = self.correction.merge;
        self.errata.compare(&revision.period, &recorded, &lines.players, &games, &old_games, &corrected, merge);
        self.before = lines.players.clone();
        self.lines.push(lines);
        timings.record("errata", started);
        Ok(())
    }
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
