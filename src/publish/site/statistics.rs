//! The site's statistics page (`statistics.html`): every table as the
//! statistics module made it, the rated pool's distribution as bars and its
//! trend as lines, both inline SVG with a caption and the tables as their
//! text alternative; and what a player's page shows of the statistics (his
//! age band, his percentile, his record against each opponent).

use serde::Serialize;

use crate::rated::event::points_text;
use crate::statistics::{Meeting, Statistics};

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 240.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 26.0;

/// A table as the page prints it.
#[derive(Serialize)]
pub struct PageTable {
    pub name: String,
    pub id: String,
    pub note: String,
    pub columns: Vec<String>,
    /// Each cell's text, and whether it is a number (set flush right).
    pub rows: Vec<Vec<(String, bool)>>,
}

/// An SVG chart's geometry: bars (x, y, width, height) or lines (points),
/// gridlines (y, label) and labels along the bottom (x, anchor, text).
#[derive(Serialize, Default)]
pub struct SvgChart {
    pub width: u32,
    pub height: u32,
    pub left: u32,
    pub right: u32,
    pub bars: Vec<(String, String, String, String)>,
    /// (points, class, label) of each line.
    pub lines: Vec<(String, &'static str, &'static str)>,
    pub grid: Vec<(String, String, String)>,
    pub labels: Vec<(String, &'static str, String)>,
    /// The lines' names at their ends (x, y, name).
    pub names: Vec<(String, String, &'static str)>,
    pub caption: String,
}

impl SvgChart {
    /// An empty chart of the page's size, its plot between `left` and `right`.
    fn framed() -> SvgChart {
        SvgChart {
            width: WIDTH as u32,
            height: HEIGHT as u32,
            left: LEFT as u32,
            right: (WIDTH - RIGHT) as u32,
            ..Default::default()
        }
    }
}

/// What `statistics.html` shows.
#[derive(Serialize)]
pub struct StatisticsPage {
    pub tables: Vec<PageTable>,
    pub distribution: Option<SvgChart>,
    pub trend: Option<SvgChart>,
}

fn num(x: f64) -> String {
    format!("{x:.1}")
}

/// A "nice" step for about `ticks` gridlines over `span`.
fn nice_step(span: f64, ticks: f64) -> f64 {
    let raw = (span / ticks).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * magnitude).find(|s| *s >= raw).unwrap_or(10.0 * magnitude)
}

fn distribution_chart(s: &Statistics) -> Option<SvgChart> {
    let top = *s.distribution.iter().max()?;
    if top == 0 {
        return None;
    }
    let step = nice_step(top as f64, 4.0);
    let ymax = (top as f64 / step).ceil() * step;
    let n = s.distribution.len() as f64;
    let plot = WIDTH - LEFT - RIGHT;
    let y = |v: f64| TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - v / ymax);
    let mut chart = SvgChart::framed();
    for (i, &count) in s.distribution.iter().enumerate() {
        if count > 0 {
            let x = LEFT + plot * i as f64 / n;
            chart.bars.push((num(x), num(y(count as f64)), num(plot / n * 0.86), num(y(0.0) - y(count as f64))));
        }
    }
    let mut v = 0.0;
    while v <= ymax {
        chart.grid.push((num(y(v)), num(y(v) + 4.0), format!("{v}")));
        v += step;
    }
    let every = if n > 16.0 { 4 } else { 2 };
    for i in (0..=s.distribution.len()).step_by(every) {
        let rating = s.distribution_from + s.distribution_band * i as i64;
        chart.labels.push((num(LEFT + plot * i as f64 / n), "middle", rating.to_string()));
    }
    let pool: u64 = s.distribution.iter().sum();
    chart.caption = format!(
        "The rated pool's {pool} players by {}-point band, from {} to {}; the Distribution table below gives every band.",
        s.distribution_band,
        s.distribution_from,
        s.distribution_from + s.distribution_band * s.distribution.len() as i64 - 1
    );
    Some(chart)
}

/// The trend chart's height, and the room right of it for the lines' names
/// (set larger on a phone: site.css).
const TREND_HEIGHT: f64 = 320.0;
const TREND_NAMES: f64 = 170.0;
/// The least distance between two names at the lines' ends.
const NAMES_APART: f64 = 22.0;
/// The space between its two panels.
const TREND_GAP: f64 = 44.0;

/// The trend in two panels, each on a scale of its own: the top-100 average
/// above, the mean and median below (on one scale they lie flat at its two
/// edges, hundreds of points apart). Each line is named at its end.
fn trend_chart(s: &Statistics) -> Option<SvgChart> {
    type Series = (&'static str, &'static str, fn(&crate::statistics::TrendPoint) -> Option<f64>);
    let top: Series = ("top", "Top-100 average", |p| p.top_100);
    let mean: Series = ("mean", "Mean", |p| p.mean);
    let median: Series = ("median", "Median", |p| p.median);
    let panels: [&[Series]; 2] = [&[top], &[mean, median]];
    if !s.trend.iter().any(|p| p.mean.is_some() || p.median.is_some() || p.top_100.is_some()) {
        return None;
    }
    let n = s.trend.len();
    let right = WIDTH - TREND_NAMES;
    let x = |i: usize| if n == 1 { (LEFT + right) / 2.0 } else { LEFT + (right - LEFT) * i as f64 / (n - 1) as f64 };
    let panel = (TREND_HEIGHT - TOP - BOTTOM - TREND_GAP) / 2.0;
    let mut chart = SvgChart { height: TREND_HEIGHT as u32, right: right as u32, ..SvgChart::framed() };
    for (k, series) in panels.into_iter().enumerate() {
        let values: Vec<f64> = s.trend.iter().flat_map(|p| series.iter().filter_map(move |(_, _, f)| f(p))).collect();
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !lo.is_finite() {
            continue;
        }
        // Whole steps, at least half a step beyond the data at either end.
        let step = nice_step((hi - lo).max(1.0), 3.0);
        let (y0, y1) = (((lo - step / 2.0) / step).floor() * step, ((hi + step / 2.0) / step).ceil() * step);
        let top = TOP + k as f64 * (panel + TREND_GAP);
        let y = |v: f64| top + panel * (1.0 - (v - y0) / (y1 - y0));
        let mut v = y0;
        while v <= y1 {
            chart.grid.push((num(y(v)), num(y(v) + 4.0), format!("{v}")));
            v += step;
        }
        let mut ends = Vec::new();
        for &(class, label, f) in series {
            let points: Vec<(usize, f64)> =
                s.trend.iter().enumerate().filter_map(|(i, p)| f(p).map(|v| (i, v))).collect();
            let Some(&(last, value)) = points.last() else { continue };
            let drawn: Vec<String> = points.iter().map(|&(i, v)| format!("{},{}", num(x(i)), num(y(v)))).collect();
            chart.lines.push((drawn.join(" "), class, label));
            ends.push((x(last), y(value), label));
        }
        // The names at the lines' ends, apart from the top down.
        ends.sort_by(|a, b| a.1.total_cmp(&b.1));
        let mut below = f64::NEG_INFINITY;
        for (end_x, end_y, label) in ends {
            let at = end_y.max(below + NAMES_APART);
            below = at;
            chart.names.push((num(end_x + 6.0), num(at + 4.0), label));
        }
    }
    let first = &s.trend[0].period;
    chart.labels.push((num(x(0)), if n == 1 { "middle" } else { "start" }, first.clone()));
    if n > 1 {
        chart.labels.push((num(x(n - 1)), "end", s.trend[n - 1].period.clone()));
    }
    let last = &s.trend[n - 1];
    let say = |v: Option<f64>| v.map_or("none".to_string(), num);
    chart.caption = format!(
        "Mean, median and top-100 average of the rated pool in {n} recorded period{}, {first} to {}, the top-100 average above and the mean and median below, each on its own scale; in {}: mean {}, median {}, top-100 average {}. The Trends table below gives every figure.",
        if n == 1 { "" } else { "s" },
        last.period,
        last.period,
        say(last.mean),
        say(last.median),
        say(last.top_100)
    );
    Some(chart)
}

/// The statistics page.
pub fn page(s: &Statistics) -> StatisticsPage {
    let tables = s
        .tables
        .iter()
        .map(|t| PageTable {
            name: t.name.clone(),
            id: t.name.to_lowercase().replace(' ', "-"),
            note: t.note.clone(),
            columns: t.columns.clone(),
            rows: t.rows.iter().map(|r| r.iter().map(|c| (c.printed(), c.number().is_some())).collect()).collect(),
        })
        .collect();
    StatisticsPage { tables, distribution: distribution_chart(s), trend: trend_chart(s) }
}

/// The most opponents a player's page lists; more go on pages of their own,
/// this many each (a page stays within its size).
pub const MEETINGS_ON_PAGE: usize = 120;

/// One line of a player's record against his opponents.
#[derive(Serialize, Clone)]
pub struct MeetingLine {
    pub opponent: u32,
    pub name: String,
    /// Whether the opponent has a page (he is in this period's player file).
    pub linked: bool,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// `2½`, `0`, `½`.
    pub score: String,
}

/// Meeting lines as the rows of the page's table, rendered here rather
/// than in the template: at world size they are 1.6 million rows, and a
/// template value for each row took seconds. Escaped as the templates
/// escape.
pub fn meeting_rows(lines: &[MeetingLine]) -> minijinja::Value {
    use std::fmt::Write;
    let mut html = String::with_capacity(lines.len() * 120);
    for m in lines {
        let name = minijinja::HtmlEscape(&m.name);
        html.push_str("<tr><td>");
        if m.linked {
            let _ = write!(html, "<a href=\"{}.html\">{name}</a>", m.opponent);
        } else {
            let _ = write!(html, "{name}");
        }
        let _ = writeln!(
            html,
            "<td class=\"num\">{}<td class=\"num\">{}<td class=\"num\">{}<td class=\"num\">{}<td class=\"num\">{}",
            m.games,
            m.wins,
            m.draws,
            m.losses,
            minijinja::HtmlEscape(&m.score)
        );
    }
    minijinja::Value::from_safe_string(html)
}

/// A player's meetings as his page lists them: `name_of` names each
/// opponent and says whether he has a page (a player of this period's file
/// does; one removed before it is named as the record last named him); an
/// opponent of no name is named by his ID.
pub fn meeting_lines(
    meetings: Option<&[Meeting]>,
    name_of: impl Fn(u32) -> Option<(String, bool)>,
) -> Vec<MeetingLine> {
    meetings
        .map(|list| {
            list.iter()
                .map(|m| {
                    let (name, linked) = name_of(m.opponent).unwrap_or_else(|| (format!("ID {}", m.opponent), false));
                    MeetingLine {
                        opponent: m.opponent,
                        linked,
                        name,
                        games: m.games,
                        wins: m.wins,
                        draws: m.draws,
                        losses: m.losses,
                        score: points_text(m.score),
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}
