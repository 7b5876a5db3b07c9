//! Who is who, as a hurried state officer types it: an existing player
//! entered without his ID is found, a genuine namesake is marked `new`, and
//! names differing only in accents or initials are no mismatch.

use ratebook::formats::report::write::{report_workbook, EventReport};
use ratebook::model::{Player, Status};

use crate::common::*;

const HANNA: u32 = 3054;

/// Joseph Hanna (ID 3054, born 1975-03-02) and an opponent, both rated; the
/// report enters Hanna with `id`.
fn fixture(hanna_id: Option<u32>) -> (Fixture, EventReport) {
    let f = Fixture::new(AUGUST_1993);
    let mut hanna = player(HANNA, "Hanna", "Joseph", "V", Status::Confirmed, Some(1700.0), 50);
    hanna.birth_date = Some(date(1975, 3, 2));
    let other = player(3055, "Ørsted", "Hans", "V", Status::Confirmed, Some(1650.0), 50);
    f.players(vec![hanna.clone(), other.clone()]);
    let mut entered = entrant(1, &hanna);
    entered.id = hanna_id;
    entered.surname = "HANNA".into();
    entered.state = Some("V".into());
    let mut orsted = entrant(2, &other);
    orsted.surname = "Orsted".into();
    orsted.first_names = "H.".into();
    let report = event("V93001", "V", date(1993, 6, 6), vec![entered, orsted], vec![(1, 1, Some(2), "1-0")]);
    (f, report)
}

#[test]
fn a_player_typed_without_his_id_is_found_not_duplicated() {
    let (f, report) = fixture(None);
    f.report(&report);
    let run = f.run(&["check"]);
    let text = String::from_utf8_lossy(&run.stdout).to_string() + &stderr(&run);
    assert_eq!(run.status.code(), Some(1), "{text}");
    assert!(text.contains("known-player-without-id"), "{text}");
    assert!(text.contains("ID 3054"), "the candidate is named: {text}");
    assert!(text.contains("\"new\""), "how to mark a genuine namesake: {text}");
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(1), "nothing is published with him entered twice");
}

#[test]
fn a_genuine_namesake_is_marked_new() {
    let (f, report) = fixture(None);
    let dir = f.data().join("reports/V");
    std::fs::create_dir_all(&dir).unwrap();
    let mut workbook = report_workbook(&report, date(1993, 8, 1)).unwrap();
    workbook.worksheet_from_name("Players").unwrap().write_string(1, 1, "new").unwrap();
    workbook.save(dir.join("V93001.xlsx")).unwrap();
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let (after, findings) =
        ratebook::formats::player_file::read_player_file(&f.out().join("players.xlsx"), "players.xlsx");
    // Two players of one name and birth date stay worth a look in the file.
    assert!(findings.iter().all(|d| !d.is_error()), "{findings:?}");
    let hannas: Vec<&Player> = after.players.iter().filter(|p| p.surname.eq_ignore_ascii_case("hanna")).collect();
    assert_eq!(hannas.len(), 2, "the namesake joins the file with an ID of his own");
    assert!(hannas.iter().any(|p| p.id == 3056));
}

#[test]
fn accents_case_and_initials_are_no_mismatch() {
    let (f, report) = fixture(Some(HANNA));
    f.report(&report);
    let run = f.run(&["check"]);
    let text = String::from_utf8_lossy(&run.stdout).to_string() + &stderr(&run);
    assert!(run.status.success(), "{text}");
    assert!(!text.contains("name-mismatch"), "HANNA and Orsted, H. are the file's Hanna and Ørsted: {text}");
}
