//! What the booklet shows, as plain serialisable data: the lists, the state
//! sections, the events, the statistics and the rating system's tables, all
//! from the [`Publication`] ([`BookletData::of`]); the typst template reads
//! it as JSON.

use chrono::NaiveDate;
use serde::Serialize;

use super::Publication;
use crate::model::dates::long_date;
use crate::rated::Rated;
use crate::validate::Disposition;

pub use crate::model::words::{RulesText, Words};
pub use crate::rate::tables::SystemTables;

/// Everything `templates/booklet.typ` needs, already formatted for print.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct BookletData {
    /// e.g. "Australian Chess Federation".
    pub federation: String,
    /// The list's name, e.g. "August 1993".
    pub period: String,
    /// ISO date the list takes effect, e.g. "1993-08-01" (also the PDF's date).
    pub published: String,
    /// The same date as printed, e.g. "1 August 1993".
    pub published_long: String,
    /// "1 January 1992": lists show players active since this date.
    pub active_since_long: String,
    /// "1 January 1993": junior ages are taken at this date.
    pub age_date_long: String,
    /// Which rule set ran, e.g. "acf"; the template picks its system section by it.
    pub system: String,
    /// The rule set's words ("rating" or "grade", its statuses, its
    /// histogram band), which every part of the booklet prints.
    pub words: Words,
    /// The rule set's rules in one text, and its legend.
    pub rules: RulesText,
    /// Top Players, Top Under N…, Top Females, Top Improvers, in booklet order.
    pub lists: Vec<RankedList>,
    /// One section per state, in `[states]` order.
    pub states: Vec<StateSection>,
    /// Events rated this period, grouped by state in `[states]` order.
    pub events_rated: Vec<StateEvents>,
    /// Events not rated or deferred, each with its reason.
    pub events_not_rated: Vec<EventLine>,
    /// The rating system's tables, from the same data the calculation uses.
    pub tables: SystemTables,
    /// Totals for the title page and the introduction.
    pub totals: Totals,
    /// The Statistics section (no tables: no section).
    pub statistics: StatisticsSection,
    /// What changed when this list changed the rule set, and by how much
    /// the mean moved (none: no change).
    pub switched: Option<String>,
    /// The main list's heading, when the period keeps several lists (none:
    /// a folder's one list, printed as it always was).
    pub part: Option<PartHeading>,
    /// Each list beside the main one, in `[rating_lists]` order: its top
    /// lists, its state lists and its statistics.
    pub parts: Vec<ListPart>,
}

/// What heads a rating list's part of the booklet.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PartHeading {
    /// "Rapid list".
    pub title: String,
    /// The rule set it is rated under, as people read it: "FIDE Elo (2024)".
    pub system: String,
    pub totals: Totals,
}

/// A rating list beside the main one, as its part of the booklet prints it:
/// what the booklet of that list alone would print of it (its top lists,
/// state lists, statistics), under its heading.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ListPart {
    pub heading: PartHeading,
    pub data: BookletData,
}

impl BookletData {
    /// What the booklet of `publication` shows, from the same lists as
    /// ratings.xlsx and the same statistics: the main list as a folder of
    /// one list prints it, and when the period keeps several lists, a part
    /// for each other one, every event saying its list.
    pub fn of(publication: &Publication) -> BookletData {
        let rated = publication.rated;
        let mut data = BookletData::of_list(rated, publication.statistics);
        let config = &rated.period.config;
        if let Some(main) = config.main_list().filter(|_| !publication.others.is_empty()) {
            data.part = Some(PartHeading::of(&config.rating_lists[main].name, rated));
            data.parts = publication
                .others
                .iter()
                .map(|o| ListPart {
                    heading: PartHeading::of(o.name, o.rated),
                    data: BookletData::of_list(o.rated, o.statistics),
                })
                .collect();
            (data.events_rated, data.events_not_rated) = events(rated, true);
        }
        data
    }

    /// What the booklet of one list shows.
    fn of_list(rated: &Rated, statistics: &crate::statistics::Statistics) -> BookletData {
        let Rated { period, lists, .. } = rated;
        let system = rated.system();
        let c = &period.config;
        let (events_rated, events_not_rated) = events(rated, false);
        BookletData {
            federation: c.federation.clone(),
            period: c.period.clone(),
            published: c.published.to_string(),
            published_long: long_date(c.published),
            active_since_long: long_date(c.active_since),
            age_date_long: long_date(c.age_date),
            system: system.id().to_string(),
            words: system.words(),
            rules: system.rules_text(),
            lists: lists.booklet_lists(),
            states: lists.booklet_states(),
            events_rated,
            events_not_rated,
            tables: system.tables(),
            totals: Totals::of(rated),
            statistics: StatisticsSection::of(statistics),
            switched: period.switched.as_ref().map(crate::switch::Switched::sentence),
            part: None,
            parts: Vec::new(),
        }
    }
}

impl PartHeading {
    /// The heading of the list `name`, rated as `rated`.
    fn of(name: &str, rated: &Rated) -> PartHeading {
        PartHeading {
            title: format!("{} List", crate::model::lists::list_title(name)),
            system: rated.period.config.system.title().to_string(),
            totals: Totals::of(rated),
        }
    }
}

impl Totals {
    /// A list's counts: its active players, the events and games it rated.
    fn of(rated: &Rated) -> Totals {
        Totals {
            active_players: rated.listed().count() as u32,
            rated_events: rated.counts.events_rated as u32,
            games_rated: rated.counts.games_rated as u32,
        }
    }
}

/// The events rated, by state in `[states]` order, and those not rated or
/// deferred. `by_list`: every event rated on its list is among the rated,
/// its note naming the list (`rapid list`, `rapid list; late: …`).
fn events(rated: &Rated, by_list: bool) -> (Vec<StateEvents>, Vec<EventLine>) {
    let period = &rated.period;
    let c = &period.config;
    let is_rated = |e: &crate::validate::Event| {
        if by_list {
            e.disposition.is_rated_on_its_list()
        } else {
            e.disposition.is_rated()
        }
    };
    let line = |e: &crate::validate::Event| EventLine {
        code: e.code.clone(),
        name: e.name.clone(),
        state: e.state.clone(),
        dates: event_dates(e.start, e.end),
        note: match e.list.and_then(|k| c.rating_lists.get(k)).filter(|_| by_list && is_rated(e)) {
            Some(list) => {
                let late = matches!(e.disposition, Disposition::Late | Disposition::OtherList { late: true, .. });
                let late = if late { format!("; {}", Disposition::Late.note()) } else { String::new() };
                format!("{} list{late}", list.name)
            }
            None => e.disposition.note(),
        },
    };
    let events_rated = c
        .states
        .iter()
        .map(|(code, name)| StateEvents {
            code: code.clone(),
            name: name.clone(),
            events: period.events.iter().filter(|e| is_rated(e) && &e.state == code).map(line).collect(),
        })
        .collect();
    let events_not_rated = period.events.iter().filter(|e| !is_rated(e)).map(line).collect();
    (events_rated, events_not_rated)
}

/// The Statistics section: every table as printed, and the charts' figures.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct StatisticsSection {
    pub tables: Vec<PrintedTable>,
    /// Players of the rated pool per band of `distribution_band` points from
    /// `distribution_from`.
    pub distribution_from: i64,
    pub distribution_band: i64,
    pub distribution: Vec<u64>,
    /// Mean, median and top-100 average, period by period.
    pub trend: Vec<crate::statistics::TrendPoint>,
}

/// A statistic's table as printed.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PrintedTable {
    pub name: String,
    pub note: String,
    pub columns: Vec<String>,
    /// Whether a column holds numbers (set flush right).
    pub numeric: Vec<bool>,
    pub rows: Vec<Vec<String>>,
}

impl StatisticsSection {
    pub fn of(statistics: &crate::statistics::Statistics) -> StatisticsSection {
        let tables = statistics
            .tables
            .iter()
            .map(|t| PrintedTable {
                name: t.name.clone(),
                note: t.note.clone(),
                columns: t.columns.clone(),
                numeric: (0..t.columns.len())
                    .map(|c| {
                        t.rows.iter().any(|r| r[c].number().is_some())
                            && t.rows.iter().all(|r| !matches!(r[c], crate::statistics::Cell::Text(_)))
                    })
                    .collect(),
                rows: t.rows.iter().map(|r| r.iter().map(|c| c.printed()).collect()).collect(),
            })
            .collect();
        StatisticsSection {
            tables,
            distribution_from: statistics.distribution_from,
            distribution_band: statistics.distribution_band,
            distribution: statistics.distribution.clone(),
            trend: statistics.trend.clone(),
        }
    }
}

/// One of the "Top …" lists.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RankedList {
    /// e.g. "Top Players", "Top Under 16".
    pub title: String,
    /// e.g. "Ages as at 1 January 1993".
    pub subtitle: String,
    /// The headings of the figures after the rating, e.g. `["Age"]`.
    pub headings: Vec<String>,
    /// Draw the first figure as bars beside the list (Top Improvers).
    pub bars: bool,
    pub rows: Vec<RankedRow>,
}

/// One line of a ranked list.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RankedRow {
    /// The place, shown only on the first row of a tie (ties share a place).
    pub place: Option<u32>,
    /// The rating as printed, e.g. "2577".
    pub rating: String,
    /// The figures under [`RankedList::headings`], and as printed.
    pub figures: Vec<Option<i64>>,
    pub texts: Vec<String>,
    /// State code, e.g. "V".
    pub state: String,
    /// "Surname, First names".
    pub name: String,
}

/// The active players of one state.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct StateSection {
    pub code: String,
    pub name: String,
    /// Ordered by surname then first names.
    pub players: Vec<StateRow>,
}

/// One line of a state's active player list.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct StateRow {
    /// As printed: "1572", "1111p", "2R", "Unr".
    pub rating: String,
    /// Games this period.
    pub games: u32,
    /// "Surname, First names".
    pub name: String,
    /// The unrounded rating when the player has a published one (for charts).
    pub value: Option<f64>,
}

/// The events of one state.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct StateEvents {
    pub code: String,
    pub name: String,
    pub events: Vec<EventLine>,
}

/// One event in the events pages.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EventLine {
    pub code: String,
    pub name: String,
    pub state: String,
    /// When it was played, as printed: see [`event_dates`].
    pub dates: String,
    /// Why it was not rated or deferred; empty for rated events ("late" is
    /// noted here too for late events that were rated).
    pub note: String,
}

/// An event's dates as the events pages print them, short enough for a
/// column but with the year: `5 Jun 1993`, `5–6 Jun 1993`, `28 Feb – 3 Mar 1993`.
pub fn event_dates(start: NaiveDate, end: NaiveDate) -> String {
    crate::model::dates::date_span(start, end, true)
}

/// Counts for the title page and introduction.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct Totals {
    pub active_players: u32,
    pub rated_events: u32,
    pub games_rated: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_dates_are_short_with_the_year() {
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(event_dates(d(1993, 6, 5), d(1993, 6, 5)), "5 Jun 1993");
        assert_eq!(event_dates(d(1993, 6, 5), d(1993, 6, 6)), "5\u{2013}6 Jun 1993");
        assert_eq!(event_dates(d(1993, 2, 28), d(1993, 3, 3)), "28 Feb \u{2013} 3 Mar 1993");
        assert_eq!(event_dates(d(1992, 12, 30), d(1993, 1, 2)), "30 Dec 1992 \u{2013} 2 Jan 1993");
    }
}

/// The lists as the booklet prints them.
impl crate::rated::lists::Lists {
    /// The ranked lists as the booklet prints them.
    pub fn booklet_lists(&self) -> Vec<RankedList> {
        self.ranked
            .iter()
            .map(|t| RankedList {
                title: t.title.clone(),
                subtitle: t.subtitle.clone(),
                headings: t.figures.iter().map(|f| f.heading().to_string()).collect(),
                bars: t.bars,
                rows: t
                    .rows
                    .iter()
                    .map(|r| RankedRow {
                        place: r.place,
                        rating: r.rating.clone(),
                        figures: r.figures.clone(),
                        texts: t.figures.iter().zip(&r.figures).map(|(f, v)| f.text(*v)).collect(),
                        state: r.state.clone(),
                        name: r.printed_name(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// The state sections as the booklet prints them.
    pub fn booklet_states(&self) -> Vec<StateSection> {
        self.states
            .iter()
            .map(|(code, name, rows)| StateSection {
                code: code.clone(),
                name: name.clone(),
                players: rows
                    .iter()
                    .map(|r| StateRow {
                        rating: r.rating.clone(),
                        games: r.games,
                        name: r.printed_name(),
                        value: r.value,
                    })
                    .collect(),
            })
            .collect()
    }
}
