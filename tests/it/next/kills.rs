//! `next` killed at each of its system calls (issue 46), with and without
//! a record, from a `players.xlsx` and from a `players.csv`: run again, it
//! ends with the data folder and the archive exactly as an uninterrupted
//! run leaves them (no 0-byte or partial copy kept, the published list
//! never archived as the file the period started from). The suite kills
//! at a sample of the calls; `--ignored` at every one.

use std::collections::BTreeMap;
use std::path::Path;

use super::august_with_a_deferred_event;
use crate::common::copy_tree;
use crate::common::{stderr, Fixture};
use crate::syscalls::{restore, sample, strace_works, Call, Traced};

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
                files.insert(path.strip_prefix(dir).unwrap().display().to_string(), std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// August 1993 published, ready for `next`: with a record or `record =
/// false`, its player file a workbook or a CSV.
fn published(record: bool, csv: bool) -> Fixture {
    let (f, _) = august_with_a_deferred_event();
    let data = f.data();
    if !record {
        let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
        let toml: String = toml
            .lines()
            .map(|l| if l.starts_with("record ") { "record = false".to_string() } else { l.to_string() })
            .map(|l| l + "\n")
            .collect();
        assert!(toml.contains("record = false"), "{toml}");
        std::fs::write(data.join("period.toml"), toml).unwrap();
    }
    if csv {
        std::fs::remove_file(data.join("players.xlsx")).unwrap();
        let mut text =
            String::from("ID,Surname,First names,Gender,Birth date,State,Club,Rating,Status,Games,Last played\n");
        for k in 1..=4 {
            text += &format!("{},Player{k},Test,,,V,,{},confirmed,40,\n", 3000 + k, 1500 + 50 * k);
        }
        text += "3005,Returning,Test,,,V,,1200,provisional,8,1990-03-01\n";
        std::fs::write(data.join("players.csv"), text).unwrap();
    }
    let o = f.run(&["period"]);
    assert!(o.status.success(), "{}", stderr(&o));
    f
}

/// Kills `next` at `which` of its calls in each kind of data folder, and
/// runs it again.
fn killed_next(which: impl Fn(&[Call]) -> Vec<Call>) {
    if !strace_works() {
        return;
    }
    for (record, csv) in [(true, false), (false, false), (true, true), (false, true)] {
        let kind = format!("{} record, players.{}", if record { "a" } else { "no" }, if csv { "csv" } else { "xlsx" });
        let f = published(record, csv);
        let start = contents(&f.data());
        let started_from = if csv { "players.csv" } else { "players.xlsx" };
        let saved = tempfile::tempdir().unwrap();
        copy_tree(f.root.path(), saved.path());
        let args = ["next", "--from", &f.out().display().to_string(), "--data", &f.data().display().to_string()]
            .map(String::from);
        let next = Traced::new(&args);
        let (calls, clean) = next.calls();
        assert!(clean.status.success(), "{kind}: {}", stderr(&clean));
        let done = contents(&f.data());
        assert_eq!(
            done.get(&format!("archive/August-1993/{started_from}")),
            start.get(started_from),
            "{kind}: the file the period started from is archived"
        );
        // (What `next` prints last is no change to the folder.)
        let changing: Vec<Call> =
            calls.into_iter().filter(|c| !c.line.contains("write(1,") && !c.line.contains("write(2,")).collect();
        assert!(changing.len() > 5, "{kind}: {changing:?}");
        for call in which(&changing) {
            restore(f.root.path(), saved.path());
            next.killed_at(&call);
            let finished = contents(&f.data()) == done;
            let again = crate::common::ratebook(&args);
            // (Killed after its last change, the run is done: run again, it says so.)
            let said_done = finished && stderr(&again).contains("unless it was started already");
            assert!(
                again.status.success() || said_done,
                "{kind}, killed at {}: run again: {}",
                call.line,
                stderr(&again)
            );
            let now = contents(&f.data());
            let differ: std::collections::BTreeSet<&String> =
                done.keys().chain(now.keys()).filter(|k| done.get(*k) != now.get(*k)).collect();
            assert!(
                differ.is_empty(),
                "{kind}, killed at {}: run again, these differ from a whole run: {differ:?}",
                call.line
            );
        }
    }
}

#[test]
fn next_killed_at_its_system_calls_is_finished_by_running_it_again() {
    killed_next(|calls| sample(calls, 6));
}

#[test]
#[ignore = "every system call of `next` in four data folders (minutes): cargo test --test it -- --ignored next_killed"]
fn next_killed_at_any_of_its_system_calls_is_finished_by_running_it_again() {
    killed_next(|calls| calls.to_vec());
}
