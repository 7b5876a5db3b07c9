//! What marks a folder on disk as a publication, which publishing writes
//! and the record reads: the marker of a complete publication, the token
//! naming the record's revision it belongs to, the staging folder beside
//! the output folder, and the test hook that kills a run at a named step.
//! It sits below both, so that the record settles a killed run by what is
//! in place without reaching up into publishing.

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
