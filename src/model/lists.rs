//! A player's state on each rating list a federation keeps beside its main
//! one (the rapid and blitz lists beside the standard one): the player
//! file's main columns (`Rating`, `Status`, `Games` …) hold the main list,
//! each other list has the same columns under its name (`Rapid rating`,
//! `Rapid status`, `Rapid games` …) and its rule set's own (`Rapid K`).
//! A list is rated from its view of the file ([`PlayerFile::list_view`]):
//! the same players with that list's state in the main fields, so that a
//! rule set reads every list as it reads the one list of today; what it
//! works out goes back with [`PlayerFile::set_list`].

use chrono::NaiveDate;

use super::{ExtraValue, Player, PlayerFile, Status};

/// The main columns of a list's state, as the main list names them, in the
/// order the player file writes them under another list's name.
pub const STATE_COLUMNS: [&str; 6] = ["Rating", "Status", "Games", "Score", "Opp avg", "Last played"];

/// A player's state on a rating list beside the main one: the fields the
/// main list keeps in [`Player`] (`rating` … `last_played`), and the
/// list's own columns (its rule set's: K, RD …).
#[derive(Debug, Clone, PartialEq)]
pub struct ListState {
    pub rating: Option<f64>,
    pub status: Status,
    pub games: u32,
    pub score: f64,
    pub opp_avg: Option<f64>,
    pub last_played: Option<NaiveDate>,
    /// In the order of the list's [`ListColumns::extra_columns`].
    pub extra: Vec<ExtraValue>,
}

impl ListState {
    /// A player new to the list: no rating, no games, every own column blank.
    pub fn new(extra: usize) -> ListState {
        ListState {
            rating: None,
            status: Status::New,
            games: 0,
            score: 0.0,
            opp_avg: None,
            last_played: None,
            extra: vec![ExtraValue::Empty; extra],
        }
    }

    /// The state the main fields of `player` hold.
    fn of_main(player: &Player) -> ListState {
        ListState {
            rating: player.rating,
            status: player.status,
            games: player.games,
            score: player.score,
            opp_avg: player.opp_avg,
            last_played: player.last_played,
            extra: player.extra.clone(),
        }
    }

    /// Puts this state in the main fields of `player`.
    fn into_main(self, player: &mut Player) {
        player.rating = self.rating;
        player.status = self.status;
        player.games = self.games;
        player.score = self.score;
        player.opp_avg = self.opp_avg;
        player.last_played = self.last_played;
        player.extra = self.extra;
    }
}

/// One rating list's columns in the player file, beside the main list's.
#[derive(Debug, Clone, PartialEq)]
pub struct ListColumns {
    /// The list's name in `period.toml` (`rapid`).
    pub name: String,
    /// The list's own columns (its rule set's), named without the list's
    /// name (`K`, `Pool`), as the rule set names them.
    pub extra_columns: Vec<String>,
}

impl ListColumns {
    /// A list with no own columns yet.
    pub fn new(name: &str) -> ListColumns {
        ListColumns { name: name.to_string(), extra_columns: Vec::new() }
    }

    /// The heading of one of the list's columns: `Rapid rating`, `Rapid K`.
    pub fn heading(&self, column: &str) -> String {
        list_column(&self.name, column)
    }

    /// Every heading of the list's columns, in the order they are written.
    pub fn headings(&self) -> Vec<String> {
        STATE_COLUMNS
            .iter()
            .map(|c| c.to_string())
            .chain(self.extra_columns.iter().cloned())
            .map(|c| self.heading(&c))
            .collect()
    }
}

/// The name a list's columns start with: `Rapid` for `rapid`, `Quick play`
/// for `quick_play`.
pub fn list_title(name: &str) -> String {
    let spaced = name.trim().replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The heading of `column` on the list `name`: the list's title, then the
/// column's name with its first letter lower case unless the name is an
/// abbreviation (`Rapid rating`, `Rapid opp avg`, `Rapid K`, `Rapid RD`).
pub fn list_column(name: &str, column: &str) -> String {
    let column = column.trim();
    let abbreviation = column.chars().filter(|c| c.is_alphabetic()).all(char::is_uppercase);
    let lowered: String = match column.chars().next() {
        Some(first) if !abbreviation => first.to_lowercase().chain(column.chars().skip(1)).collect(),
        _ => column.to_string(),
    };
    format!("{} {lowered}", list_title(name))
}

/// Which of a player file's rating lists: the main one or another, by its
/// position in [`PlayerFile::lists`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhichList {
    Main,
    Other(usize),
}

/// A list's view of a player file ([`PlayerFile::list_view`]).
#[derive(Debug, Clone)]
pub struct ListView {
    pub file: PlayerFile,
    /// The positions of the players who start the list from their rating
    /// on the list it starts from (new to it, rated there).
    pub started: Vec<usize>,
}

impl PlayerFile {
    /// The state of player `p` on `list` (`None`: no such list).
    pub fn state(&self, p: usize, list: WhichList) -> Option<ListState> {
        let player = self.players.get(p)?;
        match list {
            WhichList::Main => Some(ListState::of_main(player)),
            WhichList::Other(k) => {
                let columns = self.lists.get(k)?;
                Some(player.lists.get(k).cloned().unwrap_or_else(|| ListState::new(columns.extra_columns.len())))
            }
        }
    }

    /// The file as `list`'s rule set rates it: every player with his
    /// details as they are and his state on `list` in the main fields
    /// (`rating`, `status`, `games` … and the list's own columns as the
    /// extra columns), no other list's. With `start_from`, a player who has
    /// no published rating on `list` but has one on `start_from` starts
    /// with that rating and status (his games on `list` kept), as FIDE's
    /// rapid and blitz regulations (7.2.1) start a player from his standard
    /// rating. The main list's view keeps the file's other columns (the
    /// ones carried unchanged) as today.
    pub fn list_view(&self, list: WhichList, start_from: Option<WhichList>) -> ListView {
        let extra_columns = match list {
            WhichList::Main => self.extra_columns.clone(),
            WhichList::Other(k) => self.lists.get(k).map(|l| l.extra_columns.clone()).unwrap_or_default(),
        };
        let mut started = Vec::new();
        let players = (0..self.players.len())
            .map(|p| {
                let mut player = self.players[p].clone();
                player.lists = Vec::new();
                let mut state = self.state(p, list).expect("the list is one of the file's");
                if let Some(from) = start_from.filter(|from| *from != list) {
                    let there = self.state(p, from).filter(|s| s.status.is_rated() && s.rating.is_some());
                    if let Some(there) = there.filter(|_| !state.status.is_rated()) {
                        state.rating = there.rating;
                        state.status = there.status;
                        started.push(p);
                    }
                }
                state.into_main(&mut player);
                player
            })
            .collect();
        ListView { file: PlayerFile { players, extra_columns, origin: None, lists: Vec::new() }, started }
    }

    /// Puts what `list`'s rule set worked out back: `rated` holds this
    /// file's players in its order (by ID), each with his new state on the
    /// list in the main fields and the list's own columns as its extra
    /// columns. The main list takes the players' details from `rated` too
    /// (a rule set may correct them, as it does today). Players `rated` does
    /// not hold (a list's view is of every player) are an error.
    pub fn set_list(&mut self, list: WhichList, rated: &PlayerFile) -> Result<(), String> {
        if rated.players.len() != self.players.len() {
            return Err(format!(
                "the {} list holds {} players, the file {}",
                self.list_name(list),
                rated.players.len(),
                self.players.len()
            ));
        }
        if let Some((p, r)) = self.players.iter().zip(&rated.players).find(|(p, r)| p.id != r.id) {
            return Err(format!(
                "the {} list holds player {} where the file holds {}",
                self.list_name(list),
                r.id,
                p.id
            ));
        }
        match list {
            WhichList::Main => {
                for (player, new) in self.players.iter_mut().zip(&rated.players) {
                    let lists = std::mem::take(&mut player.lists);
                    *player = Player { lists, ..new.clone() };
                }
                self.extra_columns = rated.extra_columns.clone();
            }
            WhichList::Other(k) => {
                let columns = self.lists.get_mut(k).ok_or_else(|| format!("the file has no list {k}"))?;
                columns.extra_columns = rated.extra_columns.clone();
                let widths: Vec<usize> = self.lists.iter().map(|l| l.extra_columns.len()).collect();
                for (player, new) in self.players.iter_mut().zip(&rated.players) {
                    while player.lists.len() < widths.len() {
                        player.lists.push(ListState::new(widths[player.lists.len()]));
                    }
                    player.lists[k] = ListState::of_main(new);
                }
            }
        }
        Ok(())
    }

    /// The name of a list, for messages: "main", or the list's.
    fn list_name(&self, list: WhichList) -> String {
        match list {
            WhichList::Main => "main".to_string(),
            WhichList::Other(k) => self.lists.get(k).map_or_else(|| format!("{k}th"), |l| l.name.clone()),
        }
    }
}

#[cfg(test)]
mod tests;
