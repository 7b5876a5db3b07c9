//! The errata of a correction as published: `errata.xlsx` (a summary
//! sheet, then every line) and `errata.pdf` (typeset by the booklet's
//! typst, from `templates/errata.typ`). What they print is the record's
//! [`Errata`].

use std::path::Path;

use rust_xlsxwriter::{Format, XlsxError};

use crate::record::errata::{Errata, ErrataLine};

/// Writes `errata.xlsx`: the summary, then every line.
pub fn write_xlsx(
    errata: &Errata,
    path: &Path,
    what: &str,
    detail: &str,
    stamp: chrono::NaiveDate,
) -> Result<(), XlsxError> {
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
        ("Periods re-rated", errata.periods.join(", ")),
        ("Players changed", errata.players_changed().to_string()),
        ("Tolerance (points)", errata.tolerance.to_string()),
    ];
    for (r, (label, value)) in rows.iter().enumerate() {
        summary.write_string_with_format(r as u32, 0, *label, &bold)?;
        summary.write_string(r as u32, 1, value)?;
    }
    summary.write_string_with_format(6, 0, "Largest changes", &bold)?;
    for (r, l) in errata.largest(10).iter().enumerate() {
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
    for (r, l) in errata.lines.iter().enumerate() {
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
    if !errata.lines.is_empty() {
        sheet.autofilter(0, 0, errata.lines.len() as u32, 8)?;
    }
    crate::formats::workbook::save(&mut workbook, path)
}

/// What `templates/errata.typ` reads.
#[derive(serde::Serialize)]
struct ErrataPdf<'a> {
    federation: &'a str,
    title: String,
    what: &'a str,
    detail: &'a str,
    periods: &'a [String],
    /// The sections lines are printed in: each period, then each list beside
    /// the main one whose lines changed in it ("August 1994, rapid list").
    sections: Vec<String>,
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

/// Each period, then the labels of its other lists' lines, in order.
fn sections(errata: &Errata) -> Vec<String> {
    let mut sections = Vec::new();
    for period in &errata.periods {
        sections.push(period.clone());
        let on_list = format!("{period}, ");
        for l in errata.lines.iter().filter(|l| l.period.starts_with(&on_list)) {
            if !sections.contains(&l.period) {
                sections.push(l.period.clone());
            }
        }
    }
    sections
}

/// `errata.pdf`: the summary page, then every line by period.
pub fn pdf(errata: &Errata, federation: &str, what: &str, detail: &str, published: &str) -> anyhow::Result<Vec<u8>> {
    let title = format!("{what}, from {}", errata.periods.first().map(String::as_str).unwrap_or(""));
    let data = ErrataPdf {
        federation,
        title: title.clone(),
        what,
        detail,
        periods: &errata.periods,
        sections: sections(errata),
        players_changed: errata.players_changed(),
        tolerance: errata.tolerance,
        largest: errata.largest(10).into_iter().map(PdfLine::of).collect(),
        lines: errata.lines.iter().map(PdfLine::of).collect(),
    };
    Ok(super::booklet::render_errata(&data, published, &title)?)
}
