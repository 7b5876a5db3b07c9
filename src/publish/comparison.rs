//! The comparison of rule sets as published by `ratebook compare --out`:
//! `comparison.html`, one page that opens from disk (the table, the
//! verdict, a chart of each rule set's mean over the periods, what each
//! rule set does to the list and its biggest movers with the reason each
//! moves), and `comparison.xlsx` (the same table with numbers as numbers,
//! the verdict, each period's mean and drift, every mover). Both print
//! [`Comparison::rows`].

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use rust_xlsxwriter::Format as CellFormat;

use crate::compare::table::Format;
use crate::compare::Comparison;

/// The page's colours for the rule sets' lines, in column order.
const COLOURS: [&str; 6] = ["#1f4e79", "#c0504d", "#4f8f3a", "#8064a2", "#d98c1f", "#4bacc6"];

/// Writes `comparison.html` and `comparison.xlsx` into `out` (made if need
/// be), each whole or not at all; `stamp` dates the workbook.
pub fn write(comparison: &Comparison, out: &Path, stamp: chrono::NaiveDate) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create the folder {}", out.display()))?;
    let html = out.join("comparison.html");
    let xlsx = out.join("comparison.xlsx");
    let (html_tmp, xlsx_tmp) = (out.join(".comparison.html.tmp"), out.join(".comparison.xlsx.tmp"));
    let written = (|| -> Result<()> {
        std::fs::write(&html_tmp, page(comparison)).with_context(|| format!("cannot write {}", html.display()))?;
        workbook(comparison, &xlsx_tmp, stamp).with_context(|| format!("cannot write {}", xlsx.display()))?;
        std::fs::rename(&html_tmp, &html)?;
        std::fs::rename(&xlsx_tmp, &xlsx)?;
        Ok(())
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&html_tmp);
        let _ = std::fs::remove_file(&xlsx_tmp);
    }
    written?;
    Ok(vec![html, xlsx])
}

/// Text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page.
pub fn page(c: &Comparison) -> String {
    let title = format!("{}: the rule sets compared", c.federation);
    let first = c.periods.first().map_or("", String::as_str);
    let last = c.periods.last().map_or("", String::as_str);
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    html += &format!(
        "<p>Every recorded period from {} to {} ({} periods) re-rated from the reports the record keeps, under each rule set. Each period's games between two players every rule set had rated ({} games in {} events) are predicted from the ratings at the start of the period, before its results are known.</p>\n",
        escape(first),
        escape(last),
        c.periods.len(),
        c.games,
        c.events
    );
    html += "<h2>Which rule set predicted best</h2>\n";
    for sentence in c.verdict_sentences() {
        html += &format!("<p class=\"verdict\">{}</p>\n", escape(&sentence));
    }
    // Tables wider than a phone scroll inside their own region, not the page.
    html += "<div class=\"wide\" tabindex=\"0\" role=\"region\" aria-label=\"The rule sets compared, measure by measure\">\n";
    html += "<table class=\"comparison\">\n<thead><tr><th scope=\"col\">Measure</th>";
    for h in c.headings() {
        html += &format!("<th scope=\"col\">{}</th>", escape(&h));
    }
    html += "<th scope=\"col\">What it is</th></tr></thead>\n<tbody>\n";
    for row in c.rows() {
        html += &format!("<tr><th scope=\"row\">{}</th>", escape(&row.label));
        for v in &row.values {
            html += &format!("<td class=\"num\">{}</td>", escape(&row.format.print(*v)));
        }
        html += &format!("<td class=\"note\">{}</td></tr>\n", escape(&row.note));
    }
    html += "</tbody>\n</table>\n</div>\n";
    html += "<h2>The mean over the periods</h2>\n";
    html += &chart(c);
    for (column, said) in c.moves() {
        html += &format!("<h2>The list under {}</h2>\n<p>{}</p>\n", escape(&column.system.to_string()), escape(&said));
        let movers: Vec<_> = column.against_recorded.biggest(crate::compare::MOVERS).collect();
        if movers.is_empty() {
            continue;
        }
        html += &format!(
            "<div class=\"wide\" tabindex=\"0\" role=\"region\" aria-label=\"Biggest movers under {}\">\n",
            escape(&column.system.to_string())
        );
        html += &format!(
            "<table class=\"movers\">\n<caption>Biggest movers under {} (comparison.xlsx lists all {})</caption>\n<thead><tr><th scope=\"col\">ID</th><th scope=\"col\">Name</th><th scope=\"col\">Recorded</th><th scope=\"col\">Re-rated</th><th scope=\"col\">Shift</th><th scope=\"col\">Why</th></tr></thead>\n<tbody>\n",
            escape(&column.system.to_string()),
            crate::switch::shift::thousands(column.against_recorded.movers.len())
        );
        for m in movers {
            html += &format!(
                "<tr><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
                m.id,
                escape(&m.name),
                Format::Whole.print(m.before),
                Format::Whole.print(m.after),
                Format::Signed.print(m.shift),
                escape(&m.reason.words(column.title, column.against_recorded.floor))
            );
        }
        html += "</tbody>\n</table>\n</div>\n";
    }
    html += "</main>\n</body>\n</html>\n";
    html
}

const STYLE: &str = "body { font-family: Georgia, serif; margin: 0; color: #222; overflow-wrap: anywhere; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
.wide { overflow-x: auto; }
.wide:focus-visible { outline: 3px solid #b8860b; outline-offset: 2px; }
svg { display: block; max-width: 100%; height: auto; }
@media (max-width: 30rem) { svg text { font-size: 16px; } }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.note { color: #555; font-size: 0.9em; }
svg text { font-family: Georgia, serif; font-size: 12px; fill: #333; }
.legend span { display: inline-block; margin-right: 1.2rem; }
.legend i { display: inline-block; width: 1.5rem; height: 3px; vertical-align: middle; margin-right: 0.3rem; }
";

/// The chart of each rule set's mean at the end of each period (an inline
/// SVG, its numbers at fixed precision), with a legend and a table of the
/// same numbers for readers who cannot see it.
fn chart(c: &Comparison) -> String {
    let (w, h, left, right, top, bottom) = (640.0, 300.0, 56.0, 12.0, 12.0, 40.0);
    let values: Vec<f64> = c.systems.iter().flat_map(|s| s.means.iter().flatten().copied()).collect();
    if values.is_empty() {
        return "<p>No rule set published a rating.</p>\n".to_string();
    }
    let (lo, hi) = values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    let step = [10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0]
        .into_iter()
        .find(|s| (hi - lo) / s <= 6.0)
        .unwrap_or(1000.0);
    let (y0, y1) = ((lo / step).floor() * step, ((hi / step).floor() + 1.0) * step);
    let n = c.periods.len().max(2) - 1;
    let x = |i: usize| left + (w - left - right) * i as f64 / n as f64;
    let y = |v: f64| top + (h - top - bottom) * (y1 - v) / (y1 - y0);
    let mut svg = format!(
        "<figure>\n<svg viewBox=\"0 0 {w} {h}\" width=\"100%\" role=\"img\" aria-label=\"The mean rating of each rule set at the end of each period\">\n"
    );
    let mut v = y0;
    while v <= y1 + 1e-9 {
        svg += &format!(
            "<line x1=\"{left}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            w - right,
            y(v),
            y(v),
            left - 6.0,
            y(v) + 4.0,
            v.round() as i64
        );
        v += step;
    }
    let every = c.periods.len().div_ceil(6).max(1);
    let last = c.periods.len().saturating_sub(1);
    for (i, period) in c.periods.iter().enumerate() {
        if i % every == 0 || i == last {
            // The first label starts at its period and the last ends at
            // its, so that neither runs off the chart ("August 1996").
            let anchor = match i {
                0 if last > 0 => "start",
                i if i == last && last > 0 => "end",
                _ => "middle",
            };
            svg += &format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>\n",
                x(i),
                h - bottom + 18.0,
                escape(period)
            );
        }
    }
    for (s, column) in c.systems.iter().enumerate() {
        let points: Vec<String> = column
            .means
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.map(|m| format!("{:.1},{:.1}", x(i), y(m))))
            .collect();
        svg += &format!(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n",
            COLOURS[s % COLOURS.len()],
            points.join(" ")
        );
    }
    svg += "</svg>\n<figcaption class=\"legend\">";
    for (s, heading) in c.headings().iter().enumerate() {
        svg += &format!("<span><i style=\"background:{}\"></i>{}</span>", COLOURS[s % COLOURS.len()], escape(heading));
    }
    svg += "</figcaption>\n</figure>\n";
    svg += "<div class=\"wide\" tabindex=\"0\" role=\"region\" aria-label=\"The mean and drift of each rule set, period by period\">\n";
    svg += "<table class=\"means\">\n<thead><tr><th scope=\"col\">Period</th>";
    for h in c.headings() {
        svg += &format!("<th scope=\"col\">Mean, {}</th><th scope=\"col\">Drift</th>", escape(&h));
    }
    svg += "</tr></thead>\n<tbody>\n";
    for (i, period) in c.periods.iter().enumerate() {
        svg += &format!("<tr><th scope=\"row\">{}</th>", escape(period));
        for column in &c.systems {
            svg += &format!(
                "<td class=\"num\">{}</td><td class=\"num\">{}</td>",
                Format::Decimals(1).print(column.means.get(i).copied().flatten()),
                Format::Signed.print(column.drift.get(i).copied().flatten())
            );
        }
        svg += "</tr>\n";
    }
    svg += "</tbody>\n</table>\n</div>\n";
    svg
}

/// The number format a row's cells carry in the workbook.
fn cell_format(format: Format) -> CellFormat {
    CellFormat::new().set_num_format(match format {
        Format::Whole => "0",
        Format::Decimals(1) => "0.0",
        Format::Decimals(3) => "0.000",
        Format::Decimals(_) => "0.0000",
        Format::Percent => "0.0%",
        Format::Signed => "+0.0;-0.0;0.0",
    })
}

/// `comparison.xlsx`: sheets Comparison, Means and Movers.
fn workbook(c: &Comparison, path: &Path, stamp: chrono::NaiveDate) -> Result<(), rust_xlsxwriter::XlsxError> {
    let mut workbook = crate::formats::workbook::new_workbook(stamp);
    let bold = CellFormat::new().set_bold();
    let headings = c.headings();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Comparison")?;
    sheet.set_column_width(0, 26)?;
    sheet.write_string_with_format(0, 0, "Measure", &bold)?;
    for (k, h) in headings.iter().enumerate() {
        sheet.set_column_width(k as u16 + 1, 16)?;
        sheet.write_string_with_format(0, k as u16 + 1, h, &bold)?;
    }
    let note_column = headings.len() as u16 + 1;
    sheet.set_column_width(note_column, 80)?;
    sheet.write_string_with_format(0, note_column, "What it is", &bold)?;
    for (r, row) in c.rows().iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, &row.label)?;
        let format = cell_format(row.format);
        for (k, v) in row.values.iter().enumerate() {
            if let Some(v) = v {
                sheet.write_number_with_format(r, k as u16 + 1, *v, &format)?;
            }
        }
        sheet.write_string(r, note_column, &row.note)?;
    }
    let means = workbook.add_worksheet();
    means.set_name("Means")?;
    means.set_column_width(0, 18)?;
    means.write_string_with_format(0, 0, "Period", &bold)?;
    for (k, h) in headings.iter().enumerate() {
        means.set_column_width(2 * k as u16 + 1, 16)?;
        means.write_string_with_format(0, 2 * k as u16 + 1, format!("Mean, {h}"), &bold)?;
        means.write_string_with_format(0, 2 * k as u16 + 2, format!("Drift, {h}"), &bold)?;
    }
    let (one, signed) = (cell_format(Format::Decimals(1)), cell_format(Format::Signed));
    for (i, period) in c.periods.iter().enumerate() {
        let r = i as u32 + 1;
        means.write_string(r, 0, period)?;
        for (k, column) in c.systems.iter().enumerate() {
            if let Some(m) = column.means.get(i).copied().flatten() {
                means.write_number_with_format(r, 2 * k as u16 + 1, m, &one)?;
            }
            if let Some(d) = column.drift.get(i).copied().flatten() {
                means.write_number_with_format(r, 2 * k as u16 + 2, d, &signed)?;
            }
        }
    }
    let sheet = workbook.add_worksheet();
    sheet.set_name("Verdict")?;
    sheet.set_column_width(0, 120)?;
    for (r, sentence) in c.verdict_sentences().iter().enumerate() {
        sheet.write_string(r as u32, 0, sentence)?;
    }
    let movers = workbook.add_worksheet();
    movers.set_name("Movers")?;
    for (k, (h, w)) in ["Rule set", "ID", "Name", "Recorded", "Re-rated", "Shift", "Why"]
        .iter()
        .zip([18.0, 10.0, 32.0, 10.0, 10.0, 10.0, 70.0])
        .enumerate()
    {
        movers.set_column_width(k as u16, w)?;
        movers.write_string_with_format(0, k as u16, *h, &bold)?;
    }
    let mut r = 1;
    for column in &c.systems {
        for m in &column.against_recorded.movers {
            movers.write_string(r, 0, column.title)?;
            movers.write_number(r, 1, m.id)?;
            movers.write_string(r, 2, &m.name)?;
            for (k, value) in [(3, m.before), (4, m.after)] {
                if let Some(v) = value {
                    movers.write_number_with_format(r, k, v, &one)?;
                }
            }
            if let Some(shift) = m.shift {
                movers.write_number_with_format(r, 5, shift, &signed)?;
            }
            movers.write_string(r, 6, m.reason.words(column.title, column.against_recorded.floor))?;
            r += 1;
        }
    }
    workbook.save(path)
}
