//! The match and the card as workbooks: reading the sheet `Match` (Board,
//! Home player, Home grade, Away player, Away grade, and optionally the
//! results) with every bad cell located, and writing the card as the sheet
//! `Handicap` beside the match.

use std::path::{Path, PathBuf};

use calamine::Data;
use chrono::NaiveDate;
use rust_xlsxwriter::{Format, XlsxError};

use super::*;
use crate::diag::{Code, Diagnostic, Location};
use crate::formats::sheet::{cell_text, Header, Sheet};
use crate::formats::workbook::new_workbook;
use crate::model::results::{self, Meaning, Notation};

/// A board's result cell: a number 1, 0.5 or 0, or a board token of the
/// result table (1, ½, 0 and their spellings).
fn result_cell(sheet: &Sheet, row: u32, col: u32, diagnostics: &mut Vec<Diagnostic>) -> Option<f64> {
    let value = match sheet.get(row, col) {
        Data::Float(f) => Some(*f),
        Data::Int(i) => Some(*i as f64),
        other => match cell_text(other) {
            None => return None,
            Some(text) => results::read(Notation::Board, &text).map(Meaning::points),
        },
    };
    match value {
        Some(v) if v == 0.0 || v == 0.5 || v == 1.0 => Some(v),
        _ => {
            let tokens = || results::tokens(Notation::Board);
            let hint: Vec<String> = tokens()
                .map(|r| match r.also {
                    [] => format!("{} for {}", r.token, r.note),
                    also => format!("{} (or {}) for {}", r.token, also.join(", "), r.note),
                })
                .collect();
            diagnostics.push(
                Diagnostic::error(
                    Code::BadResult,
                    sheet.location(row, col),
                    format!(
                        "a board's result must be {}, not {}",
                        results::either(tokens()),
                        cell_text(sheet.get(row, col)).unwrap_or_default()
                    ),
                )
                .with_hint(format!("write {}", hint.join(", "))),
            );
            None
        }
    }
}

/// Reads the `Match` sheet (or a workbook's only sheet).
pub fn read_match(path: &Path, file: &str) -> Result<(Match, Vec<Diagnostic>), Vec<Diagnostic>> {
    let workbook = crate::formats::sheet::Workbook::open(path, file).map_err(|d| vec![d])?;
    let Some(sheet) = workbook.sheet("Match").or_else(|| (workbook.sheets.len() == 1).then(|| &workbook.sheets[0]))
    else {
        return Err(vec![Diagnostic::error(
            Code::MissingSheet,
            Location::file(file),
            "the workbook has no sheet \"Match\"",
        )
        .with_hint(format!("name the match's sheet Match (sheets found: {})", workbook.sheet_names().join(", ")))]);
    };
    let mut diagnostics = workbook.findings.clone();
    let Some(header) = Header::find(sheet) else {
        return Err(vec![Diagnostic::error(Code::MissingColumn, sheet.sheet_location(), "the match sheet is empty")
            .with_hint("the first row must name the columns: Board, Home player, Home grade, Away player, Away grade, Home result, Away result")]);
    };
    let known: [&[&str]; 7] = [
        &["Board"],
        &["Home player"],
        &["Home grade"],
        &["Away player"],
        &["Away grade"],
        &["Home result"],
        &["Away result"],
    ];
    header.twice(sheet, &known, &mut diagnostics);
    let mut cols = Vec::new();
    for name in ["Board", "Home player", "Home grade", "Away player", "Away grade"] {
        match header.require(sheet, &[name]) {
            Ok(c) => cols.push(c),
            Err(d) => diagnostics.push(d),
        }
    }
    if cols.len() < 5 {
        return Err(diagnostics);
    }
    let (home_result, away_result) = (header.column(&["Home result"]), header.column(&["Away result"]));
    let (_, r1) = sheet.row_span();
    let mut boards = Vec::new();
    let mut has_results = false;
    for row in header.row + 1..r1 {
        if sheet.row_is_blank(row) {
            continue;
        }
        let board = match sheet.whole(row, cols[0], "Board") {
            Ok(Some(b)) if b >= 1 && b <= u32::MAX as u64 => b as u32,
            Ok(_) => {
                diagnostics.push(
                    Diagnostic::error(Code::MissingField, sheet.location(row, cols[0]), "the row has no board number")
                        .with_hint("number the boards 1, 2, 3, … in the Board column"),
                );
                continue;
            }
            Err(d) => {
                diagnostics.push(d);
                continue;
            }
        };
        let mut seat = |name_col: u32, grade_col: u32, result_col: Option<u32>, what: &str| {
            let grade = match sheet.number(row, grade_col, what) {
                Ok(g) => g,
                Err(d) => {
                    diagnostics.push(d);
                    None
                }
            };
            if grade.is_some_and(|g| g < 0.0) {
                diagnostics.push(Diagnostic::error(
                    Code::BadNumber,
                    sheet.location(row, grade_col),
                    format!("{what} cannot be negative"),
                ));
            }
            let result = result_col.and_then(|c| result_cell(sheet, row, c, &mut diagnostics));
            Seat { name: sheet.text(row, name_col), grade, result }
        };
        let home = seat(cols[1], cols[2], home_result, "Home grade");
        let away = seat(cols[3], cols[4], away_result, "Away grade");
        has_results |= home.result.is_some() || away.result.is_some();
        boards.push(Board { board, home, away });
    }
    if boards.is_empty() {
        diagnostics.push(
            Diagnostic::error(Code::MissingField, sheet.sheet_location(), "the match has no boards")
                .with_hint("one row per board under the header row"),
        );
    }
    let mut seen = std::collections::HashSet::new();
    for b in &boards {
        if !seen.insert(b.board) {
            diagnostics.push(Diagnostic::error(
                Code::BadValue,
                sheet.sheet_location(),
                format!("board {} is listed twice", b.board),
            ));
        }
    }
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(diagnostics);
    }
    if has_results {
        for b in &boards {
            if b.home.result.is_none() && b.away.result.is_none() {
                diagnostics.push(Diagnostic::warning(
                    Code::MissingField,
                    sheet.sheet_location(),
                    format!("board {} has no result: counted as 0-0", b.board),
                ));
            }
        }
    }
    boards.sort_by_key(|b| b.board);
    Ok((Match { boards, has_results }, diagnostics))
}

/// Where the card of `MATCH.xlsx` is written: `MATCH-handicap.xlsx` in the folder `out`.
pub fn card_path(match_file: &Path, out: &Path) -> PathBuf {
    let stem = match_file.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_else(|| "match".into());
    out.join(format!("{stem}-handicap.xlsx"))
}

/// Writes the card as the sheet `Handicap`; `stamp` is the document's date.
pub fn write_card(path: &Path, card: &Card, stamp: NaiveDate) -> Result<(), XlsxError> {
    let mut workbook = new_workbook(stamp);
    let bold = Format::new().set_bold();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Handicap")?;
    let header = ["Board", "Home player", "Rating", "Adj", "Result", "Away player", "Rating", "Adj", "Result"];
    let widths = [7.0, 24.0, 8.0, 6.0, 7.0, 24.0, 8.0, 6.0, 7.0];
    for (c, (name, w)) in header.iter().zip(widths).enumerate() {
        sheet.set_column_width(c as u16, w)?;
        sheet.write_string_with_format(0, c as u16, *name, &bold)?;
    }
    let number = |x: u32| x as f64 / 2.0;
    let mut row = 1;
    for b in &card.boards {
        sheet.write_number(row, 0, b.board)?;
        for (col, name, rating, adj, result) in [
            (1u16, &b.home_name, b.home_rating, b.home_adjustment, b.home_result),
            (5, &b.away_name, b.away_rating, b.away_adjustment, b.away_result),
        ] {
            if !name.is_empty() {
                sheet.write_string(row, col, name)?;
            }
            if let Some(r) = rating {
                sheet.write_number(row, col + 1, number(r))?;
            }
            if adj > 0 {
                sheet.write_number(row, col + 2, number(adj))?;
            }
            if let Some(r) = result {
                sheet.write_number(row, col + 3, r)?;
            }
        }
        row += 1;
    }
    sheet.write_string_with_format(row, 1, "Adjustment total", &bold)?;
    sheet.write_number(row, 3, number(card.home_total))?;
    sheet.write_number(row, 7, number(card.away_total))?;
    row += 1;
    sheet.write_string_with_format(row, 1, "Points start", &bold)?;
    sheet.write_number(row, 4, if card.start_to == Team::Home { number(card.start) } else { 0.0 })?;
    sheet.write_number(row, 8, if card.start_to == Team::Away { number(card.start) } else { 0.0 })?;
    if let Some(r) = &card.result {
        row += 1;
        sheet.write_string_with_format(row, 1, "Result", &bold)?;
        sheet.write_number(row, 4, r.home_score)?;
        sheet.write_number(row, 8, r.away_score)?;
        row += 1;
        sheet.write_string_with_format(row, 1, "Outcome", &bold)?;
        let text = match r.outcome {
            Team::Home => "home team wins",
            Team::Away => "away team wins",
            Team::Neither => "drawn",
        };
        sheet.write_string(row, 5, text)?;
    }
    crate::formats::workbook::save(&mut workbook, path)
}

/// Reads the match at `path` (named `file` in findings), works out the card
/// and writes it into the folder `out` (made if need be). `Ok(Err(..))`: the
/// match sheet has errors, every one listed; `Err`: the card could not be written.
pub fn run(path: &Path, file: &str, out: &Path) -> anyhow::Result<Result<(Card, PathBuf), Vec<Diagnostic>>> {
    let (m, found) = match read_match(path, file) {
        Ok(read) => read,
        Err(findings) => return Ok(Err(findings)),
    };
    let mut c = card(&m, file);
    c.warnings.splice(0..0, found);
    std::fs::create_dir_all(out).map_err(|e| anyhow::anyhow!("cannot make the folder {}: {e}", out.display()))?;
    let out = card_path(path, out);
    // The document's date is the match file's, so the same match gives the same bytes.
    let stamp = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map(|t| chrono::DateTime::<chrono::Utc>::from(t).date_naive())
        .unwrap_or(NaiveDate::from_ymd_opt(2000, 1, 1).expect("a date"));
    write_card(&out, &c, stamp).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))?;
    Ok(Ok((c, out)))
}

/// The source's first match (Holme Valley v Hudd Rooks), the template's worked example.
const EXAMPLE: [(&str, f64, f64, &str, f64, f64); 6] = [
    ("KEELY Leo A", 160.0, 1.0, "PARSONS Matthew", 125.0, 0.0),
    ("GRIST James", 95.0, 0.0, "AGUIRRE Antonio", 125.0, 1.0),
    ("THOMPSON Stewart V.", 95.0, 1.0, "SHAH Mehool", 90.0, 0.0),
    ("DOUGLAS Peter", 80.0, 1.0, "CZERWINSKI Peter", 85.0, 0.0),
    ("BATTYE Norman", 60.0, 0.0, "ROJINSKY Mark", 80.0, 1.0),
    ("FROGATT Joe", 50.0, 0.0, "HUGHES Jon", 65.0, 1.0),
];

/// What the template's Notes sheet says, line by line.
const NOTES: [&str; 8] = [
    "One team match on the sheet Match: a row per board, numbered from 1.",
    "Home player, Away player: the names; leave a seat blank for an absent player (no adjustment either way).",
    "Home grade, Away grade: each player's grade (e.g. 132); the rating is the grade / 10 to the nearest half.",
    "List each team's players in rating order: a board out of order is a warning naming it.",
    "Home result, Away result (optional): 1, ½ (or 0.5) or 0 for each game; leave both columns blank before the match.",
    "The rows filled in are the source's first match (Holme Valley v Hudd Rooks): replace them with yours.",
    "Run: ratebook handicap match.xlsx — the card is printed and written to handicap/match-handicap.xlsx (--out DIR for another folder).",
    "With --json the card is printed as one JSON object holding every board, the totals, the start and the result.",
];

/// Writes a blank match sheet (`template --handicap`): the columns `handicap`
/// reads, the source's first match filled in as a worked example, and a
/// Notes sheet.
pub fn write_match_template(path: &Path) -> Result<(), XlsxError> {
    let mut workbook = new_workbook(NaiveDate::from_ymd_opt(2000, 1, 1).expect("a date"));
    let bold = Format::new().set_bold();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Match")?;
    let header = ["Board", "Home player", "Home grade", "Away player", "Away grade", "Home result", "Away result"];
    let widths = [7.0, 24.0, 11.0, 24.0, 11.0, 12.0, 12.0];
    for (c, (name, w)) in header.iter().zip(widths).enumerate() {
        sheet.set_column_width(c as u16, w)?;
        sheet.write_string_with_format(0, c as u16, *name, &bold)?;
    }
    for (i, (home, home_grade, home_result, away, away_grade, away_result)) in EXAMPLE.iter().enumerate() {
        let row = i as u32 + 1;
        sheet.write_number(row, 0, row)?;
        sheet.write_string(row, 1, *home)?;
        sheet.write_number(row, 2, *home_grade)?;
        sheet.write_string(row, 3, *away)?;
        sheet.write_number(row, 4, *away_grade)?;
        sheet.write_number(row, 5, *home_result)?;
        sheet.write_number(row, 6, *away_result)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    let notes = workbook.add_worksheet();
    notes.set_name("Notes")?;
    notes.set_column_width(0, 110.0)?;
    for (row, line) in NOTES.iter().enumerate() {
        notes.write_string(row as u32, 0, *line)?;
    }
    crate::formats::workbook::save(&mut workbook, path)
}
