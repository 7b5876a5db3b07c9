//! What a period run reports: its settings, its outcome, and the report of
//! a run that published (the summary, the outputs, the record's note),
//! which `period` and the republication of a corrected revision share.

use std::path::PathBuf;

use super::summary::{Outcome, PlayerCounts, RunSummary};
use crate::diag::Diagnostic;
use crate::output_folder::names;
use crate::publish;
use crate::rated::Rated;
use crate::timings::Timings;

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
    pub(super) fn held_already(
        diagnostics: Vec<Diagnostic>,
        timings: Timings,
        note: String,
        into: PathBuf,
    ) -> PeriodReport {
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

/// What a run that published `rated` (with its findings `diagnostics`)
/// reports: the summary, the outputs, what happened to the record.
pub(super) fn published_report(
    opts: &PeriodOptions,
    rated: &Rated,
    diagnostics: Vec<Diagnostic>,
    published: &publish::Published,
    record_note: Option<String>,
    mut timings: Timings,
) -> PeriodReport {
    timings.push("xlsx", published.xlsx);
    timings.push("pdf", published.pdf);
    timings.push("site", published.site);
    let period = &rated.period;
    let mut summary = RunSummary::new(Outcome::Published, period, &diagnostics);
    summary.players = Some(player_counts(rated));
    summary.outputs = vec![
        ("booklet", opts.out.join(names::BOOKLET)),
        ("workbook", opts.out.join(names::RATINGS)),
        ("next player file", opts.out.join(names::PLAYERS)),
    ];
    if period.config.site {
        summary.outputs.push(("site", opts.out.join(names::SITE).join(names::SITE_INDEX)));
    }
    summary.outputs.push(("validation report", opts.out.join(names::VALIDATION)));
    summary.record = record_note.clone();
    summary.site_pages = published.site_files.as_ref().map(|files| {
        let pages = format!("{} pages", crate::commands::summary::thousands(files.pages));
        match files.kept {
            0 => pages,
            kept => format!(
                "{pages}; {} files the same as the last run's, kept as they were (not written again)",
                crate::commands::summary::thousands(kept)
            ),
        }
    });
    PeriodReport {
        summary: Some(summary),
        published: true,
        players: published.players,
        events_rated: published.events_rated,
        diagnostics,
        timings,
        record_note,
        into: opts.out.clone(),
    }
}

/// The players counted as the outputs count them.
pub(super) fn player_counts(rated: &Rated) -> PlayerCounts {
    PlayerCounts {
        in_file: rated.players.iter().filter(|p| !p.removed).count(),
        active: rated.listed().count(),
        active_rated: rated.listed().filter(|p| p.published.is_some()).count(),
    }
}
