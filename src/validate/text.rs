//! Text that would damage what is printed: control characters (a newline,
//! ESC, BEL, other C0 and C1 codes, bidirectional overrides) in names, clubs
//! and event names of the reports and the player file, and text longer than
//! a spreadsheet cell may hold. Each is an error at its cell, found by
//! `check` before `period` would fail or print it.

use crate::diag::{is_control, Code, Diagnostic, Location};
use crate::formats::report::RawReport;
use crate::formats::sheet::MAX_CELL_CHARS;
use crate::model::PlayerFile;

/// The findings about one text field: `what` names it ("the surname of No 3").
fn check_field(text: &str, what: &str, at: &Location, findings: &mut Vec<Diagnostic>) {
    if let Some(c) = text.chars().find(|&c| is_control(c)) {
        findings.push(
            Diagnostic::error(
                Code::BadValue,
                at.clone(),
                format!(
                    "{what}, \"{}\", holds a control character ({}), which would garble the lists",
                    quoted(text),
                    char_name(c)
                ),
            )
            .with_hint("retype the text without it: names and clubs are letters, digits, spaces and punctuation"),
        );
    }
    let chars = text.chars().count();
    if chars > MAX_CELL_CHARS {
        findings.push(
            Diagnostic::error(
                Code::BadValue,
                at.clone(),
                format!("{what} is {chars} characters long, more than a spreadsheet cell may hold ({MAX_CELL_CHARS})"),
            )
            .with_hint("shorten it: a name fits in a few dozen characters"),
        );
    }
}

/// A name the lists print whole ("Surname, First names") that would not fit
/// a spreadsheet cell, though each part does.
fn check_whole_name(surname: &str, first_names: &str, who: &str, at: &Location, findings: &mut Vec<Diagnostic>) {
    let (s, f) = (surname.chars().count(), first_names.chars().count());
    if s <= MAX_CELL_CHARS && f <= MAX_CELL_CHARS && s + f + 2 > MAX_CELL_CHARS {
        findings.push(
            Diagnostic::error(
                Code::BadValue,
                at.clone(),
                format!(
                    "the name of {who} is {} characters long as the lists print it (surname, first names), more than a spreadsheet cell may hold ({MAX_CELL_CHARS})",
                    s + f + 2
                ),
            )
            .with_hint("shorten it: a name fits in a few dozen characters"),
        );
    }
}

/// The start of a long text (the findings escape its control characters).
fn quoted(text: &str) -> String {
    let mut shown: String = text.chars().take(60).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}

/// `U+001B (escape)`, `U+000A (line feed)`, `U+202E`.
fn char_name(c: char) -> String {
    let name = match c {
        '\n' => " (line feed)",
        '\r' => " (carriage return)",
        '\t' => " (tab)",
        '\u{1b}' => " (escape)",
        '\u{7}' => " (bell)",
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => " (a direction override)",
        _ => "",
    };
    format!("U+{:04X}{name}", c as u32)
}

/// The most characters an event code may have: the site names a page by
/// it (`events/CODE.html`, a character other than a letter, digit, `-` or
/// `_` written as five), and a file name holds 255 bytes at most.
pub const MAX_CODE_CHARS: usize = 50;

/// The findings about an event code: a control or direction character, or
/// a code too long to name a page by.
fn check_code(code: &str, at: &Location, findings: &mut Vec<Diagnostic>) {
    if let Some(c) = code.chars().find(|&c| is_control(c)) {
        findings.push(
            Diagnostic::error(
                Code::BadValue,
                at.clone(),
                format!("the event code \"{}\" holds a control character ({})", quoted(code), char_name(c)),
            )
            .with_hint("retype the code without it: codes are letters and digits, like V93001"),
        );
    }
    let chars = code.chars().count();
    if chars > MAX_CODE_CHARS {
        findings.push(
            Diagnostic::error(
                Code::BadValue,
                at.clone(),
                format!("the event code is {chars} characters long, more than a code may have ({MAX_CODE_CHARS}): the site names a page by it"),
            )
            .with_hint("use the federation's short code, like V93001"),
        );
    }
}

/// The findings about the text fields of one report.
pub fn check_report_text(report: &RawReport) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    if let Some(code) = &report.event.code {
        check_code(&code.value, &code.at, &mut findings);
    }
    if let Some(name) = &report.event.name {
        check_field(name, "the event's name", &report.event.at, &mut findings);
    }
    for p in &report.players {
        let who = format!("No {}", p.no);
        check_field(&p.surname, &format!("the surname of {who}"), &p.name_at, &mut findings);
        check_field(&p.first_names, &format!("the first names of {who}"), &p.name_at, &mut findings);
        check_whole_name(&p.surname, &p.first_names, &who, &p.name_at, &mut findings);
        if let Some(club) = &p.club {
            check_field(club, &format!("the club of {who}"), &p.name_at, &mut findings);
        }
    }
    findings
}

/// The findings about the text fields of the player file.
pub fn check_player_text(file: &PlayerFile) -> Vec<Diagnostic> {
    let Some(origin) = &file.origin else { return Vec::new() };
    let mut findings = Vec::new();
    for (i, p) in file.players.iter().enumerate().take(origin.rows.len()) {
        let at = |column: &str| origin.cell(i, column).unwrap_or_else(|| Location::file(&origin.file));
        let who = format!("player {}", p.id);
        check_field(&p.surname, &format!("the surname of {who}"), &at("Surname"), &mut findings);
        check_field(&p.first_names, &format!("the first names of {who}"), &at("First names"), &mut findings);
        check_whole_name(&p.surname, &p.first_names, &who, &at("Surname"), &mut findings);
        if let Some(club) = &p.club {
            check_field(club, &format!("the club of {who}"), &at("Club"), &mut findings);
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_overlong_text_are_found() {
        let at = Location::cell("players.xlsx", "Players", 2, 1);
        let mut findings = Vec::new();
        check_field("Smith\u{1b}[2J", "the surname", &at, &mut findings);
        check_field("Line\nbreak", "the surname", &at, &mut findings);
        check_field("\u{202E}evil", "the surname", &at, &mut findings);
        check_field(&"x".repeat(MAX_CELL_CHARS + 1), "the surname", &at, &mut findings);
        check_field("O\u{2019}Brien-Đorđević 王", "the surname", &at, &mut findings);
        assert_eq!(findings.len(), 4, "{findings:?}");
        assert!(findings[0].message.contains("U+001B (escape)"), "{}", findings[0].message);
        assert!(findings[1].message.contains("U+000A (line feed)"));
        assert!(findings[2].message.contains("direction override"));
        assert!(findings[3].message.contains("32768 characters"));
    }

    #[test]
    fn a_code_must_name_a_page_and_a_name_printed_whole_must_fit_a_cell() {
        let at = Location::cell("r.xlsx", "Event", 1, 2);
        let mut findings = Vec::new();
        check_code("V93001", &at, &mut findings);
        check_code(&"V".repeat(MAX_CODE_CHARS), &at, &mut findings);
        assert!(findings.is_empty(), "{findings:?}");
        check_code(&"V".repeat(MAX_CODE_CHARS + 1), &at, &mut findings);
        check_code("V93\u{0}001", &at, &mut findings);
        assert_eq!(findings.len(), 2, "{findings:?}");
        // The longest code's page name, every character written as `~XXXX`,
        // fits a file name (255 bytes).
        assert!(MAX_CODE_CHARS * 5 + ".html".len() <= 255);
        let mut findings = Vec::new();
        check_whole_name(&"S".repeat(20_000), &"F".repeat(12_765), "player 1", &at, &mut findings);
        assert!(findings.is_empty(), "\"S…, F…\" is 32,767 characters: it fits: {findings:?}");
        check_whole_name(&"S".repeat(20_000), &"F".repeat(12_766), "player 1", &at, &mut findings);
        assert_eq!(findings.len(), 1, "32,768 characters do not fit");
    }
}
