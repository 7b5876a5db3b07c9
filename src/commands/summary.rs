//! What a `period` run and `check` end with, so that an officer need not
//! scroll back: the findings counted, the players counted (each number
//! named for what it counts, in the words the booklet and the site use), the
//! events not rated and why, and where the outputs are; a run that did not
//! publish ends with its errors again and what to do.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::diag::{escape_controls, Diagnostic, Severity};
use crate::publish::validation_report::{counts, event_line, render_findings, summary};
use crate::validate::{Disposition, ValidPeriod};

/// The three counts of players a run speaks of, named as the outputs name
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerCounts {
    /// Players in the new player file (`players.xlsx`), whatever their status.
    pub in_file: usize,
    /// Active players: those the booklet's state lists and the site's index
    /// show (played since the period's `active_since`).
    pub active: usize,
    /// Active players with a published rating (the booklet's rating charts count these).
    pub active_rated: usize,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Published into the output folder.
    Published,
    /// Nothing published: errors. `skippable`: every error is in a report,
    /// so `--skip-invalid` would publish the rest.
    Refused { skippable: bool },
    /// A dry run: nothing written.
    DryRun,
    /// `check`: nothing is ever written.
    Checked,
}

/// The end of a run's output.
#[derive(Debug, Clone)]
pub struct RunSummary {
    pub outcome: Outcome,
    /// (errors, warnings, notes).
    pub findings: (usize, usize, usize),
    /// The errors, when the run did not publish because of them: printed again at the end.
    pub errors: Vec<Diagnostic>,
    pub players: Option<PlayerCounts>,
    pub events_rated: usize,
    /// Of them, by rating list, when the period keeps several: (list, events).
    pub by_list: Vec<(String, usize)>,
    /// Reports not rated because they have errors (their findings say
    /// what), and report files that could not be read.
    pub with_errors: usize,
    pub unreadable: usize,
    /// The other events not rated (or deferred), each as `CODE Name (file): why`.
    pub not_rated: Vec<String>,
    /// What was written where: (what, path), the validation report among them.
    pub outputs: Vec<(&'static str, PathBuf)>,
    /// What happened to the rating record, in words.
    pub record: Option<String>,
    /// The site's pages, and how many were kept from the last run, in words.
    pub site_pages: Option<String>,
}

impl RunSummary {
    /// The summary of a run over `period` with `diagnostics`.
    pub fn new(outcome: Outcome, period: &ValidPeriod, diagnostics: &[Diagnostic]) -> RunSummary {
        let errors = match outcome {
            Outcome::Refused { .. } => diagnostics.iter().filter(|d| d.severity == Severity::Error).cloned().collect(),
            _ => Vec::new(),
        };
        RunSummary {
            outcome,
            findings: counts(diagnostics),
            errors,
            players: None,
            events_rated: period.events.iter().filter(|e| e.disposition.is_rated_on_its_list()).count(),
            by_list: period
                .config
                .rating_lists
                .iter()
                .enumerate()
                .map(|(k, list)| {
                    let on = |e: &&crate::validate::Event| e.list == Some(k) && e.disposition.is_rated_on_its_list();
                    (list.name.clone(), period.events.iter().filter(on).count())
                })
                .collect(),
            with_errors: period.events.iter().filter(|e| e.disposition == Disposition::Invalid).count(),
            unreadable: period.unreadable.len(),
            not_rated: period
                .events
                .iter()
                .filter(|e| !e.disposition.is_rated_on_its_list() && e.disposition != Disposition::Invalid)
                .map(event_line)
                .collect(),
            outputs: Vec::new(),
            record: None,
            site_pages: None,
        }
    }

    /// The summary as the terminal prints it, after the findings.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if !self.errors.is_empty() {
            let n = self.errors.len();
            let _ = writeln!(out, "\nThe {} that stopped publication:", if n == 1 { "error" } else { "errors" });
            for line in render_findings(&self.errors).lines() {
                let _ = writeln!(out, "  {line}");
            }
        }
        let (errors, warnings, notes) = self.findings;
        let _ = writeln!(out, "\nSummary");
        let report = self.outputs.iter().find(|(what, _)| *what == "validation report");
        let all = match (report, self.outcome == Outcome::Checked) {
            (Some((_, path)), _) => format!(" (every one is in {})", path.display()),
            (None, true) => " (listed above)".to_string(),
            (None, false) => String::new(),
        };
        row(&mut out, "findings", &format!("{}{all}", summary(errors, warnings, notes)));
        if let Some(p) = &self.players {
            row(
                &mut out,
                "players",
                &format!(
                    "{} in the new player file; {} of them active (listed in the booklet and on the site), \
                     {} of those with a published rating",
                    thousands(p.in_file),
                    thousands(p.active),
                    thousands(p.active_rated)
                ),
            );
        }
        let (rated, not) = if self.outcome == Outcome::Checked {
            ("would be rated", "would not be rated")
        } else {
            ("rated", "not rated")
        };
        let mut events = format!("{} {rated}", thousands(self.events_rated));
        if !self.by_list.is_empty() {
            let each: Vec<String> = self.by_list.iter().map(|(list, n)| format!("{} {list}", thousands(*n))).collect();
            let _ = write!(events, " ({})", each.join(", "));
        }
        if self.with_errors > 0 {
            let _ = write!(events, "; {} with errors {not}", plural(self.with_errors, "report", "reports"));
        }
        if self.unreadable > 0 {
            let _ = write!(events, "; {} could not be read", plural(self.unreadable, "file", "files"));
        }
        match self.not_rated.len() {
            0 if self.with_errors + self.unreadable == 0 => events.push_str(", none left out"),
            0 => {}
            n => {
                let others = if self.with_errors + self.unreadable > 0 { " other" } else { "" };
                let _ = write!(events, "; {}{others} {not} (or deferred), and why:", plural(n, "event", "events"));
            }
        }
        row(&mut out, "events", &events);
        for line in &self.not_rated {
            let _ = writeln!(out, "      {}", escape_controls(line));
        }
        for (what, path) in &self.outputs {
            row(&mut out, what, &path.display().to_string());
        }
        if let Some(pages) = &self.site_pages {
            row(&mut out, "site pages", pages);
        }
        if let Some(record) = &self.record {
            row(&mut out, "record", record);
        }
        let last = match self.outcome {
            Outcome::Published => "Published.".to_string(),
            Outcome::DryRun => "Dry run: nothing was written.".to_string(),
            Outcome::Checked if errors > 0 => {
                "Not ready: correct the errors, then check again (the reports with errors would not be rated)."
                    .to_string()
            }
            Outcome::Checked => "Ready: no errors.".to_string(),
            Outcome::Refused { skippable: true } => {
                "Not published: correct the errors listed above and run again, or use --skip-invalid to publish \
                 without the events whose reports have them."
                    .to_string()
            }
            Outcome::Refused { skippable: false } => "Not published: correct the errors listed above and run again \
                 (errors outside the reports cannot be skipped with --skip-invalid)."
                .to_string(),
        };
        let _ = writeln!(out, "{last}");
        out
    }
}

/// `1 report`, `3 reports`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// One labelled line of the summary.
fn row(out: &mut String, label: &str, text: &str) {
    let _ = writeln!(out, "  {label:<18} {text}");
}

/// 12345 → "12,345", as the booklet prints counts.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_print_with_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(3113), "3,113");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
