//! `next`'s changes to the data folder, all or nothing under a kill: the
//! files the period started from are copied into its archive folder whole
//! (written beside, flushed, renamed in), its reports moved there, and only
//! then the data folder's files replaced, period.toml last. A run killed
//! anywhere is finished by running it again: a copy already in the archive
//! is kept only when it is the file the period started from (checked
//! against the data folder's file while that is still there, else against
//! the record's copy of the period's inputs), and the player file the
//! period started from is told from the published one by its bytes, never
//! by its name alone.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::ingest::data_folder::{PLAYER_FILE_NAMES, SETTINGS};
use crate::output_folder::names::{PLAYERS, REMOVED};

/// What one `next` moves: from where, to where.
pub(super) struct Archiving<'a> {
    /// The data folder.
    pub data: &'a Path,
    /// The folder the period was published into.
    pub from: &'a Path,
    /// The period's archive folder.
    pub archive: PathBuf,
    /// Files taken from `from` besides players.xlsx (the rule set's carried side files).
    pub carried: &'a [String],
    /// Reports (and sidecars) to move, relative to the data folder.
    pub reports: &'a [String],
    /// period.toml as the next period's.
    pub settings: &'a str,
    /// The record and the period it holds, when the data folder keeps one.
    pub record: Option<(PathBuf, String)>,
}

impl Archiving<'_> {
    /// Does it all (see the module's introduction).
    pub fn carry_out(&self) -> Result<()> {
        let (data, archive) = (self.data, &self.archive);
        std::fs::create_dir_all(archive).with_context(|| format!("creating {}", archive.display()))?;
        let published = read(&self.from.join(PLAYERS))?;
        let mut recorded = Recorded::new(self.record.as_ref());

        // The files the period started from, copied whole.
        self.keep(SETTINGS, Some(&read(&data.join(SETTINGS))?), &mut recorded)?;
        let (start, original) = self.started_from(&published)?;
        if let Some(name) = start {
            self.keep(name, original.as_deref(), &mut recorded)?;
        }
        for name in self.carried {
            let now = std::fs::read(data.join(name)).ok();
            if now.is_none() && !archive.join(name).exists() {
                // The period started without it (a first CIS period has no
                // history): a killed run replaces it only after archiving.
                continue;
            }
            let taken_in = std::fs::read(self.from.join(name)).ok();
            let original = now.filter(|bytes| Some(bytes) != taken_in.as_ref());
            self.keep(name, original.as_deref(), &mut recorded)?;
        }
        if let Ok(removed) = std::fs::read(self.from.join(REMOVED)) {
            self.keep(REMOVED, Some(&removed), &mut recorded)?;
        }
        sync_folder(archive)?;

        // The reports, moved (a rename is whole or not done).
        for file in self.reports {
            let (from, to) = (data.join(file), archive.join(file));
            let parent = to.parent().unwrap_or(archive);
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
            if from.is_file() {
                std::fs::rename(&from, &to)
                    .with_context(|| format!("moving {} to {}", from.display(), to.display()))?;
                sync_folder(parent)?;
            }
        }
        if let Some(folder) = self.reports.first().and_then(|f| data.join(f).parent().map(Path::to_path_buf)) {
            sync_folder(&folder)?;
        }

        // The data folder's files, replaced; period.toml last.
        write_whole(&data.join(PLAYERS), &published)?;
        for name in self.carried {
            write_whole(&data.join(name), &read(&self.from.join(name))?)?;
        }
        // Another form of the player file (players.ods…) is archived: players.xlsx is the file now.
        if let Some(name) = start.filter(|name| *name != PLAYERS) {
            if data.join(name).is_file() {
                std::fs::remove_file(data.join(name)).with_context(|| format!("removing {name} (archived)"))?;
                sync_folder(data)?;
            }
        }
        write_whole(&data.join(SETTINGS), self.settings.as_bytes())
    }

    /// The name of the player file the period started from, and its bytes
    /// while the data folder still holds it: the form that is not the
    /// published list; when only the published list is left (a killed run
    /// replaced it), the form the archive holds.
    fn started_from(&self, published: &[u8]) -> Result<(Option<&'static str>, Option<Vec<u8>>)> {
        for name in PLAYER_FILE_NAMES {
            let path = self.data.join(name);
            if path.is_file() {
                let bytes = read(&path)?;
                if bytes != published {
                    return Ok((Some(name), Some(bytes)));
                }
            }
        }
        let archived = PLAYER_FILE_NAMES.into_iter().find(|name| self.archive.join(name).is_file());
        let replaced = self.data.join(PLAYERS).is_file().then_some(PLAYERS);
        Ok((archived.or(replaced), None))
    }

    /// Puts the period's file `name` into the archive whole: `original`
    /// when the data folder (or the published folder) still holds it; else
    /// the archive's copy is checked against the record's, or, without a
    /// record, that it is a whole file of its kind.
    fn keep(&self, name: &str, original: Option<&[u8]>, recorded: &mut Recorded) -> Result<()> {
        let to = self.archive.join(name);
        let kept = std::fs::read(&to).ok();
        match (original, kept) {
            (Some(original), Some(kept)) if kept == original => Ok(()),
            // Missing, or not the file (a copy an earlier ratebook's killed run left part-written).
            (Some(original), _) => write_whole(&to, original),
            (None, kept) => match (recorded.file(name)?, kept) {
                (Some(copy), Some(kept)) if copy == kept => Ok(()),
                (Some(copy), _) => write_whole(&to, &copy),
                (None, Some(kept)) => whole(name, &to, &kept),
                (None, None) => bail!(
                    "{name}, which {} started from, is neither in the data folder {} (a stopped `next` replaced it) nor in {}, and no record holds it: put it back into {} from a backup, then run `next` again",
                    self.record.as_ref().map(|(_, p)| p.as_str()).unwrap_or("the period"),
                    self.data.display(),
                    self.archive.display(),
                    self.archive.display()
                ),
            },
        }
    }
}

/// Refuses an archived copy that is not a whole file of its kind (what an
/// earlier ratebook killed while copying may have left).
fn whole(name: &str, path: &Path, bytes: &[u8]) -> Result<()> {
    let readable = !bytes.is_empty()
        && match Path::new(name).extension().and_then(|e| e.to_str()) {
            Some("toml") => std::str::from_utf8(bytes).is_ok_and(|t| t.parse::<toml::Table>().is_ok()),
            _ => crate::formats::sheet::Workbook::from_bytes(bytes, name).is_ok(),
        };
    if !readable {
        bail!(
            "{} is not a whole copy ({} bytes; a stopped run left it) and the data folder no longer holds the file it copies: put the file back into the archive from a backup, then run `next` again",
            path.display(),
            bytes.len()
        );
    }
    Ok(())
}

/// The record's copies of the period's inputs, read when first asked for.
struct Recorded<'a> {
    record: Option<&'a (PathBuf, String)>,
    files: Option<Vec<(String, Vec<u8>)>>,
}

impl<'a> Recorded<'a> {
    fn new(record: Option<&'a (PathBuf, String)>) -> Recorded<'a> {
        Recorded { record, files: None }
    }

    /// The record's copy of the input `name`, if the record holds one.
    fn file(&mut self, name: &str) -> Result<Option<Vec<u8>>> {
        let Some((path, period)) = self.record.filter(|(path, _)| path.is_file()) else { return Ok(None) };
        if self.files.is_none() {
            let record = crate::record::Record::open(path, crate::record::Access::Read)?;
            let files = match record.current(period)? {
                Some(revision) => record.input_files(revision.id)?,
                None => Vec::new(),
            };
            self.files = Some(files);
        }
        Ok(self.files.iter().flatten().find(|(n, _)| n == name).map(|(_, bytes)| bytes.clone()))
    }
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("reading {}", path.display()))
}

/// Writes `bytes` to `path` whole: into a file beside it, flushed to the
/// disk, renamed into place, and the folder flushed, so that `path` holds
/// the old bytes or the new ones after a kill or a power cut, never a part.
pub(super) fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.next"));
    let mut file = std::fs::File::create(&temporary).with_context(|| format!("writing {}", temporary.display()))?;
    file.write_all(bytes).and_then(|()| file.sync_all()).with_context(|| format!("writing {}", temporary.display()))?;
    drop(file);
    std::fs::rename(&temporary, path).with_context(|| format!("replacing {}", path.display()))?;
    sync_folder(path.parent().unwrap_or(Path::new(".")))
}

/// Flushes a folder's entries (the renames into it) to the disk.
fn sync_folder(folder: &Path) -> Result<()> {
    let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    std::fs::File::open(folder).and_then(|f| f.sync_all()).with_context(|| format!("flushing {}", folder.display()))
}
