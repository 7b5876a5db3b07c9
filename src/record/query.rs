//! What the record answers: a player's history, what a new list would
//! change against the last recorded one (`period --dry-run`), and whether a
//! correction is in the record already.

use std::collections::{HashMap, HashSet};

use anyhow::Result;

use super::{PlayerLine, Record};
use crate::model::system::SystemName;

/// One recorded period of a player's history (the site draws his chart
/// from these).
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryPoint {
    pub period: String,
    /// The published rating (provisional or confirmed), unrounded.
    pub rating: Option<f64>,
    /// As the list printed it.
    pub printed: String,
}

/// Every player's recorded periods, oldest first, by ID.
pub type History = std::collections::HashMap<u32, Vec<HistoryPoint>>;

/// One period of a player's history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryLine {
    pub period: String,
    pub end: String,
    pub surname: String,
    pub first_names: String,
    pub status: super::lines::LineStatus,
    pub rating: Option<f64>,
    pub printed: String,
    pub games_period: u32,
    pub change: Option<f64>,
    /// The rule set the period was rated under.
    pub system: Option<SystemName>,
}

impl Record {
    /// The correction (ID, what) that made a revision, if one did.
    pub fn correction_of(&self, revision_id: i64) -> Result<Option<(i64, String)>> {
        use rusqlite::OptionalExtension;
        Ok(self
            .connection()
            .query_row(
                "SELECT c.id, c.what FROM revision r JOIN correction c ON c.id = r.correction_id WHERE r.id = ?1",
                [revision_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// The other published revisions of `period` than `current`, as (ID,
    /// revision number), the latest first: the revisions a correction superseded.
    pub fn superseded_revisions(&self, period: &str, current: i64) -> Result<Vec<(i64, i64)>> {
        let mut stmt = self.connection().prepare(
            "SELECT id, revision FROM revision WHERE period = ?1 AND state = 'published' AND id <> ?2
             ORDER BY revision DESC",
        )?;
        let rows = stmt.query_map(rusqlite::params![period, current], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The output folder a revision was published into, if the record knows it.
    pub fn output_of(&self, revision_id: i64) -> Result<Option<String>> {
        Ok(self.connection().query_row("SELECT output FROM revision WHERE id = ?1", [revision_id], |r| r.get(0))?)
    }

    /// Refuses a period rated under `system` when the record holds other
    /// periods of another rule set: their ratings are on other scales, and a
    /// change from one to the other would be recorded as a rating change. (A
    /// revision of the one period recorded, under another rule set, mixes
    /// nothing.)
    pub fn check_system(&self, system: &str, period: &str) -> Result<()> {
        use rusqlite::OptionalExtension;
        let other: Option<(String, String)> = self
            .connection()
            .query_row(
                "SELECT system, period FROM current_revision WHERE system <> ?1 AND period <> ?2
                 ORDER BY \"end\" DESC LIMIT 1",
                [system, period],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        if let Some((other, recorded)) = other {
            let title = |code: &str| SystemName::parse(code).map_or(code.to_string(), |s| s.to_string());
            let (other, system) = (title(&other), title(system));
            anyhow::bail!(
                "the record {} holds periods rated under the {other} rules ({recorded} among them), and {period} is rated under {system}: ratings of two rule sets do not mix in one record; name another record with `record = \"NAME.sqlite\"` in period.toml, or correct `system`",
                self.path().display()
            );
        }
        Ok(())
    }

    /// Whether a published revision of `period` held the event `code` (any case).
    pub fn had_event(&self, period: &str, code: &str) -> Result<bool> {
        let found: i64 = self.connection().query_row(
            "SELECT COUNT(*) FROM event_line e JOIN revision r ON r.id = e.revision_id
             WHERE r.period = ?1 AND r.state = 'published' AND UPPER(e.code) = UPPER(?2)",
            [period, code],
            |r| r.get(0),
        )?;
        Ok(found > 0)
    }

    /// When a published correction merged DROP into KEEP already: what to say.
    pub fn merged_already(&self, keep: u32, drop: u32) -> Result<Option<String>> {
        use rusqlite::OptionalExtension;
        let detail = format!("{drop} merged into {keep} from %");
        let id: Option<i64> = self
            .connection()
            .query_row(
                "SELECT id FROM corrections WHERE what LIKE '%players merged%' AND detail LIKE ?1 ORDER BY id DESC",
                [detail],
                |r| r.get(0),
            )
            .optional()?;
        Ok(id.map(|id| {
            format!("{drop} is merged into {keep} already (correction {id}): nothing was re-rated, recorded or written")
        }))
    }

    /// The player's line in every recorded period, oldest first (the
    /// `ratings` view, by the index on player IDs).
    pub fn history(&self, id: u32) -> Result<Vec<HistoryLine>> {
        let mut stmt = self.connection().prepare(
            "SELECT c.period, c.\"end\", l.surname, l.first_names, l.status, l.rating, l.printed, l.games_period, l.change,
                    c.system
             FROM player_line l JOIN current_revision c ON c.id = l.revision_id
             WHERE l.player_id = ?1
             ORDER BY c.\"end\", c.published",
        )?;
        let rows = stmt.query_map([id], |r| {
            Ok(HistoryLine {
                period: r.get(0)?,
                end: r.get(1)?,
                surname: r.get(2)?,
                first_names: r.get(3)?,
                status: r.get(4)?,
                rating: r.get(5)?,
                printed: r.get(6)?,
                games_period: r.get(7)?,
                change: r.get(8)?,
                system: r.get::<_, String>(9).ok().as_deref().and_then(SystemName::parse),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every player's published line in each period ending on or before
    /// `end` (current revisions), oldest first: the site's rating charts.
    pub fn history_before(&self, end: &str) -> Result<History> {
        self.list_history_before(end, None)
    }

    /// [`Record::history_before`] on the rating list `list` (`None`: the main list).
    pub fn list_history_before(&self, end: &str, list: Option<&str>) -> Result<History> {
        let (lines, on_list) = match list {
            Some(_) => ("list_line", "AND l.list = ?2"),
            None => ("player_line", "AND ?2 IS NULL"),
        };
        let mut stmt = self.connection().prepare(&format!(
            "SELECT l.player_id, c.period, l.status, l.rating, l.printed
             FROM {lines} l JOIN current_revision c ON c.id = l.revision_id
             WHERE c.\"end\" <= ?1 {on_list}
             ORDER BY l.player_id, c.\"end\", c.published"
        ))?;
        let mut history = History::new();
        let mut rows = stmt.query(rusqlite::params![end, list])?;
        while let Some(r) = rows.next()? {
            let status: super::lines::LineStatus = r.get(2)?;
            let rated = status.is_rated();
            let rating: Option<f64> = r.get(3)?;
            history.entry(r.get(0)?).or_default().push(HistoryPoint {
                period: r.get(1)?,
                rating: rating.filter(|_| rated),
                printed: r.get(4)?,
            });
        }
        Ok(history)
    }

    /// The rating lists a revision kept beside the main one, in order.
    pub fn lists_of(&self, revision_id: i64) -> Result<Vec<String>> {
        let mut stmt =
            self.connection().prepare("SELECT list FROM revision_list WHERE revision_id = ?1 ORDER BY position")?;
        let rows = stmt.query_map([revision_id], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The player lines of a revision on the rating list `list` beside the
    /// main one, by player ID (each with his name and state as the main
    /// list's line has them); none when the revision did not keep it.
    pub fn list_lines(&self, revision_id: i64, list: &str) -> Result<Vec<PlayerLine>> {
        let mut stmt = self.connection().prepare(
            "SELECT l.player_id, p.surname, p.first_names, p.state, l.status, l.rating, l.printed, l.games_period,
                    l.games_total, l.change
             FROM list_line l JOIN player_line p ON p.revision_id = l.revision_id AND p.player_id = l.player_id
             WHERE l.revision_id = ?1 AND l.list = ?2 ORDER BY l.player_id",
        )?;
        let rows = stmt.query_map(rusqlite::params![revision_id, list], PlayerLine::from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The highest player ID any revision holds (one a killed run left
    /// staged too: it only raises the bar), by the index on player IDs: a
    /// newcomer the record has not numbered gets one above it.
    pub fn highest_id(&self) -> Result<u32> {
        let highest: Option<u32> =
            self.connection().query_row("SELECT MAX(player_id) FROM player_line", [], |r| r.get(0))?;
        Ok(highest.unwrap_or(0))
    }

    /// Each player's year of birth as the details of a revision hold it
    /// (the players without a birth date left out), by ID: `history`
    /// names its candidates with it, as `explain` does.
    pub fn birth_years(&self, revision_id: i64) -> Result<HashMap<u32, i32>> {
        let mut stmt = self.connection().prepare(
            "SELECT player_id, birth_date FROM player_detail WHERE revision_id = ?1 AND birth_date IS NOT NULL",
        )?;
        let rows = stmt.query_map([revision_id], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?)))?;
        let mut years = HashMap::new();
        for row in rows {
            let (id, date) = row?;
            if let Some(year) = date.get(..4).and_then(|y| y.parse().ok()) {
                years.insert(id, year);
            }
        }
        Ok(years)
    }

    /// The name each of `ids` was last recorded under ("Surname, First
    /// names"), for the players the record holds; the site names an
    /// opponent no longer in the player file by it.
    pub fn last_names(&self, ids: &[u32]) -> Result<HashMap<u32, String>> {
        let mut stmt = self.connection().prepare(
            "SELECT l.surname, l.first_names FROM player_line l JOIN current_revision c ON c.id = l.revision_id
             WHERE l.player_id = ?1 ORDER BY c.\"end\" DESC, c.published DESC LIMIT 1",
        )?;
        let mut names = HashMap::new();
        for &id in ids {
            let mut rows = stmt.query([id])?;
            if let Some(r) = rows.next()? {
                let (surname, first): (String, String) = (r.get(0)?, r.get(1)?);
                names.insert(id, if first.is_empty() { surname } else { format!("{surname}, {first}") });
            }
        }
        Ok(names)
    }

    /// Every player ID ever recorded.
    pub fn known_ids(&self) -> Result<HashSet<u32>> {
        let mut stmt = self.connection().prepare("SELECT DISTINCT player_id FROM player_line")?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// What a list changes against the one before.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListChanges {
    /// The list compared with (`None`: the record holds none).
    pub against: Option<String>,
    /// Listed now, never recorded before.
    pub new: Vec<PlayerLine>,
    /// Listed before, removed or gone now.
    pub removed: Vec<PlayerLine>,
    /// Listed now, not in the list before but in an earlier one.
    pub returning: Vec<PlayerLine>,
    /// The largest rating changes (both rated), largest first.
    pub largest: Vec<(PlayerLine, f64)>,
    /// The changes are the period's games' alone (a period that changes
    /// the rule set: what the switch did is said apart).
    pub from_games: bool,
}

/// Whether a line is on the list (has played and is not removed).
fn listed(line: &PlayerLine) -> bool {
    line.status.is_listed()
}

/// Compares the new lines with the last recorded list `before` (`known`:
/// every ID the record holds).
pub fn list_changes(
    against: Option<&str>,
    lines: &[PlayerLine],
    before: &[PlayerLine],
    known: &HashSet<u32>,
    largest: usize,
) -> ListChanges {
    let before_by_id: HashMap<u32, &PlayerLine> = before.iter().map(|l| (l.id, l)).collect();
    let now_by_id: HashMap<u32, &PlayerLine> = lines.iter().map(|l| (l.id, l)).collect();
    let mut changes = ListChanges { against: against.map(str::to_string), ..ListChanges::default() };
    for line in lines.iter().filter(|l| listed(l)) {
        match before_by_id.get(&line.id) {
            Some(b) if listed(b) => {
                if let Some(change) = super::lines::change(line, Some(b)).filter(|c| c.abs() >= 0.005) {
                    changes.largest.push((line.clone(), change));
                }
            }
            _ if known.contains(&line.id) => changes.returning.push(line.clone()),
            _ => changes.new.push(line.clone()),
        }
    }
    for b in before.iter().filter(|b| listed(b)) {
        if !now_by_id.get(&b.id).is_some_and(|l| listed(l)) {
            changes.removed.push(b.clone());
        }
    }
    changes.largest.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.id.cmp(&b.0.id)));
    changes.largest.truncate(largest);
    changes
}

impl ListChanges {
    /// The largest changes of a period that changes the rule set: each
    /// line's own change, his games' (against the new rule set's start),
    /// not the switch's.
    pub fn from_games(mut self, lines: &[PlayerLine], before: &[PlayerLine], largest: usize) -> ListChanges {
        let listed_before: HashSet<u32> = before.iter().filter(|b| listed(b)).map(|b| b.id).collect();
        let mut changes: Vec<(PlayerLine, f64)> = lines
            .iter()
            .filter(|l| listed(l) && listed_before.contains(&l.id))
            .filter_map(|l| Some((l.clone(), l.change.filter(|c| c.abs() >= 0.005)?)))
            .collect();
        changes.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.id.cmp(&b.0.id)));
        changes.truncate(largest);
        self.largest = changes;
        self.from_games = true;
        self
    }

    /// The changes as the terminal prints them.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let Some(against) = &self.against else {
            return "the record holds no list yet: this would be its first publication\n".to_string();
        };
        out += &format!("against the {against} list:\n");
        let names = |lines: &[PlayerLine]| {
            let mut shown: Vec<String> =
                lines.iter().take(10).map(|l| format!("{} ({}) {}", l.display_name(), l.id, l.printed)).collect();
            if lines.len() > 10 {
                shown.push(format!("and {} more", lines.len() - 10));
            }
            shown.join("; ")
        };
        for (what, lines) in [("new", &self.new), ("returning", &self.returning), ("removed", &self.removed)] {
            out += &format!("  {what}: {}", lines.len());
            if !lines.is_empty() {
                out += &format!(" ({})", names(lines));
            }
            out += "\n";
        }
        if self.largest.is_empty() {
            out += "  no rating changes\n";
        } else {
            out += if self.from_games {
                "  largest changes from this period's games (what the switch did is above):\n"
            } else {
                "  largest changes:\n"
            };
            for (line, change) in &self.largest {
                out += &format!("    {:+6.0}  {} ({}) now {}\n", change, line.display_name(), line.id, line.printed);
            }
        }
        out
    }
}
