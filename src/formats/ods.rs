//! A guard for OpenDocument spreadsheets, run before calamine reads one.
//! An `.ods` file may mark a row or a cell repeated (`table:number-rows-repeated`,
//! `table:number-columns-repeated`): a file of a few kilobytes can claim
//! millions of copies of one cell, and calamine expands them all in memory
//! as it opens the workbook. The guard streams the sheet markup, counts the
//! cells the repeats would make, and refuses a sheet that claims more than a
//! sheet may hold, so that memory stays bounded by the cells the file holds.

use std::io::{BufReader, Read};

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// Whether `bytes` are an OpenDocument spreadsheet (a zip archive whose
/// `mimetype` says so).
pub fn is_ods(bytes: &[u8]) -> bool {
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else { return false };
    let Ok(entry) = archive.by_name("mimetype") else { return false };
    let mut mimetype = String::new();
    entry.take(200).read_to_string(&mut mimetype).is_ok() && mimetype.contains("opendocument.spreadsheet")
}

/// A sheet that claims more cells than `max`: its name, its claimed rows
/// and columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oversized {
    pub sheet: String,
    pub rows: u64,
    pub columns: u64,
}

/// The first sheet of the spreadsheet `bytes` whose repeated rows and cells
/// would make more than `max` cells (counted up to its last cell with
/// content, as calamine expands them); `None` when every sheet fits, or the
/// markup cannot be read (calamine then says what is wrong with it).
pub fn oversized_sheet(bytes: &[u8], max: u64) -> Option<Oversized> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).ok()?;
    let content = archive.by_name("content.xml").ok()?;
    scan(BufReader::new(content), max)
}

/// A sheet's count so far: rows claimed up to the last row with content,
/// and the widest such row.
#[derive(Default)]
struct Count {
    sheet: String,
    rows: u64,
    last_rows: u64,
    columns: u64,
}

fn scan<R: std::io::BufRead>(input: R, max: u64) -> Option<Oversized> {
    let mut reader = Reader::from_reader(input);
    let mut buf = Vec::new();
    let mut count = Count::default();
    // Within a row: its repeats, the columns up to its last cell with
    // content, the columns so far.
    let mut row: Option<(u64, u64, u64)> = None;
    let mut depth_in_cell = 0u32;
    loop {
        let event = reader.read_event_into(&mut buf).ok()?;
        match &event {
            Event::Start(e) | Event::Empty(e) => {
                let empty = matches!(event, Event::Empty(_));
                match e.name().as_ref() {
                    "table:table" => {
                        count = Count { sheet: attribute(e, "table:name").unwrap_or_default(), ..Count::default() }
                    }
                    "table:table-row" if !empty => row = Some((number(e, "table:number-rows-repeated"), 0, 0)),
                    "table:table-row" => {
                        count.rows = count.rows.saturating_add(number(e, "table:number-rows-repeated"))
                    }
                    "table:table-cell" | "table:covered-table-cell" if depth_in_cell == 0 => {
                        let repeats = number(e, "table:number-columns-repeated");
                        let valued = e.try_get_attribute("office:value-type").ok().flatten().is_some()
                            || e.try_get_attribute("table:formula").ok().flatten().is_some();
                        if let Some((_, with_content, so_far)) = &mut row {
                            *so_far = so_far.saturating_add(repeats);
                            if valued {
                                *with_content = *so_far;
                            }
                        }
                        if !empty {
                            depth_in_cell = 1;
                        }
                    }
                    _ if depth_in_cell > 0 => {
                        // Text inside a cell: it has content.
                        if let Some((_, with_content, so_far)) = &mut row {
                            *with_content = *so_far;
                        }
                        if !empty {
                            depth_in_cell += 1;
                        }
                    }
                    _ => {}
                }
            }
            Event::End(e) => match e.name().as_ref() {
                "table:table-cell" | "table:covered-table-cell" if depth_in_cell == 1 => depth_in_cell = 0,
                _ if depth_in_cell > 1 => depth_in_cell -= 1,
                "table:table-row" => {
                    if let Some((repeats, with_content, _)) = row.take() {
                        count.rows = count.rows.saturating_add(repeats);
                        if with_content > 0 {
                            count.last_rows = count.rows;
                            count.columns = count.columns.max(with_content);
                        }
                        if count.last_rows.saturating_mul(count.columns) > max {
                            return Some(Oversized {
                                sheet: count.sheet.clone(),
                                rows: count.last_rows,
                                columns: count.columns,
                            });
                        }
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

    #[test]
    fn a_cell_repeated_millions_of_times_is_found_before_it_is_expanded() {
        let rows = r#"<table:table-row table:number-rows-repeated="3000"><table:table-cell table:number-columns-repeated="16000" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#;
        let found = scan(sheet(rows).as_bytes(), 16_000_000).unwrap();
        assert_eq!(found, Oversized { sheet: "Event".into(), rows: 3000, columns: 16000 });
    }

    #[test]
    fn empty_repeats_and_a_real_sheet_pass() {
        // Formatting repeated to the sheet's end (as LibreOffice writes it) claims nothing.
        let rows = r#"<table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row><table:table-row table:number-rows-repeated="1048575"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>"#;
        assert_eq!(scan(sheet(rows).as_bytes(), 16_000_000), None);
    }
}
