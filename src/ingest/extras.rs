//! Inputs beside the reports that some rule sets need, read from the data
//! folder when the period's system asks for them. The CIS rules read
//! `lessons.xlsx` and `renewals.xlsx` (rows of `ID`, `Date`) and the carried
//! `history.xlsx` (every lesson, renewal, entry and game so far); the other
//! systems need none. Bad cells are located findings, never a stop.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;

use super::sheet::{Header, Sheet, Workbook};
use crate::diag::{Code, Diagnostic, Location};

/// A row of lessons.xlsx or renewals.xlsx.
#[derive(Debug, Clone, PartialEq)]
pub struct DatedEntry {
    pub id: u32,
    pub date: NaiveDate,
    /// The row's ID cell (for findings about it).
    pub at: Location,
}

/// What a history row records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HistoryKind {
    /// Entering the rating pool with the initial rating for one's age.
    Entry,
    Lesson,
    Renewal,
    Game,
}

impl HistoryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            HistoryKind::Entry => "entry",
            HistoryKind::Lesson => "lesson",
            HistoryKind::Renewal => "renewal",
            HistoryKind::Game => "game",
        }
    }

    pub fn parse(text: &str) -> Option<HistoryKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "entry" => Some(HistoryKind::Entry),
            "lesson" => Some(HistoryKind::Lesson),
            "renewal" => Some(HistoryKind::Renewal),
            "game" => Some(HistoryKind::Game),
            _ => None,
        }
    }
}

/// One row of history.xlsx: one event in a player's CIS record.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryEntry {
    pub id: u32,
    pub date: NaiveDate,
    pub kind: HistoryKind,
    /// The tournament's code (games).
    pub event: String,
    pub opponent: Option<u32>,
    /// The opponent's CIS rating used, blank when the opponent had none.
    pub opponent_rating: Option<f64>,
    /// The player's score (games).
    pub result: Option<f64>,
    /// Linear Elo change (games).
    pub change: f64,
    /// Bonus points (lesson, renewal, activity; an entry's initial rating is not a bonus).
    pub bonus: f64,
    /// The rating after this event.
    pub rating: Option<f64>,
    pub note: String,
}

/// history.xlsx's columns, in order, with their widths.
pub const HISTORY_COLUMNS: [(&str, f64); 11] = [
    ("ID", 8.0),
    ("Date", 11.0),
    ("Kind", 9.0),
    ("Event", 10.0),
    ("Opponent", 9.0),
    ("Opponent rating", 10.0),
    ("Result", 7.0),
    ("Change", 8.0),
    ("Bonus", 7.0),
    ("Rating", 8.0),
    ("Note", 44.0),
];

/// What the period's rule set reads besides the player file and the reports.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SystemInputs {
    /// CIS: lessons completed (education bonus).
    pub lessons: Vec<DatedEntry>,
    /// CIS: membership renewals (renewal bonus).
    pub renewals: Vec<DatedEntry>,
    /// CIS: the history carried from earlier periods, in file order.
    pub history: Vec<HistoryEntry>,
}

/// Spreadsheet forms accepted for these inputs, in order of preference.
const EXTENSIONS: [&str; 3] = ["xlsx", "ods", "xls"];

/// A file beside the reports that a rule set reads (it declares them in
/// `RatingSystem::inputs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SystemInput {
    /// `lessons.xlsx`: rows of ID and Date.
    Lessons,
    /// `renewals.xlsx`: rows of ID and Date.
    Renewals,
    /// `history.xlsx`, carried from the last period's output.
    History,
}

/// Reads the files beside the reports that the period's rule set declares.
pub fn read_system_inputs(dir: &Path, wanted: &[SystemInput]) -> (SystemInputs, Vec<Diagnostic>) {
    let mut inputs = SystemInputs::default();
    let mut diagnostics = Vec::new();
    let dated = [
        (SystemInput::Lessons, "lessons", "Lessons", &mut inputs.lessons),
        (SystemInput::Renewals, "renewals", "Renewals", &mut inputs.renewals),
    ];
    for (input, stem, sheet_name, target) in dated {
        if !wanted.contains(&input) {
            continue;
        }
        match find(dir, stem) {
            Some(path) => {
                if let Some(sheet) = open_sheet(&path, &super::relative(dir, &path), sheet_name, &mut diagnostics) {
                    *target = read_dated(&sheet, &mut diagnostics);
                }
            }
            None => diagnostics.push(
                Diagnostic::note(
                    Code::UnreadableFile,
                    Location::file(&format!("{stem}.xlsx")),
                    format!("no {stem}.xlsx: no {stem} this period"),
                )
                .with_hint(format!("put the period's {stem} in {stem}.xlsx, one row of ID and Date each")),
            ),
        }
    }
    if let Some(path) = find(dir, "history").filter(|_| wanted.contains(&SystemInput::History)) {
        if let Some(sheet) = open_sheet(&path, &super::relative(dir, &path), "History", &mut diagnostics) {
            inputs.history = read_history(&sheet, &mut diagnostics);
        }
    }
    (inputs, diagnostics)
}

fn find(dir: &Path, stem: &str) -> Option<PathBuf> {
    EXTENSIONS.iter().map(|e| dir.join(format!("{stem}.{e}"))).find(|p| p.is_file())
}

/// The sheet named `name`, or the workbook's only sheet.
fn open_sheet(path: &Path, file: &str, name: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<Sheet> {
    let workbook = match Workbook::open(path, file) {
        Ok(w) => w,
        Err(d) => {
            diagnostics.push(d);
            return None;
        }
    };
    if let Some(s) = workbook.sheet(name).or_else(|| (workbook.sheets.len() == 1).then(|| &workbook.sheets[0])) {
        return Some(s.clone());
    }
    diagnostics.push(
        Diagnostic::error(Code::MissingSheet, Location::file(file), format!("{file} has no sheet \"{name}\""))
            .with_hint(format!("name the sheet {name} (sheets found: {})", workbook.sheet_names().join(", "))),
    );
    None
}

fn keep<T>(diagnostics: &mut Vec<Diagnostic>, r: Result<Option<T>, Diagnostic>) -> Option<T> {
    match r {
        Ok(v) => v,
        Err(d) => {
            diagnostics.push(d);
            None
        }
    }
}

/// An ID cell: a whole number that fits a player code; blank is an error.
fn id_cell(sheet: &Sheet, row: u32, col: u32, diagnostics: &mut Vec<Diagnostic>) -> Option<u32> {
    match keep(diagnostics, sheet.whole(row, col, "ID")) {
        Some(id) if id <= u32::MAX as u64 => Some(id as u32),
        Some(id) => {
            diagnostics.push(Diagnostic::error(
                Code::BadNumber,
                sheet.location(row, col),
                format!("ID {id} is too large"),
            ));
            None
        }
        None => {
            if sheet.text(row, col).is_none() {
                diagnostics.push(
                    Diagnostic::error(Code::MissingField, sheet.location(row, col), "the row has no ID")
                        .with_hint("give the player's ID from the player file"),
                );
            }
            None
        }
    }
}

/// A required date cell.
fn date_cell(sheet: &Sheet, row: u32, col: u32, diagnostics: &mut Vec<Diagnostic>) -> Option<NaiveDate> {
    let date = keep(diagnostics, sheet.date(row, col, "Date"));
    if date.is_none() && sheet.text(row, col).is_none() {
        diagnostics.push(
            Diagnostic::error(Code::MissingField, sheet.location(row, col), "the row has no date")
                .with_hint("enter the date, e.g. 2024-03-14"),
        );
    }
    date
}

/// Rows of `ID`, `Date`.
pub fn read_dated(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> Vec<DatedEntry> {
    let Some(header) = Header::find(sheet) else { return Vec::new() };
    let (Some(id_col), Some(date_col)) = (
        keep(diagnostics, header.require(sheet, &["ID"]).map(Some)),
        keep(diagnostics, header.require(sheet, &["Date"]).map(Some)),
    ) else {
        return Vec::new();
    };
    let (_, r1) = sheet.row_span();
    let mut out = Vec::new();
    for row in header.row + 1..r1 {
        if sheet.row_is_blank(row) {
            continue;
        }
        let id = id_cell(sheet, row, id_col, diagnostics);
        let date = date_cell(sheet, row, date_col, diagnostics);
        if let (Some(id), Some(date)) = (id, date) {
            out.push(DatedEntry { id, date, at: sheet.location(row, id_col) });
        }
    }
    out
}

/// The rows of history.xlsx, in the columns of [`HISTORY_COLUMNS`].
pub fn read_history(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> Vec<HistoryEntry> {
    let Some(header) = Header::find(sheet) else { return Vec::new() };
    let required: Vec<Option<u32>> =
        ["ID", "Date", "Kind"].iter().map(|n| keep(diagnostics, header.require(sheet, &[n]).map(Some))).collect();
    let [Some(id_col), Some(date_col), Some(kind_col)] = required[..] else { return Vec::new() };
    let col = |n: &str| header.column(&[n]);
    let (event_col, opp_col, opp_rating_col, result_col) =
        (col("Event"), col("Opponent"), col("Opponent rating"), col("Result"));
    let (change_col, bonus_col, rating_col, note_col) = (col("Change"), col("Bonus"), col("Rating"), col("Note"));
    let (_, r1) = sheet.row_span();
    let mut out = Vec::new();
    for row in header.row + 1..r1 {
        if sheet.row_is_blank(row) {
            continue;
        }
        let id = id_cell(sheet, row, id_col, diagnostics);
        let date = date_cell(sheet, row, date_col, diagnostics);
        let kind = match sheet.text(row, kind_col) {
            Some(t) => {
                match HistoryKind::parse(&t) {
                    Some(k) => Some(k),
                    None => {
                        diagnostics.push(
                        Diagnostic::error(Code::BadValue, sheet.location(row, kind_col), format!("Kind must be entry, lesson, renewal or game, not \"{t}\""))
                            .with_hint("history.xlsx is written by ratebook: restore this row from the previous period's output"),
                    );
                        None
                    }
                }
            }
            None => {
                diagnostics.push(Diagnostic::error(
                    Code::MissingField,
                    sheet.location(row, kind_col),
                    "the row has no Kind",
                ));
                None
            }
        };
        let mut number = |c: Option<u32>, what: &str| c.and_then(|c| keep(diagnostics, sheet.number(row, c, what)));
        let opponent_rating = number(opp_rating_col, "Opponent rating");
        let result = number(result_col, "Result");
        let change = number(change_col, "Change").unwrap_or(0.0);
        let bonus = number(bonus_col, "Bonus").unwrap_or(0.0);
        let rating = number(rating_col, "Rating");
        let opponent = opp_col
            .and_then(|c| keep(diagnostics, sheet.whole(row, c, "Opponent")))
            .and_then(|o| u32::try_from(o).ok());
        if let (Some(id), Some(date), Some(kind)) = (id, date, kind) {
            out.push(HistoryEntry {
                id,
                date,
                kind,
                event: event_col.and_then(|c| sheet.text(row, c)).unwrap_or_default(),
                opponent,
                opponent_rating,
                result,
                change,
                bonus,
                rating,
                note: note_col.and_then(|c| sheet.text(row, c)).unwrap_or_default(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::Data;

    fn s(t: &str) -> Data {
        Data::String(t.into())
    }

    #[test]
    fn dated_rows_are_read_and_bad_cells_located() {
        let sheet = Sheet::from_rows(
            "lessons.xlsx",
            "Lessons",
            vec![
                vec![s("ID"), s("Date")],
                vec![Data::Float(101.0), s("2024-03-14")],
                vec![],
                vec![s("abc"), s("2024-03-15")],
                vec![Data::Float(102.0), s("someday")],
                vec![Data::Empty, s("2024-03-16")],
                vec![Data::Float(103.0), s("16/03/2024")],
            ],
        );
        let mut d = Vec::new();
        let rows = read_dated(&sheet, &mut d);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].id, rows[0].date), (101, NaiveDate::from_ymd_opt(2024, 3, 14).unwrap()));
        assert_eq!(rows[0].at.cell.as_deref(), Some("A2"));
        assert_eq!(rows[1].id, 103);
        let cells: Vec<&str> = d.iter().map(|x| x.location.cell.as_deref().unwrap()).collect();
        assert_eq!(cells, vec!["A4", "B5", "A6"]);
        assert!(d.iter().all(|x| x.is_error()));
    }

    #[test]
    fn a_missing_column_is_named() {
        let sheet = Sheet::from_rows(
            "renewals.xlsx",
            "Renewals",
            vec![vec![s("ID"), s("When")], vec![Data::Float(1.0), s("2024-01-01")]],
        );
        let mut d = Vec::new();
        assert!(read_dated(&sheet, &mut d).is_empty());
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("Date"), "{}", d[0].message);
    }

    #[test]
    fn history_rows_keep_every_field() {
        let header: Vec<Data> = HISTORY_COLUMNS.iter().map(|(n, _)| s(n)).collect();
        let sheet = Sheet::from_rows(
            "history.xlsx",
            "History",
            vec![
                header,
                vec![
                    Data::Float(7.0),
                    s("2024-02-10"),
                    s("game"),
                    s("C24001"),
                    Data::Float(8.0),
                    Data::Float(750.0),
                    Data::Float(0.5),
                    Data::Float(1.5),
                    Data::Float(1.0),
                    Data::Float(722.5),
                    s(""),
                ],
                vec![Data::Float(7.0), s("2024-02-11"), s("party")],
            ],
        );
        let mut d = Vec::new();
        let rows = read_history(&sheet, &mut d);
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.id, r.kind, r.event.as_str(), r.opponent), (7, HistoryKind::Game, "C24001", Some(8)));
        assert_eq!(
            (r.opponent_rating, r.result, r.change, r.bonus, r.rating),
            (Some(750.0), Some(0.5), 1.5, 1.0, Some(722.5))
        );
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].location.cell.as_deref(), Some("C3"));
    }
}
