//! The next period as an officer runs it (issue 36): the published player
//! file and the deferred report carried into the next period's data folder;
//! a player the maintenance rule removed who comes back; a correction of
//! the last period before the next one; and corrections of a period
//! published with `--skip-invalid`.

use super::{ok, query};
use crate::common::*;
use ratebook::formats::report::write::EventReport;
use ratebook::model::{Player, Status};

const APRIL_1994: (&str, &str, &str, &str) = ("April 1994", "1994-04-01", "1993-12-01", "1994-03-31");

/// A player who last played in 1990 with fewer than 30 games: the
/// maintenance rule takes him off the file at August 1993.
fn inactive(id: u32, surname: &str, rating: f64) -> Player {
    let mut p = player(id, surname, "Sleeping", "V", Status::Confirmed, Some(rating), 20);
    p.last_played = Some(date(1990, 3, 1));
    p
}

/// August 1993: Ashdown (3001) and Bellamy (3002) inactive since 1990,
/// six active players; V93001 rated, V93002 ending after the period (so
/// deferred) with Ashdown in it.
fn august() -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    let mut players = vec![inactive(3001, "Ashdown", 1600.0), inactive(3002, "Bellamy", 1500.0)];
    for (k, surname) in ["Carter", "Dunn", "Ellis", "Fraser", "Grant", "Hughes"].iter().enumerate() {
        players.push(player(
            3003 + k as u32,
            surname,
            "Active",
            "V",
            Status::Confirmed,
            Some(1700.0 + 40.0 * k as f64),
            40,
        ));
    }
    let entrants = |ids: &[u32]| -> Vec<_> {
        ids.iter()
            .enumerate()
            .map(|(k, id)| entrant(k as u32 + 1, players.iter().find(|p| p.id == *id).unwrap()))
            .collect()
    };
    let two_rounds =
        vec![(1, 1, Some(2), "1-0"), (1, 3, Some(4), "½-½"), (2, 4, Some(1), "0-1"), (2, 2, Some(3), "1-0")];
    f.report(&event("V93001", "V", date(1993, 6, 13), entrants(&[3003, 3004, 3005, 3006]), two_rounds.clone()));
    f.report(&event("V93002", "V", date(1993, 8, 5), entrants(&[3001, 3007, 3008, 3003]), two_rounds.clone()));
    f.players(players);
    f
}

/// The data folder made ready for the next period `period`, as an officer
/// does it: period.toml for it, the published player file, the reports
/// rated taken out (a deferred one stays), and `reports` added.
fn next_period(f: &Fixture, period: (&str, &str, &str, &str), rated: &[&str], reports: &[EventReport]) {
    std::fs::write(f.data().join("period.toml"), period_toml(period.0, period.1, period.2, period.3)).unwrap();
    std::fs::copy(f.out().join("players.xlsx"), f.data().join("players.xlsx")).unwrap();
    for code in rated {
        std::fs::remove_file(f.data().join(format!("reports/V/{code}.xlsx"))).unwrap();
    }
    for r in reports {
        f.report(r);
    }
}

/// December 1993's V93201: Bellamy (removed in August) plays again.
fn bellamy_returns(f: &Fixture) -> EventReport {
    december(f, &inactive(3002, "Bellamy", 1500.0))
}

/// December 1993's V93201: `first` against Dunn (3004) and Ellis (3005).
fn december(f: &Fixture, first: &Player) -> EventReport {
    let file = read_players(&f.data().join("players.xlsx"));
    let entrants = vec![entrant(1, first), entrant(2, find(&file, 3004)), entrant(3, find(&file, 3005))];
    event("V93201", "V", date(1993, 10, 10), entrants, vec![(1, 1, Some(2), "1-0"), (2, 3, Some(1), "½-½")])
}

#[test]
fn a_player_with_games_in_a_deferred_event_is_not_removed_and_a_removed_one_returns() {
    let f = august();
    ok(&f.run(&["period"]));
    let kept = read_players(&f.out().join("players.xlsx"));
    let removed = read_players(&f.out().join("removed.xlsx"));
    assert!(kept.players.iter().any(|p| p.id == 3001), "Ashdown holds games in the deferred V93002: kept");
    assert!(removed.players.iter().any(|p| p.id == 3002), "Bellamy, inactive, removed");

    // December: the deferred report stays, Bellamy plays again.
    let returns = bellamy_returns(&f);
    next_period(&f, DECEMBER_1993, &["V93001"], &[returns]);
    let run = f.run(&["period"]);
    ok(&run);
    let said = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert!(said.contains("3002") && said.contains("removed") && said.contains("August 1993"), "{said}");
    assert!(said.contains("returning"), "{said}");
    let next = read_players(&f.out().join("players.xlsx"));
    let bellamy = find(&next, 3002);
    assert_eq!(bellamy.first_names, "Sleeping", "his details as the player file had them");
    assert_eq!(bellamy.last_played, Some(date(1993, 10, 10)));
    assert_eq!(bellamy.games, 22);
    assert_eq!(find(&next, 3001).last_played, Some(date(1993, 8, 5)), "the deferred event rated in December");
    let record = f.data().join("record.sqlite");
    let status = "SELECT status FROM ratings WHERE period = 'December 1993' AND player_id = 3002";
    assert_eq!(query(&record, status), [["confirmed"]]);
    // A correction of December re-rates it from the record, Bellamy returning again.
    let errata = f.root.path().join("errata");
    let args = ["rerate", "--from", "December 1993", "--withdraw", "V93002", "--out", errata.to_str().unwrap()];
    ok(&f.run(&args));
    assert_eq!(query(&record, status), [["confirmed"]]);
}

#[test]
fn next_archives_a_report_the_publication_rated_with_a_returning_player() {
    let f = august();
    ok(&f.run(&["period"]));
    let returns = bellamy_returns(&f);
    next_period(&f, DECEMBER_1993, &["V93001"], &[returns]);
    ok(&f.run(&["period"]));
    // December rated V93201, Bellamy put back from the record: `next`
    // archives it (read without the record, his ID is unknown to the file).
    let run = f.run(&["next", "--from", f.out().to_str().unwrap()]);
    ok(&run);
    assert!(!f.data().join("reports/V/V93201.xlsx").exists(), "{}", String::from_utf8_lossy(&run.stdout));
    assert!(f.data().join("archive/December-1993/reports/V/V93201.xlsx").is_file());
}

#[test]
fn a_removed_player_unknown_to_the_record_is_an_error_whose_hint_names_removed_xlsx() {
    let f = august();
    ok(&f.run(&["period"]));
    let returns = bellamy_returns(&f);
    next_period(&f, DECEMBER_1993, &["V93001"], &[returns]);
    std::fs::remove_file(f.data().join("record.sqlite")).unwrap();
    let run = f.run(&["check"]);
    let out = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(out.contains("ID 3002 is not in the player file") && out.contains("removed.xlsx"), "{out}");
}

#[test]
fn the_next_period_after_a_correction_of_the_last_is_refused_with_the_uncorrected_player_file() {
    let f = august();
    ok(&f.run(&["period"]));
    // (Carter, active, in December's event; the deferred one is withdrawn first.)
    let carter = find(&read_players(&f.data().join("players.xlsx")), 3003).clone();
    let report = december(&f, &carter);
    std::fs::remove_file(f.data().join("reports/V/V93002.xlsx")).unwrap();
    next_period(&f, DECEMBER_1993, &["V93001"], &[report]);
    ok(&f.run(&["period"]));
    // December corrected: V93201 withdrawn; its errata beside the output.
    let errata = f.root.path().join("errata");
    ok(&f.run(&["rerate", "--from", "December 1993", "--withdraw", "V93201", "--out", errata.to_str().unwrap()]));

    // April with the player file December's publication wrote.
    next_period(&f, APRIL_1994, &["V93201"], &[]);
    let record = f.data().join("record.sqlite");
    let before = std::fs::read(&record).unwrap();
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let said = stderr(&run);
    assert!(said.contains("December 1993") && said.contains("errata/players.xlsx"), "{said}");
    assert_eq!(std::fs::read(&record).unwrap(), before, "nothing recorded");
    // The dry run says the same.
    assert_eq!(f.run(&["period", "--dry-run"]).status.code(), Some(2));

    // With the corrected player file, April publishes.
    std::fs::copy(errata.join("players.xlsx"), f.data().join("players.xlsx")).unwrap();
    ok(&f.run(&["period"]));
}

#[test]
fn a_period_published_with_skip_invalid_can_be_corrected() {
    let f = august();
    // A third report with a result no one can read.
    let file = read_players(&f.data().join("players.xlsx"));
    let entrants = vec![entrant(1, find(&file, 3007)), entrant(2, find(&file, 3008))];
    f.report(&event("V93003", "V", date(1993, 7, 1), entrants, vec![(1, 1, Some(2), "3-0")]));
    assert_eq!(f.run(&["period"]).status.code(), Some(1), "refused without --skip-invalid");
    ok(&f.run(&["period", "--skip-invalid"]));
    let record = f.data().join("record.sqlite");
    let errata = f.root.path().join("errata");
    let errata = errata.to_str().unwrap();

    // A correction of another event skips V93003 as the publication did.
    let dry = f.run(&["rerate", "--from", "August 1993", "--withdraw", "V93001", "--out", errata, "--dry-run"]);
    ok(&dry);
    // Withdrawing the skipped event itself.
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", "V93003", "--out", errata]));
    let events = query(&record, "SELECT code, disposition FROM events WHERE period = 'August 1993' ORDER BY code");
    assert_eq!(events, [["V93001", "rated"], ["V93002", "deferred"]]);
    // And one more, V93003 gone for good.
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", "V93001", "--out", errata]));
    assert_eq!(query(&record, "SELECT COUNT(*) FROM corrections"), [["2"]]);
}

#[test]
fn a_correction_of_a_period_published_with_skip_invalid_keeps_the_skipped_event_skipped() {
    let f = august();
    let file = read_players(&f.data().join("players.xlsx"));
    let entrants = vec![entrant(1, find(&file, 3007)), entrant(2, find(&file, 3008))];
    f.report(&event("V93003", "V", date(1993, 7, 1), entrants, vec![(1, 1, Some(2), "3-0")]));
    ok(&f.run(&["period", "--skip-invalid"]));
    let errata = f.root.path().join("errata");
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", "V93001", "--out", errata.to_str().unwrap()]));
    let record = f.data().join("record.sqlite");
    let events = query(&record, "SELECT code, disposition FROM events WHERE period = 'August 1993' ORDER BY code");
    assert_eq!(events, [["V93002", "deferred"], ["V93003", "not-rated"]]);
}
