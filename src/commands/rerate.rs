//! `ratebook rerate` and `ratebook merge`: a correction applied to a recorded
//! period and every later one, re-rated by the record ([`crate::record::rerate`]);
//! here the result is recorded as new revisions (the originals stay),
//! together with the errata and the last period's corrected player file,
//! all in one commit.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Result};

use crate::config::PeriodConfig;
use crate::ingest::DataFolder;
use crate::publish::Staging;
use crate::record::errata::Errata;
pub use crate::record::rerate::Correction;
use crate::record::rerate::{Outcome, Rerating};
use crate::record::{Access, Record};
use crate::timings::Timings;

/// What `rerate` and `merge` are asked.
#[derive(Debug, Clone)]
pub struct RerateOptions {
    pub out: PathBuf,
    /// The first period to re-rate (`None` for a merge: the first period DROP played in).
    pub from: Option<String>,
    pub correction: Correction,
    pub dry_run: bool,
}

/// What a re-rating did.
pub struct Rerated {
    /// The correction was in the record already (what to say): nothing done.
    pub done_before: Option<String>,
    /// The periods re-rated, oldest first, with the revision each became
    /// (`None` in a dry run).
    pub periods: Vec<(String, Option<i64>)>,
    pub errata: Errata,
    /// Wall time of each stage, summed over the periods.
    pub timings: Timings,
}

impl Rerated {
    fn done_before(said: String) -> Rerated {
        Rerated { done_before: Some(said), periods: Vec::new(), errata: Errata::new(0.0), timings: Timings::default() }
    }
}

/// Re-rates from the record and records the result (unless a dry run),
/// writing the errata and the last period's corrected player file to `out`.
pub fn rerate(folder: &DataFolder, opts: &RerateOptions) -> Result<Rerated> {
    rerate_with(folder, opts, None)
}

/// [`rerate`] with the record already open (and locked) by the caller
/// (`period --revise`), or opened here when `None`.
pub fn rerate_with(folder: &DataFolder, opts: &RerateOptions, record: Option<Record>) -> Result<Rerated> {
    let timings = Timings::default();
    let started = Instant::now();
    let Some(path) = folder.record() else {
        bail!("period.toml keeps no record (record = false): there is nothing to re-rate");
    };
    rerate_record(folder, opts, &path, record, timings, started).map_err(|e| crate::record::explain(&path, e))
}

/// [`rerate_with`] of the record at `path`.
fn rerate_record(
    folder: &DataFolder,
    opts: &RerateOptions,
    path: &Path,
    record: Option<Record>,
    mut timings: Timings,
    started: Instant,
) -> Result<Rerated> {
    let config = &folder.config;
    crate::publish::staging::check_output_folder(&opts.out, folder.dir())?;
    // The record (locked for the whole run) and the output folder are
    // taken, and what a killed run left is settled, before anything is
    // decided: a correction a killed run put in is then seen as done.
    let mut record = match (record, opts.dry_run) {
        (Some(record), _) => record,
        (None, false) => Record::open(path, Access::WriteExisting)?,
        (None, true) => Record::open(path, Access::Read)?,
    };
    let staging = if opts.dry_run { None } else { Some(Staging::new(&opts.out)?) };
    if let Some(staging) = &staging {
        record.settle(Some(staging.out()))?;
    }
    timings.record("open", started);
    let from = opts.from.as_deref();
    let rerating =
        match crate::record::rerate::rerate(&record, from, &opts.correction, config.errata_tolerance, &mut timings)? {
            Outcome::Held(said) => return Ok(Rerated::done_before(said)),
            Outcome::Rerated(rerating) => rerating,
        };
    let Some(staging) = staging else {
        let periods = rerating.chain.iter().map(|p| (p.period.clone(), None)).collect();
        return Ok(Rerated { periods, errata: rerating.errata, timings, done_before: None });
    };
    record_rerating(config, rerating, record, staging, timings)
}

/// Records a re-rating: the errata and the corrected player file are
/// staged, the correction and every revision it made are staged in one
/// transaction, put in with the errata, and published in one transaction:
/// after a kill anywhere the record shows all of it or none of it, and the
/// next run settles a staged correction by the errata folder's token.
fn record_rerating(
    config: &PeriodConfig,
    rerating: Rerating,
    mut record: Record,
    mut staging: Staging,
    mut timings: Timings,
) -> Result<Rerated> {
    let started = Instant::now();
    let Rerating { from, what, detail, chain, lines, errata, player_file } = rerating;
    let published = chain[chain.len() - 1].published;
    crate::publish::errata::write_xlsx(&errata, &staging.path("errata.xlsx"), &what, &detail, published)?;
    let pdf = crate::publish::errata::pdf(&errata, &config.federation, &what, &detail, &published.to_string())?;
    staging.write("errata.pdf", &pdf)?;
    let words = config.system.rules().words();
    let players = staging.path("players.xlsx");
    crate::formats::player_file::write_player_file_with_changes(&players, &player_file, published, None, &words)?;
    timings.record("outputs", started);
    let started = Instant::now();
    crate::output_folder::crash_point("rated");
    let output = crate::publish::staging::absolute(staging.out())?;
    let staged = record.stage_correction(&from, &what, &detail, &lines, &output)?;
    staging.write(crate::output_folder::RECORD_TOKEN, staged[0].token.as_bytes())?;
    timings.record("stage", started);
    let started = Instant::now();
    crate::output_folder::crash_point("recorded");
    if let Err(e) = staging.commit() {
        record.abandon(&staged).ok();
        return Err(e);
    }
    record.confirm(&staged)?;
    timings.record("commit", started);
    let periods = staged.iter().map(|s| (s.period.clone(), Some(s.revision))).collect();
    Ok(Rerated { periods, errata, timings, done_before: None })
}

/// Runs `rerate` or `merge` (`from` `None`) and says what it did: the
/// errata's summary, what was recorded and where the errata went.
pub fn said(rerun: crate::cli::Rerun, from: Option<String>, correction: Correction) -> Result<super::Said> {
    let folder = super::data_folder(rerun.data.as_deref())?;
    let options = RerateOptions { out: rerun.out, from, correction, dry_run: rerun.dry_run };
    let report = rerate(&folder, &options)?;
    let mut said = super::Said::default();
    if let Some(done) = &report.done_before {
        said.err(format!("{done}\n"));
        return Ok(said);
    }
    said.out(report.errata.summary());
    if options.dry_run {
        said.err("dry run: nothing recorded or written\n");
    } else {
        let revisions: Vec<String> = report
            .periods
            .iter()
            .filter_map(|(period, revision)| revision.map(|r| format!("{period} revision {r}")))
            .collect();
        said.err(format!(
            "recorded {}; errata and the corrected player file in {}\n",
            revisions.join(", "),
            options.out.display()
        ));
    }
    if rerun.timings {
        said.err(report.timings.render());
    }
    Ok(said)
}
