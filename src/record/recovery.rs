//! A commit of the record that a kill interrupted: SQLite leaves its
//! rollback journal (`NAME-journal`, "hot") beside the record, and only a
//! connection that may write can roll it back. Every opening of the record,
//! to read as well as to write, rolls it back first, so that no command is
//! blocked by a killed run; where this user cannot write the record, the
//! error says so and what to run.

use std::path::{Path, PathBuf};

use anyhow::Result;
use rusqlite::{Connection, OpenFlags};

/// The files SQLite keeps beside the record at `path` while it commits:
/// the rollback journal (the record's mode), and the write-ahead log of a
/// record someone switched to WAL.
fn companions(path: &Path) -> [PathBuf; 2] {
    ["-journal", "-wal"].map(|suffix| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    })
}

/// Whether a commit of the record at `path` may have been interrupted: a
/// journal beside it whose header SQLite wrote (its first byte is not 0:
/// a journal SQLite zeroed, or one killed before its first flush, holds
/// nothing to roll back), or a write-ahead log that is not empty. Whether
/// it is hot, SQLite then tells by its locks.
pub fn interrupted(path: &Path) -> bool {
    let [journal, log] = companions(path);
    let mut first = [0u8; 1];
    let journal_written = std::fs::File::open(journal)
        .and_then(|mut file| std::io::Read::read(&mut file, &mut first))
        .is_ok_and(|n| n == 1 && first[0] != 0);
    journal_written || std::fs::metadata(log).is_ok_and(|meta| meta.len() > 0)
}

/// Rolls back a commit of the record at `path` that a killed run left
/// half-done, when there is one: a connection that may write reads the
/// record once (SQLite rolls a hot journal back on the first read, and
/// leaves a journal alone while the run writing it is alive). Nothing else
/// is changed.
pub fn recover(path: &Path) -> Result<()> {
    if !interrupted(path) {
        return Ok(());
    }
    let rolled_back =
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
            .and_then(|conn| {
                conn.busy_timeout(std::time::Duration::from_secs(5))?;
                conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))
            });
    match rolled_back {
        Ok(_) => Ok(()),
        Err(rusqlite::Error::SqliteFailure(e, _))
            if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) =>
        {
            // Another run is writing it: its journal is live, not left over.
            Ok(())
        }
        Err(rusqlite::Error::SqliteFailure(e, _))
            if matches!(
                e.code,
                rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::PermissionDenied | rusqlite::ErrorCode::CannotOpen
            ) =>
        {
            let [journal, _] = companions(path);
            anyhow::bail!(
                "the record {} was left mid-commit by a run that was stopped (SQLite's journal {} is beside it), and this user cannot write the record to roll that commit back: give this user write access to the record and its folder, then run the same command again (it rolls the commit back first; nothing recorded before that commit is lost). Do not delete the journal: the record would be damaged",
                path.display(),
                journal.display()
            )
        }
        Err(e) => Err(super::explain(path, e.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record with one table, and a commit of it interrupted at its
    /// journal: the record's pages written over, the journal left hot.
    fn interrupted_commit(dir: &Path) -> PathBuf {
        let path = dir.join("record.sqlite");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (1);").unwrap();
        drop(conn);
        let before = std::fs::read(&path).unwrap();
        // The commit as a kill leaves it: the journal holds the old pages,
        // the record the new ones.
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA journal_mode = PERSIST; BEGIN; UPDATE t SET x = 2;").unwrap();
        conn.cache_flush().unwrap();
        let journal = std::fs::read(companions(&path)[0].clone()).unwrap();
        std::fs::write(dir.join("mid-commit.sqlite"), std::fs::read(&path).unwrap()).unwrap();
        drop(conn);
        std::fs::write(&path, std::fs::read(dir.join("mid-commit.sqlite")).unwrap()).unwrap();
        std::fs::write(companions(&path)[0].clone(), journal).unwrap();
        assert_ne!(std::fs::read(&path).unwrap(), before, "the record was written mid-commit");
        path
    }

    #[test]
    fn a_hot_journal_is_rolled_back_before_the_record_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = interrupted_commit(dir.path());
        assert!(interrupted(&path));
        recover(&path).unwrap();
        let read_only = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let x: i64 = read_only.query_row("SELECT x FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(x, 1, "the interrupted commit is rolled back");
        assert!(!interrupted(&path), "no journal is left");
    }

    #[test]
    fn a_record_without_a_journal_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("record.sqlite");
        Connection::open(&path).unwrap().execute_batch("CREATE TABLE t(x);").unwrap();
        let before = std::fs::metadata(&path).unwrap().modified().unwrap();
        recover(&path).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().modified().unwrap(), before);
    }
}
