//! What the statistics read from the record: each current revision's
//! players as the trends count them (listed, in the rated pool, the rating
//! as printed, as SQLite's `CAST` reads its number), its events and games,
//! and one period's players in full for `ratebook stats`.

use std::collections::HashMap;

use anyhow::Result;
use chrono::NaiveDate;

use super::Record;
use crate::model::dates::age_at;
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
}

impl Record {
    /// The current revisions, oldest first, with their counts of events and games.
    pub fn recorded_periods(&self) -> Result<Vec<RecordedPeriod>> {
        let mut stmt = self.connection().prepare(
            "SELECT c.id, c.period, c.\"end\", d.active_since, d.age_date,
                    (SELECT COUNT(*) FROM event_line e WHERE e.revision_id = c.id AND e.disposition IN ('rated', 'late')),
                    (SELECT COUNT(*) FROM event_line e WHERE e.revision_id = c.id AND e.disposition = 'not-rated'),
                    (SELECT COUNT(*) FROM event_line e WHERE e.revision_id = c.id AND e.disposition = 'deferred'),
                    (SELECT COUNT(*) FROM game_line g WHERE g.revision_id = c.id)
             FROM current_revision c LEFT JOIN revision_detail d ON d.revision_id = c.id
             ORDER BY c.\"end\", c.published, c.period",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(RecordedPeriod {
                revision_id: r.get(0)?,
                name: r.get(1)?,
                end: r.get(2)?,
                active_since: r.get(3)?,
                age_date: r.get(4)?,
                counts: PeriodCounts {
                    events_rated: r.get(5)?,
                    events_not_rated: r.get(6)?,
                    events_deferred: r.get(7)?,
                    games_rated: r.get(8)?,
                },
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The players of `periods` as the trends count them, in one query.
    pub fn earlier_periods(&self, periods: &[RecordedPeriod]) -> Result<Vec<EarlierPeriod>> {
        let place: HashMap<i64, usize> = periods.iter().enumerate().map(|(k, p)| (p.revision_id, k)).collect();
        let mut lines: Vec<Vec<PoolLine>> = vec![Vec::new(); periods.len()];
        let mut stmt = self.connection().prepare(
            "SELECT l.revision_id, l.player_id,
                    CASE WHEN l.status IN ('provisional', 'confirmed') THEN CAST(l.printed AS REAL) END,
                    l.status NOT IN ('new', 'removed') AND d.last_played >= rd.active_since,
                    l.status = 'confirmed' AND l.rating IS NOT NULL AND d.last_played >= rd.active_since
             FROM player_line l
             JOIN current_revision c ON c.id = l.revision_id
             LEFT JOIN revision_detail rd ON rd.revision_id = l.revision_id
             LEFT JOIN player_detail d ON d.revision_id = l.revision_id AND d.player_id = l.player_id
             ORDER BY l.revision_id, l.player_id",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let Some(&k) = place.get(&r.get::<_, i64>(0)?) else { continue };
            lines[k].push(PoolLine {
                id: r.get(1)?,
                rating: r.get(2)?,
                listed: r.get::<_, Option<bool>>(3)?.unwrap_or(false),
                pooled: r.get::<_, Option<bool>>(4)?.unwrap_or(false),
            });
        }
        Ok(periods
            .iter()
            .zip(lines)
            .map(|(p, lines)| EarlierPeriod {
                name: p.name.clone(),
                detailed: p.active_since.is_some(),
                lines,
                counts: p.counts.clone(),
            })
            .collect())
    }

    /// A recorded period's players in full, as the statistics of that
    /// period count them; `None` when the record does not hold who was active.
    pub fn period_facts(&self, period: &RecordedPeriod) -> Result<Option<ThisPeriod>> {
        let date = |d: &Option<String>| d.as_deref().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
        let (Some(active_since), Some(age_date)) = (period.active_since.clone(), date(&period.age_date)) else {
            return Ok(None);
        };
        let mut stmt = self.connection().prepare(
            "SELECT l.player_id, l.surname, l.first_names, l.state, l.status, l.printed, l.rating, l.change,
                    d.gender, d.birth_date, d.last_played
             FROM player_line l
             LEFT JOIN player_detail d ON d.revision_id = l.revision_id AND d.player_id = l.player_id
             WHERE l.revision_id = ?1 ORDER BY l.player_id",
        )?;
        let rows = stmt.query_map([period.revision_id], |r| {
            let (surname, first_names): (String, String) = (r.get(1)?, r.get(2)?);
            let status: String = r.get(4)?;
            let printed: String = r.get(5)?;
            let has_rating = r.get::<_, Option<f64>>(6)?.is_some();
            let birth: Option<String> = r.get(9)?;
            let last_played: Option<String> = r.get(10)?;
            let active = last_played.as_deref().is_some_and(|d| d >= active_since.as_str());
            let rated = status == "provisional" || status == "confirmed";
            Ok(PlayerFacts {
                id: r.get(0)?,
                name: if first_names.is_empty() { surname } else { format!("{surname}, {first_names}") },
                state: r.get(3)?,
                female: r.get::<_, Option<String>>(8)?.as_deref() == Some("F"),
                age: date(&birth).map(|b| age_at(b, age_date)),
                rating: if rated { crate::statistics::leading_number(&printed) } else { None },
                change: r.get(7)?,
                listed: status != "new" && status != "removed" && active,
                pooled: status == "confirmed" && has_rating && active,
                removed: status == "removed",
            })
        })?;
        let players = rows.collect::<Result<_, _>>()?;
        Ok(Some(ThisPeriod { name: period.name.clone(), players, counts: period.counts.clone() }))
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
