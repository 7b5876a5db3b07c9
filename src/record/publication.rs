//! The record's side of what is published: which output folder holds a
//! period's current revision (its token there), what a data folder's inputs
//! differ in from a recorded revision's, and the record read as it will be
//! once a staged correction is published (the statistics and the site's
//! history of the corrected latest period, published with the correction).

use std::path::{Path, PathBuf};

use anyhow::Result;
use rusqlite::OptionalExtension;

use super::{Record, Staged};
use crate::ingest::changes::{differences, Difference};
use crate::ingest::data_folder::SETTINGS;
use crate::ingest::Inputs;

impl Record {
    /// Runs `read` on the record as it will be once the `staged` revisions
    /// are published (they are current in its views), then puts it back as
    /// it was: nothing is written. A correction publishes its latest period
    /// with the statistics and history this reads.
    pub fn as_if_published<T>(&self, staged: &[Staged], read: impl FnOnce(&Record) -> Result<T>) -> Result<T> {
        self.conn.execute_batch("SAVEPOINT as_if_published")?;
        let marked = staged.iter().try_for_each(|s| {
            self.conn.execute("UPDATE revision SET state = 'published' WHERE id = ?1", [s.id]).map(|_| ())
        });
        let result = marked.map_err(anyhow::Error::from).and_then(|()| read(self));
        self.conn.execute_batch("ROLLBACK TO as_if_published; RELEASE as_if_published")?;
        result
    }

    /// Records the SHA-256 of the outputs a (staged) revision is published with.
    pub fn set_outputs_sha256(&self, revision_id: i64, sha256: &str) -> Result<()> {
        self.conn
            .execute("UPDATE revision SET outputs_sha256 = ?2 WHERE id = ?1", rusqlite::params![revision_id, sha256])?;
        Ok(())
    }

    /// Records that a revision's outputs were published again into `folder`
    /// (the folder a correction publishes the corrected list into, when it
    /// is not told another).
    pub fn set_output(&self, revision_id: i64, folder: &Path) -> Result<()> {
        let folder = folder.to_string_lossy().to_string();
        self.conn.execute("UPDATE revision SET output = ?2 WHERE id = ?1", rusqlite::params![revision_id, folder])?;
        Ok(())
    }

    /// The output folder that holds the publication of `period`'s current
    /// revision: the one it was last published into, when the token there
    /// is still the revision's and names no later period (the revisions of
    /// one correction share a token, and its folder publishes the latest).
    pub fn folder_holding(&self, period: &str) -> Result<Option<PathBuf>> {
        let row: Option<(Option<String>, String, String)> = self
            .conn
            .query_row("SELECT output, token, \"end\" FROM current_revision WHERE period = ?1", [period], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()?;
        let Some((Some(folder), token, end)) = row else { return Ok(None) };
        if self.later_with_token(&token, &end)? {
            return Ok(None);
        }
        let folder = PathBuf::from(folder);
        let in_place = crate::output_folder::token_in_place(&folder);
        Ok(in_place.filter(|t| t.trim() == token).map(|_| folder))
    }

    /// Whether a published revision carrying `token` is of a period ending
    /// after `end` (its folder publishes that later period).
    fn later_with_token(&self, token: &str, end: &str) -> Result<bool> {
        let later: i64 = self.conn.query_row(
            "SELECT COUNT(*) FROM revision WHERE token = ?1 AND state = 'published' AND \"end\" > ?2",
            [token, end],
            |r| r.get(0),
        )?;
        Ok(later > 0)
    }

    /// The revision of `period` whose publication the output folder
    /// `folder` holds, by its token there (its number, and whether it is
    /// the current one); `None` when it holds another period's.
    pub fn revision_in(&self, folder: &Path, period: &str) -> Result<Option<(i64, bool)>> {
        let Some(token) = crate::output_folder::token_in_place(folder) else { return Ok(None) };
        let revision: Option<(i64, String)> = self
            .conn
            .query_row(
                "SELECT revision, \"end\" FROM revision WHERE period = ?1 AND token = ?2 AND state = 'published'
                 ORDER BY revision DESC LIMIT 1",
                rusqlite::params![period, token.trim()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((revision, end)) = revision else { return Ok(None) };
        if self.later_with_token(token.trim(), &end)? {
            return Ok(None);
        }
        let current = self.current(period)?.is_some_and(|c| c.revision == revision);
        Ok(Some((revision, current)))
    }

    /// What `inputs` differ in from the inputs recorded with a revision:
    /// each file added, gone or changed, and period.toml's settings (a
    /// comment or the layout is no change). Empty: the same inputs.
    pub fn differences(&self, revision_id: i64, inputs: &Inputs) -> Result<Vec<Difference>> {
        let recorded = self.input_digests(revision_id)?;
        let settings: Option<Vec<u8>> = self
            .conn
            .query_row(
                "SELECT b.bytes FROM revision_file f JOIN blob b ON b.sha256 = f.sha256
                 WHERE f.revision_id = ?1 AND f.path = ?2",
                rusqlite::params![revision_id, SETTINGS],
                |r| r.get(0),
            )
            .optional()?;
        Ok(differences(&recorded, settings.as_deref(), inputs))
    }
}
