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

use super::errata::{Corrected, Errata, EventChange};
use super::replay::{replay, Read, Recorded, Replayed, Replayer, Track, Under};
use super::{PeriodLines, Record, RevisionInfo};
use crate::diag::Diagnostic;
use crate::ingest::changes::Difference;
use crate::ingest::inputs::Role;
use crate::ingest::{Inputs, RawData};
use crate::rated::{Baselines, ListRatings, RatedLists};
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
    /// The last period re-rated, to be published again in place of its
    /// first publication (its player file starts the next period).
    pub latest: RatedAgain,
}

/// A recorded period rated again from the inputs the record keeps: what a
/// publication of it prints.
pub struct RatedAgain {
    /// Each list of the period (a folder's one list is `lists.main`).
    pub lists: RatedLists,
    /// The findings of its validation (`validation.txt`).
    pub findings: Vec<Diagnostic>,
}

/// What [`rerate`] comes to.
pub enum Outcome {
    /// The correction is in the record already: what to say (nothing done).
    Held(String),
    Rerated(Box<Rerating>),
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
    let before = match start {
        0 => Baselines::default(),
        _ => before(record, periods[start - 1].id)?,
    };
    let mut rerater = Rerater {
        record,
        correction: c,
        corrected: chain[0].id,
        before,
        lines: Vec::new(),
        errata: Errata::new(tolerance),
        changes: Vec::new(),
        other: Vec::new(),
        latest: None,
    };
    let mut tracks = [Track::new(Under::Recorded)];
    tracks[0].write_carried = true;
    if let Some(held) = replay(record, chain, &mut tracks, &mut rerater, &super::switch::DeriveAgain, timings)? {
        return Ok(Outcome::Held(held));
    }
    let (what, detail) = describe(c, &from, &rerater.changes, &rerater.other);
    let Rerater { lines, errata, latest, .. } = rerater;
    let latest = latest.context("a re-rating rates one period at least")?;
    Ok(Outcome::Rerated(Box::new(Rerating { from, what, detail, chain: chain.to_vec(), lines, errata, latest })))
}

/// The recorded `revision` rated again from the inputs the record keeps,
/// as its publication rated it (the change taken against the recorded
/// period before it): what publishing it again prints.
pub fn rate_again(record: &Record, revision: &RevisionInfo, timings: &mut Timings) -> Result<RatedAgain> {
    let periods = record.periods()?;
    let before = match periods.iter().rfind(|p| p.end < revision.end) {
        Some(p) => before(record, p.id)?,
        None => Baselines::default(),
    };
    let mut again = Again { before, latest: None };
    let mut tracks = [Track::new(Under::Recorded)];
    replay(record, std::slice::from_ref(revision), &mut tracks, &mut again, &super::switch::DeriveAgain, timings)?;
    again.latest.context("the period is rated again")
}

/// [`rate_again`]'s part of the replay: the period rated, kept.
struct Again {
    before: Baselines,
    latest: Option<RatedAgain>,
}

impl Replayer for Again {
    fn failing(&self, _track: &Track) -> String {
        "from the inputs the record keeps".to_string()
    }

    fn rated(&mut self, _: &RevisionInfo, _: Recorded, rated: Vec<Replayed>, _: &mut Timings) -> Result<()> {
        let Some(Replayed { period, ratings, others, findings, .. }) = rated.into_iter().next() else {
            bail!("a period is rated again on one track");
        };
        let lists = ListRatings { period, ratings, others }.rated(&self.before);
        self.latest = Some(RatedAgain { lists, findings });
        Ok(())
    }
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
    before: Baselines,
    lines: Vec<PeriodLines>,
    errata: Errata,
    /// The events the correction changed, each with the file of the report
    /// that replaced or added it (`--add`).
    changes: Vec<(Corrected, Option<String>)>,
    /// What else `period --revise` changed: the player file, the settings.
    other: Vec<Difference>,
    /// The last period rated, as published again.
    latest: Option<RatedAgain>,
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
            super::merges::Merge::new(keep, drop).apply(&mut read.raw, &mut read.pinned);
        }
        if revision.id != self.corrected {
            return Ok(None);
        }
        self.changes = apply_reports(&mut read.inputs, &mut read.raw, c)?;
        if !c.add.is_empty() {
            // A report added is read as the recorded ones were: the players
            // merged since one person, a removed player back from the record.
            for merge in self.record.merges()? {
                merge.apply(&mut read.raw, &mut read.pinned);
            }
            super::returning::reinstate(&mut read.raw, self.record, &revision.period, &revision.end.to_string())?;
        }
        let recorded_already = revision.inputs_sha256.as_deref() == Some(read.inputs.manifest_sha256().as_str());
        if c.merge.is_none() && recorded_already {
            return Ok(Some(already_in(self.record, revision)?));
        }
        if c.revised.is_some() {
            self.changes = revised_events(self.record, revision.id, &read.raw, &read.inputs)?;
            let differences = self.record.differences(revision.id, &read.inputs)?;
            self.other = differences.into_iter().filter(|d| !is_report(d)).collect();
        }
        read.corrected = self.changes.iter().map(|(c, _)| c.code.clone()).collect();
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
        let Some(Replayed { period, ratings, others, carried_bytes, findings }) = rated.into_iter().next() else {
            bail!("a correction re-rates on one track");
        };
        let lists = ListRatings { period, ratings, others }.rated(&self.before);
        let Recorded { mut inputs, recorded, corrected } = read;
        // The carried player file is recorded as players.xlsx (in place of
        // the file the period had).
        if let Some(bytes) = carried_bytes {
            inputs.replace_player_file(crate::output_folder::names::PLAYERS, bytes);
        }
        let lines = PeriodLines::of(&lists, inputs);
        timings.record("lines", started);
        let started = Instant::now();
        let games = lines.games.iter().map(|g| (g.event.clone(), g.white, g.black)).collect::<Vec<_>>();
        let old_games = self.record.games(revision.id)?;
        let merge = self.correction.merge;
        let corrected: Vec<Corrected> =
            self.changes.iter().map(|(c, _)| c.clone()).filter(|c| corrected.contains(&c.code)).collect();
        let period = &revision.period;
        self.errata.compare(period, None, &recorded, &lines.players, &games, &old_games, &corrected, merge);
        for list in &lines.lists {
            let recorded = self.record.list_lines(revision.id, &list.name)?;
            let (name, new) = (Some(list.name.as_str()), &list.players);
            self.errata.compare(period, name, &recorded, new, &games, &old_games, &corrected, merge);
        }
        self.before = super::lines::baselines_after(&lines);
        self.lines.push(lines);
        self.latest = Some(RatedAgain { lists, findings });
        timings.record("errata", started);
        Ok(())
    }
}

/// What each list's change is taken against in the period after the
/// recorded revision `id`: its lines.
fn before(record: &Record, id: i64) -> Result<Baselines> {
    super::lines::recorded_baselines(record, id, &record.player_lines(id)?)
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
/// is changed (replaced) or new (added), and those recorded that are gone
/// (withdrawn).
fn revised_events(
    record: &Record,
    revision_id: i64,
    raw: &RawData,
    inputs: &Inputs,
) -> Result<Vec<(Corrected, Option<String>)>> {
    let recorded: HashSet<(String, String)> = record.input_digests(revision_id)?.into_iter().collect();
    let recorded_codes: HashSet<String> =
        record.event_codes(revision_id)?.into_iter().map(|(code, _)| code.to_uppercase()).collect();
    let code_of = |r: &crate::ingest::RawReport| r.event.code.as_ref().map(|c| c.value.to_uppercase());
    let mut events: Vec<Corrected> = raw
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
        .map(|code| {
            let change = if recorded_codes.contains(&code) { EventChange::Replaced } else { EventChange::Added };
            Corrected { code, change }
        })
        .collect();
    let now: HashSet<String> = raw.reports.iter().filter_map(code_of).collect();
    for code in recorded_codes.into_iter().filter(|code| !now.contains(code)) {
        events.push(Corrected { code, change: EventChange::Withdrawn });
    }
    events.sort();
    events.dedup_by(|a, b| a.code == b.code);
    Ok(events.into_iter().map(|c| (c, None)).collect())
}

/// Whether a difference of the inputs is a report's (or its sidecar's).
fn is_report(d: &Difference) -> bool {
    match d {
        Difference::Added(path) | Difference::Gone(path) | Difference::Changed(path) => path.starts_with("reports/"),
        Difference::Settings(_) => false,
    }
}

/// The correction in the words of the `corrections` view and the errata:
/// what happened ("report replaced", "report added", "event withdrawn",
/// "players merged", "player file corrected", "settings corrected") and to
/// what. Only file names and codes: never a folder of the officer's (the
/// errata go to players, and the same correction made from two folders
/// reads the same).
fn describe(
    c: &Correction,
    from: &str,
    changes: &[(Corrected, Option<String>)],
    other: &[Difference],
) -> (String, String) {
    let mut what: Vec<&str> = Vec::new();
    let mut detail = Vec::new();
    if let Some((keep, drop)) = c.merge {
        what.push("players merged");
        detail.push(format!("{drop} merged into {keep} from {from}"));
    }
    if c.revised.is_some() {
        detail.push(format!("{from} revised"));
    }
    for kind in [EventChange::Replaced, EventChange::Added, EventChange::Withdrawn] {
        let named: Vec<String> = changes
            .iter()
            .filter(|(e, _)| e.change == kind)
            .map(|(e, file)| match file {
                Some(file) => format!("{} (by {file})", e.code),
                None => e.code.clone(),
            })
            .collect();
        if named.is_empty() {
            continue;
        }
        what.push(kind.what());
        detail.push(match kind {
            EventChange::Withdrawn => format!("withdrawn {}", named.join(", ")),
            EventChange::Replaced => format!("report replaced: {}", named.join(", ")),
            EventChange::Added => format!("report added: {}", named.join(", ")),
        });
    }
    for d in other {
        what.push(if matches!(d, Difference::Settings(_)) { "settings corrected" } else { "player file corrected" });
        detail.push(d.to_string());
    }
    if what.is_empty() {
        what.push("period revised");
    }
    what.dedup();
    (what.join(", "), detail.join("; "))
}

/// Applies `--withdraw` and `--add` to the first period's `inputs` and to
/// what was read of them, `raw`: a withdrawn event's report (with its TRF
/// sidecar) goes; an added report, recorded under `reports/corrections/`,
/// replaces the report of its event, if any. The events corrected, and how
/// (with the name of the report that replaced or added each).
fn apply_reports(inputs: &mut Inputs, raw: &mut RawData, c: &Correction) -> Result<Vec<(Corrected, Option<String>)>> {
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
        events.push((Corrected { code, change: EventChange::Withdrawn }, None));
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
        let change = if replaced.is_empty() { EventChange::Added } else { EventChange::Replaced };
        take_out(raw, inputs, replaced);
        events.push((Corrected { code, change }, Some(name.to_string())));
    }
    Ok(events)
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
        let mut events: std::collections::BTreeMap<&str, (bool, bool)> = Default::default();
        let games = record.games(p.id)?;
        for (event, white, black) in &games {
            if (*white == keep && *black == drop) || (*white == drop && *black == keep) {
                bail!(
                    "{keep} and {drop} played each other ({}, event {event}): they are two people, not one",
                    p.period
                );
            }
            let seen = events.entry(event.as_str()).or_default();
            seen.0 |= *white == keep || *black == keep;
            seen.1 |= *white == drop || *black == drop;
            if first.is_none() && (*white == drop || *black == drop) {
                first = Some(p.period.clone());
            }
        }
        // (One person plays an event under one start number.)
        if let Some((event, _)) = events.iter().find(|(_, (k, d))| *k && *d) {
            bail!("{keep} and {drop} both played in event {event} ({}): they are two people, not one", p.period);
        }
    }
    first.ok_or_else(|| anyhow::anyhow!("{drop} played no recorded game: there is nothing to re-rate"))
}
