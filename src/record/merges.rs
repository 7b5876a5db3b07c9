//! Players merged (`ratebook merge`): one person recorded under two IDs,
//! DROP's games made KEEP's. The record keeps each merge as a correction,
//! and every later rating of its periods from the record's inputs (another
//! correction, `compare`, a switch, a period published again) applies it
//! again: the recorded reports still name DROP, and the newcomer DROP was
//! is found by the entries the record gave his ID.

use anyhow::Result;

use super::Record;
use crate::diag::{Code, Diagnostic};
use crate::ingest::RawData;
use crate::validate::NewcomerIds;

/// One merge the record holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merge {
    pub keep: u32,
    pub drop: u32,
    /// The report entries (event, start number) the record gave DROP's ID.
    entries: Vec<(String, u32)>,
}

impl Record {
    /// Every merge the record holds, in the order they were made.
    pub fn merges(&self) -> Result<Vec<Merge>> {
        let mut stmt = self
            .connection()
            .prepare("SELECT detail FROM corrections WHERE what LIKE '%players merged%' ORDER BY id")?;
        let details: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
        let mut entries = self.connection().prepare(
            "SELECT DISTINCT n.event, n.number FROM newcomer n JOIN revision r ON r.id = n.revision_id
             WHERE r.state = 'published' AND n.player_id = ?1 ORDER BY n.event, n.number",
        )?;
        let mut merges = Vec::new();
        for (keep, drop) in details.iter().filter_map(|d| parse_detail(d)) {
            let rows = entries.query_map([drop], |r| Ok((r.get(0)?, r.get(1)?)))?;
            merges.push(Merge { keep, drop, entries: rows.collect::<Result<_, _>>()? });
        }
        Ok(merges)
    }
}

/// (KEEP, DROP) of a merge's detail, "DROP merged into KEEP from PERIOD"
/// (the first part of the detail, as the correction words it).
fn parse_detail(detail: &str) -> Option<(u32, u32)> {
    let part = detail.split("; ").next()?;
    let (drop, rest) = part.split_once(" merged into ")?;
    let (keep, _) = rest.split_once(" from ")?;
    Some((keep.trim().parse().ok()?, drop.trim().parse().ok()?))
}

impl Merge {
    /// A merge being made now: DROP's newcomer entries are those `pinned` gives him.
    pub fn new(keep: u32, drop: u32) -> Merge {
        Merge { keep, drop, entries: Vec::new() }
    }

    /// DROP's games become KEEP's in a period read: in the reports (his ID,
    /// and the entries the record gave his ID as a newcomer), and in the
    /// player file.
    pub fn apply(&self, raw: &mut RawData, pinned: &mut NewcomerIds) {
        let (keep, drop) = (self.keep, self.drop);
        let mut drop_entries: Vec<(String, u32)> =
            pinned.iter().filter(|(_, &id)| id == drop).map(|(entry, _)| entry.clone()).collect();
        drop_entries.extend(self.entries.iter().cloned());
        for entry in &drop_entries {
            pinned.remove(entry);
        }
        for report in &mut raw.reports {
            let code = report.event.code.as_ref().map(|c| c.value.clone()).unwrap_or_default();
            for e in &mut report.players {
                if e.id == Some(drop) {
                    raw.diagnostics.push(
                        Diagnostic::note(
                            Code::MergedPlayer,
                            e.id_at.clone(),
                            format!("ID {drop} is merged into {keep} (one person under two IDs): read as {keep}"),
                        )
                        .with_hint(format!("write {keep} for this player from now on")),
                    );
                }
                if e.id == Some(drop) || (e.id.is_none() && drop_entries.contains(&(code.clone(), e.no))) {
                    e.id = Some(keep);
                }
            }
        }
        let has_keep = raw.player_file.players.iter().any(|p| p.id == keep);
        if has_keep {
            raw.player_file.players.retain(|p| p.id != drop);
        } else if let Some(p) = raw.player_file.players.iter_mut().find(|p| p.id == drop) {
            p.id = keep;
        }
    }
}

/// How the record the data folder `folder` keeps numbers the players of
/// the period `raw` reads from it: the IDs its current revision of the
/// period gave the newcomers (a period published again, or revised, keeps
/// them) and the highest ID it has given at all (a newcomer it has not
/// numbered gets one above it, so that no ID is given twice). The merges it
/// holds are applied to `raw`: a report that still gives DROP's ID is read
/// as KEEP's, with a note. Without a record (or with one that cannot be
/// read: the run that writes it says what is wrong with it), nothing.
pub fn numbering_from_data_folder(raw: &mut RawData, folder: &crate::ingest::DataFolder) -> (NewcomerIds, u32) {
    let Some(path) = folder.record().filter(|p| p.is_file()) else { return Default::default() };
    let Ok(record) = Record::open(&path, super::Access::ReadOrEmpty) else { return Default::default() };
    let numbering = || -> Result<(NewcomerIds, u32)> {
        let pinned = match record.current(&raw.config.period)? {
            Some(current) => record.newcomer_ids(current.id)?,
            None => NewcomerIds::new(),
        };
        Ok((pinned, record.highest_id()?))
    };
    let (mut pinned, taken) = numbering().unwrap_or_default();
    for merge in record.merges().unwrap_or_default() {
        merge.apply(raw, &mut pinned);
    }
    (pinned, taken)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_merge_is_read_from_its_correction_words() {
        assert_eq!(super::parse_detail("3050 merged into 3001 from August 1993"), Some((3001, 3050)));
        assert_eq!(super::parse_detail("withdrawn V93001"), None);
    }
}
