//! The period's input files as one value, [`Inputs`]: each file by its path
//! in the data folder, with its bytes and SHA-256. It is made by one walk of
//! the data folder ([`Inputs::walk`]), from a recorded revision's files
//! ([`Inputs::recorded`]), or from the files `check` is given
//! ([`Inputs::of_files`]); a correction edits it (replace, add, remove).
//! Every reader parses from it and the record stores it: no file is opened
//! twice in a run.
//!
//! The walk visits every entry once. A folder or file that cannot be read is
//! an error naming it (never a silent gap in the period); symbolic links
//! among the reports are followed only within the data folder, and a loop of
//! links, a FIFO or a device is refused rather than read for ever. Hidden
//! and lock files are no inputs: among the reports they are set aside to be
//! named in findings (a report saved under a hidden name is an error).

use std::collections::{BTreeMap, HashSet};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rayon::prelude::*;
use sha2::{Digest, Sha256};

use super::data_folder::{ARCHIVE, PLAYER_FILE_NAMES, REPORTS, SETTINGS};
use crate::diag::{Code, Diagnostic, Location};

/// What a file is to the period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `period.toml`.
    Settings,
    /// The player file.
    PlayerFile,
    /// A tournament report, a TRF sidecar, or another file among the reports.
    Report,
    /// Any other file of the data folder (a rule set's own files among them).
    Beside,
}

/// One input file.
#[derive(Debug, Clone)]
pub struct InputFile {
    pub role: Role,
    pub bytes: Vec<u8>,
    /// Computed when first asked (a run that keeps no record never asks).
    sha256: OnceLock<String>,
}

impl InputFile {
    fn new(role: Role, bytes: Vec<u8>, sha256: Option<String>) -> InputFile {
        let cell = OnceLock::new();
        if let Some(sha) = sha256 {
            cell.set(sha).expect("a new cell is empty");
        }
        InputFile { role, bytes, sha256: cell }
    }

    /// The file's SHA-256, in lower-case hex.
    pub fn sha256(&self) -> &str {
        self.sha256.get_or_init(|| sha256(&self.bytes))
    }
}

/// The period's input files (see the module's introduction).
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    /// What the files' names are relative to, for messages (the data folder,
    /// or the record's copy of it).
    pub label: PathBuf,
    files: BTreeMap<String, InputFile>,
    /// Hidden and lock files among the reports, by name: no inputs, but
    /// named in findings (with their bytes when they are workbooks, to tell
    /// a report saved under a hidden name from a lock file).
    set_aside: BTreeMap<String, Vec<u8>>,
    /// What the walk found wrong.
    findings: Vec<Diagnostic>,
}

/// The SHA-256 of `bytes`, in lower-case hex.
pub fn sha256(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut hex = String::with_capacity(64);
    for b in Sha256::digest(bytes) {
        let _ = write!(hex, "{b:02x}");
    }
    hex
}

/// The SHA-256 of a set of named files: of the lines `path<TAB>sha256`, sorted.
pub fn manifest_sha256(files: &[(String, String)]) -> String {
    let mut lines: Vec<String> = files.iter().map(|(path, sha)| format!("{path}\t{sha}\n")).collect();
    lines.sort();
    sha256(lines.concat().as_bytes())
}

/// Whether a file's own name marks it hidden or a lock file.
fn hidden(name: &str) -> bool {
    name.starts_with('.') || name.starts_with("~$")
}

/// The role a file of a data folder plays, by its path in it.
fn role_of(path: &str) -> Role {
    if path == SETTINGS {
        Role::Settings
    } else if path.starts_with(REPORTS) {
        Role::Report
    } else {
        Role::Beside
    }
}

impl Inputs {
    /// Walks the data folder `dir` once and reads every file in it but
    /// hidden ones, `archive/` and the `record` (with its journal);
    /// `settings` is its `period.toml`, read already ([`super::DataFolder`]).
    pub(super) fn walk(dir: &Path, settings: Vec<u8>, record: Option<&Path>) -> Inputs {
        let mut findings = Vec::new();
        let found = walk_folder(dir, dir, true, &mut findings);
        // The record and its journal are no inputs (nor read).
        let left_out: HashSet<(u64, u64)> = record
            .iter()
            .flat_map(|r| {
                ["", "-journal", "-wal", "-shm"].map(|suffix| {
                    let mut name = r.as_os_str().to_os_string();
                    name.push(suffix);
                    PathBuf::from(name)
                })
            })
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| (m.dev(), m.ino()))
            .collect();
        let found: Vec<Found> =
            found.into_iter().filter(|f| f.name != SETTINGS && !left_out.contains(&f.inode)).collect();
        let mut inputs = read_found(dir, found, &mut findings, |name| role_of(name));
        inputs.files.insert(SETTINGS.to_string(), InputFile::new(Role::Settings, settings, None));
        inputs.findings = findings;
        inputs.choose_player_file();
        inputs
    }

    /// The files a revision recorded, (path, SHA-256, bytes); `label` names
    /// the copy in messages.
    pub fn recorded(label: PathBuf, files: Vec<(String, String, Vec<u8>)>) -> Inputs {
        let files = files
            .into_iter()
            .map(|(path, sha, bytes)| (path.clone(), InputFile::new(role_of(&path), bytes, Some(sha))))
            .collect();
        let mut inputs = Inputs { label, files, ..Inputs::default() };
        inputs.choose_player_file();
        inputs
    }

    /// What `check FILE...` reads: the reports `files` (a folder stands for
    /// every file in it, at any depth) and the player file `players`, named
    /// relative to `base`, with the files of the data folder `data` that the
    /// rule set reads beside the reports (`beside`, by name in it).
    pub fn of_files(
        base: &Path,
        files: &[PathBuf],
        players: Option<&Path>,
        data: Option<(&Path, &[String])>,
    ) -> Result<Inputs, super::IngestError> {
        let mut findings = Vec::new();
        let mut found = Vec::new();
        for file in files {
            if file.is_dir() {
                found.extend(walk_folder(base, file, false, &mut findings));
            } else if file.is_file() {
                found.push(Found::given(base, file)?);
                // A TRF report's sidecar goes with it.
                let sidecar = file.with_extension("toml");
                if extension(&file.to_string_lossy()) != "toml" && sidecar.is_file() {
                    found.push(Found::given(base, &sidecar)?);
                }
            } else {
                return Err(super::IngestError::MissingFile(file.clone()));
            }
        }
        let mut seen = HashSet::new();
        found.retain(|f| seen.insert(f.inode));
        let player_name = match players {
            Some(p) if !p.is_file() => return Err(super::IngestError::MissingFile(p.to_path_buf())),
            Some(p) => {
                let given = Found::given(base, p)?;
                let name = given.name.clone();
                found.retain(|f| f.name != name);
                found.push(given);
                Some(name)
            }
            None => None,
        };
        let role = |name: &str| if Some(name) == player_name.as_deref() { Role::PlayerFile } else { Role::Report };
        let mut inputs = read_found(base, found, &mut findings, role);
        if let Some((dir, beside)) = data {
            for name in beside {
                let path = dir.join(name);
                if path.is_file() && !inputs.files.contains_key(name) {
                    match std::fs::read(&path) {
                        Ok(bytes) => inputs.add(name, bytes, Role::Beside),
                        Err(e) => findings.push(cannot_read(name, &e, false)),
                    }
                }
            }
        }
        inputs.findings = findings;
        Ok(inputs)
    }

    /// The player file among several (`players.xlsx` before `players.ods`…);
    /// the others are files beside the reports.
    fn choose_player_file(&mut self) {
        if let Some(name) = PLAYER_FILE_NAMES.iter().find(|n| self.files.contains_key(**n)) {
            self.files.get_mut(*name).expect("the player file is among the files").role = Role::PlayerFile;
        }
    }

    /// The bytes of the file named `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.files.get(name).map(|f| f.bytes.as_slice())
    }

    /// Whether a file is named `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.files.contains_key(name)
    }

    /// The player file, (name, bytes), if there is one.
    pub fn player_file(&self) -> Option<(&str, &[u8])> {
        self.files.iter().find(|(_, f)| f.role == Role::PlayerFile).map(|(n, f)| (n.as_str(), f.bytes.as_slice()))
    }

    /// The names of the files among the reports (sidecars and hidden files
    /// too), sorted.
    pub fn report_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .files
            .iter()
            .filter(|(_, f)| f.role == Role::Report)
            .map(|(n, _)| n.as_str())
            .chain(self.set_aside.keys().map(String::as_str))
            .collect();
        names.sort_unstable();
        names
    }

    /// The bytes of a hidden or lock file among the reports (empty unless
    /// it has a workbook's extension).
    pub fn set_aside(&self, name: &str) -> Option<&[u8]> {
        self.set_aside.get(name).map(Vec::as_slice)
    }

    /// What the walk found wrong (taken: they are said once).
    pub fn take_findings(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.findings)
    }

    /// Every input file, by name, in order.
    pub fn files(&self) -> impl Iterator<Item = (&str, &InputFile)> {
        self.files.iter().map(|(n, f)| (n.as_str(), f))
    }

    /// Every input file's (name, bytes), in order, the value given up.
    pub fn into_files(self) -> impl Iterator<Item = (String, Vec<u8>)> {
        self.files.into_iter().map(|(n, f)| (n, f.bytes))
    }

    /// Each file's (name, SHA-256), in order; the digests not known yet are
    /// computed in parallel (a world-sized folder holds some 150 MB).
    pub fn digests(&self) -> Vec<(String, String)> {
        let files: Vec<(&String, &InputFile)> = self.files.iter().collect();
        files.par_iter().map(|(name, file)| ((*name).clone(), file.sha256().to_string())).collect()
    }

    /// The SHA-256 of the whole set: the record's `inputs_sha256`.
    pub fn manifest_sha256(&self) -> String {
        manifest_sha256(&self.digests())
    }

    /// Puts a file in, or replaces the one of that name (a correction).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>, role: Role) {
        self.files.insert(name.to_string(), InputFile::new(role, bytes, None));
    }

    /// Takes a file out (a correction); `None` when there was none.
    pub fn remove(&mut self, name: &str) -> Option<InputFile> {
        self.files.remove(name)
    }

    /// Replaces the player file with `bytes` named `name` (the carried
    /// player file a re-rating records).
    pub fn replace_player_file(&mut self, name: &str, bytes: Vec<u8>) {
        if let Some(old) = self.player_file().map(|(n, _)| n.to_string()) {
            self.files.remove(&old);
        }
        self.add(name, bytes, Role::PlayerFile);
    }
}

/// A regular file the walk found: its name relative to the folder walked,
/// where it is, its (device, inode), and whether it is set aside (hidden).
struct Found {
    name: String,
    path: PathBuf,
    inode: (u64, u64),
    set_aside: bool,
}

impl Found {
    /// A file named on the command line.
    fn given(base: &Path, path: &Path) -> Result<Found, super::IngestError> {
        let meta = std::fs::metadata(path).map_err(|_| super::IngestError::MissingFile(path.to_path_buf()))?;
        Ok(Found {
            name: super::relative(base, path),
            path: path.to_path_buf(),
            inode: (meta.dev(), meta.ino()),
            set_aside: false,
        })
    }
}

/// Reads the files found, in parallel, into [`Inputs`] (each file's role
/// from its name); a file that cannot be read is a finding.
fn read_found(
    label: &Path,
    found: Vec<Found>,
    findings: &mut Vec<Diagnostic>,
    role: impl Fn(&str) -> Role + Sync,
) -> Inputs {
    let read: Vec<(Found, std::io::Result<Vec<u8>>)> = found
        .into_par_iter()
        .map(|f| {
            let workbook = super::REPORT_EXTENSIONS.contains(&extension(&f.name).as_str());
            let bytes = if f.set_aside && !workbook { Ok(Vec::new()) } else { std::fs::read(&f.path) };
            (f, bytes)
        })
        .collect();
    let mut inputs = Inputs { label: label.to_path_buf(), ..Inputs::default() };
    for (f, bytes) in read {
        match bytes {
            Ok(bytes) if f.set_aside => {
                inputs.set_aside.insert(f.name, bytes);
            }
            Ok(bytes) => {
                let role = role(&f.name);
                inputs.files.insert(f.name, InputFile::new(role, bytes, None));
            }
            Err(e) => findings.push(cannot_read(&f.name, &e, false)),
        }
    }
    inputs
}

/// A file name's extension, lower-case.
pub(super) fn extension(name: &str) -> String {
    Path::new(name).extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase()
}

/// Every regular file under `start` (in no particular order), named
/// relative to `root`, with a finding for each folder or entry among the
/// reports that cannot be used. `data`: `root` is a data folder, whose
/// hidden files are no inputs (set aside among the reports, left out
/// elsewhere) and whose files outside the reports may be links to anywhere.
fn walk_folder(root: &Path, start: &Path, data: bool, findings: &mut Vec<Diagnostic>) -> Vec<Found> {
    let name = |p: &Path| super::relative(root, p);
    let mut files = Vec::new();
    match std::fs::symlink_metadata(start) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return files,
        Err(e) => {
            findings.push(cannot_read(&name(start), &e, true));
            return files;
        }
        Ok(_) => {}
    }
    let canonical_root = match root.canonicalize() {
        Ok(r) => r,
        Err(e) => {
            findings.push(cannot_read(".", &e, true));
            return files;
        }
    };
    // Folders and files already seen, by device and inode: a loop of links
    // is walked once, a file reached by two paths read once.
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut pending = vec![start.to_path_buf()];
    while let Some(path) = pending.pop() {
        let shown = name(&path);
        // Findings are made for what is among the reports (what ingest reads
        // as reports); elsewhere in a data folder what is no file is passed by.
        let among_reports = !data || shown.starts_with(REPORTS) || shown == "reports";
        let own_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let is_hidden = data && path != start && hidden(own_name);
        if data && root == start && shown == ARCHIVE {
            continue;
        }
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) => {
                findings.push(cannot_read(&shown, &e, false));
                continue;
            }
        };
        let meta = if meta.file_type().is_symlink() {
            match path.canonicalize() {
                Ok(target) if target.starts_with(&canonical_root) || !among_reports => {
                    match std::fs::metadata(&target) {
                        Ok(m) if !among_reports && m.is_dir() && !target.starts_with(&canonical_root) => continue,
                        Ok(m) => m,
                        Err(e) => {
                            findings.push(cannot_read(&shown, &e, false));
                            continue;
                        }
                    }
                }
                Ok(target) => {
                    findings.push(
                        Diagnostic::error(
                            Code::UnreadableFile,
                            Location::file(&shown),
                            format!("not read: a link to {}, outside the data folder", target.display()),
                        )
                        .with_hint("copy the report into the data folder instead of linking to it"),
                    );
                    continue;
                }
                Err(_) if !among_reports => continue,
                Err(e) => {
                    findings.push(
                        Diagnostic::error(
                            Code::UnreadableFile,
                            Location::file(&shown),
                            format!("not read: a link that leads nowhere ({e})"),
                        )
                        .with_hint("remove the link, or copy the report it meant into the folder"),
                    );
                    continue;
                }
            }
        } else {
            meta
        };
        if !seen.insert((meta.dev(), meta.ino())) {
            continue;
        }
        if meta.is_dir() {
            if is_hidden {
                if among_reports {
                    findings.push(
                        Diagnostic::note(
                            Code::UnreadableFile,
                            Location::file(&shown),
                            "not read: a hidden folder (its name starts with a dot)",
                        )
                        .with_hint("rename it without the dot if it holds reports"),
                    );
                }
                continue;
            }
            match std::fs::read_dir(&path) {
                Ok(entries) => {
                    for entry in entries {
                        match entry {
                            Ok(entry) => pending.push(entry.path()),
                            Err(e) => findings.push(cannot_read(&shown, &e, true)),
                        }
                    }
                }
                Err(e) => findings.push(cannot_read(&shown, &e, true)),
            }
        } else if meta.is_file() {
            if is_hidden && !among_reports {
                continue;
            }
            if among_reports && path.strip_prefix(root).map_or(true, |rel| rel.to_str().is_none()) {
                // (Stored under a name with replacement characters, it could
                // not be found again by that name.)
                findings.push(
                    Diagnostic::error(
                        Code::UnreadableFile,
                        Location::file(&shown),
                        "not read: the file's name is not text (not UTF-8); shown here with \u{FFFD} for what cannot be read",
                    )
                    .with_hint("rename the file with letters, digits and hyphens (e.g. V93001.xlsx)"),
                );
                continue;
            }
            files.push(Found { name: shown, path, inode: (meta.dev(), meta.ino()), set_aside: is_hidden });
        } else if among_reports {
            findings.push(
                Diagnostic::error(
                    Code::UnreadableFile,
                    Location::file(&shown),
                    "not read: not a regular file (a pipe, a socket or a device)",
                )
                .with_hint("reports are ordinary files: replace it with the report itself"),
            );
        }
    }
    files
}

/// A folder or file that could not be read.
fn cannot_read(name: &str, error: &std::io::Error, folder: bool) -> Diagnostic {
    let (what, code) = if folder { ("folder", Code::UnreadableFolder) } else { ("file", Code::UnreadableFile) };
    Diagnostic::error(code, Location::file(name), format!("cannot read this {what}: {error}")).with_hint(if folder {
        "give ratebook permission to read the folder (and every folder in it), or move the reports out of it"
    } else {
        "give ratebook permission to read the file, or remove it"
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_walk_reads_each_file_once_and_leaves_out_hidden_files_and_the_record() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("period.toml"), "").unwrap();
        std::fs::create_dir_all(d.join("reports/V")).unwrap();
        std::fs::write(d.join("reports/V/a.xlsx"), b"a").unwrap();
        std::fs::write(d.join("reports/V/~$a.xlsx"), b"lock").unwrap();
        std::fs::write(d.join(".notes"), b"hidden").unwrap();
        std::fs::write(d.join("players.csv"), b"ID").unwrap();
        std::fs::write(d.join("players.xlsx"), b"x").unwrap();
        std::fs::write(d.join("record.sqlite"), b"db").unwrap();
        std::fs::write(d.join("record.sqlite-journal"), b"j").unwrap();
        let mut findings = Vec::new();
        let found = walk_folder(d, d, true, &mut findings);
        let mut names: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
        names.sort();
        assert_eq!(
            names,
            [
                "period.toml",
                "players.csv",
                "players.xlsx",
                "record.sqlite",
                "record.sqlite-journal",
                "reports/V/a.xlsx",
                "reports/V/~$a.xlsx"
            ]
        );
        let mut inputs = read_found(
            d,
            found.into_iter().filter(|f| !f.name.starts_with("record")).collect(),
            &mut findings,
            role_of,
        );
        inputs.choose_player_file();
        assert_eq!(inputs.player_file().map(|(n, _)| n), Some("players.xlsx"));
        assert_eq!(inputs.report_names(), ["reports/V/a.xlsx", "reports/V/~$a.xlsx"]);
        assert!(!inputs.files().any(|(n, _)| n.contains("~$")), "a lock file is no input");
        assert_eq!(inputs.get("reports/V/a.xlsx"), Some(&b"a"[..]));
        assert!(findings.is_empty(), "{findings:?}");
    }

    #[test]
    fn an_edit_changes_the_manifest_and_a_replaced_player_file_takes_its_place() {
        let files = vec![
            ("period.toml".to_string(), sha256(b"p"), b"p".to_vec()),
            ("players.csv".to_string(), sha256(b"c"), b"c".to_vec()),
            ("reports/a.xlsx".to_string(), sha256(b"a"), b"a".to_vec()),
        ];
        let mut inputs = Inputs::recorded(PathBuf::from("r"), files);
        let before = inputs.manifest_sha256();
        assert_eq!(inputs.player_file().map(|(n, _)| n), Some("players.csv"));
        inputs.replace_player_file("players.xlsx", b"x".to_vec());
        assert_eq!(inputs.player_file(), Some(("players.xlsx", &b"x"[..])));
        assert!(!inputs.contains("players.csv"));
        assert_ne!(inputs.manifest_sha256(), before);
        inputs.remove("reports/a.xlsx");
        assert!(inputs.report_names().is_empty());
    }
}
