//! `ratebook period`: the period-end run. Read and validate the data folder,
//! rate the period under its rule set, derive the lists, publish.

use std::time::Instant;

use anyhow::Result;

use super::period_report::{player_counts, published_report};
pub use super::period_report::{PeriodOptions, PeriodReport};
use super::recording::{Plan, Recording};
use super::summary::{Outcome, RunSummary};
use super::{load_switching, Loaded, Said, Screen, Stage, Stream};
use crate::ingest::DataFolder;
use crate::publish;
use crate::rated::{Rated, RatedLists};
use crate::record::query::list_changes;
use crate::record::PeriodLines;
use crate::timings::Timings;
use crate::validate::Validated;

/// `period --revise` of a period the record holds later periods after: the
/// revision is recorded, and the later periods re-rated from it, as
/// `rerate` does; the corrected latest period is published into the output
/// folder, with the errata in its `errata/`, in the same commit (the
/// output folder holds the latest period, whose player file starts the next:
/// a past period's booklet is not published over it).
fn revise_with_later(
    opts: &PeriodOptions,
    folder: &DataFolder,
    validated: Validated,
    timings: Timings,
    recording: Recording,
) -> Result<PeriodReport> {
    use super::rerate::{rerate_with, Correction, RerateOptions};
    let period = &validated.period;
    let correction = Correction { revised: Some(recording.inputs), ..Default::default() };
    let options = RerateOptions {
        out: Some(opts.out.clone()),
        from: Some(period.config.period.clone()),
        correction,
        dry_run: opts.dry_run,
        templates: opts.templates.clone(),
    };
    let rerated = rerate_with(folder, &options, Some(recording.record))?;
    if let Some(said) = rerated.done_before {
        return Ok(PeriodReport::held_already(validated.diagnostics, timings, said, opts.out.clone()));
    }
    let note = format!(
        "{}the revision and the later periods re-rated as `ratebook rerate` does: {}",
        rerated.errata.summary(),
        rerated.said(opts.dry_run).trim_end()
    );
    let outcome = if opts.dry_run { Outcome::DryRun } else { Outcome::Published };
    let mut summary = RunSummary::new(outcome, period, &validated.diagnostics);
    summary.record = Some(note.clone());
    if !opts.dry_run {
        summary.outputs =
            vec![("corrected list", opts.out.clone()), ("errata", opts.out.join(crate::output_folder::names::ERRATA))];
    }
    Ok(PeriodReport {
        summary: Some(summary),
        published: !opts.dry_run,
        players: period.players.players.len(),
        events_rated: period.events.iter().filter(|e| e.disposition.is_rated()).count(),
        diagnostics: validated.diagnostics,
        timings,
        record_note: Some(note),
        into: opts.out.clone(),
    })
}

/// The run refused for the errors `validated` found: only validation.txt is
/// written (nothing on a dry run).
fn refused(
    opts: &PeriodOptions,
    validated: crate::validate::Validated,
    staging: Option<publish::Staging>,
    timings: Timings,
) -> Result<PeriodReport> {
    let skippable = !validated.has_global_errors();
    let mut summary = RunSummary::new(Outcome::Refused { skippable }, &validated.period, &validated.diagnostics);
    if let Some(staging) = staging {
        publish::refuse(&validated.period, &validated.diagnostics, staging)?;
        summary.outputs.push(("validation report", opts.out.join(crate::output_folder::names::VALIDATION)));
    }
    Ok(PeriodReport {
        summary: Some(summary),
        published: false,
        diagnostics: validated.diagnostics,
        timings,
        players: 0,
        events_rated: 0,
        record_note: None,
        into: opts.out.clone(),
    })
}

/// A dry run's note, after why the run would refuse (when it would).
fn refusing(refused: Option<&str>, note: String) -> String {
    match refused {
        Some(refused) => format!("{refused}\n{note}"),
        None => note,
    }
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
    // The data folder is opened (its settings read, once); so is the record
    // locked, whatever the output folder, before anything else is read.
    let folder = DataFolder::open(&opts.data)?;
    let record_lock = if opts.dry_run { None } else { super::recording::lock_record(&folder)? };
    progress(Stage::Reading);
    let Loaded { mut validated, inputs, switched_from } = load_switching(&folder, &mut timings)?;
    let errors = validated.error_count();
    if errors > 0 && (!opts.skip_invalid || validated.has_global_errors()) {
        return refused(opts, validated, staging, timings);
    }
    let started = Instant::now();
    let out = staging.as_ref().map(|s| s.out());
    let mut recording = Recording::begin(&folder, &validated.period.config, inputs, opts.revise, out, record_lock)?;
    if let Some(r) = &recording {
        // (The list the data folder holds, before a switch gave it the new rule set's states.)
        let file = switched_from.as_ref().unwrap_or(&validated.period.players);
        r.check_player_file(file).map_err(|e| r.record.explain(e))?;
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
    if let Some(r) = recording.take_if(|r| matches!(r.plan, Plan::Superseded { .. })) {
        // The data folder holds what a correction superseded: the record's
        // current revision is published again.
        return super::republish::republish(opts, validated, timings, r, staging);
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
        validated.note_skipped();
    }
    let Validated { period, diagnostics } = validated;
    timings.games = period
        .events
        .iter()
        .filter(|e| e.disposition.is_rated())
        .map(|e| e.games.iter().filter(|g| g.outcome.is_played()).count() as u64)
        .sum();

    progress(Stage::Rating);
    let lists = rate(period, recording.as_ref(), &mut timings)?;
    let started = Instant::now();
    // The input files move into the lines (the recording needs them no more).
    let lines = recording.as_mut().map(|r| PeriodLines::of(&lists, std::mem::take(&mut r.inputs)));
    timings.record("record", started);
    let Some(staging) = staging else {
        let note = refusing(refused.as_deref(), dry_run_note(&lists.main, recording.as_ref(), lines.as_ref())?);
        let mut summary = RunSummary::new(Outcome::DryRun, &lists.main.period, &diagnostics);
        summary.players = Some(player_counts(&lists.main));
        return Ok(PeriodReport {
            summary: Some(summary),
            published: false,
            players: lists.main.ratings.players.len(),
            events_rated: lists.main.events_rated(),
            diagnostics,
            timings,
            record_note: Some(note),
            into: opts.out.clone(),
        });
    };
    progress(Stage::Publishing);
    let (published, record_note) =
        publish_and_record(opts, &lists, &diagnostics, staging, recording.as_mut(), lines, &mut timings)?;
    let report = published_report(opts, &lists.main, diagnostics, &published, record_note, timings);
    crate::background::drop_later(lists);
    Ok(report)
}

/// Rates the period on each of its lists, each change taken against the
/// record's previous period where it holds one.
fn rate(
    period: crate::validate::ValidPeriod,
    recording: Option<&Recording>,
    timings: &mut Timings,
) -> Result<RatedLists> {
    let started = Instant::now();
    let system = crate::rate::configured(&period.config);
    let rated = crate::rated::rate_each_list(period, system);
    if rated.ratings.stage_times.is_empty() {
        timings.record("rate", started);
    } else {
        for (stage, took) in &rated.ratings.stage_times {
            timings.push(stage, *took);
        }
    }
    let started = Instant::now();
    let baselines = match recording {
        Some(r) => match &r.previous {
            Some(previous) => crate::record::lines::recorded_baselines(&r.record, previous.id, &r.previous_lines)?,
            None => crate::record::lines::baselines(&r.previous_lines, []),
        },
        None => crate::rated::Baselines::default(),
    };
    let lists = rated.rated(&baselines);
    timings.record("lists", started);
    Ok(lists)
}

/// What a dry run says: what the list would change against the last one recorded.
fn dry_run_note(rated: &Rated, recording: Option<&Recording>, lines: Option<&PeriodLines>) -> Result<String> {
    let note = match (recording, lines) {
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
    Ok(match &rated.period.switched {
        Some(switched) => format!(
            "{}\n{}{note}",
            switched.sentence(),
            switched.shift.biggest_text(10, "Biggest movers with the switch", "")
        ),
        None => note,
    })
}

/// Publishes the rated lists into the output folder and records them with
/// their outputs, all or nothing; what the record says of it.
fn publish_and_record(
    opts: &PeriodOptions,
    lists: &RatedLists,
    diagnostics: &[crate::diag::Diagnostic],
    staging: publish::Staging,
    mut recording: Option<&mut Recording>,
    lines: Option<PeriodLines>,
    timings: &mut Timings,
) -> Result<(publish::Published, Option<String>)> {
    let started = Instant::now();
    let extras = super::publishing::list_extras(lists, recording.as_ref().map(|r| &r.record))?;
    timings.record("statistics", started);
    let period = &lists.main.period;
    // A period published again into the folder that holds it keeps the
    // errata of its last correction there.
    let staging = match &recording {
        Some(r) if r.record.revision_in(staging.out(), &period.config.period)?.is_some() => {
            staging.keeping(&[crate::output_folder::names::ERRATA])
        }
        _ => staging,
    };
    let mut lines = lines;
    let publication = extras.publication(lists, diagnostics, opts.templates.as_deref());
    let published = publish::publish(&publication, staging, &mut |staging| {
        let started = Instant::now();
        if let (Some(r), Some(lines)) = (recording.as_deref_mut(), lines.take()) {
            r.stage(lines, staging)?;
        }
        timings.record("record", started);
        Ok(())
    });
    let published = match published {
        Ok(published) => published,
        Err(e) => {
            if let Some(r) = recording.as_deref_mut() {
                r.abandon();
            }
            return Err(e);
        }
    };
    // (The revision marked published, after the outputs went in, is part of
    // the record's time too.)
    let started = Instant::now();
    let record_note = match recording {
        Some(r) => Some(match r.confirm(&opts.out)? {
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
    Ok((published, record_note))
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
