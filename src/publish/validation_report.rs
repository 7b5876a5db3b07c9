//! `validation.txt`: every finding of the run, grouped by file, each with its
//! sheet and cell, what is wrong and what would be right; then the events not
//! rated or deferred.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::diag::{escape_controls, Diagnostic, Severity};
use crate::validate::ValidPeriod;

/// Counts of findings by severity, as they are listed: the same mistake on
/// several cells of one sheet is one finding ([`group_findings`]), so a
/// summary's "2 notes" is the two lines above it.
pub fn counts(diagnostics: &[Diagnostic]) -> (usize, usize, usize) {
    let groups = group_findings(diagnostics);
    let n = |s| groups.iter().filter(|g| g[0].severity == s).count();
    (n(Severity::Error), n(Severity::Warning), n(Severity::Note))
}

/// "3 errors, 1 warning, 0 notes".
pub fn summary(errors: usize, warnings: usize, notes: usize) -> String {
    let n = |count: usize, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
    format!("{}, {}, {}", n(errors, "error", "errors"), n(warnings, "warning", "warnings"), n(notes, "note", "notes"))
}

/// "3 files were not read: 2 not a tournament report, 1 a hidden file
/// (its name starts with a dot)": the files the run passed over and why (`None`: none).
pub fn not_read(diagnostics: &[Diagnostic]) -> Option<String> {
    let mut why: Vec<(&str, usize)> = Vec::new();
    let passed_over = |d: &&Diagnostic| {
        d.code == crate::diag::Code::UnreadableFile
            && !d.is_error()
            && (d.message.starts_with("ignored: ") || d.message.starts_with("not read: "))
    };
    for d in diagnostics.iter().filter(passed_over) {
        let reason = d.message.split_once(": ").map_or(d.message.as_str(), |(_, r)| r);
        match why.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => why.push((reason, 1)),
        }
    }
    why.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let total: usize = why.iter().map(|(_, n)| n).sum();
    (total > 0).then(|| {
        let reasons: Vec<String> = why.iter().map(|(r, n)| format!("{n} {r}")).collect();
        format!(
            "{total} {} not read: {}",
            if total == 1 { "file was" } else { "files were" },
            escape_controls(&reasons.join(", "))
        )
    })
}

/// A part of a finding that a terminal may show in its own style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The file heading a group of findings.
    File,
    /// `error[code]`, `warning[code]`, `note[code]`.
    Severity(Severity),
}

/// One line per finding under its file's heading, as `check` prints them;
/// the same mistake on many cells of a sheet is one line listing the cells
/// (see [`group_findings`]).
pub fn render_findings(diagnostics: &[Diagnostic]) -> String {
    render_findings_styled(diagnostics, &|_, text| text.to_string())
}

/// [`render_findings`], with `style` applied to the file headings and the
/// severities (the binary colours them on a terminal).
pub fn render_findings_styled(diagnostics: &[Diagnostic], style: &dyn Fn(Part, &str) -> String) -> String {
    let mut out = String::new();
    let mut current: Option<&str> = None;
    for group in group_findings(diagnostics) {
        let d = group[0];
        if current != Some(d.location.file.as_str()) {
            if current.is_some() {
                out.push('\n');
            }
            let _ = writeln!(out, "{}", style(Part::File, &escape_controls(&d.location.file)));
            current = Some(d.location.file.as_str());
        }
        let severity = style(Part::Severity(d.severity), &format!("{}[{}]", d.severity.as_str(), d.code.as_str()));
        // Values quoted from the input (names, cells, file names) are shown
        // escaped: a finding never writes a control character.
        let _ = writeln!(out, "  {severity} {}", escape_controls(&describe(&group)));
        if let Some(h) = &d.hint {
            let _ = writeln!(out, "      hint: {}", escape_controls(h));
        }
    }
    out
}

/// At most this many players (or other items) are named in a grouped finding.
const ITEMS_SHOWN: usize = 12;

/// Where and what, for one finding or a group of them: "sheet Games, cell
/// D7: …", or "sheet Games, cells A15 to A19, A21 (6 cells): …".
fn describe(group: &[&Diagnostic]) -> String {
    let d = group[0];
    if group.len() == 1 {
        return match d.location.position() {
            p if p.is_empty() => d.message.clone(),
            p => format!("{p}: {}", d.message),
        };
    }
    let cells: Vec<&str> = group.iter().filter_map(|d| d.location.cell.as_deref()).collect();
    let sheet = d.location.sheet.as_deref().unwrap_or_default();
    let place = format!("sheet {sheet}, cells {} ({} cells)", cell_ranges(&cells), cells.len());
    match &d.group {
        None => format!("{place}: {}", d.message),
        Some(g) => {
            let mut items: Vec<&str> =
                group.iter().take(ITEMS_SHOWN).filter_map(|d| d.group.as_ref()).map(|g| g.item.as_str()).collect();
            let more = group.len().saturating_sub(ITEMS_SHOWN);
            let more = format!("and {more} more");
            if group.len() > ITEMS_SHOWN {
                items.push(&more);
            }
            format!("{place}: {}: {}", g.summary, items.join("; "))
        }
    }
}

/// The findings in printing order, the same mistake on several cells of one
/// sheet gathered into one group (at the place of its first): findings with
/// the same file, sheet, severity, code and hint, and either the same
/// [`Group`](crate::diag::Group) summary or, without one, the same message.
/// Findings without a cell stay alone.
pub fn group_findings(diagnostics: &[Diagnostic]) -> Vec<Vec<&Diagnostic>> {
    type Key<'a> = (&'a str, Option<&'a str>, Severity, crate::diag::Code, Option<&'a str>, &'a str);
    let mut groups: Vec<Vec<&Diagnostic>> = Vec::new();
    let mut index: HashMap<Key, usize> = HashMap::new();
    for d in diagnostics {
        if d.location.cell.is_none() {
            groups.push(vec![d]);
            continue;
        }
        let what = d.group.as_ref().map_or(d.message.as_str(), |g| g.summary.as_str());
        let k: Key =
            (d.location.file.as_str(), d.location.sheet.as_deref(), d.severity, d.code, d.hint.as_deref(), what);
        match index.get(&k) {
            Some(&i) => groups[i].push(d),
            None => {
                index.insert(k, groups.len());
                groups.push(vec![d]);
            }
        }
    }
    groups
}

/// "A15 to A19, A21, C2": cells in the order given, runs of consecutive rows
/// in one column joined.
fn cell_ranges(cells: &[&str]) -> String {
    let split = |cell: &str| -> Option<(String, u64)> {
        let letters: String = cell.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        Some((letters.clone(), cell[letters.len()..].parse().ok()?))
    };
    let mut out: Vec<String> = Vec::new();
    // A run: its first cell, its column, its first and last rows.
    let flush = |run: Option<(String, String, u64, u64)>, out: &mut Vec<String>| {
        if let Some((first, column, start, end)) = run {
            out.push(match end - start {
                0 => first,
                1 => format!("{first}, {column}{end}"),
                _ => format!("{first} to {column}{end}"),
            });
        }
    };
    let mut run: Option<(String, String, u64, u64)> = None;
    for cell in cells {
        let Some((column, row)) = split(cell) else {
            flush(run.take(), &mut out);
            out.push(cell.to_string());
            continue;
        };
        match &mut run {
            Some((_, c, _, end)) if *c == column && *end + 1 == row => *end = row,
            _ => {
                flush(run.take(), &mut out);
                run = Some((cell.to_string(), column, row, row));
            }
        }
    }
    flush(run.take(), &mut out);
    out.join(", ")
}

/// An event not rated, as `CODE Name (file): why` (`file: why` for a report
/// without code or name).
pub fn event_line(e: &crate::validate::Event) -> String {
    if e.code == e.file && e.name.is_empty() {
        format!("{}: {}", e.file, e.disposition.note())
    } else {
        format!("{} {} ({}): {}", e.code, e.name, e.file, e.disposition.note())
    }
}

/// The events not rated or deferred, each as `CODE Name (file): why`, and
/// the report files that could not be read.
pub fn events_not_rated(period: &ValidPeriod) -> Vec<String> {
    let mut lines: Vec<String> = period.events.iter().filter(|e| !e.disposition.is_rated()).map(event_line).collect();
    lines.extend(period.unreadable.iter().map(|f| format!("{f}: not rated: the file could not be read")));
    lines
}

/// The whole report.
pub fn render(period: &ValidPeriod, diagnostics: &[Diagnostic], published: bool) -> String {
    let c = &period.config;
    let (errors, warnings, notes) = counts(diagnostics);
    let mut out = String::new();
    let title = format!("{}: ratings {} — validation report", c.federation, c.period);
    let _ = writeln!(out, "{}", escape_controls(&title));
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
    if let Some(skipped) = not_read(diagnostics) {
        let _ = writeln!(out, "{skipped}");
    }
    let _ = writeln!(out, "{}", summary(errors, warnings, notes));
    let _ = writeln!(
        out,
        "{}\n",
        if published {
            "Published."
        } else if crate::validate::has_global_errors(diagnostics) {
            "NOT published: correct the errors below (errors outside the reports cannot be skipped with --skip-invalid)."
        } else {
            "NOT published: correct the errors below (or run with --skip-invalid to publish without the events in error)."
        }
    );
    out.push_str(&render_findings(diagnostics));
    let not_rated = events_not_rated(period);
    if !not_rated.is_empty() {
        let _ = writeln!(out, "\nEvents not rated or deferred");
        for line in not_rated {
            let _ = writeln!(out, "  {}", escape_controls(&line));
        }
    }
    out
}
