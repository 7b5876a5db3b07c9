//! What the statistics read from the record: each current revision's
//! players as the trends count them (listed and in the rated pool by the
//! definitions of [`crate::rated::player`], the rating as printed), its
//! events and games, and one period's players in full for `ratebook stats`.

use anyhow::Result;
use chrono::{Datelike, NaiveDate};
use rusqlite::{Connection, OpenFlags};

use super::lines::LineStatus;
use super::Record;
use crate::config::PeriodConfig;
use crate::model::dates::age_at;
use crate::rated::player;
use crate::statistics::{EarlierPeriod, PeriodCounts, PlayerFacts, PoolLine, ThisPeriod};

/// A current revision as the statistics see it.
#[derive(Debug, Clone)]
pub struct RecordedPeriod {
    pub revision_id: i64,
    pub name: String,
    /// The period's last day (ISO).
    pub end: String,
    /// The dates activity and ages are taken at, when the record holds them.
    pub active_since: Option<String>,
    pub age_date: Option<String>,
    pub counts: PeriodCounts,
    /// The rule set it was rated under.
    pub system: Option<crate::model::system::SystemName>,
}

impl Record {
    /// The current revisions, oldest first, with their counts of events and
    /// games (the events and games rated on the main list, when a period
    /// keeps several: another list's are rated there). An imported list holds its players' details but not the dates
    /// they are counted at (a player file names no period settings): its
    /// players are active when they played within the span `config` allows
    /// before its period's end (`active_since` to `end`), and their ages are
    /// taken at 1 January of the year it was published.
    pub fn recorded_periods(&self, config: &PeriodConfig) -> Result<Vec<RecordedPeriod>> {
        let span = config.end - config.active_since;
        let mut stmt = self.connection().prepare(
            "SELECT c.id, c.period, c.\"end\", d.active_since, d.age_date,
                    (SELECT COUNT(*) FROM event_line e WHERE e.revision_id = c.id AND e.disposition IN ('rated', 'late')
                       AND NOT EXISTS (SELECT 1 FROM revision_list x WHERE x.revision_id = c.id AND x.list = e.list)),
                    (SELECT COUNT(*) FROM event_line e WHERE e.revision_id = c.id AND e.disposition = 'not-rated'),
                    (SELECT COUNT(*) FROM event_line e WHERE e.revision_id = c.id AND e.disposition = 'deferred'),
                    (SELECT COUNT(*) FROM game_line g WHERE g.revision_id = c.id AND NOT EXISTS
                       (SELECT 1 FROM event_line e JOIN revision_list x ON x.revision_id = e.revision_id AND x.list = e.list
                        WHERE e.revision_id = c.id AND e.code = g.event)),
                    c.source, c.published, c.system
             FROM current_revision c LEFT JOIN revision_detail d ON d.revision_id = c.id
             ORDER BY c.\"end\", c.published, c.period",
        )?;
        let rows = stmt.query_map([], |r| {
            let end: String = r.get(2)?;
            let (mut active_since, mut age_date): (Option<String>, Option<String>) = (r.get(3)?, r.get(4)?);
            if active_since.is_none() && r.get_ref(9)?.as_str()? == "import" {
                let date = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok();
                active_since = date(&end).map(|end| (end - span).to_string());
                let published: String = r.get(10)?;
                age_date =
                    date(&published).and_then(|p| NaiveDate::from_ymd_opt(p.year(), 1, 1)).map(|d| d.to_string());
            }
            Ok(RecordedPeriod {
                revision_id: r.get(0)?,
                name: r.get(1)?,
                end,
                active_since,
                age_date,
                counts: PeriodCounts {
                    events_rated: r.get(5)?,
                    events_not_rated: r.get(6)?,
                    events_deferred: r.get(7)?,
                    games_rated: r.get(8)?,
                },
                system: r.get::<_, Option<String>>(11)?.as_deref().and_then(crate::model::system::SystemName::parse),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The players of `periods` as the trends count them (none for a period
    /// whose activity the record does not hold: the trends count its events
    /// and games alone). The periods are read in parts side by side, each
    /// part over a read-only connection of its own (the record's history is
    /// millions of lines: 240 periods of 10,000 players).
    pub fn earlier_periods(&self, periods: &[RecordedPeriod]) -> Result<Vec<EarlierPeriod>> {
        use rayon::prelude::*;
        if !self.path().is_file() || periods.len() < 2 {
            return pool_lines(self.connection(), periods);
        }
        let path = self.path();
        let part = periods.len().div_ceil(rayon::current_num_threads().max(1));
        let parts = periods
            .par_chunks(part)
            .map(|periods| {
                let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
                let conn = Connection::open_with_flags(path, flags)?;
                conn.busy_timeout(std::time::Duration::from_secs(5))?;
                // Pages read from the mapped file, not copied into the cache.
                conn.pragma_update(None, "mmap_size", MAP_BYTES)?;
                pool_lines(&conn, periods)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(parts.into_iter().flatten().collect())
    }

    /// A recorded period's players in full, as the statistics of that
    /// period count them; `None` when the record does not hold who was active.
    pub fn period_facts(&self, period: &RecordedPeriod) -> Result<Option<ThisPeriod>> {
        let date = |d: &Option<String>| d.as_deref().and_then(iso_date);
        let (Some(since), Some(age_date)) = (date(&period.active_since), date(&period.age_date)) else {
            return Ok(None);
        };
        let mut stmt = self.connection().prepare(
            "SELECT l.player_id, l.surname, l.first_names, l.state, l.status, l.rating, l.change,
                    d.gender, d.birth_date, d.last_played
             FROM player_line l
             LEFT JOIN player_detail d ON d.revision_id = l.revision_id AND d.player_id = l.player_id
             WHERE l.revision_id = ?1 ORDER BY l.player_id",
        )?;
        let rows = stmt.query_map([period.revision_id], |r| {
            let (surname, first_names): (String, String) = (r.get(1)?, r.get(2)?);
            let status: LineStatus = r.get(4)?;
            let rating: Option<f64> = r.get(5)?;
            let birth: Option<String> = r.get(8)?;
            let last_played: Option<String> = r.get(9)?;
            let (listed, pooled) = status_facts(status, rating.is_some(), date(&last_played), Some(since));
            let on_list = matches!(status, LineStatus::Listed(s) if player::on_list(s, false));
            let facts = PlayerFacts {
                id: r.get(0)?,
                name: if first_names.is_empty() { surname.clone() } else { format!("{surname}, {first_names}") },
                namesake: false,
                state: r.get(3)?,
                female: r.get::<_, Option<String>>(7)?.as_deref() == Some("F"),
                age: date(&birth).map(|b| age_at(b, age_date)),
                rating: printed_value(status, rating),
                change: r.get::<_, Option<f64>>(6)?.map(|c| c as i64),
                listed,
                pooled,
                removed: status == LineStatus::Removed,
            };
            Ok((facts, on_list.then_some((surname, first_names))))
        })?;
        let rows: Vec<(PlayerFacts, Option<(String, String)>)> = rows.collect::<Result<_, _>>()?;
        // Namesakes as the period's lists marked them.
        let names = rows.iter().map(|(_, name)| name.as_ref().map(|(s, f)| (s.as_str(), f.as_str()))).collect();
        let shared = player::namesakes(names);
        let players =
            rows.into_iter().zip(shared).map(|((facts, _), namesake)| PlayerFacts { namesake, ..facts }).collect();
        Ok(Some(ThisPeriod {
            name: period.name.clone(),
            players,
            counts: period.counts.clone(),
            system: period.system,
        }))
    }

    /// Every rated game of the current revisions of `periods`, as (white,
    /// black, white's points).
    pub fn games_of(&self, periods: &[RecordedPeriod]) -> Result<Vec<(u32, u32, f64)>> {
        let mut stmt = self
            .connection()
            .prepare("SELECT white_id, black_id, white_points FROM game_line WHERE revision_id = ?1")?;
        let mut games = Vec::new();
        for p in periods {
            let rows = stmt.query_map([p.revision_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            for row in rows {
                games.push(row?);
            }
        }
        Ok(games)
    }
}

/// A date the record keeps (ISO).
fn iso_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// Whether a recorded line is listed and in the rated pool, by the
/// definitions of [`crate::rated::player`] (a removed line is neither).
fn status_facts(
    status: LineStatus,
    has_rating: bool,
    last_played: Option<NaiveDate>,
    since: Option<NaiveDate>,
) -> (bool, bool) {
    let active = since.is_some_and(|since| player::is_active(last_played, since));
    match status {
        LineStatus::Listed(s) => (player::listed(s, false, active), player::pooled(s, has_rating, active)),
        LineStatus::Removed => (false, false),
    }
}

/// A recorded line's rating as the lists printed it, when published.
fn printed_value(status: LineStatus, rating: Option<f64>) -> Option<f64> {
    rating.filter(|_| status.is_rated()).map(|r| crate::rate::round_half_up(r) as f64)
}

/// The most of the record a reading connection maps into memory.
const MAP_BYTES: i64 = 1 << 32;

/// Each period's player lines and player details: two range scans in player
/// order, merged here (a join in SQL looks each detail up in its index, and
/// the `current_revision` view runs its subquery on every line: five times
/// slower).
fn pool_lines(conn: &Connection, periods: &[RecordedPeriod]) -> Result<Vec<EarlierPeriod>> {
    let mut lines_of = conn.prepare_cached(
        "SELECT player_id, status, rating FROM player_line
         WHERE revision_id = ?1 ORDER BY player_id",
    )?;
    let mut details_of = conn
        .prepare_cached("SELECT player_id, last_played FROM player_detail WHERE revision_id = ?1 ORDER BY player_id")?;
    let mut earlier: Vec<EarlierPeriod> = Vec::with_capacity(periods.len());
    for p in periods {
        // (About as many players as the period before.)
        let mut lines = Vec::with_capacity(earlier.last().map_or(0, |e| e.lines.len() + e.lines.len() / 8));
        if let Some(active_since) = p.active_since.as_deref().and_then(iso_date) {
            let mut details = details_of.query([p.revision_id])?;
            let mut detail: Option<(u32, Option<NaiveDate>)> = None;
            let mut rows = lines_of.query([p.revision_id])?;
            while let Some(r) = rows.next()? {
                let id: u32 = r.get(0)?;
                // This player's detail, if any (both scans are in player order).
                while detail.is_none_or(|(d, _)| d < id) {
                    let Some(d) = details.next()? else { break };
                    detail = Some((d.get(0)?, d.get_ref(1)?.as_str_or_null()?.and_then(iso_date)));
                }
                let last_played = detail.filter(|(d, _)| *d == id).and_then(|(_, last)| last);
                let status: LineStatus = r.get(1)?;
                let rating: Option<f64> = r.get(2)?;
                let (listed, pooled) = status_facts(status, rating.is_some(), last_played, Some(active_since));
                lines.push(PoolLine { id, rating: printed_value(status, rating), listed, pooled });
            }
        }
        earlier.push(EarlierPeriod {
            name: p.name.clone(),
            detailed: p.active_since.is_some(),
            lines,
            counts: p.counts.clone(),
            system: p.system,
        });
    }
    Ok(earlier)
}
