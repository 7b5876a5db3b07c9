//! Lists of dated entries beside the reports (the CIS rules' `lessons.xlsx`
//! and `renewals.xlsx`): one row per entry, columns `ID` and `Date`. Read
//! with every bad cell located; written by the generator.

use std::path::Path;

use chrono::NaiveDate;
use rust_xlsxwriter::Format;

use super::cells::keep;
use super::sheet::{Header, Sheet};
use super::workbook::{new_workbook, DATE_FORMAT};
use crate::diag::{Code, Diagnostic, Location};

/// A row of lessons.xlsx or renewals.xlsx.
#[derive(Debug, Clone, PartialEq)]
pub struct DatedEntry {
    pub id: u32,
    pub date: NaiveDate,
    /// The row's ID cell (for findings about it).
    pub at: Location,
}

/// Rows of `ID`, `Date`.
pub fn read_dated(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> Vec<DatedEntry> {
    let Some(header) = Header::find(sheet) else { return Vec::new() };
    header.twice(sheet, &[&["ID"], &["Date"]], diagnostics);
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

/// Writes a sheet of `ID`, `Date` rows; `stamp` is the document's date.
pub fn write_dated(
    path: &Path,
    sheet_name: &str,
    rows: &[(u32, NaiveDate)],
    stamp: NaiveDate,
) -> Result<(), rust_xlsxwriter::XlsxError> {
    let mut workbook = new_workbook(stamp);
    let bold = Format::new().set_bold();
    let date_format = Format::new().set_num_format(DATE_FORMAT);
    let sheet = workbook.add_worksheet();
    sheet.set_name(sheet_name)?;
    sheet.set_column_width(1, 11.0)?;
    sheet.write_string_with_format(0, 0, "ID", &bold)?;
    sheet.write_string_with_format(0, 1, "Date", &bold)?;
    for (i, (id, d)) in rows.iter().enumerate() {
        sheet.write_number(i as u32 + 1, 0, *id)?;
        sheet.write_date_with_format(i as u32 + 1, 1, *d, &date_format)?;
    }
    crate::formats::workbook::save(&mut workbook, path)
}

/// An ID cell: a whole number that fits a player code; blank is an error.
pub(super) fn id_cell(sheet: &Sheet, row: u32, col: u32, diagnostics: &mut Vec<Diagnostic>) -> Option<u32> {
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
pub(super) fn date_cell(sheet: &Sheet, row: u32, col: u32, diagnostics: &mut Vec<Diagnostic>) -> Option<NaiveDate> {
    let date = sheet.date_kept(row, col, "Date", diagnostics);
    if date.is_none() && sheet.text(row, col).is_none() {
        diagnostics.push(
            Diagnostic::error(Code::MissingField, sheet.location(row, col), "the row has no date")
                .with_hint("enter the date, e.g. 2024-03-14"),
        );
    }
    date
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
}
