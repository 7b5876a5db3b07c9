//! The rating record (record.md): what a publication records, the views
//! against the published files, revisions, the dry run, history, corrections
//! re-rated with errata, and runs killed between the record and the outputs.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{ratebook, read_players, stderr};

mod concurrency;
mod journal;
mod kills;
mod merged;
mod next;
mod odd;
mod published;

/// A generated data folder (one period) in a temporary folder.
struct Folder {
    root: tempfile::TempDir,
}

impl Folder {
    fn generated(players: usize, events: usize, seed: u64) -> Folder {
        Folder::chain(players, events, seed, 1)
    }

    /// A generated chain of `periods` consecutive periods, recorded.
    fn chain(players: usize, events: usize, seed: u64, periods: usize) -> Folder {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        let mut args = vec![
            "generate".to_string(),
            "--out".into(),
            data.display().to_string(),
            "--players".into(),
            players.to_string(),
            "--events".into(),
            events.to_string(),
            "--seed".into(),
            seed.to_string(),
        ];
        if periods > 1 {
            args.extend(["--periods".into(), periods.to_string()]);
        }
        let run = ratebook(&args);
        assert!(run.status.success(), "{}", stderr(&run));
        Folder { root }
    }

    fn data(&self) -> PathBuf {
        self.root.path().join("data")
    }

    fn out(&self) -> PathBuf {
        self.root.path().join("output")
    }

    fn record(&self) -> PathBuf {
        self.data().join("record.sqlite")
    }

    /// Runs a command with `--data` (and for `period`, `--out`) appended.
    fn run(&self, args: &[&str]) -> Output {
        self.run_with(args, &[])
    }

    fn run_with(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.extend(["--data".into(), self.data().display().to_string()]);
        if args[0] == "period" && !args.contains(&"--out") {
            all.extend(["--out".into(), self.out().display().to_string()]);
        }
        let mut command = std::process::Command::new(crate::common::binary());
        command.args(&all);
        for (k, v) in env {
            command.env(k, v);
        }
        command.output().unwrap()
    }

    fn query(&self, sql: &str) -> Vec<Vec<String>> {
        query(&self.record(), sql)
    }

    /// The first report file of the data folder (by path).
    fn a_report(&self) -> PathBuf {
        let mut files = Vec::new();
        for state in std::fs::read_dir(self.data().join("reports")).unwrap() {
            for f in std::fs::read_dir(state.unwrap().path()).unwrap() {
                files.push(f.unwrap().path());
            }
        }
        files.sort();
        files.into_iter().find(|p| p.file_stem().unwrap().to_string_lossy().contains("93")).unwrap()
    }
}

/// Every row of a query, each value as text (NULL as "NULL").
pub(crate) fn query(db: &Path, sql: &str) -> Vec<Vec<String>> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut stmt = conn.prepare(sql).unwrap();
    let columns = stmt.column_count();
    let rows = stmt
        .query_map([], |r| {
            (0..columns)
                .map(|i| {
                    Ok(match r.get_ref(i)? {
                        rusqlite::types::ValueRef::Null => "NULL".to_string(),
                        rusqlite::types::ValueRef::Integer(n) => n.to_string(),
                        rusqlite::types::ValueRef::Real(x) => format!("{x}"),
                        rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).to_string(),
                        rusqlite::types::ValueRef::Blob(b) => format!("<{} bytes>", b.len()),
                    })
                })
                .collect::<rusqlite::Result<Vec<String>>>()
        })
        .unwrap();
    rows.map(Result::unwrap).collect()
}

fn ok(run: &Output) {
    assert!(run.status.success(), "exit {:?}: {}", run.status.code(), stderr(run));
}

#[test]
fn a_publication_is_recorded_and_the_views_agree_with_the_player_files() {
    let f = Folder::generated(200, 12, 7);
    let run = f.run(&["period"]);
    ok(&run);
    assert!(stderr(&run).contains("as August 1993 revision 1"), "{}", stderr(&run));
    let periods = f.query("SELECT period, revision, current, start, \"end\", published, system FROM periods");
    assert_eq!(periods, [["August 1993", "1", "1", "1993-04-01", "1993-07-31", "1993-08-01", "acf"]]);

    // Every player of the new player file, as it was published.
    let kept = read_players(&f.out().join("players.xlsx"));
    let removed = read_players(&f.out().join("removed.xlsx"));
    let lines = f.query("SELECT player_id, status, rating, games_total, surname FROM ratings ORDER BY player_id");
    assert_eq!(lines.len(), kept.players.len() + removed.players.len());
    for p in &kept.players {
        let line = lines.iter().find(|l| l[0] == p.id.to_string()).expect("every published player is recorded");
        assert_eq!(line[1], p.status.as_str(), "{line:?}");
        let rating = p.rating.map(|r| format!("{r}")).unwrap_or_else(|| "NULL".into());
        assert_eq!(line[2], rating, "{line:?}");
        assert_eq!(line[3], p.games.to_string());
        assert_eq!(line[4], p.surname);
    }
    for p in &removed.players {
        let line = lines.iter().find(|l| l[0] == p.id.to_string()).unwrap();
        assert_eq!(line[1], "removed");
    }
    // The rated games are those of the rated events.
    let events = f.query("SELECT code, disposition FROM events WHERE disposition IN ('rated', 'late')");
    assert!(!events.is_empty());
    let games = f.query("SELECT DISTINCT event FROM games ORDER BY event");
    assert!(games.iter().all(|g| events.iter().any(|e| e[0] == g[0])), "{games:?}");
    // The record holds no period before the first: its change is taken
    // against the player file, as the lists and players.xlsx print it.
    let next = crate::common::sheet_rows(&f.out().join("players.xlsx"), "Players");
    let at = crate::common::column(&next, "Change");
    let changes = f.query("SELECT player_id, change FROM ratings WHERE status <> 'removed' ORDER BY player_id");
    let printed: Vec<Vec<String>> = changes
        .iter()
        .map(|l| {
            let row = next.iter().find(|r| r[0] == l[0]).expect("every player kept is in players.xlsx");
            let change =
                if row[at].is_empty() { "NULL".to_string() } else { format!("{}", row[at].parse::<f64>().unwrap()) };
            vec![l[0].clone(), change]
        })
        .collect();
    assert_eq!(changes, printed, "the record's change is the player file's");
    assert!(changes.iter().any(|l| l[1] != "NULL"), "the first list has changes against the player file");

    // The same inputs again: nothing new.
    let again = f.run(&["period"]);
    ok(&again);
    assert!(stderr(&again).contains("unchanged"), "{}", stderr(&again));
    assert_eq!(f.query("SELECT COUNT(*) FROM periods"), [["1"]]);
    let token = std::fs::read_to_string(f.out().join(".ratebook-record")).unwrap();
    let recorded = query(&f.record(), "SELECT token FROM revision");
    assert_eq!(recorded, [[token]]);
}

#[test]
fn changed_inputs_are_refused_without_revise_and_recorded_as_a_revision_with_it() {
    let f = Folder::generated(200, 12, 8);
    ok(&f.run(&["period"]));
    let before = std::fs::read(f.record()).unwrap();
    std::fs::remove_file(f.a_report()).unwrap();
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("August 1993 is recorded already (revision 1"), "{}", stderr(&run));
    assert!(stderr(&run).contains("--revise"), "{}", stderr(&run));
    assert_eq!(std::fs::read(f.record()).unwrap(), before, "a refused run changes nothing");

    ok(&f.run(&["period", "--revise"]));
    let periods = f.query("SELECT period, revision, current FROM periods ORDER BY revision");
    assert_eq!(periods, [["August 1993", "1", "0"], ["August 1993", "2", "1"]]);
    // The views show the current revision only; the original stays.
    let counts = f.query("SELECT COUNT(*) FROM ratings");
    let all = f.query("SELECT COUNT(*) FROM player_line");
    assert!(all[0][0].parse::<usize>().unwrap() > counts[0][0].parse::<usize>().unwrap());
}

#[test]
fn a_period_before_the_last_recorded_one_is_refused() {
    let f = Folder::generated(120, 8, 9);
    ok(&f.run(&["period"]));
    let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    let earlier = toml
        .replace("\"August 1993\"", "\"April 1993\"")
        .replace("published    = 1993-08-01", "published    = 1993-04-01")
        .replace("end          = 1993-07-31", "end          = 1993-03-31")
        .replace("start        = 1993-04-01", "start        = 1992-12-01");
    std::fs::write(f.data().join("period.toml"), earlier).unwrap();
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("only through `ratebook rerate`"), "{}", stderr(&run));
}

#[test]
fn a_dry_run_writes_nothing_and_says_what_would_change() {
    let f = Folder::generated(200, 12, 10);
    let run = f.run(&["period", "--dry-run"]);
    ok(&run);
    assert!(!f.out().exists(), "no output folder");
    assert!(!f.record().exists(), "no record");
    assert!(String::from_utf8_lossy(&run.stdout).contains("first publication"));

    ok(&f.run(&["period"]));
    let record = std::fs::read(f.record()).unwrap();
    let outputs = std::fs::read(f.out().join("ratings.xlsx")).unwrap();
    std::fs::remove_file(f.a_report()).unwrap();
    let run = f.run(&["period", "--dry-run"]);
    ok(&run);
    let said = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(said.contains("against the August 1993 (revision 1) list"), "{said}");
    assert!(said.contains("largest changes"), "{said}");
    assert_eq!(std::fs::read(f.record()).unwrap(), record);
    assert_eq!(std::fs::read(f.out().join("ratings.xlsx")).unwrap(), outputs);
}

#[test]
fn a_period_run_ends_with_its_summary() {
    let f = Folder::generated(200, 12, 12);
    let run = f.run(&["period"]);
    ok(&run);
    let err = stderr(&run);
    let summary = &err[err.rfind("\nSummary\n").expect("a summary")..];
    for label in [
        "findings",
        "players",
        "events",
        "booklet",
        "workbook",
        "next player file",
        "site",
        "validation report",
        "record",
    ] {
        assert!(summary.contains(&format!("\n  {label:<18} ")), "{label}: {summary}");
    }
    let file = read_players(&f.out().join("players.xlsx")).players.len();
    assert!(summary.contains(&format!("  players            {file} in the new player file; ")), "{summary}");
    assert!(summary.contains("active (listed in the booklet and on the site)"), "{summary}");
    assert!(summary.contains(&f.out().join("site/index.html").display().to_string()), "{summary}");
    assert!(summary.trim_end().ends_with("Published."), "{summary}");
    // Again with the same files: said in plain words.
    let again = f.run(&["period"]);
    ok(&again);
    assert!(stderr(&again).contains("was recorded already, from these very input files: the record is unchanged"));
}

#[test]
fn history_shows_each_recorded_period() {
    let f = Folder::generated(200, 12, 11);
    ok(&f.run(&["period"]));
    let id = &f.query("SELECT player_id FROM ratings WHERE status = 'confirmed' AND games_period > 0 LIMIT 1")[0][0];
    let run = f.run(&["history", id]);
    ok(&run);
    let text = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(text.contains(&format!("(ID {id})")) && text.contains("August 1993"), "{text}");
    // By name, as `explain` takes it: one player's history, or the candidates.
    let name =
        &f.query(&format!("SELECT surname || ', ' || first_names FROM ratings WHERE player_id = {id} LIMIT 1"))[0][0];
    let run = f.run(&["history", name]);
    ok(&run);
    let by_name = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(by_name == text || by_name.contains(&format!("{id}  {name}")), "{name}: {by_name}");
    let run = f.run(&["history", "999999"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("no player with ID 999999"), "{}", stderr(&run));
}

/// The ratings view as (period, ID, status, rating, printed).
fn ratings(db: &Path) -> Vec<Vec<String>> {
    query(db, "SELECT period, player_id, status, rating, printed FROM ratings ORDER BY period, player_id")
}

#[test]
fn rerate_with_an_event_withdrawn_equals_publishing_without_it() {
    let f = Folder::generated(300, 16, 12);
    ok(&f.run(&["period"]));
    let report = f.a_report();
    let code = report.file_stem().unwrap().to_string_lossy().to_string();
    // (No --out: the folder that holds the period's publication.)
    let run = f.run(&["rerate", "--from", "August 1993", "--withdraw", &code]);
    ok(&run);
    let errata = f.out().join("errata");
    assert!(errata.join("errata.xlsx").is_file());
    let pdf = std::fs::read(errata.join("errata.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let lines = crate::common::sheet_rows(&errata.join("errata.xlsx"), "Errata");
    assert_eq!(lines[0][..6], ["Period", "ID", "Name", "Old", "New", "Change"]);
    // Its players under what happened to the event: withdrawn.
    assert!(lines.len() > 1 && lines[1..].iter().any(|l| l[8] == format!("event {code} withdrawn")), "{lines:?}");
    assert!(String::from_utf8_lossy(&run.stdout).contains(&format!("event {code} withdrawn")));
    assert_eq!(
        f.query("SELECT from_period, what, detail FROM corrections"),
        [["August 1993".to_string(), "event withdrawn".into(), format!("withdrawn {code}")]]
    );
    assert_eq!(f.query("SELECT revision, current FROM periods ORDER BY revision"), [["1", "0"], ["2", "1"]]);

    // The same period published afresh without the report.
    let fresh = Folder::generated(300, 16, 12);
    std::fs::remove_file(fresh.data().join(report.strip_prefix(f.data()).unwrap())).unwrap();
    ok(&fresh.run(&["period"]));
    assert_eq!(ratings(&f.record()), ratings(&fresh.record()));
    // And the output folder holds what publishing afresh writes, byte for
    // byte: booklet, workbooks, next player file, site, validation report.
    crate::common::assert_same_publication(&f.out(), &fresh.out());
}

#[test]
fn rerate_with_a_report_added_replaces_the_event_of_its_code() {
    let f = Folder::generated(200, 12, 13);
    let report = f.a_report();
    let kept = f.root.path().join(report.file_name().unwrap());
    std::fs::rename(&report, &kept).unwrap();
    ok(&f.run(&["period"]));
    let code = report.file_stem().unwrap().to_string_lossy().to_string();
    assert!(f.query(&format!("SELECT * FROM events WHERE code = '{code}'")).is_empty());
    let run = f.run(&["rerate", "--from", "August 1993", "--add", kept.to_str().unwrap()]);
    ok(&run);
    assert_eq!(f.query(&format!("SELECT COUNT(*) FROM events WHERE code = '{code}'")), [["1"]]);
    let name = kept.file_name().unwrap().to_string_lossy();
    let added = [["report added".to_string(), format!("report added: {code} (by {name})")]];
    assert_eq!(f.query("SELECT what, detail FROM corrections"), added);

    let fresh = Folder::generated(200, 12, 13);
    ok(&fresh.run(&["period"]));
    assert_eq!(ratings(&f.record()), ratings(&fresh.record()));
}

#[test]
fn corrections_that_cannot_be_made_are_clear_errors_that_change_nothing() {
    let f = Folder::generated(150, 10, 14);
    ok(&f.run(&["period"]));
    let before = std::fs::read(f.record()).unwrap();
    let id = f.query("SELECT MIN(player_id) FROM ratings")[0][0].clone();
    let (same, unknown) = (format!("cannot merge {id} with itself"), "no player with ID 999999 in the record");
    let cases: [(&[&str], &str); 5] = [
        (&["rerate", "--from", "May 1907"], "no period \"May 1907\" in the record; it holds: August 1993"),
        (&["rerate", "--from", "August 1993", "--withdraw", "X99999"], "there is no event X99999 in August 1993"),
        (&["merge", &id, &id], &same),
        (&["merge", &id, "999999"], unknown),
        (&["rerate", "--from", "August 1993", "--add", "/nonexistent/V93999.xlsx"], "does not exist"),
    ];
    for (args, said) in cases {
        let run = f.run(args);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {}", stderr(&run));
        assert!(stderr(&run).contains(said), "{args:?}: {}", stderr(&run));
    }
    // Two players who met are two people.
    let game = &f.query("SELECT white_id, black_id FROM games LIMIT 1")[0];
    let run = f.run(&["merge", &game[0], &game[1]]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("played each other"), "{}", stderr(&run));
    assert_eq!(std::fs::read(f.record()).unwrap(), before, "nothing changed");
}

#[test]
fn a_record_of_a_newer_ratebook_a_damaged_one_or_a_foreign_database_is_refused() {
    let f = Folder::generated(100, 6, 15);
    ok(&f.run(&["period"]));
    let conn = rusqlite::Connection::open(f.record()).unwrap();
    conn.execute_batch("PRAGMA user_version = 99").unwrap();
    drop(conn);
    let before = std::fs::read(f.record()).unwrap();
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("written by a newer ratebook (schema 99"), "{}", stderr(&run));
    assert_eq!(std::fs::read(f.record()).unwrap(), before);

    std::fs::write(f.record(), b"this is not a database, it is a text file that happens to be here").unwrap();
    let run = f.run(&["history", "3005"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("damaged or not a database"), "{}", stderr(&run));

    std::fs::remove_file(f.record()).unwrap();
    let conn = rusqlite::Connection::open(f.record()).unwrap();
    conn.execute_batch("CREATE TABLE members (id INTEGER)").unwrap();
    drop(conn);
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("not a ratebook record"), "{}", stderr(&run));
}

#[test]
fn a_record_in_use_is_waited_for_then_refused_clearly() {
    let f = Folder::generated(100, 6, 16);
    ok(&f.run(&["period"]));
    let conn = rusqlite::Connection::open(f.record()).unwrap();
    conn.execute_batch("BEGIN EXCLUSIVE").unwrap();
    std::fs::remove_file(f.a_report()).unwrap();
    let run = f.run(&["period", "--revise"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("in use by another ratebook run"), "{}", stderr(&run));
    conn.execute_batch("ROLLBACK").unwrap();
    drop(conn);
    ok(&f.run(&["period", "--revise"]));
}

#[test]
fn a_run_killed_at_any_step_leaves_record_and_outputs_agreeing() {
    for step in ["staged", "recorded", "marked", "swapped"] {
        let f = Folder::generated(120, 8, 17);
        ok(&f.run(&["period"]));
        std::fs::remove_file(f.a_report()).unwrap();
        let killed = f.run_with(&["period", "--revise"], &[("RATEBOOK_CRASH_AT", step)]);
        assert!(!killed.status.success(), "{step}: the run was killed");
        // Whatever the views show now matches the outputs, or the next run settles it.
        ok(&f.run(&["period", "--revise"]));
        let revisions = f.query("SELECT revision, state FROM revision ORDER BY revision");
        assert_eq!(revisions, [["1", "published"], ["2", "published"]], "{step}: recorded once");
        let token = std::fs::read_to_string(f.out().join(".ratebook-record")).unwrap();
        assert_eq!(f.query("SELECT token FROM current_revision"), [[token]], "{step}");
        let sha = &f.query("SELECT outputs_sha256 FROM periods WHERE current = 1")[0][0];
        assert_eq!(sha, &outputs_sha256(&f.out()), "{step}: the recorded outputs are the ones in place");
    }
}

/// The digest the record keeps of an output folder.
fn outputs_sha256(out: &Path) -> String {
    ratebook::record::folder_sha256(out, &Default::default()).unwrap()
}

#[test]
fn merge_gives_the_dropped_ids_games_to_the_kept_one() {
    let f = Folder::generated(200, 12, 18);
    ok(&f.run(&["period"]));
    // A newcomer of this period, and a player of the file he never met.
    let drop = f.query("SELECT player_id FROM newcomer LIMIT 1")[0][0].clone();
    let keep = f.query(&format!(
        "SELECT player_id FROM ratings WHERE status = 'confirmed' AND player_id NOT IN
           (SELECT white_id FROM games WHERE black_id = {drop} UNION SELECT black_id FROM games WHERE white_id = {drop})
         ORDER BY player_id LIMIT 1"
    ))[0][0]
        .clone();
    let games = |id: &str| {
        f.query(&format!("SELECT COUNT(*) FROM games WHERE white_id = {id} OR black_id = {id}"))[0][0]
            .parse::<u32>()
            .unwrap()
    };
    let (keep_games, drop_games) = (games(&keep), games(&drop));
    assert!(drop_games > 0);
    let run = f.run(&["merge", &keep, &drop]);
    ok(&run);
    assert_eq!(games(&keep), keep_games + drop_games);
    assert_eq!(games(&drop), 0);
    assert!(f.query(&format!("SELECT * FROM ratings WHERE player_id = {drop}")).is_empty());
    assert_eq!(f.query("SELECT what FROM corrections"), [["players merged"]]);
    assert!(String::from_utf8_lossy(&run.stdout).contains("one person under two IDs"));
}

#[test]
fn record_import_seeds_history_from_published_player_files() {
    let f = Folder::generated(150, 10, 19);
    ok(&f.run(&["period"]));
    let published = f.root.path().join("published-1993.xlsx");
    std::fs::copy(f.out().join("players.xlsx"), &published).unwrap();
    let g = Folder::generated(150, 10, 20);
    let run = g.run(&["record", "import", published.to_str().unwrap()]);
    ok(&run);
    assert!(stderr(&run).contains("imported August 1993 (published 1993-08-01)"), "{}", stderr(&run));
    let kept = read_players(&published);
    assert_eq!(g.query("SELECT COUNT(*) FROM ratings")[0][0], kept.players.len().to_string());
    let run = g.run(&["rerate", "--from", "August 1993"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("imported from a published player file"), "{}", stderr(&run));
}

/// An event of a chain's first period that gave no newcomer an ID.
fn event_without_newcomers(record: &Path) -> String {
    query(
        record,
        "SELECT code FROM events WHERE period = 'August 1993' AND disposition = 'rated'
           AND code NOT IN (SELECT n.event FROM newcomer n JOIN revision r ON r.id = n.revision_id) ORDER BY code LIMIT 1",
    )[0][0]
        .clone()
}

/// `rerate --withdraw CODE` from the first period of the chain in `data`, the errata to `out`.
fn withdraw_from_first(data: &Path, code: &str, out: &Path) {
    ok(&ratebook(&[
        "rerate",
        "--from",
        "August 1993",
        "--withdraw",
        code,
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
}

#[test]
fn rerate_over_a_chain_equals_publishing_the_corrected_chain_afresh() {
    // Three yearly periods, recorded.
    let f = Folder::chain(250, 14, 21, 3);
    let (root, data) = (f.root.path(), f.data());
    let record = data.join("record.sqlite");
    let code = event_without_newcomers(&record);
    let inputs: Vec<(String, Vec<(String, Vec<u8>)>)> = {
        let r = ratebook::record::Record::open(&record, ratebook::record::Access::Read).unwrap();
        r.periods().unwrap().into_iter().map(|p| (p.period.clone(), r.input_files(p.id).unwrap())).collect()
    };
    assert_eq!(inputs.len(), 3);
    let corrected = root.join("corrected");
    withdraw_from_first(&data, &code, &corrected);

    // Afresh: each period from its own inputs, the first without the report,
    // each later one from the player file the one before published.
    let mut previous_output: Option<PathBuf> = None;
    let fresh_record = root.join("fresh-record.sqlite");
    for (k, (_, files)) in inputs.iter().enumerate() {
        let dir = root.join(format!("fresh-{k}"));
        for (name, bytes) in files {
            if k == 0 && name.ends_with(&format!("/{code}.xlsx")) {
                continue;
            }
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, bytes).unwrap();
        }
        if let Some(out) = &previous_output {
            std::fs::copy(out.join("players.xlsx"), dir.join("players.xlsx")).unwrap();
        }
        if fresh_record.exists() {
            std::fs::copy(&fresh_record, dir.join("record.sqlite")).unwrap();
        }
        let out = root.join(format!("fresh-out-{k}"));
        let run = ratebook(&["period", "--data", dir.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        ok(&run);
        std::fs::copy(dir.join("record.sqlite"), &fresh_record).unwrap();
        previous_output = Some(out);
    }
    assert_eq!(ratings(&record), ratings(&fresh_record), "period by period, the same ratings");
    // The correction published the last period as the corrected chain
    // publishes it, byte for byte (its statistics and site over the
    // corrected earlier periods).
    crate::common::assert_same_publication(&corrected, &previous_output.unwrap());
}

#[test]
fn period_revise_of_a_period_with_later_ones_re_rates_them_as_rerate_does() {
    let f = Folder::chain(250, 14, 21, 3);
    let (root, data) = (f.root.path(), f.data());
    let record = data.join("record.sqlite");
    let code = event_without_newcomers(&record);
    // The first period's data folder again, one report taken out, with a
    // copy of the record.
    let first = {
        let r = ratebook::record::Record::open(&record, ratebook::record::Access::Read).unwrap();
        let periods = r.periods().unwrap();
        r.input_files(periods[0].id).unwrap()
    };
    let revised = root.join("revised");
    for (name, bytes) in &first {
        if name.ends_with(&format!("/{code}.xlsx")) {
            continue;
        }
        let path = revised.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, bytes).unwrap();
    }
    std::fs::copy(&record, revised.join("record.sqlite")).unwrap();
    let revised_record = revised.join("record.sqlite");

    // Without --revise: refused, nothing changed.
    let before = std::fs::read(&revised_record).unwrap();
    let out = root.join("revised-output");
    let period = |extra: &[&str]| {
        let mut args = vec!["period", "--data", revised.to_str().unwrap(), "--out", out.to_str().unwrap()];
        args.extend(extra);
        ratebook(&args)
    };
    let run = period(&[]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("--revise"), "{}", stderr(&run));
    // A dry run says what would change and writes nothing.
    let run = period(&["--revise", "--dry-run"]);
    ok(&run);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(said.contains("would re-rate August 1993, August 1994, August 1995"), "{said}\n{}", stderr(&run));
    assert_eq!(std::fs::read(&revised_record).unwrap(), before);
    assert!(!out.exists() && !root.join("errata").exists());

    // With --revise: the period and both later ones are re-rated.
    let run = period(&["--revise"]);
    ok(&run);
    assert!(stderr(&run).contains("August 1995 revision 2"), "{}", stderr(&run));
    // It advises no player file into a data folder (the corrected list is
    // the latest period's end, which the next period starts from).
    assert!(!stderr(&run).contains("data folder"), "{}", stderr(&run));
    let periods = query(&revised_record, "SELECT period, revision FROM periods WHERE current = 1 ORDER BY period");
    assert_eq!(periods, [["August 1993", "2"], ["August 1994", "2"], ["August 1995", "2"]]);
    // Its report gone: the event withdrawn, in those words.
    let said = query(&revised_record, "SELECT what, detail FROM corrections");
    assert_eq!(said, [["event withdrawn".to_string(), format!("August 1993 revised; withdrawn {code}")]]);
    // The output folder holds the latest period corrected, the errata in its errata/.
    assert!(out.join("booklet.pdf").is_file() && out.join("players.xlsx").is_file());
    let errata = out.join("errata");
    assert!(errata.join("errata.pdf").is_file());
    let lines = crate::common::sheet_rows(&errata.join("errata.xlsx"), "Errata");
    assert!(lines[1..].iter().any(|l| l[8] == format!("event {code} withdrawn")), "{lines:?}");
    assert!(!root.join("errata").exists(), "nothing beside the output folder");

    // The same as `rerate --withdraw` of that event.
    let by_rerate = root.join("output-by-rerate");
    withdraw_from_first(&data, &code, &by_rerate);
    assert_eq!(ratings(&revised_record), ratings(&record), "period by period, the same ratings");
    crate::common::assert_same_publication(&out, &by_rerate);
}

#[test]
fn rerate_reads_the_record_in_memory_and_writes_no_scratch_folder() {
    let f = Folder::chain(250, 14, 21, 2);
    let (root, data) = (f.root.path(), f.data());
    let record = data.join("record.sqlite");
    let code = event_without_newcomers(&record);
    let scratch = root.join("tmp");
    std::fs::create_dir_all(&scratch).unwrap();
    let errata = root.join("errata");
    let run = std::process::Command::new(crate::common::binary())
        .env("TMPDIR", &scratch)
        .args(["rerate", "--from", "August 1993", "--withdraw", &code, "--data"])
        .arg(&data)
        .arg("--out")
        .arg(&errata)
        .output()
        .unwrap();
    ok(&run);
    let left: Vec<_> = std::fs::read_dir(&scratch).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(left.is_empty(), "rerate wrote into TMPDIR: {left:?}");
    // The corrected revision stores the inputs it was rated from: the
    // recorded ones, the withdrawn report (and only it) gone.
    let files = |revision: &str| -> Vec<String> {
        let sql = format!(
            "SELECT f.path FROM revision_file f JOIN revision r ON r.id = f.revision_id
             WHERE r.period = 'August 1993' AND r.revision = {revision} ORDER BY f.path"
        );
        query(&record, &sql).into_iter().map(|row| row[0].clone()).collect()
    };
    let (original, corrected) = (files("1"), files("2"));
    let gone: Vec<&String> = original.iter().filter(|p| !corrected.contains(p)).collect();
    assert_eq!(gone.len(), 1, "{gone:?}");
    assert!(gone[0].ends_with(&format!("/{code}.xlsx")), "{gone:?}");
    assert!(corrected.iter().all(|p| original.contains(p)), "nothing added: {corrected:?}");
}
