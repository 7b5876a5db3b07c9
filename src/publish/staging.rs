//! Atomic publication. Every output is written into a staging folder beside
//! the output folder (`.output.staging` for `output`), flushed to disk, and
//! marked complete; then one atomic step puts it in place: the two folders
//! are exchanged (Linux `renameat2(RENAME_EXCHANGE)`), or, for a first
//! publication, the staging folder is renamed. A run killed at any moment
//! leaves the previous publication or the new one, never a mix; the next run
//! finishes or clears what a killed run left. A lock beside the output folder
//! keeps two runs from publishing into it at once.

use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::output_folder::names::{
    BOOKLET, ERRATA, ERRATA_PDF, ERRATA_XLSX, PLAYERS, RATINGS, REMOVED, SITE, VALIDATION,
};
use crate::output_folder::{crash_point, sibling, take_lock, MARKER, RECORD_TOKEN};

/// The standard outputs: what an output folder without a [`MARKER`] (one
/// published before ratebook wrote markers, or one emptied by hand) may
/// hold and still be replaced. A folder with a marker may hold what the
/// marker lists, which names whatever that publication wrote (a rule set's
/// own workbook among them), so no rule set's output is spelled here.
const OUTPUT_NAMES: [&str; 11] =
    [BOOKLET, RATINGS, PLAYERS, REMOVED, VALIDATION, ERRATA_XLSX, ERRATA_PDF, ERRATA, SITE, MARKER, RECORD_TOKEN];

/// Refuses an output folder that is, holds or lies inside the data folder:
/// publishing there would overwrite the inputs (the player file among them)
/// and rate the period again on the next run.
pub fn check_output_folder(out: &Path, data: &Path) -> Result<()> {
    // A data folder that does not exist is reported when it is read.
    let Ok(data) = data.canonicalize() else { return Ok(()) };
    let out_abs = absolute(out)?;
    if out_abs.starts_with(&data) || data.starts_with(&out_abs) {
        bail!(
            "the output folder {} {} the data folder {}: publish somewhere else (e.g. --out output)",
            out.display(),
            if out_abs == data {
                "is"
            } else if out_abs.starts_with(&data) {
                "lies inside"
            } else {
                "holds"
            },
            data.display()
        );
    }
    Ok(())
}

/// `path` made absolute with its links resolved as far as it exists.
pub fn absolute(path: &Path) -> Result<PathBuf> {
    let path = std::path::absolute(path).with_context(|| format!("cannot resolve {}", path.display()))?;
    let mut existing = path.as_path();
    let mut rest = Vec::new();
    while !existing.exists() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => break,
        }
    }
    let mut resolved = existing.canonicalize().unwrap_or_else(|_| existing.to_path_buf());
    for name in rest.iter().rev() {
        resolved.push(name);
    }
    Ok(resolved)
}

/// The output folder held for one run: its lock, and the staging folder the
/// run writes into.
pub struct Staging {
    dir: PathBuf,
    out: PathBuf,
    names: Vec<String>,
    /// Outputs of the previous publication to keep (a refused run replaces
    /// only `validation.txt`).
    keep_previous: bool,
    /// Entries of the previous publication to keep unless written again
    /// (the errata of the period's last correction, when it is published
    /// again).
    keep_names: Vec<String>,
    /// The SHA-256 of files already written, by their path in the staging
    /// folder (`site/index.html`), where it was taken as they were written.
    digests: std::collections::HashMap<String, String>,
    _lock: File,
}

impl Staging {
    /// Locks `out` for this run, clears or finishes what a killed run left,
    /// and starts a fresh staging folder beside it. An `out` that is a
    /// symbolic link is published through: the folder it leads to is the
    /// one replaced (the link stays, and leads to the new publication).
    pub fn new(out: &Path) -> Result<Staging> {
        let out = &through_link(out)?;
        let parent = sibling(out, "x").parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
        std::fs::create_dir_all(&parent).with_context(|| format!("cannot create the folder {}", parent.display()))?;
        let lock = lock(out)?;
        check_replaceable(out)?;
        recover(out)?;
        let dir = sibling(out, "staging");
        std::fs::create_dir(&dir)
            .with_context(|| format!("cannot create the staging folder {} beside the output folder", dir.display()))?;
        Ok(Staging {
            dir,
            out: out.to_path_buf(),
            names: Vec::new(),
            keep_previous: false,
            keep_names: Vec::new(),
            digests: Default::default(),
            _lock: lock,
        })
    }

    /// Keep the previous publication's other outputs (only the files written
    /// this time are replaced).
    pub fn keeping_previous(mut self) -> Staging {
        self.keep_previous = true;
        self
    }

    /// Keep these entries of the previous publication (files or folders),
    /// unless this run writes them.
    pub fn keeping(mut self, names: &[&str]) -> Staging {
        self.keep_names.extend(names.iter().map(|n| n.to_string()));
        self
    }

    /// Where to write a file named `name` (it is put in place by [`Staging::commit`]).
    pub fn path(&mut self, name: &str) -> PathBuf {
        self.names.push(name.to_string());
        self.dir.join(name)
    }

    /// The staging folder (its files are complete once written).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Notes the SHA-256 of files written under `folder` (`site`), each by
    /// its path there, taken from the bytes as they were written.
    pub fn note_digests(&mut self, folder: &str, digests: Vec<(String, String)>) {
        self.digests.extend(digests.into_iter().map(|(path, sha)| (format!("{folder}/{path}"), sha)));
    }

    /// The SHA-256 noted of files written (see [`Staging::note_digests`]).
    pub fn digests(&self) -> &std::collections::HashMap<String, String> {
        &self.digests
    }

    /// The output folder this run publishes into.
    pub fn out(&self) -> &Path {
        &self.out
    }

    /// Writes bytes as `name`.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> Result<()> {
        let path = self.path(name);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))
    }

    /// Puts every staged file in place at once, or none of them.
    pub fn commit(self) -> Result<()> {
        crash_point("written");
        for name in &self.names {
            let path = self.dir.join(name);
            if !path.exists() {
                bail!("{name} was not written, so nothing is published");
            }
        }
        if (self.keep_previous || !self.keep_names.is_empty()) && self.out.is_dir() {
            let only = (!self.keep_previous).then_some(self.keep_names.as_slice());
            link_previous(&self.out, &self.dir, &self.names, only)?;
        }
        sync_tree(&self.dir)?;
        crash_point("staged");
        // The marker, written last and flushed: the staging folder is complete.
        let mut names: Vec<String> = std::fs::read_dir(&self.dir)?
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().to_string()))
            .collect();
        names.sort();
        let mut marker = File::create(self.dir.join(MARKER))?;
        marker.write_all(names.join("\n").as_bytes())?;
        marker.sync_all()?;
        sync_dir(&self.dir)?;
        crash_point("marked");
        swap_in(&self.dir, &self.out)?;
        crash_point("swapped");
        // What the exchange put in the staging folder is the old publication.
        if self.dir.exists() {
            std::fs::remove_dir_all(&self.dir).ok();
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        // A run that did not commit leaves nothing behind.
        if self.dir.exists() {
            std::fs::remove_dir_all(&self.dir).ok();
        }
    }
}

/// `out`, or the folder it leads to when it is a symbolic link.
fn through_link(out: &Path) -> Result<PathBuf> {
    let is_link = std::fs::symlink_metadata(out).is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return Ok(out.to_path_buf());
    }
    let target = std::fs::read_link(out).with_context(|| format!("cannot read the link {}", out.display()))?;
    let resolved = out.canonicalize().map_err(|_| {
        anyhow::anyhow!(
            "the output folder {} is a link to {}, which does not exist: create that folder, or give another --out",
            out.display(),
            target.display()
        )
    })?;
    if !resolved.is_dir() {
        bail!(
            "the output folder {} is a link to {}, which is not a folder: give another --out",
            out.display(),
            resolved.display()
        );
    }
    Ok(resolved)
}

/// Takes the lock beside `out`, or says who holds it.
fn lock(out: &Path) -> Result<File> {
    let path = sibling(out, "lock");
    take_lock(&path, &|holder| {
        let holder = holder.map_or_else(|| format!("it holds {}", path.display()), str::to_string);
        format!(
            "another ratebook run is publishing into {} ({holder}): wait for it to finish, then run again",
            out.display()
        )
    })
}

/// An existing output folder may be replaced only when it is a publication
/// (or empty): never a folder of the user's that happens to be named so.
fn check_replaceable(out: &Path) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(out) else { return Ok(()) };
    // What the publication in place says it wrote (its marker's lines).
    let listed: Option<Vec<String>> = std::fs::read_to_string(out.join(MARKER))
        .ok()
        .map(|text| text.lines().map(str::to_string).filter(|l| !l.is_empty()).collect());
    let published = |name: &str| match &listed {
        Some(listed) => name == MARKER || listed.iter().any(|l| l == name),
        None => OUTPUT_NAMES.contains(&name),
    };
    for entry in entries {
        let name = entry?.file_name().to_string_lossy().to_string();
        if !published(&name) {
            bail!(
                "the output folder {} holds {name}, which ratebook did not write: publish into an empty or new folder, or move it out",
                out.display()
            );
        }
    }
    Ok(())
}

/// Finishes or clears what a killed run left: a complete staging folder
/// whose swap did not happen because the output folder had gone (the
/// fallback's two renames) is moved in; anything else left is removed.
fn recover(out: &Path) -> Result<()> {
    let staging = sibling(out, "staging");
    let old = sibling(out, "old");
    if staging.exists() {
        if !out.exists() && staging.join(MARKER).is_file() {
            std::fs::rename(&staging, out)
                .with_context(|| format!("cannot finish the publication a killed run left in {}", staging.display()))?;
        } else {
            std::fs::remove_dir_all(&staging)
                .with_context(|| format!("cannot clear {}, left by a killed run", staging.display()))?;
        }
    }
    if old.exists() && out.exists() {
        std::fs::remove_dir_all(&old).ok();
    } else if old.exists() {
        std::fs::rename(&old, out).ok();
    }
    Ok(())
}

/// Puts the complete staging folder in place of `out` in one atomic step.
fn swap_in(staging: &Path, out: &Path) -> Result<()> {
    let parent = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !out.exists() {
        std::fs::rename(staging, out).with_context(|| format!("cannot move the outputs into {}", out.display()))?;
        return sync_dir(parent);
    }
    let forced_fallback = std::env::var("RATEBOOK_CRASH_AT").is_ok_and(|at| at.starts_with("fallback-"));
    if !forced_fallback && exchange(staging, out)? {
        return sync_dir(parent);
    }
    // Without an atomic exchange: two renames; a kill between them leaves no
    // output folder and a complete staging folder, which `recover` moves in.
    let old = sibling(out, "old");
    std::fs::rename(out, &old).with_context(|| format!("cannot move {} aside", out.display()))?;
    crash_point("fallback-aside");
    std::fs::rename(staging, out).with_context(|| format!("cannot move the outputs into {}", out.display()))?;
    sync_dir(parent)?;
    crash_point("fallback-in");
    std::fs::remove_dir_all(&old).ok();
    Ok(())
}

/// Exchanges two folders atomically; `false` where the system cannot.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> Result<bool> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let (ca, cb) = (CString::new(a.as_os_str().as_bytes())?, CString::new(b.as_os_str().as_bytes())?);
    // SAFETY: both paths are valid NUL-terminated strings that outlive the call.
    let done =
        unsafe { libc::renameat2(libc::AT_FDCWD, ca.as_ptr(), libc::AT_FDCWD, cb.as_ptr(), libc::RENAME_EXCHANGE) };
    if done == 0 {
        return Ok(true);
    }
    let error = std::io::Error::last_os_error();
    match error.raw_os_error() {
        Some(libc::EINVAL) | Some(libc::ENOSYS) => Ok(false),
        _ => Err(error).with_context(|| format!("cannot put the outputs in place of {}", b.display())),
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> Result<bool> {
    Ok(false)
}

/// Hard-links into `staging` every entry of the previous publication that
/// this run does not write (of those named `only`, when given), so the
/// exchange keeps it.
fn link_previous(out: &Path, staging: &Path, written: &[String], only: Option<&[String]>) -> Result<()> {
    for entry in std::fs::read_dir(out)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().to_string();
        let wanted = only.is_none_or(|only| only.contains(&name));
        if name == MARKER || written.iter().any(|w| w == &name || w.starts_with(&format!("{name}/"))) || !wanted {
            continue;
        }
        link_tree(&entry.path(), &staging.join(&name))?;
    }
    Ok(())
}

/// A copy of `from` at `to` made of hard links (folders recreated).
fn link_tree(from: &Path, to: &Path) -> Result<()> {
    if from.is_dir() {
        std::fs::create_dir(to)?;
        for entry in std::fs::read_dir(from)? {
            let entry = entry?;
            link_tree(&entry.path(), &to.join(entry.file_name()))?;
        }
        Ok(())
    } else {
        std::fs::hard_link(from, to)
            .or_else(|_| std::fs::copy(from, to).map(|_| ()))
            .with_context(|| format!("cannot keep {}", from.display()))
    }
}

/// Flushes every file of the filesystem `dir` is on to disk (`syncfs`):
/// far cheaper than one fsync per file for a site of 200,000 pages. An
/// error where the system has no such call.
pub(crate) fn flush_filesystem(dir: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let folder = File::open(dir)?;
        // SAFETY: the descriptor is open for the duration of the call.
        if unsafe { libc::syncfs(folder.as_raw_fd()) } == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        Err(std::io::ErrorKind::Unsupported.into())
    }
}

/// Flushes every file under `dir`, and the folders, to disk.
fn sync_tree(dir: &Path) -> Result<()> {
    if flush_filesystem(dir).is_ok() {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot open {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            sync_tree(&path)?;
        } else {
            File::open(&path)?.sync_all().with_context(|| format!("cannot flush {}", path.display()))?;
        }
    }
    sync_dir(dir)
}

/// Flushes a folder's entries to disk.
fn sync_dir(dir: &Path) -> Result<()> {
    File::open(dir).and_then(|f| f.sync_all()).with_context(|| format!("cannot flush {}", dir.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(root: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(root).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_commit_leaves_the_previous_outputs() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join(BOOKLET), "old a").unwrap();
        std::fs::write(out.join(RATINGS), "old b").unwrap();
        let mut staging = Staging::new(&out).unwrap();
        staging.write(BOOKLET, b"new a").unwrap();
        // ratings.xlsx is announced but never written: nothing is published.
        let _ = staging.path(RATINGS);
        assert!(staging.commit().is_err());
        assert_eq!(std::fs::read_to_string(out.join(BOOKLET)).unwrap(), "old a");
        assert_eq!(std::fs::read_to_string(out.join(RATINGS)).unwrap(), "old b");
        assert_eq!(leftovers(root.path()), [".output.lock", "output"], "no staging folder left");
    }

    #[test]
    fn a_good_commit_replaces_everything_at_once() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("pairings.xlsx"), "old").unwrap();
        // (A rule set's own output: the publication's marker lists it.)
        std::fs::write(out.join(MARKER), "pairings.xlsx").unwrap();
        let mut staging = Staging::new(&out).unwrap();
        staging.write(BOOKLET, b"new a").unwrap();
        staging.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join(BOOKLET)).unwrap(), "new a");
        assert!(!out.join("pairings.xlsx").exists(), "an output of the last run not written now is gone");
        assert_eq!(leftovers(root.path()), [".output.lock", "output"]);
    }

    #[test]
    fn a_folder_holds_what_its_marker_lists_and_nothing_else() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        // A rule set's own workbook, published once: the second publication replaces it.
        let mut first = Staging::new(&out).unwrap();
        first.write(BOOKLET, b"a").unwrap();
        first.write("pairings.xlsx", b"its own").unwrap();
        first.commit().unwrap();
        let mut second = Staging::new(&out).unwrap();
        second.write(BOOKLET, b"b").unwrap();
        second.write("pairings.xlsx", b"its own again").unwrap();
        second.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join("pairings.xlsx")).unwrap(), "its own again");
        // A file the publication did not write is the user's: refused, named.
        std::fs::write(out.join("notes.txt"), "mine").unwrap();
        let refused = Staging::new(&out).map(|_| ()).unwrap_err().to_string();
        assert!(refused.contains("holds notes.txt, which ratebook did not write"), "{refused}");
        assert_eq!(std::fs::read_to_string(out.join("notes.txt")).unwrap(), "mine");
        // Without a marker, a rule set's file is not taken for a publication's.
        let bare = root.path().join("bare");
        std::fs::create_dir_all(&bare).unwrap();
        std::fs::write(bare.join("pairings.xlsx"), "someone's").unwrap();
        assert!(Staging::new(&bare).is_err());
    }

    #[test]
    fn a_refusal_keeps_the_other_outputs() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        std::fs::create_dir_all(out.join(SITE)).unwrap();
        std::fs::write(out.join(BOOKLET), "old").unwrap();
        std::fs::write(out.join("site/index.html"), "old site").unwrap();
        let mut staging = Staging::new(&out).unwrap().keeping_previous();
        staging.write(VALIDATION, b"refused").unwrap();
        staging.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join(BOOKLET)).unwrap(), "old");
        assert_eq!(std::fs::read_to_string(out.join("site/index.html")).unwrap(), "old site");
        assert_eq!(std::fs::read_to_string(out.join(VALIDATION)).unwrap(), "refused");
    }

    #[test]
    fn a_folder_of_the_users_is_never_replaced() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("thesis.docx"), "precious").unwrap();
        let err = Staging::new(&out).err().unwrap().to_string();
        assert!(err.contains("thesis.docx"), "{err}");
    }

    #[test]
    fn an_output_folder_that_is_a_link_is_published_through() {
        let root = tempfile::tempdir().unwrap();
        let web = root.path().join("www");
        std::fs::create_dir_all(&web).unwrap();
        std::fs::write(web.join(BOOKLET), "old").unwrap();
        let out = root.path().join("output");
        std::os::unix::fs::symlink(&web, &out).unwrap();
        let mut staging = Staging::new(&out).unwrap();
        staging.write(BOOKLET, b"new").unwrap();
        staging.commit().unwrap();
        assert!(std::fs::symlink_metadata(&out).unwrap().file_type().is_symlink(), "the link stays");
        assert_eq!(std::fs::read_to_string(web.join(BOOKLET)).unwrap(), "new", "the folder it leads to is published");
        // A link that leads nowhere is a plain error.
        let dangling = root.path().join("dangling");
        std::os::unix::fs::symlink(root.path().join("gone"), &dangling).unwrap();
        let err = Staging::new(&dangling).err().unwrap().to_string();
        assert!(err.contains("which does not exist"), "{err}");
    }

    #[test]
    fn a_second_run_is_told_who_holds_the_lock() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        let first = Staging::new(&out).unwrap();
        let err = Staging::new(&out).err().unwrap().to_string();
        assert!(err.contains("another ratebook run") && err.contains("process"), "{err}");
        drop(first);
        assert!(Staging::new(&out).is_ok(), "the lock goes with the run");
    }

    #[test]
    fn what_a_killed_run_left_is_finished_or_cleared() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        // Killed between the fallback's two renames: no output, a complete staging folder.
        let staging = sibling(&out, "staging");
        std::fs::create_dir_all(&staging).unwrap();
        std::fs::write(staging.join(BOOKLET), "new").unwrap();
        std::fs::write(staging.join(MARKER), BOOKLET).unwrap();
        drop(Staging::new(&out).unwrap());
        assert_eq!(std::fs::read_to_string(out.join(BOOKLET)).unwrap(), "new");
        // Killed while writing: an incomplete staging folder is cleared.
        std::fs::create_dir_all(&staging).unwrap();
        std::fs::write(staging.join(BOOKLET), "half").unwrap();
        drop(Staging::new(&out).unwrap());
        assert_eq!(std::fs::read_to_string(out.join(BOOKLET)).unwrap(), "new");
        assert_eq!(leftovers(root.path()), [".output.lock", "output"]);
    }
}
