//! Dates and ages as the rules use them: dates typed in a cell, whole years
//! and whole months of age, and the school year a date falls in.

use chrono::{Datelike, NaiveDate};

/// Parses `YYYY-MM-DD` (optionally followed by a time), `DD.MM.YYYY`,
/// `DD/MM/YYYY`, or a date with the month in words (`7 Oct 1996`,
/// `October 7, 1996`, `7-Oct-1996`).
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    if let Some(d) = with_month_name(text) {
        return Some(d);
    }
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

/// English month names, full or cut to three letters (`Sept` too).
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

fn month(word: &str) -> Option<u32> {
    let w = word.to_lowercase();
    let w = w.trim_end_matches('.');
    if w.len() < 3 {
        return None;
    }
    let found = MONTHS.iter().position(|m| m.starts_with(w) && (w.len() == 3 || w == "sept" || *m == w))?;
    Some(found as u32 + 1)
}

/// A date with a month name and a four-digit year: `May 29, 2020`,
/// `29 May 2020`, `2020 May 29`, `29-May-2020`.
pub fn with_month_name(text: &str) -> Option<NaiveDate> {
    let words: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '-' | '/')).filter(|w| !w.is_empty()).collect();
    let [a, b, c] = words.as_slice() else { return None };
    let number = |w: &str| {
        let w = w.trim_end_matches('.');
        w.bytes().all(|b| b.is_ascii_digit()).then(|| w.parse::<u32>().ok()).flatten()
    };
    let year = |w: &str| number(w).filter(|_| w.len() == 4).map(|y| y as i32);
    let (y, m, d) = if let (Some(m), Some(d), Some(y)) = (month(a), number(b), year(c)) {
        (y, m, d)
    } else if let (Some(d), Some(m), Some(y)) = (number(a), month(b), year(c)) {
        (y, m, d)
    } else if let (Some(y), Some(m), Some(d)) = (year(a), month(b), number(c)) {
        (y, m, d)
    } else {
        return None;
    };
    NaiveDate::from_ymd_opt(y, m, d).filter(|d| (1800..=2200).contains(&d.year()))
}

/// A date typed as text whose day and month could be each other
/// (`01/08/1993`: 1 August or 8 January?), as [`parse_date`] reads it (day
/// first); `None` for any other text (year first, a day above 12, day and
/// month the same, words).
pub fn read_day_first(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    let separator = ['/', '.'].into_iter().find(|s| text.contains(*s))?;
    let day = parse_date(text)?;
    let mut parts = text.split(separator).map(|p| p.trim().parse::<u32>().ok());
    let (first, second) = (parts.next()??, parts.next()??);
    let swapped = NaiveDate::from_ymd_opt(day.year(), day.day(), day.month());
    ((first, second) == (day.day(), day.month()) && first != second && swapped.is_some()).then_some(day)
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
    fn dates_in_words_are_read_and_day_first_texts_told() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day);
        assert_eq!(parse_date("7 Oct 1996"), d(1996, 10, 7));
        assert_eq!(parse_date("October 7, 1996"), d(1996, 10, 7));
        assert_eq!(parse_date("7-Oct-1996"), d(1996, 10, 7));
        assert_eq!(parse_date("7 Sept. 1996"), d(1996, 9, 7));
        assert_eq!(parse_date("1996-10-07 00:00:00"), d(1996, 10, 7));
        assert_eq!(parse_date("7 Octopus 1996"), None);
        assert_eq!(read_day_first("05/06/1996"), d(1996, 6, 5));
        assert_eq!(read_day_first("13/06/1996"), None, "one reading only");
        assert_eq!(read_day_first("06/06/1996"), None, "the same either way");
        assert_eq!(read_day_first("1996/06/05"), None, "year first");
        assert_eq!(read_day_first("7 Oct 1996"), None, "in words");
    }

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
