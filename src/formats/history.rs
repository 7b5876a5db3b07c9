//! `history.xlsx` (the CIS rules): every lesson, renewal, entry and game of
//! every player, carried from one period's output to the next period's data
//! folder. Its columns, and its reader; the rule set writes it as a one-sheet
//! table in these columns.

use chrono::NaiveDate;

use super::cells::keep;
use super::dated_lists::{date_cell, id_cell};
use super::sheet::{Header, Sheet};
use crate::diag::{Code, Diagnostic};

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

/// The rows of history.xlsx, in the columns of [`HISTORY_COLUMNS`].
pub fn read_history(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> Vec<HistoryEntry> {
    let Some(header) = Header::find(sheet) else { return Vec::new() };
    let known: Vec<[&str; 1]> = HISTORY_COLUMNS.iter().map(|(name, _)| [*name]).collect();
    header.twice(sheet, &known.iter().map(|n| &n[..]).collect::<Vec<_>>(), diagnostics);
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
