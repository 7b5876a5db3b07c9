//! A report of an event the record holds as rated in an earlier period:
//! rated again, its games would count twice. It is an error at the event's
//! code, so that the period is refused (or, with `--skip-invalid`,
//! published without it) until the report is taken out, or given a code of
//! its own when it is another event.

use std::collections::HashMap;

use anyhow::Result;

use super::Record;
use crate::diag::{Code, Diagnostic, Location};
use crate::ingest::RawData;

impl Record {
    /// The events rated (or rated late) in the current revisions of the
    /// periods ending before `end`: code (upper case) → period.
    pub fn rated_before(&self, end: &str) -> Result<HashMap<String, String>> {
        let mut stmt = self.connection().prepare(
            "SELECT UPPER(e.code), c.period FROM event_line e JOIN current_revision c ON c.id = e.revision_id
             WHERE c.\"end\" < ?1 AND e.disposition IN ('rated', 'late')",
        )?;
        let rows = stmt.query_map([end], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// An error for every report in `raw` of an event the record holds as
/// rated in a period before `raw`'s.
pub fn check(raw: &mut RawData, record: &Record) -> Result<()> {
    let rated = record.rated_before(&raw.config.end.to_string())?;
    if rated.is_empty() {
        return Ok(());
    }
    for report in &raw.reports {
        let Some(code) = &report.event.code else { continue };
        let Some(period) = rated.get(&code.value.to_uppercase()) else { continue };
        let at = Location { file: report.file.clone(), ..code.at.clone() };
        raw.diagnostics.push(
            Diagnostic::error(
                Code::RatedBefore,
                at,
                format!(
                    "event {} was rated in {period} already (the record holds its games): rated again, they would count twice",
                    code.value
                ),
            )
            .with_hint("take the report out of reports/ (`ratebook next` archives the reports it rated); if it is another event, give it a code of its own"),
        );
    }
    Ok(())
}

/// [`check`] against the record the data folder `folder` keeps, when there
/// is one (a record that cannot be read checks nothing: the run that writes
/// it says what is wrong with it).
pub fn check_from_data_folder(raw: &mut RawData, folder: &crate::ingest::DataFolder) {
    let Some(path) = folder.record().filter(|p| p.is_file()) else { return };
    let Ok(record) = Record::open(&path, super::Access::ReadOrEmpty) else { return };
    check(raw, &record).ok();
}
