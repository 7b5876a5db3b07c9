//! Reading the data folder: `period.toml`, the player file and every
//! tournament report under `reports/` at any depth, into raw records.
//! Reports are read in parallel; a file that cannot be read is a finding for
//! that file, never the end of the run.

pub mod extras;
pub mod trf;
mod walk;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use thiserror::Error;

use crate::config::{ConfigError, PeriodConfig};
use crate::diag::{Code, Diagnostic, Location};
pub use crate::formats::report::RawReport;
use crate::model::PlayerFile;

/// Problems that stop the command before any data is read (exit status 2).
#[derive(Debug, Error)]
pub enum IngestError {
    #[error("data folder {0} does not exist")]
    MissingFolder(PathBuf),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("no player file in {0}: expected players.xlsx, players.ods, players.xls or players.csv")]
    MissingPlayerFile(PathBuf),
    #[error("{0} does not exist")]
    MissingFile(PathBuf),
}

/// Everything read from the data folder, with the findings of reading it.
#[derive(Debug)]
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

/// A data folder held in memory rather than on disk (the record's copies of
/// a recorded period's inputs, which `rerate` reads again): each file's
/// bytes by its path relative to the data folder (`period.toml`, the player
/// file, `reports/...` with TRF sidecars, a rule set's own files).
pub type HeldFiles<'a> = HashMap<String, &'a [u8]>;

/// The names a player file goes by, in order of preference.
const PLAYER_FILE_NAMES: [&str; 4] = ["players.xlsx", "players.ods", "players.xls", "players.csv"];

/// A change made to the player file as soon as it is read, before any
/// report is matched against it (`rerate` carries corrected ratings in).
pub type PlayerFileChange<'a> = &'a (dyn Fn(&mut PlayerFile) + Sync);

/// Spreadsheet extensions read as tournament reports.
const REPORT_EXTENSIONS: [&str; 4] = ["xlsx", "xlsm", "xls", "ods"];

/// A data folder whose `period.toml` has been read: what is needed to know
/// the rule set before the rest is read with [`DataFolder::read`].
#[derive(Debug, Clone)]
pub struct DataFolder {
    pub dir: PathBuf,
    pub config: PeriodConfig,
}

impl DataFolder {
    /// Opens `dir` (the data folder) and reads its `period.toml`.
    pub fn open(dir: &Path) -> Result<DataFolder, IngestError> {
        if !dir.is_dir() {
            return Err(IngestError::MissingFolder(dir.to_path_buf()));
        }
        let config = PeriodConfig::load(&dir.join("period.toml"))?;
        Ok(DataFolder { dir: dir.to_path_buf(), config })
    }

    /// Reads the player file, every report and the files beside them that the
    /// rule set reads (`inputs`).
    pub fn read(self, inputs: &[extras::SystemInput]) -> Result<RawData, IngestError> {
        let DataFolder { dir, config } = self;
        read_data_folder(&dir, config, inputs, None, None)
    }

    /// Opens a data folder held in memory, `files`, and parses its
    /// `period.toml`; `label` names it in messages (nothing is read there).
    pub fn held(label: &Path, files: &HeldFiles<'_>) -> Result<DataFolder, IngestError> {
        let path = label.join("period.toml");
        let Some(bytes) = files.get("period.toml") else {
            return Err(IngestError::MissingFile(path));
        };
        let config = PeriodConfig::from_bytes(bytes, &path)?;
        Ok(DataFolder { dir: label.to_path_buf(), config })
    }

    /// [`DataFolder::read`] of a folder opened with [`DataFolder::held`]:
    /// every file is taken from `files`, and the player file is changed by
    /// `change` as soon as it is read.
    pub fn read_held(
        self,
        inputs: &[extras::SystemInput],
        files: &HeldFiles<'_>,
        change: Option<PlayerFileChange<'_>>,
    ) -> Result<RawData, IngestError> {
        let DataFolder { dir, config } = self;
        read_data_folder(&dir, config, inputs, Some(files), change)
    }
}

/// The player file of the data folder `dir`, if it has one.
pub fn player_file_in(dir: &Path) -> Option<PathBuf> {
    PLAYER_FILE_NAMES.iter().map(|n| dir.join(n)).find(|p| p.is_file())
}

/// The player file among the files of a data folder held in memory.
pub fn held_player_file(files: &HeldFiles<'_>) -> Option<&'static str> {
    PLAYER_FILE_NAMES.into_iter().find(|n| files.contains_key(*n))
}

/// Reads `dir` (the data folder) with its `config` already read.
fn read_data_folder(
    dir: &Path,
    config: PeriodConfig,
    inputs: &[extras::SystemInput],
    held: Option<&HeldFiles<'_>>,
    change: Option<PlayerFileChange<'_>>,
) -> Result<RawData, IngestError> {
    let player_path = match held {
        Some(held) => held_player_file(held).map(|name| dir.join(name)),
        None => player_file_in(dir),
    };
    let player_path = player_path.ok_or_else(|| IngestError::MissingPlayerFile(dir.to_path_buf()))?;
    let mut diagnostics = Vec::new();
    let files = match held {
        Some(held) => held.keys().filter(|name| name.starts_with("reports/")).map(|name| dir.join(name)).collect(),
        None => walk::report_files(dir, &dir.join("reports"), &mut diagnostics),
    };
    let report_files = report_files(dir, files, &mut diagnostics);
    if report_files.is_empty() {
        diagnostics.push(Diagnostic::warning(
            Code::NoReports,
            Location::file("reports"),
            "no tournament reports found: the period rates no events",
        ));
    }
    let sources = Sources { player_file: Some(&player_path), change, held };
    let data = match held {
        Some(_) => DataSource::Held,
        None => DataSource::Folder(dir),
    };
    Ok(read_all(dir, config, sources, report_files, diagnostics, data, inputs))
}

/// Reads the reports `files` (a folder stands for every report in it, at
/// any depth) and the player file `players` (with none, the player file is
/// empty), with the settings `config`: what `check FILE...` reads. Findings
/// name files relative to `base`; the files beside the reports that the rule
/// set reads come from the data folder `data`, when there is one.
pub fn read_files(
    base: &Path,
    config: PeriodConfig,
    files: &[PathBuf],
    players: Option<&Path>,
    data: Option<&Path>,
    inputs: &[extras::SystemInput],
) -> Result<RawData, IngestError> {
    let mut found = Vec::new();
    let mut diagnostics = Vec::new();
    for file in files {
        if file.is_dir() {
            found.extend(walk::report_files(base, file, &mut diagnostics));
        } else if file.is_file() {
            found.push(file.clone());
        } else {
            return Err(IngestError::MissingFile(file.clone()));
        }
    }
    if let Some(p) = players.filter(|p| !p.is_file()) {
        return Err(IngestError::MissingFile(p.to_path_buf()));
    }
    let report_files = report_files(base, found, &mut diagnostics);
    if report_files.is_empty() {
        let named: Vec<String> = files.iter().map(|f| relative(base, f)).collect();
        diagnostics.push(
            Diagnostic::warning(Code::NoReports, Location::file(&named.join(", ")), "no tournament reports found")
                .with_hint(
                "reports are .xlsx, .xls or .ods workbooks, or FIDE TRF files (.trf, .tab) with a sidecar NAME.toml",
            ),
        );
    }
    let sources = Sources { player_file: players, change: None, held: None };
    let data = data.map_or(DataSource::None, DataSource::Folder);
    Ok(read_all(base, config, sources, report_files, diagnostics, data, inputs))
}

/// A report file to read: its path, its name relative to the data folder,
/// and whether it is read as FIDE TRF.
type ReportFile = (PathBuf, String, bool);

/// The report files among `files` (sorted, named relative to `base`), and
/// notes on the files that are not reports. A `.txt` file with a sidecar
/// `NAME.toml` beside it is a TRF export (Swiss-Manager names its TRF16
/// export so); a report saved under a hidden or lock file's name is an error
/// (it would be left out of the period in silence).
fn report_files(base: &Path, mut files: Vec<PathBuf>, diagnostics: &mut Vec<Diagnostic>) -> Vec<ReportFile> {
    files.sort();
    files.dedup();
    let extension = |p: &Path| p.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    let with_sidecar: std::collections::HashSet<PathBuf> =
        files.iter().filter(|p| extension(p) == "toml").map(|p| p.with_extension("")).collect();
    let read_as_trf = |p: &Path| is_trf(p) || (extension(p) == "txt" && with_sidecar.contains(&p.with_extension("")));
    // A `.toml` beside a TRF report is its sidecar, read with it.
    let trf_stems: std::collections::HashSet<PathBuf> =
        files.iter().filter(|p| read_as_trf(p)).map(|p| p.with_extension("")).collect();
    let mut report_files = Vec::new();
    for path in &files {
        let name = relative(base, path);
        let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let extension = extension(path);
        let hidden = file_name.starts_with('.') || file_name.starts_with("~$");
        if hidden && REPORT_EXTENSIONS.contains(&extension.as_str()) && is_full_report(path, &name) {
            let shown = file_name.trim_start_matches("~$").trim_start_matches(".~lock.").trim_start_matches('.');
            diagnostics.push(
                Diagnostic::error(
                    Code::UnreadableFile,
                    Location::file(&name),
                    "a tournament report saved under a hidden or lock file's name: it is not read",
                )
                .with_hint(format!("rename it {shown} (or remove it, if it is a copy of a report beside it)")),
            );
        } else if file_name.starts_with("~$") || file_name.starts_with(".~lock") {
            diagnostics.push(Diagnostic::note(
                Code::UnreadableFile,
                Location::file(&name),
                "ignored: a spreadsheet program's lock file (the workbook is open somewhere)",
            ));
        } else if file_name.starts_with('.') {
            diagnostics.push(
                Diagnostic::note(
                    Code::UnreadableFile,
                    Location::file(&name),
                    "not read: a hidden file (its name starts with a dot)",
                )
                .with_hint("rename it without the dot if it is a report"),
            );
        } else if read_as_trf(path) {
            report_files.push((path.clone(), name, true));
        } else if REPORT_EXTENSIONS.contains(&extension.as_str()) {
            report_files.push((path.clone(), name, false));
        } else if extension == "toml" && trf_stems.contains(&path.with_extension("")) {
            continue;
        } else {
            diagnostics.push(
                Diagnostic::warning(Code::UnreadableFile, Location::file(&name), "ignored: not a tournament report")
                    .with_hint("reports are .xlsx, .xls or .ods workbooks, or FIDE TRF files (.trf, .tab) with a sidecar NAME.toml"),
            );
        }
    }
    report_files
}

/// Whether a hidden file on disk is a workbook with a report's Event sheet.
fn is_full_report(path: &Path, name: &str) -> bool {
    path.is_file()
        && crate::formats::sheet::Workbook::open(path, name).is_ok_and(|workbook| workbook.sheet("Event").is_some())
}

/// Where [`read_all`] takes the player file and the reports' bytes from.
struct Sources<'a> {
    /// The player file (none: an empty one).
    player_file: Option<&'a Path>,
    /// Made to the player file as soon as it is read.
    change: Option<PlayerFileChange<'a>>,
    /// Files held in memory, read instead of the disk's.
    held: Option<&'a HeldFiles<'a>>,
}

/// Where the files beside the reports that a rule set reads come from.
#[derive(Clone, Copy)]
enum DataSource<'a> {
    /// A data folder on disk.
    Folder(&'a Path),
    /// The held files of [`Sources`].
    Held,
    /// None (reports checked on their own).
    None,
}

/// Reads the player file (none: an empty one) and the reports, and the
/// files beside them in `data` that the rule set reads.
fn read_all(
    base: &Path,
    config: PeriodConfig,
    sources: Sources<'_>,
    report_files: Vec<ReportFile>,
    mut diagnostics: Vec<Diagnostic>,
    data: DataSource<'_>,
    inputs: &[extras::SystemInput],
) -> RawData {
    // The player file and the workbook reports are read side by side; TRF
    // reports, whose players are matched against the player file, after it.
    use crate::formats::report::read::{read_report, read_report_bytes};
    let held = |name: &str| sources.held.and_then(|h| h.get(name).copied());
    let ((player_file, player_findings), workbooks) = std::thread::scope(|scope| {
        let workbooks = scope.spawn(|| {
            report_files
                .par_iter()
                .map(|(path, name, trf)| {
                    (!trf).then(|| match held(name) {
                        Some(bytes) => read_report_bytes(bytes, name),
                        None => read_report(path, name),
                    })
                })
                .collect::<Vec<_>>()
        });
        use crate::formats::player_file::{read_player_file, read_player_file_bytes};
        let mut player_file = match sources.player_file {
            Some(path) => {
                let name = relative(base, path);
                match held(&name) {
                    Some(bytes) => read_player_file_bytes(bytes, &name),
                    None => read_player_file(path, &name),
                }
            }
            None => (PlayerFile::default(), Vec::new()),
        };
        if let Some(change) = sources.change {
            change(&mut player_file.0);
        }
        (player_file, workbooks.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    diagnostics.splice(0..0, player_findings);
    let matcher = report_files.iter().any(|(_, _, trf)| *trf).then(|| trf::Matcher::new(&player_file));
    let read: Vec<(String, Option<RawReport>, Vec<Diagnostic>)> = report_files
        .par_iter()
        .zip(workbooks)
        .map(|((path, name, _), workbook)| {
            let (report, diags) = workbook.unwrap_or_else(|| {
                let matcher = matcher.as_ref().expect("a matcher is made when there is a TRF report");
                match held(name) {
                    Some(bytes) => {
                        let sidecar = held(&trf::sidecar_name(name)).map(|b| Ok(b.to_vec()));
                        trf::read_trf_bytes(bytes, sidecar, name, matcher)
                    }
                    None => trf::read_trf(path, name, matcher),
                }
            });
            (name.clone(), report, diags)
        })
        .collect();
    drop(matcher);
    let mut reports = Vec::new();
    let mut unreadable = Vec::new();
    for (name, report, diags) in read {
        diagnostics.extend(diags);
        match report {
            Some(r) => reports.push(r),
            None => unreadable.push(name),
        }
    }
    let (inputs, found) = match (data, sources.held) {
        (DataSource::Folder(dir), _) => extras::read_system_inputs(dir, inputs),
        (DataSource::Held, Some(held)) => extras::read_held_system_inputs(held, inputs),
        _ => (extras::SystemInputs::default(), Vec::new()),
    };
    diagnostics.extend(found);
    RawData { config, player_file, reports, unreadable, inputs, diagnostics }
}

/// Whether a file is read as FIDE TRF by its extension (`.trf`, `.trfx`, `.tab`).
fn is_trf(path: &Path) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    trf::EXTENSIONS.contains(&extension.as_str())
}

/// `path` relative to the data folder, with `/` separators, as findings name files.
pub fn relative(dir: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(dir).unwrap_or(path);
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}
