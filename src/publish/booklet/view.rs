//! The booklet data as the template reads it: `/data.json` is
//! [`BookletData`] as it is, except that the players of each state and its
//! rated events are counted rather than listed, the rating distributions
//! come counted, and every name comes with its estimated width; `/lists.json`
//! holds those lists as columns ready to set (a state's ratings, its games
//! and names; an event's codes, names and dates), one entry per row. A
//! world-sized list has hundreds of thousands of players: typst then reads a
//! few long arrays of strings instead of a dictionary per player and never
//! loops over the players, and the parts that do not set the lists never see
//! them (typst hashes a function's arguments to remember each call, so a
//! booklet's data is hashed over and over).
//!
//! Every name and note is one line here (a control character in one becomes
//! a space) and no wider than [`MAX_PRINT_EM`]: longer ones are cut with an
//! ellipsis. The template cuts the names too wide for its columns the same
//! way, with the widths estimated here ([`NameWidths`]).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Serialize;
use typst::foundations::Bytes;
use typst::layout::Abs;
use typst::text::{Font, FontVariant, FontVariations};

use super::super::booklet_data::{
    BookletData, EventLine, PartHeading, RankedList, RulesText, StateEvents, StateRow, StatisticsSection, SystemTables,
    Totals, Words,
};
use super::distribution::Distribution;
use super::part_view::PartView;
use super::world::{LIST_FONT, LIST_FONT_BOLD};

/// Names estimated wider than this many ems of the list face are listed in
/// `long`, so that the template can check them against its name column
/// (which, less a margin for faces wider than the list face, is wider than
/// this in any sensible layout).
const LONG_NAME_EM: f64 = 7.0;

/// No name or note is printed wider than this many ems of the list face
/// (four or five lines of an event's name in its column): a wider one is cut
/// with an ellipsis. The lists cut names to their columns, which are
/// narrower.
pub(crate) const MAX_PRINT_EM: f64 = 48.0;

/// No reason an event was not rated is printed wider than this (a rule's
/// condition runs to 60 em; only a quoted cell could make it longer).
const MAX_REASON_EM: f64 = 160.0;

/// No word of an event's name or note is printed wider than this many ems
/// of the list face (a long one is "Championship", 6.5 em): a longer one is
/// cut, with what follows it, with an ellipsis.
const MAX_WORD_EM: f64 = 10.0;

/// What marks a cut.
const ELLIPSIS: &str = "\u{2026}";

/// Between a state list's games and the name: an en and a six-per-em space.
const GAMES_GAP: &str = "\u{2002}\u{2006}";

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
    words: &'a Words,
    rules: &'a RulesText,
    lists: Vec<RankedListView<'a>>,
    /// In `[states]` order; their lists are in `/lists.json`.
    states: Vec<StateSummary<'a>>,
    /// In `[states]` order; their lists are in `/lists.json`.
    events_rated: Vec<EventsSummary<'a>>,
    events_not_rated: Vec<EventView<'a>>,
    tables: &'a SystemTables,
    totals: &'a Totals,
    statistics: &'a StatisticsSection,
    /// The published ratings of every state's active players together.
    ratings: Distribution,
    /// What changed with the rule set, when this list changed it.
    switched: Option<&'a str>,
    /// The main list's heading and the other lists' parts, when the period
    /// keeps several lists (a part's lists are `/lists.json`'s `parts`).
    #[serde(skip_serializing_if = "Option::is_none")]
    part: Option<&'a PartHeading>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    parts: Vec<PartView<'a, TemplateData<'a>>>,
}

/// A "Top …" list as [`RankedList`], each name with its width.
#[derive(Serialize)]
struct RankedListView<'a> {
    title: &'a str,
    subtitle: &'a str,
    headings: &'a [String],
    bars: bool,
    rows: Vec<RankedRowView<'a>>,
}

#[derive(Serialize)]
struct RankedRowView<'a> {
    place: Option<u32>,
    rating: &'a str,
    figures: &'a [Option<i64>],
    texts: &'a [String],
    state: &'a str,
    /// "Surname, First names", one line, at most [`MAX_PRINT_EM`] wide.
    name: Cow<'a, str>,
    /// How wide `name` sets in the list face, in ems, and how many of its
    /// last characters a cut keeps (a namesake's ID): see [`Long`].
    em: f64,
    keep: usize,
}

/// An event not rated, as [`EventLine`] with its name and note one line each.
#[derive(Serialize)]
struct EventView<'a> {
    code: Cow<'a, str>,
    name: Cow<'a, str>,
    state: &'a str,
    dates: &'a str,
    note: Cow<'a, str>,
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
    states: Vec<StateColumns>,
    events: Vec<EventColumns<'a>>,
    /// The entry of `ratings` estimated widest (the ratings' column is as
    /// wide as it).
    widest_rating: String,
    /// How many digits (and figure spaces) the games take in `entries`.
    games_digits: usize,
    /// The code of a rated event estimated widest in the list face's bold.
    widest_code: &'a str,
    /// The dates of a rated event estimated widest.
    widest_dates: &'a str,
    /// How the widths in `long` were estimated, for the template to cut the
    /// names too wide for its columns.
    name_widths: NameWidths,
    /// Each other list's part's lists, as `data.parts`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    parts: Vec<ListColumns<'a>>,
}

/// One state's active players, column by column, in list order (surname,
/// then first names): entry `i` of each column is player `i`.
#[derive(Serialize)]
struct StateColumns {
    /// The rating as printed (`1572`, `1111p`, `2R`, `Unr`) after as many
    /// figure spaces as make its digits line up, set flush left: a
    /// provisional rating's `p` (and an unrated player's `R`) stands after
    /// the last digit of the others.
    ratings: Vec<String>,
    /// The games this period, padded with figure spaces to `games_digits`
    /// digits, an en and a six-per-em space, and "Surname, First names":
    /// set flush left, the games line up on their last digit and the names
    /// on their first letter.
    entries: Vec<String>,
    /// The players whose names are estimated wider than 7 em of the list
    /// face, widest first.
    long: Vec<Long>,
}

/// A name estimated wider than 7 em of the list face, as `(row, em, keep)`:
/// its row, its width in ems, and how many of its last characters a cut
/// keeps (` (3054)`, the ID a namesake is printed with; else 0). A name too
/// wide for its column is cut with an ellipsis before those.
type Long = (usize, f64, usize);

/// One state's rated events, column by column like [`StateColumns`].
#[derive(Serialize)]
struct EventColumns<'a> {
    codes: Vec<Cow<'a, str>>,
    names: Vec<Cow<'a, str>>,
    /// As printed: `5–6 Jun`.
    dates: Vec<&'a str>,
    /// The events with a note (`late`), as `(index, note)`.
    notes: Vec<(usize, Cow<'a, str>)>,
    /// The events whose name (and note, set smaller) is estimated wider than
    /// 7 em of the list face, as `(index, ems)`, widest first.
    long: Vec<(usize, f64)>,
}

/// How the list face sets names, as the estimates in `long` and `em` have
/// it: enough for a template to cut a name to a width.
#[derive(Serialize)]
struct NameWidths {
    font: &'static str,
    /// `sample` is `em` wide in the list face, so that a template set in
    /// another face can scale the estimates.
    sample: &'static str,
    em: f64,
    /// The width of the ellipsis a cut ends with.
    ellipsis: f64,
    /// The advance of every character of the names that may be cut (those
    /// in `long`, and the top lists'), in ems.
    advances: BTreeMap<char, f32>,
    /// The advance estimated for a character not in `advances`.
    widest: f64,
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
        let events_not_rated = data
            .events_not_rated
            .iter()
            .map(|e| EventView {
                code: printable(&e.code),
                name: event_text(&e.name),
                state: &e.state,
                dates: &e.dates,
                note: reason_text(&e.note),
            })
            .collect();
        TemplateData {
            federation: &data.federation,
            period: &data.period,
            published: &data.published,
            published_long: &data.published_long,
            active_since_long: &data.active_since_long,
            age_date_long: &data.age_date_long,
            system: &data.system,
            words: &data.words,
            rules: &data.rules,
            lists: data.lists.iter().map(ranked_list).collect(),
            states,
            events_rated,
            events_not_rated,
            tables: &data.tables,
            totals: &data.totals,
            statistics: &data.statistics,
            ratings,
            switched: data.switched.as_deref(),
            part: data.part.as_ref(),
            parts: data.parts.iter().map(|p| PartView::new(&p.heading, TemplateData::new(&p.data))).collect(),
        }
    }
}

fn ranked_list(list: &RankedList) -> RankedListView<'_> {
    let rows = list
        .rows
        .iter()
        .map(|r| {
            let keep = id_tail(&r.name);
            let name = cut(printable(&r.name), MAX_PRINT_EM, keep);
            RankedRowView {
                place: r.place,
                rating: &r.rating,
                figures: &r.figures,
                texts: &r.texts,
                state: &r.state,
                em: METRICS.width(&name),
                keep,
                name,
            }
        })
        .collect();
    RankedListView { title: &list.title, subtitle: &list.subtitle, headings: &list.headings, bars: list.bars, rows }
}

impl<'a> ListColumns<'a> {
    pub(crate) fn new(data: &'a BookletData) -> Self {
        let players = || data.states.iter().flat_map(|s| s.players.iter());
        let most = players().map(|p| p.games).max().unwrap_or(0);
        let games_digits = most.to_string().len().max(3);
        let rating_digits = players().map(|p| leading_digits(&p.rating)).max().unwrap_or(0).max(4);
        let mut seen = Seen::default();
        let states: Vec<StateColumns> =
            data.states.iter().map(|s| state_columns(&s.players, rating_digits, games_digits, &mut seen)).collect();
        // (The other lists' top lists are set with these widths too.)
        let parts = data.parts.iter().flat_map(|p| p.data.lists.iter());
        for r in data.lists.iter().chain(parts).flat_map(|l| l.rows.iter()) {
            seen.mark(&r.name);
        }
        let widest_rating = states
            .iter()
            .flat_map(|s| s.ratings.iter())
            .map(|r| (METRICS.width(r), r))
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(a.1)))
            .map_or_else(|| rating_cell("0", rating_digits), |(_, r)| r.clone());
        let events = || data.events_rated.iter().flat_map(|s| s.events.iter());
        ListColumns {
            states,
            events: data.events_rated.iter().map(event_columns).collect(),
            widest_rating,
            games_digits,
            widest_code: widest(events().map(|e| e.code.as_str()), &BOLD_METRICS),
            widest_dates: widest(events().map(|e| e.dates.as_str()), &METRICS),
            name_widths: NameWidths {
                font: LIST_FONT_FAMILY,
                sample: SAMPLE,
                em: METRICS.width(SAMPLE),
                ellipsis: METRICS.width(ELLIPSIS),
                advances: seen.advances(),
                widest: METRICS.widest,
            },
            parts: data.parts.iter().map(|p| ListColumns::new(&p.data)).collect(),
        }
    }
}

/// The text estimated widest in `metrics` (the first of equals in byte order).
fn widest<'a>(texts: impl Iterator<Item = &'a str>, metrics: &Metrics) -> &'a str {
    texts.map(|t| (metrics.width(t), t)).max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(a.1))).map_or("", |(_, t)| t)
}

fn state_columns(players: &[StateRow], rating_digits: usize, games_digits: usize, seen: &mut Seen) -> StateColumns {
    let mut ratings = Vec::with_capacity(players.len());
    let mut entries = Vec::with_capacity(players.len());
    let mut long = Vec::new();
    for (i, p) in players.iter().enumerate() {
        ratings.push(rating_cell(&printable(&p.rating), rating_digits));
        let keep = id_tail(&p.name);
        let name = cut(printable(&p.name), MAX_PRINT_EM, keep);
        let em = METRICS.width(&name);
        if em > LONG_NAME_EM {
            seen.mark(&name);
            long.push((i, em, keep));
        }
        entries.push(entry(p.games, games_digits, &name));
    }
    long.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    StateColumns { ratings, entries, long }
}

/// `text` with every control character in it (a line break, a tab, an
/// escape; a cell can hold them) made a space: the template joins a column's
/// entries into lines, one per entry, and no list line may break.
fn printable(text: &str) -> Cow<'_, str> {
    let bad = |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}');
    if text.contains(bad) {
        Cow::Owned(text.replace(bad, " "))
    } else {
        Cow::Borrowed(text)
    }
}

/// `text` cut with an ellipsis to at most `max_em` ems of the list face,
/// keeping its last `keep` characters; as it is when it fits.
fn cut(text: Cow<'_, str>, max_em: f64, keep: usize) -> Cow<'_, str> {
    if METRICS.width(&text) <= max_em {
        return text;
    }
    let n = text.chars().count();
    let tail_at = text.char_indices().nth(n - keep.min(n)).map_or(text.len(), |(i, _)| i);
    let (head, tail) = text.split_at(tail_at);
    let room = max_em - METRICS.width(ELLIPSIS) - METRICS.width(tail);
    let mut used = 0.0;
    let mut end = 0;
    for (i, c) in head.char_indices() {
        used += METRICS.char_width(c);
        if used > room {
            break;
        }
        end = i + c.len_utf8();
    }
    let head = head[..end].trim_end_matches(|c: char| c.is_whitespace() || c == ',' || c == '-');
    Cow::Owned(format!("{head}{ELLIPSIS}{tail}"))
}

/// An event's name or note as printed: one line, no wider than
/// [`MAX_PRINT_EM`], and cut after any word wider than [`MAX_WORD_EM`] (the
/// events' columns wrap their names at spaces and hyphens, and such a word
/// would run over its column).
fn event_text(text: &str) -> Cow<'_, str> {
    event_text_within(text, MAX_PRINT_EM)
}

/// Why an event was not rated, as printed: whole (the rule's condition is
/// the point), but for a reason that quotes an absurdly long cell.
fn reason_text(text: &str) -> Cow<'_, str> {
    event_text_within(text, MAX_REASON_EM)
}

/// [`event_text`], at most `limit` ems wide.
fn event_text_within(text: &str, limit: f64) -> Cow<'_, str> {
    let text = cut(printable(text), limit, 0);
    let mut word = 0.0;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() || c == '-' || c == '/' {
            word = 0.0;
            continue;
        }
        word += METRICS.char_width(c);
        if word > MAX_WORD_EM - METRICS.width(ELLIPSIS) {
            return Cow::Owned(format!("{}{ELLIPSIS}", &text[..i]));
        }
    }
    text
}

/// How many characters of `name` are the ID a namesake is printed with,
/// ` (3054)`: a cut keeps them.
fn id_tail(name: &str) -> usize {
    let Some(open) = name.strip_suffix(')').and_then(|s| s.rfind(" (")) else { return 0 };
    let id = &name[open + 2..name.len() - 1];
    if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
        name.len() - open
    } else {
        0
    }
}

/// How many ASCII digits `rating` starts with.
fn leading_digits(rating: &str) -> usize {
    rating.bytes().take_while(u8::is_ascii_digit).count()
}

/// The rating after the figure spaces that bring its digits to `digits`
/// (a rating that starts with no digit, `Unr`, is padded to end about where
/// the digits do).
fn rating_cell(rating: &str, digits: usize) -> String {
    let lead = leading_digits(rating);
    let pad = if lead > 0 {
        digits.saturating_sub(lead)
    } else {
        let figure = METRICS.width("0");
        ((digits as f64 * figure - METRICS.width(rating)) / figure).round().max(0.0) as usize
    };
    let mut cell = String::with_capacity(rating.len() + 3 * pad);
    for _ in 0..pad {
        cell.push('\u{2007}');
    }
    cell.push_str(rating);
    cell
}

/// The games padded with figure spaces to `digits` digits, the gap, and the name.
fn entry(games: u32, digits: usize, name: &str) -> String {
    let games = games.to_string();
    let mut line = String::with_capacity(3 * digits + GAMES_GAP.len() + name.len());
    for _ in games.len()..digits {
        line.push('\u{2007}');
    }
    line.push_str(&games);
    line.push_str(GAMES_GAP);
    line.push_str(name);
    line
}

fn event_columns(events: &StateEvents) -> EventColumns<'_> {
    let mut names = Vec::with_capacity(events.events.len());
    let mut notes = Vec::new();
    let mut long = Vec::new();
    for (i, e) in events.events.iter().enumerate() {
        let name = event_text(&e.name);
        let mut em = METRICS.width(&name);
        if !e.note.is_empty() {
            let note = event_text(&e.note);
            em += METRICS.width(" ()") + METRICS.width(&note) * NOTE_SIZE;
            notes.push((i, note));
        }
        if em > LONG_NAME_EM {
            long.push((i, em));
        }
        names.push(name);
    }
    long.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    EventColumns {
        codes: events.events.iter().map(|e: &EventLine| printable(&e.code)).collect(),
        names,
        dates: events.events.iter().map(|e| e.dates.as_str()).collect(),
        notes,
        long,
    }
}

/// The characters met in the names that may be cut.
#[derive(Default)]
struct Seen {
    /// By code point, below U+3000.
    low: Vec<bool>,
    high: std::collections::BTreeSet<char>,
}

impl Seen {
    fn mark(&mut self, text: &str) {
        if self.low.is_empty() {
            self.low = vec![false; 0x3000];
        }
        for c in text.chars() {
            match self.low.get_mut(c as usize) {
                Some(seen) => *seen = true,
                None => {
                    self.high.insert(c);
                }
            }
        }
    }

    /// Their advances, with the ellipsis's.
    fn advances(&self) -> BTreeMap<char, f32> {
        let low = self.low.iter().enumerate().filter(|(_, &seen)| seen).filter_map(|(cp, _)| char::from_u32(cp as u32));
        low.chain(self.high.iter().copied())
            .chain(ELLIPSIS.chars())
            // (The initials a long name is shortened to end with a full stop.)
            .chain(". ".chars())
            .map(|c| (c, METRICS.char_width(c) as f32))
            .collect()
    }
}

/// The size notes are set at, relative to the names they follow.
const NOTE_SIZE: f64 = 7.0 / 8.0;

/// Published ratings counted point by point: `counts[i]` players have a
/// rating from `lo + i` up to (not including) `lo + i + 1`. Bars of any
/// whole number of points add these up.
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
        text.chars().map(|c| self.char_width(c)).sum()
    }

    /// The advance of `c`, in ems.
    fn char_width(&self, c: char) -> f64 {
        match self.advances.get(c as usize) {
            Some(em) if !em.is_nan() => *em as f64,
            _ => self.widest,
        }
    }
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| Metrics::of(LIST_FONT));
static BOLD_METRICS: LazyLock<Metrics> = LazyLock::new(|| Metrics::of(LIST_FONT_BOLD));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_printed_whole() {
        let reason = "not rated: time control 1500+10: 35 minutes for all moves; rapid play is rated with at least 60 minutes for all the moves (an increment counts for 60 moves)";
        assert_eq!(reason_text(reason), reason);
        assert!(reason_text(&"x ".repeat(400)).ends_with('\u{2026}'), "a quoted cell is still cut");
    }

    #[test]
    fn ratings_are_padded_so_that_their_digits_line_up() {
        let figure = "\u{2007}";
        assert_eq!(rating_cell("1572", 4), "1572");
        assert_eq!(rating_cell("1111p", 4), "1111p");
        assert_eq!(rating_cell("900p", 4), format!("{figure}900p"));
        assert_eq!(rating_cell("2R", 4), format!("{figure}{figure}{figure}2R"));
        assert_eq!(rating_cell("Unr", 4), format!("{figure}Unr"));
        // What the padding relies on: a figure space is as wide as a digit.
        assert_eq!(METRICS.width(figure), METRICS.width("0"));
        assert_eq!(METRICS.width("0123456789"), 10.0 * METRICS.width("0"));
    }

    #[test]
    fn entries_line_up_games_then_names() {
        assert_eq!(entry(12, 3, "Hill, Luke"), "\u{2007}12\u{2002}\u{2006}Hill, Luke");
        assert_eq!(entry(693, 3, "Lee, Ian"), "693\u{2002}\u{2006}Lee, Ian");
        assert_eq!(entry(0, 4, "Lee, Ian"), "\u{2007}\u{2007}\u{2007}0\u{2002}\u{2006}Lee, Ian");
    }

    #[test]
    fn entries_are_one_line_each() {
        assert_eq!(printable("Smith,\nJohn\r\nPaul\tX\u{1b}[2J"), "Smith, John  Paul X [2J");
        assert!(matches!(printable("Smith, John"), Cow::Borrowed(_)));
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis_keeping_a_namesakes_id() {
        let name = "Featherstonehaugh-Cholmondeley, Alexander Maximilian Frederick (3054)";
        let keep = id_tail(name);
        assert_eq!(keep, " (3054)".len());
        let short = cut(Cow::Borrowed(name), 14.0, keep);
        assert!(short.ends_with("\u{2026} (3054)"), "{short}");
        assert!(short.starts_with("Featherstonehaugh"), "{short}");
        assert!(METRICS.width(&short) <= 14.0, "{short}");
        assert!(matches!(cut(Cow::Borrowed("Lee, Ian"), 14.0, 0), Cow::Borrowed(_)));
        // No comma or space before the ellipsis.
        assert_eq!(cut(Cow::Borrowed("Abcdefghij, Klmnop"), METRICS.width("Abcdefghij, K"), 0), "Abcdefghij\u{2026}");
        assert_eq!(id_tail("Smith, John (Jnr)"), 0);
        assert_eq!(id_tail("Smith, John"), 0);
        let huge = "X".repeat(10_000);
        assert!(METRICS.width(&cut(Cow::Borrowed(&huge), MAX_PRINT_EM, 0)) <= MAX_PRINT_EM);
    }

    #[test]
    fn event_names_are_cut_after_a_word_too_wide_to_wrap() {
        assert!(matches!(event_text("Canterbury-Bankstown Club Championship"), Cow::Borrowed(_)));
        let solid = "X".repeat(10_000);
        let name = format!("Open {solid} Swiss");
        let cut = event_text(&name);
        assert!(cut.starts_with("Open XXX") && cut.ends_with("X\u{2026}"), "{cut}");
        assert!(METRICS.width(&cut) <= METRICS.width("Open ") + MAX_WORD_EM, "{cut}");
        assert_eq!(event_text("time control\ttoo\nfast"), "time control too fast");
    }

    #[test]
    fn name_widths_are_plausible() {
        let short = METRICS.width("Lee, Ian");
        let long = METRICS.width("Featherstonehaugh-Cholmondeley, Alexander Maximilian Frederick");
        assert!(short > 3.0 && short < 5.0, "{short}");
        assert!(long > 28.0 && long < 36.0, "{long}");
    }
}
