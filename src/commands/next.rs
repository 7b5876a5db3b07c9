//! `ratebook next`: starts the next period in the data folder once this one
//! is published ([`crate::next`]): the record checked, the plan made and
//! carried out, and said.

use crate::output_folder::names::{PLAYERS, REMOVED};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::ingest::DataFolder;
pub use crate::next::{NextPeriod, Returning};

/// What to start, from where.
#[derive(Debug, Clone)]
pub struct NextOptions {
    /// The data folder.
    pub folder: DataFolder,
    /// The folder the period was published into (its players.xlsx comes in).
    pub from: PathBuf,
    /// The next period's name, when it cannot be told from this one's.
    pub name: Option<String>,
    /// Say what would be done, and do nothing.
    pub dry_run: bool,
}

/// Starts the next period in `opts.folder` ([`crate::next`]). Refused,
/// with nothing changed, unless the period in period.toml is the one
/// published into `opts.from` (and recorded, when it keeps a record). A run
/// stopped half-way, even killed, is finished by running it again.
pub fn next_period(opts: &NextOptions) -> Result<NextPeriod> {
    let folder = &opts.folder;
    let before = &folder.config;
    let after = before.rolled(opts.name.as_deref())?;
    let players = crate::next::published_players(&opts.from, before)?;
    crate::next::check_recorded(folder)?;
    // (After a correction, the list the record holds now; never one it superseded.)
    super::recording::check_published_list(folder, &before.period, &opts.from)?;
    let edited = crate::next::edited_settings(folder.settings_text(), &after)?;
    let (raw, _, system) = super::read_period(folder)?;
    // What the publication did with each event, as the record holds it
    // (the run read the folder with the record's returning and merged
    // players, and a switch's states, which this reading does not).
    let published = super::recording::published_dispositions(folder, &before.period)?;
    let start = crate::next::Start { folder, from: &opts.from, after, players, published, dry_run: opts.dry_run };
    let done = crate::next::plan(start, raw, system);
    if !opts.dry_run {
        crate::next::carry_out(&done, &edited, folder.record())
            .with_context(|| format!("starting {} in {}", done.after.period, folder.dir().display()))?;
    }
    Ok(done)
}

/// "1 player", "3,113 players".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", super::summary::thousands(n), if n == 1 { one } else { many })
}

/// What was done, for the terminal.
pub fn to_text(done: &NextPeriod) -> String {
    use std::fmt::Write;
    let (b, a) = (&done.before, &done.after);
    let mut out = String::new();
    let verb = if done.dry_run { "Would start" } else { "Started" };
    let _ = writeln!(
        out,
        "{verb} {} in {} ({} {} archived in {}):",
        a.period,
        done.data.display(),
        b.period,
        if done.dry_run { "would be" } else { "is" },
        done.data.join(&done.archive).display()
    );
    let _ = writeln!(
        out,
        "  period.toml   published {}, events ending {} to {}, lists of players active since {}, ages at {}",
        a.published, a.start, a.end, a.active_since, a.age_date
    );
    let _ = writeln!(
        out,
        "                (was {}: published {}, events ending {} to {}, active since {}, ages at {})",
        b.period, b.published, b.start, b.end, b.active_since, b.age_date
    );
    let _ = writeln!(
        out,
        "  players.xlsx  the list {} published ({}, {}); the file it started from is archived",
        b.period,
        done.from.join(PLAYERS).display(),
        plural(done.players, "player", "players")
    );
    for name in &done.carried {
        let _ =
            writeln!(out, "  {name:<13} {} ({}); the one before is archived", b.period, done.from.join(name).display());
    }
    if b.switch.is_some() {
        let _ = writeln!(
            out,
            "  [switch]      {} from period.toml: {} changed the rule set, and a change applies once",
            if done.dry_run { "would be removed" } else { "removed" },
            b.period
        );
    }
    let reports = done.archived.iter().filter(|f| !f.ends_with(".toml")).count();
    let _ = write!(out, "  reports       {reports} archived");
    if done.kept.is_empty() {
        let _ = writeln!(out, "; none kept");
    } else {
        let _ = writeln!(out, "; {} kept for {}:", done.kept.len(), a.period);
        for (file, why) in &done.kept {
            let _ = writeln!(out, "                  {file}  {why}");
        }
    }
    if let Some(n) = done.removed {
        let _ = writeln!(
            out,
            "  removed.xlsx  {} the maintenance rule removed, archived with the period (the record keeps them too)",
            plural(n, "player", "players")
        );
    }
    if !done.returning.is_empty() {
        let _ = writeln!(
            out,
            "A kept report names {} the maintenance rule removed, whom {}'s player file no longer holds:",
            plural(done.returning.len(), "player", "players"),
            a.period
        );
        for r in &done.returning {
            let _ = writeln!(out, "  {}, {}: {} {}", r.file, r.cell, r.id, r.name);
        }
        let _ = writeln!(
            out,
            "  `ratebook period` puts each back with the rating the record holds; without a record, copy the player's row from {} back into players.xlsx (or blank the ID to enter the player as new).",
            Path::new(&done.archive).join(REMOVED).display()
        );
    }
    let _ = writeln!(
        out,
        "Next: put {}'s reports in {} as they come (`ratebook check` checks them); `ratebook period` publishes it.",
        a.period,
        done.data.join("reports").display()
    );
    out
}

/// Runs [`next_period`] and says what it did.
pub fn said(opts: &NextOptions) -> Result<super::Said> {
    let mut said = super::Said::default();
    said.out(to_text(&next_period(opts)?));
    Ok(said)
}
