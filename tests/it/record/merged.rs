//! One person, one ID (issue 43, found by the model-based test): a merge
//! stays merged through later corrections and revisions, a report that
//! still gives the dropped ID is read as the kept one, the dropped ID is
//! never given to a newcomer, and two IDs that played in one event are two
//! people.

use super::{event_without_newcomers, ok, Folder};
use crate::common::*;
use ratebook::formats::report::write::ReportPlayer;

/// A chain of two recorded periods, the last published into `output`.
fn published_chain(seed: u64) -> Folder {
    let f = Folder::chain(120, 8, seed, 2);
    ok(&f.run(&["period"]));
    f
}

/// Two IDs a merge can join: the highest ID the record gave (a newcomer of
/// the last period who played), and a player rated in the first period who
/// never sat in an event with him.
fn a_pair(f: &Folder) -> (String, String) {
    let drop = f.query(
        "SELECT MAX(n.player_id) FROM newcomer n JOIN current_revision c ON c.id = n.revision_id
         WHERE n.player_id IN (SELECT white_id FROM games UNION SELECT black_id FROM games)",
    )[0][0]
        .clone();
    let keep = f.query(&format!(
        "SELECT player_id FROM ratings WHERE period = 'August 1993' AND status = 'confirmed' AND player_id NOT IN
           (SELECT white_id FROM games WHERE event IN (SELECT event FROM games WHERE {drop} IN (white_id, black_id))
            UNION SELECT black_id FROM games WHERE event IN (SELECT event FROM games WHERE {drop} IN (white_id, black_id)))
         ORDER BY player_id LIMIT 1"
    ))[0][0]
        .clone();
    (keep, drop)
}

/// The record's current lines and games of player `id`.
fn held(f: &Folder, id: &str) -> (String, String) {
    let lines = f.query(&format!("SELECT COUNT(*) FROM ratings WHERE player_id = {id}"))[0][0].clone();
    let games = f.query(&format!("SELECT COUNT(*) FROM games WHERE {id} IN (white_id, black_id)"))[0][0].clone();
    (lines, games)
}

#[test]
fn a_merge_stays_through_a_later_correction_and_a_revision_of_the_last_period() {
    let f = published_chain(81);
    let (keep, drop) = a_pair(&f);
    ok(&f.run(&["merge", &keep, &drop]));
    assert_eq!(held(&f, &drop), ("0".to_string(), "0".to_string()), "merged");
    // KEEP's games in August 1994 (DROP's among them), and its players.
    let august = |f: &Folder| {
        let games =
            format!("SELECT COUNT(*) FROM games WHERE period = 'August 1994' AND {keep} IN (white_id, black_id)");
        let players = "SELECT COUNT(*) FROM ratings WHERE period = 'August 1994'";
        (f.query(&games)[0][0].clone(), f.query(players)[0][0].clone())
    };
    let merged = august(&f);
    // The last period revised from its data folder, a report KEEP is not in taken out.
    let reports = f.query(&format!(
        "SELECT code FROM events WHERE period = 'August 1994' AND disposition = 'rated' AND code NOT IN
           (SELECT event FROM games WHERE {keep} IN (white_id, black_id))
         ORDER BY code"
    ));
    let code = &reports.last().unwrap()[0];
    let file = walk(&f.data().join("reports")).into_iter().find(|p| p.ends_with(format!("{code}.xlsx"))).unwrap();
    std::fs::remove_file(file).unwrap();
    ok(&f.run(&["period", "--revise"]));
    assert_eq!(held(&f, &drop), ("0".to_string(), "0".to_string()), "still merged after a revision");
    let revised = august(&f);
    assert_eq!(revised.0, merged.0, "KEEP keeps DROP's games through a revision");
    // Another correction re-rates both periods from the record's inputs,
    // whose reports still give DROP's entries: no one comes back under a
    // new ID either.
    let code = event_without_newcomers(&f.record());
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", &code]));
    assert_eq!(held(&f, &drop), ("0".to_string(), "0".to_string()), "still merged after a correction");
    assert_eq!(august(&f), revised, "KEEP keeps DROP's games through a correction, and no one is added");
}

#[test]
fn the_last_period_revised_after_a_correction_of_the_one_before_is_sent_to_rerate() {
    let f = published_chain(85);
    let code = event_without_newcomers(&f.record());
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", &code]));
    // The data folder holds August 1994 as first published, a report taken out.
    let file = walk(&f.data().join("reports")).into_iter().next().unwrap();
    std::fs::remove_file(file).unwrap();
    let run = f.run(&["period", "--revise"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let said = stderr(&run);
    // Never the output folder's players.xlsx, which is August 1994's own end.
    assert!(said.contains("rerate --from \"August 1994\"") && !said.contains("output/players.xlsx"), "{said}");
}

#[test]
fn a_report_giving_a_merged_id_is_read_as_the_kept_one_and_the_dropped_id_is_never_given_again() {
    let f = published_chain(82);
    let (keep, drop) = a_pair(&f);
    ok(&f.run(&["merge", &keep, &drop]));
    ok(&f.run(&["next", "--from", f.out().to_str().unwrap()]));
    // December 1994: a report giving DROP's ID, a newcomer and a player of the file.
    let file = read_players(&f.data().join("players.xlsx"));
    let known = file.players.iter().find(|p| p.id.to_string() != keep && p.rating.is_some()).unwrap();
    let mut dropped = entrant(1, known);
    dropped.id = Some(drop.parse().unwrap());
    dropped.surname = "Dropped".into();
    let newcomer = ReportPlayer { id: None, surname: "Newman".into(), first_names: "Nina".into(), ..entrant(3, known) };
    let players = vec![dropped, entrant(2, known), newcomer];
    let games = vec![(1, 1, Some(2), "1-0"), (2, 3, Some(1), "½-½"), (3, 2, Some(3), "0-1")];
    let report = event("V94901", "V", date(1994, 10, 10), players, games);
    let dir = f.data().join("reports/V");
    std::fs::create_dir_all(&dir).unwrap();
    ratebook::formats::report::write::write_report(&dir.join("V94901.xlsx"), &report, date(1994, 10, 20)).unwrap();
    let out = f.root.path().join("december");
    let run = f.run(&["period", "--out", out.to_str().unwrap()]);
    ok(&run);
    let said = std::fs::read_to_string(out.join("validation.txt")).unwrap();
    assert!(said.contains(&format!("ID {drop} is merged into {keep}")), "{said}");
    let december = "SELECT COUNT(*) FROM games WHERE period = 'December 1994' AND event = 'V94901'";
    let kept = format!("{december} AND {keep} IN (white_id, black_id)");
    assert_eq!(f.query(&kept), [["2"]], "DROP's games in the report are KEEP's");
    let given = f.query(
        "SELECT n.player_id FROM newcomer n JOIN current_revision c ON c.id = n.revision_id
                         WHERE c.period = 'December 1994'",
    );
    assert_eq!(given.len(), 1);
    let given: u32 = given[0][0].parse().unwrap();
    assert!(given > drop.parse::<u32>().unwrap(), "the newcomer's ID {given} is above the dropped {drop}");
}

#[test]
fn a_report_added_by_a_correction_that_gives_a_merged_id_is_read_as_the_kept_one() {
    let f = published_chain(83);
    let (keep, drop) = a_pair(&f);
    ok(&f.run(&["merge", &keep, &drop]));
    // A late report of August 1994 that still gives DROP's ID.
    let file = read_players(&f.out().join("players.xlsx"));
    let known: Vec<_> =
        file.players.iter().filter(|p| p.id.to_string() != keep && p.rating.is_some()).take(2).collect();
    let mut dropped = entrant(1, known[0]);
    dropped.id = Some(drop.parse().unwrap());
    let players = vec![dropped, entrant(2, known[0]), entrant(3, known[1])];
    let games = vec![(1, 1, Some(2), "1-0"), (2, 3, Some(1), "½-½"), (3, 2, Some(3), "0-1")];
    let added = f.root.path().join("V94902.xlsx");
    let report = event("V94902", "V", date(1994, 7, 10), players, games);
    ratebook::formats::report::write::write_report(&added, &report, date(1994, 7, 20)).unwrap();
    ok(&f.run(&["rerate", "--from", "August 1994", "--add", added.to_str().unwrap()]));
    let kept = format!("SELECT COUNT(*) FROM games WHERE event = 'V94902' AND {keep} IN (white_id, black_id)");
    assert_eq!(f.query(&kept), [["2"]]);
    assert_eq!(held(&f, &drop), ("0".to_string(), "0".to_string()));
}

#[test]
fn two_ids_that_played_in_one_event_are_two_people() {
    let f = published_chain(84);
    // Two players of one event who did not play each other.
    let pair = f.query(
        "SELECT a.id, b.id, a.event FROM
           (SELECT white_id AS id, event FROM games UNION SELECT black_id, event FROM games) a
           JOIN (SELECT white_id AS id, event FROM games UNION SELECT black_id, event FROM games) b
             ON a.event = b.event AND a.id < b.id
         WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.event = a.event
                           AND ((g.white_id = a.id AND g.black_id = b.id) OR (g.white_id = b.id AND g.black_id = a.id)))
         ORDER BY a.event, a.id, b.id LIMIT 1",
    );
    let (keep, drop) = (&pair[0][0], &pair[0][1]);
    let before = std::fs::read(f.record()).unwrap();
    let run = f.run(&["merge", keep, drop]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("both played in event"), "{}", stderr(&run));
    assert_eq!(std::fs::read(f.record()).unwrap(), before, "nothing changed");
}

/// Every file under `dir`.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}
