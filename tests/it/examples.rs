//! The worked examples of acf.md, computed by `ratebook period` itself over two
//! periods; the second period reads the first period's output/players.xlsx
//! unchanged.

use ratebook::model::{Player, Status};

use crate::common::*;

const SMITH: u32 = 100;
const BROWN: u32 = 300;
const KEN_SMITH: u32 = 400;
const JONES: u32 = 401;

fn confirmed(id: u32, surname: &str, state: &str, rating: f64) -> Player {
    player(id, surname, "Test", state, Status::Confirmed, Some(rating), 40)
}

/// The player file at the start of August 1993.
fn august_players() -> Vec<Player> {
    let mut players = vec![
        player(SMITH, "Smith", "John", "N", Status::New, None, 0),
        player(BROWN, "Brown", "Alan", "V", Status::Confirmed, Some(1010.0), 40),
        player(KEN_SMITH, "Smith", "Ken", "V", Status::Confirmed, Some(1051.0), 50),
        player(JONES, "Jones", "Ian", "V", Status::Confirmed, Some(2400.0), 120),
    ];
    for i in 0..5 {
        players.push(confirmed(201 + i, &format!("Opponent{}", 201 + i), "N", 1250.0));
    }
    for i in 0..7 {
        players.push(confirmed(211 + i, &format!("Opponent{}", 211 + i), "N", 1310.0));
        players.push(confirmed(301 + i, &format!("Opponent{}", 301 + i), "V", 1250.0));
        players.push(confirmed(311 + i, &format!("Opponent{}", 311 + i), "V", 1210.0));
    }
    players
}

/// `subject` (No 1) plays one game a round against Nos 2, 3, … with the results given.
fn one_against_each(
    code: &str,
    state: &str,
    end: chrono::NaiveDate,
    subject: &Player,
    opponents: &[&Player],
    results: &[&str],
) -> ratebook::formats::report::write::EventReport {
    let mut entrants = vec![entrant(1, subject)];
    let mut games = Vec::new();
    for (i, (o, r)) in opponents.iter().zip(results).enumerate() {
        entrants.push(entrant(i as u32 + 2, o));
        games.push((i as u32 + 1, 1, Some(i as u32 + 2), *r));
    }
    event(code, state, end, entrants, games)
}

fn by_ids(players: &[Player], ids: impl Iterator<Item = u32>) -> Vec<&Player> {
    ids.map(|id| players.iter().find(|p| p.id == id).unwrap()).collect()
}

fn assert_close(actual: Option<f64>, expected: f64, who: &str) {
    let a = actual.unwrap_or_else(|| panic!("{who} has a rating"));
    assert!((a - expected).abs() < 1e-9, "{who}: {a} ≠ {expected}");
}

#[test]
fn worked_examples_over_two_periods() {
    // Period 1: August 1993.
    let august = Fixture::new(AUGUST_1993);
    let players = august_players();
    august.players(players.clone());
    let smith = players.iter().find(|p| p.id == SMITH).unwrap();
    let brown = players.iter().find(|p| p.id == BROWN).unwrap();
    // Smith scores 1/5 against players averaging 1250.
    august.report(&one_against_each(
        "N93001",
        "N",
        date(1993, 5, 2),
        smith,
        &by_ids(&players, 201..206),
        &["1-0", "0-1", "0-1", "0-1", "0-1"],
    ));
    // Brown (1010) scores 1.5/7 against players averaging 1250.
    august.report(&one_against_each(
        "V93001",
        "V",
        date(1993, 5, 9),
        brown,
        &by_ids(&players, 301..308),
        &["1-0", "½-½", "0-1", "0-1", "0-1", "0-1", "0-1"],
    ));
    // Smith (1051) draws with Jones (2400): the 336 rule.
    let ken = players.iter().find(|p| p.id == KEN_SMITH).unwrap();
    let jones = players.iter().find(|p| p.id == JONES).unwrap();
    august.report(&one_against_each("V93002", "V", date(1993, 6, 20), ken, &[jones], &["½-½"]));

    let run = august.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&august.out().join("players.xlsx"));

    let s = find(&after, SMITH);
    assert_close(s.rating, 1010.0, "Smith after August");
    assert_eq!(s.status, Status::Unrated);
    assert_eq!((s.games, s.score), (5, 1.0));
    assert_close(s.opp_avg, 1250.0, "Smith's opponents");
    let nsw = sheet_rows(&august.out().join("ratings.xlsx"), "New South Wales");
    let name = column(&nsw, "Name");
    let smith_row = nsw.iter().find(|r| r[name] == "Smith, John").expect("Smith listed in N");
    assert_eq!(smith_row[0], "", "no number: the sheet sorts an unrated player apart");
    assert_eq!(smith_row[column(&nsw, "Mark")], "4R");
    assert_eq!(smith_row[column(&nsw, "Status")], "unrated");

    assert_close(find(&after, BROWN).rating, 1011.5, "Brown after August");
    assert_close(find(&after, KEN_SMITH).rating, 1056.7, "Smith (1051) after drawing Jones");
    assert_close(find(&after, JONES).rating, 2394.3, "Jones after drawing Smith");
    let vic = sheet_rows(&august.out().join("ratings.xlsx"), "Victoria");
    let brown_row = vic.iter().find(|r| r[column(&vic, "Name")] == "Brown, Alan").expect("Brown listed in V");
    assert_eq!(brown_row[0], "1012");
    assert_eq!(brown_row[column(&vic, "Rating unrounded")], "1011.5", "the rating unrounded beside the printed one");

    // Period 2: December 1993, reading August's output/players.xlsx unchanged.
    let december = Fixture::new(DECEMBER_1993);
    std::fs::copy(august.out().join("players.xlsx"), december.data().join("players.xlsx")).unwrap();
    let smith = find(&after, SMITH).clone();
    let brown = find(&after, BROWN).clone();
    // Smith scores 1.5/7 against a field averaging 1310.
    december.report(&one_against_each(
        "N93101",
        "N",
        date(1993, 9, 12),
        &smith,
        &by_ids(&after.players, 211..218),
        &["1-0", "½-½", "0-1", "0-1", "0-1", "0-1", "0-1"],
    ));
    // Brown (1011.5) scores 4/7 against a field averaging 1210.
    december.report(&one_against_each(
        "V93101",
        "V",
        date(1993, 10, 3),
        &brown,
        &by_ids(&after.players, 311..318),
        &["1-0", "1-0", "1-0", "1-0", "0-1", "0-1", "0-1"],
    ));
    let run = december.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&december.out().join("players.xlsx"));

    let s = find(&after, SMITH);
    assert_close(s.opp_avg, 1285.0, "Smith's AR");
    assert_close(s.rating, 1055.0, "Smith after December");
    assert_eq!(s.status, Status::Provisional);
    assert_eq!(s.games, 12);
    assert_close(find(&after, BROWN).rating, 1066.1, "Brown after December");

    let nsw = sheet_rows(&december.out().join("ratings.xlsx"), "New South Wales");
    let smith_row = nsw.iter().find(|r| r[column(&nsw, "Name")] == "Smith, John").unwrap();
    assert_eq!((smith_row[0].as_str(), smith_row[column(&nsw, "Mark")].as_str()), ("1055", "p"), "1055p");

    // explain shows the same numbers, step by step.
    let explained = december.run(&["explain", &BROWN.to_string()]);
    let text = String::from_utf8_lossy(&explained.stdout);
    assert!(explained.status.success(), "{}", stderr(&explained));
    assert!(text.contains("D = AR − Ro = 1210 − 1011.5 = 198.5, rounded to 199"), "{text}");
    // Every sum reads as one: no "+ -0.00", no "199 → 199".
    assert!(!text.contains("+ -") && !text.contains("+ (-") && !text.contains("→"), "{text}");
    assert!(text.contains("What the letters mean") && text.contains("Se: the score expected"), "{text}");
    assert!(text.contains("BP = 15 × (Sa − Se − 1) = 15 × (4 − 1.68 − 1) = 19.80"), "{text}");
    assert!(text.contains("= +54.60 from this event"), "{text}");
    assert!(text.contains("printed 1066"), "{text}");
    let explained = december.run(&["explain", &SMITH.to_string()]);
    let text = String::from_utf8_lossy(&explained.stdout);
    assert!(text.contains("AR = (ARo × NGo + SR) / (NGo + NG) = (1250 × 5 + 9170) / (5 + 7) = 1285"), "{text}");
    assert!(text.contains("Rp = AR + Dp = 1285 − 230 = 1055"), "{text}");
}

/// Player-file maintenance (acf.md): the inactive with fewer than 30 games go
/// to removed.xlsx, a new player who played becomes unrated (`9R` when none of
/// his games counted), and newcomers get IDs after the highest, in order of
/// event code, then start number.
#[test]
fn maintenance_and_newcomers() {
    let f = Fixture::new(AUGUST_1993);
    let mut inactive = player(20, "Gone", "Long", "T", Status::Unrated, Some(900.0), 12);
    inactive.last_played = Some(date(1991, 7, 31)); // more than two years before 1993-08-01
    let mut veteran = player(21, "Stayed", "Old", "T", Status::Confirmed, Some(1500.0), 45);
    veteran.last_played = Some(date(1990, 1, 1)); // inactive, but 30 games or more
    let mut never = player(22, "Never", "Played", "T", Status::New, None, 0);
    never.last_played = None; // never played: kept
    let fresh = player(23, "Fresh", "Start", "T", Status::New, None, 0);
    let other_new = player(24, "Other", "New", "T", Status::New, None, 0);
    let rated = player(25, "Rated", "Opponent", "T", Status::Confirmed, Some(1400.0), 40);
    f.players(vec![inactive, veteran, never, fresh.clone(), other_new.clone(), rated.clone()]);

    // Fresh plays only another new player: nothing counts, but he has played.
    f.report(&event(
        "T93002",
        "T",
        date(1993, 6, 6),
        vec![entrant(1, &fresh), entrant(2, &other_new)],
        vec![(1, 1, Some(2), "½-½")],
    ));
    // Two newcomers without IDs in each of two events, listed out of order.
    let newcomer = |no: u32, surname: &str| ratebook::formats::report::write::ReportPlayer {
        no,
        id: None,
        surname: surname.to_string(),
        first_names: "New".to_string(),
        gender: Some(ratebook::model::Gender::Female),
        birth_date: Some(date(1980, 1, 1)),
        state: None,
        club: None,
    };
    f.report(&event(
        "T93009",
        "T",
        date(1993, 6, 20),
        vec![newcomer(2, "Zeta"), newcomer(1, "Eta"), entrant(3, &rated)],
        vec![(1, 1, Some(3), "0-1"), (2, 2, Some(3), "0-1")],
    ));
    f.report(&event(
        "T93001",
        "T",
        date(1993, 5, 1),
        vec![entrant(1, &rated), newcomer(2, "Alpha")],
        vec![(1, 1, Some(2), "1-0")],
    ));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));

    let kept = read_players(&f.out().join("players.xlsx"));
    let removed = read_players(&f.out().join("removed.xlsx"));
    assert_eq!(removed.players.iter().map(|p| p.id).collect::<Vec<_>>(), [20]);
    assert!(kept.players.iter().any(|p| p.id == 21), "30 games or more: kept");
    assert!(kept.players.iter().any(|p| p.id == 22), "never played: kept");
    let fresh = find(&kept, 23);
    assert_eq!((fresh.status, fresh.games), (Status::Unrated, 0));
    assert_eq!(fresh.last_played, Some(date(1993, 6, 6)));
    let tas = sheet_rows(&f.out().join("ratings.xlsx"), "Tasmania");
    let row = tas.iter().find(|r| r[column(&tas, "Name")] == "Fresh, Start").expect("Fresh listed");
    assert_eq!((row[0].as_str(), row[column(&tas, "Mark")].as_str()), ("", "9R"));
    // IDs 26, 27, 28: T93001's No 2 first, then T93009's No 1 and No 2.
    let names: Vec<(u32, &str)> =
        kept.players.iter().filter(|p| p.id > 25).map(|p| (p.id, p.surname.as_str())).collect();
    assert_eq!(names, [(26, "Alpha"), (27, "Eta"), (28, "Zeta")]);
    assert_eq!(find(&kept, 26).state.as_deref(), Some("T"), "a newcomer's state defaults to the event's");
}
