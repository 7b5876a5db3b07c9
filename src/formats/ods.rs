//! A guard for OpenDocument spreadsheets, run before calamine reads one.
//! An `.ods` file may mark a row or a cell repeated (`table:number-rows-repeated`,
//! `table:number-columns-repeated`): a file of a few kilobytes can claim
//! millions of copies of one cell, and calamine expands them all in memory
//! as it opens the workbook. The guard streams the sheet markup and counts
//! the cells the repeats would make against the cells the file really holds:
//! a sheet whose repeats would multiply them many times over, or make more
//! than a sheet may hold, is refused, so that memory stays bounded by the
//! cells a file really holds.

use std::io::{BufReader, Read};

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// Cells repeats may make without a question (a few megabytes expanded).
const FREE_CELLS: u64 = 1_000_000;

/// How many times over repeats may multiply the cells a sheet holds, past
/// [`FREE_CELLS`]: a real sheet repeats blank formatting (not counted) and
/// the odd run of equal values, never one cell a million times.
const MAX_GROWTH: u64 = 100;

/// Whether `bytes` are an OpenDocument spreadsheet (a zip archive whose
/// `mimetype` says so).
pub fn is_ods(bytes: &[u8]) -> bool {
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else { return false };
    let Ok(entry) = archive.by_name("mimetype") else { return false };
    let mut mimetype = String::new();
    entry.take(200).read_to_string(&mut mimetype).is_ok() && mimetype.contains("opendocument.spreadsheet")
}

/// A sheet whose repeats claim too many cells: its name, the rows and
/// columns claimed (up to its last cell with content), and the cells with
/// content the markup really holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oversized {
    pub sheet: String,
    pub rows: u64,
    pub columns: u64,
    pub held: u64,
}

impl Oversized {
    /// The cells the repeats would make.
    pub fn claimed(&self) -> u64 {
        self.rows.saturating_mul(self.columns)
    }
}

/// The first sheet of the spreadsheet `bytes` whose repeated rows and cells
/// would make more than `max` cells, or more than [`MAX_GROWTH`] times the
/// cells it holds (past [`FREE_CELLS`]); `None` when every sheet is sound,
/// or the markup cannot be read (calamine then says what is wrong with it).
pub fn oversized_sheet(bytes: &[u8], max: u64) -> Option<Oversized> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).ok()?;
    let content = archive.by_name("content.xml").ok()?;
    scan(BufReader::new(content), max)
}

/// One sheet's count so far.
#[derive(Default)]
struct Sheet {
    name: String,
    /// Rows so far, repeats counted.
    rows: u64,
    /// Rows up to the last row with content.
    last_rows: u64,
    /// The most columns up to a row's last cell with content.
    columns: u64,
    /// Cells with content in the markup, repeats not counted.
    held: u64,
}

impl Sheet {
    fn oversized(&self, max: u64, finished: bool) -> Option<Oversized> {
        let found =
            Oversized { sheet: self.name.clone(), rows: self.last_rows, columns: self.columns, held: self.held };
        let claimed = found.claimed();
        let grown = finished && claimed > FREE_CELLS && claimed / self.held.max(1) > MAX_GROWTH;
        (claimed > max || grown).then_some(found)
    }
}

/// One row's count so far.
struct Row {
    repeats: u64,
    /// Columns so far, repeats counted, and up to the last cell with content.
    columns: u64,
    with_content: u64,
}

fn scan<R: std::io::BufRead>(input: R, max: u64) -> Option<Oversized> {
    let mut reader = Reader::from_reader(input);
    let mut buf = Vec::new();
    let mut sheet = Sheet::default();
    let mut row: Option<Row> = None;
    // How deep inside a cell the reader is (0: not in one).
    let mut in_cell = 0u32;
    loop {
        let event = reader.read_event_into(&mut buf).ok()?;
        match &event {
            Event::Start(e) | Event::Empty(e) => {
                let open = matches!(event, Event::Start(_));
                match e.name().as_ref() {
                    _ if in_cell > 0 => {
                        // Text inside a cell: it has content.
                        if let Some(row) = &mut row {
                            row.with_content = row.columns;
                        }
                        in_cell += u32::from(open);
                    }
                    "table:table" => {
                        sheet = Sheet { name: attribute(e, "table:name").unwrap_or_default(), ..Sheet::default() }
                    }
                    "table:table-row" if open => {
                        row =
                            Some(Row { repeats: number(e, "table:number-rows-repeated"), columns: 0, with_content: 0 })
                    }
                    "table:table-row" => {
                        sheet.rows = sheet.rows.saturating_add(number(e, "table:number-rows-repeated"))
                    }
                    "table:table-cell" | "table:covered-table-cell" => {
                        let valued =
                            attribute(e, "office:value-type").is_some() || attribute(e, "table:formula").is_some();
                        if let Some(row) = &mut row {
                            row.columns = row.columns.saturating_add(number(e, "table:number-columns-repeated"));
                            if valued {
                                row.with_content = row.columns;
                            }
                        }
                        in_cell = u32::from(open);
                        sheet.held += u64::from(valued || open);
                    }
                    _ => {}
                }
            }
            Event::End(e) => match e.name().as_ref() {
                _ if in_cell > 0 => in_cell -= 1,
                "table:table-row" => {
                    if let Some(row) = row.take() {
                        sheet.rows = sheet.rows.saturating_add(row.repeats);
                        if row.with_content > 0 {
                            sheet.last_rows = sheet.rows;
                            sheet.columns = sheet.columns.max(row.with_content);
                        }
                    }
                    if let Some(found) = sheet.oversized(max, false) {
                        return Some(found);
                    }
                }
                "table:table" => {
                    if let Some(found) = sheet.oversized(max, true) {
                        return Some(found);
                    }
                }
                _ => {}
            },
            Event::Eof => return None,
            _ => {}
        }
        buf.clear();
    }
}

/// A count attribute (a repeat), 1 when absent or unreadable.
fn number(e: &BytesStart<'_>, name: &str) -> u64 {
    attribute(e, name).and_then(|v| v.trim().parse().ok()).unwrap_or(1).max(1)
}

fn attribute(e: &BytesStart<'_>, name: &str) -> Option<String> {
    let value = e.try_get_attribute(name).ok().flatten()?;
    Some(value.value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(rows: &str) -> String {
        format!(
            r#"<office:document-content><office:body><office:spreadsheet><table:table table:name="Event">{rows}</table:table></office:spreadsheet></office:body></office:document-content>"#
        )
    }

    fn repeated(rows: u64, columns: u64) -> String {
        sheet(&format!(
            r#"<table:table-row table:number-rows-repeated="{rows}"><table:table-cell table:number-columns-repeated="{columns}" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#
        ))
    }

    #[test]
    fn a_cell_repeated_millions_of_times_is_found_before_it_is_expanded() {
        let found = scan(repeated(3000, 16000).as_bytes(), 16_000_000).unwrap();
        assert_eq!(found, Oversized { sheet: "Event".into(), rows: 3000, columns: 16000, held: 1 });
        // Under the most a sheet may hold, but a million cells from one.
        let found = scan(repeated(70, 16000).as_bytes(), 16_000_000).unwrap();
        assert_eq!(found.claimed(), 1_120_000);
        // A run of equal values, as a spreadsheet program writes it, passes.
        assert_eq!(scan(repeated(20, 40).as_bytes(), 16_000_000), None);
    }

    #[test]
    fn empty_repeats_and_a_real_sheet_pass() {
        // Formatting repeated to the sheet's end (as LibreOffice writes it) claims nothing.
        let rows = r#"<table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row><table:table-row table:number-rows-repeated="1048575"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>"#;
        assert_eq!(scan(sheet(rows).as_bytes(), 16_000_000), None);
    }
}
