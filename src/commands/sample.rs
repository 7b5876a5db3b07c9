//! `ratebook generate`: a synthetic data folder, or with `--periods K` a
//! chain of K consecutive periods (August 1993, August 1994, …), each one
//! generated into the data folder and published, so the folder's rating
//! record holds them all. Each period's player file is the players.xlsx the
//! period before published.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::period::{run_period, PeriodOptions};
use crate::config::PeriodConfig;
use crate::diag::Severity;
use crate::generate::{self, Carry, GenerateOptions, GenerateSummary};

/// What to generate: one period's folder, or a chain of `periods`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleOptions {
    pub generate: GenerateOptions,
    /// Consecutive periods, one a year from August 1993; 1 writes the same
    /// folder `generate` always has, and records nothing.
    pub periods: u32,
}

/// What the chain generated: each period's summary, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleSummary {
    pub periods: Vec<(String, GenerateSummary)>,
}

/// Writes the sample. With more than one period, period k + 1's data folder
/// is generated from what publishing period k wrote (see
/// [`generate::generate_period`]), and each period is published by
/// [`run_period`] into a scratch folder outside the data folder (removed at
/// the end) so that it is recorded in the data folder's rating record. The
/// chain is regenerated whole: a record already in the data folder is
/// removed first. At the end the folder holds the last period's inputs and a
/// record of every period. A period that cannot be generated or published
/// stops the chain with its error.
pub fn sample(opts: &SampleOptions) -> Result<SampleSummary> {
    anyhow::ensure!(opts.periods >= 1, "--periods must be at least 1");
    if opts.periods == 1 {
        let summary = generate::generate(&opts.generate)?;
        return Ok(SampleSummary { periods: vec![(PeriodConfig::example(opts.generate.system).period, summary)] });
    }
    let data = &opts.generate.out;
    remove_record(data, &PeriodConfig::example(opts.generate.system))?;
    let scratch = scratch_folder();
    let result = chain(opts, &scratch);
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch).with_context(|| format!("removing {}", scratch.display()))?;
    }
    result
}

/// Generates and publishes every period, publishing into `scratch`.
fn chain(opts: &SampleOptions, scratch: &Path) -> Result<SampleSummary> {
    let data = &opts.generate.out;
    let mut periods = Vec::new();
    let mut carry: Option<Carry> = None;
    for k in 1..=opts.periods {
        let out = scratch.join(format!("period-{k}"));
        let previous = scratch.join(format!("period-{}", k - 1)).join(crate::output_folder::names::PLAYERS);
        let (summary, next) =
            generate::generate_period(&opts.generate, carry.as_ref().map(|c| (c, previous.as_path())))
                .with_context(|| format!("generating period {k}"))?;
        // Only the last published player file is read again.
        let done = scratch.join(format!("period-{}", k - 1));
        if done.exists() {
            std::fs::remove_dir_all(&done).with_context(|| format!("removing {}", done.display()))?;
        }
        let name = next.name().to_string();
        publish(data, &out).with_context(|| format!("publishing {name}"))?;
        periods.push((name, summary));
        carry = Some(next);
    }
    Ok(SampleSummary { periods })
}

/// Publishes the data folder into `out`, recording it.
fn publish(data: &Path, out: &Path) -> Result<()> {
    let options = PeriodOptions {
        data: data.to_path_buf(),
        out: out.to_path_buf(),
        skip_invalid: false,
        templates: None,
        revise: false,
        dry_run: false,
    };
    let report = run_period(&options, &|_| {})?;
    if !report.published {
        let errors: Vec<&str> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message.as_str())
            .take(5)
            .collect();
        bail!("not published: {}", errors.join("; "));
    }
    Ok(())
}

/// Removes the record the generated period.toml names (and what SQLite
/// keeps beside it), so the chain starts afresh.
fn remove_record(data: &Path, config: &PeriodConfig) -> Result<()> {
    let Some(path) = crate::ingest::data_folder::record_in(data, config) else { return Ok(()) };
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_os_string();
        name.push(suffix);
        let file = PathBuf::from(name);
        if file.exists() {
            std::fs::remove_file(&file).with_context(|| format!("removing {}", file.display()))?;
        }
    }
    Ok(())
}

/// A fresh folder for the chain's published outputs, outside any data folder.
fn scratch_folder() -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    std::env::temp_dir().join(format!("ratebook-sample-{}-{nanos}", std::process::id()))
}

/// Writes the sample and says what each period holds.
pub fn said(opts: &SampleOptions) -> Result<super::Said> {
    let summary = sample(opts)?;
    let mut said = super::Said::default();
    for (period, summary) in &summary.periods {
        let recorded = if opts.periods > 1 { format!(" ({period}, recorded)") } else { String::new() };
        said.err(format!(
            "wrote {} players, {} events, {} games into {}{recorded}\n",
            summary.players,
            summary.events,
            summary.games,
            opts.generate.out.display()
        ));
    }
    Ok(said)
}
