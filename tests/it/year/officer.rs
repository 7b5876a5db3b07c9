//! An officer at work on a generated federation: a data folder, its
//! output folder and record, the commands run through the binary as he
//! types them, and each new period's reports drawn from the player file
//! the period before published.

use std::path::{Path, PathBuf};
use std::process::Output;

use super::federation::Federation;
use crate::common::copy_tree;
use crate::common::{binary, stderr};

/// The officer's folders, and the federation whose reports come in.
pub struct Officer {
    pub root: tempfile::TempDir,
    pub federation: Federation,
}

impl Officer {
    /// A federation of `players` players and `events` events a period,
    /// drawn from `seed`; its first period ready in the data folder, a
    /// year long (so that `next` rolls on to the period its generator
    /// draws next).
    pub fn new(players: usize, events: usize, seed: u64) -> Officer {
        let root = tempfile::tempdir().unwrap();
        let mut federation = Federation::new(root.path(), players, events, seed);
        let drawn = federation.draw(None);
        let officer = Officer { root, federation };
        copy_tree(&drawn, &officer.data());
        let settings = officer.data().join("period.toml");
        let text = std::fs::read_to_string(&settings).unwrap();
        let mut config = ratebook::config::PeriodConfig::parse(&text).unwrap();
        config.start = config.end.succ_opt().unwrap().checked_sub_months(chrono::Months::new(12)).unwrap();
        std::fs::write(&settings, config.to_toml()).unwrap();
        officer
    }

    pub fn data(&self) -> PathBuf {
        self.root.path().join("data")
    }

    pub fn out(&self) -> PathBuf {
        self.root.path().join("output")
    }

    pub fn record(&self) -> PathBuf {
        self.data().join("record.sqlite")
    }

    /// Runs `ratebook ARGS --data DATA` (and `--out OUTPUT` for `period`
    /// when not given), as the officer types it.
    pub fn run(&self, args: &[&str]) -> Output {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.extend(["--data".to_string(), self.data().display().to_string()]);
        if args[0] == "period" && !args.contains(&"--out") {
            all.extend(["--out".to_string(), self.out().display().to_string()]);
        }
        std::process::Command::new(binary()).args(&all).output().expect("the binary runs")
    }

    /// Runs a command that must succeed.
    pub fn ok(&self, args: &[&str]) -> Output {
        let run = self.run(args);
        assert!(run.status.success(), "{args:?} failed:\n{}", stderr(&run));
        run
    }

    /// The next period's reports drawn from the player file `published`
    /// (the list the period before ended with), copied into the data
    /// folder's reports beside those `next` kept. (The generator numbers a
    /// late event by its year, so that it may draw another event under the
    /// code of one the record holds: such a report is left out, as no state
    /// officer sends two events under one code.)
    pub fn draw_reports(&mut self, published: &Path) {
        let drawn = self.federation.draw(Some(published));
        let held: Vec<String> = match self.record().is_file() {
            true => self.query("SELECT DISTINCT UPPER(code) FROM events").into_iter().map(|r| r[0].clone()).collect(),
            false => Vec::new(),
        };
        for state in std::fs::read_dir(drawn.join("reports")).unwrap() {
            let state = state.unwrap().path();
            let into = self.data().join("reports").join(state.file_name().unwrap());
            std::fs::create_dir_all(&into).unwrap();
            for report in std::fs::read_dir(&state).unwrap() {
                let report = report.unwrap().path();
                let code = report.file_stem().unwrap().to_string_lossy().to_uppercase();
                if !held.contains(&code) && !into.join(report.file_name().unwrap()).exists() {
                    std::fs::copy(&report, into.join(report.file_name().unwrap())).unwrap();
                }
            }
        }
    }

    /// Every row of a query of the record, each value as text.
    pub fn query(&self, sql: &str) -> Vec<Vec<String>> {
        crate::record::query(&self.record(), sql)
    }

    /// The record's bytes.
    pub fn record_bytes(&self) -> Vec<u8> {
        std::fs::read(self.record()).unwrap()
    }

    /// The record's bytes, if there is one yet.
    pub fn record_bytes_if_any(&self) -> Option<Vec<u8>> {
        std::fs::read(self.record()).ok()
    }
}
