//! The other rule sets through `ratebook period`: NZCF (a bonus cut by the
//! gain limit, a winner who would have lost points, the half-rated rule and
//! adjudicated games), ECF (the 40-point rule, a junior bonus with the
//! seasons carried in the player file) and CIS (a draw between 720 and 750,
//! a newcomer's age rating with lesson and renewal bonuses, and the history
//! carried into the next period). Each case's numbers are worked by hand in
//! the rule modules' unit tests.

use chrono::NaiveDate;
use ratebook::config::PeriodConfig;
use ratebook::formats::report::write::{EventReport, ReportResults};
use ratebook::model::system::SystemName;
use ratebook::model::{ExtraValue, Player, PlayerFile, Status};

use crate::common::*;

/// A fixture folder whose period.toml names `system` and the given dates.
fn system_fixture(system: &str, name: &str, published: &str, start: &str, end: &str) -> Fixture {
    let f = Fixture::new((name, published, start, end));
    let config = PeriodConfig {
        federation: "Test Federation".into(),
        system: SystemName::parse(system).unwrap(),
        active_since: date(2020, 1, 1),
        age_date: date(published[..4].parse().unwrap(), 1, 1),
        states: vec![("A".into(), "Auckland".into()), ("W".into(), "Wellington".into())],
        ..period_config(name, published, start, end)
    };
    std::fs::write(f.data().join("period.toml"), config.to_toml()).unwrap();
    f
}

/// Writes the player file with extra columns.
fn write_players(f: &Fixture, players: Vec<Player>, extra_columns: &[&str]) {
    let file = PlayerFile {
        players,
        extra_columns: extra_columns.iter().map(|c| c.to_string()).collect(),
        origin: None,
        lists: Vec::new(),
    };
    ratebook::formats::player_file::write_player_file(&f.data().join("players.xlsx"), &file, date(2020, 1, 1)).unwrap();
}

/// Writes a report with remarks on some game rows (row 1 is the first game)
/// and the Event sheet's `Federation event` field when given.
fn write_report_with(f: &Fixture, report: &EventReport, remarks: &[(u32, &str)], federation_event: Option<bool>) {
    let mut report = report.clone();
    if let Some(flag) = federation_event {
        report.federation_event = flag;
    }
    if let ReportResults::Games(games) = &mut report.results {
        for (row, text) in remarks {
            games[*row as usize - 1].remarks = Some(text.to_string());
        }
    }
    f.report(&report);
}

fn rated(id: u32, surname: &str, state: &str, rating: f64, games: u32) -> Player {
    let mut p = player(id, surname, "Test", state, Status::Confirmed, Some(rating), games);
    p.last_played = Some(date(2023, 11, 1));
    p
}

/// `subject` (No 1) plays one game a round against Nos 2, 3, … with the results given.
fn one_against_each(
    code: &str,
    state: &str,
    end: NaiveDate,
    subject: &Player,
    opponents: &[&Player],
    results: &[&str],
) -> EventReport {
    let mut entrants = vec![entrant(1, subject)];
    let mut games = Vec::new();
    for (i, (o, r)) in opponents.iter().zip(results).enumerate() {
        entrants.push(entrant(i as u32 + 2, o));
        games.push((i as u32 + 1, 1, Some(i as u32 + 2), *r));
    }
    event(code, state, end, entrants, games)
}

fn rating_of(file: &PlayerFile, id: u32) -> f64 {
    find(file, id).rating.unwrap_or_else(|| panic!("player {id} has a rating"))
}

fn assert_close(actual: f64, expected: f64, who: &str) {
    assert!((actual - expected).abs() < 1e-9, "{who}: {actual} ≠ {expected}");
}

fn explain(f: &Fixture, id: u32) -> String {
    let out = f.run(&["explain", &id.to_string()]);
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn nzcf_fixture() -> Fixture {
    system_fixture("nzcf", "July 2024", "2024-07-01", "2024-03-01", "2024-06-30")
}

#[test]
fn nzcf_a_bonus_cut_by_the_gain_limit() {
    let f = nzcf_fixture();
    let subject = rated(100, "Subject", "W", 1800.0, 60);
    let opponents: Vec<Player> = [1900.0, 1850.0, 1800.0, 1750.0, 2000.0]
        .iter()
        .enumerate()
        .map(|(i, &r)| rated(101 + i as u32, &format!("Opponent{i}"), "W", r, 60))
        .collect();
    let mut all = vec![subject.clone()];
    all.extend(opponents.clone());
    write_players(&f, all, &[]);
    let refs: Vec<&Player> = opponents.iter().collect();
    f.report(&one_against_each(
        "W24001",
        "W",
        date(2024, 4, 14),
        &subject,
        &refs,
        &["1-0", "1-0", "½-½", "1-0", "½-½"],
    ));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    // K = 24, We = 2.10, factor 3: 136.8, cut by L = 30 × (2097 − 1800) / 100 = 89.1.
    assert_close(rating_of(&after, 100), 1889.1, "the subject");
    assert_eq!(find(&after, 100).games, 65);
    let calc = sheet_rows(&f.out().join("ratings.xlsx"), "Calculations");
    let row = calc.iter().find(|r| r[0] == "100").expect("the subject's calculation");
    assert_eq!((row[4].as_str(), row[5].as_str(), row[7].as_str()), ("5", "4", "2.1"));
    assert_close(row[9].parse::<f64>().unwrap(), 89.1, "the change");
    let text = explain(&f, 100);
    assert!(text.contains("K = (3000 − Ro) / 50 = (3000 − 1800) / 50 = 24"), "{text}");
    assert!(text.contains("K is multiplied by (Pa − Pe)/10 = 3.8, at most 3: 3"), "{text}");
    assert!(text.contains("ΔR = K × 3 × (Wa − We) = 24 × 3 × (4 − 2.10) = 136.80 (without the bonus 45.60)"), "{text}");
    assert!(text.contains("Rp = Ro + Da − De = 1800 + 240 + 57 = 2097"), "{text}");
    assert!(text.contains("(5 × 5 + 5) × (2097 − 1800) / 100 = 89.10: ΔR cut to 89.10"), "{text}");
    assert!(text.contains("Rn = 1889.1, printed 1889"), "{text}");
    // The lists print under the NZCF rules.
    let w = sheet_rows(&f.out().join("ratings.xlsx"), "Wellington");
    assert!(w.iter().any(|r| r[0] == "1889" && r[column(&w, "Name")] == "Subject, Test"), "{w:?}");
}

#[test]
fn nzcf_a_winner_who_would_have_lost_points() {
    let f = nzcf_fixture();
    let winner = rated(200, "Winner", "A", 2000.0, 80);
    let field: Vec<Player> = (0..4).map(|i| rated(201 + i, &format!("Field{i}"), "A", 1500.0, 40)).collect();
    let mut all = vec![winner.clone()];
    all.extend(field.clone());
    write_players(&f, all, &[]);
    let refs: Vec<&Player> = field.iter().collect();
    // 3/4 against four 1500s: each game expects .96, kept at .90; We = 3.6, K = 20: −12,
    // but nobody else reaches 3 points, so the winner keeps his rating.
    f.report(&one_against_each("A24001", "A", date(2024, 5, 5), &winner, &refs, &["1-0", "1-0", "½-½", "½-½"]));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    assert_close(rating_of(&after, 200), 2000.0, "the winner");
    let text = explain(&f, 200);
    assert!(
        text.contains("no bonus (Pa is not 10 points above Pe): ΔR = K × (Wa − We) = 20 × (3 − 3.60) = -12.00"),
        "{text}"
    );
    assert!(text.contains("a tournament winner loses no points (rule 4.7): ΔR = 0"), "{text}");
    assert!(text.contains("kept within .10–.90: .90"), "{text}");
}

#[test]
fn nzcf_half_rated_events_and_adjudicated_games() {
    let f = nzcf_fixture();
    let a = rated(300, "Rated", "W", 1600.0, 40);
    let b = rated(301, "Other", "W", 1700.0, 40);
    let new: Vec<Player> =
        (0..3).map(|i| player(302 + i, &format!("Newcomer{i}"), "Test", "W", Status::New, None, 0)).collect();
    // Rule 6.2: established players inactive for ten years and provisional players
    // inactive for five are removed.
    let mut gone = rated(310, "Longgone", "W", 1500.0, 40);
    gone.last_played = Some(date(2014, 6, 1));
    let mut resting = rated(311, "Resting", "W", 1500.0, 40);
    resting.last_played = Some(date(2016, 6, 1));
    let mut lapsed = player(312, "Lapsed", "Test", "W", Status::Provisional, Some(1200.0), 6);
    lapsed.last_played = Some(date(2019, 6, 1));
    let mut all = vec![a.clone(), b.clone()];
    all.extend(new.clone());
    all.extend([gone, resting, lapsed]);
    write_players(&f, all, &[]);
    // A club event (not an NZCF event) with 1 rated player of 4: not rated. One of its
    // players has no ID yet: the rule set's event rule turns the event down before
    // validation hands out IDs, so he never gets one.
    let refs: Vec<&Player> = new.iter().take(2).collect();
    let mut club = one_against_each("W24010", "W", date(2024, 4, 1), &a, &refs, &["1-0", "1-0"]);
    let mut walk_in = entrant(4, &new[2]);
    walk_in.id = None;
    walk_in.surname = "Walkin".into();
    club.players.push(walk_in);
    if let ratebook::formats::report::write::ReportResults::Games(games) = &mut club.results {
        games.push(ratebook::formats::report::write::ReportGame {
            round: 3,
            white: 1,
            black: Some(4),
            result: "1-0".into(),
            remarks: None,
        });
    }
    club.rounds = 3;
    write_report_with(&f, &club, &[], Some(false));
    // An NZCF event where one of two games was adjudicated: only the played one counts.
    let games = vec![(1, 1, Some(2), "1-0"), (2, 2, Some(1), "1-0")];
    let report = event("W24011", "W", date(2024, 5, 1), vec![entrant(1, &a), entrant(2, &b)], games);
    write_report_with(&f, &report, &[(2, "adjudicated")], None);
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert!(validation.contains("only 1 of its 4 players are rated"), "{validation}");
    assert!(validation.contains("adjudicated"), "{validation}");
    let events = sheet_rows(&f.out().join("ratings.xlsx"), "Events");
    let club = events.iter().find(|r| r[0] == "W24010").unwrap();
    assert_eq!(club[11], "no");
    let calc = sheet_rows(&f.out().join("ratings.xlsx"), "Calculations");
    let row = calc.iter().find(|r| r[0] == "300").expect("player 300 rated in W24011");
    assert_eq!((row[2].as_str(), row[4].as_str(), row[5].as_str()), ("W24011", "1", "1"));
    // 1600 beats 1700: D = 100, L .36; K = 28: 28 × .64 = 17.92 (no bonus, 1 game).
    let after = read_players(&f.out().join("players.xlsx"));
    assert_close(rating_of(&after, 300), 1617.92, "the rated player");
    assert!(after.players.iter().all(|p| p.surname != "Walkin"), "the walk-in of the event not rated gets no ID");
    let ids: Vec<u32> = after.players.iter().map(|p| p.id).collect();
    assert_eq!(ids, [300, 301, 302, 303, 304, 311]);
    let removed: Vec<u32> = read_players(&f.out().join("removed.xlsx")).players.iter().map(|p| p.id).collect();
    assert_eq!(removed, [310, 312]);
}

fn ecf_fixture() -> Fixture {
    system_fixture("ecf", "2024 grades", "2024-08-01", "2023-06-01", "2024-05-31")
}

const SEASONS: [&str; 4] = ["Prev games", "Prev points", "Prev2 games", "Prev2 points"];

fn graded(id: u32, surname: &str, grade: f64, birth: NaiveDate, seasons: [f64; 4]) -> Player {
    let mut p = rated(id, surname, "A", grade, 50);
    p.birth_date = Some(birth);
    p.extra = seasons.iter().map(|&v| if v == 0.0 { ExtraValue::Empty } else { ExtraValue::Number(v) }).collect();
    p
}

#[test]
fn ecf_the_40_point_rule_and_a_junior_bonus() {
    let f = ecf_fixture();
    let adult = date(1980, 1, 1);
    let subject = graded(400, "Adult", 120.0, adult, [0.0; 4]);
    let junior = graded(500, "Junior", 100.0, date(2012, 10, 1), [10.0, 1000.0, 20.0, 2400.0]);
    let mut opponents = Vec::new();
    for (k, grade) in [180.0, 60.0, 130.0].iter().enumerate() {
        for i in 0..3 {
            opponents.push(graded(410 + 10 * k as u32 + i, &format!("Opp{grade}"), *grade, adult, [0.0; 4]));
        }
    }
    let juniors_opponents =
        vec![graded(510, "Even", 100.0, adult, [0.0; 4]), graded(511, "Level", 100.0, adult, [0.0; 4])];
    let mut all = vec![subject.clone(), junior.clone()];
    all.extend(opponents.clone());
    all.extend(juniors_opponents.clone());
    write_players(&f, all, &SEASONS);
    // Beats the 180s (counted as 160, +50), loses to the 60s (counted 80, −50), draws the 130s:
    // 3 × (210 + 30 + 130) = 1110 over 9 games = 123.3 → 123.
    let order: Vec<&Player> = (0..3).flat_map(|i| [&opponents[i], &opponents[3 + i], &opponents[6 + i]]).collect();
    let results: Vec<&str> = (0..3).flat_map(|_| ["1-0", "0-1", "½-½"]).collect();
    f.report(&one_against_each("A23001", "A", date(2023, 10, 8), &subject, &order, &results));
    // The junior: 1 win and 1 loss against 100s this season (200 points), 10 games last season,
    // 18 of 20 the season before pro rata (2160): 3360 / 30 = 112, aged 10 on 1 September 2023: +10.
    let refs: Vec<&Player> = juniors_opponents.iter().collect();
    f.report(&one_against_each("A24002", "A", date(2024, 2, 4), &junior, &refs, &["1-0", "0-1"]));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    assert_eq!(rating_of(&after, 400), 123.0);
    assert_eq!(rating_of(&after, 500), 122.0);
    // The new file carries this season as last season, last season as the one before.
    let columns: Vec<&str> = after.extra_columns.iter().map(String::as_str).collect();
    assert_eq!(columns, SEASONS);
    assert_eq!(
        find(&after, 500).extra,
        vec![ExtraValue::Number(2.0), ExtraValue::Number(200.0), ExtraValue::Number(10.0), ExtraValue::Number(1000.0)]
    );
    assert_eq!(find(&after, 400).extra[..2], [ExtraValue::Number(9.0), ExtraValue::Number(1110.0)]);
    let text = explain(&f, 400);
    assert!(text.contains("grade 180 counted as 160 (40-point rule) → 210 points"), "{text}");
    assert!(text.contains("grade 60 counted as 80 (40-point rule) → 30 points"), "{text}");
    assert!(text.contains("Grade = 1110 / 9 = 123.33 → 123"), "{text}");
    let text = explain(&f, 500);
    assert!(text.contains("18 of the season before's 20 games, pro rata 2400 × 18 / 20 = 2160 points"), "{text}");
    assert!(text.contains("Junior bonus: aged 10 on 2023-09-01: +10"), "{text}");
    assert!(text.contains("Published grade: 122"), "{text}");
}

#[test]
fn ecf_fewer_than_nine_games_keeps_the_results_for_next_season() {
    let f = ecf_fixture();
    let adult = date(1980, 1, 1);
    let newcomer = player(600, "Fresh", "Test", "A", Status::New, None, 0);
    let field: Vec<Player> = (0..3).map(|i| graded(601 + i, &format!("Club{i}"), 110.0, adult, [0.0; 4])).collect();
    let mut all = vec![newcomer.clone()];
    all.extend(field.clone());
    write_players(&f, all, &[]);
    let refs: Vec<&Player> = field.iter().collect();
    f.report(&one_against_each("A23005", "A", date(2023, 9, 3), &newcomer, &refs, &["1-0", "½-½", "0-1"]));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    let p = find(&after, 600);
    assert_eq!((p.status, p.rating), (Status::Unrated, None));
    // No grade yet: opponents' grades as they are, 160 + 110 + 60 = 330, kept as last season.
    assert_eq!(after.extra_columns, SEASONS);
    assert_eq!(p.extra[..2], [ExtraValue::Number(3.0), ExtraValue::Number(330.0)]);
    assert!(
        explain(&f, 600).contains("Not published: needs at least 1 game this season and 9 in the last three (3 and 3)")
    );
}

fn cis_fixture(name: &str, published: &str, start: &str, end: &str) -> Fixture {
    system_fixture("cis", name, published, start, end)
}

/// Writes lessons.xlsx or renewals.xlsx.
fn write_dated(f: &Fixture, file: &str, rows: &[(u32, NaiveDate)]) {
    let sheet = if file.starts_with("lessons") { "Lessons" } else { "Renewals" };
    ratebook::formats::dated_lists::write_dated(&f.data().join(file), sheet, rows, date(2024, 1, 1)).unwrap();
}

fn pupil(id: u32, surname: &str, rating: Option<f64>, birth: NaiveDate, joined: Option<NaiveDate>) -> Player {
    let status = if rating.is_some() { Status::Confirmed } else { Status::New };
    let mut p = player(id, surname, "Test", "A", status, rating, if rating.is_some() { 20 } else { 0 });
    if rating.is_none() {
        p.last_played = None;
    }
    p.birth_date = Some(birth);
    p.extra = vec![joined.map_or(ExtraValue::Empty, ExtraValue::Date)];
    p
}

#[test]
fn cis_draw_newcomer_bonuses_and_the_history_carried_over() {
    let f = cis_fixture("March 2024", "2024-04-01", "2024-03-01", "2024-03-31");
    let low = pupil(700, "Low", Some(720.0), date(2014, 1, 1), Some(date(2022, 9, 1)));
    let high = pupil(701, "High", Some(750.0), date(2013, 5, 5), Some(date(2022, 9, 1)));
    let newcomer = pupil(702, "Newcomer", None, date(2015, 9, 20), None);
    write_players(&f, vec![low.clone(), high.clone(), newcomer.clone()], &["Joined"]);
    f.report(&event(
        "A24030",
        "A",
        date(2024, 3, 9),
        vec![entrant(1, &low), entrant(2, &high)],
        vec![(1, 1, Some(2), "½-½")],
    ));
    // The newcomer's first lesson on 5 March: 8 years 5 months, initial 720; +5; a second
    // lesson in March earns nothing; the renewal on 12 March +30 → 755.
    write_dated(&f, "lessons.xlsx", &[(702, date(2024, 3, 5)), (702, date(2024, 3, 20))]);
    write_dated(&f, "renewals.xlsx", &[(702, date(2024, 3, 12))]);
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    // 720 v 750 drawn: +1.5 and −1.5 (not the source's ±3), plus 1 for activity each.
    assert_close(rating_of(&after, 700), 722.5, "720 after the draw");
    assert_close(rating_of(&after, 701), 749.5, "750 after the draw");
    assert_close(rating_of(&after, 702), 755.0, "the newcomer");
    assert_eq!(find(&after, 702).status, Status::Confirmed);
    assert_eq!(find(&after, 702).extra, vec![ExtraValue::Date(date(2024, 3, 5))]);
    let history = sheet_rows(&f.out().join("history.xlsx"), "History");
    assert_eq!(history[0][..3], ["ID", "Date", "Kind"]);
    let kinds: Vec<(&str, &str, &str)> =
        history[1..].iter().map(|r| (r[0].as_str(), r[2].as_str(), r[9].as_str())).collect();
    assert_eq!(
        kinds,
        vec![
            ("702", "entry", "720"),
            ("702", "lesson", "725"),
            ("700", "game", "722.5"),
            ("701", "game", "749.5"),
            ("702", "renewal", "755"),
            ("702", "lesson", "755"),
        ]
    );
    // Two runs give the same bytes.
    let again = f.root.path().join("again");
    let run = ratebook(&["period", "--data", f.data().to_str().unwrap(), "--out", again.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(
        std::fs::read(f.out().join("history.xlsx")).unwrap(),
        std::fs::read(again.join("history.xlsx")).unwrap()
    );
    let text = explain(&f, 701);
    assert!(
        text.contains("D = 750 − 720 = 30, E = ½ + D/800 = 0.5375, 40 × (0.5 − 0.5375) = -1.50; activity +1 → 749.5"),
        "{text}"
    );
    let text = explain(&f, 702);
    assert!(text.contains("aged 8 years 5 months: initial rating 720"), "{text}");

    // April: the March lessons are in the history and are not given again; an April lesson
    // counts; a second renewal in the same school year does not.
    let april = cis_fixture("April 2024", "2024-05-01", "2024-04-01", "2024-04-30");
    std::fs::copy(f.out().join("players.xlsx"), april.data().join("players.xlsx")).unwrap();
    std::fs::copy(f.out().join("history.xlsx"), april.data().join("history.xlsx")).unwrap();
    write_dated(&april, "lessons.xlsx", &[(702, date(2024, 3, 5)), (702, date(2024, 3, 20)), (702, date(2024, 4, 2))]);
    write_dated(&april, "renewals.xlsx", &[(702, date(2024, 3, 12)), (702, date(2024, 4, 15))]);
    let run = april.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&april.out().join("players.xlsx"));
    assert_close(rating_of(&after, 702), 760.0, "the newcomer in April");
    assert_close(rating_of(&after, 700), 722.5, "no games in April");
    let history = sheet_rows(&april.out().join("history.xlsx"), "History");
    assert_eq!(history.len(), 1 + 6 + 2, "March's six rows kept, April's two added");
    assert_eq!(history[7][2], "lesson");
    assert_eq!(history[8][2], "renewal");
    assert!(history[8][10].contains("already"), "{:?}", history[8]);
}

#[test]
fn cis_lessons_for_unknown_players_are_located_errors() {
    let f = cis_fixture("March 2024", "2024-04-01", "2024-03-01", "2024-03-31");
    write_players(&f, vec![pupil(700, "Low", Some(720.0), date(2014, 1, 1), None)], &["Joined"]);
    write_dated(&f, "lessons.xlsx", &[(700, date(2024, 3, 5)), (999, date(2024, 3, 6))]);
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let text = stderr(&run);
    assert!(text.contains("lessons.xlsx"), "{text}");
    assert!(text.contains("A3"), "{text}");
    assert!(text.contains("ID 999 is not in the player file"), "{text}");
}

/// Generates a small data folder (300 players, 16 events) under `system`.
fn generate_small(data: &std::path::Path, system: &str) {
    let out = data.to_str().unwrap();
    let run =
        ratebook(&["generate", "--out", out, "--players", "300", "--events", "16", "--seed", "5", "--system", system]);
    assert!(run.status.success(), "{}", stderr(&run));
}

/// Sets `system` in a data folder's period.toml; a rule set's own settings
/// (`[rules]`, written last) are its own and go.
fn switch_system(data: &std::path::Path, system: &str) {
    let path = data.join("period.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let switched: Vec<String> = text
        .lines()
        .take_while(|l| !l.starts_with("[rules]"))
        .map(|l| if l.starts_with("system ") { format!("system       = \"{system}\"") } else { l.to_string() })
        .collect();
    std::fs::write(&path, switched.join("\n") + "\n").unwrap();
}

#[test]
fn a_generated_sample_republishes_its_booklet_under_each_system() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    generate_small(&data, "cis");
    for file in ["lessons.xlsx", "renewals.xlsx"] {
        assert!(data.join(file).is_file(), "generate --system cis writes {file}");
    }
    assert!(read_players(&data.join("players.xlsx")).extra_columns.iter().any(|c| c == "Joined"));
    // The section each system's booklet explains itself with.
    let sections = [
        ("acf", "The 336 rule"),
        ("nzcf", "NZCF Rating Regulations"),
        ("ecf", "The 40-point rule"),
        ("cis", "linear Elo"),
    ];
    for (system, phrase) in sections {
        switch_system(&data, system);
        let out = root.path().join(format!("out-{system}"));
        // The same period under another rule set, in a record of its own
        // (ratings of two rule sets do not mix in one record).
        let _ = std::fs::remove_file(data.join("record.sqlite"));
        let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert!(run.status.success(), "{system}: {}", stderr(&run));
        assert!(std::fs::read(out.join("booklet.pdf")).unwrap().starts_with(b"%PDF"));
        let booklet = ratebook::commands::booklet_data(&data).unwrap();
        assert_eq!(booklet.system, system);
        let text = ratebook::publish::booklet::booklet_text(&booklet, None).unwrap();
        let heading = if system == "ecf" { "The Grading System" } else { "The Rating System" };
        assert!(text.contains(heading) && text.contains(phrase), "{system}'s booklet explains {phrase}");
        for (other, phrase) in sections.iter().filter(|(s, _)| *s != system) {
            assert!(!text.contains(phrase), "{system}'s booklet does not explain {other}'s {phrase}");
        }
        assert_eq!(out.join("history.xlsx").is_file(), system == "cis");
    }
}

#[test]
fn a_generated_ecf_sample_has_grades_and_seasons() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    generate_small(&data, "ecf");
    let file = read_players(&data.join("players.xlsx"));
    for column in SEASONS {
        assert!(file.extra_columns.iter().any(|c| c == column), "{column} in the player file");
    }
    assert!(
        file.players.iter().filter_map(|p| p.rating).all(|g| (0.0..=300.0).contains(&g)),
        "grades on the ECF scale"
    );
    let out = root.path().join("out");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let top = sheet_rows(&out.join("ratings.xlsx"), "Top Players");
    let best: f64 = top[1][1].parse().unwrap();
    assert!((100.0..=320.0).contains(&best), "the best grade {best}");
}
