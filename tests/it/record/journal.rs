//! A commit of the record killed at each of its system calls (issue 46):
//! SQLite leaves its journal beside the record, hot, and every command
//! that opens the record, run next with nothing else touching the file,
//! rolls it back and does its work: none stops at "cannot be written".
//! The suite kills at a sample of the calls; `--ignored` at every one.

use std::path::Path;

use super::{ok, Folder};
use crate::common::copy_tree;
use crate::common::stderr;
use crate::syscalls::{restore, sample, strace_works, Call, Traced};

/// The commands that open the record, each as an officer would run it next.
fn commands(f: &Folder, id: &str, code: &str, keep: &str, drop: &str) -> Vec<Vec<String>> {
    let data = f.data().display().to_string();
    let out = f.out().display().to_string();
    let errata = f.root.path().join("errata").display().to_string();
    let with = |args: &[&str]| -> Vec<String> {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.extend(["--data".to_string(), data.clone()]);
        all
    };
    vec![
        with(&["period", "--revise", "--out", &out]),
        with(&["period", "--revise", "--dry-run", "--out", &out]),
        with(&["history", id]),
        with(&["explain", id]),
        with(&["stats"]),
        with(&["compare", "--system", "fide"]),
        with(&["next", "--from", &out, "--dry-run"]),
        with(&["rerate", "--from", "August 1993", "--withdraw", code, "--out", &errata]),
        with(&["merge", keep, drop, "--out", &errata]),
    ]
}

/// Kills `period --revise` at each of `which` calls of its record commit,
/// and runs each command next on what the kill left.
fn killed_commits(which: impl Fn(&[Call]) -> Vec<Call>) {
    if !strace_works() {
        return;
    }
    let f = Folder::generated(120, 8, 46);
    ok(&f.run(&["period"]));
    let id =
        f.query("SELECT player_id FROM ratings WHERE status = 'confirmed' ORDER BY player_id LIMIT 1")[0][0].clone();
    let code = super::event_without_newcomers(&f.record());
    let drop = f.query("SELECT player_id FROM newcomer ORDER BY player_id LIMIT 1")[0][0].clone();
    let keep = f.query(&format!(
        "SELECT player_id FROM ratings WHERE status = 'confirmed' AND player_id NOT IN
           (SELECT white_id FROM games WHERE black_id = {drop} UNION SELECT black_id FROM games WHERE white_id = {drop})
         ORDER BY player_id LIMIT 1"
    ))[0][0]
        .clone();
    std::fs::remove_file(f.a_report()).unwrap();
    let published = tempfile::tempdir().unwrap();
    copy_tree(f.root.path(), published.path());

    let record = f.record();
    let mut journal = record.clone().into_os_string();
    journal.push("-journal");
    let mut revise = Traced::new(&[
        "period",
        "--revise",
        "--data",
        &f.data().display().to_string(),
        "--out",
        &f.out().display().to_string(),
    ]);
    revise.paths = vec![record.clone(), journal.into()];
    let (calls, clean) = revise.calls();
    ok(&clean);
    assert!(calls.iter().any(|c| c.name == "fsync" || c.name == "fdatasync"), "the commit flushes: {calls:?}");
    let points = which(&calls);
    let commands = commands(&f, &id, &code, &keep, &drop);
    for point in &points {
        restore(f.root.path(), published.path());
        revise.killed_at(point);
        let killed = tempfile::tempdir().unwrap();
        copy_tree(f.root.path(), killed.path());
        for args in &commands {
            restore(f.root.path(), killed.path());
            let run = crate::common::ratebook(args);
            let said = stderr(&run);
            assert!(run.status.success(), "killed at {}; then `{}` failed: {said}", point.line, args[..2].join(" "));
            assert!(!said.contains("cannot be written"), "{said}");
            assert!(!journal_left(&record), "killed at {}; `{}` left no hot journal", point.line, args[..2].join(" "));
        }
        // The killed run, run again, records the revision once.
        restore(f.root.path(), killed.path());
        ok(&f.run(&["period", "--revise"]));
        let revisions = f.query("SELECT revision, state FROM revision ORDER BY revision");
        assert_eq!(revisions, [["1", "published"], ["2", "published"]], "killed at {}: recorded once", point.line);
    }
}

/// Whether a journal is left beside the record, not empty.
fn journal_left(record: &Path) -> bool {
    ratebook::record::recovery::interrupted(record)
}

#[test]
fn a_record_commit_killed_at_its_flushes_blocks_no_command() {
    // The flushes (the journal's, then the record's) and the journal's
    // removal: where the killed commit leaves the journal hot.
    killed_commits(|calls| {
        let flushes: Vec<Call> = calls
            .iter()
            .filter(|c| matches!(c.name.as_str(), "fsync" | "fdatasync" | "unlink" | "ftruncate"))
            .cloned()
            .collect();
        sample(&flushes, 3)
    });
}

#[test]
#[ignore = "every system call of the commit (minutes): cargo test --test it -- --ignored record_commit_killed"]
fn a_record_commit_killed_at_any_of_its_system_calls_blocks_no_command() {
    killed_commits(|calls| calls.to_vec());
}
