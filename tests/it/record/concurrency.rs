//! Runs at once on one record: the record is locked for the whole of a run
//! that writes it, whatever its output folder; a second such run is refused
//! with a plain message, and nothing is recorded twice or undone.

use std::process::{Child, Command, Output, Stdio};

use super::{ok, Folder};
use crate::common::stderr;

/// Starts the binary with `args` (the data folder appended).
fn start(f: &Folder, args: &[&str]) -> Child {
    Command::new(crate::common::binary())
        .args(args)
        .args(["--data", f.data().to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn finish(child: Child) -> Output {
    child.wait_with_output().unwrap()
}

/// A run that lost the race: refused, saying why.
fn refused_plainly(run: &Output) -> bool {
    run.status.code() == Some(2) && stderr(run).contains("is in use by another ratebook run")
}

#[test]
fn a_run_that_would_write_a_locked_record_is_refused_whatever_its_output_folder() {
    let f = Folder::generated(100, 6, 51);
    ok(&f.run(&["period"]));
    // Another run holds the record (its lock beside it).
    let lock = std::fs::OpenOptions::new().write(true).open(f.data().join(".record.sqlite.lock")).unwrap();
    lock.try_lock().unwrap();
    let before = std::fs::read(f.record()).unwrap();
    let elsewhere = f.root.path().join("elsewhere");
    let errata = f.root.path().join("errata");
    let code = super::event_without_newcomers(&f.record());
    let runs = [
        f.run(&["period", "--revise", "--out", elsewhere.to_str().unwrap()]),
        f.run(&["rerate", "--from", "August 1993", "--withdraw", &code, "--out", errata.to_str().unwrap()]),
        f.run(&["record", "import", f.out().join("players.xlsx").to_str().unwrap()]),
    ];
    for run in &runs {
        assert!(refused_plainly(run), "{}", stderr(run));
    }
    assert_eq!(std::fs::read(f.record()).unwrap(), before, "nothing written");
    assert!(!elsewhere.exists() && !errata.exists(), "nothing published");
    // Reading is not writing: history and a dry run go on.
    let id = &f.query("SELECT MIN(player_id) FROM ratings")[0][0];
    ok(&f.run(&["history", id]));
    ok(&f.run(&["period", "--dry-run"]));
    drop(lock);
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", &code, "--out", errata.to_str().unwrap()]));
}

#[test]
fn two_periods_at_once_into_two_output_folders_record_the_period_once() {
    for seed in [52, 53, 54] {
        let f = Folder::generated(150, 8, seed);
        let (one, two) = (f.root.path().join("one"), f.root.path().join("two"));
        let first = start(&f, &["period", "--out", one.to_str().unwrap()]);
        let second = start(&f, &["period", "--out", two.to_str().unwrap()]);
        let runs = [finish(first), finish(second)];
        assert!(runs.iter().any(|r| r.status.success()), "one of them publishes");
        for run in &runs {
            assert!(run.status.success() || refused_plainly(run), "{}", stderr(run));
        }
        assert_eq!(f.query("SELECT period, revision FROM revision"), [["August 1993", "1"]], "recorded once");
    }
}

#[test]
fn two_corrections_at_once_are_both_kept_or_one_is_refused() {
    let f = Folder::chain(120, 8, 55, 2);
    let codes = f.query(
        "SELECT code FROM events WHERE period = 'August 1993' AND disposition = 'rated'
           AND code NOT IN (SELECT event FROM newcomer) ORDER BY code LIMIT 2",
    );
    let (a, b) = (codes[0][0].clone(), codes[1][0].clone());
    let (ea, eb) = (f.root.path().join("errata-a"), f.root.path().join("errata-b"));
    let first = start(&f, &["rerate", "--from", "August 1993", "--withdraw", &a, "--out", ea.to_str().unwrap()]);
    let second = start(&f, &["rerate", "--from", "August 1993", "--withdraw", &b, "--out", eb.to_str().unwrap()]);
    let runs = [(finish(first), a), (finish(second), b)];
    let events = f.query("SELECT code FROM events WHERE period = 'August 1993'");
    let mut applied = 0;
    for (run, code) in &runs {
        if run.status.success() {
            // A correction said done is in the record: never silently undone.
            assert!(!events.iter().any(|e| &e[0] == code), "{code} withdrawn and still there");
            applied += 1;
        } else {
            assert!(refused_plainly(run), "{}", stderr(run));
        }
    }
    assert!(applied > 0);
    assert_eq!(f.query("SELECT COUNT(*) FROM corrections"), [[applied.to_string()]]);
}

#[test]
fn a_record_shared_through_symbolic_links_is_locked_at_its_real_path() {
    let f = Folder::generated(100, 6, 56);
    // The record lives elsewhere; the data folder holds a link to it.
    let shared = f.root.path().join("shared");
    std::fs::create_dir_all(&shared).unwrap();
    let real = shared.join("federation.sqlite");
    if f.record().exists() {
        std::fs::rename(f.record(), &real).unwrap();
    }
    std::os::unix::fs::symlink(&real, f.record()).unwrap();
    // Another run holds the record at its real path (through another link).
    let lock = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(shared.join(".federation.sqlite.lock"))
        .unwrap();
    lock.try_lock().unwrap();
    let run = f.run(&["period"]);
    assert!(refused_plainly(&run), "{}", stderr(&run));
    assert!(!f.out().exists(), "nothing published");
    drop(lock);
    ok(&f.run(&["period"]));
    assert!(std::fs::symlink_metadata(f.record()).unwrap().file_type().is_symlink(), "the link stays a link");
    assert_eq!(super::query(&real, "SELECT COUNT(*) FROM revision"), [["1"]]);
}
