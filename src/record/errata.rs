//! The errata of a correction: every player whose published rating in a
//! re-rated period changes by at least the tolerance, old and new, and why
//! (the corrected event itself, or the opponents through whom the change
//! reached him); written as `errata.xlsx` with a summary sheet first.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use rust_xlsxwriter::{Format, XlsxError};

use super::PlayerLine;

/// One player's published rating in one period, before and after.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrataLine {
    pub period: String,
    pub id: u32,
    pub name: String,
    pub old_printed: String,
    pub new_printed: String,
    pub old_rating: Option<f64>,
    pub new_rating: Option<f64>,
    pub why: String,
}

impl ErrataLine {
    /// New minus old rating, when both are published.
    pub fn change(&self) -> Option<f64> {
        Some(self.new_rating? - self.old_rating?)
    }
}

/// The errata of one correction, period by period.
#[derive(Debug, Clone)]
pub struct Errata {
    tolerance: f64,
    pub periods: Vec<String>,
    pub lines: Vec<ErrataLine>,
    /// IDs whose line changed in the last period compared.
    changed_before: HashSet<u32>,
}

/// A published rating (provisional or confirmed), or none.
fn published(line: Option<&PlayerLine>) -> Option<f64> {
    line.filter(|l| l.is_rated()).and_then(|l| l.rating)
}

impl Errata {
    pub fn new(tolerance: f64) -> Errata {
        Errata { tolerance, periods: Vec::new(), lines: Vec::new(), changed_before: HashSet::new() }
    }

    /// Compares a period's lines before and after the correction. `games`
    /// and `old_games` are (event, white, black); `corrected` the codes of
    /// the events the correction replaced, added or withdrew.
    #[allow(clippy::too_many_arguments)]
    pub fn compare(
        &mut self,
        period: &str,
        old: &[PlayerLine],
        new: &[PlayerLine],
        games: &[(String, u32, u32)],
        old_games: &[(String, u32, u32)],
        corrected: &[String],
        merge: Option<(u32, u32)>,
    ) {
        self.periods.push(period.to_string());
        let old_by_id: HashMap<u32, &PlayerLine> = old.iter().map(|l| (l.id, l)).collect();
        let new_by_id: HashMap<u32, &PlayerLine> = new.iter().map(|l| (l.id, l)).collect();
        let mut ids: Vec<u32> = old_by_id.keys().chain(new_by_id.keys()).copied().collect();
        ids.sort_unstable();
        ids.dedup();
        // Who played whom, and in which corrected event.
        let mut opponents: HashMap<u32, Vec<u32>> = HashMap::new();
        let mut in_corrected: HashMap<u32, String> = HashMap::new();
        for (event, white, black) in games.iter().chain(old_games) {
            opponents.entry(*white).or_default().push(*black);
            opponents.entry(*black).or_default().push(*white);
            if corrected.iter().any(|c| c.eq_ignore_ascii_case(event)) {
                in_corrected.entry(*white).or_insert_with(|| event.clone());
                in_corrected.entry(*black).or_insert_with(|| event.clone());
            }
        }
        let mut changed = HashSet::new();
        for &id in &ids {
            let (o, n) = (old_by_id.get(&id).copied(), new_by_id.get(&id).copied());
            let (old_rating, new_rating) = (published(o), published(n));
            let moved = match (old_rating, new_rating) {
                (Some(a), Some(b)) => (b - a).abs() >= self.tolerance.max(f64::EPSILON),
                (None, None) => false,
                _ => true,
            };
            let any_change = o.map(|l| (l.rating, &l.status)) != n.map(|l| (l.rating, &l.status));
            if any_change {
                changed.insert(id);
            }
            if !moved {
                continue;
            }
            let name = n.or(o).map(|l| l.display_name()).unwrap_or_default();
            let why = if let Some((keep, drop)) = merge.filter(|(k, d)| id == *k || id == *d) {
                format!("{drop}'s games are now {keep}'s (one person under two IDs)")
            } else if let Some(event) = in_corrected.get(&id) {
                format!("the corrected event {event}")
            } else {
                let mut through: Vec<u32> = opponents
                    .get(&id)
                    .map(|o| {
                        o.iter()
                            .copied()
                            .filter(|x| self.changed_before.contains(x) || changed_now(x, old, new))
                            .collect()
                    })
                    .unwrap_or_default();
                through.sort_unstable();
                through.dedup();
                if through.is_empty() {
                    if self.changed_before.contains(&id) {
                        "his own rating before this period changed".to_string()
                    } else {
                        "the re-rating of the period".to_string()
                    }
                } else {
                    let shown: Vec<String> = through
                        .iter()
                        .take(3)
                        .map(|x| {
                            let name =
                                new_by_id.get(x).or(old_by_id.get(x)).map(|l| l.display_name()).unwrap_or_default();
                            format!("{name} ({x})")
                        })
                        .collect();
                    let more =
                        if through.len() > 3 { format!(" and {} more", through.len() - 3) } else { String::new() };
                    format!("through his opponents {}{more}", shown.join(", "))
                }
            };
            self.lines.push(ErrataLine {
                period: period.to_string(),
                id,
                name,
                old_printed: o.map(|l| l.printed.clone()).unwrap_or_else(|| "-".into()),
                new_printed: n.map(|l| l.printed.clone()).unwrap_or_else(|| "-".into()),
                old_rating,
                new_rating,
                why,
            });
        }
        self.changed_before = changed;
    }

    /// Players with at least one line.
    pub fn players_changed(&self) -> usize {
        self.lines.iter().map(|l| l.id).collect::<HashSet<_>>().len()
    }

    /// The largest changes, largest first.
    pub fn largest(&self, n: usize) -> Vec<&ErrataLine> {
        let mut lines: Vec<&ErrataLine> = self.lines.iter().filter(|l| l.change().is_some()).collect();
        lines.sort_by(|a, b| {
            let key = |l: &ErrataLine| l.change().unwrap_or(0.0).abs();
            key(b).total_cmp(&key(a)).then(a.id.cmp(&b.id))
        });
        lines.truncate(n);
        lines
    }

    /// The summary as the terminal prints it.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "{} period(s) re-rated ({}); {} player(s) changed by at least {} point(s)\n",
            self.periods.len(),
            self.periods.join(", "),
            self.players_changed(),
            self.tolerance
        );
        for l in self.largest(10) {
            out += &format!(
                "  {:<16} {} ({}): {} -> {} ({:+.0}), {}\n",
                l.period,
                l.name,
                l.id,
                l.old_printed,
                l.new_printed,
                l.change().unwrap_or(0.0),
                l.why
            );
        }
        out
    }

    /// Writes `errata.xlsx`: the summary, then every line.
    pub fn write(&self, path: &Path, what: &str, detail: &str, stamp: chrono::NaiveDate) -> Result<(), XlsxError> {
        let mut workbook = crate::formats::workbook::new_workbook(stamp);
        let bold = Format::new().set_bold();
        let figure = Format::new().set_num_format("0");
        let summary = workbook.add_worksheet();
        summary.set_name("Summary")?;
        summary.set_column_width(0, 22)?;
        summary.set_column_width(1, 60)?;
        let rows: [(&str, String); 5] = [
            ("Correction", what.to_string()),
            ("Detail", detail.to_string()),
            ("Periods re-rated", self.periods.join(", ")),
            ("Players changed", self.players_changed().to_string()),
            ("Tolerance (points)", self.tolerance.to_string()),
        ];
        for (r, (label, value)) in rows.iter().enumerate() {
            summary.write_string_with_format(r as u32, 0, *label, &bold)?;
            summary.write_string(r as u32, 1, value)?;
        }
        summary.write_string_with_format(6, 0, "Largest changes", &bold)?;
        for (r, l) in self.largest(10).iter().enumerate() {
            let row = 7 + r as u32;
            summary.write_string(row, 0, &l.period)?;
            summary.write_string(row, 1, format!("{} ({}): {} -> {}", l.name, l.id, l.old_printed, l.new_printed))?;
            summary.write_number_with_format(row, 2, l.change().unwrap_or(0.0), &figure)?;
        }
        let sheet = workbook.add_worksheet();
        sheet.set_name("Errata")?;
        let headings = ["Period", "ID", "Name", "Old", "New", "Change", "Old rating", "New rating", "Why"];
        let widths = [16.0, 8.0, 30.0, 8.0, 8.0, 8.0, 11.0, 11.0, 60.0];
        for (c, (h, w)) in headings.iter().zip(widths).enumerate() {
            sheet.set_column_width(c as u16, w)?;
            sheet.write_string_with_format(0, c as u16, *h, &bold)?;
        }
        let exact = Format::new().set_num_format("0.00");
        for (r, l) in self.lines.iter().enumerate() {
            let row = r as u32 + 1;
            sheet.write_string(row, 0, &l.period)?;
            sheet.write_number(row, 1, l.id)?;
            sheet.write_string(row, 2, &l.name)?;
            sheet.write_string(row, 3, &l.old_printed)?;
            sheet.write_string(row, 4, &l.new_printed)?;
            if let Some(change) = l.change() {
                sheet.write_number_with_format(row, 5, change, &figure)?;
            }
            if let Some(v) = l.old_rating {
                sheet.write_number_with_format(row, 6, v, &exact)?;
            }
            if let Some(v) = l.new_rating {
                sheet.write_number_with_format(row, 7, v, &exact)?;
            }
            sheet.write_string(row, 8, &l.why)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        if !self.lines.is_empty() {
            sheet.autofilter(0, 0, self.lines.len() as u32, 8)?;
        }
        workbook.save(path)
    }
}

/// What `templates/errata.typ` reads.
#[derive(serde::Serialize)]
struct ErrataPdf<'a> {
    federation: &'a str,
    title: String,
    what: &'a str,
    detail: &'a str,
    periods: &'a [String],
    players_changed: usize,
    tolerance: f64,
    largest: Vec<PdfLine>,
    lines: Vec<PdfLine>,
}

#[derive(serde::Serialize)]
struct PdfLine {
    period: String,
    id: u32,
    name: String,
    old: String,
    new: String,
    change: String,
    why: String,
}

impl PdfLine {
    fn of(l: &ErrataLine) -> PdfLine {
        PdfLine {
            period: l.period.clone(),
            id: l.id,
            name: l.name.clone(),
            old: l.old_printed.clone(),
            new: l.new_printed.clone(),
            change: l.change().map(|c| format!("{c:+.0}")).unwrap_or_default(),
            why: l.why.clone(),
        }
    }
}

impl Errata {
    /// `errata.pdf`: the summary page, then every line by period.
    pub fn pdf(&self, federation: &str, what: &str, detail: &str, published: &str) -> anyhow::Result<Vec<u8>> {
        let title = format!("{what}, from {}", self.periods.first().map(String::as_str).unwrap_or(""));
        let data = ErrataPdf {
            federation,
            title: title.clone(),
            what,
            detail,
            periods: &self.periods,
            players_changed: self.players_changed(),
            tolerance: self.tolerance,
            largest: self.largest(10).into_iter().map(PdfLine::of).collect(),
            lines: self.lines.iter().map(PdfLine::of).collect(),
        };
        Ok(crate::publish::booklet::render_errata(&data, published, &title)?)
    }
}

/// Whether a player's line differs between the old and new lines of a period.
fn changed_now(id: &u32, old: &[PlayerLine], new: &[PlayerLine]) -> bool {
    let find = |lines: &[PlayerLine]| lines.binary_search_by_key(id, |l| l.id).ok().map(|i| lines[i].rating);
    find(old) != find(new)
}
