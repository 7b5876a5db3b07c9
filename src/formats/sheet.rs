//! A worksheet as ratebook reads it: cells by absolute position, a header row
//! matched by normalised column names, and cell readers that turn text,
//! numbers and dates into typed values or a located [`Diagnostic`].
//! Workbooks come through calamine (`.xlsx`, `.xls`, `.ods`); a CSV file is
//! read as a one-sheet workbook.

// Cell readers return a located Diagnostic as their error: it is large, but
// errors are the cold path and callers collect them, so it is not boxed.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::io::Cursor;
use std::path::Path;

use calamine::{Data, Reader};
use chrono::NaiveDate;

use crate::diag::{Code, Diagnostic, Location};
use crate::model::dates::parse_date;
use crate::model::names::normalise;

mod from_csv;

/// One sheet's cells, addressed by zero-based absolute (row, column).
#[derive(Debug, Clone)]
pub struct Sheet {
    /// The file, relative to the data folder, as diagnostics name it.
    pub file: String,
    pub name: String,
    rows: Vec<Vec<Data>>,
    /// Absolute position of `rows[0][0]` on the sheet.
    origin: (u32, u32),
    /// The longest row's length.
    width: u32,
    /// Cells that hold a formula (their value is the one last calculated),
    /// sorted; found in `.xlsx` workbooks.
    formulas: Vec<(u32, u32)>,
}

/// An open workbook: its sheets, read eagerly and completely.
#[derive(Debug)]
pub struct Workbook {
    pub file: String,
    pub sheets: Vec<Sheet>,
    /// Cells the reader had to cut (text longer than a spreadsheet cell may
    /// hold): the caller adds these to its findings.
    pub findings: Vec<Diagnostic>,
}

/// Largest sheet we accept (rows × columns); a bigger one is a data error,
/// not an out-of-memory crash. A world-sized player file (400,000 players ×
/// 20 columns) fits.
const MAX_CELLS: usize = 16_000_000;

/// Largest file read as a workbook. A world-sized player file is about 20 MB.
const MAX_FILE_BYTES: u64 = 512 * 1024 * 1024;

/// Most text one workbook's cells may hold in all: a small file whose
/// cells all repeat one long shared string must not fill the memory.
const MAX_TEXT_BYTES: usize = 256 * 1024 * 1024;

/// The most characters a spreadsheet cell holds (Excel's limit): longer text
/// could not be written back into the workbooks ratebook publishes.
pub const MAX_CELL_CHARS: usize = 32_767;

impl Workbook {
    /// Opens a spreadsheet (`.xlsx`, `.xlsm`, `.xls`, `.ods`) or a `.csv` file.
    /// A file that cannot be read is a located error, never a panic.
    pub fn open(path: &Path, file: &str) -> Result<Workbook, Diagnostic> {
        let cannot = |why: String| Diagnostic::error(Code::UnreadableFile, Location::file(file), why);
        let meta = std::fs::metadata(path).map_err(|e| cannot(format!("cannot read the file: {e}")))?;
        if !meta.is_file() {
            return Err(cannot("not a regular file (a folder, a pipe or a device)".into()));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(cannot(format!(
                "the file is {} MB, more than any report or player file ({} MB at most)",
                meta.len() / 1_000_000,
                MAX_FILE_BYTES / 1_000_000
            )));
        }
        let bytes = std::fs::read(path).map_err(|e| cannot(format!("cannot read the file: {e}")))?;
        Workbook::from_bytes(&bytes, file)
    }

    /// Reads a spreadsheet or `.csv` file named `file` from its bytes (a
    /// copy the record holds); the name's extension says which kind it is.
    pub fn from_bytes(bytes: &[u8], file: &str) -> Result<Workbook, Diagnostic> {
        let extension = Path::new(file).extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(unreadable(
                file,
                &format!(
                    "the file is {} MB, more than any report or player file ({} MB at most)",
                    bytes.len() / 1_000_000,
                    MAX_FILE_BYTES / 1_000_000
                ),
            ));
        }
        if extension == "csv" {
            let mut findings = Vec::new();
            let sheet = from_csv::read_csv(bytes, file, &mut findings)?;
            return Ok(Workbook { file: file.to_string(), sheets: vec![sheet], findings });
        }
        // calamine may panic on some malformed input; such a file is an error
        // for that file, not the end of the run.
        let result = std::panic::catch_unwind(|| read_spreadsheet(bytes, file, &extension));
        match result {
            Ok(result) => result,
            Err(_) => Err(unreadable(file, "the workbook is damaged (the reader gave up on it)")),
        }
    }

    /// The sheet whose name matches (ignoring case and surrounding spaces).
    pub fn sheet(&self, name: &str) -> Option<&Sheet> {
        let wanted = normalise(name);
        self.sheets.iter().find(|s| normalise(&s.name) == wanted)
    }

    pub fn sheet_names(&self) -> Vec<String> {
        self.sheets.iter().map(|s| s.name.clone()).collect()
    }
}

fn unreadable(file: &str, why: &str) -> Diagnostic {
    Diagnostic::error(Code::UnreadableFile, Location::file(file), why.to_string())
        .with_hint("save the report again from the spreadsheet program as .xlsx, .xls or .ods")
}

fn read_spreadsheet(bytes: &[u8], file: &str, extension: &str) -> Result<Workbook, Diagnostic> {
    // calamine expands an OpenDocument sheet's repeated rows and cells as it
    // opens the file: a sheet claiming more than a sheet may hold is refused
    // before it does.
    if super::ods::is_ods(bytes) {
        if let Some(big) = super::ods::oversized_sheet(bytes, MAX_CELLS as u64) {
            return Err(unreadable(
                file,
                &format!(
                    "sheet {} claims {} rows × {} columns of repeated cells ({} cells) from the {} it really holds: its markup repeats a row or cell that many times",
                    big.sheet,
                    big.rows,
                    big.columns,
                    big.claimed(),
                    big.held
                ),
            ));
        }
    }
    let cursor = Cursor::new(bytes);
    let mut workbook = calamine::open_workbook_auto_from_rs(cursor).map_err(|e| {
        unreadable(
            file,
            &format!(
                "not a readable spreadsheet ({}): {e}",
                if extension.is_empty() { "no extension" } else { extension }
            ),
        )
    })?;
    let mut sheets = Vec::new();
    let mut budget = TextBudget { file, left: MAX_TEXT_BYTES, findings: Vec::new() };
    for name in workbook.sheet_names() {
        let cannot = |e: &dyn std::fmt::Display| unreadable(file, &format!("sheet {name} cannot be read: {e}"));
        let sheet = match &mut workbook {
            // xlsx sheets are read cell by cell: a damaged or hostile cell
            // reference cannot make us allocate the whole sheet grid.
            calamine::Sheets::Xlsx(xlsx) => {
                let mut reader = xlsx.worksheet_cells_reader(&name).map_err(|e| cannot(&e))?;
                let mut cells = Vec::new();
                let mut formulas = Vec::new();
                while let Some(cell) = reader.next_cell_with_formula_metadata().map_err(|e| cannot(&e))? {
                    if cell.formula.is_some() {
                        formulas.push(cell.pos);
                    }
                    let value: Data = cell.value.into();
                    if value != Data::Empty {
                        if cells.len() >= MAX_CELLS {
                            return Err(too_large(file, &name));
                        }
                        cells.push((cell.pos, budget.spend(&name, cell.pos, value)?));
                    }
                }
                formulas.sort_unstable();
                Sheet { formulas, ..sparse_sheet(file, &name, cells)? }
            }
            other => {
                let range = other.worksheet_range(&name).map_err(|e| cannot(&e))?;
                let (height, width) = range.get_size();
                if height.saturating_mul(width) > MAX_CELLS {
                    return Err(too_large(file, &name));
                }
                let origin = range.start().unwrap_or((0, 0));
                let mut rows = Vec::with_capacity(height);
                for (r, row) in range.rows().enumerate() {
                    let mut cells = Vec::with_capacity(row.len());
                    for (c, value) in row.iter().enumerate() {
                        let at = (origin.0 + r as u32, origin.1 + c as u32);
                        cells.push(budget.spend(&name, at, value.clone())?);
                    }
                    rows.push(cells);
                }
                Sheet::new(file, &name, rows, origin)
            }
        };
        sheets.push(sheet);
    }
    Ok(Workbook { file: file.to_string(), sheets, findings: budget.findings })
}

/// What one workbook's text may still cost, and the cells cut so far.
struct TextBudget<'f> {
    file: &'f str,
    left: usize,
    findings: Vec<Diagnostic>,
}

impl TextBudget<'_> {
    /// Takes a cell's text from the budget: an error once the workbook holds
    /// more text than any report could; a cell longer than a spreadsheet cell
    /// may hold is cut, with a finding at it.
    fn spend(&mut self, sheet: &str, (row, col): (u32, u32), value: Data) -> Result<Data, Diagnostic> {
        let Data::String(text) = value else { return Ok(value) };
        self.left = self.left.checked_sub(text.len()).ok_or_else(|| {
            unreadable(
                self.file,
                &format!(
                    "the workbook holds more than {} MB of text: no report is that large",
                    MAX_TEXT_BYTES / 1_000_000
                ),
            )
        })?;
        Ok(Data::String(cut_long_cell(text, &mut self.findings, || Location::cell(self.file, sheet, row, col))))
    }
}

/// A text longer than a spreadsheet cell may hold, cut there, with an error
/// at its cell.
fn cut_long_cell(text: String, findings: &mut Vec<Diagnostic>, at: impl Fn() -> Location) -> String {
    if text.len() <= MAX_CELL_CHARS || text.chars().count() <= MAX_CELL_CHARS {
        return text;
    }
    cut_long_text(&text, findings, at)
}

/// [`cut_long_cell`] of borrowed text: only what is kept is copied.
fn cut_long_text(text: &str, findings: &mut Vec<Diagnostic>, at: impl Fn() -> Location) -> String {
    if text.len() <= MAX_CELL_CHARS || text.chars().count() <= MAX_CELL_CHARS {
        return text.to_string();
    }
    findings.push(too_long_cell(text.chars().count(), at()));
    text.chars().take(MAX_CELL_CHARS).collect()
}

/// The error at a cell of `chars` characters, more than a cell may hold.
fn too_long_cell(chars: usize, at: Location) -> Diagnostic {
    Diagnostic::error(
        Code::BadValue,
        at,
        format!("the cell holds {chars} characters, more than a spreadsheet cell may ({MAX_CELL_CHARS})"),
    )
    .with_hint("shorten it: a name or a note fits in a few dozen characters")
}

fn too_large(file: &str, sheet: &str) -> Diagnostic {
    unreadable(
        file,
        &format!("sheet {sheet} is too large (more than {MAX_CELLS} cells), or its cell references are damaged"),
    )
}

/// A sheet from its non-empty cells, refusing grids too large to hold.
fn sparse_sheet(file: &str, name: &str, cells: Vec<((u32, u32), Data)>) -> Result<Sheet, Diagnostic> {
    if cells.is_empty() {
        return Ok(Sheet::new(file, name, Vec::new(), (0, 0)));
    }
    let (r0, r1) = cells.iter().fold((u32::MAX, 0), |(lo, hi), ((r, _), _)| (lo.min(*r), hi.max(*r)));
    let (c0, c1) = cells.iter().fold((u32::MAX, 0), |(lo, hi), ((_, c), _)| (lo.min(*c), hi.max(*c)));
    let (height, width) = ((r1 - r0) as usize + 1, (c1 - c0) as usize + 1);
    if height.saturating_mul(width) > MAX_CELLS {
        return Err(too_large(file, name));
    }
    let mut rows = vec![Vec::new(); height];
    for ((r, c), value) in cells {
        let row = &mut rows[(r - r0) as usize];
        let at = (c - c0) as usize;
        if row.len() <= at {
            row.resize(at + 1, Data::Empty);
        }
        row[at] = value;
    }
    Ok(Sheet::new(file, name, rows, (r0, c0)))
}

/// The most columns a player file's sheet may have: a spreadsheet's own
/// limit (Excel's, column XFD). A wider header is refused at once, so that
/// its cost stays in proportion to a sheet a spreadsheet could open.
pub const MAX_COLUMNS: usize = 16_384;

impl Sheet {
    /// Builds a sheet from cells (for tests and other readers).
    pub fn from_rows(file: &str, name: &str, rows: Vec<Vec<Data>>) -> Sheet {
        Sheet::new(file, name, rows, (0, 0))
    }

    fn new(file: &str, name: &str, rows: Vec<Vec<Data>>, origin: (u32, u32)) -> Sheet {
        let width = rows.iter().map(|r| r.len()).max().unwrap_or(0) as u32;
        Sheet { file: file.to_string(), name: name.to_string(), rows, origin, width, formulas: Vec::new() }
    }

    /// The first cell of column `col` that holds a formula, if any does.
    pub fn formula_in_column(&self, col: u32) -> Option<u32> {
        self.formulas.iter().find(|&&(_, c)| c == col).map(|&(r, _)| r)
    }

    /// The cell at an absolute position (Empty outside the used range).
    pub fn get(&self, row: u32, col: u32) -> &Data {
        static EMPTY: Data = Data::Empty;
        if row < self.origin.0 || col < self.origin.1 {
            return &EMPTY;
        }
        self.rows
            .get((row - self.origin.0) as usize)
            .and_then(|r| r.get((col - self.origin.1) as usize))
            .unwrap_or(&EMPTY)
    }

    /// Absolute index of the first row and one past the last.
    pub fn row_span(&self) -> (u32, u32) {
        (self.origin.0, self.origin.0 + self.rows.len() as u32)
    }

    /// Absolute index of the first column and one past the last.
    pub fn col_span(&self) -> (u32, u32) {
        (self.origin.1, self.origin.1 + self.width)
    }

    pub fn location(&self, row: u32, col: u32) -> Location {
        Location::cell(&self.file, &self.name, row, col)
    }

    pub fn sheet_location(&self) -> Location {
        Location::sheet(&self.file, &self.name)
    }

    /// Whether every cell of a row is empty (or blank text).
    pub fn row_is_blank(&self, row: u32) -> bool {
        match row.checked_sub(self.origin.0).and_then(|r| self.rows.get(r as usize)) {
            Some(cells) => cells.iter().all(is_blank),
            None => true,
        }
    }

    /// The cell as trimmed text; numbers without a fraction print as whole numbers.
    pub fn text(&self, row: u32, col: u32) -> Option<String> {
        cell_text(self.get(row, col))
    }

    /// A whole number (e.g. an ID or a start number).
    pub fn whole(&self, row: u32, col: u32, what: &str) -> Result<Option<u64>, Diagnostic> {
        let cell = self.get(row, col);
        let bad = |shown: String| {
            Diagnostic::error(
                Code::BadNumber,
                self.location(row, col),
                format!("{what} must be a whole number, not {shown}"),
            )
            .with_hint(format!("write {what} as digits only, e.g. 12"))
        };
        match cell {
            Data::Empty => Ok(None),
            Data::Int(i) if *i >= 0 => Ok(Some(*i as u64)),
            Data::Float(f) if *f >= 0.0 && f.fract() == 0.0 && *f < 1e15 => Ok(Some(*f as u64)),
            Data::String(s) => {
                let t = s.trim();
                if t.is_empty() {
                    Ok(None)
                } else {
                    t.parse::<u64>().map(Some).map_err(|_| bad(format!("\"{}\"", clip(t))))
                }
            }
            other => Err(bad(describe(other))),
        }
    }

    /// A number (e.g. a rating or a score); text like "1511.5" or "1511,5" is accepted.
    pub fn number(&self, row: u32, col: u32, what: &str) -> Result<Option<f64>, Diagnostic> {
        let cell = self.get(row, col);
        let bad = |shown: String| {
            Diagnostic::error(Code::BadNumber, self.location(row, col), format!("{what} must be a number, not {shown}"))
                .with_hint(format!("write {what} as a number, e.g. 1511.5, or leave it blank"))
        };
        match cell {
            Data::Empty => Ok(None),
            Data::Int(i) => Ok(Some(*i as f64)),
            Data::Float(f) if f.is_finite() => Ok(Some(*f)),
            Data::String(s) => {
                let t = s.trim();
                if t.is_empty() {
                    return Ok(None);
                }
                match t.replace(',', ".").parse::<f64>() {
                    Ok(v) if v.is_finite() => Ok(Some(v)),
                    _ => Err(bad(format!("\"{}\"", clip(t)))),
                }
            }
            other => Err(bad(describe(other))),
        }
    }

    /// A date: a real spreadsheet date, or text `YYYY-MM-DD`, `DD.MM.YYYY`,
    /// `DD/MM/YYYY` or in words (`7 Oct 1996`), in any date field (an
    /// optional one such as Submitted too).
    pub fn date(&self, row: u32, col: u32, what: &str) -> Result<Option<NaiveDate>, Diagnostic> {
        let cell = self.get(row, col);
        let bad = |shown: String| {
            Diagnostic::error(Code::BadDate, self.location(row, col), format!("{what} must be a date, not {shown}"))
                .with_hint("enter a spreadsheet date, or text as 1993-08-01, 01.08.1993, 01/08/1993 or 1 Aug 1993")
        };
        match cell {
            Data::Empty => Ok(None),
            // Excel counts a 29 February 1900 that never was (serial 60,
            // which calamine reads as the 28th): the cell is a day out.
            Data::DateTime(dt) if dt.is_datetime() && never_was(dt) => Err(Diagnostic::error(
                Code::BadDate,
                self.location(row, col),
                format!("{what} is 1900-02-29, a day that never was (Excel counts it, wrongly)"),
            )
            .with_hint("enter the date again (1900-02-28 or 1900-03-01?), or as text such as 1900-03-01")),
            Data::DateTime(dt) => match dt.as_datetime() {
                Some(d) if dt.is_datetime() => Ok(Some(d.date())),
                _ => Err(bad(format!("{}", dt.as_f64()))),
            },
            Data::DateTimeIso(s) => parse_date(s).map(Some).ok_or_else(|| bad(format!("\"{}\"", clip(s)))),
            Data::String(s) => {
                if s.trim().is_empty() {
                    Ok(None)
                } else {
                    parse_date(s).map(Some).ok_or_else(|| bad(format!("\"{}\"", clip(s.trim()))))
                }
            }
            Data::Int(_) | Data::Float(_) => Err(bad(format!("the number {}", cell_text(cell).unwrap_or_default()))),
            other => Err(bad(describe(other))),
        }
    }

    /// [`Sheet::date`], its finding (or the note [`Sheet::date_read_as`]
    /// makes) added to `diagnostics`.
    pub fn date_kept(&self, row: u32, col: u32, what: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<NaiveDate> {
        match self.date(row, col, what) {
            Ok(date) => {
                diagnostics.extend(self.date_read_as(row, col, what));
                date
            }
            Err(d) => {
                diagnostics.push(d);
                None
            }
        }
    }

    /// A note saying how a date typed as text was read when its day and
    /// month could be each other (`01/08/1993`: day first, 1 August 1993,
    /// not 8 January), as `date` reads it; `None` for any other cell.
    pub fn date_read_as(&self, row: u32, col: u32, what: &str) -> Option<Diagnostic> {
        let Data::String(text) = self.get(row, col) else { return None };
        date_read_note(self.location(row, col), what, text)
    }

    /// `yes`/`no` (also `y`/`n`, `true`/`false`, `1`/`0`), blank gives the default.
    pub fn yes_no(&self, row: u32, col: u32, what: &str, default: bool) -> Result<bool, Diagnostic> {
        let cell = self.get(row, col);
        if let Data::Bool(b) = cell {
            return Ok(*b);
        }
        match cell_text(cell).map(|t| t.to_ascii_lowercase()) {
            None => Ok(default),
            Some(t) => match t.as_str() {
                "yes" | "y" | "true" | "1" => Ok(true),
                "no" | "n" | "false" | "0" => Ok(false),
                other => Err(Diagnostic::error(
                    Code::BadValue,
                    self.location(row, col),
                    format!("{what} must be yes or no, not \"{}\"", clip(other)),
                )
                .with_hint(format!("write yes or no (blank means {})", if default { "yes" } else { "no" }))),
            },
        }
    }
}

/// A header row: normalised column name → absolute column index.
#[derive(Debug, Clone)]
pub struct Header {
    pub row: u32,
    columns: HashMap<String, u32>,
    /// Names as written, in column order (for carrying unknown columns).
    pub names: Vec<(u32, String)>,
}

impl Header {
    /// The first non-blank row of the sheet, read as column names.
    pub fn find(sheet: &Sheet) -> Option<Header> {
        let (r0, r1) = sheet.row_span();
        let row = (r0..r1).find(|&r| !sheet.row_is_blank(r))?;
        let (c0, c1) = sheet.col_span();
        let mut columns = HashMap::new();
        let mut names = Vec::new();
        for c in c0..c1 {
            if let Some(name) = sheet.text(row, c) {
                columns.entry(normalise(&name)).or_insert(c);
                names.push((c, name));
            }
        }
        Some(Header { row, columns, names })
    }

    /// The column with this name (or one of its aliases).
    pub fn column(&self, names: &[&str]) -> Option<u32> {
        names.iter().find_map(|n| self.columns.get(&normalise(n)).copied())
    }

    /// Errors for a column given twice, in any spelling (`State` and
    /// `state`, `No` and `No.`): each of `known` (a column's names) heads
    /// at most one column, or ratebook would read one and drop the other
    /// in silence. The error is at the second, naming both.
    pub fn twice(&self, sheet: &Sheet, known: &[&[&str]], diagnostics: &mut Vec<Diagnostic>) {
        for names in known {
            let wanted: Vec<String> = names.iter().map(|n| normalise(n)).collect();
            let mut heading = self.names.iter().filter(|(_, name)| wanted.contains(&normalise(name)));
            let Some((first_col, first)) = heading.next() else { continue };
            for (col, name) in heading {
                diagnostics.push(
                    Diagnostic::error(
                        Code::DuplicateColumn,
                        sheet.location(self.row, *col),
                        format!(
                            "the column \"{}\" is given twice: \"{}\" in {} and \"{}\" in {}; ratebook cannot tell which to read",
                            names[0],
                            first.trim(),
                            crate::diag::a1(self.row, *first_col),
                            name.trim(),
                            crate::diag::a1(self.row, *col)
                        ),
                    )
                    .with_hint("remove one of them, or merge them into one column"),
                );
            }
        }
    }

    /// Like [`Header::column`], but a missing column is an error naming it.
    pub fn require(&self, sheet: &Sheet, names: &[&str]) -> Result<u32, Diagnostic> {
        self.column(names).ok_or_else(|| {
            Diagnostic::error(
                Code::MissingColumn,
                sheet.location(self.row, 0),
                format!("the header row has no column \"{}\"", names[0]),
            )
            .with_hint(format!(
                "add a column headed \"{}\" (columns found: {})",
                names[0],
                self.names.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(", ")
            ))
        })
    }
}

/// Text of a cell, trimmed; whole floats without ".0"; `None` when blank.
pub fn cell_text(cell: &Data) -> Option<String> {
    let text = match cell {
        Data::Empty => return None,
        Data::String(s) => s.trim().to_string(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) => {
            if f.fract() == 0.0 && f.abs() < 1e15 {
                format!("{}", *f as i64)
            } else {
                f.to_string()
            }
        }
        Data::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
        Data::DateTime(dt) => match dt.as_datetime() {
            Some(d) => d.date().to_string(),
            None => dt.as_f64().to_string(),
        },
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Error(e) => format!("#{e:?}"),
    };
    if text.is_empty() {
        None
    } else {
        Some(text)
    }
}

/// Whether a spreadsheet date is Excel's 29 February 1900 (serial 60 of
/// the 1900 date system), a day that never was.
fn never_was(dt: &calamine::ExcelDateTime) -> bool {
    let (year, month, day, ..) = dt.to_ymd_hms_milli();
    (year, month, day) == (1900, 2, 29)
}

fn is_blank(cell: &Data) -> bool {
    cell_text(cell).is_none()
}

fn describe(cell: &Data) -> String {
    match cell {
        Data::Bool(b) => format!("the logical value {b}"),
        Data::Error(e) => format!("the spreadsheet error {e:?}"),
        Data::DateTime(_) | Data::DateTimeIso(_) => format!("the date {}", cell_text(cell).unwrap_or_default()),
        Data::DurationIso(s) => format!("the duration {s}"),
        other => format!("\"{}\"", clip(&cell_text(other).unwrap_or_default())),
    }
}

pub use crate::diag::clip;

/// The note a date typed as text gets, wherever it is read (a workbook's
/// cell, a TRF sidecar's value), when its day and month could be each
/// other (`01/08/1993`): how it was read, day first
/// ([`crate::model::dates::read_day_first`]); `None` for any other text.
pub fn date_read_note(at: Location, what: &str, text: &str) -> Option<Diagnostic> {
    let text = text.trim();
    let day = crate::model::dates::read_day_first(text)?;
    let shown = crate::model::dates::long_date(day);
    Some(
        Diagnostic::note(Code::DateRead, at, format!("{what} \"{}\" read as {shown} (day/month/year)", clip(text)))
            .with_hint(
                "if the month comes first, type the date as year-month-day (1993-08-01) or enter a spreadsheet date",
            )
            .in_group("dates typed as text, read day first (day/month/year)", format!("\"{}\" as {shown}", clip(text))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_given_twice_in_any_spelling_is_an_error_at_the_second() {
        let row = |cells: &[&str]| cells.iter().map(|t| Data::String(t.to_string())).collect();
        let rows = vec![row(&["ID", "Date", "id"]), row(&["1", "2024-01-01", "2"])];
        let sheet = Sheet::from_rows("lessons.xlsx", "Lessons", rows);
        let mut d = Vec::new();
        Header::find(&sheet).unwrap().twice(&sheet, &[&["ID"], &["Date"]], &mut d);
        assert_eq!(d.len(), 1, "{d:?}");
        let said =
            "the column \"ID\" is given twice: \"ID\" in A1 and \"id\" in C1; ratebook cannot tell which to read";
        assert_eq!((d[0].message.as_str(), d[0].location.cell.as_deref()), (said, Some("C1")));
    }

    #[test]
    fn cell_readers_locate_their_errors() {
        let sheet = Sheet::from_rows(
            "reports/x.xlsx",
            "Players",
            vec![vec![Data::String("No".into()), Data::String("twelve".into()), Data::Float(3.5)]],
        );
        let e = sheet.whole(0, 1, "ID").unwrap_err();
        assert_eq!(e.location.cell.as_deref(), Some("B1"));
        assert!(e.message.contains("twelve"));
        assert!(sheet.whole(0, 2, "No").is_err());
        assert_eq!(sheet.number(0, 2, "Score").unwrap(), Some(3.5));
        assert!(sheet.date(0, 2, "Birth date").is_err());
    }

    #[test]
    fn a_text_date_that_reads_two_ways_is_noted_as_read_day_first() {
        let texts = ["01/08/1993", "01.08.1993", "13/08/1993", "1993-08-01", "08/08/1993", "1993/08/01"];
        let sheet =
            Sheet::from_rows("x.xlsx", "Event", vec![texts.iter().map(|t| Data::String(t.to_string())).collect()]);
        let noted: Vec<Option<String>> =
            (0..texts.len() as u32).map(|c| sheet.date_read_as(0, c, "Start").map(|d| d.message)).collect();
        assert_eq!(noted[0].as_deref(), Some("Start \"01/08/1993\" read as 1 August 1993 (day/month/year)"));
        assert!(noted[1].is_some());
        assert!(noted[2..].iter().all(Option::is_none), "{noted:?}");
    }
}
