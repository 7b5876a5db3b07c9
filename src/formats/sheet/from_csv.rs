//! A CSV player file read as a one-sheet workbook, field by field (csv-core):
//! a field keeps at most a cell's worth of text as it is read, so a 300 MB
//! line costs the file's bytes and one cell, not copies of the line; a line
//! of more than [`MAX_COLUMNS`] fields refuses the file as soon as it is seen.

use calamine::Data;
use csv_core::{ReadFieldResult, Reader};

use super::{too_long_cell, Sheet, MAX_CELL_CHARS, MAX_COLUMNS};
use crate::diag::{Code, Diagnostic, Location};

/// The most bytes a field keeps: a cell's characters at four bytes each.
const KEPT_BYTES: usize = MAX_CELL_CHARS * 4;

/// The bytes of a CSV file (UTF-8, else Latin-1) as the sheet `Players`.
pub(super) fn read_csv(bytes: &[u8], file: &str, findings: &mut Vec<Diagnostic>) -> Result<Sheet, Diagnostic> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let utf8 = std::str::from_utf8(bytes).is_ok();
    let mut reader = Reader::new();
    let mut input = bytes;
    let mut chunk = vec![0u8; 64 * 1024];
    let mut field = Field::default();
    let (mut rows, mut row) = (Vec::new(), Vec::new());
    // The record's fields so far (past MAX_COLUMNS only counted), and where
    // it starts, for the line a finding names.
    let (mut columns, mut record_start) = (0, 0);
    loop {
        // An empty `input` tells the reader the file has ended.
        let (result, read, written) = reader.read_field(input, &mut chunk);
        input = &input[read..];
        field.take(&chunk[..written], utf8);
        match result {
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => {}
            ReadFieldResult::Field { record_end } => {
                columns += 1;
                if columns <= MAX_COLUMNS {
                    let (r, c) = (rows.len() as u32, row.len() as u32);
                    row.push(field.finish(utf8, findings, || Location::cell(file, "Players", r, c)));
                } else {
                    field = Field::default();
                }
                if record_end {
                    if columns > MAX_COLUMNS {
                        return Err(too_wide(file, bytes, record_start, columns));
                    }
                    rows.push(std::mem::take(&mut row));
                    (columns, record_start) = (0, bytes.len() - input.len());
                }
            }
            ReadFieldResult::End => break,
        }
    }
    Ok(Sheet::new(file, "Players", rows, (0, 0)))
}

/// The field being read: the bytes kept, how many characters it has in all,
/// and whether what was not kept is blank.
#[derive(Default)]
struct Field {
    kept: Vec<u8>,
    chars: usize,
    dropped_text: bool,
}

impl Field {
    fn take(&mut self, bytes: &[u8], utf8: bool) {
        // A UTF-8 character starts at every byte that is not a continuation.
        self.chars += if utf8 { bytes.iter().filter(|&&b| (b as i8) >= -0x40).count() } else { bytes.len() };
        let (kept, dropped) = bytes.split_at(bytes.len().min(KEPT_BYTES.saturating_sub(self.kept.len())));
        self.kept.extend_from_slice(kept);
        self.dropped_text |= !dropped.iter().all(u8::is_ascii_whitespace);
    }

    /// The cell the field makes (blank text is an empty cell); text longer
    /// than a cell may hold is cut there, with a finding at `at`.
    fn finish(&mut self, utf8: bool, findings: &mut Vec<Diagnostic>, at: impl Fn() -> Location) -> Data {
        let Field { kept, chars, dropped_text } = std::mem::take(self);
        let text = if utf8 {
            String::from_utf8(kept).unwrap_or_else(|cut| {
                // Cut inside a character: keep the characters before it.
                let whole = cut.utf8_error().valid_up_to();
                let mut kept = cut.into_bytes();
                kept.truncate(whole);
                String::from_utf8(kept).unwrap_or_default()
            })
        } else {
            kept.iter().map(|&b| b as char).collect()
        };
        if text.trim().is_empty() && !dropped_text {
            return Data::Empty;
        }
        if chars <= MAX_CELL_CHARS {
            return Data::String(text);
        }
        findings.push(too_long_cell(chars, at()));
        Data::String(text.chars().take(MAX_CELL_CHARS).collect())
    }
}

/// The file refused at the line where a record of too many fields starts.
fn too_wide(file: &str, bytes: &[u8], record_start: usize, columns: usize) -> Diagnostic {
    let line = bytes[..record_start].iter().filter(|&&b| b == b'\n').count() + 1;
    Diagnostic::error(
        Code::UnreadableFile,
        Location::line(file, line as u32, 1),
        format!("line {line} has {columns} columns, more than a spreadsheet holds ({MAX_COLUMNS})"),
    )
    .with_hint("save the player file again from the spreadsheet: its columns are ID, Surname, First names, …")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> (Vec<Vec<Data>>, Vec<Diagnostic>) {
        let mut findings = Vec::new();
        let sheet = read_csv(bytes, "players.csv", &mut findings).unwrap();
        (sheet.rows, findings)
    }

    fn text(s: &str) -> Data {
        Data::String(s.to_string())
    }

    #[test]
    fn fields_quotes_blank_lines_and_latin1() {
        let (rows, findings) = read(b"\xEF\xBB\xBFID,Surname\r\n1,\"O'Brien, Jo\"\n\n2,  \n3,\"say \"\"hi\"\"\"");
        assert!(findings.is_empty());
        assert_eq!(
            rows,
            vec![
                vec![text("ID"), text("Surname")],
                vec![text("1"), text("O'Brien, Jo")],
                vec![text("2"), Data::Empty],
                vec![text("3"), text("say \"hi\"")],
            ]
        );
        let (rows, _) = read(b"1,M\xFCller\n");
        assert_eq!(rows, vec![vec![text("1"), text("Müller")]], "a file that is no UTF-8 is Latin-1");
    }

    #[test]
    fn a_long_field_is_cut_at_a_cell_with_its_length_and_keeps_a_cell() {
        let long = "é".repeat(MAX_CELL_CHARS * 3);
        let (rows, findings) = read(format!("1,{long},x\n2,b,c\n").as_bytes());
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].location, Location::cell("players.csv", "Players", 0, 1));
        assert!(findings[0].message.contains(&format!("holds {} characters", MAX_CELL_CHARS * 3)), "{findings:?}");
        let Data::String(kept) = &rows[0][1] else { panic!("{:?}", rows[0][1]) };
        assert_eq!(kept.chars().count(), MAX_CELL_CHARS);
        assert_eq!((&rows[0][2], &rows[1][0]), (&text("x"), &text("2")));
        // Blank beyond what is kept is still blank; text beyond it is not.
        let (rows, _) = read(format!("1,{}\n", " ".repeat(KEPT_BYTES * 2)).as_bytes());
        assert_eq!(rows[0][1], Data::Empty);
        let (rows, findings) = read(format!("1,{}x\n", " ".repeat(KEPT_BYTES * 2)).as_bytes());
        assert!(matches!(rows[0][1], Data::String(_)) && findings.len() == 1);
    }

    #[test]
    fn a_line_wider_than_a_spreadsheet_is_refused_at_its_line() {
        let wide = vec!["c"; MAX_COLUMNS + 1].join(",");
        let mut findings = Vec::new();
        let refused = read_csv(format!("ID\n\"a\nb\"\n{wide}\n").as_bytes(), "players.csv", &mut findings).unwrap_err();
        assert_eq!(refused.location, Location::line("players.csv", 4, 1));
        assert!(refused.message.contains(&format!("{} columns", MAX_COLUMNS + 1)), "{}", refused.message);
        let (rows, _) = read(vec!["c"; MAX_COLUMNS].join(",").as_bytes());
        assert_eq!(rows[0].len(), MAX_COLUMNS);
    }
}
