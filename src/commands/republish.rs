//! `period` on a data folder that holds the inputs of a revision a
//! correction has superseded since (the period published, then corrected
//! by `rerate`, `merge` or `period --revise` of an earlier period, its data
//! folder unchanged): the inputs have not changed, the record has. The
//! record's current revision is published again, rated from the inputs the
//! record keeps; nothing is recorded. With later periods recorded after it,
//! nothing is published (the output folder holds the latest).

use anyhow::Result;

use super::period_report::{player_counts, published_report, PeriodOptions, PeriodReport};
use super::recording::{Plan, Recording};
use super::summary::{Outcome, RunSummary};
use crate::output_folder::RECORD_TOKEN;
use crate::publish::{self, Staging};
use crate::timings::Timings;
use crate::validate::Validated;

/// Publishes the record's current revision of the data folder's period
/// again into the output folder (`staging`; `None`: a dry run, which says
/// it would), saying why.
pub fn republish(
    opts: &PeriodOptions,
    validated: Validated,
    mut timings: Timings,
    recording: Recording,
    staging: Option<Staging>,
) -> Result<PeriodReport> {
    let Plan::Superseded { revision } = recording.plan else {
        anyhow::bail!("only a period whose data folder holds a superseded revision is published again");
    };
    let record = &recording.record;
    let period = validated.period.config.period.clone();
    let current = recording.current.clone().expect("a superseded revision has a current one");
    let by = match record.correction_of(current.id)? {
        Some((number, what)) => format!(" by correction {number} ({what})"),
        None => String::new(),
    };
    let why = format!(
        "{period}: the data folder holds the inputs of revision {revision}, which the record has corrected since{by}: revision {} is current",
        current.revision
    );
    if !recording.later.is_empty() {
        let later: Vec<&str> = recording.later.iter().map(|p| p.period.as_str()).collect();
        let note =
            format!("{why}, and the record holds {} after it: nothing was published or recorded", later.join(", "));
        return Ok(PeriodReport::held_already(validated.diagnostics, timings, note, opts.out.clone()));
    }
    let again = crate::record::rerate::rate_again(record, &current, &mut timings).map_err(|e| record.explain(e))?;
    let Some(staging) = staging else {
        let note = format!(
            "{why}; the run would publish revision {} again, rated from the inputs the record keeps (nothing recorded; give --revise to record the data folder's inputs as a new revision)",
            current.revision
        );
        let mut summary = RunSummary::new(Outcome::DryRun, &again.lists.main.period, &again.findings);
        summary.players = Some(player_counts(&again.lists.main));
        let mut report = PeriodReport::held_already(again.findings, timings, note, opts.out.clone());
        report.summary = Some(summary);
        return Ok(report);
    };
    let extras = super::publishing::list_extras(&again.lists, Some(record))?;
    // The folder holds this period: the errata of its last correction stay.
    let staging = staging.keeping(&[crate::output_folder::names::ERRATA]);
    let token = record.current_token(&period)?.unwrap_or_default();
    let publication = extras.publication(&again.lists, &again.findings, opts.templates.as_deref());
    let published =
        publish::publish(&publication, staging, &mut |staging| staging.write(RECORD_TOKEN, token.as_bytes()))?;
    record.set_output(current.id, &publish::staging::absolute(&opts.out)?).map_err(|e| record.explain(e))?;
    let note = format!(
        "{why}; published revision {} again, rated from the inputs the record keeps (nothing recorded; give --revise to record the data folder's inputs as a new revision)",
        current.revision
    );
    let report = published_report(opts, &again.lists.main, again.findings.clone(), &published, Some(note), timings);
    crate::background::drop_later(again);
    Ok(report)
}
