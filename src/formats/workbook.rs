//! What every workbook ratebook writes shares: a workbook whose bytes depend
//! only on its contents and a stamp date, typed cell values, and the
//! one-sheet table a rule set publishes (CIS's `history.xlsx`).

use std::path::Path;

use chrono::NaiveDate;
use rust_xlsxwriter::{DocProperties, Format, Workbook, Worksheet, XlsxError};

use crate::model::ExtraValue;

/// The number format of every date cell.
pub const DATE_FORMAT: &str = "yyyy-mm-dd";

/// How hard the workbooks are compressed. Most of the time spent writing a
/// big workbook goes into compressing its sheets: level 2 takes about half
/// the time of the default level 6 for files about a fifth larger
/// (rust_xlsxwriter's performance notes; measured here on a world-sized
/// period: 3.4 s → 1.7 s, 38 MB → 46 MB).
const ZIP_LEVEL: u8 = 2;

/// A workbook whose bytes depend only on its contents and `stamp`.
pub fn new_workbook(stamp: NaiveDate) -> Workbook {
    let mut workbook = Workbook::new();
    workbook.set_zip_compression_level(ZIP_LEVEL);
    let properties = DocProperties::new().set_creation_datetime(&stamp).set_author("ratebook");
    workbook.set_properties(&properties);
    workbook
}

/// The date in an .xlsx workbook's properties (its creation date: ratebook
/// writes a list's published date there); `None` when it has none or the
/// bytes are no .xlsx workbook.
pub fn creation_date(bytes: &[u8]) -> Option<NaiveDate> {
    use std::io::Read as _;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).ok()?;
    let mut core = String::new();
    archive.by_name("docProps/core.xml").ok()?.take(1 << 20).read_to_string(&mut core).ok()?;
    let text = core.split("<dcterms:created").nth(1)?.split('>').nth(1)?.get(..10)?;
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// Saves `workbook` to `path`: assembled in memory, then written in one go,
/// so that a disk that fills up is one plain error of the write (the zip
/// library, left with an archive it cannot finish on disk, would print its
/// own message as it is dropped).
pub fn save(workbook: &mut Workbook, path: &Path) -> Result<(), XlsxError> {
    let bytes = workbook.save_to_buffer()?;
    std::fs::write(path, bytes).map_err(XlsxError::IoError)
}

/// A one-sheet workbook of typed columns (a rule set's own output).
#[derive(Debug, Clone, PartialEq)]
pub struct OutputTable {
    /// File name in the output folder, e.g. "history.xlsx".
    pub file: String,
    pub sheet: String,
    /// Column names and widths in characters.
    pub columns: Vec<(String, f64)>,
    pub rows: Vec<Vec<ExtraValue>>,
}

/// Writes a workbook a rule set publishes (one sheet, a bold header row, the
/// publication date as the document's date so two runs give the same bytes).
pub fn write_output_table(path: &Path, table: &OutputTable, stamp: NaiveDate) -> Result<(), XlsxError> {
    let mut workbook = new_workbook(stamp);
    let bold = Format::new().set_bold();
    let date = Format::new().set_num_format(DATE_FORMAT);
    let sheet = workbook.add_worksheet_with_constant_memory()?;
    sheet.set_name(&table.sheet)?;
    for (c, (name, width)) in table.columns.iter().enumerate() {
        sheet.set_column_width(c as u16, *width)?;
        sheet.write_string_with_format(0, c as u16, name, &bold)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    for (r, row) in table.rows.iter().enumerate() {
        let r = r as u32 + 1;
        for (c, value) in row.iter().enumerate() {
            write_value(sheet, r, c as u16, value, &date)?;
        }
    }
    save(&mut workbook, path)
}

/// Writes a value of a player's own column (or of a rule set's table) into a
/// cell: nothing for an empty value or empty text, dates as dates.
pub fn write_value(
    sheet: &mut Worksheet,
    row: u32,
    col: u16,
    value: &ExtraValue,
    date: &Format,
) -> Result<(), XlsxError> {
    match value {
        ExtraValue::Empty => {}
        ExtraValue::Text(t) if t.is_empty() => {}
        ExtraValue::Text(t) => {
            sheet.write_string(row, col, t)?;
        }
        ExtraValue::Number(n) => {
            sheet.write_number(row, col, *n)?;
        }
        ExtraValue::Bool(b) => {
            sheet.write_boolean(row, col, *b)?;
        }
        ExtraValue::Date(d) => {
            sheet.write_date_with_format(row, col, *d, date)?;
        }
    }
    Ok(())
}
