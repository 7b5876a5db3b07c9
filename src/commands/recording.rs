//! A period run's side of the rating record: whether the period may be
//! recorded (new, unchanged, or revised with `--revise`), the list it is
//! compared with, and the two steps that record it with its outputs.

use std::path::Path;

use anyhow::{bail, Result};

use crate::config::PeriodConfig;
use crate::ingest::changes::Difference;
use crate::ingest::{DataFolder, Inputs};
use crate::model::PlayerFile;
use crate::output_folder::names::PLAYERS;
use crate::publish::Staging;
use crate::record::{Access, PeriodLines, PlayerLine, Record, RecordLock, RevisionInfo, Source, Staged};

/// What the record makes of this run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// A period the record does not hold: recorded as revision 1.
    New,
    /// The period is recorded with these very inputs: nothing new is recorded.
    Unchanged,
    /// The data folder holds the inputs of an earlier revision of the
    /// period (`revision`), which a correction has superseded since: the
    /// record's current revision is published again (nothing is recorded).
    Superseded { revision: i64 },
    /// The period is recorded with other inputs, and `--revise` was given.
    Revise,
}

/// The record as one period run uses it.
pub struct Recording {
    pub record: Record,
    pub plan: Plan,
    /// The period's input files (the record stores them with the revision).
    pub inputs: Inputs,
    /// The period's current revision, when the record holds it.
    pub current: Option<RevisionInfo>,
    /// The list before this period's (for the change column and the dry run).
    pub previous: Option<RevisionInfo>,
    pub previous_lines: Vec<PlayerLine>,
    /// Recorded periods after this one (a revision must re-rate them).
    pub later: Vec<RevisionInfo>,
    /// For a dry run: why the run would refuse (it then shows what the run
    /// with `--revise` would do).
    pub refused: Option<String>,
    staged: Option<Staged>,
}

/// The lock of the data folder's record, taken first thing by a run that
/// will write it, so that it holds the record for the whole run; `None`
/// when `period.toml` keeps no record.
pub fn lock_record(folder: &DataFolder) -> Result<Option<RecordLock>> {
    folder.record().map(|path| RecordLock::take(&path)).transpose()
}

/// Whether the player file carries the ratings and games of `lines` (a
/// revision's list) for every player both hold, and holds one at least.
pub(crate) fn agrees(file: &PlayerFile, lines: &[PlayerLine]) -> bool {
    let by_id: std::collections::HashMap<u32, &PlayerLine> = lines.iter().map(|l| (l.id, l)).collect();
    let mut compared = 0;
    for p in &file.players {
        let Some(line) = by_id.get(&p.id) else { continue };
        let same_rating = match (p.rating, line.rating) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-6,
            (a, b) => a.is_none() && b.is_none(),
        };
        if !same_rating || p.games != line.games_total {
            return false;
        }
        compared += 1;
    }
    compared > 0
}

impl Recording {
    /// Opens the record and decides what this run does to it, for the
    /// period's `inputs`. `out` is the output folder, already locked by this
    /// run (`None` for a dry run, which settles nothing).
    /// `lock` is the record's, when the run took it already.
    pub fn begin(
        folder: &DataFolder,
        config: &PeriodConfig,
        inputs: Inputs,
        revise: bool,
        out: Option<&Path>,
        lock: Option<RecordLock>,
    ) -> Result<Option<Recording>> {
        let Some(path) = folder.record() else { return Ok(None) };
        let begun = Recording::begin_at(&path, config, inputs, revise, out, lock);
        begun.map(Some).map_err(|e| crate::record::explain(&path, e))
    }

    /// [`Recording::begin`] with the record at `path`.
    fn begin_at(
        path: &Path,
        config: &PeriodConfig,
        inputs: Inputs,
        revise: bool,
        out: Option<&Path>,
        lock: Option<RecordLock>,
    ) -> Result<Recording> {
        let record = match out {
            Some(out) => {
                let access = match lock {
                    Some(lock) => Access::WriteLocked(lock),
                    None => Access::Write,
                };
                let mut record = Record::open(path, access)?;
                record.settle(Some(out))?;
                record
            }
            None => Record::open(path, Access::ReadOrEmpty)?,
        };
        let periods = record.periods()?;
        let end = config.end;
        let current = periods.iter().find(|p| p.period == config.period).cloned();
        let mut refused = None;
        let plan = match &current {
            Some(current) if same_inputs(&record, current.id, current.inputs_sha256.as_deref(), &inputs)? => {
                Plan::Unchanged
            }
            Some(_) if revise => Plan::Revise,
            Some(current) => match superseded_by(&record, current, &inputs)? {
                Some(revision) => Plan::Superseded { revision },
                None if out.is_some() => return Err(inputs_changed(&record, current, &inputs)?),
                // (A dry run says the run would refuse, then what --revise would do.)
                None => {
                    let why = inputs_changed(&record, current, &inputs)?;
                    refused = Some(format!("the run would refuse: {why}; with --revise it would do this:"));
                    Plan::Revise
                }
            },
            None => {
                if let Some(last) = periods.iter().rev().find(|p| p.end >= end) {
                    bail!(
                        "{} ends {}, not after {} (ends {}), the last period recorded: an earlier period comes into the record only through `ratebook rerate`",
                        config.period,
                        config.end,
                        last.period,
                        last.end
                    );
                }
                Plan::New
            }
        };
        let previous = periods.iter().rfind(|p| p.end < end).cloned();
        let later = periods.iter().filter(|p| p.end > end).cloned().collect();
        let previous_lines = match &previous {
            Some(p) => record.player_lines(p.id)?,
            None => Vec::new(),
        };
        Ok(Recording { record, plan, inputs, current, previous, previous_lines, later, refused, staged: None })
    }

    /// Refuses to rate from a player file that an earlier revision of the
    /// previous period published when the record has corrected that period
    /// since (`rerate`, `merge`, `period --revise`): its ratings are not the
    /// record's, and the corrected file is in the correction's errata
    /// folder, which the message names. A file that agrees with the
    /// record's current list, or with none of its revisions (one the
    /// officer keeps by hand), is rated as it is.
    pub fn check_player_file(&self, file: &PlayerFile) -> Result<()> {
        let rated_from_file = matches!(self.plan, Plan::New | Plan::Revise);
        let Some(previous) = self.previous.as_ref().filter(|_| rated_from_file) else { return Ok(()) };
        if agrees(file, &self.previous_lines) {
            return Ok(());
        }
        let superseded = self.record.superseded_revisions(&previous.period, previous.id)?;
        for (id, revision) in superseded {
            if !agrees(file, &self.record.player_lines(id)?) {
                continue;
            }
            let name = self.inputs.player_file().map(|(name, _)| name.to_string()).unwrap_or_default();
            let why = match self.record.correction_of(previous.id)? {
                Some((number, what)) => format!(" by correction {number} ({what})"),
                None => String::new(),
            };
            let corrected = match self.record.folder_holding(&previous.period)? {
                Some(folder) => format!(
                    "its player file is {}: put that file in the data folder as {name} (the corrected list this period starts from), then run again",
                    folder.join(PLAYERS).display()
                ),
                None if self.plan == Plan::Revise => format!(
                    "no output folder holds that list on its own (a correction published the periods after it): correct {} with `ratebook rerate --from \"{}\"` (--add FILE, --withdraw CODE), which starts it from the corrected list",
                    self.current.as_ref().map_or("this period", |c| c.period.as_str()),
                    self.current.as_ref().map_or("PERIOD", |c| c.period.as_str())
                ),
                None => lost_publication(&self.record, previous)?,
            };
            bail!(
                "the player file {name} is the one {} revision {revision} published, but the record has corrected {} since{why}: its list is revision {}'s, and {corrected}",
                previous.period,
                previous.period,
                previous.revision
            );
        }
        Ok(())
    }

    /// Just before the outputs go in: the revision is written, staged, and
    /// its token put among the outputs.
    pub fn stage(&mut self, mut lines: PeriodLines, staging: &mut Staging) -> Result<()> {
        if self.plan == Plan::Unchanged {
            // The outputs keep the token of the revision they match.
            if let Some(token) = self.record.current_token(&lines.period)? {
                staging.write(crate::output_folder::RECORD_TOKEN, token.as_bytes())?;
            }
            return Ok(());
        }
        lines.outputs_sha256 = Some(crate::record::folder_sha256(staging.dir(), staging.digests())?);
        let source = if self.plan == Plan::Revise { Source::Revise } else { Source::Period };
        let output = crate::publish::staging::absolute(staging.out())?;
        let staged = self.record.stage(&lines, source, Some(&output)).map_err(|e| self.record.explain(e))?;
        staging.write(crate::output_folder::RECORD_TOKEN, staged.token.as_bytes())?;
        crate::output_folder::crash_point("recorded");
        self.staged = Some(staged);
        Ok(())
    }

    /// After the outputs went in into `out`: the revision is published (a
    /// period published again with the same inputs: the record notes the
    /// folder that holds it now).
    pub fn confirm(&mut self, out: &Path) -> Result<Option<Staged>> {
        if let (Plan::Unchanged, Some(current)) = (self.plan, &self.current) {
            let folder = crate::publish::staging::absolute(out)?;
            self.record.set_output(current.id, &folder).map_err(|e| self.record.explain(e))?;
        }
        let Some(staged) = self.staged.take() else { return Ok(None) };
        self.record.confirm(std::slice::from_ref(&staged)).map_err(|e| self.record.explain(e))?;
        Ok(Some(staged))
    }

    /// After a failed publication: the staged revision is removed.
    pub fn abandon(&mut self) {
        if let Some(staged) = self.staged.take() {
            self.record.abandon(&[staged]).ok();
        }
    }
}

/// Whether `inputs` are those recorded with the revision `id` (whose
/// inputs' digest is `sha256`): the same files, or differing only in
/// period.toml's comments or layout.
fn same_inputs(record: &Record, id: i64, sha256: Option<&str>, inputs: &Inputs) -> Result<bool> {
    Ok(sha256 == Some(inputs.manifest_sha256().as_str()) || record.differences(id, inputs)?.is_empty())
}

/// The earlier revision of `current`'s period whose inputs `inputs` are,
/// if any: the data folder holds what a correction has superseded since.
fn superseded_by(record: &Record, current: &RevisionInfo, inputs: &Inputs) -> Result<Option<i64>> {
    for (id, revision) in record.superseded_revisions(&current.period, current.id)? {
        let sha: Option<String> =
            record.connection().query_row("SELECT inputs_sha256 FROM revision WHERE id = ?1", [id], |r| r.get(0))?;
        if same_inputs(record, id, sha.as_deref(), inputs)? {
            return Ok(Some(revision));
        }
    }
    Ok(None)
}

/// The refusal of a period recorded already whose inputs differ from the
/// current revision's: every difference named (period.toml's by setting).
fn inputs_changed(record: &Record, current: &RevisionInfo, inputs: &Inputs) -> Result<anyhow::Error> {
    const SHOWN: usize = 12;
    let differences = record.differences(current.id, inputs)?;
    // A file as an earlier revision had it: the correction changed it, not the officer.
    let earlier: Vec<(i64, Vec<(String, String)>)> = record
        .superseded_revisions(&current.period, current.id)?
        .into_iter()
        .map(|(id, revision)| Ok((revision, record.input_digests(id)?)))
        .collect::<Result<_>>()?;
    let as_earlier = |path: &str| -> Option<i64> {
        let now = inputs.files().find(|(p, _)| *p == path).map(|(_, f)| f.sha256().to_string());
        earlier.iter().find_map(|(revision, digests)| {
            let then = digests.iter().find(|(p, _)| p == path).map(|(_, sha)| sha.clone());
            (then == now).then_some(*revision)
        })
    };
    let mut named: Vec<String> = differences
        .iter()
        .take(SHOWN)
        .map(|d| match d {
            Difference::Added(path) | Difference::Gone(path) | Difference::Changed(path) => match as_earlier(path) {
                Some(revision) => format!("{d} (as revision {revision} had it, before the correction)"),
                None => d.to_string(),
            },
            Difference::Settings(_) => d.to_string(),
        })
        .collect();
    if differences.len() > SHOWN {
        named.push(format!("and {} more", differences.len() - SHOWN));
    }
    let by = match record.correction_of(current.id)? {
        Some((number, what)) => format!(", made by correction {number}: {what}"),
        None => String::new(),
    };
    Ok(anyhow::anyhow!(
        "{} is recorded already (revision {}, published {}{by}) and the data folder's inputs differ from that revision's: {}; give --revise to publish and record them as revision {} (later periods are re-rated), or correct it with `ratebook rerate --from \"{}\"`",
        current.period,
        current.revision,
        current.published,
        named.join(", "),
        current.revision + 1,
        current.period
    ))
}

/// What to say when no output folder holds the publication of `revision`
/// (its current one) any more: the folder it went to, and how to make it again.
fn lost_publication(record: &Record, revision: &RevisionInfo) -> Result<String> {
    let went_to = record.output_of(revision.id)?.map(|f| format!(" (it went to {f})")).unwrap_or_default();
    Ok(format!(
        "no output folder holds its publication any more{went_to}: publish it again with `ratebook period --out DIR` on a data folder holding {}'s inputs (the record's current revision is published), then take DIR/{PLAYERS}",
        revision.period
    ))
}

/// After a correction published into `out`: when the data folder has
/// started the period after the latest recorded one already, from that
/// period's list as the correction found it, what to say (the file to put
/// in its place; `period` refuses the stale one until then).
pub fn stale_start(folder: &DataFolder, out: &Path) -> Result<Option<String>> {
    let Some(path) = folder.record().filter(|p| p.is_file()) else { return Ok(None) };
    let record = Record::open(&path, Access::Read)?;
    let Some(latest) = record.periods()?.pop() else { return Ok(None) };
    let Some(file) = folder.player_file() else { return Ok(None) };
    if folder.config.end <= latest.end {
        return Ok(None);
    }
    let name = file.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let (players, _) = crate::formats::player_file::read_player_file(&file, &name);
    if agrees(&players, &record.player_lines(latest.id)?) {
        return Ok(None);
    }
    for (id, revision) in record.superseded_revisions(&latest.period, latest.id)? {
        if agrees(&players, &record.player_lines(id)?) {
            return Ok(Some(format!(
                "{} holds {}'s list as revision {revision} published it, before this correction: {} starts from the corrected one, so put {} in its place (`ratebook period` refuses the old one)\n",
                file.display(),
                latest.period,
                folder.config.period,
                out.join(PLAYERS).display()
            )));
        }
    }
    Ok(None)
}

/// What the publication of `period` did with each event, by code (upper
/// case), as the record holds it: rated (or late), not rated for good,
/// deferred, or not rated for its report's errors (the last two belong to
/// the next period). `None` without a record.
pub fn published_dispositions(
    folder: &DataFolder,
    period: &str,
) -> Result<Option<std::collections::HashMap<String, crate::validate::Disposition>>> {
    use crate::validate::Disposition;
    let Some(path) = folder.record().filter(|p| p.is_file()) else { return Ok(None) };
    let record = Record::open(&path, Access::Read)?;
    let Some(current) = record.current(period)? else { return Ok(None) };
    let mut stmt =
        record.connection().prepare("SELECT code, disposition, reason FROM event_line WHERE revision_id = ?1")?;
    let rows = stmt.query_map([current.id], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, Option<String>>(2)?))
    })?;
    let invalid = Disposition::Invalid.note();
    let mut dispositions = std::collections::HashMap::new();
    for row in rows {
        let (code, disposition, reason) = row?;
        let disposition = match disposition.as_str() {
            "deferred" => Disposition::Deferred,
            "not-rated" if reason.as_deref() == Some(invalid.as_str()) => Disposition::Invalid,
            // (Rated, late or not rated for good: the period is done with it.)
            _ => Disposition::Rated,
        };
        dispositions.insert(code.to_uppercase(), disposition);
    }
    Ok(Some(dispositions))
}

/// `next`'s check of the publication it takes the player file from: when
/// the folder `from` holds a publication of `period` that a correction has
/// superseded since (by the record's token there, or, for a copy without
/// it, by its player file's ratings), it is refused, naming the folder
/// that holds the current one: taken in, it would start the next period
/// from a list the record no longer holds.
pub fn check_published_list(folder: &DataFolder, period: &str, from: &Path) -> Result<()> {
    let Some(path) = folder.record().filter(|p| p.is_file()) else { return Ok(()) };
    let record = Record::open(&path, Access::Read)?;
    let Some(current) = record.current(period)? else { return Ok(()) };
    let superseded = match record.revision_in(from, period)? {
        Some((_, true)) => return Ok(()),
        Some((revision, false)) => revision,
        None => {
            let Ok(bytes) = std::fs::read(from.join(PLAYERS)) else { return Ok(()) };
            let (file, _) = crate::formats::player_file::read_player_file_bytes(&bytes, PLAYERS);
            if agrees(&file, &record.player_lines(current.id)?) {
                return Ok(());
            }
            let mut found = None;
            for (id, revision) in record.superseded_revisions(period, current.id)? {
                if agrees(&file, &record.player_lines(id)?) {
                    found = Some(revision);
                    break;
                }
            }
            let Some(revision) = found else { return Ok(()) };
            revision
        }
    };
    let why = match record.correction_of(current.id)? {
        Some((number, what)) => format!(" by correction {number} ({what})"),
        None => String::new(),
    };
    let remedy = match record.folder_holding(period)? {
        Some(holding) => {
            format!("published into {}: run `ratebook next --from {}`", holding.display(), holding.display())
        }
        None => lost_publication(&record, &current)?,
    };
    bail!(
        "{} holds the list {period} revision {superseded} published, but the record has corrected {period} since{why}: the next period starts from revision {}'s list, {remedy} (nothing was changed)",
        from.display(),
        current.revision
    )
}
