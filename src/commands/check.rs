//! `ratebook check`: read and validate only, so that a state officer sees
//! every finding before sending his reports. Given report files it checks
//! those alone: with the settings and the player file of the data folder it
//! stands in (or that `--data` names), otherwise with the default period
//! settings and the player file `--players` names, if any. Without a player
//! file the IDs cannot be checked: that is said once, and the IDs in the
//! reports stand for players on the list. After the findings it lists the
//! players who will get new IDs, so that nobody is entered twice.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use super::summary::{Outcome, RunSummary};
use super::{Said, Screen, Stream};
use crate::config::PeriodConfig;
use crate::diag::Code;
use crate::ingest::alone::{self, Newcomer};
use crate::ingest::{DataFolder, IngestError, Inputs};
use crate::model::system::SystemName;
use crate::publish::validation_report;
use crate::validate::Validated;

/// What `ratebook check` was asked to check.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// `--data`: the data folder (otherwise the one the current folder is in, if any).
    pub data: Option<PathBuf>,
    /// Reports (or folders of reports) to check alone.
    pub files: Vec<PathBuf>,
    /// `--players`: the player file to check the IDs against.
    pub players: Option<PathBuf>,
}

/// What `check` read and found.
pub struct CheckReport {
    pub validated: Validated,
    /// The data folder whose settings were used (`None`: the defaults),
    /// relative to the current folder when it is inside it.
    pub data: Option<PathBuf>,
    /// Whether the IDs were checked against a player file.
    pub player_file: bool,
    /// The reports read (and the ones that could not be read).
    pub reports: usize,
    /// The players who will get new IDs when the period is rated.
    pub newcomers: Vec<Newcomer>,
}

/// Reads and validates what `options` name; `cwd` is where the command runs.
pub fn run_check(options: &CheckOptions, cwd: &Path) -> Result<CheckReport> {
    let data = match &options.data {
        Some(dir) => Some(dir.clone()),
        None => {
            let mut starts = vec![cwd.to_path_buf()];
            starts.extend(options.files.iter().filter_map(|f| absolute(cwd, f).parent().map(Path::to_path_buf)));
            starts.iter().find_map(|s| DataFolder::find(s))
        }
    };
    for file in options.files.iter().chain(&options.players) {
        if !absolute(cwd, file).exists() {
            bail!("{} does not exist", file.display());
        }
    }
    if options.files.is_empty() && data.is_none() {
        bail!(
            "there is no data folder (a folder holding period.toml) here or above: name the reports to check, \
             e.g. `ratebook check report.xlsx` (add `--players {}` to check the IDs), or give the data \
             folder with `--data DIR`",
            crate::output_folder::names::PLAYERS
        );
    }
    let folder = data.as_deref().map(DataFolder::open).transpose()?;
    let mut config = match &folder {
        Some(folder) => folder.config.clone(),
        None => PeriodConfig::example(SystemName::Acf),
    };
    let system = crate::rate::configure(&mut config);
    let (raw, player_file) = match &folder {
        Some(folder) if options.files.is_empty() && options.players.is_none() => {
            // The whole data folder, as `period` reads it.
            (super::read_period(folder)?.0, true)
        }
        Some(folder) => {
            let dir = folder.dir();
            let players = options.players.clone().or_else(|| folder.player_file());
            let files = if options.files.is_empty() { vec![folder.reports()] } else { options.files.clone() };
            let inside = files.iter().all(|f| absolute(cwd, f).starts_with(absolute(cwd, dir)));
            let base = if inside { dir.to_path_buf() } else { cwd.to_path_buf() };
            let files: Vec<PathBuf> = files.iter().map(|f| absolute(cwd, f)).collect();
            let base = absolute(cwd, &base);
            let beside = crate::ingest::extras::file_names(system.inputs());
            let inputs = Inputs::of_files(&base, &files, players.as_deref(), Some((dir, &beside)))?;
            (crate::ingest::read_files(&base, config, inputs, &files, system.inputs()), players.is_some())
        }
        None => {
            let files: Vec<PathBuf> = options.files.iter().map(|f| absolute(cwd, f)).collect();
            let inputs = Inputs::of_files(cwd, &files, options.players.as_deref(), None)?;
            let mut raw = crate::ingest::read_files(cwd, config, inputs, &files, system.inputs());
            raw.config = alone::covering(&raw);
            (raw, options.players.is_some())
        }
    };
    let mut raw = raw;
    let mut numbering = Default::default();
    if !player_file {
        raw.player_file = alone::players_of_reports(&raw);
    } else if let Some(folder) = &folder {
        numbering = crate::record::merges::numbering_from_data_folder(&mut raw, folder);
        crate::record::rated_before::check_from_data_folder(&mut raw, folder);
        crate::record::returning::reinstate_from_data_folder(&mut raw, folder);
    }
    let reports = raw.reports.len() + raw.unreadable.len();
    let candidates = alone::new_entrants(&raw);
    let (pinned, taken) = numbering;
    let policy = crate::rate::lists::policy(system, &raw.config);
    let mut validated = crate::validate::validate_with_ids_above(raw, &policy, &pinned, taken);
    if !player_file {
        // The names were not checked against anything: the player file is
        // the reports' own.
        validated.diagnostics.retain(|d| d.code != Code::NameMismatch);
    }
    let period = &validated.period;
    let added = &period.players.players[period.players.players.len() - period.newcomers..];
    let rated: std::collections::HashSet<&str> =
        period.events.iter().filter(|e| e.disposition.is_rated()).map(|e| e.file.as_str()).collect();
    let newcomers = alone::newcomers(added, &rated, &period.config.collation, candidates);
    // The data folder as the officer would name it from where he is.
    let data = data.map(|d| {
        let d = absolute(cwd, &d);
        d.strip_prefix(cwd).map(Path::to_path_buf).unwrap_or(d)
    });
    Ok(CheckReport { validated, data, player_file, reports, newcomers })
}

impl CheckReport {
    /// What was checked against what, in a sentence or two, before the findings.
    pub fn preface(&self) -> String {
        let reports = match self.reports {
            1 => "1 report".to_string(),
            n => format!("{n} reports"),
        };
        let settings = match &self.data {
            Some(dir) => format!("with the settings of {}", dir.join("period.toml").display()),
            None => {
                let c = &self.validated.period.config;
                let (start, end) = (crate::model::dates::long_date(c.start), crate::model::dates::long_date(c.end));
                let what = if c.period == alone::COVERING {
                    "the period the reports' end dates fall in, so that no event counts as late or deferred"
                } else {
                    "the example period"
                };
                format!(
                    "with the default settings, there being no period.toml here: the {} rules, and {what}, \
                     {start} to {end}",
                    c.system
                )
            }
        };
        let mut text = format!("Checked {reports} {settings}");
        if self.player_file {
            text.push_str(".\n");
        } else {
            text.push_str(
                ", without a player file: the IDs are not checked (the national ratings officer checks them; \
                 name the player file with --players FILE to check them here).\n",
            );
        }
        text
    }

    /// The players who will get new IDs, after the findings; empty when there are none.
    pub fn newcomers_text(&self) -> String {
        let mut text = String::new();
        let errors = self.validated.error_count() > 0;
        if self.newcomers.is_empty() {
            return text;
        }
        let n = self.newcomers.len();
        let (count, verb) =
            if n == 1 { ("1 new player".to_string(), "gets") } else { (format!("{n} new players"), "get") };
        text.push_str(&format!(
            "\n{count} (no ID yet) {verb} an ID when the period is rated; check that nobody is here twice or is already on the rating list:\n"
        ));
        let width = self.newcomers.iter().map(|c| c.file.chars().count()).max().unwrap_or(0);
        let mut previous: Option<&str> = None;
        for c in &self.newcomers {
            let again = if previous == Some(c.name.as_str()) { "   <- the same name again" } else { "" };
            let line = format!("  {:width$}  No {:<4} {} ({}){again}", c.file, c.no, c.name, c.state);
            text.push_str(&format!("{}\n", crate::diag::escape_controls(&line)));
            previous = Some(c.name.as_str());
        }
        if errors {
            text.push_str("(The new players of reports with errors are listed once the errors are fixed.)\n");
        }
        text
    }
}

/// `path` from `cwd`, when it is relative.
fn absolute(cwd: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    }
}

/// Checks and says what it found, all on standard output: the preface, every
/// finding grouped by file, what could not be read, the newcomers and the
/// summary. A `period.toml` that cannot be read is a finding too (exit 1,
/// the check found an error).
pub fn said(options: &CheckOptions, cwd: &Path, screen: &dyn Screen) -> Result<Said> {
    let mut said = Said::default();
    let report = match run_check(options, cwd) {
        Ok(report) => report,
        Err(e) => return settings_finding(&e, screen).ok_or(e),
    };
    let diagnostics = &report.validated.diagnostics;
    let (errors, _, _) = validation_report::counts(diagnostics);
    said.out(report.preface());
    if !diagnostics.is_empty() {
        said.out(format!("\n{}", screen.findings(diagnostics, true, Stream::Out)));
    }
    if let Some(skipped) = validation_report::not_read(diagnostics) {
        said.out(format!("\n{skipped}\n"));
    }
    said.out(report.newcomers_text());
    let summary = RunSummary::new(Outcome::Checked, &report.validated.period, diagnostics);
    said.out(summary.to_text());
    Ok(said.with_code(u8::from(errors > 0)))
}

/// `check` on a data folder whose `period.toml` is wrong: a finding of the
/// input, said as the others are; `None` for any other failure.
fn settings_finding(error: &anyhow::Error, screen: &dyn Screen) -> Option<Said> {
    use crate::config::ConfigError;
    use crate::diag::{Diagnostic, Location};
    let Some(IngestError::Config(ConfigError::Invalid { path, messages })) = error.downcast_ref::<IngestError>() else {
        return None;
    };
    let findings: Vec<Diagnostic> = messages
        .iter()
        .map(|message| {
            Diagnostic::error(Code::BadSettings, Location::file(path), message.clone()).with_hint(
                "correct period.toml (`ratebook template` writes an example to compare with), then check again",
            )
        })
        .collect();
    let shown = screen.findings(&findings, true, Stream::Out);
    let mut said = Said::default();
    said.out(format!("{shown}\n{}\n", validation_report::summary(findings.len(), 0, 0)));
    Some(said.with_code(1))
}
