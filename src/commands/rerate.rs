//! `ratebook rerate` and `ratebook merge`: a correction applied to a recorded
//! period and every later one, re-rated by the record ([`crate::record::rerate`]);
//! here the result is recorded as new revisions (the originals stay) and the
//! corrected latest period published again into the output folder, in place
//! of its first publication, with the errata in its `errata/` folder: all in
//! one commit, so that what the public sees is the record's current list.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Result};

use crate::config::PeriodConfig;
use crate::ingest::DataFolder;
use crate::output_folder::names::{inside, ERRATA, ERRATA_PDF, ERRATA_XLSX, PLAYERS};
use crate::output_folder::{crash_point, RECORD_TOKEN};
use crate::publish::Staging;
use crate::record::errata::Errata;
pub use crate::record::rerate::Correction;
use crate::record::rerate::{Outcome, Rerating};
use crate::record::{Access, Record};
use crate::timings::Timings;

/// What `rerate` and `merge` are asked.
#[derive(Debug, Clone)]
pub struct RerateOptions {
    /// The output folder the corrected latest period is published into
    /// (`None`: the one its publication went to, which the record keeps;
    /// else `output`).
    pub out: Option<PathBuf>,
    /// The first period to re-rate (`None` for a merge: the first period DROP played in).
    pub from: Option<String>,
    pub correction: Correction,
    pub dry_run: bool,
    /// Booklet templates to use instead of the built-in ones.
    pub templates: Option<PathBuf>,
}

/// What a re-rating did.
pub struct Rerated {
    /// The correction was in the record already (what to say): nothing done.
    pub done_before: Option<String>,
    /// The periods re-rated, oldest first, with the revision each became
    /// (`None` in a dry run).
    pub periods: Vec<(String, Option<i64>)>,
    pub errata: Errata,
    /// The output folder the corrected latest period went (or would go) to.
    pub out: PathBuf,
    /// Wall time of each stage, summed over the periods.
    pub timings: Timings,
}

impl Rerated {
    fn done_before(said: String, out: PathBuf) -> Rerated {
        Rerated {
            done_before: Some(said),
            periods: Vec::new(),
            errata: Errata::new(0.0),
            out,
            timings: Timings::default(),
        }
    }

    /// What was recorded and published, as the terminal says it.
    pub fn said(&self, dry_run: bool) -> String {
        let (latest, _) = self.periods.last().cloned().unwrap_or_default();
        let out = self.out.display();
        if dry_run {
            let periods: Vec<&str> = self.periods.iter().map(|(period, _)| period.as_str()).collect();
            return format!(
                "dry run: would re-rate {}, and publish {latest} corrected into {out}, the errata into {}; nothing was recorded or written\n",
                periods.join(", "),
                self.out.join(ERRATA).display()
            );
        }
        let revisions: Vec<String> = self
            .periods
            .iter()
            .filter_map(|(period, revision)| revision.map(|r| format!("{period} revision {r}")))
            .collect();
        format!(
            "recorded {}; {latest} corrected is published into {out} (booklet, workbooks, site, {PLAYERS}), the errata into {}\n",
            revisions.join(", "),
            self.out.join(ERRATA).display()
        )
    }
}

/// Re-rates from the record and records the result (unless a dry run),
/// publishing the corrected latest period with the errata.
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

/// The output folder a correction publishes into: the one given, else the
/// folder that holds the latest period's current publication (the record
/// knows it), else `output`.
fn output_folder(record: &Record, given: Option<&Path>) -> Result<PathBuf> {
    if let Some(out) = given {
        return Ok(out.to_path_buf());
    }
    let latest = record.periods()?.pop();
    let holding = match latest {
        Some(latest) => record.folder_holding(&latest.period)?,
        None => None,
    };
    Ok(holding.unwrap_or_else(|| PathBuf::from("output")))
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
    // The record (locked for the whole run) and the output folder are
    // taken, and what a killed run left is settled, before anything is
    // decided: a correction a killed run put in is then seen as done.
    let mut record = match (record, opts.dry_run) {
        (Some(record), _) => record,
        (None, false) => Record::open(path, Access::WriteExisting)?,
        (None, true) => Record::open(path, Access::Read)?,
    };
    let out = output_folder(&record, opts.out.as_deref())?;
    crate::publish::staging::check_output_folder(&out, folder.dir())?;
    let staging = if opts.dry_run { None } else { Some(Staging::new(&out)?) };
    if let Some(staging) = &staging {
        record.settle(Some(staging.out()))?;
    }
    timings.record("open", started);
    let from = opts.from.as_deref();
    let rerating =
        match crate::record::rerate::rerate(&record, from, &opts.correction, config.errata_tolerance, &mut timings)? {
            Outcome::Held(said) => return Ok(Rerated::done_before(said, out)),
            Outcome::Rerated(rerating) => *rerating,
        };
    let Some(staging) = staging else {
        let periods = rerating.chain.iter().map(|p| (p.period.clone(), None)).collect();
        return Ok(Rerated { periods, errata: rerating.errata, out, timings, done_before: None });
    };
    let (periods, errata) =
        record_rerating(config, rerating, &mut record, staging, opts.templates.as_deref(), &mut timings)?;
    Ok(Rerated { periods, errata, out, timings, done_before: None })
}

/// Records a re-rating and publishes it, all or nothing: the correction
/// and every revision it made are staged in one transaction; the corrected
/// latest period is published into the output folder (its statistics and
/// history read from the record as it will be), with the errata in its
/// `errata/` folder and the correction's token; the revisions are published
/// once the outputs are in place. After a kill anywhere the record shows
/// all of it or none of it, and the next run settles a staged correction by
/// the token in the output folder. The periods re-rated with their new
/// revisions, and the errata.
fn record_rerating(
    config: &PeriodConfig,
    rerating: Rerating,
    record: &mut Record,
    staging: Staging,
    templates: Option<&Path>,
    timings: &mut Timings,
) -> Result<(Vec<(String, Option<i64>)>, Errata)> {
    let Rerating { from, what, detail, chain, lines, errata, latest } = rerating;
    let published = chain[chain.len() - 1].published;
    crash_point("rated");
    let started = Instant::now();
    let output = crate::publish::staging::absolute(staging.out())?;
    let staged = record.stage_correction(&from, &what, &detail, &lines, &output)?;
    drop(lines);
    timings.record("stage", started);
    let started = Instant::now();
    let extras = record.as_if_published(&staged, |r| super::publishing::list_extras(&latest.lists, Some(r)));
    let extras = match extras {
        Ok(extras) => extras,
        Err(e) => {
            record.abandon(&staged).ok();
            return Err(e);
        }
    };
    let publication = extras.publication(&latest.lists, &latest.findings, templates);
    let (last, token) = (staged[staged.len() - 1].id, staged[0].token.clone());
    let record_ref: &Record = record;
    let published_outputs = crate::publish::publish(&publication, staging, &mut |staging| {
        // (The outputs' digest is the publication's alone, as a fresh
        // publication of the period records it: the errata come after.)
        let outputs = crate::record::folder_sha256(staging.dir(), staging.digests())?;
        record_ref.set_outputs_sha256(last, &outputs)?;
        write_errata(staging, &errata, config, &what, &detail, published)?;
        staging.write(RECORD_TOKEN, token.as_bytes())?;
        crash_point("recorded");
        Ok(())
    });
    if let Err(e) = published_outputs {
        record.abandon(&staged).ok();
        return Err(e);
    }
    timings.record("publish", started);
    let started = Instant::now();
    record.confirm(&staged)?;
    timings.record("commit", started);
    crate::background::drop_later(latest);
    let periods = staged.iter().map(|s| (s.period.clone(), Some(s.revision))).collect();
    Ok((periods, errata))
}

/// Writes `errata.xlsx` and `errata.pdf` into the staging folder's
/// `errata/` folder.
fn write_errata(
    staging: &mut Staging,
    errata: &Errata,
    config: &PeriodConfig,
    what: &str,
    detail: &str,
    published: chrono::NaiveDate,
) -> Result<()> {
    let folder = staging.dir().join(ERRATA);
    std::fs::create_dir_all(&folder)?;
    let xlsx = staging.path(&inside(ERRATA, ERRATA_XLSX));
    crate::publish::errata::write_xlsx(errata, &xlsx, what, detail, published)?;
    let pdf = crate::publish::errata::pdf(errata, &config.federation, what, detail, &published.to_string())?;
    staging.write(&inside(ERRATA, ERRATA_PDF), &pdf)
}

/// Runs `rerate` or `merge` (`from` `None`) and says what it did: the
/// errata's summary, what was recorded and where the corrected list and
/// the errata went.
pub fn said(rerun: crate::cli::Rerun, from: Option<String>, correction: Correction) -> Result<super::Said> {
    let folder = super::data_folder(rerun.data.as_deref())?;
    let options =
        RerateOptions { out: rerun.out, from, correction, dry_run: rerun.dry_run, templates: rerun.templates };
    let report = rerate(&folder, &options)?;
    let mut said = super::Said::default();
    if let Some(done) = &report.done_before {
        said.err(format!("{done}\n"));
        return Ok(said);
    }
    said.out(report.errata.summary());
    said.err(report.said(options.dry_run));
    if !options.dry_run {
        // Which player file starts the next period, now.
        said.err(match super::recording::stale_start(&folder, &report.out)? {
            Some(stale) => stale,
            None => {
                format!("{} starts the period after it: `ratebook next` takes it\n", report.out.join(PLAYERS).display())
            }
        });
    }
    if rerun.timings {
        said.err(report.timings.render());
    }
    Ok(said)
}
