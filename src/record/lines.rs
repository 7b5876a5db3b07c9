//! What a revision records, built from a rated period: one line per player,
//! event and rated game, the IDs newcomers were given, and the input files
//! themselves (so that a later correction re-rates the period from them).

use anyhow::Result;
use rusqlite::{params, ToSql};

use crate::ingest::Inputs;
use crate::model::Status;
use crate::rated::{Rated, RatedLists};
use crate::validate::Disposition;

/// A player's line in one revision (the `ratings` view's columns).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerLine {
    pub id: u32,
    pub surname: String,
    pub first_names: String,
    pub state: Option<String>,
    pub status: LineStatus,
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
        self.status.is_rated()
    }

    /// The published rating: provisional or confirmed, not removed.
    pub fn published(&self) -> Option<f64> {
        self.rating.filter(|_| self.is_rated())
    }

    /// A line from a row of the `ratings` view's columns in their order
    /// (player_id, surname, first_names, state, status, rating, printed,
    /// games_period, games_total, change).
    pub(super) fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PlayerLine> {
        Ok(PlayerLine {
            id: r.get(0)?,
            surname: r.get(1)?,
            first_names: r.get(2)?,
            state: r.get(3)?,
            status: r.get(4)?,
            rating: r.get(5)?,
            printed: r.get(6)?,
            games_period: r.get(7)?,
            games_total: r.get(8)?,
            change: r.get(9)?,
        })
    }

    pub fn display_name(&self) -> String {
        if self.first_names.is_empty() {
            self.surname.clone()
        } else {
            format!("{}, {}", self.surname, self.first_names)
        }
    }
}

/// A player's status in a revision (the `status` column: new, unrated,
/// provisional, confirmed, removed): his status on the list, or removed by
/// the maintenance rule. Read and written as that word at the SQL boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineStatus {
    Listed(Status),
    Removed,
}

impl LineStatus {
    /// The word the record keeps.
    pub fn as_str(self) -> &'static str {
        match self {
            LineStatus::Listed(status) => status.as_str(),
            LineStatus::Removed => "removed",
        }
    }

    /// Whether the line carries a published rating (provisional or confirmed).
    pub fn is_rated(self) -> bool {
        matches!(self, LineStatus::Listed(status) if status.is_rated())
    }

    /// Whether the player is on the list (has played and is not removed).
    pub fn is_listed(self) -> bool {
        matches!(self, LineStatus::Listed(status) if status != Status::New)
    }
}

impl ToSql for LineStatus {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
}

impl rusqlite::types::FromSql for LineStatus {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let word = value.as_str()?;
        match word {
            "removed" => Ok(LineStatus::Removed),
            _ => Status::parse(word).map(LineStatus::Listed).ok_or(rusqlite::types::FromSqlError::InvalidType),
        }
    }
}

/// What the statistics read of a player besides his line: ISO dates, and
/// `F` or `M`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlayerDetail {
    pub id: u32,
    pub gender: Option<String>,
    pub birth_date: Option<String>,
    pub last_played: Option<String>,
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
    /// The rating list it went to, when the period keeps several.
    pub list: Option<String>,
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
    /// The period's input files, stored with the revision.
    pub inputs: Inputs,
    pub players: Vec<PlayerLine>,
    /// The dates activity and ages are taken at (ISO), when known.
    pub active_since: Option<String>,
    pub age_date: Option<String>,
    /// One per player, when known.
    pub details: Vec<PlayerDetail>,
    pub events: Vec<EventLine>,
    pub games: Vec<GameLine>,
    /// (event, start number, ID given).
    pub newcomers: Vec<(String, u32, u32)>,
    /// The lists beside the main one, when the period keeps several.
    pub lists: Vec<ListLines>,
}

/// A rating list's lines beside the main list's: its name, its rule set
/// and a line per player (his name and state as the main list's line has them).
#[derive(Debug, Clone, PartialEq)]
pub struct ListLines {
    pub name: String,
    pub system: String,
    pub players: Vec<PlayerLine>,
}

/// The disposition an event has on the list it went to: a rated event
/// shown on another list's view is rated (or late) on its own.
fn own_disposition(d: &Disposition) -> Disposition {
    match d {
        Disposition::OtherList { late: false, .. } => Disposition::Rated,
        Disposition::OtherList { late: true, .. } => Disposition::Late,
        d => d.clone(),
    }
}

/// The word the record uses for a disposition.
fn disposition_word(d: &Disposition) -> &'static str {
    match own_disposition(d) {
        Disposition::Rated => "rated",
        Disposition::Late => "late",
        Disposition::Deferred => "deferred",
        _ => "not-rated",
    }
}

/// Each player's line of one list's `rated` period, by ID.
fn player_lines(rated: &Rated) -> Vec<PlayerLine> {
    let mut players: Vec<PlayerLine> = rated
        .players
        .iter()
        .map(|r| (&r.after, r))
        .map(|(p, r)| PlayerLine {
            id: p.id,
            surname: p.surname.clone(),
            first_names: p.first_names.clone(),
            state: p.state.clone(),
            status: if r.removed { LineStatus::Removed } else { LineStatus::Listed(p.status) },
            rating: p.rating,
            printed: r.printed.clone(),
            games_period: r.games,
            games_total: p.games,
            change: r.change.map(|c| c as f64),
        })
        .collect();
    players.sort_by_key(|l| l.id);
    players
}

impl PeriodLines {
    /// The lines of a period rated on each of its `lists` (the change is
    /// the rated players' own); `inputs` its input files.
    pub fn of(lists: &RatedLists, inputs: Inputs) -> PeriodLines {
        let rated = &lists.main;
        let Rated { period, ratings, .. } = rated;
        let c = &period.config;
        let players = player_lines(rated);
        let list_name = |e: &crate::validate::Event| e.list.map(|k| c.rating_lists[k].name.clone());
        let mut details: Vec<PlayerDetail> = ratings.players.iter().map(PlayerDetail::of).collect();
        details.sort_by_key(|d| d.id);
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
                reason: own_disposition(&e.disposition).note(),
                list: list_name(e),
            })
            .collect();
        let games = period
            .events
            .iter()
            .filter(|e| own_disposition(&e.disposition).is_rated())
            .flat_map(|e| {
                e.games.iter().filter_map(move |g| {
                    let (black, white_score) = g.played()?;
                    Some(GameLine {
                        event: e.code.clone(),
                        round: g.round,
                        white: g.white,
                        black,
                        white_points: white_score,
                    })
                })
            })
            .collect();
        let first_newcomer = period.players.players.len() - period.newcomers;
        let newcomers = period.players.players[first_newcomer..]
            .iter()
            .zip(&period.newcomer_entries)
            .map(|(p, (event, no))| (event.clone(), *no, p.id))
            .collect();
        PeriodLines {
            period: c.period.clone(),
            start: c.start.to_string(),
            end: c.end.to_string(),
            published: c.published.to_string(),
            system: c.system.as_str().to_string(),
            inputs_sha256: Some(inputs.manifest_sha256()),
            outputs_sha256: None,
            inputs,
            players,
            active_since: Some(c.active_since.to_string()),
            age_date: Some(c.age_date.to_string()),
            details,
            events,
            games,
            newcomers,
            lists: lists
                .others
                .iter()
                .map(|o| ListLines {
                    name: o.name.clone(),
                    system: o.rated.period.config.system.as_str().to_string(),
                    players: player_lines(&o.rated),
                })
                .collect(),
        }
    }
}

impl PlayerDetail {
    /// A player's details as the player file holds them.
    pub fn of(p: &crate::model::Player) -> PlayerDetail {
        PlayerDetail {
            id: p.id,
            gender: p.gender.map(|g| g.as_str().to_string()),
            birth_date: p.birth_date.map(|d| d.to_string()),
            last_played: p.last_played.map(|d| d.to_string()),
        }
    }
}

/// What a period's change is taken against: the lines of the period
/// recorded before it, or (the record holds none) its player file.
pub fn baseline(previous: &[PlayerLine]) -> crate::rated::Baseline {
    if previous.is_empty() {
        return crate::rated::Baseline::PlayerFile;
    }
    crate::rated::Baseline::Recorded(previous.iter().map(|l| (l.id, l.published())).collect())
}

/// What each list of a period's change is taken against: the lines of
/// the period recorded before it, the main list's (`main`) and each other
/// list's (by name).
pub fn baselines<'a>(
    main: &[PlayerLine],
    others: impl IntoIterator<Item = (&'a str, &'a [PlayerLine])>,
) -> crate::rated::Baselines {
    let others = others.into_iter().map(|(name, lines)| (name.to_string(), baseline(lines))).collect();
    crate::rated::Baselines { main: baseline(main), others }
}

/// [`baselines`] of the recorded revision `id`, whose main list's lines are `main`.
pub fn recorded_baselines(record: &super::Record, id: i64, main: &[PlayerLine]) -> Result<crate::rated::Baselines> {
    let mut others = Vec::new();
    for name in record.lists_of(id)? {
        let lines = record.list_lines(id, &name)?;
        others.push((name, lines));
    }
    Ok(baselines(main, others.iter().map(|(name, lines)| (name.as_str(), lines.as_slice()))))
}

/// The baselines after `lines`: what the period after them takes its changes against.
pub fn baselines_after(lines: &PeriodLines) -> crate::rated::Baselines {
    baselines(&lines.players, lines.lists.iter().map(|l| (l.name.as_str(), l.players.as_slice())))
}

/// The change of a line against the player's line before, by
/// [`crate::rated::player::change`] (a removed line has no published rating).
pub fn change(line: &PlayerLine, before: Option<&PlayerLine>) -> Option<f64> {
    crate::rated::player::change(before?.published(), line.published()).map(|c| c as f64)
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
        for (path, input) in lines.inputs.files() {
            blob.execute(params![input.sha256(), input.bytes])?;
            file.execute(params![id, path, input.sha256()])?;
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
    if let (Some(active_since), Some(age_date)) = (&lines.active_since, &lines.age_date) {
        tx.execute(
            "INSERT INTO revision_detail (revision_id, active_since, age_date) VALUES (?1, ?2, ?3)",
            params![id, active_since, age_date],
        )?;
    }
    insert_rows(
        tx,
        "player_detail",
        &["revision_id", "player_id", "gender", "birth_date", "last_played"],
        lines.details.iter().map(|d| -> Vec<&dyn ToSql> { vec![&id, &d.id, &d.gender, &d.birth_date, &d.last_played] }),
    )?;
    insert_rows(
        tx,
        "event_line",
        &["revision_id", "code", "name", "state", "\"start\"", "\"end\"", "disposition", "reason", "list"],
        lines.events.iter().map(|e| -> Vec<&dyn ToSql> {
            vec![&id, &e.code, &e.name, &e.state, &e.start, &e.end, &e.disposition, &e.reason, &e.list]
        }),
    )?;
    for (position, list) in lines.lists.iter().enumerate() {
        tx.execute(
            "INSERT INTO revision_list (revision_id, list, position, system) VALUES (?1, ?2, ?3, ?4)",
            params![id, list.name, position as i64 + 1, list.system],
        )?;
        insert_rows(
            tx,
            "list_line",
            &[
                "revision_id",
                "list",
                "player_id",
                "status",
                "rating",
                "printed",
                "games_period",
                "games_total",
                "change",
            ],
            list.players.iter().map(|l| -> Vec<&dyn ToSql> {
                vec![
                    &id,
                    &list.name,
                    &l.id,
                    &l.status,
                    &l.rating,
                    &l.printed,
                    &l.games_period,
                    &l.games_total,
                    &l.change,
                ]
            }),
        )?;
    }
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
