//! A history of any of the six rule sets compares against each of the
//! others and switches to each (issue 43 item 6): every replay under
//! another rule set rates with that rule set's own settings, never the
//! recorded `[rules]` (which once refused a Glicko-2 or CIS history:
//! "[rules] has an unknown setting `tau`"), and takes a list on another
//! scale (the ECF's grades) to its own. The switch prints the figures
//! `compare` gives for the same move (issue 43 item 4).

use std::path::Path;

use crate::common::{ratebook, stderr};

const SYSTEMS: [&str; 6] = ["acf", "nzcf", "ecf", "cis", "fide", "glicko2"];

fn title(system: &str) -> &'static str {
    ratebook::model::system::SystemName::parse(system).unwrap().title()
}

/// Two recorded periods under `system`, published and the next started.
fn history(root: &Path, system: &str) -> std::path::PathBuf {
    let data = root.join(system);
    let args = ["generate", "--out", data.to_str().unwrap(), "--players", "90", "--events", "6", "--seed", "5"];
    let run = ratebook(&[&args[..], &["--periods", "2", "--system", system]].concat());
    assert!(run.status.success(), "{system}: {}", stderr(&run));
    data
}

/// `period.toml` of `data` rated under `system`, without the old rule
/// set's `[rules]` and without a site (to save time).
fn switch_to(data: &Path, system: &str) {
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let mut out = Vec::new();
    let mut in_rules = false;
    for line in toml.lines() {
        if line.starts_with('[') {
            in_rules = line.starts_with("[rules]");
        }
        if in_rules {
            continue;
        }
        if line.starts_with("system ") {
            out.push(format!("system = \"{system}\""));
            out.push("site = false".to_string());
        } else {
            out.push(line.to_string());
        }
    }
    std::fs::write(data.join("period.toml"), out.join("\n") + "\n").unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn a_history_of_each_rule_set_compares_against_the_others_and_switches_to_each() {
    let root = tempfile::tempdir().unwrap();
    for from in SYSTEMS {
        let data = history(root.path(), from);
        let others: Vec<&str> = SYSTEMS.into_iter().filter(|s| *s != from).collect();
        let mut args = vec!["compare", "--data", data.to_str().unwrap(), "--json"];
        for other in &others {
            args.extend(["--system", other]);
        }
        let run = ratebook(&args);
        assert!(run.status.success(), "compare of a {from} history: {}", stderr(&run));
        let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        let columns = json["systems"].as_array().unwrap();
        assert_eq!(columns.len(), 6, "{from}");
        assert_eq!(columns[0]["against_recorded"]["mean_shift"].as_f64(), Some(0.0), "{from}: the recorded track");
        let out = root.path().join(format!("{from}-out"));
        let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert!(run.status.success(), "{from}: {}", stderr(&run));
        let run = ratebook(&["next", "--data", data.to_str().unwrap(), "--from", out.to_str().unwrap()]);
        assert!(run.status.success(), "{from}: {}", stderr(&run));
        for (k, to) in others.iter().enumerate() {
            let here = root.path().join(format!("{from}-{to}"));
            copy_dir(&data, &here);
            switch_to(&here, to);
            let published = root.path().join(format!("{from}-{to}-out"));
            let run = ratebook(&["period", "--data", here.to_str().unwrap(), "--out", published.to_str().unwrap()]);
            assert!(run.status.success(), "{from} → {to}: {}", stderr(&run));
            let said = ratebook::commands::booklet_data(&here).unwrap().switched.expect("the switch is said");
            assert!(said.contains(&format!("from {} to {}", title(from), title(to))), "{said}");
            // The same figures as compare's column for the same move.
            let shift = &columns[k + 1]["against_recorded"];
            assert_eq!(columns[k + 1]["system"], *to);
            if let Some(mean) = shift["mean_shift"].as_f64() {
                let printed = ratebook::switch::shift::signed(mean);
                let both = shift["both"].as_u64().unwrap();
                assert!(
                    said.contains(&format!("the {both} players rated on both lists move by {printed}")),
                    "{from} → {to}: compare says {printed} over {both}; the switch: {said}"
                );
            }
            let counts = format!(
                "{} gain a first rating and {} lose theirs",
                shift["gained"].as_u64().unwrap(),
                shift["lost"].as_u64().unwrap()
            );
            if shift["gained"].as_u64() != Some(0) || shift["lost"].as_u64() != Some(0) {
                assert!(said.contains(&counts), "{from} → {to}: {counts} in {said}");
            }
            std::fs::remove_dir_all(&here).unwrap();
            std::fs::remove_dir_all(&published).unwrap();
        }
    }
}
