//! The tournament report (data-format.md): one workbook per event with the
//! sheets `Event`, `Players`, and `Games` or `Crosstable`. This module holds
//! the schema, every field and column with the names it is read by (the first
//! is the one written), and the report as read ([`RawReport`]); [`read`] reads
//! a workbook, [`write`] writes one (the generator, the tests), and
//! [`template`] writes the blank report state officers fill in.

pub mod read;
pub mod template;
pub mod write;

use chrono::NaiveDate;

use crate::diag::Location;
use crate::model::{EventKind, Gender, Outcome};

/// The `Event` sheet: field names in column A, values in column B.
pub mod event {
    pub const CODE: &[&str] = &["Code"];
    pub const NAME: &[&str] = &["Name"];
    pub const STATE: &[&str] = &["State"];
    pub const START: &[&str] = &["Start", "Start date"];
    pub const END: &[&str] = &["End", "End date", "Finish"];
    pub const ROUNDS: &[&str] = &["Rounds"];
    pub const TIME_CONTROL: &[&str] = &["Time control", "Time controls", "TimeControl"];
    pub const TYPE: &[&str] = &["Type"];
    pub const HANDICAP: &[&str] = &["Handicap"];
    pub const FIXED_OPENING: &[&str] = &["Fixed opening"];
    pub const APPROVED: &[&str] = &["Approved"];
    pub const FEDERATION_EVENT: &[&str] = &["Federation event"];
    pub const SUBMITTED: &[&str] = &["Submitted"];
    /// Every field, in the order the writer puts them.
    pub const ALL: [&[&str]; 13] = [
        CODE,
        NAME,
        STATE,
        START,
        END,
        ROUNDS,
        TIME_CONTROL,
        TYPE,
        HANDICAP,
        FIXED_OPENING,
        APPROVED,
        FEDERATION_EVENT,
        SUBMITTED,
    ];
}

/// The `Players` sheet's columns.
pub mod players {
    pub const NO: &[&str] = &["No", "No.", "Number", "Start number"];
    pub const ID: &[&str] = &["ID", "Code", "Player ID"];
    pub const SURNAME: &[&str] = &["Surname", "Family name"];
    pub const FIRST_NAMES: &[&str] = &["First names", "First name", "Given names"];
    pub const GENDER: &[&str] = &["Gender", "Sex"];
    pub const BIRTH_DATE: &[&str] = &["Birth date", "Born", "Date of birth"];
    pub const STATE: &[&str] = &["State"];
    pub const CLUB: &[&str] = &["Club"];
    /// Written in the ID column for a player new to the list who shares a
    /// name (and birth date) with someone in the player file.
    pub const NEW_PLAYER: &str = "new";
    /// Every column, in the order the writer puts them.
    pub const ALL: [&[&str]; 8] = [NO, ID, SURNAME, FIRST_NAMES, GENDER, BIRTH_DATE, STATE, CLUB];
}

/// The `Games` sheet's columns.
pub mod games {
    pub const ROUND: &[&str] = &["Round", "Rd"];
    pub const WHITE: &[&str] = &["White"];
    pub const BLACK: &[&str] = &["Black"];
    pub const RESULT: &[&str] = &["Result"];
    /// Optional: e.g. `adjudicated`, `computer` (some rule sets do not rate such games).
    pub const REMARKS: &[&str] = &["Remarks", "Remark", "Notes"];
    /// Every column, in the order the writer puts them.
    pub const ALL: [&[&str]; 5] = [ROUND, WHITE, BLACK, RESULT, REMARKS];
}

/// The `Crosstable` sheet's columns besides one per start number.
pub mod crosstable {
    pub const NO: &[&str] = &["No", "No.", "Number"];
    pub const NAME: &[&str] = &["Name"];
    pub const TOTAL: &[&str] = &["Total", "Points", "Pts"];
}

/// The names written for a list of fields or columns (the first of each).
pub fn written(fields: &[&[&'static str]]) -> Vec<&'static str> {
    fields.iter().map(|names| names[0]).collect()
}

/// A value and the cell it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct Located<T> {
    pub value: T,
    pub at: Location,
}

/// The `Event` sheet, field by field.
#[derive(Debug, Clone, PartialEq)]
pub struct RawEvent {
    pub code: Option<Located<String>>,
    pub name: Option<String>,
    pub state: Option<Located<String>>,
    pub start: Option<Located<NaiveDate>>,
    pub end: Option<Located<NaiveDate>>,
    pub rounds: Option<Located<u32>>,
    pub time_control: Option<Located<String>>,
    pub kind: EventKind,
    pub handicap: Located<bool>,
    pub fixed_opening: Located<bool>,
    pub approved: Located<bool>,
    /// Run by the federation itself (`Federation event`, default yes); NZCF
    /// rates other events only when half their players are rated.
    pub federation_event: Located<bool>,
    pub submitted: Option<NaiveDate>,
    /// Where the Event sheet is (for findings about the event as a whole).
    pub at: Location,
}

/// A row of the `Players` sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct RawEntrant {
    pub no: u32,
    pub id: Option<u32>,
    pub surname: String,
    pub first_names: String,
    pub gender: Option<Gender>,
    pub birth_date: Option<NaiveDate>,
    pub state: Option<String>,
    pub club: Option<String>,
    /// The cell of the start number.
    pub no_at: Location,
    /// The cell of the ID (blank or not).
    pub id_at: Location,
    /// The cell of the surname.
    pub name_at: Location,
    /// The cell of the state (the surname's when the report has no State column).
    pub state_at: Location,
    /// The ID cell says `new`: a player new to the list even though his name
    /// matches someone in the player file.
    pub declared_new: bool,
}

/// A row of the `Games` sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct RawGame {
    pub round: Located<u32>,
    pub white: Located<u32>,
    pub black: Option<Located<u32>>,
    pub outcome: Located<Outcome>,
    /// The optional `Remarks` column, e.g. `adjudicated` or `computer`
    /// (some rule sets do not rate such games).
    pub remarks: Option<Located<String>>,
}

/// A row of the `Games` sheet the reader could not take as a game (its
/// problems are reported already): what could be read of its round and
/// start numbers, so that the checks between rows still see it (a player
/// twice in a round, a player without a game in a round) in the same run.
#[derive(Debug, Clone, PartialEq)]
pub struct RawPairing {
    pub round: Option<Located<u32>>,
    pub white: Option<Located<u32>>,
    pub black: Option<Located<u32>>,
    /// Whether every number cell of the row could be read (so that a blank
    /// Black is a bye row's, not a number that could not be read).
    pub numbers_read: bool,
}

/// One cell of a crosstable: the row player's result against the column player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CrossCell {
    /// `1`, `½`/`0.5`/`=`, `0`: a played game, the row player's score.
    Played(f64),
    /// `1*` or `+`: won without play.
    ForfeitWin,
    /// `0*`: lost without play.
    ForfeitLoss,
    /// `-`: lost without play when the other cell is `+`, otherwise unplayed.
    Dash,
    /// `x` or blank: not played.
    Unplayed,
}

/// The `Crosstable` sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct RawCrosstable {
    /// Start number of each row, in row order.
    pub numbers: Vec<Located<u32>>,
    /// Start number of each result column, in column order.
    pub columns: Vec<u32>,
    /// `cells[i][j]`: row i against column j.
    pub cells: Vec<Vec<Located<CrossCell>>>,
    /// The Total column, when there is one.
    pub totals: Vec<Option<Located<f64>>>,
}

/// The results, in one of the two layouts.
#[derive(Debug, Clone, PartialEq)]
pub enum RawResults {
    Games(Vec<RawGame>),
    Crosstable(RawCrosstable),
}

/// A report as read, before validation.
#[derive(Debug, Clone, PartialEq)]
pub struct RawReport {
    /// Path relative to the data folder.
    pub file: String,
    pub event: RawEvent,
    pub players: Vec<RawEntrant>,
    pub results: RawResults,
    /// Rows of the `Games` sheet that could not be read as games.
    pub unread: Vec<RawPairing>,
}
