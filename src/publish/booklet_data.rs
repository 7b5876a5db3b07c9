//! What the booklet shows, as plain serialisable data: the lists, the state
//! sections, the events and the rating system's tables. The publish stage fills
//! it from the period's results; the typst template reads it as JSON.

use chrono::{Datelike, NaiveDate};
use serde::Serialize;

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
}

/// Which columns a ranked list shows after the rating.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ListKind {
    /// rating, games this period, state, name
    Top,
    /// rating, age, state, name
    Junior,
    /// new rating, increase, state, name
    Improvers,
}

/// One of the "Top …" lists.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RankedList {
    /// e.g. "Top Players", "Top Under 16".
    pub title: String,
    /// e.g. "Ages as at 1 January 1993"; empty when there is none.
    pub subtitle: String,
    pub kind: ListKind,
    pub rows: Vec<RankedRow>,
}

/// One line of a ranked list.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RankedRow {
    /// The place, shown only on the first row of a tie (ties share a place).
    pub place: Option<u32>,
    /// The rating as printed, e.g. "2577".
    pub rating: String,
    /// Games this period (kinds Top).
    pub games: u32,
    /// Age in whole years at the age date (kind Junior).
    pub age: Option<u32>,
    /// Printed new rating minus printed old rating (kind Improvers).
    pub increase: Option<i64>,
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
/// column: `5 Jun`, `5–6 Jun`, `28 Feb – 3 Mar`, and with the years only
/// when the event runs into a new year: `30 Dec 1992 – 2 Jan 1993`.
pub fn event_dates(start: NaiveDate, end: NaiveDate) -> String {
    let (start, end) = if end < start { (end, start) } else { (start, end) };
    if start == end {
        start.format("%-d %b").to_string()
    } else if start.year() != end.year() {
        format!("{} \u{2013} {}", start.format("%-d %b %Y"), end.format("%-d %b %Y"))
    } else if start.month() != end.month() {
        format!("{} \u{2013} {}", start.format("%-d %b"), end.format("%-d %b"))
    } else {
        format!("{}\u{2013}{}", start.day(), end.format("%-d %b"))
    }
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
    fn event_dates_are_short_and_tell_weekends_apart() {
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(event_dates(d(1993, 6, 5), d(1993, 6, 5)), "5 Jun");
        assert_eq!(event_dates(d(1993, 6, 5), d(1993, 6, 6)), "5\u{2013}6 Jun");
        assert_eq!(event_dates(d(1993, 2, 28), d(1993, 3, 3)), "28 Feb \u{2013} 3 Mar");
        assert_eq!(event_dates(d(1992, 12, 30), d(1993, 1, 2)), "30 Dec 1992 \u{2013} 2 Jan 1993");
    }
}
