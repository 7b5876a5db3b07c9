//! `ratebook stats`: the statistics of the record's last period, read from
//! the record alone (nothing is rated or published): the Trends over every
//! recorded period and that period's Change of the Mean, By Age and By State, or with `--json`
//! every table as the site's `downloads/statistics.json` holds it.

use anyhow::{bail, Result};

use crate::ingest::DataFolder;
use crate::record::{Access, Record};
use crate::statistics::{self, Settings, StatTable, Statistics};

/// The tables `ratebook stats` prints (and By State, named in the rule
/// set's word for the federation's parts: By Region, By Union …).
const PRINTED: [&str; 3] = ["Trends", "Change of the Mean", "By Age"];

/// The statistics of the last recorded period, with the settings of the
/// data folder's `period.toml`.
pub fn from_record(folder: &DataFolder) -> Result<Statistics> {
    let config = &folder.config;
    let Some(path) = folder.record() else {
        bail!("period.toml keeps no record (record = false): there are no recorded periods to count");
    };
    let record = Record::open(&path, Access::Read)?;
    let periods = record.recorded_periods(config)?;
    let Some((last, earlier)) = periods.split_last() else {
        bail!("the record {} holds no period yet: publish one with `ratebook period`", path.display());
    };
    let Some(now) = record.period_facts(last)? else {
        bail!(
            "{} was recorded before the record kept who was active and players' birth dates: publish it again with `ratebook period --revise` (or the next period) to count it",
            last.name
        );
    };
    let earlier = record.earlier_periods(earlier)?;
    statistics::compute(&now, &earlier, &Settings::of(config, crate::rate::configured(config).words()), true)
}

/// Trends, Change of the Mean, By Age and By State as aligned text.
pub fn to_text(statistics: &Statistics) -> String {
    let mut out = format!("Statistics of {}, from the record\n", statistics.period);
    let by_region = statistics.tables.iter().find(|t| t.name.starts_with("By ") && t.name != "By Age");
    for table in PRINTED.iter().filter_map(|name| statistics.table(name)).chain(by_region) {
        out += &format!("\n{}\n{}\n\n{}", table.name, table.note, table_text(table));
    }
    out
}

/// A table in columns: text flush left, numbers flush right.
fn table_text(table: &StatTable) -> String {
    let cells: Vec<Vec<String>> = table.rows.iter().map(|r| r.iter().map(|c| c.printed()).collect()).collect();
    let numeric: Vec<bool> = (0..table.columns.len())
        .map(|c| table.rows.iter().all(|r| !matches!(r[c], statistics::Cell::Text(_))))
        .collect();
    let widths: Vec<usize> = (0..table.columns.len())
        .map(|c| {
            cells.iter().map(|r| r[c].chars().count()).chain([table.columns[c].chars().count()]).max().unwrap_or(0)
        })
        .collect();
    let line = |row: &[String]| -> String {
        let parts: Vec<String> =
            row.iter()
                .enumerate()
                .map(|(c, text)| {
                    if numeric[c] {
                        format!("{text:>w$}", w = widths[c])
                    } else {
                        format!("{text:<w$}", w = widths[c])
                    }
                })
                .collect();
        parts.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = line(&table.columns);
    for row in &cells {
        out += &line(row);
    }
    out
}

/// Says the record's statistics: as text, or every table as JSON.
pub fn said(folder: &DataFolder, json: bool) -> Result<super::Said> {
    let statistics = from_record(folder)?;
    let mut said = super::Said::default();
    said.out(if json { statistics.to_json() } else { to_text(&statistics) });
    Ok(said)
}
