//! A federation that keeps a rating list per rate of play, as far as this
//! ratebook goes (issue 45, first phase): the folder `generate --lists`
//! writes, read back by the library; `period` refusing it, naming what is
//! missing, until the events are sent to their lists and each list rated.

use std::path::{Path, PathBuf};

use ratebook::config::{PeriodConfig, StartFrom};
use ratebook::model::rate_of_play::RateOfPlay;
use ratebook::model::system::SystemName;
use ratebook::model::time_control::TimeControl;

use crate::common::*;

/// Generates a small folder in `dir` with `args` after the common ones.
fn generate(dir: &Path, args: &[&str]) -> (PathBuf, std::process::Output) {
    let data = dir.join("data");
    let mut all = vec!["generate", "--out", data.to_str().unwrap(), "--players", "600", "--events", "60"];
    all.extend(args);
    let run = ratebook(&all);
    (data, run)
}

/// Every report of the folder, each with its time control's rate of play.
fn calendar(data: &Path, config: &PeriodConfig) -> Vec<RateOfPlay> {
    let mut rates = Vec::new();
    for state in std::fs::read_dir(data.join("reports")).unwrap() {
        for report in std::fs::read_dir(state.unwrap().path()).unwrap() {
            let path = report.unwrap().path();
            let (report, _) = ratebook::formats::report::read::read_report(&path, "report.xlsx");
            let text = report.unwrap().event.time_control.unwrap().value;
            rates.push(config.boundaries.rate_of(&TimeControl::parse(&text).unwrap()));
        }
    }
    rates
}

#[test]
fn generate_writes_three_lists_a_calendar_of_three_rates_and_each_lists_columns() {
    let dir = tempfile::tempdir().unwrap();
    let (data, run) = generate(dir.path(), &["--system", "fide", "--lists", "standard,rapid,blitz"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let config = PeriodConfig::parse(&std::fs::read_to_string(data.join("period.toml")).unwrap()).unwrap();
    let names: Vec<&str> = config.rating_lists.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["standard", "rapid", "blitz"]);
    assert!(config.rating_lists.iter().all(|l| l.system == SystemName::Fide));
    assert_eq!(config.rating_lists[1].start_from, Some(StartFrom::List("standard".into())));
    assert_eq!(config.other_lists(), ["rapid", "blitz"]);

    // About a fifth of the events rapid and a tenth blitz.
    let rates = calendar(&data, &config);
    let share = |rate| rates.iter().filter(|r| **r == rate).count() * 100 / rates.len();
    assert_eq!(rates.len(), 60);
    assert!((17..=23).contains(&share(RateOfPlay::Rapid)), "rapid {}%", share(RateOfPlay::Rapid));
    assert!((8..=12).contains(&share(RateOfPlay::Blitz)), "blitz {}%", share(RateOfPlay::Blitz));

    // The player file holds each list's columns, FIDE's K and Pool among them.
    let bytes = std::fs::read(data.join("players.xlsx")).unwrap();
    let (file, findings) = ratebook::formats::player_file::read_player_file_bytes_with_lists(
        &bytes,
        "players.xlsx",
        &config.other_lists(),
    );
    assert!(findings.iter().all(|d| !d.is_error()), "{findings:#?}");
    let lists: Vec<(&str, Vec<&str>)> =
        file.lists.iter().map(|l| (l.name.as_str(), l.extra_columns.iter().map(String::as_str).collect())).collect();
    assert_eq!(lists, [("rapid", vec!["K", "Pool"]), ("blitz", vec!["K", "Pool"])]);
    let rated = |k: usize| file.players.iter().filter(|p| p.lists[k].status.is_rated()).count();
    let standard = file.players.iter().filter(|p| p.status.is_rated()).count();
    assert!(rated(0) * 100 / standard > 35 && rated(0) * 100 / standard < 75, "rapid {} of {standard}", rated(0));
    assert!(rated(1) < rated(0), "fewer blitz ratings than rapid ones");
    assert!(
        file.players.iter().all(|p| p.lists[0].rating.is_none_or(|r| r >= 1400.0)),
        "FIDE's floor on the rapid list"
    );
}

#[test]
fn period_refuses_a_folder_with_rating_lists_naming_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let (data, run) = generate(dir.path(), &["--lists", "standard,rapid,blitz"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let out = dir.path().join("output");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let said = std::fs::read_to_string(out.join("validation.txt")).unwrap();
    assert!(said.contains("period.toml declares the rating lists standard, rapid, blitz"), "{said}");
    assert!(said.contains("sends each event to the list of its rate of play, but cannot yet rate each list"), "{said}");
    assert!(!out.join("booklet.pdf").exists() && !out.join("players.xlsx").exists(), "nothing half published");
    assert!(!data.join("record.sqlite").exists(), "nothing recorded");
}

#[test]
fn a_chain_of_periods_with_lists_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let (data, run) = generate(dir.path(), &["--lists", "standard,rapid", "--periods", "2"]);
    assert!(!run.status.success());
    assert!(stderr(&run).contains("--periods 2 with --lists"), "{}", stderr(&run));
    assert!(!data.exists(), "nothing written");
}

#[test]
fn the_lists_on_the_command_line_are_rates_of_play_with_standard_among_them() {
    let dir = tempfile::tempdir().unwrap();
    let (_, run) = generate(dir.path(), &["--lists", "standard,bullet"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("\"bullet\" is no rate of play"), "{}", stderr(&run));
    let (_, run) = generate(dir.path(), &["--lists", "rapid,blitz"]);
    assert!(!run.status.success());
    assert!(stderr(&run).contains("--lists names no standard list"), "{}", stderr(&run));
}

#[test]
fn standard_alone_is_the_folder_without_lists() {
    let dir = tempfile::tempdir().unwrap();
    let (one, run) = generate(&dir.path().join("one"), &[]);
    assert!(run.status.success(), "{}", stderr(&run));
    let (standard, run) = generate(&dir.path().join("standard"), &["--lists", "standard"]);
    assert!(run.status.success(), "{}", stderr(&run));
    for file in ["period.toml", "players.xlsx", "reports/V/V93001.xlsx"] {
        assert_eq!(std::fs::read(one.join(file)).unwrap(), std::fs::read(standard.join(file)).unwrap(), "{file}");
    }
}

#[test]
fn check_says_each_events_list_and_does_not_rate_a_rate_no_list_takes() {
    let dir = tempfile::tempdir().unwrap();
    let (data, run) = generate(dir.path(), &["--lists", "standard,rapid,blitz"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let settings = data.join("period.toml");
    let toml = std::fs::read_to_string(&settings).unwrap();
    let blitz = toml.find("[rating_lists.blitz]").expect("a blitz list");
    let rest = &toml[blitz + 1..];
    let end = rest.find("\n[").map_or(toml.len(), |e| blitz + 1 + e + 1);
    std::fs::write(&settings, format!("{}{}", &toml[..blitz], &toml[end..])).unwrap();
    let config = PeriodConfig::read(&std::fs::read_to_string(&settings).unwrap()).unwrap();
    assert_eq!(config.rating_lists.len(), 2);
    let rates = calendar(&data, &config);
    let count = |r: RateOfPlay| rates.iter().filter(|&&x| x == r).count();
    assert!(count(RateOfPlay::Blitz) > 0 && count(RateOfPlay::Rapid) > 0, "{rates:?}");
    let run = ratebook(&["check", "--data", data.to_str().unwrap()]);
    let said = findings(&run);
    let lines = |text: &str| said.lines().filter(|l| l.contains("note[") && l.contains(text)).count();
    assert_eq!(lines("the rapid list"), count(RateOfPlay::Rapid), "{said}");
    assert_eq!(lines("the standard list"), count(RateOfPlay::Standard), "{said}");
    assert_eq!(
        lines("not rated: a blitz event, and the federation keeps no blitz list"),
        count(RateOfPlay::Blitz),
        "{said}"
    );
    assert!(said.contains("sheet Event, cell B7: rapid ("), "at the time-control cell: {said}");
    assert!(said.contains("more than 10 minutes and less than 60 minutes for 60 moves): the rapid list"), "{said}");
}
