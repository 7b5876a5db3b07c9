//! Dates and ages as the rules use them: dates typed in a cell, whole years
//! and whole months of age, and the school year a date falls in.

use chrono::{Datelike, NaiveDate};

/// Parses `YYYY-MM-DD` (optionally followed by a time), `DD.MM.YYYY` or `DD/MM/YYYY`.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    let date_part = t.split(['T', ' ']).next().unwrap_or(t);
    NaiveDate::parse_from_str(date_part, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(date_part, "%d.%m.%Y"))
        .or_else(|_| NaiveDate::parse_from_str(date_part, "%d/%m/%Y"))
        .or_else(|_| NaiveDate::parse_from_str(date_part, "%Y/%m/%d"))
        .ok()
        .filter(|d| {
            use chrono::Datelike;
            (1800..=2200).contains(&d.year())
        })
}

/// Whole years from `birth` to `at`.
pub fn age_at(birth: NaiveDate, at: NaiveDate) -> u32 {
    let mut years = at.year() - birth.year();
    if (at.month(), at.day()) < (birth.month(), birth.day()) {
        years -= 1;
    }
    years.max(0) as u32
}

/// Whole months from `birth` to `at` (completed months of age).
pub fn age_in_months(birth: NaiveDate, at: NaiveDate) -> i64 {
    let mut months = (at.year() - birth.year()) as i64 * 12 + at.month() as i64 - birth.month() as i64;
    if at.day() < birth.day() {
        months -= 1;
    }
    months
}

/// The start of the school year that contains `date`, for a school year
/// starting on (month, day).
pub fn school_year_of(date: NaiveDate, (month, day): (u32, u32)) -> NaiveDate {
    let start_in = |year: i32| {
        NaiveDate::from_ymd_opt(year, month, day)
            .or_else(|| NaiveDate::from_ymd_opt(year, month, day - 1))
            .expect("a checked day of the year")
    };
    let this_year = start_in(date.year());
    if date >= this_year {
        this_year
    } else {
        start_in(date.year() - 1)
    }
}

/// "1 August 1993".
pub fn long_date(d: NaiveDate) -> String {
    d.format("%-d %B %Y").to_string()
}

/// When an event was played, in words with its year: `5 June 1993`,
/// `5–6 June 1993`, `28 February – 3 March 1993`, `30 December 1992 – 2
/// January 1993`; with `short` months (`5–6 Jun 1993`) for a column.
pub fn date_span(start: NaiveDate, end: NaiveDate, short: bool) -> String {
    let (start, end) = if end < start { (end, start) } else { (start, end) };
    let (day_month, full) = if short { ("%-d %b", "%-d %b %Y") } else { ("%-d %B", "%-d %B %Y") };
    if start == end {
        end.format(full).to_string()
    } else if start.year() != end.year() {
        format!("{} \u{2013} {}", start.format(full), end.format(full))
    } else if start.month() != end.month() {
        format!("{} \u{2013} {}", start.format(day_month), end.format(full))
    } else {
        format!("{}\u{2013}{}", start.day(), end.format(full))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_every_accepted_form() {
        let d = NaiveDate::from_ymd_opt(1993, 8, 1).unwrap();
        assert_eq!(parse_date("1993-08-01"), Some(d));
        assert_eq!(parse_date("01.08.1993"), Some(d));
        assert_eq!(parse_date("01/08/1993"), Some(d));
        assert_eq!(parse_date("1993-08-01T00:00:00"), Some(d));
        assert_eq!(parse_date("1993-13-01"), None);
        assert_eq!(parse_date("next tuesday"), None);
        assert_eq!(parse_date("31/02/1993"), None);
    }

    #[test]
    fn event_dates_are_in_words_with_the_year() {
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(date_span(d(1995, 10, 2), d(1995, 10, 4), false), "2\u{2013}4 October 1995");
        assert_eq!(date_span(d(1993, 6, 5), d(1993, 6, 5), true), "5 Jun 1993");
        assert_eq!(date_span(d(1993, 2, 28), d(1993, 3, 3), true), "28 Feb \u{2013} 3 Mar 1993");
        assert_eq!(date_span(d(1992, 12, 30), d(1993, 1, 2), false), "30 December 1992 \u{2013} 2 January 1993");
    }

    #[test]
    fn ages_are_whole_years_at_the_age_date() {
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        assert_eq!(age_at(d(1980, 1, 1), d(1993, 1, 1)), 13);
        assert_eq!(age_at(d(1980, 1, 2), d(1993, 1, 1)), 12);
        assert_eq!(age_at(d(1973, 12, 31), d(1993, 1, 1)), 19);
    }

    #[test]
    fn school_years_start_on_the_configured_day() {
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        assert_eq!(school_year_of(d(2024, 8, 31), (9, 1)), d(2023, 9, 1));
        assert_eq!(school_year_of(d(2024, 9, 1), (9, 1)), d(2024, 9, 1));
        assert_eq!(school_year_of(d(2025, 2, 27), (2, 29)), d(2024, 2, 29));
        assert_eq!(school_year_of(d(2023, 3, 1), (2, 29)), d(2023, 2, 28));
    }
}
