//! Starting the next period in a data folder once this one is published
//! (`ratebook next`): period.toml's dates roll on by the period's length
//! (and its name with them), the player file the period published comes in
//! (with the side files its rule set carries), and the period's reports
//! move to `archive/PERIOD/` with the files it started from, but for the
//! deferred ones (and those skipped for errors), which belong to the next
//! period. [`plan`] says what is to be done ([`NextPeriod`]), [`carry_out`]
//! does it ([`archive`]: all or nothing under a kill); the command checks
//! the record, calls them and prints the plan.

use crate::output_folder::names::{PLAYERS, REMOVED};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use chrono::{Datelike, NaiveDate};

use crate::config::PeriodConfig;
use crate::ingest::data_folder::ARCHIVE;
use crate::ingest::{DataFolder, RawData};
use crate::rate::RatingSystem;
use crate::validate::Disposition;

mod archive;

/// What `next` did (or, on a dry run, would do).
#[derive(Debug, Clone)]
pub struct NextPeriod {
    pub before: PeriodConfig,
    pub after: PeriodConfig,
    pub data: PathBuf,
    pub from: PathBuf,
    /// The archive folder, relative to the data folder.
    pub archive: String,
    /// Players in the player file taken in.
    pub players: usize,
    /// Files taken from the published folder besides players.xlsx (the
    /// side files the rule set declares carried).
    pub carried: Vec<String>,
    /// Reports (and their sidecars) moved to the archive, relative to the data folder.
    pub archived: Vec<String>,
    /// Reports left for the next period, with why.
    pub kept: Vec<(String, String)>,
    /// Players a kept report names whom the maintenance rule removed.
    pub returning: Vec<Returning>,
    /// Players in the published removed.xlsx, archived with the period.
    pub removed: Option<usize>,
    pub dry_run: bool,
}

/// A player whom the period's maintenance rule removed, named by a report
/// kept for the next period: the next player file no longer holds him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Returning {
    pub file: String,
    /// Where his ID is in the report ("sheet Players, cell B29").
    pub cell: String,
    pub id: u32,
    pub name: String,
}

/// The settings of the period after `config` ([`PeriodConfig::rolled`]):
/// every date rolled on by the period's length, the name of the month and
/// year of the new published date when this one is so named, else `name`.
pub fn rolled(config: &PeriodConfig, name: Option<&str>) -> Result<PeriodConfig> {
    config.rolled(name)
}

/// `text` (period.toml) with the keys that roll set to `after`'s values and
/// a setting at its old place moved under `[rules]`, every other comment,
/// key and layout kept; checked by reading it back.
pub fn edited_settings(text: &str, after: &PeriodConfig) -> Result<String> {
    let mut doc: toml_edit::DocumentMut = text.parse().context("period.toml is not TOML")?;
    let date = |d: NaiveDate| {
        toml_edit::Value::from(toml_edit::Datetime {
            date: Some(toml_edit::Date { year: d.year() as u16, month: d.month() as u8, day: d.day() as u8 }),
            time: None,
            offset: None,
        })
    };
    let values = [
        ("period", toml_edit::Value::from(after.period.as_str())),
        ("published", date(after.published)),
        ("start", date(after.start)),
        ("end", date(after.end)),
        ("active_since", date(after.active_since)),
        ("age_date", date(after.age_date)),
    ];
    for (key, mut new) in values {
        // (age_date may be left to its default, 1 January of the published year.)
        if let Some(old) = doc.get_mut(key).and_then(|item| item.as_value_mut()) {
            *new.decor_mut() = old.decor().clone();
            *old = new;
        }
    }
    // A setting still at its old place, the top level, moves under [rules].
    for key in &after.rules.moved {
        let Some(old) = doc.remove(key) else { continue };
        let rules = doc.entry("rules").or_insert(toml_edit::table());
        if let Some(rules) = rules.as_table_mut().filter(|t| !t.contains_key(key)) {
            rules.insert(key, old);
        }
    }
    // The conversion was applied with this period: it applies once.
    doc.remove("switch");
    let edited = doc.to_string();
    let read_back = PeriodConfig::parse(&edited).map_err(|e| anyhow::anyhow!("period.toml as edited: {e}"))?;
    anyhow::ensure!(
        read_back == *after,
        "period.toml as edited does not read back as the next period's settings: edit it by hand"
    );
    Ok(edited)
}

/// What starting the period after `before` (the data folder's) into
/// `after` does: `raw` is the data folder read as its rule set `system`
/// declares, `players` the players of the published list taken in from
/// `from`, `published` what the publication did with each event as the
/// record holds it (by code, upper case; `None` without a record: the
/// reading's own dispositions count).
pub struct Start<'a> {
    pub folder: &'a DataFolder,
    pub from: &'a Path,
    pub after: PeriodConfig,
    pub players: usize,
    pub published: Option<HashMap<String, Disposition>>,
    pub dry_run: bool,
}

/// What [`Start`] comes to: which reports are archived and which kept
/// (with why), the side files carried, the players a kept report names
/// whom the maintenance rule removed.
pub fn plan(start: Start, raw: RawData, system: &dyn RatingSystem) -> NextPeriod {
    let Start { folder, from, after, players, published, dry_run } = start;
    let data = folder.dir();
    let before = folder.config.clone();
    let named = named_ids(&raw);
    let policy = crate::rate::lists::policy(system, &raw.config);
    let validated = crate::validate::validate(raw, &policy);
    let period = &validated.period;
    let mut archived = Vec::new();
    let mut kept = Vec::new();
    for event in &period.events {
        let recorded = published.as_ref().and_then(|p| p.get(&event.code.to_uppercase()));
        let disposition = recorded.cloned().unwrap_or_else(|| event.disposition.clone());
        let why = match &disposition {
            Disposition::Deferred => {
                format!("deferred: ends {}, after {}: it is rated in {}", event.end, before.period, after.period)
            }
            Disposition::Invalid => {
                format!("has errors and was not rated: corrected, it is rated in {} as a late event", after.period)
            }
            _ => {
                archived.push(event.file.clone());
                archived.extend(sidecar(data, &event.file));
                continue;
            }
        };
        kept.push((event.file.clone(), why));
    }
    for file in &period.unreadable {
        kept.push((file.clone(), "could not be read: look at it before the next period".into()));
    }
    let carried: Vec<String> = system
        .inputs()
        .iter()
        .filter(|input| input.carried)
        .map(|input| input.file_name())
        .filter(|name| from.join(name).is_file())
        .collect();
    let removed_file = std::fs::read(from.join(REMOVED))
        .ok()
        .map(|bytes| crate::formats::player_file::read_player_file_bytes(&bytes, REMOVED).0);
    let removed_ids: HashSet<u32> = removed_file.iter().flat_map(|f| f.players.iter().map(|p| p.id)).collect();
    let returning = named
        .into_iter()
        .filter(|(file, _)| kept.iter().any(|(k, _)| k == file))
        .flat_map(|(file, ids)| {
            let ids: Vec<_> = ids.into_iter().filter(|(id, _, _)| removed_ids.contains(id)).collect();
            ids.into_iter().map(move |(id, cell, name)| Returning { file: file.clone(), cell, id, name })
        })
        .collect();
    NextPeriod {
        archive: format!("{ARCHIVE}/{}", folder_name(&before.period)),
        before,
        after,
        data: data.to_path_buf(),
        from: from.to_path_buf(),
        players,
        carried,
        archived,
        kept,
        returning,
        removed: removed_file.map(|f| f.players.len()),
        dry_run,
    }
}

/// Each report's entrants with an ID, as (ID, the cell it is in, name).
fn named_ids(raw: &RawData) -> Vec<(String, Vec<(u32, String, String)>)> {
    raw.reports
        .iter()
        .map(|r| {
            let ids = r
                .players
                .iter()
                .filter_map(|e| e.id.map(|id| (id, e.id_at.position(), format!("{}, {}", e.surname, e.first_names))));
            (r.file.clone(), ids.collect())
        })
        .collect()
}

/// Refuses to start the next period before the record (when the data
/// folder keeps one) holds this one.
pub fn check_recorded(folder: &DataFolder) -> Result<()> {
    let Some(path) = folder.record() else { return Ok(()) };
    let period = &folder.config.period;
    let recorded = path.exists() && {
        let record = crate::record::Record::open(&path, crate::record::Access::Read)?;
        record.current(period)?.is_some()
    };
    if !recorded {
        bail!("{} holds no {period}: publish it (`ratebook period`) before starting the next period", path.display());
    }
    Ok(())
}

/// The players in the list published into `from` (its players.xlsx),
/// which must be this period's.
pub fn published_players(from: &Path, config: &PeriodConfig) -> Result<usize> {
    let path = from.join(PLAYERS);
    let bytes = std::fs::read(&path).map_err(|_| {
        anyhow::anyhow!(
            "there is no {}: publish {} first (`ratebook period`), or name the folder it was published into with --from DIR",
            path.display(),
            config.period
        )
    })?;
    match crate::formats::workbook::creation_date(&bytes) {
        Some(date) if date == config.published => {}
        Some(date) => bail!(
            "{} is the list published on {date}, but period.toml is {} (published {}): publish {} first (`ratebook period`){}",
            path.display(),
            config.period,
            config.published,
            config.period,
            if date < config.published { ", unless it was started already" } else { "" }
        ),
        None => bail!(
            "{} has no published date in its properties: it is not a player file ratebook published",
            path.display()
        ),
    }
    let (file, _) = crate::formats::player_file::read_player_file_bytes(&bytes, PLAYERS);
    Ok(file.players.len())
}

/// A TRF report's sidecar (`NAME.toml` beside `NAME.trf`), if it has one.
fn sidecar(data: &Path, file: &str) -> Option<String> {
    let toml = Path::new(file).with_extension("toml");
    let name = toml.to_string_lossy().replace('\\', "/");
    (name != file && data.join(&toml).is_file()).then_some(name)
}

/// A period's name as a folder's: letters, digits, `-` and `_`, the rest `-`.
fn folder_name(period: &str) -> String {
    let name: String =
        period.trim().chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect();
    if name.is_empty() {
        "period".into()
    } else {
        name
    }
}

/// Does what `done` says: the archive first, then the files taken in, and
/// period.toml last, each whole (see [`archive`]), so that a stopped run
/// is finished by running it again.
pub fn carry_out(done: &NextPeriod, edited: &str, record: Option<PathBuf>) -> Result<()> {
    archive::Archiving {
        data: &done.data,
        from: &done.from,
        archive: done.data.join(&done.archive),
        carried: &done.carried,
        reports: &done.archived,
        settings: edited,
        record: record.map(|path| (path, done.before.period.clone())),
    }
    .carry_out()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::system::SystemName;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn a_four_month_period_rolls_on_four_months_and_takes_its_month_for_a_name() {
        let mut august = PeriodConfig::example(SystemName::Acf);
        august.period = "August 1996".into();
        august.published = d(1996, 8, 1);
        august.start = d(1996, 4, 1);
        august.end = d(1996, 7, 31);
        august.active_since = d(1995, 1, 1);
        august.age_date = d(1996, 1, 1);
        let next = rolled(&august, None).unwrap();
        assert_eq!(next.period, "December 1996");
        assert_eq!((next.start, next.end, next.published), (d(1996, 8, 1), d(1996, 11, 30), d(1996, 12, 1)));
        assert_eq!(next.active_since, d(1995, 5, 1));
        assert_eq!(next.age_date, d(1996, 1, 1), "ages stay at 1 January of the published year");
        let after = rolled(&next, None).unwrap();
        assert_eq!((after.period.as_str(), after.age_date), ("April 1997", d(1997, 1, 1)));
        assert_eq!((after.start, after.end), (d(1996, 12, 1), d(1997, 3, 31)));
    }

    #[test]
    fn a_name_that_is_no_month_needs_one_given() {
        let mut c = PeriodConfig::example(SystemName::Acf);
        c.period = "1993 list 2".into();
        let err = rolled(&c, None).unwrap_err().to_string();
        assert!(err.contains("--name") && err.contains("December 1993"), "{err}");
        assert_eq!(rolled(&c, Some("1993 list 3")).unwrap().period, "1993 list 3");
        let err = rolled(&c, Some(&"x".repeat(100_000))).unwrap_err().to_string();
        assert!(err.starts_with("`--name` is 100000 characters long: at most 200"), "{err}");
    }

    #[test]
    fn editing_keeps_comments_and_other_keys() {
        let c = PeriodConfig::example(SystemName::Acf);
        let text = format!("# our federation's settings\n{}", c.to_toml());
        let next = rolled(&c, None).unwrap();
        let edited = edited_settings(&text, &next).unwrap();
        assert!(edited.starts_with("# our federation's settings\n"), "{edited}");
        assert!(edited.contains("period       = \"December 1993\"        # the list's name\n"), "{edited}");
        assert!(edited.contains("published    = 1993-12-01           # date the list takes effect\n"), "{edited}");
        assert_eq!(PeriodConfig::parse(&edited).unwrap(), next);
    }

    #[test]
    fn a_switch_is_removed_from_the_next_periods_settings() {
        let text =
            format!("{}\n[switch]\ntimes = 7.5\nplus = 700.0\n", PeriodConfig::example(SystemName::Ecf).to_toml());
        let c = PeriodConfig::parse(&text).unwrap();
        assert!(c.switch.is_some());
        let next = rolled(&c, None).unwrap();
        assert_eq!(next.switch, None, "a conversion applies once");
        let edited = edited_settings(&text, &next).unwrap();
        assert!(!edited.contains("[switch]") && !edited.contains("700"), "{edited}");
    }

    #[test]
    fn the_school_year_start_at_its_old_place_moves_under_rules() {
        let text = PeriodConfig::example(SystemName::Cis)
            .to_toml()
            .replace("[states]", "school_year_start = \"08-15\"\n\n[states]");
        let c = PeriodConfig::parse(&text).unwrap();
        assert_eq!(c.rules.moved, ["school_year_start"]);
        let edited = edited_settings(&text, &rolled(&c, None).unwrap()).unwrap();
        let read_back = PeriodConfig::parse(&edited).unwrap();
        assert!(read_back.rules.moved.is_empty(), "{edited}");
        assert!(edited.ends_with("[rules]\nschool_year_start = \"08-15\"\n"), "{edited}");
    }
}
