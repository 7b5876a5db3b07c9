//! Writes the player file (`players.xlsx`, sheet `Players`): one row per
//! player in the columns of data-format.md, then the columns ratebook does not
//! know, carried unchanged. Streams rows in constant memory, so 200,000
//! players cost no more memory than twenty, and stamps the document with the
//! publication date so two runs give the same bytes.

use std::path::Path;

use chrono::NaiveDate;
use rust_xlsxwriter::{Format, Worksheet, XlsxError};

use crate::model::{Player, PlayerFile};

/// The columns ratebook writes, in order, with their widths in characters.
pub const COLUMNS: [(&str, f64); 14] = [
    ("ID", 8.0),
    ("Surname", 22.0),
    ("First names", 22.0),
    ("Gender", 7.0),
    ("Birth date", 11.0),
    ("State", 6.0),
    ("Club", 24.0),
    ("Rating", 9.0),
    ("Status", 11.0),
    ("Games", 7.0),
    ("Score", 7.0),
    ("Opp avg", 9.0),
    ("Last played", 11.0),
    ("FIDE ID", 10.0),
];

/// Writes `file` to `path` as an xlsx workbook with one sheet, `Players`.
/// `published` becomes the document's creation date.
pub fn write_player_file(path: &Path, file: &PlayerFile, published: NaiveDate) -> Result<(), XlsxError> {
    let mut workbook = super::workbook::new_workbook(published);
    let bold = Format::new().set_bold();
    let date = Format::new().set_num_format("yyyy-mm-dd");

    let sheet = workbook.add_worksheet_with_constant_memory()?;
    sheet.set_name("Players")?;
    for (col, (name, width)) in COLUMNS.iter().enumerate() {
        sheet.set_column_width(col as u16, *width)?;
        sheet.write_string_with_format(0, col as u16, *name, &bold)?;
    }
    for (k, name) in file.extra_columns.iter().enumerate() {
        let col = (COLUMNS.len() + k) as u16;
        sheet.set_column_width(col, (name.chars().count() as f64 + 2.0).max(12.0))?;
        sheet.write_string_with_format(0, col, name, &bold)?;
    }
    sheet.set_freeze_panes(1, 0)?;

    for (i, player) in file.players.iter().enumerate() {
        write_row(sheet, i as u32 + 1, player, &date)?;
    }
    workbook.save(path)
}

/// Writes one player's row.
fn write_row(sheet: &mut Worksheet, row: u32, p: &Player, date: &Format) -> Result<(), XlsxError> {
    sheet.write_number(row, 0, p.id)?;
    sheet.write_string(row, 1, &p.surname)?;
    text(sheet, row, 2, &p.first_names)?;
    if let Some(g) = p.gender {
        sheet.write_string(row, 3, g.as_str())?;
    }
    if let Some(d) = p.birth_date {
        sheet.write_date_with_format(row, 4, d, date)?;
    }
    if let Some(s) = &p.state {
        text(sheet, row, 5, s)?;
    }
    if let Some(c) = &p.club {
        text(sheet, row, 6, c)?;
    }
    if let Some(r) = p.rating {
        sheet.write_number(row, 7, r)?;
    }
    sheet.write_string(row, 8, p.status.as_str())?;
    sheet.write_number(row, 9, p.games)?;
    sheet.write_number(row, 10, p.score)?;
    if let Some(a) = p.opp_avg {
        sheet.write_number(row, 11, a)?;
    }
    if let Some(d) = p.last_played {
        sheet.write_date_with_format(row, 12, d, date)?;
    }
    if let Some(f) = p.fide_id {
        sheet.write_number(row, 13, f as f64)?;
    }
    for (k, value) in p.extra.iter().enumerate() {
        super::workbook::write_value(sheet, row, (COLUMNS.len() + k) as u16, value, date)?;
    }
    Ok(())
}

/// Writes a text cell, leaving the cell blank for an empty string.
fn text(sheet: &mut Worksheet, row: u32, col: u16, value: &str) -> Result<(), XlsxError> {
    if !value.is_empty() {
        sheet.write_string(row, col, value)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ExtraValue, Gender, Status};

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn sample() -> PlayerFile {
        let mut a = Player::new(3001, "Đorđević", "Zoë");
        a.gender = Some(Gender::Female);
        a.birth_date = Some(date(1979, 2, 28));
        a.state = Some("V".into());
        a.club = Some("Box Hill".into());
        a.rating = Some(1511.55);
        a.status = Status::Provisional;
        a.games = 17;
        a.score = 8.5;
        a.opp_avg = Some(1498.3);
        a.last_played = Some(date(1993, 2, 14));
        a.fide_id = Some(3_200_123);
        a.extra = vec![ExtraValue::Text("zoe@example.com".into()), ExtraValue::Bool(true)];
        let mut b = Player::new(3004, "Smith", "");
        b.extra = vec![ExtraValue::Empty, ExtraValue::Date(date(1990, 1, 1))];
        PlayerFile { players: vec![a, b], extra_columns: vec!["Email".into(), "Paid".into()] }
    }

    #[test]
    fn player_file_bytes_are_identical_from_run_to_run() {
        let dir = tempfile::tempdir().unwrap();
        let (one, two) = (dir.path().join("one.xlsx"), dir.path().join("two.xlsx"));
        write_player_file(&one, &sample(), date(1993, 8, 1)).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1100));
        write_player_file(&two, &sample(), date(1993, 8, 1)).unwrap();
        assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    }

    #[test]
    fn player_file_has_the_columns_in_order_and_typed_cells() {
        use calamine::{open_workbook_auto, Data, Reader};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("players.xlsx");
        write_player_file(&path, &sample(), date(1993, 8, 1)).unwrap();
        let mut wb = open_workbook_auto(&path).unwrap();
        assert_eq!(wb.sheet_names(), vec!["Players".to_string()]);
        let range = wb.worksheet_range("Players").unwrap();
        let header: Vec<String> = range.rows().next().unwrap().iter().map(|c| c.to_string()).collect();
        let mut expected: Vec<&str> = COLUMNS.iter().map(|c| c.0).collect();
        expected.extend(["Email", "Paid"]);
        assert_eq!(header, expected);
        let row: Vec<&Data> = range.rows().nth(1).unwrap().iter().collect();
        assert_eq!(row[0], &Data::Float(3001.0));
        assert_eq!(row[1], &Data::String("Đorđević".into()));
        assert!(matches!(row[4], Data::DateTime(_)), "{:?}", row[4]);
        assert_eq!(row[7], &Data::Float(1511.55));
        assert_eq!(row[8], &Data::String("provisional".into()));
        assert_eq!(row[11], &Data::Float(1498.3));
        assert_eq!(row[15], &Data::Bool(true));
        let second: Vec<&Data> = range.rows().nth(2).unwrap().iter().collect();
        assert_eq!(second[2], &Data::Empty);
        assert_eq!(second[7], &Data::Empty);
        assert_eq!(second[10], &Data::Float(0.0));
        assert!(matches!(second[15], Data::DateTime(_)));
    }
}
