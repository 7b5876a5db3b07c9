//! `ratebook explain`: one player's calculation, step by step, as the rules
//! page shows it. The player is named by ID or by name (case and accents set
//! aside, `Surname, First names` or `First names Surname`, or the start of
//! each word); a name several players fit lists them.

use anyhow::Result;

use crate::ingest::DataFolder;
use crate::model::names::fold;
use crate::model::words::Words;
use crate::model::Player;

/// What `explain` found.
#[derive(Debug, Clone, PartialEq)]
pub enum Explained {
    /// The calculation of the one player meant.
    One(String),
    /// Several players fit the name: the candidates, to choose by ID, and
    /// the rule set's words for the table's heading.
    Several(Vec<Candidate>, Words),
    /// Nobody fits.
    Nobody,
}

/// A player a name fits.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub id: u32,
    /// `Surname, First names`.
    pub name: String,
    pub state: String,
    pub birth_year: Option<i32>,
    /// The rating this period publishes, as the lists print it.
    pub rating: String,
}

/// The calculation of the player `who` names (an ID or a name).
pub fn explain(folder: &DataFolder, who: &str) -> Result<Explained> {
    let (loaded, ratings) = super::rate_only(folder)?;
    let period = &loaded.validated.period;
    // The players as rated (in the period's order, which `explain` takes):
    // each candidate's name, state and printed rating from one value.
    let players = &ratings.players;
    let fitting = find(players, who);
    Ok(match fitting.as_slice() {
        [] => Explained::Nobody,
        [p] => Explained::One(crate::rate::explain(loaded.system(), period, &ratings, *p).to_text()),
        several => Explained::Several(
            several
                .iter()
                .map(|&p| {
                    let player = &players[p];
                    Candidate {
                        id: player.id,
                        name: player.display_name(),
                        state: player.state.clone().unwrap_or_default(),
                        birth_year: player.birth_date.map(|d| chrono::Datelike::year(&d)),
                        rating: loaded.system().printed(player),
                    }
                })
                .collect(),
            loaded.system().words(),
        ),
    })
}

impl Candidate {
    /// The candidates as a table, in the rule set's `words`, with what to
    /// run next (`command`: `explain`, `history`).
    pub fn table(who: &str, candidates: &[Candidate], words: &Words, command: &str) -> String {
        let mut text = format!("{} players fit \"{}\":\n", candidates.len(), who.trim());
        let width = candidates.iter().map(|c| c.name.chars().count()).max().unwrap_or(0);
        text.push_str(&format!(
            "  {:>8}  {:width$}  {:5}  {:4}  {}\n",
            "ID", "Name", "State", "Born", words.rating_title
        ));
        for c in candidates {
            let born = c.birth_year.map(|y| y.to_string()).unwrap_or_default();
            text.push_str(&format!("  {:>8}  {:width$}  {:5}  {:4}  {}\n", c.id, c.name, c.state, born, c.rating));
        }
        text.push_str(&format!("Run `ratebook {command} ID` with the ID of the player you mean.\n"));
        text
    }
}

/// The players (indices into `players`) that `who` names: the one with that
/// ID when it is a number; otherwise those whose name is exactly it, or,
/// when nobody's is, those whose name it fits (every word of it the start
/// of a word of the name; with a comma, the part before it fits the surname
/// and the part after it the first names).
pub fn find(players: &[Player], who: &str) -> Vec<usize> {
    let who = who.trim();
    if let Ok(id) = who.parse::<u32>() {
        return players.iter().position(|p| p.id == id).into_iter().collect();
    }
    // Both foldings of a name: `ü` as `u` and as `ue`.
    let folds = |s: &str| [fold(s, false), fold(s, true)];
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let (surname_part, first_part) = match who.split_once(',') {
        Some((s, f)) => (Some(fold(s, false)), fold(f, false)),
        None => (None, fold(who, false)),
    };
    if surname_part.as_deref().unwrap_or(&first_part).is_empty() && first_part.is_empty() {
        return Vec::new();
    }
    let starts = |query: &str, name: &str| {
        let name = words(name);
        words(query).iter().all(|q| name.iter().any(|w| w.starts_with(q.as_str())))
    };
    let exact = |p: &Player| {
        folds(&p.surname).iter().zip(folds(&p.first_names).iter()).any(|(s, f)| match &surname_part {
            Some(sq) => sq == s && first_part == *f,
            None => first_part == format!("{f} {s}").trim() || first_part == format!("{s} {f}").trim(),
        })
    };
    let fits = |p: &Player| {
        folds(&p.surname).iter().zip(folds(&p.first_names).iter()).any(|(s, f)| match &surname_part {
            Some(sq) => starts(sq, s) && starts(&first_part, f),
            None => starts(&first_part, &format!("{s} {f}")),
        })
    };
    let exactly: Vec<usize> = (0..players.len()).filter(|&i| exact(&players[i])).collect();
    if !exactly.is_empty() {
        return exactly;
    }
    (0..players.len()).filter(|&i| fits(&players[i])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Vec<Player> {
        [
            (3054, "Hanna", "Joseph"),
            (101, "Anderson", "Stephen"),
            (102, "Anderson", "Stephen"),
            (103, "Anderson", "Mary Jane"),
            (104, "Müller", "Jürgen"),
            (105, "Lee", "Kim"),
            (106, "Lee", "Kimberly"),
        ]
        .iter()
        .map(|(id, s, f)| Player::new(*id, s, f))
        .collect()
    }

    fn ids(who: &str) -> Vec<u32> {
        let players = players();
        find(&players, who).into_iter().map(|i| players[i].id).collect()
    }

    #[test]
    fn a_name_in_either_order_any_case_and_accents() {
        assert_eq!(ids("3054"), [3054]);
        assert_eq!(ids("Hanna, Joseph"), [3054]);
        assert_eq!(ids("joseph hanna"), [3054]);
        assert_eq!(ids("HANNA"), [3054]);
        assert_eq!(ids("Muller"), [104]);
        assert_eq!(ids("Mueller, Juergen"), [104]);
        assert_eq!(ids("jürgen müller"), [104]);
    }

    #[test]
    fn part_of_a_name_and_namesakes_give_candidates() {
        assert_eq!(ids("Anderson, Stephen"), [101, 102]);
        assert_eq!(ids("Anderson"), [101, 102, 103]);
        assert_eq!(ids("anders, m"), [103]);
        assert_eq!(ids("Mary Anderson"), [103]);
        // An exact name wins over names it is the start of.
        assert_eq!(ids("Lee, Kim"), [105]);
        assert_eq!(ids("Lee, Kimb"), [106]);
        assert!(ids("Nobody").is_empty());
        assert!(ids("9999").is_empty());
        assert!(ids(" , ").is_empty());
    }
}

/// Says the calculation, or the players a name fits; exit 1 when nobody fits.
pub fn said(folder: &DataFolder, who: &str) -> Result<super::Said> {
    let mut said = super::Said::default();
    match explain(folder, who)? {
        Explained::One(text) => said.out(text),
        Explained::Several(candidates, words) => said.out(Candidate::table(who, &candidates, &words, "explain")),
        Explained::Nobody => {
            let what = if who.trim().parse::<u32>().is_ok() { "with ID" } else { "named" };
            said.err(format!(
                "ratebook: no player {what} {} in the player file or this period's reports\n",
                who.trim()
            ));
            return Ok(said.with_code(1));
        }
    };
    Ok(said)
}
