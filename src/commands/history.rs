//! `ratebook history ID-OR-NAME`: a player's line in every recorded period.
//! The player is named as `explain` names him (an ID, or a name found by
//! [`super::explain::find`] among the players of the last recorded list).

use anyhow::{bail, Result};

use super::explain::{find, Candidate};
use crate::ingest::DataFolder;
use crate::model::words::Words;
use crate::model::Player;
use crate::record::lines::LineStatus;
use crate::record::query::HistoryLine;
use crate::record::{Access, Record};

/// A player's recorded periods, and the words of the rule set that rates them.
pub struct PlayerHistory {
    pub lines: Vec<HistoryLine>,
    pub words: Words,
}

/// What `history` found.
pub enum Histories {
    /// The one player meant: his ID and his lines, oldest first.
    One(u32, PlayerHistory),
    /// Several players of the last recorded list fit the name, and the
    /// rule set's words for the table of them.
    Several(Vec<Candidate>, Words),
}

/// The history of the player `who` names (an ID or a name) from the data
/// folder's record.
pub fn history(folder: &DataFolder, who: &str) -> Result<Histories> {
    let config = &folder.config;
    let Some(path) = folder.record() else {
        bail!("period.toml keeps no record (record = false): there is no history to show");
    };
    let record = Record::open(&path, Access::Read)?;
    let words = crate::rate::configured(config).words();
    let id = match who.trim().parse::<u32>() {
        Ok(id) => id,
        Err(_) => {
            // The names of the last recorded list (as it printed them).
            let (lines, born) = match record.periods().map_err(|e| record.explain(e))?.pop() {
                Some(last) => (
                    record.player_lines(last.id).map_err(|e| record.explain(e))?,
                    record.birth_years(last.id).map_err(|e| record.explain(e))?,
                ),
                None => Default::default(),
            };
            let players: Vec<Player> = lines.iter().map(|l| Player::new(l.id, &l.surname, &l.first_names)).collect();
            match find(&players, who).as_slice() {
                [] => bail!("nobody named \"{}\" in the record {}", who.trim(), path.display()),
                [one] => lines[*one].id,
                several => {
                    let candidates = several
                        .iter()
                        .map(|&i| Candidate {
                            id: lines[i].id,
                            name: lines[i].display_name(),
                            state: lines[i].state.clone().unwrap_or_default(),
                            birth_year: born.get(&lines[i].id).copied(),
                            rating: lines[i].printed.clone(),
                        })
                        .collect();
                    return Ok(Histories::Several(candidates, words));
                }
            }
        }
    };
    let lines = record.history(id).map_err(|e| record.explain(e))?;
    if lines.is_empty() {
        bail!("no player with ID {id} in the record {}", path.display());
    }
    Ok(Histories::One(id, PlayerHistory { lines, words }))
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
    for (k, l) in lines.iter().enumerate() {
        let change = l.change.map(|c| format!("{c:+.0}")).unwrap_or_default();
        // The list the system changed with (its change is his games' alone).
        let before = k.checked_sub(1).and_then(|b| lines[b].system);
        let switched = match crate::statistics::switch_between(before, l.system) {
            Some((was, is)) => format!("  (the rating system changed with this list, from {was} to {is})"),
            None => String::new(),
        };
        out += &format!(
            "{:<width$}  {:>7}  {:>5}  {:>6}  {}{switched}\n",
            l.period,
            l.printed,
            l.games_period,
            change,
            status_word(l.status, words)
        );
    }
    out
}

/// A recorded status ("confirmed", "removed", …) in the rule set's words.
fn status_word(recorded: LineStatus, words: &Words) -> &'static str {
    match recorded {
        LineStatus::Listed(status) => words.status(status),
        LineStatus::Removed => LineStatus::Removed.as_str(),
    }
}

/// Says the player's history, or the players a name fits.
pub fn said(folder: &DataFolder, who: &str) -> Result<super::Said> {
    let mut said = super::Said::default();
    match history(folder, who)? {
        Histories::One(id, history) => said.out(to_text(id, &history)),
        Histories::Several(candidates, words) => said.out(Candidate::table(who, &candidates, &words, "history")),
    };
    Ok(said)
}
