//! Finding the reports: every regular file under `reports/`, each visited
//! once. A folder or file that cannot be read is an error naming it (never
//! a silent gap in the period); symbolic links are followed only within the
//! data folder, and a loop of links, a FIFO or a device is refused rather
//! than read for ever.

use std::collections::HashSet;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::diag::{Code, Diagnostic, Location};

/// Every regular file under `reports` (in no particular order), with a
/// finding for each folder or entry that cannot be used.
pub fn report_files(data: &Path, reports: &Path, diagnostics: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let name = |p: &Path| super::relative(data, p);
    let mut files = Vec::new();
    match std::fs::symlink_metadata(reports) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return files,
        Err(e) => {
            diagnostics.push(cannot_read(&name(reports), &e, true));
            return files;
        }
        Ok(_) => {}
    }
    let root = match data.canonicalize() {
        Ok(root) => root,
        Err(e) => {
            diagnostics.push(cannot_read(".", &e, true));
            return files;
        }
    };
    // Folders and files already seen, by device and inode: a loop of links
    // is walked once, a file reached by two paths read once.
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut pending = vec![reports.to_path_buf()];
    while let Some(path) = pending.pop() {
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) => {
                diagnostics.push(cannot_read(&name(&path), &e, false));
                continue;
            }
        };
        let meta = if meta.file_type().is_symlink() {
            match path.canonicalize() {
                Ok(target) if target.starts_with(&root) => match std::fs::metadata(&target) {
                    Ok(m) => m,
                    Err(e) => {
                        diagnostics.push(cannot_read(&name(&path), &e, false));
                        continue;
                    }
                },
                Ok(target) => {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::UnreadableFile,
                            Location::file(&name(&path)),
                            format!("not read: a link to {}, outside the data folder", target.display()),
                        )
                        .with_hint("copy the report into the data folder instead of linking to it"),
                    );
                    continue;
                }
                Err(e) => {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::UnreadableFile,
                            Location::file(&name(&path)),
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
            match std::fs::read_dir(&path) {
                Ok(entries) => {
                    for entry in entries {
                        match entry {
                            Ok(entry) => pending.push(entry.path()),
                            Err(e) => diagnostics.push(cannot_read(&name(&path), &e, true)),
                        }
                    }
                }
                Err(e) => diagnostics.push(cannot_read(&name(&path), &e, true)),
            }
        } else if meta.is_file() {
            files.push(path);
        } else {
            diagnostics.push(
                Diagnostic::error(
                    Code::UnreadableFile,
                    Location::file(&name(&path)),
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
