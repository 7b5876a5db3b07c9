//! What `check` must find so that `period` cannot fail while publishing
//! (text longer than a spreadsheet cell, state codes and names that make no
//! sheet name), and control characters in names: an error at their cell,
//! and never printed raw on the terminal or in validation.txt.

use super::*;
use crate::robustness::rezip;

/// The bytes of a report in which the text `PLACEHOLDER` of a cell is replaced by `text`.
fn report_with_text(report: &ratebook::formats::report::write::EventReport, text: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.xlsx");
    ratebook::formats::report::write::write_report(&path, report, date(1993, 8, 1)).unwrap();
    let escaped = text.replace('&', "&amp;").replace('<', "&lt;");
    rezip(&std::fs::read(path).unwrap(), |_, content| {
        String::from_utf8(content).unwrap().replace("PLACEHOLDER", &escaped).into_bytes()
    })
}

/// A data folder with one W report whose fourth player (a newcomer, row 5
/// of the Players sheet) has the surname `surname`.
fn newcomer_named(surname: &str) -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let mut report = four_player_event("W93001", "W");
    report.players[3].id = None;
    if surname.chars().count() <= 32_767 {
        // The workbook writer stores control characters as Excel does (`_x001B_`).
        report.players[3].surname = surname.into();
        f.report(&report);
        return f;
    }
    report.players[3].surname = "PLACEHOLDER".into();
    let dir = f.data().join("reports/W");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("W93001.xlsx"), report_with_text(&report, surname)).unwrap();
    f
}

/// No escape, bell or other control character (but newlines) in `text`.
fn assert_no_controls(text: &str, what: &str) {
    let raw: Vec<char> = text.chars().filter(|&c| c != '\n' && ratebook::diag::is_control(c)).collect();
    assert!(raw.is_empty(), "{what} prints control characters {raw:?}: {text}");
}

#[test]
fn a_surname_longer_than_a_cell_is_found_by_check_at_its_cell() {
    let f = newcomer_named(&"Long".repeat(10_000));
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert!(
        lines_with(&out, "error[bad-value] sheet Players, cell C5")
            .iter()
            .any(|l| l.contains("40000 characters, more than a spreadsheet cell may (32767)")),
        "{}",
        &out[..out.len().min(3000)]
    );
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(period.status.code(), Some(1), "period fails later instead: {}", stderr(&period));
}

/// period.toml with the `[states]` line of Victoria replaced by `states`.
fn with_states(f: &Fixture, states: &str) {
    let path = f.data().join("period.toml");
    let toml = std::fs::read_to_string(&path).unwrap();
    assert!(toml.contains("\nV = \"Victoria\"\n"), "{toml}");
    std::fs::write(&path, toml.replace("\nV = \"Victoria\"\n", &format!("\n{states}\n"))).unwrap();
}

#[test]
fn state_codes_that_make_no_sheet_name_are_found_by_check() {
    for (states, says) in [
        ("\"V/x\" = \"Victoria\"", "[states] code \"V/x\" must be letters or digits"),
        ("V = \"Victoria\"\nv = \"Vic\"", "[states] has both V and v"),
        ("V = \"Victo\\u001bria\"", "the name \"Victo\\u{1b}ria\" holds a control character"),
    ] {
        let f = two_reports();
        with_states(&f, states);
        let check = bounded(&["check"], &f.data(), None);
        let out = stdout(&check);
        assert_eq!(check.status.code(), Some(1), "{states}: {out}{}", stderr(&check));
        assert!(out.contains("period.toml\n  error[bad-settings] ") && out.contains(says), "{states}: {out}");
        assert!(out.contains("hint: correct period.toml"), "{out}");
        assert_no_controls(&out, states);
    }
}

#[test]
fn every_mistake_in_period_toml_is_a_finding_of_check() {
    let f = two_reports();
    with_states(&f, "\"V/x\" = \"Victoria\"");
    let path = f.data().join("period.toml");
    let toml = std::fs::read_to_string(&path).unwrap();
    let line = toml.lines().find(|l| l.starts_with("record ")).unwrap();
    std::fs::write(&path, toml.replacen(line, "record = 3", 1)).unwrap();
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}{}", stderr(&check));
    assert!(out.contains("`record` must be a file name"), "{out}");
    assert!(out.contains("[states] code \"V/x\" must be letters or digits"), "{out}");
    assert!(out.contains("2 errors, 0 warnings"), "{out}");
    std::fs::write(&path, format!("colour = \"blue\"\nfederation_name = \"F\"\n{toml}")).unwrap();
    let out = stdout(&bounded(&["check"], &f.data(), None));
    assert!(out.contains("line 1: unknown setting `colour`"), "{out}");
    assert!(out.contains("line 2: unknown setting `federation_name`"), "{out}");
}

#[test]
fn state_names_that_clash_as_sheet_names_still_publish() {
    let f = two_reports();
    // A state named as another's code, one named by a sheet's name, one
    // 31 characters long in letters that take two UTF-16 units each.
    let long = "𝕍".repeat(31);
    with_states(&f, &format!("V = \"W\"\nX = \"Events\"\nY = \"{long}\"\nZ = \"Top: a/b\""));
    let check = bounded(&["check"], &f.data(), None);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(period.status.code(), Some(0), "{}", stderr(&period));
    use calamine::Reader;
    let wb = calamine::open_workbook_auto(f.out().join("ratings.xlsx")).unwrap();
    let names = wb.sheet_names();
    let mut lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    lower.sort();
    lower.dedup();
    assert_eq!(lower.len(), names.len(), "two sheets share a name: {names:?}");
    assert!(names.contains(&"Top ab".to_string()), "{names:?}");
}

#[test]
fn control_characters_in_names_are_errors_at_their_cells_and_printed_escaped() {
    // Escape sequences that clear the screen and hide text, a bell, a
    // direction override, a newline: in a report and in the player file.
    let f = newcomer_named("Smith\u{1b}[2J\u{1b}[8m\u{7}");
    let mut ps = players();
    ps[1].surname = "Host1\u{202e}evil".into();
    ps[2].first_names = "Line\nbreak".into();
    f.players(ps);
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    assert_no_controls(&out, "check");
    for (cell, shown) in [
        ("sheet Players, cell C5", "\"Smith\\u{1b}[2J\\u{1b}[8m\\u{7}\", holds a control character (U+001B (escape))"),
        ("sheet Players, cell B3", "\"Host1\\u{202e}evil\", holds a control character (U+202E (a direction override))"),
        ("sheet Players, cell C4", "\"Line\\u{a}break\", holds a control character (U+000A (line feed))"),
    ] {
        assert!(
            lines_with(&out, "error[bad-value]").iter().any(|l| l.contains(cell) && l.contains(shown)),
            "no error at {cell} showing {shown}: {out}"
        );
    }
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(period.status.code(), Some(1), "{}", stderr(&period));
    assert_no_controls(&stderr(&period), "period");
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert_no_controls(&validation, "validation.txt");
    assert!(validation.contains("Smith\\u{1b}[2J"), "{validation}");
}

#[test]
fn a_name_quoted_by_any_finding_is_printed_escaped() {
    // A listed player's name differs from the file's by an escape sequence:
    // the name-mismatch finding quotes it.
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let mut report = four_player_event("W93001", "W");
    report.players[0].surname = "Ho\u{1b}[8mst0".into();
    f.report(&report);
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_no_controls(&out, "check");
    assert!(out.contains("Ho\\u{1b}[8mst0"), "{out}");
}
