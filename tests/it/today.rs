//! Today's rule sets through `ratebook period`: FIDE's Elo (today.md's
//! checks, a newcomer's games pooled over two periods to a first rating, K
//! carried in the player file) and Glicko-2 (Glickman's example, an idle
//! player's RD, the state carried at full precision); and their findings
//! (a K FIDE does not use, bad `[rules]` settings at their lines, a player
//! file written for another rule set).

use ratebook::config::{PeriodConfig, RuleSettings};
use ratebook::formats::report::write::EventReport;
use ratebook::model::system::SystemName;
use ratebook::model::{ExtraValue, Player, PlayerFile, Status};

use crate::common::*;

/// A fixture folder of `system` for the period ending `end` (published the day after).
fn fixture(system: SystemName, published: &str, start: &str, end: &str, rules: Option<toml::Table>) -> Fixture {
    let f = Fixture::new(("Test period", published, start, end));
    write_config(&f, system, published, start, end, rules);
    f
}

fn write_config(f: &Fixture, system: SystemName, published: &str, start: &str, end: &str, rules: Option<toml::Table>) {
    let config = PeriodConfig {
        federation: "Test Federation".into(),
        system,
        active_since: date(2020, 1, 1),
        age_date: date(published[..4].parse().unwrap(), 1, 1),
        rules: rules.map(RuleSettings::new).unwrap_or_default(),
        ..period_config(&format!("List of {published}"), published, start, end)
    };
    std::fs::write(f.data().join("period.toml"), config.to_toml()).unwrap();
}

fn write_players(f: &Fixture, players: Vec<Player>, extra_columns: &[&str]) {
    let file = PlayerFile {
        players,
        extra_columns: extra_columns.iter().map(|c| c.to_string()).collect(),
        origin: None,
        lists: Vec::new(),
    };
    ratebook::formats::player_file::write_player_file(&f.data().join("players.xlsx"), &file, date(2026, 1, 1)).unwrap();
}

fn rated(id: u32, surname: &str, rating: f64, games: u32, extra: Vec<ExtraValue>) -> Player {
    let mut p = player(id, surname, "Test", "A", Status::Confirmed, Some(rating), games);
    p.last_played = Some(date(2025, 11, 1));
    p.extra = extra;
    p
}

/// `subject` (No 1) against Nos 2, 3, … with the results given, one a round.
fn against(
    code: &str,
    end: chrono::NaiveDate,
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
    event(code, "A", end, entrants, games)
}

fn explain(f: &Fixture, id: u32) -> String {
    let out = f.run(&["explain", &id.to_string()]);
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn extra<'a>(file: &'a PlayerFile, id: u32, column: &str) -> &'a ExtraValue {
    let c = file.extra_columns.iter().position(|c| c == column).unwrap_or_else(|| panic!("a column {column}"));
    &find(file, id).extra[c]
}

fn k(v: f64) -> Vec<ExtraValue> {
    vec![ExtraValue::Number(v)]
}

#[test]
fn fide_todays_checks_and_a_first_rating_over_two_periods() {
    let f = fixture(SystemName::Fide, "2026-08-01", "2026-04-01", "2026-07-31", None);
    let subject = rated(100, "Subject", 2100.0, 60, k(20.0));
    let opponents = [
        rated(101, "Low", 1600.0, 60, vec![]),
        rated(102, "High", 2500.0, 300, k(10.0)),
        rated(103, "Near", 2050.0, 60, vec![]),
    ];
    let mut junior = rated(120, "Junior", 1850.0, 60, vec![]);
    junior.birth_date = Some(date(2010, 5, 17));
    let pair = [rated(121, "Even", 1850.0, 60, vec![]), rated(122, "Above", 1900.0, 60, vec![])];
    let newcomer = player(110, "Newcomer", "Test", "A", Status::New, None, 0);
    let mut all = vec![subject.clone(), junior.clone(), newcomer.clone()];
    all.extend(opponents.iter().cloned());
    all.extend(pair.iter().cloned());
    write_players(&f, all, &["K"]);
    let refs: Vec<&Player> = opponents.iter().collect();
    f.report(&against("A26001", date(2026, 5, 10), &subject, &refs, &["1-0", "½-½", "0-1"]));
    f.report(&against("A26002", date(2026, 6, 14), &newcomer, &refs, &["1-0", "0-1", "½-½"]));
    f.report(&against("A26003", date(2026, 7, 5), &junior, &pair.iter().collect::<Vec<_>>(), &["1-0", "1-0"]));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    // 20 × (1.5 − 1.57) = −1.4 → −1; K stays 20; 3 more rated games.
    assert_eq!(find(&after, 100).rating, Some(2099.0));
    assert_eq!((find(&after, 100).games, extra(&after, 100, "K")), (63, &ExtraValue::Number(20.0)));
    // The junior: K 40, 40 × 1.07 = 42.8 → +43.
    assert_eq!(find(&after, 120).rating, Some(1893.0));
    assert_eq!(extra(&after, 120, "K"), &ExtraValue::Number(40.0));
    // The 1600 lost to the 2100 (−500, counted as −400: PD .08) and played the newcomer (not rated): −1.6 → −2.
    assert_eq!(find(&after, 101).rating, Some(1598.0));
    // The newcomer: 3 games pooled, not rated yet.
    let pool = extra(&after, 110, "Pool");
    assert_eq!(pool, &ExtraValue::Text("2026-06-14: 3 games, 1.5 points, ratings 6150".into()));
    assert_eq!((find(&after, 110).status, find(&after, 110).rating), (Status::Unrated, None));

    let text = explain(&f, 100);
    for said in [
        "K 20 (as the player file gives it)",
        "D +500 counted as +400 (400-point rule), PD .92 (score − PD = +0.08)",
        "ΣPD 1.57",
        "ΔR = 20 × −0.07 = −1.4 → −1",
        "New rating: 2100 − 1 = 2099",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    let text = explain(&f, 120);
    assert!(text.contains("K 40 (a junior (to the end of the year he turns 18) rated under 2300)"), "{text}");
    let text = explain(&f, 110);
    assert!(text.contains("3 pooled games of the 5 needed: not rated yet"), "{text}");

    // The next period starts from the published file: two more games give a first rating.
    std::fs::copy(f.out().join("players.xlsx"), f.data().join("players.xlsx")).unwrap();
    std::fs::remove_dir_all(f.data().join("reports")).unwrap();
    write_config(&f, SystemName::Fide, "2026-12-01", "2026-08-01", "2026-11-30", None);
    let before = read_players(&f.data().join("players.xlsx"));
    let (s, j) = (find(&before, 100).clone(), find(&before, 120).clone());
    f.report(&against("A26010", date(2026, 9, 20), &find(&before, 110).clone(), &[&s, &j], &["0-1", "1-0"]));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    // 5 games, 2.5 points, ratings 6150 + 2099 + 1893 = 10142: Ra = 13742 / 7 = 1963.1, p = .50: 1963.
    let n = find(&after, 110);
    assert_eq!((n.status, n.rating, n.games), (Status::Confirmed, Some(1963.0), 5));
    assert_eq!((extra(&after, 110, "K"), extra(&after, 110, "Pool")), (&ExtraValue::Number(40.0), &ExtraValue::Empty));
    let text = explain(&f, 110);
    assert!(text.contains("Ra = (10142 + 3600) / 7 = 1963.14"), "{text}");
    assert!(text.contains("First rating: 1963"), "{text}");
}

#[test]
fn fide_a_k_fide_does_not_use_and_a_file_of_another_rule_set() {
    let f = fixture(SystemName::Fide, "2026-08-01", "2026-04-01", "2026-07-31", None);
    write_players(&f, vec![rated(100, "Odd", 2100.0, 60, k(32.0)), rated(101, "Fine", 2000.0, 60, k(20.0))], &["K"]);
    let out = f.run(&["check"]);
    let said = findings(&out);
    assert!(said.contains("sheet Players, cell O2: player 100: K 32 is not one FIDE uses"), "{said}");
    // A Glicko-2 file (RD, Volatility) without K.
    let rd = |v: f64| vec![ExtraValue::Number(v), ExtraValue::Number(0.06)];
    write_players(&f, vec![rated(100, "A", 2100.0, 60, rd(80.0))], &["RD", "Volatility"]);
    let said = findings(&f.run(&["check"]));
    assert!(said.contains("written for Glicko-2 (it has Glicko-2's RD, Volatility) and has no K"), "{said}");
}

/// RD and volatility 0.06.
fn glicko_state(rd: f64) -> Vec<ExtraValue> {
    vec![ExtraValue::Number(rd), ExtraValue::Number(0.06)]
}

#[test]
fn glicko2_glickmans_example_through_a_period() {
    let mut rules = toml::Table::new();
    rules.insert("tau".into(), toml::Value::Float(0.5));
    let f = fixture(SystemName::Glicko2, "2026-08-01", "2026-04-01", "2026-07-31", Some(rules));
    let subject = rated(100, "Subject", 1500.0, 60, glicko_state(200.0));
    let opponents = [
        rated(101, "Thirty", 1400.0, 60, glicko_state(30.0)),
        rated(102, "Hundred", 1550.0, 60, glicko_state(100.0)),
        rated(103, "Threehundred", 1700.0, 60, glicko_state(300.0)),
    ];
    let idle = rated(104, "Idle", 1650.0, 60, glicko_state(100.0));
    let mut all = vec![subject.clone(), idle];
    all.extend(opponents.iter().cloned());
    write_players(&f, all, &["RD", "Volatility"]);
    // One game each in three events of the period: one rating period all the same.
    for (i, (o, r)) in opponents.iter().zip(["1-0", "0-1", "0-1"]).enumerate() {
        f.report(&against(&format!("A2600{i}"), date(2026, 5 + i as u32, 10), &subject, &[o], &[r]));
    }
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    let s = find(&after, 100);
    assert!((s.rating.unwrap() - 1464.05).abs() < 0.005, "{:?}", s.rating);
    let number = |v: &ExtraValue| match v {
        ExtraValue::Number(n) => *n,
        other => panic!("{other:?}"),
    };
    assert!((number(extra(&after, 100, "RD")) - 151.52).abs() < 0.005);
    // The volatility at full precision (0.0599960 unrounded), so the next period starts from the same state.
    assert!((number(extra(&after, 100, "Volatility")) - 0.059996).abs() < 0.0000005);
    assert_eq!(s.status, Status::Provisional, "RD 151.52 is above 110");
    // The idle player's RD grows: 173.7178 × √((100/173.7178)² + 0.06²).
    let grown = 173.7178 * ((100.0f64 / 173.7178).powi(2) + 0.0036).sqrt();
    assert!((number(extra(&after, 104, "RD")) - grown).abs() < 1e-9);
    assert_eq!(find(&after, 104).rating, Some(1650.0));
    let text = explain(&f, 100);
    for said in [
        "v = 1 / Σ g² E (1 − E) = 1.7790",
        "Δ = v × Σ g (s − E) = -0.4839",
        "σ′ = 0.059996",
        "φ* = √(φ² + σ′²) = 1.1529",
        "g 0.9955, E 0.6395",
        "New rating 1464.05",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    // The lists print the rating whole, marked provisional; the top lists its RD.
    let a = sheet_rows(&f.out().join("ratings.xlsx"), "Australian Capital Territory");
    let (rating, mark) = (column(&a, "Rating"), column(&a, "Mark"));
    assert!(a.iter().any(|r| r[rating] == "1464" && r[mark] == "?"), "{a:?}");
    let top = sheet_rows(&f.out().join("ratings.xlsx"), "Top Players");
    let (rating, rd) = (column(&top, "Rating"), column(&top, "RD"));
    assert!(top.iter().any(|r| r[rating] == "1650" && r[rd] == "101"), "the idle player: {top:?}");
}

#[test]
fn glicko2_bad_settings_and_state_are_findings() {
    let mut rules = toml::Table::new();
    rules.insert("tau".into(), toml::Value::Float(0.0));
    rules.insert("colour".into(), toml::Value::Integer(1));
    let f = fixture(SystemName::Glicko2, "2026-08-01", "2026-04-01", "2026-07-31", Some(rules));
    let mut bad = rated(100, "Negative", 1500.0, 60, glicko_state(-5.0));
    bad.extra[1] = ExtraValue::Number(0.0);
    write_players(
        &f,
        vec![bad, rated(101, "Blank", 1500.0, 60, vec![ExtraValue::Empty, ExtraValue::Number(0.06)])],
        &["RD", "Volatility"],
    );
    let out = f.run(&["check"]);
    assert!(!out.status.success());
    let said = findings(&out);
    let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    let line = |key: &str| toml.lines().position(|l| l.starts_with(key)).unwrap() + 1;
    for wanted in [
        format!("line {}, column 1: [rules] tau = 0.0: it must be a number from 0.1 to 2", line("tau")),
        format!("line {}, column 1: [rules] has an unknown setting `colour`", line("colour")),
        "player 100: RD must be from 0.01 to 100000, not -5".to_string(),
        "player 100: Volatility must be from 0.000001 to 10, not 0".to_string(),
        "player 101 is rated but has no RD".to_string(),
    ] {
        assert!(said.contains(&wanted), "{wanted}:\n{said}");
    }
    // A FIDE file (K) without RD and Volatility.
    write_players(&f, vec![rated(100, "A", 2100.0, 60, k(20.0))], &["K"]);
    let said = findings(&f.run(&["check"]));
    assert!(
        said.contains("written for FIDE Elo (2024) (it has FIDE Elo (2024)'s K) and has no RD, Volatility"),
        "{said}"
    );
    // An ACF rule set with a [rules] table: it has no settings.
    let mut rules = toml::Table::new();
    rules.insert("tau".into(), toml::Value::Float(0.5));
    write_config(&f, SystemName::Acf, "2026-08-01", "2026-04-01", "2026-07-31", Some(rules));
    let said = findings(&f.run(&["check"]));
    assert!(
        said.contains("[rules] has an unknown setting `tau`") && said.contains("this rule set has no settings"),
        "{said}"
    );
}
