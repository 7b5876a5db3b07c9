//! Findings about the input: every problem ratebook finds is a [`Diagnostic`]
//! with a severity, a stable code, a location (file, sheet, cell) and a hint
//! saying what would be right. Stages collect them instead of stopping early.

use std::fmt;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The event (or file) cannot be used as it is.
    Error,
    /// Worth a look; does not stop publication.
    Warning,
    /// Information, such as an event that is not rated and why.
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// Stable kebab-case codes, so officers (and scripts) can search for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    UnreadableFile,
    MissingSheet,
    AmbiguousResults,
    MissingColumn,
    MissingField,
    BadDate,
    BadNumber,
    BadValue,
    UnknownState,
    BadTimeControl,
    DatesOutOfOrder,
    DuplicateEventCode,
    DuplicateStartNumber,
    DuplicatePlayerInEvent,
    DuplicatePlayerId,
    UnknownStartNumber,
    UnknownPlayerId,
    NameMismatch,
    MissingDetail,
    PlayerTwiceInRound,
    DuplicateGame,
    RoundOutOfRange,
    BadResult,
    CrosstableMismatch,
    CrosstableTotal,
    NotEligible,
    LateEvent,
    TooLate,
    Deferred,
    SkippedInvalid,
    NoReports,
    MissingSidecar,
    BadSidecar,
    TrfSyntax,
    ResultsDisagree,
    AmbiguousPlayer,
    UnmatchedPlayer,
    ByePlayer,
    KnownPlayerWithoutId,
    LikelyDuplicate,
    UnreadableFolder,
    DuplicateColumn,
    DuplicateField,
    OutOfRange,
    MissingGame,
    TimeControlRead,
    DateRead,
    BadSettings,
    ReturningPlayer,
    MergedPlayer,
    RatedBefore,
    EventList,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::UnreadableFile => "unreadable-file",
            Code::MissingSheet => "missing-sheet",
            Code::AmbiguousResults => "ambiguous-results",
            Code::MissingColumn => "missing-column",
            Code::MissingField => "missing-field",
            Code::BadDate => "bad-date",
            Code::BadNumber => "bad-number",
            Code::BadValue => "bad-value",
            Code::UnknownState => "unknown-state",
            Code::BadTimeControl => "bad-time-control",
            Code::DatesOutOfOrder => "dates-out-of-order",
            Code::DuplicateEventCode => "duplicate-event-code",
            Code::DuplicateStartNumber => "duplicate-start-number",
            Code::DuplicatePlayerInEvent => "duplicate-player-in-event",
            Code::DuplicatePlayerId => "duplicate-player-id",
            Code::UnknownStartNumber => "unknown-start-number",
            Code::UnknownPlayerId => "unknown-player-id",
            Code::NameMismatch => "name-mismatch",
            Code::MissingDetail => "missing-detail",
            Code::PlayerTwiceInRound => "player-twice-in-round",
            Code::DuplicateGame => "duplicate-game",
            Code::RoundOutOfRange => "round-out-of-range",
            Code::BadResult => "bad-result",
            Code::CrosstableMismatch => "crosstable-mismatch",
            Code::CrosstableTotal => "crosstable-total",
            Code::NotEligible => "not-eligible",
            Code::LateEvent => "late-event",
            Code::TooLate => "too-late",
            Code::Deferred => "deferred",
            Code::SkippedInvalid => "skipped-invalid",
            Code::NoReports => "no-reports",
            Code::MissingSidecar => "missing-sidecar",
            Code::BadSidecar => "bad-sidecar",
            Code::TrfSyntax => "trf-syntax",
            Code::ResultsDisagree => "results-disagree",
            Code::AmbiguousPlayer => "ambiguous-player",
            Code::UnmatchedPlayer => "unmatched-player",
            Code::ByePlayer => "bye-player",
            Code::KnownPlayerWithoutId => "known-player-without-id",
            Code::LikelyDuplicate => "likely-duplicate",
            Code::UnreadableFolder => "unreadable-folder",
            Code::DuplicateColumn => "duplicate-column",
            Code::DuplicateField => "duplicate-field",
            Code::OutOfRange => "out-of-range",
            Code::MissingGame => "missing-game",
            Code::TimeControlRead => "time-control-read",
            Code::DateRead => "date-read",
            Code::BadSettings => "bad-settings",
            Code::ReturningPlayer => "returning-player",
            Code::MergedPlayer => "merged-player",
            Code::RatedBefore => "rated-before",
            Code::EventList => "event-list",
        }
    }
}

/// Where a finding is: a file (relative to the data folder), optionally a
/// sheet and a cell in A1 notation (workbooks), or a line and column (text
/// formats such as FIDE TRF).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Location {
    pub file: String,
    pub sheet: Option<String>,
    pub cell: Option<String>,
    /// One-based line and column in a text file.
    pub line: Option<(u32, u32)>,
}

impl Location {
    pub fn file(file: &str) -> Location {
        Location { file: file.to_string(), ..Location::default() }
    }

    pub fn sheet(file: &str, sheet: &str) -> Location {
        Location { file: file.to_string(), sheet: Some(sheet.to_string()), ..Location::default() }
    }

    /// A cell by zero-based row and column.
    pub fn cell(file: &str, sheet: &str, row: u32, col: u32) -> Location {
        Location { file: file.to_string(), sheet: Some(sheet.to_string()), cell: Some(a1(row, col)), line: None }
    }

    /// A position in a text file, one-based line and column.
    pub fn line(file: &str, line: u32, column: u32) -> Location {
        Location { file: file.to_string(), line: Some((line, column)), ..Location::default() }
    }

    /// "sheet Games, cell D7" or "line 12, column 5"; empty for a whole file.
    pub fn position(&self) -> String {
        match (&self.sheet, &self.cell, self.line) {
            (_, _, Some((l, c))) => format!("line {l}, column {c}"),
            (Some(s), Some(c), None) => format!("sheet {s}, cell {c}"),
            (Some(s), None, None) => format!("sheet {s}"),
            _ => String::new(),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        let position = self.position();
        if !position.is_empty() {
            write!(f, ", {position}")?;
        }
        Ok(())
    }
}

/// Zero-based row and column → A1 notation (`(0, 0)` → `A1`, `(9, 27)` → `AB10`).
pub fn a1(row: u32, col: u32) -> String {
    let mut letters = Vec::new();
    let mut n = col as u64 + 1;
    while n > 0 {
        let rem = ((n - 1) % 26) as u8;
        letters.push((b'A' + rem) as char);
        n = (n - 1) / 26;
    }
    letters.reverse();
    format!("{}{}", letters.into_iter().collect::<String>(), row as u64 + 1)
}

/// One finding.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: Code,
    pub location: Location,
    /// What is wrong.
    pub message: String,
    /// What would be right.
    pub hint: Option<String>,
    /// The same mistake on many rows prints as one finding: what such
    /// findings share, and this one's part of it (see [`Group`]).
    pub group: Option<Group>,
}

/// How a finding reads among others of its kind on the same sheet: `summary`
/// says what they share ("new players without a birth date"), `item` what
/// is this one's ("Smith, John (No 1)"). Findings with the same file, sheet,
/// severity, code, hint and summary print as one, listing their cells and
/// items. (Findings without a group print as one when their messages are
/// the same.)
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Group {
    pub summary: String,
    pub item: String,
}

impl Diagnostic {
    pub fn error(code: Code, location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, code, location, message: message.into(), hint: None, group: None }
    }

    pub fn warning(code: Code, location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, code, location, message: message.into(), hint: None, group: None }
    }

    pub fn note(code: Code, location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Note, code, location, message: message.into(), hint: None, group: None }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// Marks the finding as one of a kind that prints as one group on a
    /// sheet (see [`Group`]).
    pub fn in_group(mut self, summary: impl Into<String>, item: impl Into<String>) -> Diagnostic {
        self.group = Some(Group { summary: summary.into(), item: item.into() });
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}: {}", self.severity.as_str(), self.code.as_str(), self.location, self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  = hint: {hint}")?;
        }
        Ok(())
    }
}

/// Whether `c` would act on a terminal or a page instead of showing:
/// C0 and C1 control codes, DEL, and the bidirectional formatting marks.
pub fn is_control(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every control character (see [`is_control`]) shown as an
/// escape such as `\u{1b}`, so that a value quoted by a finding cannot clear
/// the screen, hide text or reorder a line where it is printed.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_control(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Orders findings for printing: by file, then sheet and cell position, then severity.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        a.location
            .file
            .cmp(&b.location.file)
            .then_with(|| a.location.sheet.cmp(&b.location.sheet))
            .then_with(|| cell_key(&a.location.cell).cmp(&cell_key(&b.location.cell)))
            .then_with(|| a.location.line.cmp(&b.location.line))
            .then_with(|| a.severity.cmp(&b.severity))
            .then_with(|| a.code.cmp(&b.code))
            .then_with(|| a.message.cmp(&b.message))
    });
}

/// (row, column) of an A1 address, for ordering cells as they appear on the sheet.
fn cell_key(cell: &Option<String>) -> (u64, u64) {
    let Some(cell) = cell else { return (0, 0) };
    let letters: String = cell.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    let row: u64 = cell[letters.len()..].parse().unwrap_or(0);
    let col = letters.bytes().fold(0u64, |acc, b| acc * 26 + (b - b'A' + 1) as u64);
    (row, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_notation() {
        assert_eq!(a1(0, 0), "A1");
        assert_eq!(a1(6, 3), "D7");
        assert_eq!(a1(9, 25), "Z10");
        assert_eq!(a1(9, 27), "AB10");
        assert_eq!(a1(0, 701), "ZZ1");
        assert_eq!(a1(0, 702), "AAA1");
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(escape_controls("Smith"), "Smith");
        assert_eq!(escape_controls("A\u{1b}[2JB\u{7}\n\u{202e}x\u{9b}"), "A\\u{1b}[2JB\\u{7}\\u{a}\\u{202e}x\\u{9b}");
    }

    #[test]
    fn cells_sort_in_sheet_order() {
        assert!(cell_key(&Some("B2".into())) < cell_key(&Some("A10".into())));
        assert!(cell_key(&Some("Z3".into())) < cell_key(&Some("AA3".into())));
    }
}

/// Shortens long text quoted in a finding (a cell's value, a line of a file).
pub fn clip(text: &str) -> String {
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text.to_string()
    }
}
