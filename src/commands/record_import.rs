//! `ratebook record import`: seeds the record from earlier published player
//! files, oldest first, one per period, so that a federation adopting
//! ratebook keeps its history. An imported period holds players only (no
//! events or games, so it cannot be re-rated).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use chrono::NaiveDate;

use crate::config::PeriodConfig;
use crate::diag::Severity;
use crate::ingest::DataFolder;
use crate::model::PlayerFile;
use crate::record::{lines, Access, PeriodLines, PlayerLine, Record};

/// One period imported.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub period: String,
    pub published: NaiveDate,
    pub players: usize,
}

/// Imports `files` (oldest first) into the data folder's record; `periods`
/// names them in order (default: the month and year of each file's date).
pub fn import(folder: &DataFolder, files: &[PathBuf], periods: &[String]) -> Result<Vec<Imported>> {
    let config = &folder.config;
    let Some(path) = folder.record() else {
        bail!("period.toml keeps no record (record = false): there is nowhere to import to");
    };
    import_into(&path, config, files, periods).map_err(|e| crate::record::explain(&path, e))
}

/// A published player file read for import: its period's name, its
/// published date and its players.
struct ToImport {
    period: String,
    published: NaiveDate,
    players: PlayerFile,
}

/// [`import`] into the record at `path`.
fn import_into(path: &Path, config: &PeriodConfig, files: &[PathBuf], periods: &[String]) -> Result<Vec<Imported>> {
    let system = crate::rate::configured(config);
    // Everything is read and checked before the record is touched.
    let read = read_files(files, periods)?;
    let mut record = Record::open(path, Access::Write)?;
    record.settle(None)?;
    if let Some(first) = read.first() {
        record.check_system(config.system.as_str(), &first.period)?;
    }
    let recorded = record.periods()?;
    let mut previous: Vec<PlayerLine> = Vec::new();
    let mut start: Option<NaiveDate> = None;
    let mut done = Vec::new();
    // Every file is staged, then all are published in one transaction: a
    // killed import leaves none of them (the next run removes the staged).
    let mut staged = Vec::new();
    for file in read {
        if recorded.iter().any(|p| p.period == file.period) {
            bail!("{} is in the record already: nothing was imported after it", file.period);
        }
        let lines = period_lines(&file, start, &previous, config, system);
        staged.push(record.stage(&lines, crate::record::Source::Import, None)?);
        done.push(Imported { period: file.period, published: file.published, players: lines.players.len() });
        previous = lines.players;
        start = file.published.succ_opt();
    }
    crate::output_folder::crash_point("imported");
    record.confirm(&staged)?;
    Ok(done)
}

/// Reads and checks `files` (oldest first), named by `periods` in order
/// (default: the month and year of each file's date): each a published
/// player file without errors, each after the one before.
fn read_files(files: &[PathBuf], periods: &[String]) -> Result<Vec<ToImport>> {
    if !periods.is_empty() && periods.len() != files.len() {
        bail!("{} files but {} --period names: give one name per file, in the same order", files.len(), periods.len());
    }
    for name in periods {
        if name.chars().any(crate::diag::is_control) || name.trim().is_empty() {
            bail!(
                "the period name \"{}\" is empty or holds a control character (a line break, an escape or a direction override): type it as plain text",
                crate::diag::escape_controls(name)
            );
        }
    }
    let mut read = Vec::new();
    for (k, file) in files.iter().enumerate() {
        let name = file.display().to_string();
        refuse_report(file, &name)?;
        let (players, mut findings) = crate::formats::player_file::read_player_file(file, &name);
        // Names with control characters would reach the site and the terminal.
        findings.extend(crate::validate::text::check_player_text(&players));
        let errors: Vec<String> =
            findings.iter().filter(|d| d.severity == Severity::Error).map(|d| d.to_string()).collect();
        if !errors.is_empty() {
            bail!("{name} cannot be imported:\n{}", errors.join("\n"));
        }
        let published = workbook_date(file)?;
        let period = periods.get(k).cloned().unwrap_or_else(|| published.format("%B %Y").to_string());
        read.push(ToImport { period, published, players });
    }
    for pair in read.windows(2) {
        if pair[1].published <= pair[0].published {
            bail!(
                "{} ({}) is not after {} ({}): give the files oldest first",
                pair[1].period,
                pair[1].published,
                pair[0].period,
                pair[0].published
            );
        }
    }
    Ok(read)
}

/// The record's lines of an imported period: its players as the file
/// lists them, each change against `previous` (the period imported before;
/// the games of the period counted from its total), the period from
/// `start` (the day after the last one's list) to the day before `file`'s.
fn period_lines(
    file: &ToImport,
    start: Option<NaiveDate>,
    previous: &[PlayerLine],
    config: &PeriodConfig,
    system: &dyn crate::rate::RatingSystem,
) -> PeriodLines {
    let end = file.published.pred_opt().unwrap_or(file.published);
    let mut lines = PeriodLines {
        period: file.period.clone(),
        start: start.unwrap_or(end).to_string(),
        end: end.to_string(),
        published: file.published.to_string(),
        system: config.system.as_str().to_string(),
        ..PeriodLines::default()
    };
    let before: std::collections::HashMap<u32, &PlayerLine> = previous.iter().map(|l| (l.id, l)).collect();
    lines.players = file
        .players
        .players
        .iter()
        .map(|p| {
            let earlier = before.get(&p.id).copied();
            let mut line = PlayerLine {
                id: p.id,
                surname: p.surname.clone(),
                first_names: p.first_names.clone(),
                state: p.state.clone(),
                status: crate::record::lines::LineStatus::Listed(p.status),
                rating: p.rating,
                printed: system.printed(p),
                games_period: p.games.saturating_sub(earlier.map_or(0, |l| l.games_total)),
                games_total: p.games,
                change: None,
            };
            line.change = lines::change(&line, earlier);
            line
        })
        .collect();
    lines.players.sort_by_key(|l| l.id);
    lines.details = file.players.players.iter().map(crate::record::lines::PlayerDetail::of).collect();
    lines.details.sort_by_key(|d| d.id);
    lines
}

/// Refuses a tournament report given as a player file: it has the
/// report's own sheets (Event, and Games or Crosstable).
fn refuse_report(file: &Path, name: &str) -> Result<()> {
    let Ok(workbook) = crate::formats::sheet::Workbook::open(file, name) else { return Ok(()) };
    let report_sheets: Vec<&str> =
        ["Event", "Games", "Crosstable"].into_iter().filter(|s| workbook.sheet(s).is_some()).collect();
    if !report_sheets.is_empty() {
        bail!(
            "{name} is a tournament report (it has the sheet{} {}), not a published player file: `record import` takes the player files the federation published, oldest first",
            if report_sheets.len() > 1 { "s" } else { "" },
            report_sheets.join(", ")
        );
    }
    Ok(())
}

/// The date in a workbook's properties (ratebook writes the published date there).
fn workbook_date(file: &Path) -> Result<NaiveDate> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    anyhow::ensure!(
        zip::ZipArchive::new(std::io::Cursor::new(&bytes)).is_ok(),
        "{} is not an .xlsx workbook (a published player file)",
        file.display()
    );
    crate::formats::workbook::creation_date(&bytes).with_context(|| {
        format!(
            "{} has no date in its properties (ratebook writes the published date there): open it in a spreadsheet program and set its creation date to the published date, or import the {} ratebook published",
            file.display(),
            crate::output_folder::names::PLAYERS
        )
    })
}

/// Imports and says what each period came to.
pub fn said(folder: &DataFolder, files: &[PathBuf], periods: &[String]) -> Result<super::Said> {
    let mut said = super::Said::default();
    for imported in import(folder, files, periods)? {
        said.err(format!(
            "imported {} (published {}): {} players\n",
            imported.period, imported.published, imported.players
        ));
    }
    Ok(said)
}
