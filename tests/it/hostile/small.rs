//! The smaller findings of issue 17 (item 13): each says where and what
//! would be right, and nothing is passed over without a word.

use super::*;

const REAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real");

/// `check` on a copy of the FIDE example TRF (with its sidecar) with `extra` lines appended.
fn check_trf_with(extra: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!("{REAL}/fide_example1.trf")).unwrap();
    std::fs::write(dir.path().join("e.trf"), format!("{}\n{extra}\n", text.trim_end())).unwrap();
    std::fs::copy(format!("{REAL}/fide_example1.toml"), dir.path().join("e.toml")).unwrap();
    let mut command = Command::new(binary());
    command.arg("check").arg("e.trf").current_dir(dir.path());
    let run = run_bounded(&mut command).expect("check ends");
    assert_sound(&run, "check");
    stdout(&run)
}

#[test]
fn a_duplicate_trf_player_line_says_where_the_other_is() {
    let text = std::fs::read_to_string(format!("{REAL}/fide_example1.trf")).unwrap();
    let (n, first) = text.lines().enumerate().find(|(_, l)| l.starts_with("001")).unwrap();
    let out = check_trf_with(first);
    assert!(!out.contains("also at ?"), "{out}");
    assert!(out.contains(&format!("(also at line {}, column", n + 1)), "{out}");
    // No finding points at itself as the other place.
    for line in out.lines().filter(|l| l.contains("(also at ")) {
        let (at, rest) = line.split_once(": ").unwrap();
        let at = at.split_once("] ").map_or(at, |(_, place)| place);
        assert!(!rest.contains(&format!("(also at {at})")), "{line}");
    }
    // The doubled line's games are entered twice at the two lines, and no
    // game is said to be entered twice on one line.
    let doubled = text.trim_end().lines().count() + 1;
    assert!(out.contains(&format!("is entered twice (lines {} and {doubled})", n + 1)), "{out}");
    for l in lines_with(&out, "is entered twice (lines") {
        let lines: Vec<&str> = l.rsplit("(lines ").next().unwrap().trim_end_matches(')').split(" and ").collect();
        assert_ne!(lines[0], lines[1], "{l}");
    }
}

#[test]
fn trf_lines_that_are_no_record_and_absurd_rounds_are_found_at_their_lines() {
    let lines = std::fs::read_to_string(format!("{REAL}/fide_example1.trf")).unwrap().trim_end().lines().count();
    let out = check_trf_with("this is garbage\n142 1001\nmore garbage");
    let garbage = format!("warning[trf-syntax] line {}, column 1: this line is not a TRF record", lines + 1);
    assert!(out.contains(&garbage) && out.contains("(nor are 1 more lines): ignored"), "{out}");
    assert!(out.contains("the number of rounds must be a whole number from 1 to 1000, not \"1001\""), "{out}");
}

#[test]
fn rounds_beyond_the_bound_give_the_bound() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let mut report = four_player_event("W93001", "W");
    report.rounds = 1001;
    f.report(&report);
    let out = stdout(&bounded(&["check"], &f.data(), None));
    assert!(out.contains("Rounds must be 1 to 1000, not 1001"), "{out}");
}

#[test]
fn a_newcomers_unknown_state_is_reported_at_the_state_cell() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let mut report = four_player_event("W93001", "W");
    report.players[3].id = None;
    report.players[3].surname = "Newman".into();
    report.players[3].state = Some("XX".into());
    f.report(&report);
    let rows = sheet_rows(&f.data().join("reports/W/W93001.xlsx"), "Players");
    let state_cell = ratebook::diag::a1(4, column(&rows, "State") as u32);
    let out = stdout(&bounded(&["check"], &f.data(), None));
    let found = lines_with(&out, "error[unknown-state]");
    assert!(found.len() == 1 && found[0].contains(&format!("cell {state_cell}:")), "at {state_cell}: {out}");
}

#[test]
fn skip_invalid_is_suggested_only_where_it_would_help() {
    let f = Fixture::new(AUGUST_1993);
    let mut ps = players();
    ps[0].state = None;
    f.players(ps);
    f.report(&four_player_event("W93001", "W"));
    for args in [&["period"][..], &["period", "--skip-invalid"]] {
        let run = bounded(args, &f.data(), Some(&f.out()));
        assert_eq!(run.status.code(), Some(1), "{args:?}: {}", stderr(&run));
        assert!(!stderr(&run).contains("use --skip-invalid"), "{args:?}: {}", stderr(&run));
        assert!(stderr(&run).contains("errors outside the reports cannot be skipped"), "{}", stderr(&run));
        let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
        assert!(!validation.contains("run with --skip-invalid"), "{args:?}: {validation}");
    }
    // An error in a report alone: there it helps, and is suggested.
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let mut report = four_player_event("W93001", "W");
    report.players[3].id = Some(999);
    f.report(&report);
    let run = bounded(&["period"], &f.data(), Some(&f.out()));
    assert!(stderr(&run).contains("or use --skip-invalid"), "{}", stderr(&run));
}

#[test]
fn the_summary_says_which_files_were_not_read_and_why() {
    let f = two_reports();
    let w = f.data().join("reports/W");
    std::fs::copy(w.join("W93001.xlsx"), w.join("W93001.xlsx.bak")).unwrap();
    std::fs::write(w.join("notes.txt"), "remember the prizes").unwrap();
    // (A hidden file that is a full report is an error: see `odd`.)
    std::fs::write(w.join(".W93002.xlsx"), "an editor's backup").unwrap();
    let said = "3 files were not read: 2 not a tournament report, 1 a hidden file (its name starts with a dot)";
    let check = bounded(&["check"], &f.data(), None);
    assert!(stdout(&check).contains(said), "{}", stdout(&check));
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(period.status.code(), Some(0), "{}", stderr(&period));
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert!(validation.contains(said), "{validation}");
}

#[test]
fn an_unreadable_period_toml_says_why_once() {
    let f = two_reports();
    std::fs::remove_file(f.data().join("period.toml")).unwrap();
    std::fs::create_dir(f.data().join("period.toml")).unwrap();
    let run = bounded(&["period"], &f.data(), Some(&f.out()));
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot read") && err.contains("period.toml"), "{err}");
    assert_eq!(err.matches("Is a directory").count(), 1, "{err}");
}
