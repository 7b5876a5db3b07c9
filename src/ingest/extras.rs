//! Inputs beside the reports that some rule sets need, read from the data
//! folder when the period's system asks for them. The CIS rules read
//! `lessons.xlsx` and `renewals.xlsx` (rows of `ID`, `Date`) and the carried
//! `history.xlsx` (every lesson, renewal, entry and game so far); the other
//! systems need none. Bad cells are located findings, never a stop.

use crate::diag::{Code, Diagnostic, Location};
use crate::formats::dated_lists::{read_dated, DatedEntry};
use crate::formats::history::{read_history, HistoryEntry};
use crate::formats::sheet::{Sheet, Workbook};

/// What the period's rule set reads besides the player file and the reports.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SystemInputs {
    /// CIS: lessons completed (education bonus).
    pub lessons: Vec<DatedEntry>,
    /// CIS: membership renewals (renewal bonus).
    pub renewals: Vec<DatedEntry>,
    /// CIS: the history carried from earlier periods, in file order.
    pub history: Vec<HistoryEntry>,
}

/// Spreadsheet forms accepted for these inputs, in order of preference.
const EXTENSIONS: [&str; 3] = ["xlsx", "ods", "xls"];

/// A file beside the reports that a rule set reads (it declares them in
/// `RatingSystem::inputs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SystemInput {
    /// `lessons.xlsx`: rows of ID and Date.
    Lessons,
    /// `renewals.xlsx`: rows of ID and Date.
    Renewals,
    /// `history.xlsx`, carried from the last period's output.
    History,
}

/// Reads the files beside the reports that the period's rule set declares,
/// from the period's `inputs`.
pub fn read_system_inputs(inputs: &super::Inputs, wanted: &[SystemInput]) -> (SystemInputs, Vec<Diagnostic>) {
    let open = |stem: &str| {
        let file = EXTENSIONS.iter().map(|e| format!("{stem}.{e}")).find(|name| inputs.contains(name))?;
        let bytes = inputs.get(&file).expect("the file is among the inputs");
        Some((Workbook::from_bytes(bytes, &file), file))
    };
    read_inputs(&open, wanted)
}

/// The names the files `wanted` may have in a data folder (to take them
/// along when `check` reads reports named on their own).
pub fn file_names(wanted: &[SystemInput]) -> Vec<String> {
    let stems = wanted.iter().map(|w| match w {
        SystemInput::Lessons => "lessons",
        SystemInput::Renewals => "renewals",
        SystemInput::History => "history",
    });
    stems.flat_map(|stem| EXTENSIONS.map(|e| format!("{stem}.{e}"))).collect()
}

/// A workbook named by its stem (`lessons`), opened, with its file name.
type Opener<'a> = dyn Fn(&str) -> Option<(Result<Workbook, Diagnostic>, String)> + 'a;

fn read_inputs(open: &Opener<'_>, wanted: &[SystemInput]) -> (SystemInputs, Vec<Diagnostic>) {
    let mut inputs = SystemInputs::default();
    let mut diagnostics = Vec::new();
    let dated = [
        (SystemInput::Lessons, "lessons", "Lessons", &mut inputs.lessons),
        (SystemInput::Renewals, "renewals", "Renewals", &mut inputs.renewals),
    ];
    for (input, stem, sheet_name, target) in dated {
        if !wanted.contains(&input) {
            continue;
        }
        match open(stem) {
            Some((workbook, file)) => {
                if let Some(sheet) = open_sheet(workbook, &file, sheet_name, &mut diagnostics) {
                    *target = read_dated(&sheet, &mut diagnostics);
                }
            }
            None => diagnostics.push(
                Diagnostic::note(
                    Code::UnreadableFile,
                    Location::file(&format!("{stem}.xlsx")),
                    format!("no {stem}.xlsx: no {stem} this period"),
                )
                .with_hint(format!("put the period's {stem} in {stem}.xlsx, one row of ID and Date each")),
            ),
        }
    }
    if wanted.contains(&SystemInput::History) {
        if let Some((workbook, file)) = open("history") {
            if let Some(sheet) = open_sheet(workbook, &file, "History", &mut diagnostics) {
                inputs.history = read_history(&sheet, &mut diagnostics);
            }
        }
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
