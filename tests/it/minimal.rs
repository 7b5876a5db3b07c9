//! Each rule set fed the smallest player file its documentation calls
//! complete (systems.md, data-format.md: no `Status` column), issue 46:
//! every player starts as the rule set reads his row, no rating dropped in
//! silence; and Glickman's example from the minimal Glicko-2 file gives
//! 1464.05, as it does from a file with a Status column.

use ratebook::config::PeriodConfig;
use ratebook::model::system::SystemName;
use ratebook::model::Status;

use crate::common::*;

/// The columns each rule set's documentation calls complete, and the
/// values of its own columns for a player rated long ago (60 games), one
/// rated with 5 games, and one without a rating.
fn minimal(system: SystemName) -> (&'static str, [&'static str; 3]) {
    match system {
        SystemName::Acf | SystemName::Nzcf => ("Games", ["60", "5", "0"]),
        SystemName::Ecf => {
            ("Games,Prev games,Prev points,Prev2 games,Prev2 points", ["60,30,15,30,15", "5,0,0,0,0", "0,,,,"])
        }
        SystemName::Cis => ("Games,Joined", ["60,2020-09-01", "5,2023-09-01", "0,"]),
        SystemName::Fide => ("K,Games", ["20,60", "40,5", ","]),
        SystemName::Glicko2 => ("RD,Volatility", ["60,0.06", "200,0.06", ","]),
    }
}

/// A data folder of `system` whose player file is `csv`.
fn folder(system: SystemName, csv: &str) -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    let config = PeriodConfig { system, ..period_config(AUGUST_1993.0, AUGUST_1993.1, AUGUST_1993.2, AUGUST_1993.3) };
    std::fs::write(f.data().join("period.toml"), config.to_toml()).unwrap();
    std::fs::write(f.data().join("players.csv"), csv).unwrap();
    f
}

#[test]
fn each_rule_set_reads_its_minimal_player_file_without_a_status() {
    for &system in SystemName::ALL {
        let (columns, values) = minimal(system);
        let ratings = ["1800", "1600", ""];
        let mut csv = format!("ID,Surname,First names,Gender,Birth date,State,Club,Rating,{columns}\n");
        for (k, (rating, own)) in ratings.iter().zip(values).enumerate() {
            csv += &format!("{},Player{k},Test,M,1970-01-01,V,Club,{rating},{own}\n", 101 + k);
        }
        let f = folder(system, &csv);
        let data = ratebook::ingest::DataFolder::open(&f.data()).unwrap();
        let rules = ratebook::rate::configured(&data.config);
        let (raw, _) = data.read(rules.inputs()).unwrap();
        let validated = ratebook::validate::validate(raw, rules);
        let errors: Vec<_> = validated.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{system}: {errors:?}");
        let start: Vec<(Status, Option<f64>)> =
            validated.period.players.players.iter().map(|p| (p.status, p.rating)).collect();
        // The player rated with 5 games: ACF and NZCF count him unrated
        // (his rating a partial one, kept); the others publish a rating
        // whatever the games (Glicko-2 marks it provisional by its RD).
        let five = match system {
            SystemName::Acf | SystemName::Nzcf => Status::Unrated,
            SystemName::Glicko2 => Status::Provisional,
            _ => Status::Confirmed,
        };
        assert_eq!(
            start,
            [(Status::Confirmed, Some(1800.0)), (five, Some(1600.0)), (Status::New, None)],
            "{system}: every player's start"
        );
    }
}

#[test]
fn glickmans_example_from_the_minimal_glicko2_file() {
    let csv = "ID,Surname,First names,Gender,Birth date,State,Club,Rating,RD,Volatility\n\
               100,Subject,Test,M,1970-01-01,V,Club,1500,200,0.06\n\
               101,Thirty,Test,M,1970-01-01,V,Club,1400,30,0.06\n\
               102,Hundred,Test,M,1970-01-01,V,Club,1550,100,0.06\n\
               103,Threehundred,Test,M,1970-01-01,V,Club,1700,300,0.06\n";
    let mut rules = toml::Table::new();
    rules.insert("tau".into(), toml::Value::Float(0.5));
    let f = Fixture::new(AUGUST_1993);
    let config = PeriodConfig {
        system: SystemName::Glicko2,
        rules: ratebook::config::RuleSettings::new(rules),
        ..period_config(AUGUST_1993.0, AUGUST_1993.1, AUGUST_1993.2, AUGUST_1993.3)
    };
    std::fs::write(f.data().join("period.toml"), config.to_toml()).unwrap();
    std::fs::write(f.data().join("players.csv"), csv).unwrap();
    let who = |id: u32, name: &str| player(id, name, "Test", "V", Status::Confirmed, Some(1500.0), 0);
    let subject = who(100, "Subject");
    for (k, (opponent, result)) in
        [(who(101, "Thirty"), "1-0"), (who(102, "Hundred"), "0-1"), (who(103, "Threehundred"), "0-1")]
            .iter()
            .enumerate()
    {
        let entrants = vec![entrant(1, &subject), entrant(2, opponent)];
        let end = date(1993, 5 + k as u32, 10);
        f.report(&event(&format!("V9300{k}"), "V", end, entrants, vec![(1, 1, Some(2), result)]));
    }
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = read_players(&f.out().join("players.xlsx"));
    let rating = find(&after, 100).rating.unwrap();
    assert!((rating - 1464.05).abs() < 0.005, "Glickman's 1464.05, not {rating}");
}
