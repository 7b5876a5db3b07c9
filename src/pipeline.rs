//! The commands as library calls: `period` (read → validate → rate →
//! publish), `check` (read → validate) and `explain`. The binary only parses
//! arguments and maps these results to exit codes.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};

use crate::diag::{Code, Diagnostic, Location};
use crate::ingest::{DataFolder, IngestError};
use crate::publish::{self, booklet_data::BookletData, lists, validation_report, Staging};
use crate::rate::{RatingSystem, Ratings};
use crate::timings::Timings;
use crate::validate::{validate, Disposition, Validated};

/// The data folder read and validated, with the rule set it names.
pub struct Loaded {
    pub validated: Validated,
    pub system: &'static dyn RatingSystem,
}

/// Reads and validates a data folder.
pub fn load(data: &Path, timings: &mut Timings) -> Result<Loaded, IngestError> {
    let started = Instant::now();
    let folder = DataFolder::open(data)?;
    let system = folder.config.system.rules();
    let raw = folder.read(system.inputs())?;
    timings.record("read", started);
    let started = Instant::now();
    let validated = validate(raw, system);
    timings.record("validate", started);
    Ok(Loaded { validated, system })
}

/// Settings of a period run.
#[derive(Debug, Clone)]
pub struct PeriodOptions {
    pub data: PathBuf,
    pub out: PathBuf,
    /// Publish without the events whose reports have errors.
    pub skip_invalid: bool,
    /// A folder of booklet templates to use instead of the built-in ones.
    pub templates: Option<PathBuf>,
    /// Show which stage is running on stderr (when it is a terminal).
    pub progress: bool,
}

/// A one-line status on stderr, rewritten as the stages go by.
struct Progress {
    on: bool,
}

impl Progress {
    fn stage(&self, what: &str) {
        if self.on {
            eprint!("\r\x1b[2K{what}…");
        }
    }

    fn done(&self) {
        if self.on {
            eprint!("\r\x1b[2K");
        }
    }
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
pub fn run_period(opts: &PeriodOptions) -> Result<PeriodReport> {
    let mut timings = Timings::default();
    let progress = Progress { on: opts.progress };
    progress.stage("reading and checking the reports");
    let Loaded { mut validated, system } = load(&opts.data, &mut timings)?;
    let errors = validated.error_count();
    let blocked = errors > 0 && (!opts.skip_invalid || validated.has_global_errors());
    if blocked {
        progress.done();
        let text = validation_report::render(&validated.period, &validated.diagnostics, false);
        let mut staging = Staging::new(&opts.out)?;
        staging.write("validation.txt", text.as_bytes())?;
        staging.commit()?;
        return Ok(PeriodReport {
            published: false,
            diagnostics: validated.diagnostics,
            timings,
            players: 0,
            events_rated: 0,
        });
    }
    if errors > 0 {
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
    let period = &validated.period;

    timings.games = period
        .events
        .iter()
        .filter(|e| e.disposition.is_rated())
        .map(|e| e.games.iter().filter(|g| g.outcome.is_played()).count() as u64)
        .sum();
    progress.stage("rating");
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
    let lists = lists::build_lists(period, &ratings, system).context("building the lists")?;
    timings.record("lists", started);

    progress.stage("writing the workbooks and typesetting the booklet");
    let mut staging = Staging::new(&opts.out)?;
    let (mut kept, mut removed) = publish::split_player_file(period, &ratings);
    if let Some(columns) = &ratings.extra_columns {
        kept.extra_columns = columns.clone();
        removed.extra_columns = columns.clone();
    }
    let stamp = period.config.published;
    let players_path = staging.path("players.xlsx");
    let removed_path = staging.path("removed.xlsx");
    let ratings_path = staging.path("ratings.xlsx");
    let output_paths: Vec<_> = ratings.outputs.iter().map(|t| staging.path(&t.file)).collect();
    let pdf_path = staging.path("booklet.pdf");
    // The workbooks and the booklet are independent: write them side by side.
    // The booklet keeps every core busy while typst lays out its pages, but
    // runs on one while it evaluates the templates and while it writes the
    // PDF; the workbooks are written in threads of their own at a lower
    // priority, so that they take the time the booklet leaves idle rather
    // than slow its layout down.
    let started = Instant::now();
    let (workbooks, booklet) = std::thread::scope(|scope| {
        let player_files = scope.spawn(|| -> Result<()> {
            crate::background::lower_priority();
            publish::player_file::write_player_file(&players_path, &kept, stamp).context("writing players.xlsx")?;
            publish::player_file::write_player_file(&removed_path, &removed, stamp).context("writing removed.xlsx")?;
            for (table, path) in ratings.outputs.iter().zip(&output_paths) {
                publish::workbook::write_output_table(path, table, stamp)
                    .with_context(|| format!("writing {}", table.file))?;
            }
            Ok(())
        });
        let ratings_book = scope.spawn(|| -> Result<()> {
            crate::background::lower_priority();
            publish::workbook::write_ratings(&ratings_path, period, &ratings, &lists).context("writing ratings.xlsx")
        });
        let booklet = write_booklet(period, &ratings, &lists, system, opts.templates.as_deref(), &pdf_path)
            .map(|()| started.elapsed());
        let joined = |job: std::thread::ScopedJoinHandle<'_, Result<()>>| {
            job.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        };
        let player_files = joined(player_files);
        let ratings_book = joined(ratings_book);
        let workbooks = player_files.and(ratings_book).map(|()| started.elapsed());
        (workbooks, booklet)
    });
    timings.push("xlsx", workbooks?);
    timings.push("pdf", booklet?);

    let text = validation_report::render(period, &validated.diagnostics, true);
    staging.write("validation.txt", text.as_bytes())?;
    staging.commit()?;
    progress.done();
    let players = kept.players.len();
    let events_rated = period.events.iter().filter(|e| e.disposition.is_rated()).count();
    let Validated { period, diagnostics } = validated;
    crate::background::drop_later((period, ratings, lists, kept, removed));
    Ok(PeriodReport { published: true, players, events_rated, diagnostics, timings })
}

/// Reads and validates only (`ratebook check`).
pub fn run_check(data: &Path) -> Result<Validated> {
    let mut timings = Timings::default();
    Ok(load(data, &mut timings)?.validated)
}

/// Rates the period in memory (nothing is written).
pub fn rate_only(data: &Path) -> Result<(Loaded, Ratings)> {
    let mut timings = Timings::default();
    let loaded = load(data, &mut timings)?;
    let ratings = loaded.system.rate(&loaded.validated.period);
    Ok((loaded, ratings))
}

/// One player's calculation, step by step (`ratebook explain`).
pub fn explain(data: &Path, id: u32) -> Result<Option<String>> {
    let (loaded, ratings) = rate_only(data)?;
    let period = &loaded.validated.period;
    let Some(p) = period.players.players.iter().position(|player| player.id == id) else { return Ok(None) };
    Ok(Some(loaded.system.explain(period, &ratings, p).to_text()))
}

/// The booklet's data for a data folder (for tests and tools).
pub fn booklet_data(data: &Path) -> Result<BookletData> {
    let (loaded, ratings) = rate_only(data)?;
    let period = &loaded.validated.period;
    let lists = lists::build_lists(period, &ratings, loaded.system)?;
    Ok(publish::booklet_data(period, &ratings, &lists, loaded.system))
}

/// Typesets the booklet and writes it to `path`.
fn write_booklet(
    period: &crate::validate::ValidPeriod,
    ratings: &Ratings,
    lists: &lists::Lists,
    system: &dyn RatingSystem,
    templates: Option<&Path>,
    path: &Path,
) -> Result<()> {
    let data = publish::booklet_data(period, ratings, lists, system);
    let pdf = publish::booklet::render_booklet(&data, templates).context("typesetting booklet.pdf")?;
    std::fs::write(path, pdf).with_context(|| format!("cannot write {}", path.display()))
}
