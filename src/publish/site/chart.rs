//! The rating-history chart of a player's page: the geometry of an inline
//! SVG (drawn by the template `player.html`) and its text alternative.
//! Numbers are printed with fixed precision, so the same history gives the
//! same bytes.

use serde::Serialize;

use crate::record::query::HistoryPoint;

/// What the template draws.
#[derive(Debug, Clone, Serialize)]
pub struct Chart {
    pub width: u32,
    pub height: u32,
    /// Horizontal grid lines: (y, label).
    pub grid: Vec<(String, String, i64)>,
    /// Period labels along the bottom: (x, anchor, text).
    pub labels: Vec<(String, &'static str, String)>,
    /// One polyline per run of rated periods ("x,y x,y …").
    pub lines: Vec<String>,
    /// The latest rating's dot: (x, y).
    pub dot: Option<(String, String)>,
    /// The text alternative.
    pub caption: String,
    /// Every period, for the table under the chart: (period, printed).
    pub table: Vec<(String, String)>,
    pub left: u32,
    pub right: u32,
}

const WIDTH: f64 = 400.0;
const HEIGHT: f64 = 220.0;
const LEFT: f64 = 40.0;
const RIGHT: f64 = 8.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 24.0;
/// A period label's width a character, in ems of its size (12), and the
/// least space between two labels.
const LABEL_EM: f64 = 0.58;
const LABEL_GAP: f64 = 14.0;

/// A period's name for the chart's axis: `Aug 1993` for `August 1993`.
fn short_period(period: &str) -> String {
    // A month's full English name first (chrono knows them).
    let full_month = |word: &str| word.parse::<chrono::Month>().is_ok_and(|m| m.name() == word);
    match period.split_once(' ') {
        Some((month, rest)) if full_month(month) => format!("{} {rest}", &month[..3]),
        _ => period.to_string(),
    }
}

/// The chart of `points` (oldest first) for a player named `name`, its
/// caption calling the number `rating` (the rule set's word); `None` when no
/// period has a published rating.
pub fn chart(name: &str, points: &[HistoryPoint], rating: &str) -> Option<Chart> {
    let rated: Vec<i64> = points.iter().filter_map(|p| p.rating.map(|r| r.round() as i64)).collect();
    let (lo, hi) = (*rated.iter().min()?, *rated.iter().max()?);
    let step = [50, 100, 200, 250, 500].into_iter().find(|s| (hi - lo) / s <= 5).unwrap_or(1000);
    let (y0, y1) = (lo.div_euclid(step) * step, (hi.div_euclid(step) + 1) * step);
    let n = points.len();
    let x = |i: usize| {
        if n == 1 {
            (LEFT + WIDTH - RIGHT) / 2.0
        } else {
            LEFT + (WIDTH - LEFT - RIGHT) * i as f64 / (n - 1) as f64
        }
    };
    let y = |v: f64| TOP + (HEIGHT - TOP - BOTTOM) * (y1 as f64 - v) / (y1 - y0) as f64;
    let grid = (0..)
        .map(|k| y0 + k * step)
        .take_while(|v| *v <= y1)
        .map(|v| (format!("{:.1}", y(v as f64)), format!("{:.1}", y(v as f64) + 4.0), v))
        .collect();
    // The periods along the bottom, as many as stand apart (the last one
    // always), a month's name shortened ("Aug 1993").
    let mut labels: Vec<(String, &'static str, String)> = Vec::new();
    let mut kept: Vec<(f64, f64)> = Vec::new();
    for (i, p) in points.iter().enumerate() {
        let text = short_period(&p.period);
        let width = LABEL_EM * 12.0 * text.chars().count() as f64;
        let (anchor, left) = match i {
            _ if n == 1 => ("middle", x(i) - width / 2.0),
            0 => ("start", x(i)),
            _ if i == n - 1 => ("end", x(i) - width),
            _ => ("middle", x(i) - width / 2.0),
        };
        let apart = |kept: &[(f64, f64)]| kept.last().is_none_or(|&(_, right)| left >= right + LABEL_GAP);
        if !apart(&kept) && i == n - 1 && kept.len() > 1 {
            kept.pop();
            labels.pop();
        }
        if apart(&kept) {
            kept.push((left, left + width));
            labels.push((format!("{:.1}", x(i)), anchor, text));
        }
    }
    let mut lines = Vec::new();
    let mut run: Vec<String> = Vec::new();
    for (i, p) in points.iter().enumerate() {
        match p.rating {
            Some(v) => run.push(format!("{:.1},{:.1}", x(i), y(v))),
            None if !run.is_empty() => lines.push(std::mem::take(&mut run).join(" ")),
            None => {}
        }
    }
    if !run.is_empty() {
        lines.push(run.join(" "));
    }
    let dot = points
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, p)| p.rating.map(|v| (format!("{:.1}", x(i)), format!("{:.1}", y(v)))));
    let first = points.iter().find(|p| p.rating.is_some())?;
    let last = points.iter().rev().find(|p| p.rating.is_some())?;
    let best = points.iter().find(|p| p.rating.map(|r| r.round() as i64) == Some(hi))?;
    let periods = if n == 1 {
        format!("1 period ({})", points[0].period)
    } else {
        format!("{n} periods, {} to {}", points[0].period, points[n - 1].period)
    };
    let caption = format!(
        "{name}'s {rating} in {periods}: from {} to {}; highest {hi} ({}), lowest {lo}.",
        first.printed, last.printed, best.period
    );
    let table = points.iter().map(|p| (p.period.clone(), p.printed.clone())).collect();
    Some(Chart {
        width: WIDTH as u32,
        height: HEIGHT as u32,
        grid,
        labels,
        lines,
        dot,
        caption,
        table,
        left: LEFT as u32,
        right: (WIDTH - RIGHT) as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(period: &str, rating: Option<f64>) -> HistoryPoint {
        HistoryPoint { period: period.into(), rating, printed: rating.map_or("Unr".into(), |r| format!("{r:.0}")) }
    }

    #[test]
    fn a_gap_breaks_the_line_and_the_caption_tells_the_story() {
        let points = [point("A", Some(1500.0)), point("B", Some(1550.0)), point("C", None), point("D", Some(1620.0))];
        let c = chart("Ann Abbott", &points, "rating").unwrap();
        assert_eq!(c.lines.len(), 2, "{:?}", c.lines);
        assert_eq!(
            c.caption,
            "Ann Abbott's rating in 4 periods, A to D: from 1500 to 1620; highest 1620 (D), lowest 1500."
        );
        assert_eq!(c.table.len(), 4);
        assert!(c.grid.first().unwrap().2 <= 1500 && c.grid.last().unwrap().2 >= 1620);
    }

    #[test]
    fn period_labels_stand_apart_and_the_last_is_always_there() {
        let periods = |n: usize| -> Vec<HistoryPoint> {
            (0..n).map(|i| point(&format!("August {}", 1993 + i), Some(1500.0 + i as f64))).collect()
        };
        let texts = |c: Chart| c.labels.into_iter().map(|l| l.2).collect::<Vec<_>>();
        assert_eq!(texts(chart("X", &periods(4), "rating").unwrap()), ["Aug 1993", "Aug 1994", "Aug 1995", "Aug 1996"]);
        let many = texts(chart("X", &periods(12), "rating").unwrap());
        assert!(many.len() < 12 && many.first().unwrap() == "Aug 1993", "{many:?}");
        assert_eq!(many.last().unwrap(), "Aug 2004");
        assert_eq!(short_period("2024 Q1"), "2024 Q1");
    }

    #[test]
    fn no_published_rating_no_chart() {
        assert!(chart("X", &[point("A", None)], "rating").is_none());
        // One period: a point in the middle of the plot, on its grid line.
        let one = chart("X", &[point("A", Some(1200.0))], "rating").unwrap();
        assert_eq!(one.lines, ["216.0,196.0"]);
        assert_eq!(one.grid.first().unwrap().2, 1200);
    }
}
