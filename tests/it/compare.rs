//! `ratebook compare`: the recorded history re-rated under other rule sets
//! in memory, printed, as JSON, and as a page and a workbook; the record's
//! bytes untouched; and the requests it refuses.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{ratebook, sheet_rows, stderr};

/// A generated ACF history of four recorded periods.
fn history(root: &Path) -> PathBuf {
    let data = root.join("data");
    let run = ratebook(&[
        "generate",
        "--out",
        data.to_str().unwrap(),
        "--players",
        "300",
        "--events",
        "20",
        "--seed",
        "11",
        "--periods",
        "4",
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    data
}

fn compare(data: &Path, args: &[&str]) -> Output {
    let mut all = vec!["compare", "--data", data.to_str().unwrap()];
    all.extend(args);
    ratebook(&all)
}

/// Today's rule sets, against the recorded ACF.
const OTHERS: [&str; 2] = ["fide", "glicko2"];

#[test]
fn compare_prints_writes_json_a_page_and_a_workbook_and_leaves_the_record_as_it_was() {
    let root = tempfile::tempdir().unwrap();
    let data = history(root.path());
    let record = std::fs::read(data.join("record.sqlite")).unwrap();
    let out = root.path().join("comparison");
    let args = ["--system", OTHERS[0], "--system", OTHERS[1], "--out", out.to_str().unwrap()];
    let run = compare(&data, &args);
    assert!(run.status.success(), "{}", stderr(&run));
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("4 periods, August 1993 to August 1996"), "{text}");
    for word in [
        "ACF (1993), recorded",
        "FIDE Elo (2024)",
        "Glicko-2",
        "Mean log-loss",
        "Brier score",
        "Favourite won",
        "Mean shift",
        "predicted the history's games best",
    ] {
        assert!(text.contains(word), "{word} in\n{text}");
    }
    assert_eq!(std::fs::read(data.join("record.sqlite")).unwrap(), record, "the record's bytes are unchanged");
    assert!(!data.join("output").exists() && !data.join("errata").exists());

    // JSON: the recorded rule set re-rated reproduces the recorded list.
    let run = compare(&data, &["--system", OTHERS[0], "--system", OTHERS[1], "--json"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let systems = json["systems"].as_array().unwrap();
    assert_eq!(systems.len(), 3);
    assert_eq!((systems[0]["system"].as_str(), systems[0]["recorded"].as_bool()), (Some("acf"), Some(true)));
    let recorded = &systems[0]["against_recorded"];
    assert_eq!(recorded["mean_shift"].as_f64(), Some(0.0));
    assert_eq!(recorded["top_rank_correlation"].as_f64(), Some(1.0));
    assert_eq!(recorded["movers"].as_array().unwrap().len(), 0);
    let games = json["games"].as_u64().unwrap();
    assert!(games > 500, "{games} games predicted");
    for s in systems {
        let log_loss = s["log_loss"].as_f64().unwrap();
        let brier = s["brier"].as_f64().unwrap();
        let favourite = s["favourite_share"].as_f64().unwrap();
        // Better than a coin, worse than a prophet.
        assert!(log_loss > 0.2 && log_loss < std::f64::consts::LN_2, "{s}");
        assert!(brier > 0.05 && brier < 0.25, "{s}");
        assert!(favourite > 0.5 && favourite < 1.0, "{s}");
        assert_eq!(s["means"].as_array().unwrap().len(), 4);
        assert_eq!(s["drift"].as_array().unwrap().len(), 4);
    }
    // The recorded mean at the end is the record's own.
    let mean = systems[0]["against_recorded"]["mean_after"].as_f64().unwrap();
    let lines = crate::record::query(
        &data.join("record.sqlite"),
        "SELECT AVG(rating) FROM ratings WHERE period = 'August 1996' AND status IN ('provisional', 'confirmed')",
    );
    let recorded_mean: f64 = lines[0][0].parse().unwrap();
    assert!((mean - recorded_mean).abs() < 1e-6, "{mean} against the record's {recorded_mean}");

    // The page: the table, the chart of each rule set's mean, the movers.
    let page = std::fs::read_to_string(out.join("comparison.html")).unwrap();
    assert!(page.contains("<svg") && page.matches("<polyline").count() == 3, "a line per rule set");
    assert!(page.contains("Biggest movers under FIDE Elo (2024)") && page.contains("Biggest movers under Glicko-2"));
    for period in ["August 1993", "August 1996"] {
        assert!(page.contains(period));
    }
    // The workbook: the same table, numbers as numbers.
    let rows = sheet_rows(&out.join("comparison.xlsx"), "Comparison");
    assert_eq!(rows[0][..4], ["Measure", "ACF (1993), recorded", "FIDE Elo (2024)", "Glicko-2"]);
    let games_row = rows.iter().find(|r| r[0] == "Games predicted").unwrap();
    assert_eq!(games_row[1], games.to_string());
    assert_eq!(sheet_rows(&out.join("comparison.xlsx"), "Means").len(), 5);
    assert_eq!(std::fs::read(data.join("record.sqlite")).unwrap(), record, "the record's bytes are unchanged");
}

#[test]
fn compare_refuses_what_makes_no_sense() {
    let root = tempfile::tempdir().unwrap();
    let data = history(root.path());
    // The recorded rule set is always compared: naming it is naming it twice.
    let run = compare(&data, &["--system", "acf", "--system", "nzcf"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("--system acf names the recorded rule set"), "{}", stderr(&run));
    let run = compare(&data, &["--system", "nzcf", "--system", "nzcf"]);
    assert!(stderr(&run).contains("--system nzcf is named twice"), "{}", stderr(&run));
    let run = compare(&data, &["--system", "nzcf", "--from", "May 1990"]);
    assert!(stderr(&run).contains("no period \"May 1990\" in the record"), "{}", stderr(&run));
    // A folder without a record.
    std::fs::rename(data.join("record.sqlite"), root.path().join("elsewhere.sqlite")).unwrap();
    let run = compare(&data, &["--system", "nzcf"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("there is no record at"), "{}", stderr(&run));
    assert!(!data.join("record.sqlite").exists(), "compare makes no record");
}

#[test]
fn compare_says_the_same_bytes_twice_and_a_verdict_with_its_interval() {
    let root = tempfile::tempdir().unwrap();
    let data = history(root.path());
    let run = |out: &Path, json: bool| {
        let mut args = vec!["--system", OTHERS[0], "--system", OTHERS[1], "--out", out.to_str().unwrap()];
        if json {
            args.push("--json");
        }
        let run = compare(&data, &args);
        assert!(run.status.success(), "{}", stderr(&run));
        run.stdout
    };
    let (one, two) = (root.path().join("one"), root.path().join("two"));
    assert_eq!(run(&one, true), run(&two, true), "the JSON");
    let text = run(&one, false);
    assert_eq!(text, run(&two, false), "the terminal's table");
    for file in ["comparison.html", "comparison.xlsx"] {
        assert_eq!(std::fs::read(one.join(file)).unwrap(), std::fs::read(two.join(file)).unwrap(), "{file}");
    }
    // The verdict: which predicted best, by how much, and whether beyond chance.
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("predicted the history's games best"), "{text}");
    assert!(text.contains("95% interval") && text.contains("draws of the"), "{text}");
    assert!(text.contains("larger than chance") || text.contains("inside the noise"), "{text}");
    let page = std::fs::read_to_string(one.join("comparison.html")).unwrap();
    assert!(page.contains("Which rule set predicted best") && page.contains("95% interval"));
    // Counts beyond the threshold, and every mover with why, in the workbook.
    for row in ["Up by more than 10", "Down by more than 10", "Within 10", "First ratings", "Ratings lost"] {
        assert!(text.contains(row), "{row}");
    }
    let movers = sheet_rows(&one.join("comparison.xlsx"), "Movers");
    assert_eq!(movers[0], ["Rule set", "ID", "Name", "Recorded", "Re-rated", "Shift", "Why"]);
    let fide = movers.iter().filter(|r| r[0] == "FIDE Elo (2024)").count();
    assert!(fide > 10, "every mover, not the ten biggest: {fide}");
    // FIDE's biggest movers come from its floor of 1400, and the page says so.
    assert!(page.contains("FIDE Elo (2024) publishes no rating under it"), "the floor named");
}

#[test]
fn compare_rates_a_rule_set_with_the_settings_given_for_it() {
    let root = tempfile::tempdir().unwrap();
    let data = history(root.path());
    let shift = |args: &[&str]| {
        let run = compare(&data, &[&["--system", "glicko2", "--json"], args].concat());
        assert!(run.status.success(), "{}", stderr(&run));
        let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        json["systems"][1]["log_loss"].as_f64().unwrap()
    };
    let rules = root.path().join("rules.toml");
    std::fs::write(&rules, "[glicko2]\ntau = 0.3\ninitial_rd = 300\n").unwrap();
    let defaults = shift(&[]);
    let given = shift(&["--rules", rules.to_str().unwrap()]);
    assert_ne!(defaults, given, "the settings given change the ratings");
    // A mistake is named at its line; a table for a rule set not compared is refused.
    std::fs::write(&rules, "[glicko2]\ntau = -1\n").unwrap();
    let run = compare(&data, &["--system", "glicko2", "--rules", rules.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("rules.toml, line 2") && stderr(&run).contains("[glicko2] tau"), "{}", stderr(&run));
    std::fs::write(&rules, "[cis]\nschool_year_start = \"08-01\"\n").unwrap();
    let run = compare(&data, &["--system", "glicko2", "--rules", rules.to_str().unwrap()]);
    assert!(stderr(&run).contains("gives settings for CIS rating ([cis]), but it is not compared"), "{}", stderr(&run));
}
