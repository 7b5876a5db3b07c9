//! Late failures found early (issue 46): a field, column or key given twice
//! in any spelling is an error naming both, not the last (or first) taken in
//! silence; a name longer than a page heading holds is refused where it is
//! read (period.toml's line, `next --name`), not when the workbook is written.

use rust_xlsxwriter::Workbook;

use crate::common::*;

/// A report whose Event sheet gives `State` twice (as `State` and `state`)
/// and whose Players sheet has two columns headed `Surname` and `SURNAME`.
fn report_given_twice(path: &std::path::Path) {
    let mut wb = Workbook::new();
    let event = wb.add_worksheet();
    event.set_name("Event").unwrap();
    for (i, (k, v)) in [
        ("Code", "V93101"),
        ("Name", "Twice Open"),
        ("State", "V"),
        ("Start", "1993-05-01"),
        ("End", "1993-05-02"),
        ("Rounds", "1"),
        ("Time control", "40/7200:1800"),
        ("state", "N"),
    ]
    .iter()
    .enumerate()
    {
        event.write_string(i as u32, 0, *k).unwrap();
        event.write_string(i as u32, 1, *v).unwrap();
    }
    let players = wb.add_worksheet();
    players.set_name("Players").unwrap();
    for (c, h) in ["No", "ID", "Surname", "First names", "SURNAME"].iter().enumerate() {
        players.write_string(0, c as u16, *h).unwrap();
    }
    for (r, row) in [["1", "", "Able", "Ann", "Baker"], ["2", "", "Cole", "Cy", "Dunn"]].iter().enumerate() {
        for (c, v) in row.iter().enumerate().filter(|(_, v)| !v.is_empty()) {
            players.write_string(r as u32 + 1, c as u16, *v).unwrap();
        }
    }
    let games = wb.add_worksheet();
    games.set_name("Games").unwrap();
    for (c, h) in ["Round", "White", "Black", "Result"].iter().enumerate() {
        games.write_string(0, c as u16, *h).unwrap();
    }
    for (c, v) in ["1", "1", "2", "1-0"].iter().enumerate() {
        games.write_string(1, c as u16, *v).unwrap();
    }
    wb.save(path).unwrap();
}

#[test]
fn a_field_or_column_given_twice_in_any_spelling_is_an_error_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("V93101.xlsx");
    report_given_twice(&path);
    let out = ratebook(&["check".as_ref(), path.as_os_str()]);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains(
            "error[duplicate-field] sheet Event, cell A8: the field \"State\" is given twice: \"State\" in A3 and \"state\" in A8"
        ),
        "{said}"
    );
    assert!(
        said.contains(
            "error[duplicate-column] sheet Players, cell E1: the column \"Surname\" is given twice: \"Surname\" in C1 and \"SURNAME\" in E1"
        ),
        "{said}"
    );
}

#[test]
fn a_period_name_longer_than_a_heading_holds_is_refused_where_it_is_read() {
    let f = Fixture::new(AUGUST_1993);
    f.players(vec![player(3001, "Able", "Ann", "V", ratebook::model::Status::Confirmed, Some(1500.0), 40)]);
    let long = "x".repeat(100_000);
    let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    let line = toml.lines().position(|l| l.starts_with("period ")).unwrap() + 1;
    let edited: String = toml
        .lines()
        .map(|l| if l.starts_with("period ") { format!("period = \"{long}\"\n") } else { format!("{l}\n") })
        .collect();
    std::fs::write(f.data().join("period.toml"), edited).unwrap();
    let out = f.run(&["check"]);
    assert!(!out.status.success());
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert!(
        said.contains(&format!("line {line}: `period` is 100000 characters long: at most 200")),
        "{}",
        &said[..said.len().min(2000)]
    );

    // `next --name` the same: refused before anything is done.
    std::fs::write(f.data().join("period.toml"), toml).unwrap();
    let o = f.run(&["period"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let before = std::fs::read(f.data().join("period.toml")).unwrap();
    let out = f.run(&["next", "--from", &f.out().display().to_string(), "--name", &long]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("`--name` is 100000 characters long: at most 200"), "{}", stderr(&out));
    assert_eq!(std::fs::read(f.data().join("period.toml")).unwrap(), before, "nothing changed");
    assert!(!f.data().join("archive").exists(), "nothing archived");
}
