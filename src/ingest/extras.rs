//! Files beside the reports that a rule set reads, read from the data
//! folder as the rule set declares them ([`SideFile`]: a name, a sheet, one
//! of the formats `formats/` reads, and whether `next` carries it from the
//! last period's output). The rule set names its files and reads what was
//! read; nothing here knows which rule set has which. Bad cells are located
//! findings, never a stop.

use crate::diag::{Code, Diagnostic, Location};
use crate::formats::dated_lists::{read_dated, DatedEntry};
use crate::formats::history::{read_history, HistoryEntry};
use crate::formats::sheet::{Sheet, Workbook};

/// A file beside the reports that a rule set reads, as it declares it
/// (`RatingSystem::inputs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideFile {
    /// Its name without the extension (`NAME`: `NAME.xlsx`, `.ods` or `.xls`).
    pub stem: &'static str,
    /// The sheet read (or the workbook's only sheet).
    pub sheet: &'static str,
    pub format: SideFormat,
    /// Published by the period and taken from its output folder into the
    /// next period's data folder by `next` (a history carried on).
    pub carried: bool,
}

/// The formats a side file may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideFormat {
    /// Rows of ID and Date (`formats::dated_lists`); a missing file is a
    /// note (none this period).
    Dated,
    /// A carried history (`formats::history`); missing, it is empty.
    History,
}

impl SideFile {
    /// Its file name as a publication writes it.
    pub fn file_name(&self) -> String {
        format!("{}.xlsx", self.stem)
    }
}

/// What was read of one side file.
#[derive(Debug, Clone, PartialEq)]
pub enum SideContent {
    Dated(Vec<DatedEntry>),
    History(Vec<HistoryEntry>),
}

/// What the period's rule set reads besides the player file and the
/// reports, by the stem of each file it declared.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SystemInputs {
    pub read: Vec<(&'static str, SideContent)>,
}

impl SystemInputs {
    /// The rows of the dated list `stem` (none when it was not there).
    pub fn dated(&self, stem: &str) -> &[DatedEntry] {
        self.read
            .iter()
            .find_map(|(s, c)| match c {
                SideContent::Dated(rows) if *s == stem => Some(rows.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// The entries of the history `stem` (none when it was not there).
    pub fn history(&self, stem: &str) -> &[HistoryEntry] {
        self.read
            .iter()
            .find_map(|(s, c)| match c {
                SideContent::History(rows) if *s == stem => Some(rows.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }
}

/// Spreadsheet forms accepted for these inputs, in order of preference.
const EXTENSIONS: [&str; 3] = ["xlsx", "ods", "xls"];

/// Reads the files beside the reports that the period's rule set declares,
/// from the period's `inputs`.
pub fn read_system_inputs(inputs: &super::Inputs, wanted: &[SideFile]) -> (SystemInputs, Vec<Diagnostic>) {
    let open = |stem: &str| {
        let file = EXTENSIONS.iter().map(|e| format!("{stem}.{e}")).find(|name| inputs.contains(name))?;
        let bytes = inputs.get(&file).expect("the file is among the inputs");
        Some((Workbook::from_bytes(bytes, &file), file))
    };
    read_inputs(&open, wanted)
}

/// The names the files `wanted` may have in a data folder (to take them
/// along when `check` reads reports named on their own).
pub fn file_names(wanted: &[SideFile]) -> Vec<String> {
    wanted.iter().flat_map(|w| EXTENSIONS.map(|e| format!("{}.{e}", w.stem))).collect()
}

/// A workbook named by its stem (its stem), opened, with its file name.
type Opener<'a> = dyn Fn(&str) -> Option<(Result<Workbook, Diagnostic>, String)> + 'a;

fn read_inputs(open: &Opener<'_>, wanted: &[SideFile]) -> (SystemInputs, Vec<Diagnostic>) {
    let mut inputs = SystemInputs::default();
    let mut diagnostics = Vec::new();
    for side in wanted {
        let stem = side.stem;
        let Some((workbook, file)) = open(stem) else {
            if side.format == SideFormat::Dated {
                diagnostics.push(
                    Diagnostic::note(
                        Code::UnreadableFile,
                        Location::file(&side.file_name()),
                        format!("no {stem}.xlsx: no {stem} this period"),
                    )
                    .with_hint(format!("put the period's {stem} in {stem}.xlsx, one row of ID and Date each")),
                );
            }
            continue;
        };
        let Some(sheet) = open_sheet(workbook, &file, side.sheet, &mut diagnostics) else { continue };
        let content = match side.format {
            SideFormat::Dated => SideContent::Dated(read_dated(&sheet, &mut diagnostics)),
            SideFormat::History => SideContent::History(read_history(&sheet, &mut diagnostics)),
        };
        inputs.read.push((stem, content));
    }
    (inputs, diagnostics)
}

/// The sheet named `name`, or the workbook's only sheet.
fn open_sheet(
    workbook: Result<Workbook, Diagnostic>,
    file: &str,
    name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Sheet> {
    let workbook = match workbook {
        Ok(w) => w,
        Err(d) => {
            diagnostics.push(d);
            return None;
        }
    };
    diagnostics.extend(workbook.findings.iter().cloned());
    if let Some(s) = workbook.sheet(name).or_else(|| (workbook.sheets.len() == 1).then(|| &workbook.sheets[0])) {
        return Some(s.clone());
    }
    diagnostics.push(
        Diagnostic::error(Code::MissingSheet, Location::file(file), format!("{file} has no sheet \"{name}\""))
            .with_hint(format!("name the sheet {name} (sheets found: {})", workbook.sheet_names().join(", "))),
    );
    None
}
