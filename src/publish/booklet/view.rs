//! The booklet data as the template reads it: `/data.json` is
//! [`BookletData`] as it is, except that the players of each state and its
//! rated events are counted rather than listed, and the rating distributions
//! come counted; `/lists.json` holds those lists as columns ready to set (a
//! state's ratings and games, its names; an event's codes, its names), one
//! entry per row. A world-sized list has hundreds of thousands of players:
//! typst then reads a few long arrays of strings instead of a dictionary per
//! player and never loops over the players, and the parts that do not set
//! the lists never see them (typst hashes a function's arguments to
//! remember each call, so a booklet's data is hashed over and over).

use std::borrow::Cow;
use std::sync::LazyLock;

use serde::Serialize;
use typst::foundations::Bytes;
use typst::layout::Abs;
use typst::text::{Font, FontVariant, FontVariations};

use super::super::booklet_data::{BookletData, EventLine, RankedList, StateEvents, StateRow, SystemTables, Totals};
use super::world::{LIST_FONT, LIST_FONT_BOLD};

/// Names estimated wider than this many ems of the list face are listed in
/// `long`, so that the template can check them against its name column
/// (which, less a margin for faces wider than the list face, is wider than
/// this in any sensible layout).
const LONG_NAME_EM: f64 = 7.0;

/// What `json("/data.json")` gives the template.
#[derive(Serialize)]
pub(crate) struct TemplateData<'a> {
    federation: &'a str,
    period: &'a str,
    published: &'a str,
    published_long: &'a str,
    active_since_long: &'a str,
    age_date_long: &'a str,
    system: &'a str,
    lists: &'a [RankedList],
    /// In `[states]` order; their lists are in `/lists.json`.
    states: Vec<StateSummary<'a>>,
    /// In `[states]` order; their lists are in `/lists.json`.
    events_rated: Vec<EventsSummary<'a>>,
    events_not_rated: &'a [EventLine],
    tables: &'a SystemTables,
    totals: &'a Totals,
    /// The published ratings of every state's active players together.
    ratings: Distribution,
}

/// One state's active players, counted.
#[derive(Serialize)]
struct StateSummary<'a> {
    code: &'a str,
    name: &'a str,
    /// How many players its list has.
    count: usize,
    /// Their published ratings.
    ratings: Distribution,
}

/// One state's rated events, counted.
#[derive(Serialize)]
struct EventsSummary<'a> {
    code: &'a str,
    name: &'a str,
    /// How many events.
    count: usize,
    /// How many of them have a note (`late`).
    noted: usize,
}

/// What `json("/lists.json")` gives the template: the lists of
/// `data.states` and `data.events_rated`, in the same order.
#[derive(Serialize)]
pub(crate) struct ListColumns<'a> {
    states: Vec<StateColumns<'a>>,
    events: Vec<EventColumns<'a>>,
    /// The code of a rated event estimated widest in the list face's bold.
    widest_code: &'a str,
    /// How the widths in `long` were estimated: `sample` is `em` wide in
    /// the list face the estimates used, so that a template set in another
    /// face can scale them.
    name_widths: NameWidths,
}

/// One state's active players, column by column, in list order (surname,
/// then first names): entry `i` of each column is player `i`.
#[derive(Serialize)]
struct StateColumns<'a> {
    /// The rating as printed (`1572`, `1111p`, `2R`, `Unr`), then an en and
    /// a six-per-em space, then the games this period padded with figure
    /// spaces to at least three digits: set flush right, the ratings and the
    /// games each line up.
    numbers: Vec<String>,
    /// "Surname, First names".
    names: Vec<Cow<'a, str>>,
    /// The players whose names are estimated wider than 7 em of the list
    /// face, as `(index, ems)`, widest first.
    long: Vec<(usize, f64)>,
}

/// One state's rated events, column by column like [`StateColumns`].
#[derive(Serialize)]
struct EventColumns<'a> {
    codes: Vec<Cow<'a, str>>,
    names: Vec<Cow<'a, str>>,
    /// The events with a note (`late`), as `(index, note)`.
    notes: Vec<(usize, Cow<'a, str>)>,
    /// The events whose name (and note, set smaller) is estimated wider than
    /// 7 em of the list face, as `(index, ems)`, widest first.
    long: Vec<(usize, f64)>,
}

#[derive(Serialize)]
struct NameWidths {
    font: &'static str,
    sample: &'static str,
    em: f64,
}

/// A sample of the letters names are made of, to compare faces by.
const SAMPLE: &str = "Abraham-Nguyen, Željko Wolfgang Müller O'Sullivan, Stephen";

impl<'a> TemplateData<'a> {
    pub(crate) fn new(data: &'a BookletData) -> Self {
        let states = data
            .states
            .iter()
            .map(|s| StateSummary {
                code: &s.code,
                name: &s.name,
                count: s.players.len(),
                ratings: Distribution::of(s.players.iter().filter_map(|p| p.value)),
            })
            .collect();
        let events_rated = data
            .events_rated
            .iter()
            .map(|s| EventsSummary {
                code: &s.code,
                name: &s.name,
                count: s.events.len(),
                noted: s.events.iter().filter(|e| !e.note.is_empty()).count(),
            })
            .collect();
        let ratings = Distribution::of(data.states.iter().flat_map(|s| s.players.iter()).filter_map(|p| p.value));
        TemplateData {
            federation: &data.federation,
            period: &data.period,
            published: &data.published,
            published_long: &data.published_long,
            active_since_long: &data.active_since_long,
            age_date_long: &data.age_date_long,
            system: &data.system,
            lists: &data.lists,
            states,
            events_rated,
            events_not_rated: &data.events_not_rated,
            tables: &data.tables,
            totals: &data.totals,
            ratings,
        }
    }
}

impl<'a> ListColumns<'a> {
    pub(crate) fn new(data: &'a BookletData) -> Self {
        let most = data.states.iter().flat_map(|s| s.players.iter()).map(|p| p.games).max().unwrap_or(0);
        let digits = most.to_string().len().max(3);
        ListColumns {
            states: data.states.iter().map(|s| state_columns(&s.players, digits)).collect(),
            events: data.events_rated.iter().map(event_columns).collect(),
            widest_code: data
                .events_rated
                .iter()
                .flat_map(|s| s.events.iter())
                .map(|e| (BOLD_METRICS.width(&e.code), e.code.as_str()))
                .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(a.1)))
                .map_or("", |(_, code)| code),
            name_widths: NameWidths { font: LIST_FONT_FAMILY, sample: SAMPLE, em: METRICS.width(SAMPLE) },
        }
    }
}

fn state_columns(players: &[StateRow], digits: usize) -> StateColumns<'_> {
    let mut numbers = Vec::with_capacity(players.len());
    let mut names = Vec::with_capacity(players.len());
    let mut long = Vec::new();
    for (i, p) in players.iter().enumerate() {
        numbers.push(numbers_line(&one_line(&p.rating), p.games, digits));
        names.push(one_line(&p.name));
        let em = METRICS.width(&p.name);
        if em > LONG_NAME_EM {
            long.push((i, em));
        }
    }
    long.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    StateColumns { numbers, names, long }
}

/// `text` with any line break in it (a cell can hold one) made a space: the
/// template joins a column's entries into lines, one per entry.
fn one_line(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| matches!(c, '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}');
    if text.contains(breaks) {
        Cow::Owned(text.replace(breaks, " "))
    } else {
        Cow::Borrowed(text)
    }
}

/// `1572`, en space, six-per-em space, games padded with figure spaces to
/// `digits` digits.
fn numbers_line(rating: &str, games: u32, digits: usize) -> String {
    let games = games.to_string();
    let mut line = String::with_capacity(rating.len() + 6 + 3 * digits);
    line.push_str(rating);
    line.push_str("\u{2002}\u{2006}");
    for _ in games.len()..digits {
        line.push('\u{2007}');
    }
    line.push_str(&games);
    line
}

fn event_columns(events: &StateEvents) -> EventColumns<'_> {
    let mut notes = Vec::new();
    let mut long = Vec::new();
    for (i, e) in events.events.iter().enumerate() {
        let mut em = METRICS.width(&e.name);
        if !e.note.is_empty() {
            notes.push((i, one_line(&e.note)));
            em += METRICS.width(" ()") + METRICS.width(&e.note) * NOTE_SIZE;
        }
        if em > LONG_NAME_EM {
            long.push((i, em));
        }
    }
    long.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    EventColumns {
        codes: events.events.iter().map(|e| one_line(&e.code)).collect(),
        names: events.events.iter().map(|e| one_line(&e.name)).collect(),
        notes,
        long,
    }
}

/// The size notes are set at, relative to the names they follow.
const NOTE_SIZE: f64 = 7.0 / 8.0;

/// Published ratings counted point by point: `counts[i]` players have a
/// rating from `lo + i` up to (not including) `lo + i + 1`. Bars of any
/// whole number of points add these up.
#[derive(Serialize, Default)]
struct Distribution {
    /// How many players have a published rating.
    count: usize,
    /// The middle rating (the mean of the two middle ones for an even count).
    median: Option<f64>,
    lo: i64,
    counts: Vec<u32>,
}

impl Distribution {
    fn of(values: impl Iterator<Item = f64>) -> Self {
        let mut values: Vec<f64> = values.filter(|v| v.is_finite()).collect();
        if values.is_empty() {
            return Distribution::default();
        }
        values.sort_by(f64::total_cmp);
        let n = values.len();
        let median = if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 };
        let lo = values[0].floor() as i64;
        let hi = values[n - 1].floor() as i64;
        let mut counts = vec![0u32; (hi - lo + 1) as usize];
        for v in &values {
            counts[(v.floor() as i64 - lo) as usize] += 1;
        }
        Distribution { count: n, median: Some(median), lo, counts }
    }
}

/// The family the estimates are made in: the templates' list face.
const LIST_FONT_FAMILY: &str = "Noto Sans";

/// Advance widths of the list face, for estimating how wide a name sets.
struct Metrics {
    /// Advance of each character below U+3000, in ems; NaN where the face
    /// has no glyph.
    advances: Vec<f32>,
    /// The widest advance of a letter or digit, used for characters the face
    /// lacks (typst sets those in a fallback face).
    widest: f64,
}

impl Metrics {
    fn of(data: &'static [u8]) -> Self {
        let font = Font::iter(Bytes::new(data)).next().expect("an embedded list face");
        Metrics::new(&font)
    }

    fn new(font: &Font) -> Self {
        let instance = font.clone().instantiate(FontVariant::default(), Abs::pt(10.0), &FontVariations::default());
        let face = instance.ttf();
        let mut advances = vec![f32::NAN; 0x3000];
        let mut widest: f64 = 0.0;
        for (cp, slot) in advances.iter_mut().enumerate() {
            let Some(c) = char::from_u32(cp as u32) else { continue };
            let Some(advance) = face.glyph_index(c).and_then(|g| instance.x_advance(g.0)) else { continue };
            *slot = advance.get() as f32;
            if c.is_alphanumeric() {
                widest = widest.max(advance.get());
            }
        }
        Metrics { advances, widest: widest.max(1.0) }
    }

    /// The width of `text` set in the face without kerning, in ems: no less
    /// than typst sets it (kerning only tightens names).
    fn width(&self, text: &str) -> f64 {
        text.chars()
            .map(|c| match self.advances.get(c as usize) {
                Some(em) if !em.is_nan() => *em as f64,
                _ => self.widest,
            })
            .sum()
    }
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| Metrics::of(LIST_FONT));
static BOLD_METRICS: LazyLock<Metrics> = LazyLock::new(|| Metrics::of(LIST_FONT_BOLD));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distribution_counts_point_by_point() {
        let d = Distribution::of([1500.4, 1499.9, 1500.0, 1702.25].into_iter());
        assert_eq!(d.count, 4);
        assert_eq!(d.lo, 1499);
        assert_eq!(d.counts.len(), 204);
        assert_eq!((d.counts[0], d.counts[1], d.counts[203]), (1, 2, 1));
        assert_eq!(d.median, Some(1500.2));
    }

    #[test]
    fn numbers_line_up_when_set_flush_right() {
        assert_eq!(numbers_line("1572", 12, 3), "1572\u{2002}\u{2006}\u{2007}12");
        assert_eq!(numbers_line("2R", 693, 3), "2R\u{2002}\u{2006}693");
        assert_eq!(numbers_line("Unr", 0, 4), "Unr\u{2002}\u{2006}\u{2007}\u{2007}\u{2007}0");
    }

    #[test]
    fn entries_are_one_line_each() {
        assert_eq!(one_line("Smith,\nJohn\r\nPaul"), "Smith, John  Paul");
        assert!(matches!(one_line("Smith, John"), Cow::Borrowed(_)));
    }

    #[test]
    fn name_widths_are_plausible() {
        let short = METRICS.width("Lee, Ian");
        let long = METRICS.width("Featherstonehaugh-Cholmondeley, Alexander Maximilian Frederick");
        assert!(short > 3.0 && short < 5.0, "{short}");
        assert!(long > 28.0 && long < 36.0, "{long}");
    }
}
