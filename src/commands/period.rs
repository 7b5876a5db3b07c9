//! `ratebook period`: the period-end run. Read and validate the data folder,
//! rate the period under its rule set, derive the lists, publish.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

use super::recording::{Plan, Recording};
use super::summary::{Outcome, PlayerCounts, RunSummary};
use super::{load_switching, Loaded, Said, Screen, Stage, Stream};
use crate::diag::{Code, Diagnostic, Location};
use crate::ingest::DataFolder;
use crate::publish;
use crate::rated::Rated;
use crate::record::query::list_changes;
use crate::record::PeriodLines;
use crate::statistics::{self, Settings, Statistics, ThisPeriod};
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
    /// Publish and record a period the record holds with other inputs.
    pub revise: bool,
    /// Do everything but write: say what the list would change.
    pub dry_run: bool,
}

/// What a period run did.
pub struct PeriodReport {
    pub published: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub timings: Timings,
    pub players: usize,
    pub events_rated: usize,
    /// What happened to the rating record (or, for a dry run, what the list
    /// would change), as the terminal says it.
    pub record_note: Option<String>,
    /// Where the outputs went: the output folder, or (a revision that
    /// re-rates later periods) the errata folder beside it.
    pub into: PathBuf,
    /// What the run ends with on the terminal (`None`: the record holds the
    /// run's outcome already, a past period or a correction run again, so
    /// nothing was published, and `record_note` says why).
    pub summary: Option<RunSummary>,
}

impl PeriodReport {
    /// A run whose outcome the record holds already: nothing published or
    /// recorded, and `note` says why.
    fn held_already(diagnostics: Vec<Diagnostic>, timings: Timings, note: String, into: PathBuf) -> PeriodReport {
        PeriodReport {
            published: false,
            summary: None,
            players: 0,
            events_rated: 0,
            diagnostics,
            timings,
            record_note: Some(note),
            into,
        }
    }
}

/// `period --revise` of a period the record holds later periods after: the
/// revision is recorded, and the later periods re-rated from it, as
/// `rerate` does: the errata and the last period's corrected player file go
/// to the folder `errata` beside the output folder (the output folder keeps
/// the last publication: a past period's booklet is not published again).
fn revise_with_later(
    opts: &PeriodOptions,
    folder: &DataFolder,
    validated: Validated,
    timings: Timings,
    recording: Recording,
) -> Result<PeriodReport> {
    use super::rerate::{rerate_with, Correction, RerateOptions};
    let period = &validated.period;
    let into = errata_folder(&opts.out);
    let correction = Correction { revised: Some(recording.inputs), ..Default::default() };
    let options = RerateOptions {
        out: into.clone(),
        from: Some(period.config.period.clone()),
        correction,
        dry_run: opts.dry_run,
    };
    let rerated = rerate_with(folder, &options, Some(recording.record))?;
    if let Some(said) = rerated.done_before {
        return Ok(PeriodReport::held_already(validated.diagnostics, timings, said, into));
    }
    let revisions: Vec<String> = rerated
        .periods
        .iter()
        .map(|(name, revision)| match revision {
            Some(r) => format!("{name} revision {r}"),
            None => name.clone(),
        })
        .collect();
    let done = if opts.dry_run { "would re-rate" } else { "recorded" };
    let note = format!(
        "{}{done} {} (later periods re-rated as `ratebook rerate` does); the errata and the last period's corrected player file {} {}",
        rerated.errata.summary(),
        revisions.join(", "),
        if opts.dry_run { "would go to" } else { "are in" },
        into.display()
    );
    let outcome = if opts.dry_run { Outcome::DryRun } else { Outcome::Published };
    let mut summary = RunSummary::new(outcome, period, &validated.diagnostics);
    summary.record = Some(note.clone());
    Ok(PeriodReport {
        summary: Some(summary),
        published: !opts.dry_run,
        players: period.players.players.len(),
        events_rated: period.events.iter().filter(|e| e.disposition.is_rated()).count(),
        diagnostics: validated.diagnostics,
        timings,
        record_note: Some(note),
        into,
    })
}

/// A dry run's note, after why the run would refuse (when it would).
fn refusing(refused: Option<&str>, note: String) -> String {
    match refused {
        Some(refused) => format!("{refused}\n{note}"),
        None => note,
    }
}

/// Where `period --revise` of a period with later ones puts the errata:
/// the folder `errata` beside the output folder.
fn errata_folder(out: &std::path::Path) -> PathBuf {
    out.with_file_name("errata")
}

/// The period-end run. `Err` means the command could not run at all (bad
/// folder, bad period.toml, output not writable); data errors come back as a
/// report with `published == false`, and only validation.txt is written.
/// `progress` hears of each stage as it begins.
pub fn run_period(opts: &PeriodOptions, progress: &dyn Fn(Stage)) -> Result<PeriodReport> {
    let mut timings = Timings::default();
    publish::staging::check_output_folder(&opts.out, &opts.data)?;
    // The output folder is locked (and what a killed run left settled) for
    // the whole run; a dry run touches nothing.
    let staging = if opts.dry_run { None } else { Some(publish::Staging::new(&opts.out)?) };
    if staging.is_some() {
        // The errata a killed `period --revise` left half put in beside it
        // go in (or are cleared) before the record settles by them.
        publish::staging::finish_killed(&errata_folder(&opts.out))?;
    }
    // The data folder is opened (its settings read, once); so is the record
    // locked, whatever the output folder, before anything else is read.
    let folder = DataFolder::open(&opts.data)?;
    let record_lock = if opts.dry_run { None } else { super::recording::lock_record(&folder)? };
    progress(Stage::Reading);
    let Loaded { mut validated, system, inputs } = load_switching(&folder, &mut timings)?;
    let errors = validated.error_count();
    if errors > 0 && (!opts.skip_invalid || validated.has_global_errors()) {
        let skippable = !validated.has_global_errors();
        let mut summary = RunSummary::new(Outcome::Refused { skippable }, &validated.period, &validated.diagnostics);
        if let Some(staging) = staging {
            publish::refuse(&validated.period, &validated.diagnostics, staging)?;
            summary.outputs.push(("validation report", opts.out.join("validation.txt")));
        }
        return Ok(PeriodReport {
            summary: Some(summary),
            published: false,
            diagnostics: validated.diagnostics,
            timings,
            players: 0,
            events_rated: 0,
            record_note: None,
            into: opts.out.clone(),
        });
    }
    let started = Instant::now();
    let out = staging.as_ref().map(|s| s.out());
    let mut recording = Recording::begin(&folder, &validated.period.config, inputs, opts.revise, out, record_lock)?;
    if let Some(r) = &recording {
        r.check_player_file(&validated.period.players).map_err(|e| r.record.explain(e))?;
    }
    let refused = recording.as_ref().and_then(|r| r.refused.clone());
    if let Some(r) = recording.take_if(|r| r.plan == Plan::Revise && !r.later.is_empty()) {
        // The output folder is let go (the errata go beside it); the
        // record, still locked, goes to the re-rating.
        drop(staging);
        let mut report = revise_with_later(opts, &folder, validated, timings, r)?;
        report.record_note = report.record_note.map(|note| refusing(refused.as_deref(), note));
        return Ok(report);
    }
    if let Some(r) = recording.as_ref().filter(|r| r.plan == Plan::Unchanged && !r.later.is_empty()) {
        // A past period recorded with these very inputs (a revision run
        // again): its booklet is not published over the last period's.
        let later: Vec<&str> = r.later.iter().map(|p| p.period.as_str()).collect();
        let note = format!(
            "{} unchanged: the record holds it with these very inputs, and {} after it, so nothing was published or recorded",
            validated.period.config.period,
            later.join(", ")
        );
        return Ok(PeriodReport::held_already(validated.diagnostics, timings, note, opts.out.clone()));
    }
    timings.record("record", started);
    if errors > 0 {
        note_skipped(&mut validated);
    }
    let Validated { period, diagnostics } = validated;
    timings.games = period
        .events
        .iter()
        .filter(|e| e.disposition.is_rated())
        .map(|e| e.games.iter().filter(|g| g.outcome.is_played()).count() as u64)
        .sum();

    progress(Stage::Rating);
    let started = Instant::now();
    let ratings = crate::rate::rate_period(system, &period);
    if ratings.stage_times.is_empty() {
        timings.record("rate", started);
    } else {
        for (stage, took) in &ratings.stage_times {
            timings.push(stage, *took);
        }
    }
    let started = Instant::now();
    // The change is taken against the record's previous period, where it holds one.
    let baseline = recording.as_ref().map(|r| crate::record::lines::baseline(&r.previous_lines)).unwrap_or_default();
    let rated = Rated::new(period, ratings, system, &baseline);
    timings.record("lists", started);

    let started = Instant::now();
    // The input files move into the lines (the recording needs them no more).
    let lines = recording.as_mut().map(|r| {
        let inputs = std::mem::take(&mut r.inputs);
        PeriodLines::of(&rated, inputs)
    });
    timings.record("record", started);

    let Some(staging) = staging else {
        // The dry run: what the list would change against the last one recorded.
        let note = match (&recording, &lines) {
            (Some(r), Some(lines)) => {
                // The last list recorded (this period's own, when it is recorded).
                let known = r.record.known_ids()?;
                let last = r.record.periods()?.pop();
                let before = match &last {
                    Some(p) => r.record.player_lines(p.id)?,
                    None => Vec::new(),
                };
                let against = last.as_ref().map(|p| format!("{} (revision {})", p.period, p.revision));
                let changes = list_changes(against.as_deref(), &lines.players, &before, &known, 10);
                match rated.period.switched {
                    Some(_) => changes.from_games(&lines.players, &before, 10).to_text(),
                    None => changes.to_text(),
                }
            }
            _ => "period.toml keeps no record (record = false): there is nothing to compare with\n".to_string(),
        };
        let note = match &rated.period.switched {
            Some(switched) => format!(
                "{}\n{}{note}",
                switched.sentence(),
                switched.shift.biggest_text(10, "Biggest movers with the switch", "")
            ),
            None => note,
        };
        let note = refusing(refused.as_deref(), note);
        let mut summary = RunSummary::new(Outcome::DryRun, &rated.period, &diagnostics);
        summary.players = Some(player_counts(&rated));
        return Ok(PeriodReport {
            summary: Some(summary),
            published: false,
            players: rated.ratings.players.len(),
            events_rated: rated.events_rated(),
            diagnostics,
            timings,
            record_note: Some(note),
            into: opts.out.clone(),
        });
    };

    progress(Stage::Publishing);
    // (The site's charts are what the history is read for.)
    let history = match &recording {
        Some(r) if rated.period.config.site => r.history()?,
        _ => Default::default(),
    };
    let started = Instant::now();
    let statistics = period_statistics(&rated, recording.as_ref())?;
    timings.record("statistics", started);
    let mut lines = lines;
    let publication = publish::Publication {
        rated: &rated,
        statistics: &statistics,
        history: &history,
        findings: &diagnostics,
        templates: opts.templates.as_deref(),
    };
    let published = publish::publish(&publication, staging, &mut |staging| {
        let started = Instant::now();
        if let (Some(r), Some(lines)) = (recording.as_mut(), lines.take()) {
            r.stage(lines, staging)?;
        }
        timings.record("record", started);
        Ok(())
    });
    let published = match published {
        Ok(published) => published,
        Err(e) => {
            if let Some(r) = recording.as_mut() {
                r.abandon();
            }
            return Err(e);
        }
    };
    // (The revision marked published, after the outputs went in, is part of
    // the record's time too.)
    let started = Instant::now();
    let period = &rated.period;
    let record_note = match recording.as_mut() {
        Some(r) => Some(match r.confirm()? {
            Some(staged) => {
                format!("recorded in {} as {} revision {}", r.record.path().display(), staged.period, staged.revision)
            }
            None => format!(
                "{} was recorded already, from these very input files: the record is unchanged (the outputs were \
                 written again)",
                period.config.period
            ),
        }),
        None => None,
    };
    timings.record("record", started);
    timings.push("xlsx", published.xlsx);
    timings.push("pdf", published.pdf);
    timings.push("site", published.site);
    let mut summary = RunSummary::new(Outcome::Published, period, &diagnostics);
    summary.players = Some(player_counts(&rated));
    summary.outputs = vec![
        ("booklet", opts.out.join("booklet.pdf")),
        ("workbook", opts.out.join("ratings.xlsx")),
        ("next player file", opts.out.join("players.xlsx")),
    ];
    if period.config.site {
        summary.outputs.push(("site", opts.out.join("site").join("index.html")));
    }
    summary.outputs.push(("validation report", opts.out.join("validation.txt")));
    summary.record = record_note.clone();
    summary.site_pages = published.site_files.map(|files| {
        let pages = format!("{} pages", crate::commands::summary::thousands(files.pages));
        match files.kept {
            0 => pages,
            kept => format!(
                "{pages}; {} files the same as the last run's, kept as they were (not written again)",
                crate::commands::summary::thousands(kept)
            ),
        }
    });
    crate::background::drop_later(rated);
    Ok(PeriodReport {
        summary: Some(summary),
        published: true,
        players: published.players,
        events_rated: published.events_rated,
        diagnostics,
        timings,
        record_note,
        into: opts.out.clone(),
    })
}

/// Runs the period and says what it did: its errors and warnings, then the
/// summary (a dry run says what the list would change), and with `timings`
/// each stage's wall time. Exit status 1 when nothing could be published.
pub fn said(options: &PeriodOptions, timings: bool, screen: &dyn Screen) -> Result<Said> {
    let report = run_period(options, &|stage| screen.stage(stage))?;
    let mut said = Said::default();
    said.err(screen.findings(&report.diagnostics, false, Stream::Err));
    if options.dry_run {
        said.out(report.record_note.clone().unwrap_or_default());
        if let Some(summary) = &report.summary {
            said.err(summary.to_text());
        }
        if timings {
            said.err(report.timings.render());
        }
        let errors = report.diagnostics.iter().any(|d| d.severity == crate::diag::Severity::Error);
        return Ok(said.with_code(u8::from(errors)));
    }
    let Some(summary) = &report.summary else {
        // The record holds this outcome already: it says so.
        said.err(format!("{}\n", report.record_note.as_deref().unwrap_or("")));
        return Ok(said);
    };
    said.err(summary.to_text());
    if timings {
        said.err(report.timings.render());
    }
    Ok(said.with_code(u8::from(!report.published)))
}

/// The period's statistics, with the record's earlier periods (and the
/// players' meetings in them, for the site).
fn period_statistics(rated: &Rated, recording: Option<&Recording>) -> Result<Statistics> {
    let Rated { period, system, .. } = rated;
    let config = &period.config;
    let now = ThisPeriod::of_rated(rated);
    let end = config.end.to_string();
    let (earlier, mut games) = match recording {
        Some(r) => {
            let periods: Vec<_> = r
                .record
                .recorded_periods(config)?
                .into_iter()
                .filter(|p| p.name != config.period && p.end < end)
                .collect();
            let games = if config.site { r.record.games_of(&periods)? } else { Vec::new() };
            (r.record.earlier_periods(&periods)?, games)
        }
        None => (Vec::new(), Vec::new()),
    };
    if config.site {
        let played: usize = period.events.iter().filter(|e| e.disposition.is_rated()).map(|e| e.games.len()).sum();
        games.reserve(played);
        games.extend(this_period_games(period));
    }
    let mut statistics =
        statistics::compute(&now, &earlier, &Settings::of(config, system.words()), recording.is_some())?;
    statistics.meetings = statistics::meetings(&games);
    if let Some(r) = recording.filter(|_| config.site) {
        // Opponents the player file no longer holds are named as the record last named them.
        let in_file: std::collections::HashSet<u32> = period.players.players.iter().map(|p| p.id).collect();
        let gone: Vec<u32> = statistics.meetings.opponents().into_iter().filter(|id| !in_file.contains(id)).collect();
        statistics.former_names = r.record.last_names(&gone)?;
    }
    Ok(statistics)
}

/// The period's rated games as (white, black, white's points).
fn this_period_games(period: &crate::validate::ValidPeriod) -> impl Iterator<Item = (u32, u32, f64)> + '_ {
    period.events.iter().filter(|e| e.disposition.is_rated()).flat_map(|e| {
        e.games.iter().filter_map(|g| match (g.outcome, g.black) {
            (crate::model::Outcome::Played { white_score }, Some(black)) => Some((g.white, black, white_score)),
            _ => None,
        })
    })
}

/// The players counted as the outputs count them.
fn player_counts(rated: &Rated) -> PlayerCounts {
    PlayerCounts {
        in_file: rated.players.iter().filter(|p| !p.removed).count(),
        active: rated.listed().count(),
        active_rated: rated.listed().filter(|p| p.published.is_some()).count(),
    }
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
