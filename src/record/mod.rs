//! The rating record (record.md): every published period in one SQLite
//! file, through rusqlite's bundled SQLite. A publication is recorded in two
//! steps around the output folder's own atomic switch: the revision is
//! written as *staged*, the outputs go in (carrying the revision's token),
//! then the revision is marked *published*. A run killed between the steps
//! is settled by the next one ([`Record::settle`]): the token in the output
//! folder says whether the outputs went in.

pub mod errata;
pub mod lines;
pub mod merges;
pub mod publication;
pub mod query;
pub mod rated_before;
pub mod recovery;
pub mod replay;
pub mod rerate;
pub mod returning;
pub mod schema;
pub mod start;
pub mod statistics;
pub mod switch;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};

use crate::ingest::inputs::{manifest_sha256, sha256};
use crate::ingest::Inputs;
use crate::model::system::SystemName;
pub use lines::{PeriodLines, PlayerLine};

/// An open record.
pub struct Record {
    conn: Connection,
    path: PathBuf,
    /// The lock beside the record, held by a run that writes it, for the
    /// whole run (see [`Access`]).
    _lock: Option<RecordLock>,
}

/// The lock beside a record (`.NAME.lock`), held by a run that writes it;
/// the system drops it when the process ends, killed or not.
pub struct RecordLock(#[allow(dead_code)] std::fs::File);

/// What a caller needs of the record it opens ([`Record::open`]).
pub enum Access {
    /// To read an existing record (`history`, `stats`, `compare`…): no
    /// lock, nothing written; its absence is an error.
    Read,
    /// To read what there is (a dry run): no lock, nothing written, and a
    /// record that does not exist reads as an empty one.
    ReadOrEmpty,
    /// To write, creating the record when there is none (`record import`),
    /// taking its lock.
    Write,
    /// To write, creating the record when there is none, under its lock
    /// taken already (a period run takes it first thing, before it reads
    /// its inputs).
    WriteLocked(RecordLock),
    /// To write an existing record (`rerate`, `merge`), taking its lock;
    /// its absence is an error.
    WriteExisting,
}

/// A revision written as staged, waiting for its outputs to go in.
#[derive(Debug, Clone)]
pub struct Staged {
    pub id: i64,
    pub period: String,
    pub revision: i64,
    pub token: String,
}

/// One recorded revision of a period.
#[derive(Debug, Clone, PartialEq)]
pub struct RevisionInfo {
    pub id: i64,
    pub period: String,
    pub revision: i64,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub published: NaiveDate,
    pub system: SystemName,
    pub inputs_sha256: Option<String>,
    pub source: Source,
}

/// How a revision came into the record (the `source` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `ratebook period`.
    Period,
    /// `ratebook period --revise`.
    Revise,
    /// `ratebook rerate`.
    Rerate,
    /// `ratebook merge`.
    Merge,
    /// `ratebook record import`: from a published player file, without reports.
    Import,
}

impl Source {
    const ALL: [Source; 5] = [Source::Period, Source::Revise, Source::Rerate, Source::Merge, Source::Import];

    /// The word the `source` column holds.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Period => "period",
            Source::Revise => "revise",
            Source::Rerate => "rerate",
            Source::Merge => "merge",
            Source::Import => "import",
        }
    }

    fn parse(word: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.as_str() == word)
    }
}

/// A text column of row `r` read as a typed value by `parse` (a value it
/// cannot read is the record's damage, said as rusqlite says it).
fn typed<T>(r: &rusqlite::Row<'_>, column: usize, parse: impl Fn(&str) -> Option<T>) -> rusqlite::Result<T> {
    let text: String = r.get(column)?;
    parse(&text).ok_or_else(|| {
        let why = format!("{text:?} is not a value this column holds");
        rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, why.into())
    })
}

/// An ISO date (`YYYY-MM-DD`), as the record keeps dates.
fn iso_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// The SHA-256 of a folder's files (in subfolders too, hidden ones aside):
/// of the lines `path<TAB>sha256`, sorted. The files are hashed in parallel,
/// but for those whose SHA-256 is `known` (by path in the folder, taken as
/// they were written).
pub fn folder_sha256(dir: &Path, known: &std::collections::HashMap<String, String>) -> Result<String> {
    use rayon::prelude::*;
    let mut paths = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let entry = entry?;
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            if entry.file_type()?.is_dir() {
                pending.push(entry.path());
            } else {
                paths.push(entry.path());
            }
        }
    }
    let files = paths
        .par_iter()
        .map(|path| -> Result<(String, String)> {
            let name = crate::ingest::relative(dir, path);
            if let Some(sha) = known.get(&name) {
                return Ok((name, sha.clone()));
            }
            let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok((name, sha256(&bytes)))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(manifest_sha256(&files))
}

/// The most page cache a connection keeps, in KiB (taken only as used).
const CACHE_KIB: i64 = 256 * 1024;

impl Record {
    /// Opens the record at `path` for what `access` says the caller needs,
    /// bringing its schema up to date when it is opened to write. Refused: a
    /// file that is not a ratebook record, one written by a newer ratebook,
    /// one that is damaged, something that is no file; and, to read or write
    /// an existing record, its absence (the error says how one is made).
    ///
    /// A record opened to write is locked for as long as it is open (a file
    /// lock beside it, `.NAME.lock`): a second run that would write it,
    /// whatever its output folder, is refused with a plain message until this
    /// one ends.
    pub fn open(path: &Path, access: Access) -> Result<Record> {
        match access {
            Access::Read => {
                must_exist(path)?;
                Record::read_only(path)
            }
            Access::ReadOrEmpty => Record::read_only(path),
            Access::Write => Record::writable(path, RecordLock::take(path)?),
            Access::WriteLocked(lock) => Record::writable(path, lock),
            Access::WriteExisting => {
                must_exist(path)?;
                Record::writable(path, RecordLock::take(path)?)
            }
        }
    }

    /// The record at `path` opened to write, under `lock`, its schema
    /// brought up to date (an empty one made when there is none).
    fn writable(path: &Path, lock: RecordLock) -> Result<Record> {
        check_is_file(path)?;
        let conn = Connection::open(path).with_context(|| format!("cannot open the record {}", path.display()))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let mut record = Record { conn, path: path.to_path_buf(), _lock: Some(lock) };
        record.migrate().map_err(|e| record.explain(e))?;
        // A publication touches pages all over the player index: with
        // SQLite's default 2 MB cache they are spilled to the file (and the
        // journal) again and again inside one transaction.
        record.conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
        Ok(record)
    }

    /// The record at `path` opened to read only: nothing is ever written,
    /// and a record that does not exist reads as an empty one.
    fn read_only(path: &Path) -> Result<Record> {
        if !path.exists() {
            let conn = Connection::open_in_memory()?;
            let mut record = Record { conn, path: path.to_path_buf(), _lock: None };
            record.migrate()?;
            return Ok(record);
        }
        check_is_file(path)?;
        // (A commit a kill interrupted is rolled back first: read-only, SQLite cannot.)
        recovery::recover(path)?;
        let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)
            .with_context(|| format!("cannot open the record {}", path.display()))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let record = Record { conn, path: path.to_path_buf(), _lock: None };
        record.check_version().map_err(|e| record.explain(e))?;
        Ok(record)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Says plainly what a SQLite error means for the officer (see [`explain`]).
    pub fn explain(&self, error: anyhow::Error) -> anyhow::Error {
        explain(&self.path, error)
    }

    /// Refuses a record of a newer ratebook, or a database that is no record.
    fn check_version(&self) -> Result<i64> {
        let version: i64 = self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let application: i64 = self.conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
        if version > schema::VERSION {
            bail!(
                "the record {} was written by a newer ratebook (schema {version}; this one knows up to {}): use that version",
                self.path.display(),
                schema::VERSION
            );
        }
        let tables: i64 = self.conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get(0))?;
        if application != schema::APPLICATION_ID && (tables > 0 || version > 0) {
            bail!(
                "{} is a database, but not a ratebook record: name another file with `record` in period.toml",
                self.path.display()
            );
        }
        Ok(version)
    }

    /// Brings the schema up to this ratebook's version.
    fn migrate(&mut self) -> Result<()> {
        let version = self.check_version()?;
        if version < schema::VERSION {
            let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            if version < 1 {
                tx.execute_batch(schema::V1)?;
            }
            if version < 2 {
                tx.execute_batch(schema::V2)?;
            }
            if version < 3 {
                tx.execute_batch(schema::V3)?;
            }
            tx.execute_batch(schema::V4)?;
            tx.execute_batch(&format!(
                "PRAGMA application_id = {}; PRAGMA user_version = {};",
                schema::APPLICATION_ID,
                schema::VERSION
            ))?;
            tx.commit()?;
        }
        Ok(())
    }

    /// Settles what a killed run left: a staged revision whose token is in
    /// the output folder it was written for (or, for a record of an earlier
    /// ratebook that did not say which, in `out`) went in with its outputs
    /// and is published; any other is removed. The revisions of one
    /// correction share a token and are settled together, in one
    /// transaction; a correction none of whose revisions is left goes too.
    pub fn settle(&mut self, out: Option<&Path>) -> Result<()> {
        let staged: Vec<(i64, String, Option<String>, Source)> = {
            let mut stmt =
                self.conn.prepare("SELECT id, token, output, source FROM revision WHERE state = 'staged'")?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, typed(r, 3, Source::parse)?)))?;
            rows.collect::<Result<_, _>>()?
        };
        if staged.is_empty() {
            return Ok(());
        }
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        for (id, token, output, source) in staged {
            let folder = output.map(PathBuf::from).or_else(|| out.map(Path::to_path_buf));
            if folder.is_none() && source != Source::Import {
                // (An earlier ratebook's, whose output folder only a run on it knows.)
                continue;
            }
            let in_place = folder.and_then(|f| crate::output_folder::token_in_place(&f));
            if in_place.as_deref().map(str::trim) == Some(token.as_str()) {
                tx.execute("UPDATE revision SET state = 'published' WHERE id = ?1", [id])?;
            } else {
                delete_revision(&tx, id)?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// The current revision of `period`, if it is recorded.
    pub fn current(&self, period: &str) -> Result<Option<RevisionInfo>> {
        let sql = format!("{} WHERE period = ?1", REVISION_SELECT);
        Ok(self.conn.query_row(&sql, [period], revision_info).optional()?)
    }

    /// The current revision of every recorded period, oldest first.
    pub fn periods(&self) -> Result<Vec<RevisionInfo>> {
        let sql = format!("{REVISION_SELECT} ORDER BY \"end\", published, period");
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([], revision_info)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The player lines of a revision, by player ID.
    pub fn player_lines(&self, revision_id: i64) -> Result<Vec<PlayerLine>> {
        let mut stmt = self.conn.prepare(
            "SELECT player_id, surname, first_names, state, status, rating, printed, games_period, games_total, change
             FROM player_line WHERE revision_id = ?1 ORDER BY player_id",
        )?;
        let rows = stmt.query_map([revision_id], PlayerLine::from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The input files recorded with a revision, named in messages by `label`.
    /// A file the revision names whose copy the record no longer holds is
    /// an error naming it (re-rated without it, the period would lose an
    /// event in silence).
    pub fn inputs(&self, revision_id: i64, label: PathBuf) -> Result<Inputs> {
        let mut stmt = self.conn.prepare(
            "SELECT f.path, f.sha256, b.bytes FROM revision_file f LEFT JOIN blob b ON b.sha256 = f.sha256
             WHERE f.revision_id = ?1 ORDER BY f.path",
        )?;
        let rows = stmt.query_map([revision_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        let rows: Vec<(String, String, Option<Vec<u8>>)> = rows.collect::<Result<_, _>>()?;
        let missing: Vec<&str> = rows.iter().filter(|r| r.2.is_none()).map(|r| r.0.as_str()).collect();
        if !missing.is_empty() {
            bail!(
                "{} names {} as an input, but the record holds no copy of it: the period cannot be re-rated from the record (restore the record from a backup)",
                label.display(),
                missing.join(", ")
            );
        }
        let files = rows.into_iter().map(|(path, sha, bytes)| (path, sha, bytes.unwrap_or_default())).collect();
        Ok(Inputs::recorded(label, files))
    }

    /// The input files recorded with a revision: (path in the data folder, bytes).
    pub fn input_files(&self, revision_id: i64) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(self.inputs(revision_id, PathBuf::new())?.into_files().collect())
    }

    /// The input files of a revision: (path, digest).
    pub fn input_digests(&self, revision_id: i64) -> Result<Vec<(String, String)>> {
        let mut stmt = self.conn.prepare("SELECT path, sha256 FROM revision_file WHERE revision_id = ?1")?;
        let rows = stmt.query_map([revision_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The IDs the newcomers of a revision were given.
    pub fn newcomer_ids(&self, revision_id: i64) -> Result<crate::validate::NewcomerIds> {
        let mut stmt = self.conn.prepare("SELECT event, number, player_id FROM newcomer WHERE revision_id = ?1")?;
        let rows = stmt.query_map([revision_id], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The events of a revision: (code, disposition).
    pub fn event_codes(&self, revision_id: i64) -> Result<Vec<(String, String)>> {
        let mut stmt =
            self.conn.prepare("SELECT code, disposition FROM event_line WHERE revision_id = ?1 ORDER BY code")?;
        let rows = stmt.query_map([revision_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The games of a revision: (event, white, black).
    pub fn games(&self, revision_id: i64) -> Result<Vec<(String, u32, u32)>> {
        let mut stmt = self.conn.prepare("SELECT event, white_id, black_id FROM game_line WHERE revision_id = ?1")?;
        let rows = stmt.query_map([revision_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Writes a period's lines as a new revision, staged: invisible in the
    /// views until [`Record::confirm`].
    /// `output` is the folder its outputs go into (`None`: none, for an
    /// import, which is confirmed at once).
    pub fn stage(&mut self, lines: &PeriodLines, source: Source, output: Option<&Path>) -> Result<Staged> {
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let staged = stage_in(&tx, lines, source, None, None, output)?;
        tx.commit()?;
        Ok(staged)
    }

    /// A correction and the revisions it made, staged in one transaction
    /// (all share one token); the correction shows in the `corrections` view
    /// once they are published. `output` is the folder the errata go into.
    pub fn stage_correction(
        &mut self,
        from_period: &str,
        what: &str,
        detail: &str,
        revisions: &[PeriodLines],
        output: &Path,
    ) -> Result<Vec<Staged>> {
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO correction (from_period, what, detail) VALUES (?1, ?2, ?3)",
            params![from_period, what, detail],
        )?;
        let correction = tx.last_insert_rowid();
        let token = format!("correction {correction}: {what} from {from_period}");
        let source = if what.contains("merged") { Source::Merge } else { Source::Rerate };
        let staged = revisions
            .iter()
            .map(|lines| stage_in(&tx, lines, source, Some(correction), Some(&token), Some(output)))
            .collect::<Result<Vec<_>>>()?;
        tx.commit()?;
        Ok(staged)
    }

    /// Marks staged revisions published, all in one transaction: their
    /// outputs are in place.
    pub fn confirm(&mut self, staged: &[Staged]) -> Result<()> {
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        for s in staged {
            tx.execute("UPDATE revision SET state = 'published' WHERE id = ?1", [s.id])?;
        }
        crate::output_folder::crash_point("confirming");
        tx.commit()?;
        Ok(())
    }

    /// Removes staged revisions whose outputs did not go in (and their
    /// correction), in one transaction.
    pub fn abandon(&mut self, staged: &[Staged]) -> Result<()> {
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        for s in staged {
            delete_revision(&tx, s.id)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The token of the current revision of `period`, when it is recorded.
    pub fn current_token(&self, period: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT token FROM current_revision WHERE period = ?1", [period], |r| r.get(0))
            .optional()?)
    }

    /// The connection, for the queries of [`query`].
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// Says plainly what an error of SQLite's, anywhere in `error`, means for
/// the officer, naming the record at `path`; other errors pass unchanged.
pub fn explain(path: &Path, error: anyhow::Error) -> anyhow::Error {
    let shown = path.display();
    match error.downcast_ref::<rusqlite::Error>() {
        Some(rusqlite::Error::SqliteFailure(e, _)) => match e.code {
            rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked => anyhow::anyhow!(
                "the record {shown} is in use by another ratebook run: wait for it to finish, then run again"
            ),
            rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt => anyhow::anyhow!(
                "the record {shown} is damaged or not a database: restore it from a backup (nothing was changed)"
            ),
            rusqlite::ErrorCode::DiskFull => anyhow::anyhow!(
                "the disk holding the record {shown} is full: make room, then run again (nothing was changed)"
            ),
            rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::PermissionDenied | rusqlite::ErrorCode::CannotOpen => {
                anyhow::anyhow!(
                    "the record {shown} cannot be written (its file or folder is read-only, or missing): give this user write access, then run again"
                )
            }
            rusqlite::ErrorCode::SystemIoFailure => anyhow::anyhow!(
                "the record {shown} could not be read or written: the system reported an input/output error (is it a file on a working disk?); nothing was changed"
            ),
            _ => anyhow::anyhow!(
                "the record {shown} could not be read or written ({}): nothing was changed; if this happens again, restore it from a backup",
                plain_sqlite(e.code)
            ),
        },
        Some(e) => anyhow::anyhow!(
            "the record {shown} holds something ratebook cannot read ({e}): it may have been altered; restore it from a backup"
        ),
        None => error,
    }
}

/// What an SQLite error code means, in words (never its number).
fn plain_sqlite(code: rusqlite::ErrorCode) -> String {
    let words = format!("{code:?}");
    let mut plain = String::new();
    for (k, c) in words.chars().enumerate() {
        if c.is_uppercase() && k > 0 {
            plain.push(' ');
        }
        plain.extend(c.to_lowercase());
    }
    plain
}

/// Refuses to go on without a record at `path`, saying how one is made.
fn must_exist(path: &Path) -> Result<()> {
    if !path.is_file() {
        bail!(
            "there is no record at {}: `ratebook period` creates it with the first publication (or seed it with `ratebook record import`)",
            path.display()
        );
    }
    Ok(())
}

/// Refuses a record path that leads to something other than a file (a
/// device such as /dev/null, a folder, a pipe): SQLite would open it and
/// fail at the first write.
fn check_is_file(path: &Path) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => bail!(
            "the record {} is not a file (it is {}): name a file with `record` in period.toml",
            path.display(),
            if meta.is_dir() { "a folder" } else { "a device, a pipe or a socket" }
        ),
        _ => Ok(()),
    }
}

impl RecordLock {
    /// Takes the lock beside the record at `path`, or says plainly that
    /// another run holds it.
    pub fn take(path: &Path) -> Result<RecordLock> {
        lock(path).map(RecordLock)
    }
}

/// Takes the lock file beside the record at `path`: beside the file itself,
/// a symbolic link followed, so that two data folders sharing one record
/// through links share its lock.
fn lock(path: &Path) -> Result<std::fs::File> {
    check_is_file(path)?;
    let path = &real_path(path);
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| "record".into());
    let lock_path = path.with_file_name(format!(".{name}.lock"));
    crate::output_folder::take_lock(&lock_path, &|holder| {
        let holder = holder.map(|who| format!(" ({who})")).unwrap_or_default();
        format!(
            "the record {} is in use by another ratebook run{holder}: wait for it to finish, then run again",
            path.display()
        )
    })
}

/// `path` with its symbolic links followed, as far as they lead (a link to
/// a record not made yet leads to where it will be), and its folder's.
fn real_path(path: &Path) -> PathBuf {
    let mut path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // (A bound, against a loop of links.)
    for _ in 0..40 {
        let Ok(target) = std::fs::read_link(&path) else { break };
        path = match path.parent() {
            Some(folder) => folder.join(target),
            None => target,
        };
    }
    match (path.parent().and_then(|folder| folder.canonicalize().ok()), path.file_name()) {
        (Some(folder), Some(name)) => folder.join(name),
        _ => path,
    }
}

/// Writes one revision, staged, inside `tx`.
fn stage_in(
    tx: &rusqlite::Transaction<'_>,
    lines: &PeriodLines,
    source: Source,
    correction: Option<i64>,
    token: Option<&str>,
    output: Option<&Path>,
) -> Result<Staged> {
    let revision: i64 =
        tx.query_row("SELECT COALESCE(MAX(revision), 0) + 1 FROM revision WHERE period = ?1", [&lines.period], |r| {
            r.get(0)
        })?;
    // The same publication gives the same token; no two revisions share one
    // but those of one correction.
    let token = match token {
        Some(token) => token.to_string(),
        None => format!("{} revision {revision} {}", lines.period, lines.outputs_sha256.as_deref().unwrap_or("-")),
    };
    tx.execute(
        "INSERT INTO revision (period, revision, \"start\", \"end\", published, system, ratebook_version,
                               inputs_sha256, outputs_sha256, state, source, token, correction_id, output)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'staged', ?10, ?11, ?12, ?13)",
        params![
            lines.period,
            revision,
            lines.start,
            lines.end,
            lines.published,
            lines.system,
            env!("CARGO_PKG_VERSION"),
            lines.inputs_sha256,
            lines.outputs_sha256,
            source.as_str(),
            token,
            correction,
            output.map(|o| o.to_string_lossy().to_string())
        ],
    )?;
    let id = tx.last_insert_rowid();
    lines::insert(tx, id, lines)?;
    Ok(Staged { id, period: lines.period.clone(), revision, token })
}

const REVISION_SELECT: &str =
    "SELECT id, period, revision, \"start\", \"end\", published, system, inputs_sha256, source
     FROM current_revision";

fn revision_info(r: &rusqlite::Row<'_>) -> rusqlite::Result<RevisionInfo> {
    Ok(RevisionInfo {
        id: r.get(0)?,
        period: r.get(1)?,
        revision: r.get(2)?,
        start: typed(r, 3, iso_date)?,
        end: typed(r, 4, iso_date)?,
        published: typed(r, 5, iso_date)?,
        system: typed(r, 6, SystemName::parse)?,
        inputs_sha256: r.get(7)?,
        source: typed(r, 8, Source::parse)?,
    })
}

fn delete_revision(tx: &rusqlite::Transaction<'_>, id: i64) -> Result<()> {
    for table in
        ["player_line", "player_detail", "revision_detail", "event_line", "game_line", "newcomer", "revision_file"]
    {
        tx.execute(&format!("DELETE FROM {table} WHERE revision_id = ?1"), [id])?;
    }
    tx.execute("DELETE FROM revision WHERE id = ?1", [id])?;
    // A correction none of whose revisions is left.
    tx.execute(
        "DELETE FROM correction WHERE id NOT IN (SELECT correction_id FROM revision WHERE correction_id IS NOT NULL)",
        [],
    )?;
    // Input files no revision names any more.
    tx.execute("DELETE FROM blob WHERE sha256 NOT IN (SELECT sha256 FROM revision_file)", [])?;
    Ok(())
}
