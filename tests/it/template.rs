//! `ratebook template` writes the workbook a state officer starts from; read
//! back by `check`, both layouts give no error and their example events rate.

use crate::common::*;

#[test]
fn templates_check_clean_and_publish() {
    let f = Fixture::new(AUGUST_1993);
    f.players(vec![]);
    let reports = f.data().join("reports/V");
    std::fs::create_dir_all(&reports).unwrap();
    let games = reports.join("games.xlsx");
    let cross = reports.join("crosstable.xlsx");
    let run = ratebook(&["template", games.to_str().unwrap(), "--data", f.data().to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let run = ratebook(&["template", cross.to_str().unwrap(), "--crosstable", "--data", f.data().to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));

    let sheets: Vec<String> = {
        use calamine::Reader;
        calamine::open_workbook_auto(&games).unwrap().sheet_names()
    };
    for s in ["Event", "Players", "Games", "Notes"] {
        assert!(sheets.contains(&s.to_string()), "{s} in {sheets:?}");
    }

    let run = f.run(&["check"]);
    let out = findings(&run);
    assert_eq!(run.status.code(), Some(0), "{out}{}", stderr(&run));
    assert!(!out.contains("error[") && !out.contains("warning["), "{out}");

    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let players = read_players(&f.out().join("players.xlsx"));
    assert!(players.players.len() >= 12, "the examples' newcomers joined the file");
}

/// `template --data` of a folder with players and a later period: the
/// example ends inside the period, enters players of the file by ID (the
/// rest as newcomers), and the instructions are the first sheet; it checks
/// clean against that folder.
#[test]
fn the_example_is_dated_in_the_period_with_players_of_the_file() {
    let f = Fixture::new(AUGUST_1993);
    f.players(
        (0..6)
            .map(|i| {
                player(100 + i, &format!("Known{i}"), "Vic", "V", ratebook::model::Status::Confirmed, Some(1500.0), 40)
            })
            .collect(),
    );
    let reports = f.data().join("reports/V");
    std::fs::create_dir_all(&reports).unwrap();
    let games = reports.join("games.xlsx");
    let run = ratebook(&["template", games.to_str().unwrap(), "--data", f.data().to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let sheets: Vec<String> = {
        use calamine::Reader;
        calamine::open_workbook_auto(&games).unwrap().sheet_names()
    };
    assert_eq!(sheets[0], "Notes", "the instructions first: {sheets:?}");
    let players = sheet_rows(&games, "Players");
    let ids: Vec<&str> = players.iter().skip(1).map(|r| r[1].as_str()).collect();
    assert_eq!(&ids[..4], ["100", "101", "102", "103"], "{players:?}");
    assert!(ids[4..].iter().all(|id| id.is_empty()), "the rest are newcomers: {ids:?}");
    let event = sheet_rows(&games, "Event");
    let end = event.iter().find(|r| r[0] == "End").map(|r| r[1].clone()).unwrap();
    let config = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    let field = |name: &str| {
        config.lines().find(|l| l.starts_with(name)).and_then(|l| l.split('=').nth(1)).unwrap().trim().to_string()
    };
    assert!(end >= field("start") && end <= field("end"), "the example ends {end}, outside the period");
    let run = f.run(&["check"]);
    assert_eq!(run.status.code(), Some(0), "{}{}", findings(&run), stderr(&run));
}

/// A data validation as the sheet's XML gives it.
#[derive(Debug)]
struct Validation {
    kind: String,
    sqref: String,
    formula: String,
    error: String,
}

/// The data validations of the `n`th sheet of a workbook, read from its XML.
fn validations(path: &std::path::Path, n: usize) -> Vec<Validation> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut xml = String::new();
    archive.by_name(&format!("xl/worksheets/sheet{n}.xml")).unwrap().read_to_string(&mut xml).unwrap();
    let attr = |element: &str, name: &str| -> String {
        let head = format!(" {}", &element[..element.find('>').unwrap_or(element.len())]);
        head.split_once(&format!(" {name}=\""))
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(value, _)| value.to_string())
            .unwrap_or_default()
    };
    let unescape = |s: &str| s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    xml.split("<dataValidation ")
        .skip(1)
        .map(|element| Validation {
            kind: attr(element, "type"),
            sqref: attr(element, "sqref"),
            formula: element
                .split_once("<formula1>")
                .and_then(|(_, rest)| rest.split_once("</formula1>"))
                .map(|(f, _)| unescape(f))
                .unwrap_or_default(),
            error: unescape(&attr(element, "error")),
        })
        .collect()
}

/// The tokens the Notes sheet lists for a results sheet: each token and the
/// spellings beside it.
fn notes_tokens(path: &std::path::Path, results_sheet: &str) -> Vec<String> {
    let notes = sheet_rows(path, "Notes");
    let table = notes.iter().position(|r| r[0] == "Token").expect("the Notes sheet has a token table");
    let mut tokens = Vec::new();
    for row in &notes[table + 1..] {
        if row.get(1).map(String::as_str) != Some(results_sheet) {
            continue;
        }
        assert!(!row[3].contains("Also"), "every spelling in its own column, not in the text: {row:?}");
        tokens.push(row[0].clone());
        tokens.extend(row[2].split(", ").filter(|t| !t.is_empty()).map(str::to_string));
    }
    assert!(tokens.len() >= 6, "{tokens:?}");
    tokens
}

#[test]
fn the_drop_downs_accept_every_token_the_notes_list_and_say_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.xlsx");
    let cross = dir.path().join("cross.xlsx");
    assert!(ratebook(&["template", games.to_str().unwrap()]).status.success());
    assert!(ratebook(&["template", cross.to_str().unwrap(), "--crosstable"]).status.success());

    for (path, sheet) in [(&games, "Games"), (&cross, "Crosstable")] {
        let list = validations(path, 4)
            .into_iter()
            .find(|v| v.kind == "list" && v.sqref.starts_with(if sheet == "Games" { "D2:" } else { "C2:" }))
            .unwrap_or_else(|| panic!("a drop-down on the {sheet} results"));
        let offered: Vec<&str> = list.formula.trim_matches('"').split(',').collect();
        for token in notes_tokens(path, sheet) {
            assert!(
                offered.contains(&token.as_str()),
                "{sheet}: the Notes list {token}, the drop-down offers {offered:?}"
            );
        }
    }

    // Every validation says in its own words what is expected.
    // (Sheet 1 is the instructions: Notes.)
    for (path, n) in [(&games, 2), (&games, 3), (&games, 4), (&cross, 4)] {
        for v in validations(path, n) {
            assert!(!v.error.is_empty(), "sheet {n} {}: Excel's generic error text", v.sqref);
        }
    }
    // Round, start numbers and the time control are checked too.
    let games_sheet = validations(&games, 4);
    let round = games_sheet.iter().find(|v| v.sqref.starts_with("A2:")).expect("Round is checked");
    assert_eq!(round.kind, "whole");
    for column in ["B2:", "C2:"] {
        let v = games_sheet.iter().find(|v| v.sqref.starts_with(column)).expect("White and Black are checked");
        assert_eq!((v.kind.as_str(), v.formula.as_str()), ("list", "Players!$A$2:$A$1001"), "{column}");
    }
    let players = validations(&games, 3);
    let no = players.iter().find(|v| v.sqref.starts_with("A2:")).expect("No is checked");
    assert!(no.formula.contains("COUNTIF"), "start numbers are unique: {no:?}");
    let event = validations(&games, 2);
    assert!(event.iter().any(|v| v.sqref == "B7" && v.kind == "custom"), "the time control is checked: {event:?}");
}
