//! Values outside the range the rules make sense in (issue 46): each is a
//! finding at its cell or line, never a panic, never a published file the
//! next period refuses. The cases one by one; then every numeric
//! cell of each rule set's player file and every Glicko-2 setting given
//! extreme and random values: `check` refuses with a finding, or the period
//! publishes a player file that the next period reads without an error.

use rand::{Rng, SeedableRng};
use ratebook::config::{PeriodConfig, RuleSettings};
use ratebook::model::system::SystemName;

use crate::common::*;

/// Each rule set's own columns, and the values of its four rated players
/// and of the fifth, new (under FIDE he has pooled games), which a sixth,
/// unrated with games, shares; cells split at `|`.
fn own_columns(system: SystemName) -> (&'static str, &'static str, &'static str) {
    match system {
        SystemName::Acf | SystemName::Nzcf => ("", "", ""),
        SystemName::Ecf => ("|Prev games|Prev points|Prev2 games|Prev2 points", "|30|48000|30|48000", "||||"),
        SystemName::Cis => ("|Joined", "|2020-09-01", "|1993-02-01"),
        SystemName::Fide => ("|K|Pool", "|20|", "||1993-05-01: 3 games, 1.5 points, ratings 5400"),
        SystemName::Glicko2 => ("|RD|Volatility", "|80|0.06", "||"),
    }
}

/// The players' names, by ID from 101.
const NAMES: [&str; 6] = ["Player0", "Player1", "Player2", "Player3", "Newcomer", "Partial"];

/// The player file's header and rows, as cells.
fn player_rows(system: SystemName) -> Vec<Vec<String>> {
    let (columns, rated, new) = own_columns(system);
    let mut rows = vec![format!(
        "ID|Surname|First names|Gender|Birth date|State|Club|Rating|Status|Games|Score|Opp avg|Last played{columns}"
    )];
    for (k, rating) in [1800, 1700, 1600, 1500].iter().enumerate() {
        rows.push(format!(
            "{}|{}|Test|M|1970-01-01|V|Club|{rating}|confirmed|40|20|1650|1993-02-14{rated}",
            101 + k,
            NAMES[k]
        ));
    }
    rows.push(format!("105|{}|Test|F|1980-01-01|V|Club||new|0|||{new}", NAMES[4]));
    // Unrated, with games toward a first rating (ACF's partial rating).
    let partial = new.replace("1993-05-01: 3 games", "1993-06-01: 2 games").replace("5400", "3300");
    rows.push(format!("106|{}|Test|M|1975-01-01|V|Club||unrated|5|2.5|1500|1993-02-14{partial}", NAMES[5]));
    rows.into_iter().map(|r| r.split('|').map(String::from).collect()).collect()
}

/// A CSV cell, quoted when it holds a comma or a quote.
fn csv_cell(cell: &str) -> String {
    if cell.contains([',', '"']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

/// A data folder of `system`: the player file `rows`, `rules`, and one
/// event of the five players.
fn folder(system: SystemName, rows: &[Vec<String>], rules: toml::Table) -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    let config = PeriodConfig {
        system,
        rules: RuleSettings::new(rules),
        ..period_config(AUGUST_1993.0, AUGUST_1993.1, AUGUST_1993.2, AUGUST_1993.3)
    };
    std::fs::write(f.data().join("period.toml"), config.to_toml()).unwrap();
    let csv: String = rows.iter().map(|r| r.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(",") + "\n").collect();
    std::fs::write(f.data().join("players.csv"), csv).unwrap();
    let who = |id: u32| {
        player(id, NAMES[id as usize - 101], "Test", "V", ratebook::model::Status::Confirmed, Some(1500.0), 0)
    };
    let entrants = (101..=106).zip(1..).map(|(id, no)| entrant(no, &who(id))).collect();
    let games = vec![
        (1, 1, Some(2), "1-0"),
        (1, 3, Some(4), "½-½"),
        (2, 1, Some(3), "0-1"),
        (2, 2, Some(5), "1-0"),
        (3, 4, Some(5), "0-1"),
        (3, 2, Some(3), "½-½"),
        (3, 6, Some(1), "1-0"),
    ];
    f.report(&event("V93001", "V", date(1993, 6, 13), entrants, games));
    f
}

/// What a data folder came to.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// `check` refused it; the findings.
    Refused(String),
    /// Published, and the next period reads the file it published.
    Published,
}

/// Runs `check`, then (if it passes) `period`, then the next period's
/// `check` on the published player file. Panics on a panic, on a period
/// that fails after `check` passed, and on a published file the next
/// period refuses.
fn outcome(f: &Fixture, case: &str) -> Outcome {
    let no_panic = |o: &std::process::Output, what: &str| {
        assert!(
            o.status.code() != Some(101) && !stderr(o).contains("panicked"),
            "{case}: {what} panicked: {}",
            stderr(o)
        );
    };
    let checked = f.run(&["check"]);
    no_panic(&checked, "check");
    if !checked.status.success() {
        let said = String::from_utf8_lossy(&checked.stdout).to_string();
        assert!(said.contains("error["), "{case}: check refused with a finding: {said}{}", stderr(&checked));
        return Outcome::Refused(said);
    }
    let run = f.run(&["period"]);
    no_panic(&run, "period");
    assert!(run.status.success(), "{case}: check passed, then period failed: {}", stderr(&run));
    // The next period reads what this one published.
    std::fs::remove_file(f.data().join("players.csv")).unwrap();
    std::fs::copy(f.out().join("players.xlsx"), f.data().join("players.xlsx")).unwrap();
    std::fs::remove_dir_all(f.data().join("reports")).unwrap();
    std::fs::create_dir(f.data().join("reports")).unwrap();
    let next = f.run(&["check"]);
    no_panic(&next, "the next period's check");
    assert!(
        next.status.success(),
        "{case}: published a player file the next period refuses:\n{}",
        String::from_utf8_lossy(&next.stdout)
    );
    Outcome::Published
}

/// The data folder of `system` with `cell` of player `id` set to `value`.
fn with_cell(system: SystemName, id: u32, column: &str, value: &str) -> Fixture {
    let mut rows = player_rows(system);
    let c = rows[0].iter().position(|h| h == column).unwrap_or_else(|| panic!("{system}: a column {column}"));
    let r = rows.iter().position(|row| row[0] == id.to_string()).unwrap();
    rows[r][c] = value.to_string();
    folder(system, &rows, toml::Table::new())
}

/// The data folder of `system` with `[rules] key = value` (TOML).
fn with_setting(system: SystemName, key: &str, value: &str) -> Fixture {
    let rules: toml::Table = format!("{key} = {value}").parse().unwrap();
    folder(system, &player_rows(system), rules)
}

fn refused(outcome: Outcome, wanted: &str) {
    match outcome {
        Outcome::Refused(said) => assert!(said.contains(wanted), "{wanted}:\n{said}"),
        Outcome::Published => panic!("published: {wanted}"),
    }
}

#[test]
fn the_untouched_folders_publish_under_each_rule_set() {
    for &system in SystemName::ALL {
        assert_eq!(
            outcome(&folder(system, &player_rows(system), toml::Table::new()), system.as_str()),
            Outcome::Published
        );
    }
}

#[test]
fn a_volatility_of_1e308_or_1e_300_is_a_finding_at_its_cell() {
    // Written back as the text INF, and as 0: the next period refused both.
    for value in ["1e308", "1e-300"] {
        let f = with_cell(SystemName::Glicko2, 101, "Volatility", value);
        refused(
            outcome(&f, value),
            &format!("player 101: Volatility must be from 0.000001 to 10, not {}", value.parse::<f64>().unwrap()),
        );
    }
}

#[test]
fn glicko2_settings_off_their_range_are_findings_at_their_line() {
    for (key, value, wanted) in [
        ("tau", "1e308", "[rules] tau = 1e308: it must be a number from 0.1 to 2"),
        ("initial_volatility", "1e-320", "[rules] initial_volatility = 1e-320: it must be a number from 0.001 to 1"),
        ("initial_rating", "99999", "[rules] initial_rating = 99999: it must be a number from 100 to 3000"),
        ("initial_rating", "1e308", "[rules] initial_rating = 1e308: it must be a number from 100 to 3000"),
    ] {
        let f = with_setting(SystemName::Glicko2, key, value);
        let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
        let line = toml.lines().position(|l| l.starts_with(key)).unwrap() + 1;
        refused(outcome(&f, wanted), &format!("line {line}, column 1: {wanted}"));
    }
}

#[test]
fn a_fide_pool_of_2_63_games_absurd_ratings_or_a_date_past_the_period_is_a_finding() {
    for (entry, wanted) in [
        ("1993-05-01: 9223372036854775807 games, 1 point, ratings 5400", "games in one period: at most 1000"),
        ("1993-05-01: 3 games, 1.5 points, ratings 9000000000", "outside FIDE's ratings (1400 to 3500)"),
        (
            "9999-12-31: 3 games, 1.5 points, ratings 5400",
            "the entry dated 9999-12-31 is after the period's end (1993-07-31)",
        ),
    ] {
        let f = with_cell(SystemName::Fide, 105, "Pool", entry);
        refused(outcome(&f, entry), wanted);
    }
}

/// The values every numeric cell and setting is given: extremes, then
/// `random` drawn from `seed` (magnitudes from 10⁻⁶ to 10¹², either sign).
fn values(seed: u64, random: usize) -> Vec<String> {
    let mut all: Vec<String> = [
        "0",
        "-1",
        "0.5",
        "1",
        "30",
        "1500",
        "3500",
        "3501",
        "99999",
        "1e308",
        "-1e308",
        "1e-300",
        "1e-320",
        "9223372036854775807",
        "-9223372036854775808",
        "NaN",
        "inf",
        "-inf",
    ]
    .map(String::from)
    .to_vec();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..random {
        let magnitude = 10f64.powf(rng.random_range(-6.0..12.0));
        let sign = if rng.random_bool(0.3) { -1.0 } else { 1.0 };
        all.push(format!("{}", sign * magnitude));
    }
    all
}

/// Every numeric cell of `system`'s player file (of a rated player, and of
/// the new one), and its settings.
fn targets(system: SystemName) -> (Vec<(u32, &'static str)>, Vec<&'static str>) {
    let mut cells: Vec<(u32, &str)> =
        ["Rating", "Games", "Score", "Opp avg"].iter().flat_map(|c| [(101, *c), (105, *c), (106, *c)]).collect();
    let own: &[&str] = match system {
        SystemName::Ecf => &["Prev games", "Prev points", "Prev2 games", "Prev2 points"],
        SystemName::Fide => &["K"],
        SystemName::Glicko2 => &["RD", "Volatility"],
        _ => &[],
    };
    cells.extend(own.iter().map(|c| (101, *c)));
    let settings = match system {
        SystemName::Glicko2 => ratebook::rate::glicko2::settings::KEYS.iter().map(|k| k.0).collect(),
        _ => Vec::new(),
    };
    (cells, settings)
}

/// Every target of every rule set given `pick`'s values; every case that
/// fails is listed at the end.
fn fuzz(pick: impl Fn(&[String], usize) -> Vec<String>) {
    let all = values(46, 6);
    let mut n = 0;
    let mut failed = Vec::new();
    let mut try_case = |case: String, f: Fixture| {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| outcome(&f, &case)));
        if let Err(e) = result {
            let why = e.downcast_ref::<String>().cloned().unwrap_or_else(|| case.clone());
            failed.push(why.lines().take(8).collect::<Vec<_>>().join("\n"));
        }
    };
    for &system in SystemName::ALL {
        let (cells, settings) = targets(system);
        for (id, column) in cells {
            for value in pick(&all, n) {
                n += 1;
                try_case(format!("{system}: player {id}'s {column} = {value}"), with_cell(system, id, column, &value));
            }
        }
        for key in settings {
            for value in pick(&all, n) {
                n += 1;
                // (TOML has no NaN or inf spelled so: nan, inf.)
                let value = value.replace("NaN", "nan");
                try_case(format!("{system}: [rules] {key} = {value}"), with_setting(system, key, &value));
            }
        }
    }
    assert!(failed.is_empty(), "{} of {n} cases failed:\n{}", failed.len(), failed.join("\n\n"));
}

#[test]
fn every_numeric_cell_and_setting_given_extreme_and_random_values_is_published_or_refused() {
    // A sample: two values a target, the targets taking turns through them.
    fuzz(|all, n| vec![all[(2 * n) % all.len()].clone(), all[(2 * n + 1) % all.len()].clone()]);
}

#[test]
#[ignore = "every value for every target (minutes): cargo test --test it -- --ignored every_value_for_every"]
fn every_value_for_every_numeric_cell_and_setting_is_published_or_refused() {
    fuzz(|all, _| all.to_vec());
}
