//! `validation.txt`: every finding of the run, grouped by file, each with its
//! sheet and cell, what is wrong and what would be right; then the events not
//! rated or deferred.

use std::fmt::Write as _;

use crate::diag::{Diagnostic, Severity};
use crate::validate::ValidPeriod;

/// Counts of findings by severity.
pub fn counts(diagnostics: &[Diagnostic]) -> (usize, usize, usize) {
    let n = |s| diagnostics.iter().filter(|d| d.severity == s).count();
    (n(Severity::Error), n(Severity::Warning), n(Severity::Note))
}

/// A part of a finding that a terminal may show in its own style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The file heading a group of findings.
    File,
    /// `error[code]`, `warning[code]`, `note[code]`.
    Severity(Severity),
}

/// One line per finding under its file's heading, as `check` prints them.
pub fn render_findings(diagnostics: &[Diagnostic]) -> String {
    render_findings_styled(diagnostics, &|_, text| text.to_string())
}

/// [`render_findings`], with `style` applied to the file headings and the
/// severities (the binary colours them on a terminal).
pub fn render_findings_styled(diagnostics: &[Diagnostic], style: &dyn Fn(Part, &str) -> String) -> String {
    let mut out = String::new();
    let mut current: Option<&str> = None;
    for d in diagnostics {
        if current != Some(d.location.file.as_str()) {
            if current.is_some() {
                out.push('\n');
            }
            let _ = writeln!(out, "{}", style(Part::File, &d.location.file));
            current = Some(d.location.file.as_str());
        }
        let place = match d.location.position() {
            p if p.is_empty() => p,
            p => format!("{p}: "),
        };
        let severity = style(Part::Severity(d.severity), &format!("{}[{}]", d.severity.as_str(), d.code.as_str()));
        let _ = writeln!(out, "  {severity} {place}{}", d.message);
        if let Some(h) = &d.hint {
            let _ = writeln!(out, "      hint: {h}");
        }
    }
    out
}

/// The whole report.
pub fn render(period: &ValidPeriod, diagnostics: &[Diagnostic], published: bool) -> String {
    let c = &period.config;
    let (errors, warnings, notes) = counts(diagnostics);
    let mut out = String::new();
    let _ = writeln!(out, "{}: ratings {} — validation report", c.federation, c.period);
    let _ = writeln!(out, "Period {} to {}, published {}", c.start, c.end, c.published);
    let rated = period.events.iter().filter(|e| e.disposition.is_rated()).count();
    let _ = writeln!(
        out,
        "{} reports read ({} unreadable), {} events rated, {} not rated",
        period.events.len() + period.unreadable.len(),
        period.unreadable.len(),
        rated,
        period.events.len() - rated
    );
    let _ = writeln!(out, "{errors} errors, {warnings} warnings, {notes} notes");
    let _ = writeln!(
        out,
        "{}\n",
        if published {
            "Published."
        } else {
            "NOT published: correct the errors below (or run with --skip-invalid to publish without the events in error)."
        }
    );
    out.push_str(&render_findings(diagnostics));
    let not_rated: Vec<_> = period.events.iter().filter(|e| !e.disposition.is_rated()).collect();
    if !not_rated.is_empty() {
        let _ = writeln!(out, "\nEvents not rated or deferred");
        for e in not_rated {
            let _ = writeln!(out, "  {} {} ({}): {}", e.code, e.name, e.file, e.disposition.note());
        }
    }
    for f in &period.unreadable {
        let _ = writeln!(out, "  {f}: not rated: the file could not be read");
    }
    out
}
