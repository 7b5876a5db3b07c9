//! Publishing: the lists (polars), the workbooks (rust_xlsxwriter), the
//! booklet (typst) and the validation report. Publishing never computes
//! ratings; it writes every file into a temporary folder beside the output
//! folder and moves them into place only when all succeeded.

pub mod booklet;
pub mod booklet_data;
pub mod lists;
pub mod player_file;
pub mod validation_report;
pub mod workbook;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::model::PlayerFile;
use crate::rate::{RatingSystem, Ratings};
use crate::validate::ValidPeriod;
use booklet_data::{BookletData, EventLine, StateEvents, Totals};
use lists::{long_date, Lists};

/// The new player file and the players the maintenance rule removes.
pub fn split_player_file(period: &ValidPeriod, ratings: &Ratings) -> (PlayerFile, PlayerFile) {
    let mut kept = PlayerFile { players: Vec::new(), extra_columns: period.players.extra_columns.clone() };
    let mut removed = kept.clone();
    for (p, gone) in ratings.players.iter().zip(&ratings.removed) {
        if *gone {
            removed.players.push(p.clone());
        } else {
            kept.players.push(p.clone());
        }
    }
    (kept, removed)
}

/// What the booklet shows, from the same lists as ratings.xlsx.
pub fn booklet_data(period: &ValidPeriod, ratings: &Ratings, lists: &Lists, system: &dyn RatingSystem) -> BookletData {
    let c = &period.config;
    let line = |e: &crate::validate::Event| EventLine {
        code: e.code.clone(),
        name: e.name.clone(),
        state: e.state.clone(),
        note: e.disposition.note(),
    };
    let events_rated = c
        .states
        .iter()
        .map(|(code, name)| StateEvents {
            code: code.clone(),
            name: name.clone(),
            events: period.events.iter().filter(|e| e.disposition.is_rated() && &e.state == code).map(line).collect(),
        })
        .collect();
    let events_not_rated = period.events.iter().filter(|e| !e.disposition.is_rated()).map(line).collect();
    let rated_events = period.events.iter().filter(|e| e.disposition.is_rated()).count() as u32;
    let games_rated = lists.games_this_period.iter().map(|&g| g as u64).sum::<u64>() / 2;
    let _ = ratings;
    BookletData {
        federation: c.federation.clone(),
        period: c.period.clone(),
        published: c.published.to_string(),
        published_long: long_date(c.published),
        active_since_long: long_date(c.active_since),
        age_date_long: long_date(c.age_date),
        system: system.id().to_string(),
        lists: lists.booklet_lists(),
        states: lists.booklet_states(),
        events_rated,
        events_not_rated,
        tables: system.tables(),
        totals: Totals { active_players: lists.active_players, rated_events, games_rated: games_rated as u32 },
    }
}

/// Files written into a staging folder, then moved into the output folder
/// together; if anything fails, the output folder is left as it was.
pub struct Staging {
    dir: PathBuf,
    out: PathBuf,
    names: Vec<String>,
}

impl Staging {
    /// A fresh staging folder beside `out`.
    pub fn new(out: &Path) -> Result<Staging> {
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = out.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| "output".into());
        let dir = parent.join(format!(".{name}.tmp-{}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir).ok();
        }
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the staging folder {} beside the output folder", dir.display()))?;
        Ok(Staging { dir, out: out.to_path_buf(), names: Vec::new() })
    }

    /// Where to write a file named `name` (it is moved into place by [`Staging::commit`]).
    pub fn path(&mut self, name: &str) -> PathBuf {
        self.names.push(name.to_string());
        self.dir.join(name)
    }

    /// Writes bytes as `name`.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> Result<()> {
        let path = self.path(name);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))
    }

    /// Moves every staged file into the output folder.
    pub fn commit(self) -> Result<()> {
        std::fs::create_dir_all(&self.out)
            .with_context(|| format!("cannot create the output folder {}", self.out.display()))?;
        // Check the output folder takes files before replacing anything.
        let probe = self.out.join(format!(".ratebook-probe-{}", std::process::id()));
        std::fs::write(&probe, b"").with_context(|| format!("cannot write to the output folder {}", self.out.display()))?;
        std::fs::remove_file(&probe).ok();
        for name in &self.names {
            let from = self.dir.join(name);
            let to = self.out.join(name);
            std::fs::rename(&from, &to).or_else(|_| std::fs::copy(&from, &to).map(|_| ()))
                .with_context(|| format!("cannot move {name} into {}", self.out.display()))?;
        }
        std::fs::remove_dir_all(&self.dir).ok();
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if self.dir.exists() {
            std::fs::remove_dir_all(&self.dir).ok();
        }
    }
}
