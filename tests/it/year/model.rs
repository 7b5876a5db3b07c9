//! The model-based test of issue 43: random sequences of the officer's
//! commands (period, with `--dry-run` and `--skip-invalid`; next; rerate
//! with an event withdrawn or a result fixed; `period --revise` of a
//! recorded period; merge; a switch to Glicko-2; compare; a broken report
//! dropped in and taken out) over a small generated federation, through
//! the binary. A model says what each command must do and what the record
//! must then hold (its periods and each one's revisions); after every step
//! the record is checked against it, and the invariants hold
//! ([`super::invariants`]). A failure prints the seed and the sequence.
//!
//! The suite runs a few hundred steps; `cargo test -- --ignored` runs
//! `RATEBOOK_MODEL_STEPS` (default 1,000) from `RATEBOOK_MODEL_SEED`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::federation::result_fixed;
use super::invariants;
use super::officer::Officer;
use crate::common::{publication_files, stderr};

/// The most periods a sequence records (each step stays fast).
const MAX_PERIODS: usize = 6;

/// One command of the officer's, as drawn.
#[derive(Debug, Clone)]
enum Step {
    Period { skip_invalid: bool, dry_run: bool },
    Next,
    Withdraw { period: String, code: String },
    FixResult { period: String, code: String },
    Revise { period: String, code: String },
    Duplicate,
    Merge { keep: u32, drop: u32 },
    Switch,
    Compare { system: &'static str },
    Break,
    Unbreak,
}

/// What the record must hold, and what the data folder holds.
#[derive(Debug, Default)]
struct Model {
    /// Each recorded period's published revisions, in the order recorded.
    revisions: BTreeMap<String, i64>,
    /// The recorded periods, oldest first.
    periods: Vec<String>,
    /// A report with an error lies in the data folder.
    broken: Option<PathBuf>,
    /// A correction came after `next`: the data folder's player file may
    /// be the list as it was before the correction.
    maybe_stale: bool,
    /// The data folder's period.toml names Glicko-2; the record is switched.
    switch_pending: bool,
    switched: bool,
    /// Files written so far (reports fixed, folders revised), for names.
    written: usize,
    /// A player entered again as a newcomer in the data folder's period:
    /// (his ID, the event, his start number there).
    entering_again: Option<(u32, String, u32)>,
    /// One person under two IDs, published: (his own, the second).
    duplicates: Vec<(u32, u32)>,
}

/// The officer, the model, the generator of steps.
struct Trial {
    officer: Officer,
    model: Model,
    rng: ChaCha8Rng,
}

impl Trial {
    /// The data folder's period, as its period.toml names it.
    fn data_period(&self) -> String {
        let text = std::fs::read_to_string(self.officer.data().join("period.toml")).unwrap();
        ratebook::config::PeriodConfig::parse(&text).unwrap().period
    }

    fn recorded(&self, period: &str) -> bool {
        self.model.revisions.contains_key(period)
    }

    /// Events of a recorded period that can be withdrawn without taking
    /// an ID from a player of a later report: rated, giving no newcomer an ID.
    fn withdrawable(&self, period: &str) -> Vec<String> {
        let sql = format!(
            "SELECT e.code FROM events e WHERE e.period = '{period}' AND e.disposition IN ('rated', 'late')
               AND e.code NOT IN (SELECT n.event FROM newcomer n JOIN revision r ON r.id = n.revision_id
                                  WHERE r.period = '{period}')
             ORDER BY e.code"
        );
        self.officer.query(&sql).into_iter().map(|r| r[0].clone()).collect()
    }

    /// A recorded period, at random.
    fn a_period(&mut self) -> Option<String> {
        let periods = &self.model.periods;
        (!periods.is_empty()).then(|| periods[self.rng.random_range(0..periods.len())].clone())
    }

    /// Draws the next step from those that make sense now.
    fn draw(&mut self) -> Step {
        let data_recorded = self.recorded(&self.data_period());
        let mut steps: Vec<(u32, Step)> = vec![
            (4, Step::Period { skip_invalid: false, dry_run: false }),
            (2, Step::Period { skip_invalid: true, dry_run: false }),
            (1, Step::Period { skip_invalid: false, dry_run: true }),
        ];
        // (A player entered twice is merged before the next period is drawn:
        // the generator would take his second ID for another person.)
        if (self.model.periods.len() < MAX_PERIODS || !data_recorded) && self.model.duplicates.is_empty() {
            steps.push((if data_recorded { 4 } else { 1 }, Step::Next));
        }
        if let Some(period) = self.a_period() {
            let codes = self.withdrawable(&period);
            if !codes.is_empty() {
                let code = codes[self.rng.random_range(0..codes.len())].clone();
                steps.push((2, Step::Withdraw { period: period.clone(), code: code.clone() }));
                steps.push((2, Step::FixResult { period: period.clone(), code: code.clone() }));
                steps.push((1, Step::Revise { period, code }));
            }
            let system = if self.model.switched { "acf" } else { "fide" };
            steps.push((1, Step::Compare { system }));
        }
        if let Some(&(keep, drop)) = self.model.duplicates.first() {
            steps.push((2, Step::Merge { keep, drop }));
        }
        if !data_recorded && self.model.entering_again.is_none() {
            steps.push((1, Step::Duplicate));
        }
        if !data_recorded && !self.model.switched && !self.model.switch_pending && !self.model.periods.is_empty() {
            steps.push((1, Step::Switch));
        }
        match &self.model.broken {
            None if !data_recorded => steps.push((1, Step::Break)),
            Some(_) if !data_recorded => steps.push((2, Step::Unbreak)),
            _ => {}
        }
        let total: u32 = steps.iter().map(|(w, _)| w).sum();
        let mut pick = self.rng.random_range(0..total);
        for (weight, step) in steps {
            if pick < weight {
                return step;
            }
            pick -= weight;
        }
        unreachable!("a step is drawn")
    }

    /// The periods from `period` to the last: each gets a revision.
    fn revised_from(&mut self, period: &str) {
        let from = self.model.periods.iter().position(|p| p == period).expect("a recorded period");
        for p in &self.model.periods[from..] {
            *self.model.revisions.get_mut(p).unwrap() += 1;
        }
        if !self.recorded(&self.data_period()) {
            self.model.maybe_stale = true;
        }
    }

    /// Runs `step`, checks what it did against the model, and updates it.
    fn run(&mut self, step: &Step) {
        let before = (self.officer.record_bytes_if_any(), publication_files(&self.officer.out()));
        let unchanged = |trial: &Trial, what: &str| {
            assert!(trial.officer.record_bytes_if_any() == before.0, "{what}: the record is unchanged");
            let mut now = publication_files(&trial.officer.out());
            let mut was = before.1.clone();
            now.remove("validation.txt");
            was.remove("validation.txt");
            assert!(now == was, "{what}: the output folder is unchanged");
        };
        match step {
            Step::Period { skip_invalid, dry_run } => self.period(*skip_invalid, *dry_run, &unchanged),
            Step::Next => {
                let published = self.recorded(&self.data_period());
                let run = self.officer.run(&["next", "--from", self.officer.out().to_str().unwrap()]);
                if published {
                    assert!(run.status.success(), "next: {}", stderr(&run));
                    self.model.maybe_stale = false;
                    let published = self.officer.out().join("players.xlsx");
                    self.officer.draw_reports(&published);
                } else {
                    assert_eq!(run.status.code(), Some(2), "next before the period is published: {}", stderr(&run));
                    unchanged(self, "next refused");
                }
            }
            Step::Withdraw { period, code } => {
                self.officer.ok(&["rerate", "--from", period, "--withdraw", code]);
                self.revised_from(period);
            }
            Step::FixResult { period, code } => self.fix_result(period, code, &unchanged),
            Step::Revise { period, code } => self.revise(period, code),
            Step::Duplicate => self.enter_again(),
            Step::Merge { keep, drop } => {
                self.model.duplicates.remove(0);
                let (keep, drop) = (keep.to_string(), drop.to_string());
                let games = format!("SELECT COUNT(*) FROM games WHERE {drop} IN (white_id, black_id)");
                if self.officer.query(&games) == [["0"]] {
                    // (His games under the second ID withdrawn since: nothing to merge.)
                    let run = self.officer.run(&["merge", &keep, &drop]);
                    assert_eq!(run.status.code(), Some(2), "a merge of an ID with no games: {}", stderr(&run));
                    return unchanged(self, "merge refused");
                }
                self.officer.ok(&["merge", &keep, &drop]);
                let first = self.officer.query(&format!(
                    "SELECT period FROM periods WHERE current = 1 AND period IN
                       (SELECT period FROM revision r JOIN game_line g ON g.revision_id = r.id
                        WHERE r.state = 'published' AND {drop} IN (g.white_id, g.black_id))
                     ORDER BY \"end\" LIMIT 1"
                ));
                // (The games are KEEP's now: the first period DROP played in, before.)
                let first = first.first().map(|r| r[0].clone());
                self.revised_from(&first.expect("DROP played in a recorded period"));
            }
            Step::Switch => {
                let settings = self.officer.data().join("period.toml");
                let text = std::fs::read_to_string(&settings).unwrap();
                let system = text.lines().find(|l| l.starts_with("system")).unwrap().to_string();
                std::fs::write(&settings, text.replace(&system, "system = \"glicko2\"")).unwrap();
                self.model.switch_pending = true;
            }
            Step::Compare { system } => {
                let run = self.officer.run(&["compare", "--system", system]);
                assert!(run.status.success(), "compare: {}", stderr(&run));
                unchanged(self, "compare");
            }
            Step::Break => self.break_a_report(),
            Step::Unbreak => {
                std::fs::remove_file(self.model.broken.take().unwrap()).unwrap();
            }
        }
    }

    /// `period`, as the model says it must go: a new period recorded, the
    /// recorded one published again, a refusal for a report in error or for
    /// a player file a correction superseded (whose advice is then followed).
    fn period(&mut self, skip_invalid: bool, dry_run: bool, unchanged: &dyn Fn(&Trial, &str)) {
        let mut args = vec!["period"];
        if skip_invalid {
            args.push("--skip-invalid");
        }
        if dry_run {
            args.push("--dry-run");
        }
        let run = self.officer.run(&args);
        let said = stderr(&run);
        let period = self.data_period();
        let errors = self.model.broken.is_some() && !skip_invalid;
        if dry_run {
            assert!(run.status.code().is_some_and(|c| c <= 2), "{said}");
            return unchanged(self, "a dry run");
        }
        if errors {
            assert_eq!(run.status.code(), Some(1), "a report in error: {said}");
            return unchanged(self, "refused for errors");
        }
        if self.recorded(&period) {
            assert!(run.status.success(), "{period} published again: {said}");
            return unchanged(self, "published again (the record)");
        }
        let corrected = self.officer.out().join("players.xlsx");
        if run.status.code() == Some(2) && self.model.maybe_stale && said.contains(&corrected.display().to_string()) {
            // The advice: the corrected list, which this period starts from.
            unchanged(self, "refused the superseded list");
            std::fs::copy(&corrected, self.officer.data().join("players.xlsx")).unwrap();
            self.model.maybe_stale = false;
            return self.period(skip_invalid, false, unchanged);
        }
        assert!(run.status.success(), "{period}, a new period: {said}");
        if let Some((id, code, no)) = self.model.entering_again.take() {
            let given = self.officer.query(&format!(
                "SELECT n.player_id FROM newcomer n JOIN current_revision c ON c.id = n.revision_id
                 WHERE c.period = '{period}' AND n.event = '{code}' AND n.number = {no}"
            ));
            if let Some(row) = given.first() {
                self.model.duplicates.push((id, row[0].parse().unwrap()));
            }
        }
        self.model.revisions.insert(period.clone(), 1);
        self.model.periods.push(period);
        self.model.maybe_stale = false;
        if std::mem::take(&mut self.model.switch_pending) {
            self.model.switched = true;
        }
    }

    /// The recorded report of event `code` in `period`'s current revision:
    /// (its path there, its bytes).
    fn recorded_report(&self, period: &str, code: &str) -> Option<(String, Vec<u8>)> {
        let record = ratebook::record::Record::open(&self.officer.record(), ratebook::record::Access::Read).unwrap();
        let revision = record.current(period).unwrap().unwrap();
        let files = record.input_files(revision.id).unwrap();
        files.into_iter().find(|(path, bytes)| {
            path.starts_with("reports/")
                && path.ends_with(".xlsx")
                && ratebook::formats::report::read::read_report_bytes(bytes, path)
                    .0
                    .is_some_and(|r| r.event.code.is_some_and(|c| c.value.eq_ignore_ascii_case(code)))
        })
    }

    /// `rerate --add` of event `code`'s report with a result fixed.
    fn fix_result(&mut self, period: &str, code: &str, unchanged: &dyn Fn(&Trial, &str)) {
        let stamp = crate::common::date(1993, 8, 1);
        let fixed = self.recorded_report(period, code).and_then(|(_, bytes)| result_fixed(&bytes, stamp));
        let Some(fixed) = fixed else {
            // (No decisive game to fix: nothing to do.)
            return unchanged(self, "no result to fix");
        };
        self.model.written += 1;
        let file = self.officer.root.path().join(format!("{code}-fixed-{}.xlsx", self.model.written));
        std::fs::write(&file, fixed).unwrap();
        self.officer.ok(&["rerate", "--from", period, "--add", file.to_str().unwrap()]);
        self.revised_from(period);
    }

    /// `period --revise` of `period` from a folder of its current inputs,
    /// the report of `code` taken out, sharing the record through a link.
    fn revise(&mut self, period: &str, code: &str) {
        let record = ratebook::record::Record::open(&self.officer.record(), ratebook::record::Access::Read).unwrap();
        let revision = record.current(period).unwrap().unwrap();
        let files = record.input_files(revision.id).unwrap();
        drop(record);
        let (taken, _) = self.recorded_report(period, code).expect("the event's report is recorded");
        self.model.written += 1;
        let folder = self.officer.root.path().join(format!("revised-{}", self.model.written));
        for (name, bytes) in files.iter().filter(|(name, _)| *name != taken) {
            let path = folder.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, bytes).unwrap();
        }
        std::os::unix::fs::symlink(self.officer.record(), folder.join("record.sqlite")).unwrap();
        let out = self.officer.out();
        let run = crate::common::ratebook(&[
            "period",
            "--revise",
            "--data",
            folder.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(run.status.success(), "period --revise of {period}: {}", stderr(&run));
        self.revised_from(period);
    }

    /// A player of a report in the data folder entered again as a newcomer,
    /// his surname misspelt: published, he holds two IDs.
    fn enter_again(&mut self) {
        let file = crate::common::read_players(&self.officer.data().join("players.xlsx"));
        let mut reports: Vec<PathBuf> = Vec::new();
        for state in std::fs::read_dir(self.officer.data().join("reports")).unwrap() {
            reports.extend(std::fs::read_dir(state.unwrap().path()).unwrap().map(|e| e.unwrap().path()));
        }
        reports.sort();
        reports.retain(|r| Some(r) != self.model.broken.as_ref());
        for report in reports {
            let bytes = std::fs::read(&report).unwrap();
            let (read, _) = ratebook::formats::report::read::read_report_bytes(&bytes, "report.xlsx");
            let Some(read) = read else { continue };
            let Some(entrant) =
                read.players.iter().find(|p| p.id.is_some_and(|id| file.players.iter().any(|f| f.id == id)))
            else {
                continue;
            };
            let (id, no) = (entrant.id.unwrap(), entrant.no);
            let code = read.event.code.as_ref().unwrap().value.clone();
            if let Some(again) = super::federation::entered_again(&bytes, crate::common::date(1993, 8, 1), id) {
                std::fs::write(&report, again).unwrap();
                self.model.entering_again = Some((id, code, no));
                return;
            }
        }
    }

    /// A report with a result no one can read, dropped into the data folder.
    fn break_a_report(&mut self) {
        let data = self.officer.data();
        let text = std::fs::read_to_string(data.join("period.toml")).unwrap();
        let config = ratebook::config::PeriodConfig::parse(&text).unwrap();
        let file = crate::common::read_players(&data.join("players.xlsx"));
        let (a, b) = (&file.players[0], &file.players[1]);
        self.model.written += 1;
        let code = format!("V{}X{}", config.end.format("%y"), self.model.written);
        let entrants = vec![crate::common::entrant(1, a), crate::common::entrant(2, b)];
        let end = config.end - chrono::Duration::days(10);
        let report = crate::common::event(&code, "V", end, entrants, vec![(1, 1, Some(2), "3-0")]);
        let path = data.join("reports/V").join(format!("{code}.xlsx"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        ratebook::formats::report::write::write_report(&path, &report, config.published).unwrap();
        self.model.broken = Some(path);
    }

    /// The record holds what the model says: each period's revisions, all
    /// published.
    fn check_model(&self) {
        if self.officer.record_bytes_if_any().is_none() {
            return assert!(self.model.periods.is_empty(), "no record, no period");
        }
        let rows =
            self.officer.query("SELECT period, COUNT(*) FROM revision WHERE state = 'published' GROUP BY period");
        let held: BTreeMap<String, i64> = rows.into_iter().map(|r| (r[0].clone(), r[1].parse().unwrap())).collect();
        assert_eq!(held, self.model.revisions, "the record's periods and revisions are the model's");
        let staged = self.officer.query("SELECT COUNT(*) FROM revision WHERE state <> 'published'");
        assert_eq!(staged, [["0"]], "nothing is left staged");
        let order = self.officer.query("SELECT period FROM periods WHERE current = 1 ORDER BY \"end\"");
        let order: Vec<String> = order.into_iter().map(|r| r[0].clone()).collect();
        assert_eq!(order, self.model.periods, "the periods in order");
    }
}

/// Plays `steps` steps drawn from `seed`; on a failure, says the seed, the
/// step and the sequence that led to it.
fn play(seed: u64, steps: usize) {
    let mut trial =
        Trial { officer: Officer::new(40, 5, seed), model: Model::default(), rng: ChaCha8Rng::seed_from_u64(seed) };
    let mut sequence: Vec<String> = Vec::new();
    for k in 0..steps {
        let step = trial.draw();
        sequence.push(format!("{k:>4} {step:?}"));
        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            trial.run(&step);
            trial.check_model();
            let (out, record) = (trial.officer.out(), trial.officer.record());
            if record.is_file() {
                invariants::check(&out, &record, &format!("step {k} {step:?}"));
            }
        }));
        if let Err(panic) = done {
            // (The folders stay, for a look.)
            let kept = std::mem::replace(&mut trial.officer.root, tempfile::tempdir().unwrap()).keep();
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!(
                "the model-based test failed with seed {seed} at step {k} ({step:?}):\n{why}\n\nthe sequence:\n{}\n\nthe folders are kept in {}\nrun it again: RATEBOOK_MODEL_SEED={seed} RATEBOOK_MODEL_STEPS={} cargo test --test it random_officers_commands_long -- --ignored",
                sequence.join("\n"),
                kept.display(),
                k + 1
            );
        }
    }
    if std::env::var_os("RATEBOOK_MODEL_KEEP").is_some() {
        eprintln!("the folders are kept in {}", trial.officer.root.keep().display());
    }
}

#[test]
fn random_officers_commands_keep_the_invariants() {
    for seed in [43, 4302, 4303] {
        play(seed, 80);
    }
}

#[test]
#[ignore = "long: RATEBOOK_MODEL_STEPS steps (default 1,000) from RATEBOOK_MODEL_SEED"]
fn random_officers_commands_long() {
    let number = |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    play(number("RATEBOOK_MODEL_SEED", 1993), number("RATEBOOK_MODEL_STEPS", 1000) as usize);
}
