//! Atomic publication: every output is written into a staging folder beside
//! the output folder, then swapped in together. The files being replaced are
//! first moved aside; if any step fails, what was moved is put back, so a
//! failed run leaves the previous outputs exactly as they were.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Files written into a staging folder, then moved into the output folder together.
pub struct Staging {
    dir: PathBuf,
    out: PathBuf,
    names: Vec<String>,
}

/// `name` beside `out`: `.output.tmp-1234` for `output`.
fn sibling(out: &Path, tag: &str) -> PathBuf {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = out.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| "output".into());
    parent.join(format!(".{name}.{tag}-{}", std::process::id()))
}

impl Staging {
    /// A fresh staging folder beside `out`.
    pub fn new(out: &Path) -> Result<Staging> {
        let dir = sibling(out, "tmp");
        if dir.exists() {
            std::fs::remove_dir_all(&dir).ok();
        }
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the staging folder {} beside the output folder", dir.display()))?;
        Ok(Staging { dir, out: out.to_path_buf(), names: Vec::new() })
    }

    /// Where to write a file named `name` (it is moved into place by [`Staging::commit`]).
    pub fn path(&mut self, name: &str) -> PathBuf {
        self.names.push(name.to_string());
        self.dir.join(name)
    }

    /// Writes bytes as `name`.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> Result<()> {
        let path = self.path(name);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))
    }

    /// Moves every staged file into the output folder, or none of them.
    pub fn commit(self) -> Result<()> {
        std::fs::create_dir_all(&self.out)
            .with_context(|| format!("cannot create the output folder {}", self.out.display()))?;
        let backup = sibling(&self.out, "old");
        if backup.exists() {
            std::fs::remove_dir_all(&backup).ok();
        }
        std::fs::create_dir_all(&backup).with_context(|| format!("cannot create {}", backup.display()))?;
        let mut moved_aside: Vec<&str> = Vec::new();
        let mut moved_in: Vec<&str> = Vec::new();
        let result = (|| -> Result<()> {
            for name in &self.names {
                let current = self.out.join(name);
                if current.symlink_metadata().is_ok() {
                    std::fs::rename(&current, backup.join(name))
                        .with_context(|| format!("cannot replace {} in {}", name, self.out.display()))?;
                    moved_aside.push(name);
                }
            }
            for name in &self.names {
                std::fs::rename(self.dir.join(name), self.out.join(name))
                    .with_context(|| format!("cannot move {name} into {}", self.out.display()))?;
                moved_in.push(name);
            }
            Ok(())
        })();
        if result.is_err() {
            for name in &moved_in {
                std::fs::remove_file(self.out.join(name)).ok();
            }
            for name in &moved_aside {
                std::fs::rename(backup.join(name), self.out.join(name)).ok();
            }
        }
        std::fs::remove_dir_all(&backup).ok();
        result
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if self.dir.exists() {
            std::fs::remove_dir_all(&self.dir).ok();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_commit_restores_the_previous_outputs() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("a.txt"), "old a").unwrap();
        std::fs::write(out.join("b.txt"), "old b").unwrap();
        let mut staging = Staging::new(&out).unwrap();
        staging.write("a.txt", b"new a").unwrap();
        // b.txt is announced but never written: moving it in fails after a.txt moved.
        let _ = staging.path("b.txt");
        assert!(staging.commit().is_err());
        assert_eq!(std::fs::read_to_string(out.join("a.txt")).unwrap(), "old a");
        assert_eq!(std::fs::read_to_string(out.join("b.txt")).unwrap(), "old b");
        let leftovers: Vec<_> = std::fs::read_dir(root.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers, vec![std::ffi::OsString::from("output")], "no staging or backup folder left");
    }

    #[test]
    fn a_good_commit_replaces_everything_and_cleans_up() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("output");
        let mut staging = Staging::new(&out).unwrap();
        staging.write("a.txt", b"new a").unwrap();
        staging.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.txt")).unwrap(), "new a");
        let leftovers: Vec<_> = std::fs::read_dir(root.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers, vec![std::ffi::OsString::from("output")]);
    }
}
