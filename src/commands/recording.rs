//! A period run's side of the rating record: whether the period may be
//! recorded (new, unchanged, or revised with `--revise`), the list it is
//! compared with, and the two steps that record it with its outputs.

use std::path::Path;

use anyhow::{bail, Result};

use crate::config::PeriodConfig;
use crate::ingest::{DataFolder, Inputs};
use crate::model::PlayerFile;
use crate::publish::Staging;
use crate::record::{Access, PeriodLines, PlayerLine, Record, RecordLock, RevisionInfo, Source, Staged};

/// What the record makes of this run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// A period the record does not hold: recorded as revision 1.
    New,
    /// The period is recorded with these very inputs: nothing new is recorded.
    Unchanged,
    /// The period is recorded with other inputs, and `--revise` was given.
    Revise,
}

/// The record as one period run uses it.
pub struct Recording {
    pub record: Record,
    pub plan: Plan,
    /// The period's input files (the record stores them with the revision).
    pub inputs: Inputs,
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
fn agrees(file: &PlayerFile, lines: &[PlayerLine]) -> bool {
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
        let inputs_sha256 = inputs.manifest_sha256();
        let periods = record.periods()?;
        let end = config.end;
        let mut refused = None;
        let plan = match periods.iter().find(|p| p.period == config.period) {
            Some(current) if current.inputs_sha256.as_deref() == Some(inputs_sha256.as_str()) => Plan::Unchanged,
            // (A dry run says the run would refuse, then what --revise would do.)
            Some(current) if !revise && out.is_some() => bail!(
                "{} is recorded already (revision {}, published {}) and its inputs have changed since: give --revise to publish and record the corrected list as revision {} (later periods are re-rated), or correct it with `ratebook rerate --from \"{}\"`",
                config.period,
                current.revision,
                current.published,
                current.revision + 1,
                config.period
            ),
            Some(current) => {
                if !revise {
                    refused = Some(format!(
                        "the run would refuse: {} is recorded already (revision {}, published {}) and its inputs have changed since; give --revise to publish and record the corrected list as revision {}; with --revise it would do this:",
                        config.period,
                        current.revision,
                        current.published,
                        current.revision + 1
                    ));
                }
                Plan::Revise
            }
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
        Ok(Recording { record, plan, inputs, previous, previous_lines, later, refused, staged: None })
    }

    /// Refuses to rate from a player file that an earlier revision of the
    /// previous period published when the record has corrected that period
    /// since (`rerate`, `merge`, `period --revise`): its ratings are not the
    /// record's, and the corrected file is in the correction's errata
    /// folder, which the message names. A file that agrees with the
    /// record's current list, or with none of its revisions (one the
    /// officer keeps by hand), is rated as it is.
    pub fn check_player_file(&self, file: &PlayerFile) -> Result<()> {
        let Some(previous) = self.previous.as_ref().filter(|_| self.plan != Plan::Unchanged) else { return Ok(()) };
        if agrees(file, &self.previous_lines) {
            return Ok(());
        }
        let superseded = self.record.superseded_revisions(&previous.period, previous.id)?;
        for (id, revision) in superseded {
            if !agrees(file, &self.record.player_lines(id)?) {
                continue;
            }
            let name = self.inputs.player_file().map(|(name, _)| name.to_string()).unwrap_or_default();
            let output = self.record.output_of(previous.id)?;
            let corrected = match output {
                Some(folder) => format!("{}", Path::new(&folder).join("players.xlsx").display()),
                None => "players.xlsx in the folder the correction's errata went to".to_string(),
            };
            let why = match self.record.correction_of(previous.id)? {
                Some((number, what)) => format!(" by correction {number} ({what})"),
                None => String::new(),
            };
            bail!(
                "the player file {name} is the one {} revision {revision} published, but the record has corrected {} since{why}: its ratings are those of revision {}, whose player file is {corrected}; put that file in the data folder as {name}, then run again",
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

    /// After the outputs went in: the revision is published.
    pub fn confirm(&mut self) -> Result<Option<Staged>> {
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

    /// Every player's line in the periods recorded before this one, for the
    /// site's charts.
    pub fn history(&self) -> Result<crate::record::query::History> {
        let before = self.previous.as_ref().map(|p| p.end.to_string()).unwrap_or_default();
        self.record.history_before(&before)
    }
}
