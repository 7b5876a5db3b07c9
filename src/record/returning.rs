//! Players the maintenance rule removed who come back in a report: their
//! IDs are not in the player file, but the record knows them. Each is put
//! back into the period's player file as he was when he was removed (his
//! row of that period's recorded player file, with the rating and games
//! his removed line kept), with a note saying so, so that he is rated as a
//! returning player instead of stopping the run.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use anyhow::Result;
use rusqlite::OptionalExtension;

use super::lines::LineStatus;
use super::Record;
use crate::diag::{Code, Diagnostic, Location};
use crate::ingest::RawData;
use crate::model::{ExtraValue, Player};

/// An ID a report gives that the player file does not hold, and where.
struct Missing {
    id: u32,
    at: Location,
}

/// The revision that removed a player: its ID, period and the player's line.
struct Removal {
    revision: i64,
    period: String,
    rating: Option<f64>,
    games: u32,
    last_played: Option<String>,
}

/// Puts back into `raw`'s player file every player a report names by an ID
/// the file does not hold whom the record's last period before `period`
/// (ending before `end`) to list him removed by the maintenance rule; a
/// note at the report's ID cell says so. Returns the IDs put back. An ID
/// the record does not know, or knows as listed (taken off the file by
/// hand), is left for validation to report.
pub fn reinstate(raw: &mut RawData, record: &Record, period: &str, end: &str) -> Result<Vec<u32>> {
    let missing = missing_ids(raw);
    if missing.is_empty() {
        return Ok(Vec::new());
    }
    // By the revision that removed them, so that each recorded player file is read once.
    let mut by_revision: BTreeMap<i64, Vec<(&Missing, Removal)>> = BTreeMap::new();
    for m in &missing {
        if let Some(removal) = removal_of(record, m.id, period, end)? {
            by_revision.entry(removal.revision).or_default().push((m, removal));
        }
    }
    let mut back = Vec::new();
    for (revision, found) in by_revision {
        let inputs = record.inputs(revision, PathBuf::from(record.path()))?;
        let Ok((recorded, _)) = crate::ingest::read_player_file(&inputs, &raw.config.other_lists()) else { continue };
        let same_columns = recorded.extra_columns == raw.player_file.extra_columns;
        for (m, removal) in found {
            let Some(row) = recorded.players.iter().find(|p| p.id == m.id) else { continue };
            let mut p = returning(row, &removal);
            if !same_columns {
                p.extra = vec![ExtraValue::Empty; raw.player_file.extra_columns.len()];
            }
            raw.diagnostics.push(
                Diagnostic::note(
                    Code::ReturningPlayer,
                    m.at.clone(),
                    format!(
                        "ID {} ({}) is not in the player file: the maintenance rule removed him in {}, and he plays again; he is put back from the record as a returning player",
                        m.id,
                        p.display_name(),
                        removal.period
                    ),
                )
                .with_hint("nothing to do: the next player file lists the player again"),
            );
            add_player(raw, p);
            back.push(m.id);
        }
    }
    Ok(back)
}

/// The IDs the reports give that the player file does not hold, each with
/// the first cell giving it.
fn missing_ids(raw: &RawData) -> Vec<Missing> {
    let known: HashSet<u32> = raw.player_file.players.iter().map(|p| p.id).collect();
    let mut seen = HashSet::new();
    let mut missing = Vec::new();
    for report in &raw.reports {
        for e in &report.players {
            if let Some(id) = e.id.filter(|id| !known.contains(id)) {
                if seen.insert(id) {
                    missing.push(Missing { id, at: e.id_at.clone() });
                }
            }
        }
    }
    missing
}

/// The last recorded period before this one that lists player `id`, if its
/// line says the maintenance rule removed him there.
fn removal_of(record: &Record, id: u32, period: &str, end: &str) -> Result<Option<Removal>> {
    let line = record
        .connection()
        .query_row(
            "SELECT r.id, r.period, l.status, l.rating, l.games_total, d.last_played
             FROM player_line l JOIN current_revision r ON r.id = l.revision_id
             LEFT JOIN player_detail d ON d.revision_id = l.revision_id AND d.player_id = l.player_id
             WHERE l.player_id = ?1 AND r.\"end\" < ?2 AND r.period <> ?3
             ORDER BY r.\"end\" DESC LIMIT 1",
            rusqlite::params![id, end, period],
            |r| {
                let status: LineStatus = r.get(2)?;
                let removal = Removal {
                    revision: r.get(0)?,
                    period: r.get(1)?,
                    rating: r.get(3)?,
                    games: r.get(4)?,
                    last_played: r.get(5)?,
                };
                Ok((status, removal))
            },
        )
        .optional()?;
    Ok(line.filter(|(status, _)| *status == LineStatus::Removed).map(|(_, removal)| removal))
}

/// The player as he left the file: his row of the removing period's player
/// file (he played no rated game that period, or he would not have been
/// removed), with the rating and games his removed line kept.
fn returning(row: &Player, removal: &Removal) -> Player {
    let mut p = row.clone();
    p.rating = removal.rating.or(p.rating);
    p.games = removal.games;
    if let Some(date) = removal.last_played.as_deref().and_then(|d| d.parse().ok()) {
        p.last_played = Some(date);
    }
    p
}

/// Adds `p` to the end of the player file (a row after its last, for
/// findings that name one).
fn add_player(raw: &mut RawData, p: Player) {
    raw.player_file.players.push(p);
    if let Some(origin) = &mut raw.player_file.origin {
        let next = origin.rows.last().map_or(1, |r| r + 1);
        origin.rows.push(next);
    }
}

/// [`reinstate`] from the record the data folder `folder` keeps, when
/// there is one. A record that cannot be read puts no one
/// back: validation then reports the IDs, and the run that writes the
/// record says what is wrong with it.
pub fn reinstate_from_data_folder(raw: &mut RawData, folder: &crate::ingest::DataFolder) -> Vec<u32> {
    let Some(path) = folder.record() else { return Vec::new() };
    if !path.is_file() || missing_ids(raw).is_empty() {
        return Vec::new();
    }
    let Ok(record) = Record::open(&path, crate::record::Access::ReadOrEmpty) else { return Vec::new() };
    let (period, end) = (raw.config.period.clone(), raw.config.end.to_string());
    reinstate(raw, &record, &period, &end).unwrap_or_default()
}
