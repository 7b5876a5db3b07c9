//! What a trial of the sample stumbled on (issue 47), each pinned: an
//! opponent removed from the player file in an earlier period is named on
//! a player's page as the record last named him.

use crate::common::*;
use ratebook::model::{Player, Status};

/// A player's page names, from the record, an opponent of an earlier period
/// whom this period's player file no longer holds (not "ID 4754").
#[test]
fn a_removed_opponent_is_named_from_the_record() {
    let f = Fixture::new(AUGUST_1993);
    let players: Vec<Player> = vec![
        player(4750, "Hanna", "Joseph", "V", Status::Confirmed, Some(1500.0), 40),
        player(4754, "O'Shea", "Brendan", "V", Status::Confirmed, Some(1450.0), 40),
        player(4755, "Nguyen", "Lan", "V", Status::Confirmed, Some(1550.0), 40),
    ];
    f.players(players.clone());
    let all = |ids: &[usize]| ids.iter().enumerate().map(|(k, &i)| entrant(k as u32 + 1, &players[i])).collect();
    f.report(&event("V93001", "V", date(1993, 5, 30), all(&[0, 1]), vec![(1, 1, Some(2), "1-0")]));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));

    // December 1993: O'Shea is no longer in the player file; Hanna plays Nguyen.
    let data = f.data();
    let (name, published, start, end) = DECEMBER_1993;
    std::fs::write(data.join("period.toml"), period_toml(name, published, start, end)).unwrap();
    let mut file = read_players(&f.out().join("players.xlsx"));
    file.players.retain(|p| p.id != 4754);
    ratebook::formats::player_file::write_player_file(&data.join("players.xlsx"), &file, date(1993, 8, 1)).unwrap();
    std::fs::remove_dir_all(data.join("reports/V")).unwrap();
    f.report(&event("V93101", "V", date(1993, 10, 3), all(&[0, 2]), vec![(1, 1, Some(2), "½-½")]));
    let out = f.root.path().join("december");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));

    let page = std::fs::read_to_string(out.join("site/players/4750.html")).unwrap();
    let table = &page[page.find("Against each opponent").expect("the meetings")..];
    assert!(!table.contains("ID 4754"), "named by his ID: {table}");
    assert!(table.contains("O&#x27;Shea, Brendan") || table.contains("O'Shea, Brendan"), "{table}");
    assert!(!table.contains("href=\"4754.html\""), "no page of his to link: {table}");
    assert!(table.contains("href=\"4755.html\""), "Nguyen is linked: {table}");
}

/// A report whose dates are typed as text: Start and End as an officer
/// types them (`05/06/1993`, `07/06/1993`, day first), a newcomer's birth
/// date the same way, and Submitted in words (`7 Aug 1993`). Written cell
/// by cell.
fn text_dated_report(dir: &std::path::Path, players: &[Player]) {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let event = wb.add_worksheet();
    event.set_name("Event").unwrap();
    let fields = [
        ("Code", "V93001"),
        ("Name", "Text dates"),
        ("State", "V"),
        ("Start", "05/06/1993"),
        ("End", "07/06/1993"),
        ("Rounds", "1"),
        ("Time control", "40/7200:1800"),
        ("Type", "swiss"),
        ("Submitted", "7 Aug 1993"),
    ];
    for (r, (field, value)) in fields.iter().enumerate() {
        event.write_string(r as u32, 0, *field).unwrap();
        event.write_string(r as u32, 1, *value).unwrap();
    }
    let sheet = wb.add_worksheet();
    sheet.set_name("Players").unwrap();
    for (c, h) in ["No", "ID", "Surname", "First names", "Gender", "Birth date", "State"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    let row =
        |sheet: &mut rust_xlsxwriter::Worksheet, r: u32, no: u32, id: &str, surname: &str, first: &str, born: &str| {
            for (c, v) in [no.to_string().as_str(), id, surname, first, "M", born, "V"].iter().enumerate() {
                sheet.write_string(r, c as u16, *v).unwrap();
            }
        };
    row(sheet, 1, 1, &players[0].id.to_string(), &players[0].surname, &players[0].first_names, "");
    row(sheet, 2, 2, "", "Newman", "Nora", "04/03/1980");
    let games = wb.add_worksheet();
    games.set_name("Games").unwrap();
    for (c, h) in ["Round", "White", "Black", "Result"].iter().enumerate() {
        games.write_string(0, c as u16, *h).unwrap();
    }
    for (c, v) in ["1", "1", "2", "1-0"].iter().enumerate() {
        games.write_string(1, c as u16, *v).unwrap();
    }
    std::fs::create_dir_all(dir).unwrap();
    wb.save(dir.join("V93001.xlsx")).unwrap();
}

/// A date in words in an optional field (Submitted "7 Aug 1993") is read,
/// and every date typed as text that reads two ways is noted as read day
/// first: the Event sheet's Start and End as the Players sheet's birth date.
#[test]
fn text_dates_are_read_and_noted_wherever_they_are() {
    let f = Fixture::new(AUGUST_1993);
    let players = vec![player(4750, "Hanna", "Joseph", "V", Status::Confirmed, Some(1500.0), 40)];
    f.players(players.clone());
    text_dated_report(&f.data().join("reports/V"), &players);
    let run = f.run(&["check"]);
    let out = String::from_utf8_lossy(&run.stdout).to_string();
    assert_eq!(run.status.code(), Some(0), "no error: {out}");
    assert!(!out.contains("Submitted must be a date"), "{out}");
    for (what, shown, read) in [
        ("Start", "05/06/1993", "5 June 1993"),
        ("End", "07/06/1993", "7 June 1993"),
        ("Birth date", "04/03/1980", "4 March 1980"),
    ] {
        let note = format!("\"{shown}\" as {read}");
        let said = format!("{what} \"{shown}\" read as {read}");
        assert!(out.contains(&note) || out.contains(&said), "{what}: no note of {shown} read as {read}:\n{out}");
    }
    // The event is rated with those dates: submitted before the period's publication, not late.
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let events = sheet_rows(&f.out().join("ratings.xlsx"), "Events");
    assert!(events.iter().any(|r| r[0] == "V93001" && r.iter().any(|c| c == "1993-06-05")), "{events:?}");
}
