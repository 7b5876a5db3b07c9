//! Where the site's files go: each written into the staging folder (its
//! SHA-256 noted when a record will want it), or the previous site's file
//! of the same bytes kept.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use anyhow::{Context, Result};

/// Where the site's files go: the staging folder, and the site published
/// last time, whose files are kept where this run's bytes are the same.
pub struct SiteFolder<'a> {
    pub dir: &'a Path,
    previous: Option<&'a Path>,
    kept: AtomicUsize,
    /// Each file's path in the site and its SHA-256, taken from its bytes;
    /// `None` when no record will digest the outputs.
    digests: Option<Mutex<Vec<(String, String)>>>,
}

impl<'a> SiteFolder<'a> {
    /// `hashed`: whether each file's SHA-256 is taken as it is written (for
    /// the record's digest of the outputs, which reads back any file whose
    /// hash it was not given).
    pub fn new(dir: &'a Path, previous: Option<&'a Path>, hashed: bool) -> SiteFolder<'a> {
        SiteFolder { dir, previous, kept: AtomicUsize::new(0), digests: hashed.then(Mutex::default) }
    }

    /// How many files were kept from the previous site, and the SHA-256 of
    /// every file (none when not hashed).
    pub fn finish(&self) -> (usize, Vec<(String, String)>) {
        let digests = self
            .digests
            .as_ref()
            .map(|d| std::mem::take(&mut *d.lock().unwrap_or_else(PoisonError::into_inner)))
            .unwrap_or_default();
        (self.kept.load(Ordering::Relaxed), digests)
    }

    /// Writes one file of the site, `rel` within the folder, or keeps the
    /// previous site's file of the same bytes.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<()> {
        let path = self.dir.join(rel);
        if let Some(digests) = &self.digests {
            let digest = (rel.to_string(), crate::ingest::inputs::sha256(bytes));
            digests.lock().unwrap_or_else(PoisonError::into_inner).push(digest);
        }
        if let Some(previous) = self.previous.map(|p| p.join(rel)) {
            if let Some(held) = same_bytes(&previous, bytes) {
                if std::fs::hard_link(&previous, &path).is_ok() {
                    // (The very file compared, still: not one put there since.)
                    if same_file(&path, &held) {
                        self.kept.fetch_add(1, Ordering::Relaxed);
                        return Ok(());
                    }
                    std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
                }
            }
        }
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))
    }
}

/// The metadata of the file at `path` when it is a regular file (not a
/// link, a pipe or a device, which are never opened for reading: a pipe
/// would wait for a writer) holding exactly `bytes`.
fn same_bytes(path: &Path, bytes: &[u8]) -> Option<std::fs::Metadata> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file =
        std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK).open(path).ok()?;
    let held = file.metadata().ok().filter(|m| m.is_file() && m.len() == bytes.len() as u64)?;
    let mut read = Vec::with_capacity(bytes.len());
    (file.read_to_end(&mut read).is_ok() && read == bytes).then_some(held)
}

/// Whether `path` is the regular file `held` describes (same device and inode).
fn same_file(path: &Path, held: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.dev() == held.dev() && m.ino() == held.ino())
}
