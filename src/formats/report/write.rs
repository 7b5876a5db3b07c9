//! Writes a tournament report workbook in the layout of data-format.md and
//! the schema of [`super`]: sheets `Event`, `Players`, and `Games` or `Crosstable`. Used by `ratebook
//! generate`, by the blank template, and by tests that build fixture folders.
//! The document is stamped with a given date, so the bytes never depend on the
//! clock.

use std::path::Path;

use chrono::NaiveDate;
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

use super::{crosstable, event, games, players, written};
use crate::formats::workbook::{new_workbook, DATE_FORMAT};
use crate::model::Gender;

/// One event's report, as a state officer would fill it in.
#[derive(Debug, Clone, PartialEq)]
pub struct EventReport {
    pub code: String,
    pub name: String,
    pub state: String,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub rounds: u32,
    /// PGN TimeControl syntax, e.g. "40/7200:1800", "5400+30", "3600".
    pub time_control: String,
    /// "swiss", "round robin", "match", "team", "other".
    pub event_type: Option<String>,
    pub handicap: bool,
    pub fixed_opening: bool,
    pub approved: bool,
    /// Run by the federation itself (NZCF rates other events only when half their players are rated).
    pub federation_event: bool,
    pub submitted: Option<NaiveDate>,
    pub players: Vec<ReportPlayer>,
    pub results: ReportResults,
}

/// A row of the `Players` sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportPlayer {
    pub no: u32,
    pub id: Option<u32>,
    pub surname: String,
    pub first_names: String,
    pub gender: Option<Gender>,
    pub birth_date: Option<NaiveDate>,
    pub state: Option<String>,
    pub club: Option<String>,
}

/// The results, in one of the two layouts.
#[derive(Debug, Clone, PartialEq)]
pub enum ReportResults {
    Games(Vec<ReportGame>),
    /// row i, column j: i's result against j, as the cell text ("1", "½", "0", "1*", "0*", "x", "" ...); index = start number - 1
    Crosstable {
        cells: Vec<Vec<String>>,
        totals: bool,
    },
}

/// A row of the `Games` sheet: start numbers and the result token.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportGame {
    pub round: u32,
    pub white: u32,
    pub black: Option<u32>,
    pub result: String,
    /// The `Remarks` cell, e.g. "adjudicated".
    pub remarks: Option<String>,
}

/// Writes `report` to `path`; `stamp` becomes the document's creation date.
pub fn write_report(path: &Path, report: &EventReport, stamp: NaiveDate) -> Result<(), XlsxError> {
    let mut workbook = report_workbook(report, stamp)?;
    crate::formats::workbook::save(&mut workbook, path)
}

/// Builds the report's workbook without saving it, so that the template can
/// add its validations and notes to the same sheets.
pub fn report_workbook(report: &EventReport, stamp: NaiveDate) -> Result<Workbook, XlsxError> {
    let mut workbook = new_workbook(stamp);
    let bold = Format::new().set_bold();
    let date = Format::new().set_num_format(DATE_FORMAT);

    write_event_sheet(workbook.add_worksheet(), report, &bold, &date)?;
    write_players_sheet(workbook.add_worksheet(), &report.players, &bold, &date)?;
    match &report.results {
        ReportResults::Games(games) => write_games_sheet(workbook.add_worksheet(), games, &bold)?,
        ReportResults::Crosstable { cells, totals } => {
            write_crosstable_sheet(workbook.add_worksheet(), &report.players, cells, *totals, &bold)?
        }
    }
    Ok(workbook)
}

fn yes_no(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}

/// The row of a field on the `Event` sheet (zero-based): its place in [`event::ALL`].
pub fn field_row(field: &[&str]) -> u32 {
    event::ALL.iter().position(|f| *f == field).expect("a field of the Event sheet") as u32
}

fn write_event_sheet(sheet: &mut Worksheet, r: &EventReport, bold: &Format, date: &Format) -> Result<(), XlsxError> {
    sheet.set_name("Event")?;
    sheet.set_column_width(0, 15.0)?;
    sheet.set_column_width(1, 40.0)?;
    for field in event::ALL {
        let row = field_row(field);
        sheet.write_string_with_format(row, 0, field[0], bold)?;
        match field {
            f if f == event::CODE => sheet.write_string(row, 1, &r.code)?,
            f if f == event::NAME => sheet.write_string(row, 1, &r.name)?,
            f if f == event::STATE => sheet.write_string(row, 1, &r.state)?,
            f if f == event::START => sheet.write_date_with_format(row, 1, r.start, date)?,
            f if f == event::END => sheet.write_date_with_format(row, 1, r.end, date)?,
            f if f == event::ROUNDS => sheet.write_number(row, 1, r.rounds)?,
            f if f == event::TIME_CONTROL => sheet.write_string(row, 1, &r.time_control)?,
            f if f == event::TYPE => match &r.event_type {
                Some(t) => sheet.write_string(row, 1, t)?,
                None => sheet,
            },
            f if f == event::HANDICAP => sheet.write_string(row, 1, yes_no(r.handicap))?,
            f if f == event::FIXED_OPENING => sheet.write_string(row, 1, yes_no(r.fixed_opening))?,
            f if f == event::APPROVED => sheet.write_string(row, 1, yes_no(r.approved))?,
            f if f == event::FEDERATION_EVENT => sheet.write_string(row, 1, yes_no(r.federation_event))?,
            f if f == event::SUBMITTED => match r.submitted {
                Some(d) => sheet.write_date_with_format(row, 1, d, date)?,
                None => sheet,
            },
            _ => unreachable!("every field of event::ALL is written"),
        };
    }
    Ok(())
}

fn header(sheet: &mut Worksheet, names: &[&str], widths: &[f64], bold: &Format) -> Result<(), XlsxError> {
    for (col, (name, width)) in names.iter().zip(widths).enumerate() {
        sheet.set_column_width(col as u16, *width)?;
        sheet.write_string_with_format(0, col as u16, *name, bold)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}

fn write_players_sheet(
    sheet: &mut Worksheet,
    players: &[ReportPlayer],
    bold: &Format,
    date: &Format,
) -> Result<(), XlsxError> {
    sheet.set_name("Players")?;
    header(sheet, &written(&players::ALL), &[5.0, 8.0, 22.0, 22.0, 7.0, 11.0, 6.0, 22.0], bold)?;
    for (i, p) in players.iter().enumerate() {
        let row = i as u32 + 1;
        sheet.write_number(row, 0, p.no)?;
        if let Some(id) = p.id {
            sheet.write_number(row, 1, id)?;
        }
        sheet.write_string(row, 2, &p.surname)?;
        if !p.first_names.is_empty() {
            sheet.write_string(row, 3, &p.first_names)?;
        }
        if let Some(g) = p.gender {
            sheet.write_string(row, 4, g.as_str())?;
        }
        if let Some(d) = p.birth_date {
            sheet.write_date_with_format(row, 5, d, date)?;
        }
        if let Some(s) = p.state.as_deref().filter(|s| !s.is_empty()) {
            sheet.write_string(row, 6, s)?;
        }
        if let Some(c) = p.club.as_deref().filter(|c| !c.is_empty()) {
            sheet.write_string(row, 7, c)?;
        }
    }
    Ok(())
}

fn write_games_sheet(sheet: &mut Worksheet, games: &[ReportGame], bold: &Format) -> Result<(), XlsxError> {
    sheet.set_name("Games")?;
    header(sheet, &written(&games::ALL), &[7.0, 7.0, 7.0, 9.0, 14.0], bold)?;
    for (i, g) in games.iter().enumerate() {
        let row = i as u32 + 1;
        sheet.write_number(row, 0, g.round)?;
        sheet.write_number(row, 1, g.white)?;
        if let Some(b) = g.black {
            sheet.write_number(row, 2, b)?;
        }
        // Always text, so that "1" and "½" stay the tokens they were.
        sheet.write_string(row, 3, &g.result)?;
        if let Some(r) = g.remarks.as_deref().filter(|r| !r.is_empty()) {
            sheet.write_string(row, 4, r)?;
        }
    }
    Ok(())
}

fn write_crosstable_sheet(
    sheet: &mut Worksheet,
    players: &[ReportPlayer],
    cells: &[Vec<String>],
    totals: bool,
    bold: &Format,
) -> Result<(), XlsxError> {
    sheet.set_name("Crosstable")?;
    let n = cells.len();
    let centred = Format::new().set_align(rust_xlsxwriter::FormatAlign::Center);
    sheet.set_column_width(0, 5.0)?;
    sheet.set_column_width(1, 30.0)?;
    sheet.write_string_with_format(0, 0, crosstable::NO[0], bold)?;
    sheet.write_string_with_format(0, 1, crosstable::NAME[0], bold)?;
    for j in 0..n {
        let col = j as u16 + 2;
        sheet.set_column_width(col, 4.5)?;
        sheet.write_string_with_format(0, col, (j + 1).to_string(), bold)?;
    }
    let total_col = n as u16 + 2;
    if totals {
        sheet.set_column_width(total_col, 6.0)?;
        sheet.write_string_with_format(0, total_col, crosstable::TOTAL[0], bold)?;
    }
    sheet.set_freeze_panes(1, 2)?;

    for (i, row_cells) in cells.iter().enumerate() {
        let row = i as u32 + 1;
        let no = i as u32 + 1;
        sheet.write_number(row, 0, no)?;
        if let Some(p) = players.iter().find(|p| p.no == no) {
            sheet.write_string(row, 1, name(p))?;
        }
        for (j, token) in row_cells.iter().enumerate() {
            if !token.is_empty() {
                // Text even when the token looks like a number: "1*" and "½"
                // must read back as written.
                sheet.write_string_with_format(row, j as u16 + 2, token, &centred)?;
            }
        }
        if totals {
            sheet.write_number(row, total_col, row_points(row_cells))?;
        }
    }
    Ok(())
}

/// `Surname, First names`.
fn name(p: &ReportPlayer) -> String {
    if p.first_names.is_empty() {
        p.surname.clone()
    } else {
        format!("{}, {}", p.surname, p.first_names)
    }
}

/// The points a crosstable cell gives its row player: 1 for a win (played or
/// not), ½ for a draw, 0 otherwise (losses, unplayed pairs, the diagonal, a
/// token that is not one).
pub fn cell_points(token: &str) -> f64 {
    crate::model::results::read(crate::model::results::Notation::Crosstable, token).map_or(0.0, |m| m.points())
}

/// The total of a crosstable row.
pub fn row_points(cells: &[String]) -> f64 {
    cells.iter().map(|c| cell_points(c)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{open_workbook_auto, Data, Reader};

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn player(no: u32, id: Option<u32>, surname: &str, first: &str) -> ReportPlayer {
        ReportPlayer {
            no,
            id,
            surname: surname.into(),
            first_names: first.into(),
            gender: Some(Gender::Male),
            birth_date: Some(date(1970, 1, 2)),
            state: Some("V".into()),
            club: None,
        }
    }

    fn report(results: ReportResults) -> EventReport {
        EventReport {
            code: "V93012".into(),
            name: "Box Hill Autumn Cup".into(),
            state: "V".into(),
            start: date(1993, 4, 17),
            end: date(1993, 4, 18),
            rounds: 3,
            time_control: "40/7200:1800".into(),
            event_type: Some("round robin".into()),
            handicap: false,
            fixed_opening: true,
            approved: true,
            federation_event: true,
            submitted: None,
            players: vec![
                player(1, Some(3001), "Smith", "John"),
                player(2, Some(3002), "Müller", "Zoë"),
                player(3, None, "Nguyen", ""),
            ],
            results,
        }
    }

    fn cells_of(path: &Path, sheet: &str) -> Vec<Vec<Data>> {
        let mut wb = open_workbook_auto(path).unwrap();
        let range = wb.worksheet_range(sheet).unwrap();
        range.rows().map(|r| r.to_vec()).collect()
    }

    #[test]
    fn report_writer_crosstable_keeps_tokens_and_totals() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("V93012.xlsx");
        let s = |v: &[&str]| v.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        let cells = vec![s(&["x", "1", "½"]), s(&["0", "x", "1*"]), s(&["½", "0*", "x"])];
        write_report(&path, &report(ReportResults::Crosstable { cells, totals: true }), date(1993, 8, 1)).unwrap();
        let wb = open_workbook_auto(&path).unwrap();
        assert_eq!(wb.sheet_names(), vec!["Event", "Players", "Crosstable"]);
        let rows = cells_of(&path, "Crosstable");
        let text = |d: &Data| d.to_string();
        assert_eq!(rows[0].iter().map(text).collect::<Vec<_>>(), ["No", "Name", "1", "2", "3", "Total"]);
        assert_eq!(rows[1][1], Data::String("Smith, John".into()));
        assert_eq!(rows[1][3], Data::String("1".into()));
        assert_eq!(rows[1][4], Data::String("½".into()));
        assert_eq!(rows[2][4], Data::String("1*".into()));
        assert_eq!(rows[1][5], Data::Float(1.5));
        assert_eq!(rows[2][5], Data::Float(1.0));
        assert_eq!(rows[3][5], Data::Float(0.5));
        assert_eq!(rows[3][1], Data::String("Nguyen".into()));
        let event = cells_of(&path, "Event");
        assert_eq!(event.iter().map(|r| r[0].to_string()).collect::<Vec<_>>(), written(&event::ALL));
        assert!(matches!(event[3][1], Data::DateTime(_)));
        assert_eq!(event[9][1], Data::String("yes".into()));
        assert_eq!(event[5][1], Data::Float(3.0));
    }

    #[test]
    fn report_writer_games_layout_and_identical_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let games = vec![
            ReportGame { round: 1, white: 1, black: Some(2), result: "½-½".into(), remarks: None },
            ReportGame { round: 1, white: 3, black: None, result: "1".into(), remarks: None },
        ];
        let mut r = report(ReportResults::Games(games));
        r.event_type = None;
        let (one, two) = (dir.path().join("a.xlsx"), dir.path().join("b.xlsx"));
        write_report(&one, &r, date(1993, 8, 1)).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1100));
        write_report(&two, &r, date(1993, 8, 1)).unwrap();
        assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
        let wb = open_workbook_auto(&one).unwrap();
        assert_eq!(wb.sheet_names(), vec!["Event", "Players", "Games"]);
        let rows = cells_of(&one, "Games");
        assert_eq!(rows[0].iter().map(|d| d.to_string()).collect::<Vec<_>>(), written(&games::ALL));
        assert_eq!(rows[2][2], Data::Empty);
        assert_eq!(rows[2][3], Data::String("1".into()));
        let players = cells_of(&one, "Players");
        assert_eq!(players[3][1], Data::Empty);
        assert_eq!(players[2][2], Data::String("Müller".into()));
    }
}
