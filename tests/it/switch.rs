//! A change of rule set (issue 35): an ACF history whose next period is
//! rated under glicko2 starts from the history re-rated under glicko2, the
//! record keeps each period's own rule set, the booklet and the site say
//! what changed, and a correction before the switch re-rates through it.

use std::path::{Path, PathBuf};

use crate::common::{ratebook, read_players, stderr};
use crate::record::query;

pub(crate) fn generate(out: &Path, periods: usize) {
    let run = ratebook(&[
        "generate",
        "--out",
        out.to_str().unwrap(),
        "--players",
        "300",
        "--events",
        "20",
        "--seed",
        "11",
        "--periods",
        &periods.to_string(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
}

/// Four recorded ACF periods, and the data folder of the fifth (the next
/// period as the generator makes it), to be rated under `system`.
pub(crate) fn history_and_next(root: &Path, system: &str) -> PathBuf {
    let data = root.join("data");
    let five = root.join("five");
    generate(&data, 4);
    generate(&five, 5);
    // The fifth period's inputs in place of the fourth's (its player file
    // is the one the fourth published: the chains agree period by period).
    std::fs::remove_dir_all(data.join("reports")).unwrap();
    copy_dir(&five.join("reports"), &data.join("reports"));
    std::fs::copy(five.join("players.xlsx"), data.join("players.xlsx")).unwrap();
    let toml = std::fs::read_to_string(five.join("period.toml")).unwrap();
    let toml: Vec<String> = toml
        .lines()
        .map(|l| if l.starts_with("system ") { format!("system = \"{system}\"") } else { l.to_string() })
        .collect();
    std::fs::write(data.join("period.toml"), toml.join("\n") + "\n").unwrap();
    data
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
fn an_acf_history_switches_to_glicko2_and_a_correction_re_rates_through_it() {
    let root = tempfile::tempdir().unwrap();
    let data = history_and_next(root.path(), "glicko2");
    let out = root.path().join("output");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    // The record keeps each period's own rule set.
    let record = data.join("record.sqlite");
    let systems = query(&record, "SELECT period, system FROM periods WHERE current = 1 ORDER BY \"end\"");
    let systems: Vec<&str> = systems.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(systems, ["acf", "acf", "acf", "acf", "glicko2"]);
    // Every rated player of the published file has his RD and volatility.
    let file = read_players(&out.join("players.xlsx"));
    let at = |name: &str| file.extra_columns.iter().position(|c| c == name).unwrap_or_else(|| panic!("{name}"));
    let (rd, volatility) = (at("RD"), at("Volatility"));
    let rated: Vec<_> = file.players.iter().filter(|p| p.status.is_rated()).collect();
    assert!(rated.len() > 200, "{} rated", rated.len());
    for p in &rated {
        for column in [rd, volatility] {
            let value = match &p.extra[column] {
                ratebook::model::ExtraValue::Number(x) => *x,
                other => panic!("player {}: {other:?} in {}", p.id, file.extra_columns[column]),
            };
            assert!(value > 0.0, "player {}", p.id);
        }
    }
    // The booklet and the site say what changed, and how far the mean moved.
    let booklet = ratebook::commands::booklet_data(&data).unwrap();
    let said = booklet.switched.expect("the booklet says the system changed");
    assert!(said.contains("from ACF (1993) to Glicko-2"), "{said}");
    assert!(said.contains("re-rating the recorded periods August 1993 to August 1996"), "{said}");
    assert!(said.contains("players rated on both lists move by"), "{said}");
    let text =
        ratebook::publish::booklet::booklet_text(&ratebook::commands::booklet_data(&data).unwrap(), None).unwrap();
    assert!(text.contains("A new rating system"), "the booklet prints it");
    let index = std::fs::read_to_string(out.join("site").join("index.html")).unwrap();
    assert!(index.contains("A new rating system") && index.contains("move by"), "the site prints it");
    // compare replays through the switch: the recorded track (acf, then
    // glicko2 from the states derived again) reproduces the recorded list.
    let compared = ratebook(&["compare", "--data", data.to_str().unwrap(), "--system", "acf", "--json"]);
    assert!(compared.status.success(), "{}", stderr(&compared));
    let json: serde_json::Value = serde_json::from_slice(&compared.stdout).unwrap();
    assert_eq!(json["systems"][0]["system"], "glicko2");
    assert_eq!(json["systems"][0]["against_recorded"]["mean_shift"].as_f64(), Some(0.0));

    // A correction before the switch re-rates through it: the old rule set up
    // to the switch, then glicko2 from states derived again.
    let code = &query(
        &record,
        "SELECT code FROM events WHERE period = 'August 1994' AND disposition = 'rated' ORDER BY code LIMIT 1",
    )[0][0];
    let errata = root.path().join("errata");
    let run = ratebook(&[
        "rerate",
        "--from",
        "August 1994",
        "--withdraw",
        code,
        "--data",
        data.to_str().unwrap(),
        "--out",
        errata.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let revisions = query(&record, "SELECT period, revision, system FROM periods WHERE current = 1 ORDER BY \"end\"");
    assert_eq!(revisions[1][..2], ["August 1994", "2"]);
    assert_eq!(revisions[4], ["August 1997", "2", "glicko2"]);
    let corrected = read_players(&errata.join("players.xlsx"));
    assert!(corrected.extra_columns.iter().any(|c| c == "RD"), "the corrected last file is glicko2's");
    // The corrected switching period's change is still the games' alone.
    let idle = query(
        &record,
        "SELECT player_id FROM ratings WHERE period = 'August 1997' AND games_period = 0 AND change IS NOT NULL AND change <> 0",
    );
    assert!(idle.is_empty(), "{} players without a game have a change after the correction", idle.len());
}

#[test]
fn a_switch_whose_history_cannot_be_re_rated_is_refused_plainly() {
    let root = tempfile::tempdir().unwrap();
    let data = history_and_next(root.path(), "glicko2");
    let record = data.join("record.sqlite");
    // The record has lost its copy of one of August 1994's reports.
    let conn = rusqlite::Connection::open(&record).unwrap();
    conn.execute_batch("PRAGMA foreign_keys = OFF").unwrap();
    let (path, sha): (String, String) = conn
        .query_row(
            "SELECT f.path, f.sha256 FROM revision_file f JOIN revision r ON r.id = f.revision_id
             WHERE r.period = 'August 1994' AND f.path LIKE 'reports/%' ORDER BY f.path LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    conn.execute("DELETE FROM blob WHERE sha256 = ?1", [&sha]).unwrap();
    drop(conn);
    let before = std::fs::read(&record).unwrap();
    let out = root.path().join("output");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let said = stderr(&run);
    assert!(said.contains("changes the rule set to Glicko-2"), "{said}");
    assert!(said.contains(&path) && said.contains("holds no copy of it"), "{said}");
    assert!(said.contains("[switch]"), "it says what to do instead: {said}");
    assert!(!out.join("booklet.pdf").exists(), "nothing published");
    assert_eq!(std::fs::read(&record).unwrap(), before, "nothing recorded");

    // A conversion in [switch] serves instead.
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    std::fs::write(data.join("period.toml"), toml + "\n[switch]\nfide_2024 = true\n").unwrap();
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let said = ratebook::commands::booklet_data(&data).unwrap().switched.unwrap();
    assert!(said.contains("raised by 0.4 × (2000 − rating)"), "{said}");
}

#[test]
fn a_switch_keeps_the_old_rules_removals() {
    let root = tempfile::tempdir().unwrap();
    let data = history_and_next(root.path(), "glicko2");
    let out = root.path().join("output");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let record = data.join("record.sqlite");
    // The players the ACF rules removed with the last ACF list, who play no
    // game in the switching period: none comes back (304 of the sample did).
    let removed = query(
        &record,
        "SELECT player_id FROM ratings WHERE period = 'August 1996' AND status = 'removed'
         AND player_id NOT IN (SELECT white_id FROM games WHERE period = 'August 1997')
         AND player_id NOT IN (SELECT black_id FROM games WHERE period = 'August 1997')",
    );
    assert!(!removed.is_empty(), "the fixture removes players");
    let file = read_players(&out.join("players.xlsx"));
    let back: Vec<&String> =
        removed.iter().map(|r| &r[0]).filter(|id| file.players.iter().any(|p| p.id.to_string() == **id)).collect();
    assert!(back.is_empty(), "{} removed players came back: {back:?}", back.len());
    let lines = query(
        &record,
        "SELECT COUNT(*) FROM ratings WHERE period = 'August 1997' AND player_id IN
         (SELECT player_id FROM ratings WHERE period = 'August 1996' AND status = 'removed')
         AND games_period = 0",
    );
    assert_eq!(lines[0][0], "0", "no removed player has a line without a game");
}

#[test]
fn compare_from_the_switching_period_starts_every_rule_set_from_its_recorded_player_file() {
    let root = tempfile::tempdir().unwrap();
    // The switch to glicko2 published, and the same period published under
    // the ACF rules in a copy (the ACF chain's own list).
    let data = history_and_next(&root.path().join("g"), "glicko2");
    let acf = history_and_next(&root.path().join("a"), "acf");
    for (folder, out) in [(&data, "g-out"), (&acf, "a-out")] {
        let out = root.path().join(out);
        let run = ratebook(&["period", "--data", folder.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert!(run.status.success(), "{}", stderr(&run));
    }
    let run =
        ratebook(&["compare", "--data", data.to_str().unwrap(), "--from", "August 1997", "--system", "acf", "--json"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(json["systems"][0]["against_recorded"]["mean_shift"].as_f64(), Some(0.0), "glicko2 as recorded");
    // The ACF column is the ACF chain's own list: its published players
    // (and those it removed) against the recorded Glicko-2 list.
    let mut acf_list = read_players(&root.path().join("a-out").join("players.xlsx")).players;
    acf_list.extend(read_players(&root.path().join("a-out").join("removed.xlsx")).players);
    let recorded = query(
        &data.join("record.sqlite"),
        "SELECT player_id, rating FROM ratings WHERE period = 'August 1997' AND status IN ('provisional', 'confirmed')",
    );
    let shifts: Vec<f64> = recorded
        .iter()
        .filter_map(|r| {
            let p = acf_list.iter().find(|p| p.id.to_string() == r[0])?;
            let rating = p.rating.filter(|_| p.status.is_rated())?;
            Some(rating - r[1].parse::<f64>().unwrap())
        })
        .collect();
    let expected = shifts.iter().sum::<f64>() / shifts.len() as f64;
    let shift = json["systems"][1]["against_recorded"]["mean_shift"].as_f64().unwrap();
    assert!((shift - expected).abs() < 1e-6, "compare's ACF column {shift:.2}, the ACF chain's own list {expected:.2}");
}

#[test]
fn a_change_from_the_switch_is_said_apart_and_never_counted_as_a_gain() {
    let root = tempfile::tempdir().unwrap();
    let data = history_and_next(root.path(), "glicko2");
    let out = root.path().join("output");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let record = data.join("record.sqlite");
    // A player who played no game has no change (the switch's part is said
    // apart): once every such player's change was the conversion.
    let idle = query(
        &record,
        "SELECT player_id, change FROM ratings WHERE period = 'August 1997' AND games_period = 0
         AND change IS NOT NULL AND change <> 0",
    );
    assert!(idle.is_empty(), "{} players without a game have a change: {:?}", idle.len(), &idle[..idle.len().min(5)]);
    // Top Improvers ranks gains from games.
    let rows = crate::common::sheet_rows(&out.join("ratings.xlsx"), "Top Improvers");
    let id = crate::common::column(&rows, "ID");
    assert!(rows.len() > 1, "someone improved");
    for row in &rows[1..] {
        let games = query(
            &record,
            &format!("SELECT games_period FROM ratings WHERE period = 'August 1997' AND player_id = {}", row[id]),
        );
        assert_ne!(games[0][0], "0", "improver {} played no game", row[id]);
    }
    // His page and `explain` say what the switch did to a player who moved with it.
    let moved = query(
        &record,
        "SELECT a.player_id FROM ratings a JOIN ratings b ON b.player_id = a.player_id AND b.period = 'August 1997'
         WHERE a.period = 'August 1996' AND a.status IN ('provisional', 'confirmed') AND b.games_period = 0
         AND ABS(ROUND(b.rating) - ROUND(a.rating)) > 20 ORDER BY a.player_id LIMIT 1",
    );
    let id = &moved[0][0];
    let page = std::fs::read_to_string(out.join("site").join("players").join(format!("{id}.html"))).unwrap();
    assert!(page.contains("from the change of rating system to Glicko-2"), "{id}'s page");
    let explained = ratebook(&["explain", id, "--data", data.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&explained.stdout);
    assert!(text.contains("The rating system changed with this list from ACF (1993) to Glicko-2"), "{text}");
    assert!(text.contains("comes from the change of system, not from his games"), "{text}");
    // The statistics mark the period the system changed with.
    let statistics = std::fs::read_to_string(out.join("site").join("downloads").join("statistics.json")).unwrap();
    let statistics: serde_json::Value = serde_json::from_str(&statistics).unwrap();
    for title in ["Trends", "This Period", "Change of the Mean"] {
        let table = statistics["tables"].as_array().unwrap().iter().find(|t| t["name"] == title).unwrap();
        let note = table["note"].as_str().unwrap();
        assert!(
            note.contains("The rating system changed with August 1997, from ACF (1993) to Glicko-2"),
            "{title}: {note}"
        );
    }
}

#[test]
fn the_dry_run_of_a_switch_is_what_the_run_does_or_says_why_the_run_would_refuse() {
    let root = tempfile::tempdir().unwrap();
    let data = history_and_next(root.path(), "glicko2");
    let out = root.path().join("output");
    let period = |extra: &[&str]| {
        let mut args = vec!["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()];
        args.extend(extra);
        ratebook(&args)
    };
    let dry = period(&["--dry-run"]);
    assert!(dry.status.success(), "{}", stderr(&dry));
    let previewed = String::from_utf8_lossy(&dry.stdout).lines().next().unwrap_or_default().to_string();
    assert!(previewed.starts_with("The rating system changed with this list"), "{previewed}");
    let run = period(&[]);
    assert!(run.status.success(), "{}", stderr(&run));
    let published = ratebook::commands::booklet_data(&data).unwrap().switched.unwrap();
    assert_eq!(published, previewed, "the run publishes what its dry run previewed");
    // The officer tries the recorded period under another rule set: the
    // dry run says the run would refuse (it once previewed a switch the run
    // then refused), and the run refuses.
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let toml: Vec<String> = toml
        .lines()
        .map(|l| if l.starts_with("system") { "system = \"fide\"".to_string() } else { l.to_string() })
        .filter(|l| !l.starts_with("tau") && !l.starts_with("initial_") && !l.starts_with("provisional_rd"))
        .map(|l| if l.starts_with("[rules]") { String::new() } else { l })
        .collect();
    std::fs::write(data.join("period.toml"), toml.join("\n") + "\n").unwrap();
    let record = std::fs::read(data.join("record.sqlite")).unwrap();
    let dry = period(&["--dry-run"]);
    let said = String::from_utf8_lossy(&dry.stdout).to_string();
    assert!(said.starts_with("the run would refuse: August 1997 is recorded already"), "{said}");
    let run = period(&[]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("August 1997 is recorded already"), "{}", stderr(&run));
    assert_eq!(std::fs::read(data.join("record.sqlite")).unwrap(), record, "nothing recorded");
}
