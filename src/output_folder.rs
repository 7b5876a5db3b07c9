//! What marks a folder on disk as a publication, which publishing writes
//! and the record reads: the marker of a complete publication, the token
//! naming the record's revision it belongs to, the staging folder beside
//! the output folder, the lock a run takes (beside the output folder, and
//! beside the record), and the test hook that kills a run at a named step.
//! It sits below both, so that the record settles a killed run by what is
//! in place without reaching up into publishing. [`names`] spells every
//! output's name once.

pub mod names;

use std::path::{Path, PathBuf};

/// The file that marks a staging folder complete, and a folder as a
/// ratebook publication (it names the outputs it holds).
pub const MARKER: &str = ".ratebook-publication";

/// The file naming the record's revision a publication belongs to (the
/// record writes it; see `record`).
pub const RECORD_TOKEN: &str = ".ratebook-record";

/// `.NAME.tag` beside `out`.
pub fn sibling(out: &Path, tag: &str) -> PathBuf {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = out.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| "output".into());
    parent.join(format!(".{name}.{tag}"))
}

/// The record token of the publication in `out`: the one in place, or, when
/// a killed run left `out` missing and a complete staging folder beside it
/// (which the next run on `out` moves in), the staging folder's.
pub fn token_in_place(out: &Path) -> Option<String> {
    if let Ok(token) = std::fs::read_to_string(out.join(RECORD_TOKEN)) {
        return Some(token);
    }
    let staging = sibling(out, "staging");
    if !out.exists() && staging.join(MARKER).is_file() {
        return std::fs::read_to_string(staging.join(RECORD_TOKEN)).ok();
    }
    None
}

/// Takes the lock file at `path` for this run (the system lets it go when
/// the process ends, killed or not), writing this process's number in it;
/// when another run holds it, the error is `busy` told what that run wrote
/// there (if anything).
pub fn take_lock(path: &Path, busy: &dyn Fn(Option<&str>) -> String) -> anyhow::Result<std::fs::File> {
    use anyhow::Context as _;
    use std::io::Write as _;
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("cannot create the lock file {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let holder = std::fs::read_to_string(path).unwrap_or_default();
            anyhow::bail!("{}", busy(Some(holder.trim()).filter(|h| !h.is_empty())));
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(e).with_context(|| format!("cannot lock {}", path.display()));
        }
    }
    file.set_len(0)?;
    write!(file, "process {}", std::process::id())?;
    Ok(file)
}

/// For tests of a killed publication: `RATEBOOK_CRASH_AT=STEP` aborts the
/// process at that step, as a kill would: `written` (outputs written, not
/// flushed), `staged` (flushed), `marked` (marked complete), `swapped`; and
/// `fallback-aside`, `fallback-in` (after each rename of the fallback used
/// where folders cannot be exchanged, which these steps force).
pub fn crash_point(step: &str) {
    if std::env::var_os("RATEBOOK_CRASH_AT").is_some_and(|at| at == step) {
        std::process::abort();
    }
}
