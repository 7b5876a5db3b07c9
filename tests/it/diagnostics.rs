//! Snapshots of what `ratebook check` says about a folder of broken reports:
//! their wording and locations are reviewed like code.

use ratebook::formats::report::write::ReportResults;
use ratebook::model::{Player, Status};

use crate::common::*;

fn broken_folder() -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    let players: Vec<Player> = (0..6)
        .map(|i| {
            player(500 + i, &format!("Player{i}"), "Test", "Q", Status::Confirmed, Some(1500.0 + 10.0 * i as f64), 40)
        })
        .collect();
    f.players(players.clone());
    let all = |n: usize| players.iter().take(n).enumerate().map(|(i, p)| entrant(i as u32 + 1, p)).collect::<Vec<_>>();
    let end = date(1993, 5, 30);

    // A good report.
    f.report(&event("Q93000", "Q", end, all(4), vec![(1, 1, Some(2), "1-0"), (1, 3, Some(4), "½-½")]));
    // 1. An unknown ID and a name that differs from the file's.
    let mut e = event("Q93002", "Q", end, all(4), vec![(1, 1, Some(2), "1-0"), (1, 3, Some(4), "0-1")]);
    e.players[1].id = Some(4242);
    e.players[2].first_names = "Tess".into();
    f.report(&e);
    // 2. Results that are not results.
    f.report(&event(
        "Q93003",
        "Q",
        end,
        all(4),
        vec![(1, 1, Some(2), "1-1"), (1, 3, None, "win"), (2, 1, Some(3), "")],
    ));
    // 3. A player twice in a round, a round outside the event, an unknown start number.
    f.report(&event(
        "Q93004",
        "Q",
        end,
        all(4),
        vec![(1, 1, Some(2), "1-0"), (1, 2, Some(3), "0-1"), (7, 3, Some(4), "1-0"), (2, 9, Some(1), "1-0")],
    ));
    // 4. A crosstable whose rows disagree.
    let mut e = event("Q93005", "Q", end, all(3), vec![]);
    e.event_type = Some("round robin".into());
    e.results = ReportResults::Crosstable {
        cells: vec![
            vec!["x".into(), "1".into(), "½".into()],
            vec!["1".into(), "x".into(), "1*".into()],
            vec!["½".into(), "1".into(), "x".into()],
        ],
        totals: true,
    };
    f.report(&e);
    // 5. A time control that can be read neither as PGN nor as everyday speech.
    let mut e = event("Q93006", "Q", end, all(2), vec![(1, 1, Some(2), "1-0")]);
    e.time_control = "G/90 d5".into();
    f.report(&e);
    // 6. An unknown state and an end before the start.
    let mut e = event("Q93007", "Q", end, all(2), vec![(1, 1, Some(2), "1-0")]);
    e.state = "X".into();
    e.start = date(1993, 6, 5);
    let dir = f.data().join("reports/Q");
    ratebook::formats::report::write::write_report(&dir.join("Q93007.xlsx"), &e, date(1993, 8, 1)).unwrap();
    // 7. A newcomer without first names, gender or birth date.
    let mut e = event("Q93008", "Q", end, all(2), vec![(1, 1, Some(2), "1-0")]);
    e.players[1].id = None;
    e.players[1].first_names = String::new();
    e.players[1].gender = None;
    e.players[1].birth_date = None;
    f.report(&e);
    // 8. The same event code twice, and the same player twice in one event.
    let mut e = event("Q93002", "Q", end, all(2), vec![(1, 1, Some(2), "1-0")]);
    e.players[1].id = e.players[0].id;
    ratebook::formats::report::write::write_report(&dir.join("Q93002-copy.xlsx"), &e, date(1993, 8, 1)).unwrap();
    // 9. Not a workbook at all, and a truncated one.
    std::fs::write(dir.join("Q93009.xlsx"), b"this is not a spreadsheet").unwrap();
    let good = std::fs::read(dir.join("Q93000.xlsx")).unwrap();
    std::fs::write(dir.join("Q93010.xlsx"), &good[..good.len() / 2]).unwrap();
    // 10. A workbook without the results sheet.
    let mut wb = rust_xlsxwriter::Workbook::new();
    let s = wb.add_worksheet();
    s.set_name("Event").unwrap();
    s.write_string(0, 0, "Code").unwrap();
    s.write_string(0, 1, "Q93011").unwrap();
    wb.add_worksheet().set_name("Players").unwrap();
    wb.save(dir.join("Q93011.xlsx")).unwrap();
    f
}

#[test]
fn check_reports_every_problem_with_file_and_cell() {
    let f = broken_folder();
    let run = f.run(&["check"]);
    assert_eq!(run.status.code(), Some(1));
    insta::assert_snapshot!("check_broken_reports", findings(&run));
}

#[test]
fn period_on_broken_reports_refuses_then_skips() {
    let f = broken_folder();
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    assert!(!f.out().join("players.xlsx").exists(), "nothing but validation.txt is written");
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    for file in [
        "Q93002",
        "Q93003",
        "Q93004",
        "Q93005",
        "Q93006",
        "Q93007",
        "Q93008",
        "Q93002-copy",
        "Q93009",
        "Q93010",
        "Q93011",
    ] {
        assert!(validation.contains(&format!("reports/Q/{file}.xlsx")), "{file} in validation.txt");
    }
    let run = f.run(&["period", "--skip-invalid"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let events = sheet_rows(&f.out().join("ratings.xlsx"), "Events");
    let rated: Vec<&str> = events.iter().filter(|r| r[11] == "yes").map(|r| r[0].as_str()).collect();
    assert_eq!(rated, ["Q93000"]);
}

/// `check`'s summary counts the findings it lists: the same mistake on
/// several cells is one finding there (two players without a game from
/// round 2 on), and so one in the summary, not two.
#[test]
fn checks_summary_counts_the_findings_it_lists() {
    let f = Fixture::new(AUGUST_1993);
    let players: Vec<Player> = (0..6)
        .map(|i| player(600 + i, &format!("Player{i}"), "Test", "Q", Status::Confirmed, Some(1500.0), 40))
        .collect();
    f.players(players.clone());
    let all = players.iter().enumerate().map(|(i, p)| entrant(i as u32 + 1, p)).collect::<Vec<_>>();
    // Nos 5 and 6 play round 1 only: one warning names both.
    let games = vec![
        (1, 1, Some(2), "1-0"),
        (1, 3, Some(4), "½-½"),
        (1, 5, Some(6), "0-1"),
        (2, 1, Some(3), "1-0"),
        (2, 2, Some(4), "0-1"),
    ];
    f.report(&event("Q93001", "Q", date(1993, 5, 30), all, games));
    let run = f.run(&["check"]);
    let out = String::from_utf8_lossy(&run.stdout).to_string();
    let listed = |severity: &str| out.lines().filter(|l| l.trim_start().starts_with(&format!("{severity}["))).count();
    let (errors, warnings, notes) = (listed("error"), listed("warning"), listed("note"));
    assert!(out.contains("(2 cells)"), "a finding of two cells:\n{out}");
    let said = out.lines().find(|l| l.trim_start().starts_with("findings")).unwrap_or_else(|| panic!("{out}"));
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let expected = format!("{}, {}, {}", plural(errors, "error"), plural(warnings, "warning"), plural(notes, "note"));
    assert!(said.contains(&expected), "the summary says {said:?}; the listing holds {expected}:\n{out}");
}

/// Whether a text speaks of a player as "he" ("his ID", "take him off"):
/// findings' hints say "the player" instead.
fn gendered(text: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic())
        .any(|w| ["his", "he", "him", "himself", "she", "her", "herself"].contains(&w))
}

/// Every hint `check` gives on the broken folder, and every string literal
/// the source hands a hint (`with_hint(..)`, `let hint = ..`), says "the
/// player", never "his ID" or "take him off".
#[test]
fn hints_speak_of_the_player_not_of_him() {
    let run = broken_folder().run(&["check"]);
    let out = String::from_utf8_lossy(&run.stdout).to_string();
    let hints: Vec<&str> = out.lines().filter(|l| l.trim_start().starts_with("hint:")).collect();
    assert!(hints.len() >= 10, "{out}");
    let said: Vec<&&str> = hints.iter().filter(|h| gendered(h)).collect();
    assert!(said.is_empty(), "hints that say he or his: {said:#?}");

    let mut found = Vec::new();
    let mut files = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("hint") {
            // The statement the hint is in: up to its `;` (or a closing `)` of `with_hint(`).
            let rest = &text[at..];
            let end = rest.find(';').unwrap_or(rest.len()).min(2000);
            let statement = &rest[..end];
            let mut literals = statement.split('"').skip(1).step_by(2);
            if let Some(literal) = literals.find(|l| gendered(l)) {
                let line = text[..at].lines().count();
                found.push(format!("{}:{line}: {literal}", path.display()));
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "hints in the source that say he or his:\n{}", found.join("\n"));
}
