//! `ratebook period`: the period-end run. Read and validate the data folder,
//! rate the period under its rule set, derive the lists, publish.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

use super::{load, Loaded, Stage};
use crate::diag::{Code, Diagnostic, Location};
use crate::publish::{self, lists};
use crate::timings::Timings;
use crate::validate::{Disposition, Validated};

/// Settings of a period run.
#[derive(Debug, Clone)]
pub struct PeriodOptions {
    pub data: PathBuf,
    pub out: PathBuf,
    /// Publish without the events whose reports have errors.
    pub skip_invalid: bool,
    /// A folder of booklet templates to use instead of the built-in ones.
    pub templates: Option<PathBuf>,
}

/// What a period run did.
pub struct PeriodReport {
    pub published: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub timings: Timings,
    pub players: usize,
    pub events_rated: usize,
}

/// The period-end run. `Err` means the command could not run at all (bad
/// folder, bad period.toml, output not writable); data errors come back as a
/// report with `published == false`, and only validation.txt is written.
/// `progress` hears of each stage as it begins.
pub fn run_period(opts: &PeriodOptions, progress: &dyn Fn(Stage)) -> Result<PeriodReport> {
    let mut timings = Timings::default();
    publish::staging::check_output_folder(&opts.out, &opts.data)?;
    progress(Stage::Reading);
    let Loaded { mut validated, system } = load(&opts.data, &mut timings)?;
    let errors = validated.error_count();
    if errors > 0 && (!opts.skip_invalid || validated.has_global_errors()) {
        publish::refuse(&validated.period, &validated.diagnostics, &opts.out)?;
        return Ok(PeriodReport {
            published: false,
            diagnostics: validated.diagnostics,
            timings,
            players: 0,
            events_rated: 0,
        });
    }
    if errors > 0 {
        note_skipped(&mut validated);
    }
    let period = &validated.period;
    timings.games = period
        .events
        .iter()
        .filter(|e| e.disposition.is_rated())
        .map(|e| e.games.iter().filter(|g| g.outcome.is_played()).count() as u64)
        .sum();

    progress(Stage::Rating);
    let started = Instant::now();
    let ratings = system.rate(period);
    if ratings.stage_times.is_empty() {
        timings.record("rate", started);
    } else {
        for (stage, took) in &ratings.stage_times {
            timings.push(stage, *took);
        }
    }
    let started = Instant::now();
    let lists = lists::build_lists(period, &ratings, system);
    timings.record("lists", started);

    progress(Stage::Publishing);
    let published = publish::publish(
        period,
        &validated.diagnostics,
        &ratings,
        &lists,
        system,
        opts.templates.as_deref(),
        &opts.out,
    )?;
    timings.push("xlsx", published.xlsx);
    timings.push("pdf", published.pdf);
    let Validated { period, diagnostics } = validated;
    crate::background::drop_later((period, ratings, lists));
    Ok(PeriodReport {
        published: true,
        players: published.players,
        events_rated: published.events_rated,
        diagnostics,
        timings,
    })
}

/// With `--skip-invalid`: a note for every event skipped because its report
/// has errors, and for every file that could not be read.
fn note_skipped(validated: &mut Validated) {
    for e in validated.period.events.iter().filter(|e| e.disposition == Disposition::Invalid) {
        validated.diagnostics.push(
            Diagnostic::note(
                Code::SkippedInvalid,
                Location::file(&e.file),
                format!("event {} skipped: its report has errors", e.code),
            )
            .with_hint("correct the report and it will be rated in a later period"),
        );
    }
    for f in &validated.period.unreadable {
        validated.diagnostics.push(Diagnostic::note(
            Code::SkippedInvalid,
            Location::file(f),
            "skipped: the file could not be read",
        ));
    }
    crate::diag::sort(&mut validated.diagnostics);
}
