//! Corrections killed at every named crash point (record.md: a correction
//! is one transaction from the record's point of view): `rerate`, `merge`
//! and `period --revise` of a period with later ones, each killed, then run
//! again as an officer would. The public views show the old state or the
//! new, never a mixture; the run again finishes or says it is done, never
//! applying anything twice; nothing is left in the temporary folder.

use std::path::{Path, PathBuf};
use std::process::Output;

use super::{event_without_newcomers, ok, query, Folder};
use crate::common::copy_tree;
use crate::common::stderr;

/// The steps a correction passes, in order: re-rated (nothing recorded),
/// staged in the record, the errata written, flushed, marked complete, put
/// in place (also by the fallback's two renames), and published.
const STEPS: [&str; 9] =
    ["rated", "recorded", "written", "staged", "marked", "swapped", "fallback-aside", "fallback-in", "confirming"];

/// What the public views show: periods, ratings, events, corrections
/// (the trial's folder, which a revision's correction names, as `{root}`).
fn views(record: &Path, root: &Path) -> Vec<Vec<Vec<String>>> {
    let root = root.display().to_string();
    [
        "SELECT period, revision, current FROM periods ORDER BY period, revision",
        "SELECT period, player_id, status, rating, printed, change FROM ratings ORDER BY period, player_id",
        "SELECT period, code, disposition FROM events ORDER BY period, code",
        "SELECT from_period, what, detail FROM corrections ORDER BY id",
    ]
    .iter()
    .map(|sql| {
        let rows = query(record, sql);
        rows.into_iter().map(|row| row.into_iter().map(|v| v.replace(&root, "{root}")).collect()).collect()
    })
    .collect()
}

/// One correction of a recorded chain, run in a copy of it.
struct Trial {
    root: tempfile::TempDir,
    /// The arguments, with `{root}` standing for the copy's folder.
    args: Vec<String>,
    /// The record the command writes, relative to the root.
    record: &'static str,
}

impl Trial {
    fn new(chain: &Path, args: &[String], record: &'static str) -> Trial {
        let root = tempfile::tempdir().unwrap();
        copy_tree(chain, root.path());
        std::fs::create_dir_all(root.path().join("tmp")).unwrap();
        Trial { root, args: args.to_vec(), record }
    }

    fn record(&self) -> PathBuf {
        self.root.path().join(self.record)
    }

    fn views(&self) -> Vec<Vec<Vec<String>>> {
        views(&self.record(), self.root.path())
    }

    fn run(&self, crash_at: Option<&str>) -> Output {
        let root = self.root.path().display().to_string();
        let args: Vec<String> = self.args.iter().map(|a| a.replace("{root}", &root)).collect();
        let mut command = std::process::Command::new(crate::common::binary());
        command.args(&args).env("TMPDIR", self.root.path().join("tmp"));
        if let Some(step) = crash_at {
            command.env("RATEBOOK_CRASH_AT", step);
        }
        command.output().unwrap()
    }

    /// Whatever a run left in the temporary folder.
    fn scratch_left(&self) -> Vec<String> {
        let tmp = self.root.path().join("tmp");
        std::fs::read_dir(tmp).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect()
    }
}

/// Kills the correction `args` (on a copy of the chain in `chain`) at every
/// step, checks what the views show, runs it again, and checks that it
/// ended where an uninterrupted run ends.
fn killed_at_every_step(chain: &Path, args: &[String], record: &'static str) {
    killed_at(chain, args, record, &STEPS);
}

/// The corrected latest period and the errata of the correction are in
/// place in the trial's output folder (its `--out`), carrying the token of
/// the correction's revisions, and no staging folder is left beside it.
fn errata_in_place(trial: &Trial, step: &str) {
    let at = trial.args.iter().position(|a| a == "--out").expect("the trial names its output folder");
    let out = PathBuf::from(trial.args[at + 1].replace("{root}", &trial.root.path().display().to_string()));
    for name in ["booklet.pdf", "players.xlsx", "site/index.html", "errata/errata.xlsx", "errata/errata.pdf"] {
        assert!(out.join(name).is_file(), "{step}: {name} in place in {}", out.display());
    }
    let token = std::fs::read_to_string(out.join(".ratebook-record")).unwrap();
    let recorded = query(
        &trial.record(),
        "SELECT DISTINCT token FROM revision WHERE correction_id IS NOT NULL AND state = 'published'",
    );
    assert_eq!(recorded, [[token]], "{step}: the publication in place is the correction's");
    let name = out.file_name().unwrap().to_string_lossy();
    assert!(!out.with_file_name(format!(".{name}.staging")).exists(), "{step}: no staging folder left");
}

/// [`killed_at_every_step`] at the steps `steps`.
fn killed_at(chain: &Path, args: &[String], record: &'static str, steps: &[&str]) {
    let clean = Trial::new(chain, args, record);
    let old = clean.views();
    ok(&clean.run(None));
    let new = clean.views();
    assert_ne!(old, new, "the correction changes the record");
    assert_eq!(new[3].len(), 1, "one correction: {:?}", new[3]);
    errata_in_place(&clean, "uninterrupted");
    for &step in steps {
        let trial = Trial::new(chain, args, record);
        let killed = trial.run(Some(step));
        assert!(!killed.status.success(), "{step}: the run was killed: {}", stderr(&killed));
        let seen = trial.views();
        assert!(seen == old || seen == new, "{step}: the views show a mixture: {:?}", seen[0]);
        assert_eq!(trial.scratch_left(), Vec::<String>::new(), "{step}: nothing left in the temporary folder");

        let again = trial.run(None);
        ok(&again);
        assert!(trial.views() == new, "{step}: the run again ends where an uninterrupted run ends");
        errata_in_place(&trial, step);
        let revisions = query(&trial.record(), "SELECT COUNT(*) FROM revision WHERE state <> 'published'");
        assert_eq!(revisions, [["0"]], "{step}: nothing left staged");
        // And once more: done, nothing applied twice.
        let third = trial.run(None);
        ok(&third);
        assert!(
            stderr(&third).contains("already") || stderr(&third).contains("unchanged"),
            "{step}: {}",
            stderr(&third)
        );
        assert!(trial.views() == new, "{step}: a correction run again is not applied twice");
    }
}

/// A recorded chain of two periods, in `root/data`, its last published
/// into `root/output` (so that the correction's publication is exchanged
/// with it, and the fallback's renames can be forced).
fn chain(seed: u64) -> Folder {
    let f = Folder::chain(120, 8, seed, 2);
    ok(&f.run(&["period"]));
    f
}

#[test]
fn a_rerate_killed_at_any_step_is_all_or_nothing() {
    let f = chain(41);
    let code = event_without_newcomers(&f.record());
    let args: Vec<String> =
        ["rerate", "--from", "August 1993", "--withdraw", &code, "--data", "{root}/data", "--out", "{root}/output"]
            .map(String::from)
            .to_vec();
    killed_at_every_step(f.root.path(), &args, "data/record.sqlite");
}

#[test]
fn a_merge_killed_at_any_step_is_all_or_nothing() {
    let f = chain(42);
    let drop = f.query("SELECT player_id FROM newcomer LIMIT 1")[0][0].clone();
    // A player who never played in an event DROP played in.
    let keep = f.query(&format!(
        "SELECT player_id FROM ratings WHERE period = 'August 1993' AND status = 'confirmed' AND player_id NOT IN
           (SELECT white_id FROM games WHERE event IN (SELECT event FROM games WHERE {drop} IN (white_id, black_id))
            UNION SELECT black_id FROM games WHERE event IN (SELECT event FROM games WHERE {drop} IN (white_id, black_id)))
         ORDER BY player_id LIMIT 1"
    ))[0][0]
        .clone();
    let args: Vec<String> =
        ["merge", &keep, &drop, "--data", "{root}/data", "--out", "{root}/output"].map(String::from).to_vec();
    killed_at_every_step(f.root.path(), &args, "data/record.sqlite");
}

#[test]
fn a_revision_of_a_period_with_later_ones_killed_at_any_step_is_all_or_nothing() {
    let f = chain(43);
    let args = revising_the_first_period(&f);
    killed_at_every_step(f.root.path(), &args, "revised/record.sqlite");
}

#[test]
fn a_revision_killed_while_its_first_publication_goes_in_has_it_put_in_by_the_run_again() {
    // No output folder yet: the staging folder is renamed into place.
    let f = chain(45);
    std::fs::remove_dir_all(f.out()).unwrap();
    let args = revising_the_first_period(&f);
    let steps = ["rated", "recorded", "written", "staged", "marked", "swapped", "confirming"];
    killed_at(f.root.path(), &args, "revised/record.sqlite", &steps);
}

/// `period --revise` of the first period of the chain in `f`: its data
/// folder again in `revised/`, one report taken out, with the record.
fn revising_the_first_period(f: &Folder) -> Vec<String> {
    let code = event_without_newcomers(&f.record());
    // The first period's data folder again, one report taken out, with the record.
    let first = {
        let r = ratebook::record::Record::open(&f.record(), ratebook::record::Access::Read).unwrap();
        let periods = r.periods().unwrap();
        r.input_files(periods[0].id).unwrap()
    };
    let revised = f.root.path().join("revised");
    for (name, bytes) in &first {
        if !name.ends_with(&format!("/{code}.xlsx")) {
            let path = revised.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, bytes).unwrap();
        }
    }
    std::fs::rename(f.record(), revised.join("record.sqlite")).unwrap();
    std::fs::remove_dir_all(f.data()).unwrap();
    ["period", "--revise", "--data", "{root}/revised", "--out", "{root}/output"].map(String::from).to_vec()
}

#[test]
fn a_rerate_after_a_killed_period_keeps_the_period_its_output_folder_publishes() {
    let f = Folder::generated(120, 8, 44);
    let killed = f.run_with(&["period"], &[("RATEBOOK_CRASH_AT", "swapped")]);
    assert!(!killed.status.success());
    // The outputs went in; the record holds the revision staged.
    assert!(f.out().join("booklet.pdf").is_file());
    let code = event_without_newcomers_staged(&f.record());
    let errata = f.root.path().join("errata");
    let run = f.run(&["rerate", "--from", "August 1993", "--withdraw", &code, "--out", errata.to_str().unwrap()]);
    ok(&run);
    // Settled by its own output folder: published, then corrected.
    assert_eq!(f.query("SELECT revision, current FROM periods ORDER BY revision"), [["1", "0"], ["2", "1"]]);
    let token = std::fs::read_to_string(f.out().join(".ratebook-record")).unwrap();
    assert_eq!(f.query("SELECT token FROM revision WHERE revision = 1"), [[token]]);
}

/// An event of the (staged) first revision that gave no newcomer an ID.
fn event_without_newcomers_staged(record: &Path) -> String {
    query(
        record,
        "SELECT code FROM event_line WHERE disposition = 'rated'
           AND code NOT IN (SELECT event FROM newcomer) ORDER BY code LIMIT 1",
    )[0][0]
        .clone()
}
