//! Foreign, tampered and damaged records, and odd requests of the commands
//! that write them (issue 26): each a plain refusal that changes nothing.

use super::{event_without_newcomers, ok, Folder};
use crate::common::stderr;

/// A refusal (exit 2) saying `said`, the record unchanged.
fn refused(f: &Folder, args: &[&str], said: &str) {
    let before = std::fs::read(f.record()).unwrap();
    let run = f.run(args);
    assert_eq!(run.status.code(), Some(2), "{args:?}: {}", stderr(&run));
    assert!(stderr(&run).contains(said), "{args:?}: {}", stderr(&run));
    assert!(!stderr(&run).contains("Error code"), "no raw SQLite message: {}", stderr(&run));
    assert_eq!(std::fs::read(f.record()).unwrap(), before, "{args:?}: nothing changed");
}

fn sql(f: &Folder, statement: &str) {
    rusqlite::Connection::open(f.record()).unwrap().execute_batch(statement).unwrap();
}

#[test]
fn a_period_under_another_rule_set_than_the_records_is_a_switch_and_each_keeps_its_own() {
    // Two periods recorded; the first as if rated under the NZCF rules
    // (a rule set on the ACF's scale: the ECF's grades would be taken to
    // it). Once refused ("ratings of two rule sets do not mix"); since
    // issue 35 a change of rule set: the revision is rated from the history
    // re-rated under acf, and the record keeps each period's own rule set.
    let f = Folder::chain(100, 6, 61, 2);
    sql(&f, "UPDATE revision SET system = 'nzcf' WHERE period = 'August 1993'");
    let report = std::fs::read_dir(f.data().join("reports/V")).unwrap().next().unwrap().unwrap().path();
    std::fs::remove_file(report).unwrap();
    ok(&f.run(&["period", "--revise"]));
    let record = rusqlite::Connection::open(f.record()).unwrap();
    let system = |period: &str| -> String {
        record.query_row("SELECT system FROM current_revision WHERE period = ?1", [period], |r| r.get(0)).unwrap()
    };
    assert_eq!((system("August 1993"), system("August 1994")), ("nzcf".to_string(), "acf".to_string()));
    let said = ratebook::commands::booklet_data(&f.data()).unwrap().switched.expect("the booklet says the change");
    assert!(said.contains("from NZCF (1985–2007) to ACF (1993)"), "{said}");
}

#[test]
fn a_stored_input_path_leading_out_of_the_data_folder_is_refused() {
    for bad in ["../../escaped.xlsx", "/tmp/escaped.xlsx", "reports/../../escaped.xlsx"] {
        let f = Folder::generated(100, 6, 62);
        ok(&f.run(&["period"]));
        let code = event_without_newcomers(&f.record());
        sql(&f, &format!("UPDATE revision_file SET path = '{bad}' WHERE path LIKE 'reports/%{code}.xlsx'"));
        let errata = f.root.path().join("errata");
        let args = ["rerate", "--from", "August 1993", "--withdraw", &code, "--out", errata.to_str().unwrap()];
        refused(&f, &args, "which no data folder holds");
        assert!(!f.root.path().join("escaped.xlsx").exists() && !std::path::Path::new("/tmp/escaped.xlsx").exists());
    }
}

#[test]
fn requests_that_make_no_sense_are_plain_errors() {
    let f = Folder::generated(100, 6, 63);
    ok(&f.run(&["period"]));
    refused(&f, &["rerate", "--from", "August 1993"], "no correction given");
    // Two reports of one name.
    let (one, two) = (f.root.path().join("a"), f.root.path().join("b"));
    for dir in [&one, &two] {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::copy(f.a_report(), dir.join("V93001.xlsx")).unwrap();
    }
    let (a, b) = (one.join("V93001.xlsx"), two.join("V93001.xlsx"));
    refused(
        &f,
        &["rerate", "--from", "August 1993", "--add", a.to_str().unwrap(), "--add", b.to_str().unwrap()],
        "have the same file name",
    );
    // A tournament report is no player file.
    refused(&f, &["record", "import", f.a_report().to_str().unwrap()], "is a tournament report");
    // A period name with a control character.
    let players = f.out().join("players.xlsx");
    refused(
        &f,
        &["record", "import", players.to_str().unwrap(), "--period", "May\u{1b}[2J 1993"],
        "holds a control character",
    );
}

#[test]
fn control_characters_in_period_toml_names_are_refused_shown_escaped() {
    let f = Folder::generated(100, 6, 64);
    let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    let federation = toml.lines().find(|l| l.starts_with("federation")).unwrap().to_string();
    std::fs::write(f.data().join("period.toml"), toml.replace(&federation, "federation = \"ACF\\u001b[2J\"")).unwrap();
    let run = f.run(&["period"]);
    assert!(!run.status.success());
    let said = format!("{}{}", stderr(&run), String::from_utf8_lossy(&run.stdout));
    assert!(said.contains("holds a control character") && said.contains("\\u{1b}"), "{said}");
    assert!(!said.contains('\u{1b}'), "printed raw: {said}");
}

#[test]
fn a_damaged_record_is_named_in_a_plain_sentence() {
    let f = Folder::generated(150, 8, 65);
    ok(&f.run(&["period"]));
    // The header stays; pages further in are overwritten.
    let mut bytes = std::fs::read(f.record()).unwrap();
    let half = bytes.len() / 2;
    bytes[4096..half].fill(0xA5);
    std::fs::write(f.record(), &bytes).unwrap();
    let id = "3000";
    for args in [vec!["history", id], vec!["period", "--revise"]] {
        let run = f.run(&args);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {}", stderr(&run));
        let said = stderr(&run);
        assert!(said.contains(&f.record().display().to_string()) && said.contains("damaged"), "{args:?}: {said}");
        assert!(!said.contains("Error code"), "{said}");
    }
}

#[test]
fn an_output_folder_that_is_a_link_is_published_through() {
    let f = Folder::generated(100, 6, 66);
    let web = f.root.path().join("www");
    std::fs::create_dir_all(&web).unwrap();
    let link = f.root.path().join("published");
    std::os::unix::fs::symlink(&web, &link).unwrap();
    ok(&f.run(&["period", "--out", link.to_str().unwrap()]));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays");
    assert!(web.join("booklet.pdf").is_file(), "the folder it leads to holds the publication");
    let token = std::fs::read_to_string(web.join(".ratebook-record")).unwrap();
    assert_eq!(f.query("SELECT token FROM revision"), [[token]]);
}

#[test]
fn a_player_file_with_control_characters_in_names_is_not_imported() {
    let f = Folder::generated(100, 6, 67);
    ok(&f.run(&["period"]));
    let mut players = crate::common::read_players(&f.out().join("players.xlsx"));
    players.players[0].surname = "Evil\u{1b}[2J".into();
    let published = f.root.path().join("published-1993.xlsx");
    let date = chrono::NaiveDate::from_ymd_opt(1993, 8, 1).unwrap();
    ratebook::formats::player_file::write_player_file(&published, &players, date).unwrap();
    let g = Folder::generated(100, 6, 68);
    let run = g.run(&["record", "import", published.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("control character") && !stderr(&run).contains('\u{1b}'), "{}", stderr(&run));
    assert!(!g.record().exists() || g.query("SELECT COUNT(*) FROM periods") == [["0"]], "nothing imported");
}
