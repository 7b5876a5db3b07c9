//! `ratebook check` and `explain` as a state officer runs them: from a
//! folder holding only his reports (no period.toml, perhaps no player file),
//! from inside a data folder, with the findings redirected to a file; and the
//! mistakes of a hurried officer, every one found in one run.

use std::path::Path;
use std::process::{Command, Output};

use ratebook::formats::report::write::{report_workbook, write_report, EventReport, ReportPlayer};
use ratebook::model::{Gender, Player, PlayerFile, Status};

use crate::common::*;

/// Runs the binary in `dir`, as an officer typing the command there.
fn ratebook_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ratebook")).args(args).current_dir(dir).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn newcomer(no: u32, surname: &str, first: &str) -> ReportPlayer {
    ReportPlayer {
        no,
        id: None,
        surname: surname.into(),
        first_names: first.into(),
        gender: Some(Gender::Female),
        birth_date: Some(date(1980, 1, 2)),
        state: None,
        club: None,
    }
}

fn listed(no: u32, id: u32, surname: &str) -> ReportPlayer {
    ReportPlayer { id: Some(id), gender: Some(Gender::Male), ..newcomer(no, surname, "Known") }
}

/// A clean four-player, two-round Swiss: two players with IDs, two without.
fn clean_report(code: &str) -> EventReport {
    let players = vec![
        listed(1, 3054, "Hanna"),
        listed(2, 3100, "Ives"),
        newcomer(3, "Nguyen", "Lan"),
        newcomer(4, "Olsen", "Kari"),
    ];
    event(
        code,
        "V",
        date(1993, 6, 13),
        players,
        vec![(1, 1, Some(2), "1-0"), (1, 3, Some(4), "½-½"), (2, 4, Some(1), "0-1"), (2, 2, Some(3), "1-0")],
    )
}

/// A folder with nothing but reports in it (no period.toml).
fn officers_folder(reports: &[&EventReport]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for r in reports {
        write_report(&dir.path().join(format!("{}.xlsx", r.code)), r, date(1993, 8, 1)).unwrap();
    }
    dir
}

#[test]
fn check_reports_without_a_data_folder() {
    let dir = officers_folder(&[&clean_report("V93001")]);
    let run = ratebook_in(dir.path(), &["check", "V93001.xlsx"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(0), "{out}{}", stderr(&run));
    // Which defaults it assumed: the rule set and the dates.
    assert!(out.contains("with the default settings, there being no period.toml here: the ACF (1993) rules"), "{out}");
    assert!(out.contains("1 June 1993 to 30 June 1993"), "{out}");
    // Without a player file, the IDs are not checked: said once, not an error per player.
    assert_eq!(out.matches("IDs are not checked").count(), 1, "{out}");
    assert!(!out.contains("unknown-player-id") && !out.contains("error["), "{out}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");

    // With the player file named, the IDs are checked.
    let players = PlayerFile {
        players: vec![player(3054, "Hanna", "Known", "V", Status::Confirmed, Some(1500.0), 40)],
        extra_columns: vec![],
        origin: None,
        lists: Vec::new(),
    };
    ratebook::formats::player_file::write_player_file(&dir.path().join("players.xlsx"), &players, date(1993, 4, 1))
        .unwrap();
    let run = ratebook_in(dir.path(), &["check", "V93001.xlsx", "--players", "players.xlsx"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}");
    assert!(
        out.contains("error[unknown-player-id] sheet Players, cell B3: ID 3100 is not in the player file"),
        "{out}"
    );
    assert!(!out.contains("IDs are not checked"), "{out}");

    // A file that is not there is a mistake in the command.
    let run = ratebook_in(dir.path(), &["check", "V93002.xlsx"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("V93002.xlsx does not exist"), "{}", stderr(&run));
}

#[test]
fn check_finds_the_data_folder_it_runs_in() {
    let f = Fixture::new(AUGUST_1993);
    f.players(vec![
        player(3054, "Hanna", "Known", "V", Status::Confirmed, Some(1500.0), 40),
        player(3100, "Ives", "Known", "V", Status::Confirmed, Some(1600.0), 40),
    ]);
    f.report(&clean_report("V93001"));
    for dir in [f.root.path().to_path_buf(), f.data(), f.data().join("reports"), f.data().join("reports/V")] {
        let run = ratebook_in(&dir, &["check"]);
        let out = stdout(&run);
        assert_eq!(run.status.code(), Some(0), "from {}: {out}{}", dir.display(), stderr(&run));
        assert!(out.contains("period.toml") && out.contains("Checked 1 report"), "{out}");
    }
    // One report of the folder, by name, from the state's folder: the folder's settings and player file.
    let run = ratebook_in(&f.data().join("reports/V"), &["check", "V93001.xlsx"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(0), "{out}");
    assert!(!out.contains("IDs are not checked"), "{out}");
    // Outside any data folder, without files: what to do instead.
    let elsewhere = tempfile::tempdir().unwrap();
    let run = ratebook_in(elsewhere.path(), &["check"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("ratebook check report.xlsx"), "{}", stderr(&run));
}

#[test]
fn check_prints_its_findings_to_stdout() {
    let mut r = clean_report("V93001");
    r.state = "X".into();
    let dir = officers_folder(&[&r]);
    let run = ratebook_in(dir.path(), &["check", "V93001.xlsx"]);
    assert_eq!(run.status.code(), Some(1));
    let out = stdout(&run);
    assert!(
        out.contains("V93001.xlsx\n  error[unknown-state] sheet Event, cell B3: \"X\" is not a state code"),
        "{out}"
    );
    assert!(out.contains("1 error, 0 warnings, 0 notes"), "the summary too: {out}");
    assert_eq!(stderr(&run), "", "nothing is left on stderr");
}

#[test]
fn the_same_missing_field_in_eleven_rows_is_one_finding() {
    // Eleven newcomers without a birth date, and a Games sheet whose Round
    // was typed only on the first row of each round.
    let players: Vec<ReportPlayer> = (1..=12)
        .map(|no| ReportPlayer {
            birth_date: (no == 12).then(|| date(1970, 1, 1)),
            ..newcomer(no, &format!("Player{no}"), "Test")
        })
        .collect();
    let games: Vec<(u32, u32, Option<u32>, &str)> =
        (1..=2).flat_map(|round| (0..6).map(move |t| (round, 2 * t + 1, Some(2 * t + 2), "1-0"))).collect();
    let report = event("V93001", "V", date(1993, 6, 13), players, games);
    let dir = tempfile::tempdir().unwrap();
    let mut workbook = report_workbook(&report, date(1993, 8, 1)).unwrap();
    let sheet = workbook.worksheet_from_name("Games").unwrap();
    for row in [2, 3, 4, 5, 6, 8, 9, 10, 11, 12] {
        sheet.clear_cell(row, 0);
    }
    workbook.save(dir.path().join("V93001.xlsx")).unwrap();

    let run = ratebook_in(dir.path(), &["check", "V93001.xlsx"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}");
    assert_eq!(out.matches("missing-detail").count(), 1, "eleven rows, one finding: {out}");
    assert!(
        out.contains(
            "sheet Players, cells C2 to C12 (11 cells): new players with no birth date: Player1, Test (No 1);"
        ),
        "{out}"
    );
    assert_eq!(out.matches("error[missing-field]").count(), 1, "{out}");
    assert!(out.contains("sheet Games, cells A3 to A7, A9 to A13 (10 cells): the round is missing"), "{out}");
}

#[test]
fn a_twice_typed_start_number_and_a_missing_game_are_found_with_the_other_mistakes() {
    let players: Vec<ReportPlayer> = (1..=6).map(|no| newcomer(no, &format!("Player{no}"), "Test")).collect();
    let games = vec![
        // Round 1: a result that is not one, on the row of player 1, who
        // plays again further down; player 6 has no game.
        (1, 1, Some(2), "1-1"),
        (1, 3, Some(4), "1-0"),
        (1, 5, Some(1), "0-1"),
        // Round 2: a start number that is nobody's.
        (2, 1, Some(2), "1-0"),
        (2, 3, Some(9), "1-0"),
        (2, 4, Some(6), "1-0"),
        (2, 5, None, "bye"),
        // Rounds 3 and 4: player 5 withdrew after round 2.
        (3, 1, Some(2), "1-0"),
        (3, 3, Some(4), "1-0"),
        (3, 6, None, "bye"),
        (4, 1, Some(3), "1-0"),
        (4, 2, Some(4), "1-0"),
        (4, 6, None, "1"),
    ];
    let mut report = event("V93001", "V", date(1993, 6, 13), players, games);
    report.time_control = "G/60 d5".into();
    let dir = officers_folder(&[&report]);
    let run = ratebook_in(dir.path(), &["check", "V93001.xlsx"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}");
    for found in [
        "error[bad-time-control] sheet Event, cell B7",
        "error[bad-result] sheet Games, cell D2: \"1-1\" is not a result",
        "error[unknown-start-number] sheet Games, cell C6: start number 9 is not on the Players sheet",
        "error[player-twice-in-round] sheet Games, cell C4: player 1 plays twice in round 1 (also at cell B2)",
        "warning[missing-game] sheet Players, cell A7: No 6 Player6, Test has no game or bye in round 1",
        "warning[missing-game] sheet Players, cell A6: No 5 Player5, Test has no game or bye from round 3 on",
    ] {
        assert!(out.contains(found), "{found} in\n{out}");
    }
    assert_eq!(out.matches("missing-game").count(), 2, "one warning for a player who withdrew: {out}");
}

/// A game typed twice (the same two players in the same round, colours
/// either way) is one duplicated row, naming both rows, not two players
/// who each play twice.
#[test]
fn a_game_entered_twice_is_one_duplicated_row_at_both_rows() {
    let players: Vec<ReportPlayer> = (1..=4).map(|no| newcomer(no, &format!("Player{no}"), "Test")).collect();
    let games = vec![
        (1, 1, Some(2), "1-0"),
        (1, 3, Some(4), "1-0"),
        (2, 1, Some(3), "1-0"),
        (2, 2, Some(4), "1-0"),
        (1, 2, Some(1), "0-1"),
    ];
    let report = event("V93001", "V", date(1993, 6, 13), players, games);
    let dir = officers_folder(&[&report]);
    let run = ratebook_in(dir.path(), &["check", "V93001.xlsx"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}");
    assert!(
        out.contains("error[duplicate-game] sheet Games, cell A6: the game of round 1 between No 1 and No 2 is entered twice (rows 2 and 6)"),
        "{out}"
    );
    assert!(!out.contains("plays twice"), "{out}");
    assert!(out.contains("1 error"), "one mistake counts once: {out}");
}

/// A date typed as text that could be read either way (`05/06/1960`) is read
/// day first, and `check` says so, as it says how it read a time control;
/// one that can be read one way only (`17/03/1961`, ISO) is read in silence.
#[test]
fn a_date_typed_as_text_says_how_it_was_read() {
    let f = Fixture::new(AUGUST_1993);
    let csv = "ID,Surname,First names,Gender,Birth date,State,Club,Rating,Status,Games,Score,Opp avg,Last played\n\
               3054,Hanna,Known,M,05/06/1960,V,,1500,confirmed,40,20,1500,1993-02-14\n\
               3100,Ives,Known,M,17/03/1961,V,,1600,confirmed,40,20,1500,1993-02-14\n";
    std::fs::write(f.data().join("players.csv"), csv).unwrap();
    f.report(&clean_report("V93001"));
    let run = f.run(&["check"]);
    let out = stdout(&run);
    assert!(
        out.contains(
            "note[date-read] sheet Players, cell E2: Birth date \"05/06/1960\" read as 5 June 1960 (day/month/year)"
        ),
        "{out}"
    );
    assert_eq!(out.matches("date-read").count(), 1, "{out}");
}

/// A report with errors whose event also ends after the period, in a data
/// folder: one run says both (the period's own rules are told even for a
/// report that will not be rated), and the summary at the end counts them.
#[test]
fn check_tells_a_report_with_errors_everything_in_one_run() {
    let f = Fixture::new(AUGUST_1993);
    f.players(vec![
        player(3054, "Hanna", "Known", "V", Status::Confirmed, Some(1500.0), 40),
        player(3100, "Ives", "Known", "V", Status::Confirmed, Some(1600.0), 40),
    ]);
    let mut report = clean_report("V93001");
    report.end = date(1993, 8, 20); // after the period's end, 31 July
    report.start = date(1993, 8, 19);
    if let ratebook::formats::report::write::ReportResults::Games(games) = &mut report.results {
        games[0].result = "1-1".into();
        games[1].result = "1996-01-02".into(); // what a spreadsheet makes of a result it took for a date
    }
    f.report(&report);
    let run = f.run(&["check"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}");
    assert!(out.contains("\"1-1\" is not a result"), "{out}");
    assert!(out.contains("the spreadsheet turned what was typed into a date"), "{out}");
    assert!(out.contains("note[deferred]") && out.contains("after the period's end 1993-07-31"), "{out}");
    // The summary comes last.
    let summary = &out[out.rfind("\nSummary\n").expect("a summary")..];
    assert!(summary.contains("findings           2 errors"), "{summary}");
    assert!(summary.contains("0 would be rated; 1 report with errors would not be rated"), "{summary}");
    assert!(summary.trim_end().ends_with("(the reports with errors would not be rated)."), "{summary}");
    // `period` refuses, and ends with the errors again, then what to do.
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(1));
    let err = stderr(&run);
    let end = &err[err.rfind("The errors that stopped publication:").expect("the errors again at the end")..];
    assert!(end.contains("\"1-1\" is not a result") && end.contains("validation.txt"), "{end}");
    assert!(end.trim_end().ends_with("to publish without the events whose reports have them."), "{end}");
}

#[test]
fn everyday_time_controls_are_read_and_said_back_in_pgn() {
    let mut reports = Vec::new();
    for (code, text) in [("V93001", "60 min + 10 sec"), ("V93002", "90 min + 30 s"), ("V93003", "40/90, 30 + 30s")] {
        let mut r = clean_report(code);
        r.time_control = text.into();
        reports.push(r);
    }
    let mut seconds_as_minutes = clean_report("V93004");
    seconds_as_minutes.time_control = "40/90:30+30".into();
    let mut unreadable = clean_report("V93005");
    unreadable.time_control = "ninety minutes".into();
    reports.extend([seconds_as_minutes, unreadable]);
    let dir = officers_folder(&reports.iter().collect::<Vec<_>>());
    let run = ratebook_in(dir.path(), &["check", "."]);
    let out = stdout(&run);
    for read in [
        "time control \"60 min + 10 sec\" read as 3600+10: 60 minutes for the game plus 10 seconds a move",
        "time control \"90 min + 30 s\" read as 5400+30",
        "time control \"40/90, 30 + 30s\" read as 40/5400:1800+30: 40 moves in 90 minutes, then 30 minutes",
        // Valid PGN stays PGN, seconds; the hint gives the minutes' reading.
        "time control \"40/90:30+30\" is in seconds: 40 moves in 90 seconds",
        "if the times are minutes, write 40/5400:1800+30",
    ] {
        assert!(out.contains(read), "{read} in\n{out}");
    }
    assert_eq!(out.matches("error[").count(), 1, "{out}");
    let unreadable = out.lines().skip_while(|l| !l.contains("bad-time-control")).nth(1).unwrap_or_default();
    assert!(
        unreadable.contains("5400+30 is 90 minutes plus 30 seconds a move") && !unreadable.contains("PGN TimeControl"),
        "the hint in plain words: {unreadable}"
    );
    // The everyday events are rated, as their PGN would be.
    for code in ["V93001", "V93002", "V93003"] {
        assert!(out.contains(&format!("{code}.xlsx  No 3")), "{code}'s newcomers are listed: {out}");
    }
}

#[test]
fn a_clean_check_lists_the_newcomers_it_will_create() {
    let mut other = clean_report("V93002");
    other.players[3] = newcomer(4, "Nguyen", "Lan");
    let dir = officers_folder(&[&clean_report("V93001"), &other]);
    let run = ratebook_in(dir.path(), &["check", "V93001.xlsx", "V93002.xlsx"]);
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(0), "{out}");
    let list: Vec<&str> =
        out.lines().skip_while(|l| !l.contains("new players")).skip(1).take_while(|l| !l.is_empty()).collect();
    assert_eq!(
        list,
        [
            "  V93001.xlsx  No 3    Nguyen, Lan (V)",
            "  V93002.xlsx  No 3    Nguyen, Lan (V)   <- the same name again",
            "  V93002.xlsx  No 4    Nguyen, Lan (V)   <- the same name again",
            "  V93001.xlsx  No 4    Olsen, Kari (V)",
        ],
        "{out}"
    );
}

#[test]
fn explain_takes_a_name() {
    let f = Fixture::new(AUGUST_1993);
    let mut players: Vec<Player> = vec![
        player(3054, "Hanna", "Joseph", "V", Status::Confirmed, Some(1500.0), 40),
        player(101, "Anderson", "Stephen", "V", Status::Provisional, Some(851.0), 12),
        player(102, "Anderson", "Stephen", "N", Status::Provisional, Some(1225.0), 12),
    ];
    players[2].birth_date = Some(date(1971, 3, 3));
    f.players(players);
    let run = f.run(&["explain", "joseph HANNA"]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(stdout(&run).starts_with("Hanna, Joseph (V), ID 3054"), "{}", stdout(&run));
    let run = f.run(&["explain", "Anderson, Stephen"]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let out = stdout(&run);
    assert!(out.contains("2 players fit \"Anderson, Stephen\""), "{out}");
    assert!(out.contains("101  Anderson, Stephen  V      1960  851p"), "{out}");
    assert!(out.contains("102  Anderson, Stephen  N      1971  1225p"), "{out}");
    // history takes a name too (here the record holds nothing yet).
    let run = f.run(&["history", "joseph HANNA"]);
    assert!(!stderr(&run).contains("invalid digit"), "{}", stderr(&run));
    let run = f.run(&["explain", "Nobody"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).contains("no player named Nobody"), "{}", stderr(&run));
}

/// `history NAME` names the players the name fits as `explain` does, their
/// year of birth in the Born column (from the record's last list).
#[test]
fn history_names_its_candidates_with_their_birth_years_as_explain_does() {
    let f = Fixture::new(AUGUST_1993);
    let mut players: Vec<Player> = vec![
        player(101, "Anderson", "Stephen", "V", Status::Provisional, Some(851.0), 12),
        player(102, "Anderson", "Stephen", "N", Status::Provisional, Some(1225.0), 12),
    ];
    players[1].birth_date = Some(date(1971, 3, 3));
    f.players(players);
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let table = |command: &str| -> Vec<String> {
        let run = f.run(&[command, "Anderson, Stephen"]);
        stdout(&run).lines().filter(|l| l.starts_with("  ")).map(str::to_string).collect()
    };
    let (explained, history) = (table("explain"), table("history"));
    assert_eq!(explained.len(), 3, "a heading and two players: {explained:?}");
    assert!(explained[2].contains("1971"), "{explained:?}");
    assert_eq!(history, explained, "history's candidates, as explain's");
}
