//! What a revision records, built from a rated period: one line per player,
//! event and rated game, the IDs newcomers were given, and the input files
//! themselves (so that a later correction re-rates the period from them).

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result};
use rusqlite::{params, ToSql};

use crate::publish::lists::Lists;
use crate::rate::{RatingSystem, Ratings};
use crate::validate::{Disposition, ValidPeriod};

/// A player's line in one revision (the `ratings` view's columns).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerLine {
    pub id: u32,
    pub surname: String,
    pub first_names: String,
    pub state: Option<String>,
    /// new, unrated, provisional, confirmed, removed.
    pub status: String,
    pub rating: Option<f64>,
    pub printed: String,
    pub games_period: u32,
    pub games_total: u32,
    /// Rating minus the rating in the previous recorded period (both rated).
    pub change: Option<f64>,
}

impl PlayerLine {
    /// Whether the line carries a published rating (provisional or confirmed).
    pub fn is_rated(&self) -> bool {
        self.status == "provisional" || self.status == "confirmed"
    }

    pub fn display_name(&self) -> String {
        if self.first_names.is_empty() {
            self.surname.clone()
        } else {
            format!("{}, {}", self.surname, self.first_names)
        }
    }
}

/// An event's line (the `events` view's columns).
#[derive(Debug, Clone, PartialEq)]
pub struct EventLine {
    pub code: String,
    pub name: String,
    pub state: String,
    pub start: String,
    pub end: String,
    /// rated, late, deferred, not-rated.
    pub disposition: String,
    pub reason: String,
}

/// A rated game (the `games` view's columns).
#[derive(Debug, Clone, PartialEq)]
pub struct GameLine {
    pub event: String,
    pub round: Option<u32>,
    pub white: u32,
    pub black: u32,
    pub white_points: f64,
}

/// Everything one revision records.
#[derive(Debug, Clone, Default)]
pub struct PeriodLines {
    pub period: String,
    pub start: String,
    pub end: String,
    pub published: String,
    pub system: String,
    pub inputs_sha256: Option<String>,
    pub outputs_sha256: Option<String>,
    /// The data folder's files, by path within it.
    pub files: Vec<(String, Vec<u8>)>,
    /// The SHA-256 of each of `files`, in their order (empty: hashed when stored).
    pub file_sha256: Vec<String>,
    pub players: Vec<PlayerLine>,
    pub events: Vec<EventLine>,
    pub games: Vec<GameLine>,
    /// (event, start number, ID given).
    pub newcomers: Vec<(String, u32, u32)>,
}

/// The word the record uses for a disposition.
fn disposition_word(d: &Disposition) -> &'static str {
    match d {
        Disposition::Rated => "rated",
        Disposition::Late => "late",
        Disposition::Deferred => "deferred",
        _ => "not-rated",
    }
}

impl PeriodLines {
    /// The lines of a rated period. `previous` holds the lines of the period
    /// recorded before it (for the change column); `files` its inputs, and
    /// `file_sha256` their hashes when the caller has them already.
    pub fn of(
        period: &ValidPeriod,
        ratings: &Ratings,
        lists: &Lists,
        system: &dyn RatingSystem,
        files: Vec<(String, Vec<u8>)>,
        file_sha256: Option<Vec<String>>,
        previous: &[PlayerLine],
    ) -> PeriodLines {
        let c = &period.config;
        let before: HashMap<u32, &PlayerLine> = previous.iter().map(|l| (l.id, l)).collect();
        let mut players: Vec<PlayerLine> = ratings
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let status = if ratings.removed[i] { "removed" } else { p.status.as_str() };
                let mut line = PlayerLine {
                    id: p.id,
                    surname: p.surname.clone(),
                    first_names: p.first_names.clone(),
                    state: p.state.clone(),
                    status: status.to_string(),
                    rating: p.rating,
                    printed: system.printed(p),
                    games_period: lists.games_this_period.get(i).copied().unwrap_or(0),
                    games_total: p.games,
                    change: None,
                };
                line.change = change(&line, before.get(&p.id).copied());
                line
            })
            .collect();
        players.sort_by_key(|l| l.id);
        let events = period
            .events
            .iter()
            .map(|e| EventLine {
                code: e.code.clone(),
                name: e.name.clone(),
                state: e.state.clone(),
                start: e.start.to_string(),
                end: e.end.to_string(),
                disposition: disposition_word(&e.disposition).to_string(),
                reason: e.disposition.note(),
            })
            .collect();
        let games = period
            .events
            .iter()
            .filter(|e| e.disposition.is_rated())
            .flat_map(|e| {
                e.games.iter().filter_map(move |g| match (g.outcome, g.black) {
                    (crate::model::Outcome::Played { white_score }, Some(black)) => Some(GameLine {
                        event: e.code.clone(),
                        round: g.round,
                        white: g.white,
                        black,
                        white_points: white_score,
                    }),
                    _ => None,
                })
            })
            .collect();
        let first_newcomer = period.players.players.len() - period.newcomers;
        let newcomers = period.players.players[first_newcomer..]
            .iter()
            .zip(&period.newcomer_entries)
            .map(|(p, (event, no))| (event.clone(), *no, p.id))
            .collect();
        let file_sha256 = file_sha256.unwrap_or_else(|| hash_files(&files));
        let inputs: Vec<(String, String)> =
            files.iter().zip(&file_sha256).map(|((path, _), sha)| (path.clone(), sha.clone())).collect();
        PeriodLines {
            period: c.period.clone(),
            start: c.start.to_string(),
            end: c.end.to_string(),
            published: c.published.to_string(),
            system: c.system.as_str().to_string(),
            inputs_sha256: Some(super::manifest_sha256(&inputs)),
            outputs_sha256: None,
            files,
            file_sha256,
            players,
            events,
            games,
            newcomers,
        }
    }
}

/// The change of a line against the player's line before (both rated).
pub fn change(line: &PlayerLine, before: Option<&PlayerLine>) -> Option<f64> {
    let before = before.filter(|b| b.is_rated())?;
    if !line.is_rated() {
        return None;
    }
    Some(crate::rate::common::printed_change(before.rating?, line.rating?))
}

/// The SHA-256 of each file, in order (in parallel: a world-sized folder
/// holds some 150 MB of reports).
pub fn hash_files(files: &[(String, Vec<u8>)]) -> Vec<String> {
    use rayon::prelude::*;
    files.par_iter().map(|(_, bytes)| super::sha256(bytes)).collect()
}

/// The data folder's files a period is re-rated from: every regular file
/// but hidden ones and the record itself (with its journal).
pub fn input_files(data: &Path, record: Option<&Path>) -> Result<Vec<(String, Vec<u8>)>> {
    let record = record.and_then(|r| r.canonicalize().ok());
    let mut files = Vec::new();
    let mut pending = vec![data.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).with_context(|| format!("cannot read the folder {}", dir.display()))? {
            let entry = entry?;
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if name.starts_with('.') || name.starts_with("~$") {
                continue;
            }
            let kind = entry.file_type()?;
            if kind.is_dir() {
                pending.push(path);
            } else if kind.is_file() {
                if let Some(record) = &record {
                    let canonical = path.canonicalize().unwrap_or_else(|_| path.clone());
                    let journal = |suffix: &str| {
                        let mut name = record.as_os_str().to_os_string();
                        name.push(suffix);
                        canonical.as_os_str() == name
                    };
                    if &canonical == record || journal("-journal") || journal("-wal") || journal("-shm") {
                        continue;
                    }
                }
                let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
                files.push((crate::ingest::relative(data, &path), bytes));
            }
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(files)
}

/// Rows inserted by one statement: a world-sized period has about a million
/// games, and one `INSERT` of many rows costs far less than as many
/// single-row ones.
const BATCH: usize = 64;

/// Inserts `rows` into `table` (`columns` named), [`BATCH`] rows a statement.
fn insert_rows<'a>(
    tx: &rusqlite::Transaction<'_>,
    table: &str,
    columns: &[&str],
    rows: impl Iterator<Item = Vec<&'a dyn ToSql>>,
) -> Result<()> {
    let statement = |n: usize| {
        let one = format!("({})", vec!["?"; columns.len()].join(", "));
        format!("INSERT INTO {table} ({}) VALUES {}", columns.join(", "), vec![one; n].join(", "))
    };
    let mut full = tx.prepare_cached(&statement(BATCH))?;
    let mut batch: Vec<&dyn ToSql> = Vec::with_capacity(BATCH * columns.len());
    let mut n = 0;
    for row in rows {
        batch.extend(row);
        n += 1;
        if n == BATCH {
            full.execute(batch.as_slice())?;
            batch.clear();
            n = 0;
        }
    }
    if n > 0 {
        tx.prepare(&statement(n))?.execute(batch.as_slice())?;
    }
    Ok(())
}

/// Inserts a revision's lines.
pub(super) fn insert(tx: &rusqlite::Transaction<'_>, id: i64, lines: &PeriodLines) -> Result<()> {
    {
        let mut blob = tx.prepare("INSERT OR IGNORE INTO blob (sha256, bytes) VALUES (?1, ?2)")?;
        let mut file = tx.prepare("INSERT INTO revision_file (revision_id, path, sha256) VALUES (?1, ?2, ?3)")?;
        for (k, (path, bytes)) in lines.files.iter().enumerate() {
            let sha = match lines.file_sha256.get(k) {
                Some(sha) => sha.clone(),
                None => super::sha256(bytes),
            };
            blob.execute(params![sha, bytes])?;
            file.execute(params![id, path, sha])?;
        }
    }
    insert_rows(
        tx,
        "player_line",
        &[
            "revision_id",
            "player_id",
            "surname",
            "first_names",
            "state",
            "status",
            "rating",
            "printed",
            "games_period",
            "games_total",
            "change",
        ],
        lines.players.iter().map(|l| -> Vec<&dyn ToSql> {
            vec![
                &id,
                &l.id,
                &l.surname,
                &l.first_names,
                &l.state,
                &l.status,
                &l.rating,
                &l.printed,
                &l.games_period,
                &l.games_total,
                &l.change,
            ]
        }),
    )?;
    insert_rows(
        tx,
        "event_line",
        &["revision_id", "code", "name", "state", "\"start\"", "\"end\"", "disposition", "reason"],
        lines.events.iter().map(|e| -> Vec<&dyn ToSql> {
            vec![&id, &e.code, &e.name, &e.state, &e.start, &e.end, &e.disposition, &e.reason]
        }),
    )?;
    insert_rows(
        tx,
        "game_line",
        &["revision_id", "event", "round", "white_id", "black_id", "white_points"],
        lines
            .games
            .iter()
            .map(|g| -> Vec<&dyn ToSql> { vec![&id, &g.event, &g.round, &g.white, &g.black, &g.white_points] }),
    )?;
    insert_rows(
        tx,
        "newcomer",
        &["revision_id", "event", "number", "player_id"],
        lines.newcomers.iter().map(|(event, no, player)| -> Vec<&dyn ToSql> { vec![&id, event, no, player] }),
    )?;
    Ok(())
}
