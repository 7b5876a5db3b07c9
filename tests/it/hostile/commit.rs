//! A publication killed at every step of its commit (driven by
//! `RATEBOOK_CRASH_AT`, deterministic): the output folder then holds the
//! whole previous publication or the whole new one, and the next run
//! finishes or clears what was left. And a second run while one holds the
//! output folder is told who holds it.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::*;

/// Every file under `dir` (relative path → bytes).
fn contents(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let name = path.strip_prefix(dir).unwrap().display().to_string();
                files.insert(name, std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// The names in the folder holding the output folder.
fn beside(f: &Fixture) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(f.root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n != "data" && n != "reference")
        .collect();
    names.sort();
    names
}

/// Runs `period` (with `--revise`: each run publishes the period again with
/// other inputs; the record follows the outputs, which these tests are about).
fn period(f: &Fixture, out: &Path, crash_at: Option<&str>) -> Output {
    let mut command = Command::new(binary());
    command.arg("period").arg("--revise").arg("--data").arg(f.data()).arg("--out").arg(out);
    if let Some(step) = crash_at {
        command.env("RATEBOOK_CRASH_AT", step);
    }
    run_bounded(&mut command).expect("period ends")
}

/// The steps of the commit a run can be killed at (see `publish::staging`):
/// while writing, once everything is flushed, once the marker is written,
/// just after the exchange; and, where the system cannot exchange two folders,
/// between and after the two renames that replace it.
const STEPS: [&str; 6] = ["written", "staged", "marked", "swapped", "fallback-aside", "fallback-in"];

#[test]
fn a_publication_killed_at_any_step_leaves_the_old_or_the_new_whole() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    f.report(&four_player_event("W93001", "W"));
    let first = period(&f, &f.out(), None);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let old = contents(&f.out());
    // The new publication: one more event, rated into a reference folder.
    f.report(&four_player_event("V93001", "V"));
    let reference = f.root.path().join("reference");
    let new_run = period(&f, &reference, None);
    assert_eq!(new_run.status.code(), Some(0), "{}", stderr(&new_run));
    let new = contents(&reference);
    assert_ne!(old, new);
    // The reference run's lock file is beside it: not the output's business.
    std::fs::remove_file(f.root.path().join(".reference.lock")).unwrap();

    for step in STEPS {
        // Start from the old publication each time.
        std::fs::remove_dir_all(f.out()).unwrap();
        std::fs::create_dir(f.out()).unwrap();
        for (name, bytes) in &old {
            let path = f.out().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
        let killed = period(&f, &f.out(), Some(step));
        assert!(killed.status.code().is_none(), "{step}: the run was not killed: {}", stderr(&killed));
        if step == "fallback-aside" {
            // Between the fallback's two renames there is no output folder:
            // the old publication is whole beside it, the new one too.
            assert!(!f.out().exists(), "{step}");
            assert_eq!(contents(&f.root.path().join(".output.old")), old, "{step}");
            let mut staged = contents(&f.root.path().join(".output.staging"));
            assert!(staged.remove(".ratebook-publication").is_some(), "{step}: the staging folder is marked");
            let mut expected = new.clone();
            expected.remove(".ratebook-publication");
            assert_eq!(staged, expected, "{step}");
        } else {
            let left = contents(&f.out());
            assert!(left == old || left == new, "{step}: a mix of old and new: {:?}", left.keys().collect::<Vec<_>>());
            let expected_new = matches!(step, "swapped" | "fallback-in");
            assert_eq!(left == new, expected_new, "{step}: the output folder holds the wrong publication");
        }

        let next = period(&f, &f.out(), None);
        assert_eq!(next.status.code(), Some(0), "{step}: the next run: {}", stderr(&next));
        assert_eq!(contents(&f.out()), new, "{step}: the next run publishes the new outputs");
        assert_eq!(beside(&f), [".output.lock", "output"], "{step}: left beside the output folder");
    }
}

#[test]
fn a_first_publication_killed_before_its_rename_is_finished_by_the_next_run() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    f.report(&four_player_event("W93001", "W"));
    let killed = period(&f, &f.out(), Some("marked"));
    assert!(killed.status.code().is_none(), "{}", stderr(&killed));
    assert!(!f.out().exists(), "nothing half-published");
    let next = period(&f, &f.out(), None);
    assert_eq!(next.status.code(), Some(0), "{}", stderr(&next));
    assert!(f.out().join("ratings.xlsx").is_file());
    assert_eq!(beside(&f), [".output.lock", "output"]);
}

#[test]
fn a_second_run_into_a_held_output_folder_says_who_holds_it() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    f.report(&four_player_event("W93001", "W"));
    let first = period(&f, &f.out(), None);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let before = contents(&f.out());
    // Another run holds the lock (as `Staging::new` takes it), and says so in it.
    let lock_path = f.root.path().join(".output.lock");
    let lock = std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(true).open(&lock_path).unwrap();
    lock.try_lock().unwrap();
    std::fs::write(&lock_path, "process 424242").unwrap();
    f.report(&four_player_event("V93001", "V"));
    let second = period(&f, &f.out(), None);
    let err = stderr(&second);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(err.contains("another ratebook run is publishing into") && err.contains("process 424242"), "{err}");
    assert!(err.contains("wait for it to finish"), "{err}");
    assert_eq!(contents(&f.out()), before, "the held output folder was touched");
    drop(lock);
    let third = period(&f, &f.out(), None);
    assert_eq!(third.status.code(), Some(0), "the lock goes with its holder: {}", stderr(&third));
}
