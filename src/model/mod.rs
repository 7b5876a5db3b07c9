//! The plain types that flow between the stages: players and their statuses,
//! events, games and results, and the helpers every stage shares (dates and
//! ages, names, time controls and rates of play, the rule sets' names, a
//! player's state on each rating list). Nothing here reads files
//! or computes ratings.

pub mod dates;
pub mod lists;
pub mod names;
pub mod rate_of_play;
pub mod results;
pub mod system;
pub mod time_control;
pub mod words;

use chrono::NaiveDate;

/// Half away from zero (ACF's and NZCF's D: 198.5 → 199, −198.5 → −199).
pub fn round_half_away(x: f64) -> i64 {
    let r = (x.abs() + 0.5 + 1e-9).floor();
    (r as i64) * if x < 0.0 { -1 } else { 1 }
}

/// A player's rating status (acf.md, "Who is what").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// In the player file, never played a rated game.
    New,
    /// Has played rated games but has no published rating.
    Unrated,
    /// 9 to 29 games with a score inside the limits: rating printed with `p`.
    Provisional,
    /// An established rating.
    Confirmed,
}

impl Status {
    /// The word used in the player file's `Status` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::Unrated => "unrated",
            Status::Provisional => "provisional",
            Status::Confirmed => "confirmed",
        }
    }

    /// Parses the player file's `Status` column (case-insensitive), in any
    /// rule set's words ([`words::Words::status`]): "established", "graded"
    /// and "rated" are confirmed, "ungraded" is unrated.
    pub fn parse(text: &str) -> Option<Status> {
        match text.trim().to_ascii_lowercase().as_str() {
            "new" => Some(Status::New),
            "unrated" | "ungraded" => Some(Status::Unrated),
            "provisional" => Some(Status::Provisional),
            "confirmed" | "established" | "graded" | "rated" => Some(Status::Confirmed),
            _ => None,
        }
    }

    /// Provisional or confirmed: a rating other players' calculations may use.
    pub fn is_rated(self) -> bool {
        matches!(self, Status::Provisional | Status::Confirmed)
    }
}

/// `M` or `F`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gender {
    Male,
    Female,
}

impl Gender {
    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Male => "M",
            Gender::Female => "F",
        }
    }

    pub fn parse(text: &str) -> Option<Gender> {
        match text.trim().to_ascii_uppercase().as_str() {
            "M" | "MALE" => Some(Gender::Male),
            "F" | "FEMALE" | "W" => Some(Gender::Female),
            _ => None,
        }
    }
}

/// A cell value of a column ratebook does not know, carried unchanged from the
/// old player file into the new one.
#[derive(Debug, Clone, PartialEq)]
pub enum ExtraValue {
    Empty,
    Text(String),
    Number(f64),
    Bool(bool),
    Date(NaiveDate),
}

/// One row of the player file: the player's details and rating state.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    pub id: u32,
    pub surname: String,
    pub first_names: String,
    pub gender: Option<Gender>,
    pub birth_date: Option<NaiveDate>,
    pub state: Option<String>,
    pub club: Option<String>,
    /// Current rating, unrounded (also kept for unrated players who have a
    /// performance rating that is not published).
    pub rating: Option<f64>,
    pub status: Status,
    /// Rated games counted so far (`NGo`).
    pub games: u32,
    /// Total score in those games (`TSo`, partially-rated players).
    pub score: f64,
    /// Average opponent rating in those games (`ARo`, partially-rated players).
    pub opp_avg: Option<f64>,
    /// End date of the last rated event in which the player played a game.
    pub last_played: Option<NaiveDate>,
    pub fide_id: Option<u64>,
    /// Values of the columns ratebook does not know, in the order of
    /// [`PlayerFile::extra_columns`].
    pub extra: Vec<ExtraValue>,
    /// The player's state on each rating list beside the main one, in the
    /// order of [`PlayerFile::lists`] (missing at the end: new to the list).
    pub lists: Vec<lists::ListState>,
}

impl Player {
    /// A status for a row of a player file whose Status cell is blank, from
    /// its games and rating (the reader's: 30 games or more confirmed, 9 or
    /// more provisional).
    pub fn status_from_games(&self) -> Status {
        match (self.games, self.rating) {
            (0, None) => Status::New,
            (g, Some(_)) if g >= 30 => Status::Confirmed,
            (g, Some(_)) if g >= 9 => Status::Provisional,
            _ => Status::Unrated,
        }
    }

    /// The published rating: provisional or confirmed, with a value (the
    /// one the lists print, the change is taken from and a rule set's
    /// expected score is read from); `None` for a player without one.
    pub fn published_rating(&self) -> Option<f64> {
        self.rating.filter(|_| self.status.is_rated())
    }

    /// A player with only a code and a name: every other field blank, status new.
    pub fn new(id: u32, surname: &str, first_names: &str) -> Player {
        Player {
            id,
            surname: surname.to_string(),
            first_names: first_names.to_string(),
            gender: None,
            birth_date: None,
            state: None,
            club: None,
            rating: None,
            status: Status::New,
            games: 0,
            score: 0.0,
            opp_avg: None,
            last_played: None,
            fide_id: None,
            extra: Vec::new(),
            lists: Vec::new(),
        }
    }

    /// `Surname, First names` as the lists print it.
    pub fn display_name(&self) -> String {
        if self.first_names.is_empty() {
            self.surname.clone()
        } else {
            format!("{}, {}", self.surname, self.first_names)
        }
    }
}

/// The whole player file: players in file order plus the names of the
/// columns ratebook does not know, and the rating lists it holds beside the
/// main one. Two are equal when they hold the same players and columns,
/// wherever they were read from.
#[derive(Debug, Clone, Default)]
pub struct PlayerFile {
    pub players: Vec<Player>,
    pub extra_columns: Vec<String>,
    /// Where the players were read from, for findings about them (none for a
    /// file built in memory).
    pub origin: Option<FileOrigin>,
    /// The rating lists beside the main one whose columns the file holds
    /// (none for a federation that keeps one list).
    pub lists: Vec<lists::ListColumns>,
}

impl PartialEq for PlayerFile {
    fn eq(&self, other: &Self) -> bool {
        self.players == other.players && self.extra_columns == other.extra_columns && self.lists == other.lists
    }
}

/// The sheet a player file was read from: each player's row and each
/// column's position, so that a finding can name the cell.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileOrigin {
    pub file: String,
    pub sheet: String,
    /// Zero-based sheet row of each player read, in file order.
    pub rows: Vec<u32>,
    /// Column name (as data-format.md writes it) → zero-based position.
    pub columns: Vec<(&'static str, u32)>,
    /// The ID column, where a finding about a whole row points.
    pub id_column: u32,
    /// Zero-based position of each of the file's extra columns, in the
    /// order of [`PlayerFile::extra_columns`].
    pub extra_columns: Vec<u32>,
    /// The players (by index) whose row gives no status (no `Status`
    /// column, or a blank cell): the reader infers one from the games
    /// (ACF's counts), and the rule set settles it
    /// (`EligibilityPolicy::status_unstated`).
    pub unstated: Vec<usize>,
}

impl FileOrigin {
    /// The cell of player `index`'s `column` (data-format.md's name), or of
    /// his ID when the file has no such column. `None` for a player who was
    /// not read from the file (a newcomer of this period).
    pub fn cell(&self, index: usize, column: &str) -> Option<crate::diag::Location> {
        let row = *self.rows.get(index)?;
        let col = self.columns.iter().find(|(name, _)| *name == column).map_or(self.id_column, |&(_, c)| c);
        Some(crate::diag::Location::cell(&self.file, &self.sheet, row, col))
    }

    /// The cell of player `index`'s value in extra column `k` (a rule set's
    /// own column), or of his ID when the column was not read.
    pub fn extra_cell(&self, index: usize, k: usize) -> Option<crate::diag::Location> {
        let row = *self.rows.get(index)?;
        let col = self.extra_columns.get(k).copied().unwrap_or(self.id_column);
        Some(crate::diag::Location::cell(&self.file, &self.sheet, row, col))
    }

    /// The heading's cell of extra column `k` (the row above the first player's).
    pub fn extra_heading(&self, k: usize) -> crate::diag::Location {
        let row = self.rows.first().map_or(0, |r| r.saturating_sub(1));
        crate::diag::Location::cell(&self.file, &self.sheet, row, self.extra_columns.get(k).copied().unwrap_or(0))
    }
}

/// How the event was run (`Type` on the report's Event sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EventKind {
    #[default]
    Swiss,
    RoundRobin,
    Match,
    Team,
    Other,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Swiss => "swiss",
            EventKind::RoundRobin => "round robin",
            EventKind::Match => "match",
            EventKind::Team => "team",
            EventKind::Other => "other",
        }
    }

    pub fn parse(text: &str) -> Option<EventKind> {
        let key: String = text.trim().to_ascii_lowercase().chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        match key.as_str() {
            "swiss" => Some(EventKind::Swiss),
            "roundrobin" | "rr" | "allplayall" => Some(EventKind::RoundRobin),
            "match" => Some(EventKind::Match),
            "team" => Some(EventKind::Team),
            "other" => Some(EventKind::Other),
            _ => None,
        }
    }
}

/// The result of one pairing, from White's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Outcome {
    /// A played game; White's score (1, ½ or 0).
    Played { white_score: f64 },
    /// Played, but not to be rated (FIDE TRF's `W`, `D`, `L`); White's score.
    PlayedUnrated { white_score: f64 },
    /// Won or lost without play; each side's points (1/0, 0/1 or 0/0).
    Forfeit { white_points: f64, black_points: f64 },
    /// A bye for White (no opponent), with the points given.
    Bye { points: f64 },
}

impl Outcome {
    /// Whether the game was played over the board, and so may count for ratings.
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::Played { .. })
    }
}
