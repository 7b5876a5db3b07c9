//! `ratebook history ID`: a player's line in every recorded period.

use std::path::Path;

use anyhow::{bail, Result};

use crate::config::PeriodConfig;
use crate::model::words::Words;
use crate::model::Status;
use crate::record::query::HistoryLine;
use crate::record::Record;

/// A player's recorded periods, and the words of the rule set that rates them.
pub struct PlayerHistory {
    pub lines: Vec<HistoryLine>,
    pub words: Words,
}

/// The player's history from the data folder's record, oldest first.
pub fn history(data: &Path, id: u32) -> Result<PlayerHistory> {
    let config = PeriodConfig::load(&data.join("period.toml"))?;
    let Some(path) = super::recording::record_path(data, &config) else {
        bail!("period.toml keeps no record (record = false): there is no history to show");
    };
    let record = Record::open_existing_to_read(&path)?;
    let lines = record.history(id).map_err(|e| record.explain(e))?;
    if lines.is_empty() {
        bail!("no player with ID {id} in the record {}", path.display());
    }
    Ok(PlayerHistory { lines, words: config.system.rules().words() })
}

/// The history as a table: period, printed rating, games in the period,
/// change and status, in the rule set's words.
pub fn to_text(id: u32, history: &PlayerHistory) -> String {
    let (lines, words) = (&history.lines, &history.words);
    let last = lines.last().expect("a history has a line");
    let name = if last.first_names.is_empty() {
        last.surname.clone()
    } else {
        format!("{}, {}", last.surname, last.first_names)
    };
    let width = lines.iter().map(|l| l.period.chars().count()).max().unwrap_or(6).max(6);
    let mut out = format!(
        "{name} (ID {id})\n\n{:<width$}  {:>7}  {:>5}  {:>6}  status\n",
        "period", words.rating, "games", "change"
    );
    for l in lines {
        let change = l.change.map(|c| format!("{c:+.0}")).unwrap_or_default();
        out += &format!(
            "{:<width$}  {:>7}  {:>5}  {:>6}  {}\n",
            l.period,
            l.printed,
            l.games_period,
            change,
            status_word(&l.status, words)
        );
    }
    out
}

/// A recorded status ("confirmed", "removed", …) in the rule set's words.
fn status_word<'a>(recorded: &'a str, words: &Words) -> &'a str {
    Status::parse(recorded).map_or(recorded, |s| words.status(s))
}
