//! Reading the period's input files ([`Inputs`]: `period.toml`, the player
//! file and every tournament report under `reports/` at any depth) into raw
//! records, from a data folder opened once ([`DataFolder`]). Reports are parsed in parallel; a file that cannot be read is a
//! finding for that file, never the end of the run.

pub mod alone;
pub mod changes;
pub mod data_folder;
pub mod extras;
pub mod inputs;
pub mod trf;

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use thiserror::Error;

use crate::config::{ConfigError, PeriodConfig};
use crate::diag::{Code, Diagnostic, Location};
pub use crate::formats::report::RawReport;
use crate::model::PlayerFile;
pub use data_folder::DataFolder;
pub use inputs::Inputs;

/// Problems that stop the command before any data is read (exit status 2).
#[derive(Debug, Error)]
pub enum IngestError {
    #[error("data folder {0} does not exist")]
    MissingFolder(PathBuf),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("no player file in {}: expected {names}", .0.display(), names = data_folder::player_file_names())]
    MissingPlayerFile(PathBuf),
    #[error("{0} does not exist")]
    MissingFile(PathBuf),
}

/// Everything read from the period's inputs, with the findings of reading it.
#[derive(Debug, Clone)]
pub struct RawData {
    pub config: PeriodConfig,
    pub player_file: PlayerFile,
    /// Reports that could be read, ordered by file path.
    pub reports: Vec<RawReport>,
    /// Report files that could not be read at all (their errors are in `diagnostics`).
    pub unreadable: Vec<String>,
    /// Inputs beside the reports that the period's rule set needs.
    pub inputs: extras::SystemInputs,
    pub diagnostics: Vec<Diagnostic>,
}

/// The player file as read, with the findings of reading it.
pub type PlayerFileRead = (PlayerFile, Vec<Diagnostic>);

/// Spreadsheet extensions read as tournament reports.
const REPORT_EXTENSIONS: [&str; 4] = ["xlsx", "xlsm", "xls", "ods"];

/// Parses a data folder's `inputs` (with its `config` already parsed): the
/// player file side by side with the workbook reports.
pub fn read(inputs: &Inputs, config: PeriodConfig, wanted: &[extras::SideFile]) -> Result<RawData, IngestError> {
    if inputs.player_file().is_none() {
        return Err(IngestError::MissingPlayerFile(inputs.label.clone()));
    }
    Ok(read_all(inputs, config, None, no_reports_in_folder(), wanted))
}

/// Parses the player file among `inputs` (a re-rating changes it before the
/// reports are matched against it, then reads them with
/// [`read_with_player_file`]).
pub fn read_player_file(inputs: &Inputs, lists: &[String]) -> Result<PlayerFileRead, IngestError> {
    let (name, bytes) = inputs.player_file().ok_or_else(|| IngestError::MissingPlayerFile(inputs.label.clone()))?;
    Ok(crate::formats::player_file::read_player_file_bytes_with_lists(bytes, name, lists))
}

/// [`read`] with the player file `player` given (read with
/// [`read_player_file`], then changed).
pub fn read_with_player_file(
    inputs: &Inputs,
    config: PeriodConfig,
    player: PlayerFileRead,
    wanted: &[extras::SideFile],
) -> RawData {
    read_all(inputs, config, Some(player), no_reports_in_folder(), wanted)
}

/// What `check FILE...` reads: the reports among `inputs` (made with
/// [`Inputs::of_files`]; `given` are the files named, for the message when
/// none is a report) and its player file (with none, the player file is
/// empty), with the settings `config`.
pub fn read_files(
    base: &Path,
    config: PeriodConfig,
    mut inputs: Inputs,
    given: &[PathBuf],
    wanted: &[extras::SideFile],
) -> RawData {
    let named: Vec<String> = given.iter().map(|f| relative(base, f)).collect();
    let no_reports =
        Diagnostic::warning(Code::NoReports, Location::file(&named.join(", ")), "no tournament reports found")
            .with_hint(
                "reports are .xlsx, .xls or .ods workbooks, or FIDE TRF files (.trf, .tab) with a sidecar NAME.toml",
            );
    let player = inputs.player_file().is_none().then(|| (PlayerFile::default(), Vec::new()));
    let mut raw = read_all(&inputs, config, player, no_reports, wanted);
    raw.diagnostics.splice(0..0, inputs.take_findings());
    raw
}

/// The warning of a data folder without reports.
fn no_reports_in_folder() -> Diagnostic {
    Diagnostic::warning(
        Code::NoReports,
        Location::file("reports"),
        "no tournament reports found: the period rates no events",
    )
}

impl RawData {
    /// Leaves out what was read from the report files `files` (a correction
    /// withdraws or replaces them): their reports and their findings.
    pub fn leave_out(&mut self, files: &[String]) {
        let gone = |name: &str| files.iter().any(|f| f == name);
        self.reports.retain(|r| !gone(&r.file));
        self.unreadable.retain(|f| !gone(f));
        self.diagnostics.retain(|d| !gone(&d.location.file));
    }

    /// Parses the report files `names` among `inputs` (a correction adds
    /// them) against this player file, and puts them among the reports in
    /// the order of their files.
    pub fn read_more(&mut self, inputs: &Inputs, names: &[String]) {
        let mut findings = Vec::new();
        let files = report_files(inputs, names.iter().map(String::as_str).collect(), &mut findings);
        let read = parse_reports(inputs, &files, None, &self.player_file);
        self.diagnostics.extend(findings);
        self.take(read);
        self.reports.sort_by(|a, b| a.file.cmp(&b.file));
    }

    /// Puts parsed reports in (a file that could not be read among `unreadable`).
    fn take(&mut self, read: Vec<(String, Option<RawReport>, Vec<Diagnostic>)>) {
        for (name, report, diags) in read {
            self.diagnostics.extend(diags);
            match report {
                Some(r) => self.reports.push(r),
                None => self.unreadable.push(name),
            }
        }
    }
}

/// A report file to read: its name among the inputs, and whether it is read
/// as FIDE TRF.
type ReportFile = (String, bool);

/// The report files among `names` (sorted), and notes on the files that are
/// not reports. A `.txt` file with a sidecar `NAME.toml` beside it is a TRF
/// export (Swiss-Manager names its TRF16 export so); a report saved under a
/// hidden or lock file's name is an error (it would be left out of the
/// period in silence).
fn report_files(inputs: &Inputs, mut names: Vec<&str>, diagnostics: &mut Vec<Diagnostic>) -> Vec<ReportFile> {
    names.sort_unstable();
    names.dedup();
    let extension = inputs::extension;
    let stem = |name: &str| Path::new(name).with_extension("");
    let with_sidecar: std::collections::HashSet<PathBuf> =
        names.iter().filter(|n| extension(n) == "toml").map(|n| stem(n)).collect();
    let read_as_trf = |n: &str| is_trf(n) || (extension(n) == "txt" && with_sidecar.contains(&stem(n)));
    // A `.toml` beside a TRF report is its sidecar, read with it.
    let trf_stems: std::collections::HashSet<PathBuf> =
        names.iter().filter(|n| read_as_trf(n)).map(|n| stem(n)).collect();
    let mut report_files = Vec::new();
    for name in names {
        let file_name = name.rsplit('/').next().unwrap_or(name);
        let extension = extension(name);
        let hidden = file_name.starts_with('.') || file_name.starts_with("~$");
        if hidden && REPORT_EXTENSIONS.contains(&extension.as_str()) && is_full_report(inputs, name) {
            let shown = file_name.trim_start_matches("~$").trim_start_matches(".~lock.").trim_start_matches('.');
            diagnostics.push(
                Diagnostic::error(
                    Code::UnreadableFile,
                    Location::file(name),
                    "a tournament report saved under a hidden or lock file's name: it is not read",
                )
                .with_hint(format!("rename it {shown} (or remove it, if it is a copy of a report beside it)")),
            );
        } else if file_name.starts_with("~$") || file_name.starts_with(".~lock") {
            diagnostics.push(Diagnostic::note(
                Code::UnreadableFile,
                Location::file(name),
                "ignored: a spreadsheet program's lock file (the workbook is open somewhere)",
            ));
        } else if file_name.starts_with('.') {
            diagnostics.push(
                Diagnostic::note(
                    Code::UnreadableFile,
                    Location::file(name),
                    "not read: a hidden file (its name starts with a dot)",
                )
                .with_hint("rename it without the dot if it is a report"),
            );
        } else if read_as_trf(name) {
            report_files.push((name.to_string(), true));
        } else if REPORT_EXTENSIONS.contains(&extension.as_str()) {
            report_files.push((name.to_string(), false));
        } else if extension == "toml" && trf_stems.contains(&stem(name)) {
            continue;
        } else {
            diagnostics.push(
                Diagnostic::warning(Code::UnreadableFile, Location::file(name), "ignored: not a tournament report")
                    .with_hint("reports are .xlsx, .xls or .ods workbooks, or FIDE TRF files (.trf, .tab) with a sidecar NAME.toml"),
            );
        }
    }
    report_files
}

/// Whether a hidden file among the reports is a workbook with a report's Event sheet.
fn is_full_report(inputs: &Inputs, name: &str) -> bool {
    let Some(bytes) = inputs.set_aside(name).or_else(|| inputs.get(name)) else { return false };
    crate::formats::sheet::Workbook::from_bytes(bytes, name).is_ok_and(|workbook| workbook.sheet("Event").is_some())
}

/// Parses the player file (`player` given, or else parsed from `inputs`)
/// and the reports, and the files beside them that the rule set reads.
fn read_all(
    inputs: &Inputs,
    config: PeriodConfig,
    player: Option<PlayerFileRead>,
    no_reports: Diagnostic,
    wanted: &[extras::SideFile],
) -> RawData {
    let mut diagnostics = Vec::new();
    let report_files = report_files(inputs, inputs.report_names(), &mut diagnostics);
    if report_files.is_empty() {
        diagnostics.push(no_reports);
    }
    let other_lists = config.other_lists();
    // The player file and the workbook reports are parsed side by side; TRF
    // reports, whose players are matched against the player file, after it.
    use crate::formats::report::read::read_report_bytes;
    let ((player_file, player_findings), workbooks) = std::thread::scope(|scope| {
        let workbooks = scope.spawn(|| {
            report_files
                .par_iter()
                .map(|(name, trf)| (!trf).then(|| read_report_bytes(inputs.get(name).unwrap_or_default(), name)))
                .collect::<Vec<_>>()
        });
        let player = player.unwrap_or_else(|| match inputs.player_file() {
            Some((name, bytes)) => {
                crate::formats::player_file::read_player_file_bytes_with_lists(bytes, name, &other_lists)
            }
            None => (PlayerFile::default(), Vec::new()),
        });
        (player, workbooks.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    diagnostics.splice(0..0, player_findings);
    let read = parse_reports(inputs, &report_files, Some(workbooks), &player_file);
    let (system_inputs, found) = extras::read_system_inputs(inputs, wanted);
    let mut raw = RawData {
        config,
        player_file,
        reports: Vec::new(),
        unreadable: Vec::new(),
        inputs: system_inputs,
        diagnostics,
    };
    raw.take(read);
    raw.diagnostics.extend(found);
    raw
}

/// Parses the reports `files` among `inputs` (the workbooks among them
/// parsed already, `workbooks`, in their order), matching the players of
/// TRF reports against `player_file`.
fn parse_reports(
    inputs: &Inputs,
    files: &[ReportFile],
    workbooks: Option<Vec<Option<(Option<RawReport>, Vec<Diagnostic>)>>>,
    player_file: &PlayerFile,
) -> Vec<(String, Option<RawReport>, Vec<Diagnostic>)> {
    use crate::formats::report::read::read_report_bytes;
    let workbooks = workbooks.unwrap_or_else(|| vec![None; files.len()]);
    let matcher = files.iter().any(|(_, trf)| *trf).then(|| trf::Matcher::new(player_file));
    files
        .par_iter()
        .zip(workbooks)
        .map(|((name, trf), workbook)| {
            let bytes = inputs.get(name).unwrap_or_default();
            let (report, diags) = match workbook {
                Some(read) => read,
                None if *trf => {
                    let matcher = matcher.as_ref().expect("a matcher is made when there is a TRF report");
                    let sidecar = inputs.get(&trf::sidecar_name(name)).map(|b| Ok(b.to_vec()));
                    trf::read_trf_bytes(bytes, sidecar, name, matcher)
                }
                None => read_report_bytes(bytes, name),
            };
            (name.clone(), report, diags)
        })
        .collect()
}

/// Whether a file is read as FIDE TRF by its extension (`.trf`, `.trfx`, `.tab`).
fn is_trf(name: &str) -> bool {
    trf::EXTENSIONS.contains(&inputs::extension(name).as_str())
}

/// `path` relative to the data folder, with `/` separators, as findings name files.
pub fn relative(dir: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(dir).unwrap_or(path);
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}
