//! Dates as TRF files write them: `2005/09/24` (the standard), `24.09.2005`,
//! `2011-04-08`, `28. 07. 2005`, `1969.12.06`, English month names as
//! lichess.org writes them (`May 29, 2020`, also `29 May 2020`), two-digit
//! years such as the Krause round dates `10.09.13` (YY.MM.DD), and birth
//! dates that give only a year.

use chrono::{Datelike, NaiveDate};

use crate::model::dates::{parse_date, with_month_name};

/// An event date; the flag is true when the year had only two digits (the
/// reading is then a guess worth a warning).
pub fn parse_event_date(text: &str) -> Option<(NaiveDate, bool)> {
    if let Some(d) = with_month_name(text) {
        return Some((d, false));
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() {
        return None;
    }
    if let Some(d) = full_date(&compact) {
        return Some((d, false));
    }
    two_digit_year(&compact).map(|d| (d, true))
}

/// A date with a four-digit year in any of the accepted orders.
fn full_date(t: &str) -> Option<NaiveDate> {
    parse_date(t)
        .or_else(|| NaiveDate::parse_from_str(t, "%Y.%m.%d").ok())
        .or_else(|| NaiveDate::parse_from_str(t, "%d-%m-%Y").ok())
        .filter(|d| (1800..=2200).contains(&d.year()) && t.split(['.', '/', '-']).any(|p| p.len() == 4))
}

/// `YY.MM.DD` (TRF's order for round dates), else `DD.MM.YY`; years 00–69
/// are 20xx, 70–99 are 19xx.
fn two_digit_year(t: &str) -> Option<NaiveDate> {
    let parts: Vec<&str> = t.split(['.', '/', '-']).collect();
    if parts.len() != 3 || parts.iter().any(|p| p.len() != 2 || !p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let n: Vec<u32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    let year = |yy: u32| if yy < 70 { 2000 + yy as i32 } else { 1900 + yy as i32 };
    NaiveDate::from_ymd_opt(year(n[0]), n[1], n[2]).or_else(|| NaiveDate::from_ymd_opt(year(n[2]), n[1], n[0]))
}

/// A birth date from positions 70–79.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Birth {
    Unknown,
    Year(i32),
    Date(NaiveDate),
}

impl Birth {
    pub fn date(self) -> Option<NaiveDate> {
        match self {
            Birth::Date(d) => Some(d),
            _ => None,
        }
    }

    pub fn year(self) -> Option<i32> {
        match self {
            Birth::Date(d) => Some(d.year()),
            Birth::Year(y) => Some(y),
            Birth::Unknown => None,
        }
    }

    /// Whether a player file's birth date can be this one's (either side unknown: yes).
    pub fn fits(self, known: Option<NaiveDate>) -> bool {
        match (self, known) {
            (_, None) | (Birth::Unknown, _) => true,
            (Birth::Date(d), Some(k)) => d == k,
            (Birth::Year(y), Some(k)) => k.year() == y,
        }
    }
}

/// Reads a birth date; `Err` for text that is neither blank nor a date.
pub fn parse_birth(text: &str) -> Option<Birth> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    // Blank, or a placeholder such as 0000/00/00 or ../..
    if t.chars().all(|c| matches!(c, '0' | '.' | '/' | '-')) {
        return Some(Birth::Unknown);
    }
    if let Some(d) = full_date(&t) {
        return Some(Birth::Date(d));
    }
    // A year alone, or a year with an unknown month and day (1965/00/00).
    let year_part = t.split(['.', '/', '-']).next().unwrap_or("");
    let rest_unknown = t[year_part.len()..].chars().all(|c| matches!(c, '0' | '.' | '/' | '-'));
    if year_part.len() == 4 && rest_unknown {
        if let Ok(y) = year_part.parse::<i32>() {
            if (1800..=2200).contains(&y) {
                return Some(Birth::Year(y));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn event_dates_in_the_forms_of_the_real_files() {
        assert_eq!(parse_event_date("28. 07. 2005"), Some((d(2005, 7, 28), false)));
        assert_eq!(parse_event_date("2005/09/24"), Some((d(2005, 9, 24), false)));
        assert_eq!(parse_event_date("24.09.2005"), Some((d(2005, 9, 24), false)));
        assert_eq!(parse_event_date("2011-04-08"), Some((d(2011, 4, 8), false)));
        assert_eq!(parse_event_date("25.02.2011"), Some((d(2011, 2, 25), false)));
        assert_eq!(parse_event_date("2011/07/02"), Some((d(2011, 7, 2), false)));
        assert_eq!(parse_event_date("2005.07.28"), Some((d(2005, 7, 28), false)));
        assert_eq!(parse_event_date("28/07/2005"), Some((d(2005, 7, 28), false)));
        assert_eq!(parse_event_date("10.09.13"), Some((d(2010, 9, 13), true)), "Krause YY.MM.DD");
        assert_eq!(parse_event_date("11.03.13"), Some((d(2011, 3, 13), true)));
        assert_eq!(
            parse_event_date("25.02.11"),
            Some((d(2025, 2, 11), true)),
            "ambiguous: TRF's order wins, with a warning"
        );
        assert_eq!(parse_event_date("25.02.30"), Some((d(2030, 2, 25), true)), "not YY.MM.DD, so DD.MM.YY");
        assert_eq!(parse_event_date("98/12/31"), Some((d(1998, 12, 31), true)));
        assert_eq!(parse_event_date("May 29, 2020"), Some((d(2020, 5, 29), false)), "lichess.org");
        assert_eq!(parse_event_date("Jun 26, 2020"), Some((d(2020, 6, 26), false)));
        assert_eq!(parse_event_date("September 3, 2021"), Some((d(2021, 9, 3), false)));
        assert_eq!(parse_event_date("Sept. 3, 2021"), Some((d(2021, 9, 3), false)));
        assert_eq!(parse_event_date("29 May 2020"), Some((d(2020, 5, 29), false)));
        assert_eq!(parse_event_date("29-may-2020"), Some((d(2020, 5, 29), false)));
        assert_eq!(parse_event_date("2020 May 29"), Some((d(2020, 5, 29), false)));
        assert_eq!(parse_event_date("2020/05/29"), Some((d(2020, 5, 29), false)));
        assert_eq!(parse_event_date("29.05.2020"), Some((d(2020, 5, 29), false)));
        for bad in ["Feb 30, 2020", "Ma 29, 2020", "Mayday 29, 2020", "May 29, 20", "May 29", "May 29 2020 10:00"] {
            assert_eq!(parse_event_date(bad), None, "{bad}");
        }
        for bad in ["", "   ", "next week", "2005/13/01", "31.02.2005", "1.2.3", "10.09.2013.1", "99.99.99"] {
            assert_eq!(parse_event_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn birth_dates() {
        assert_eq!(parse_birth("1969.12.06"), Some(Birth::Date(d(1969, 12, 6))));
        assert_eq!(parse_birth("1965/06/25"), Some(Birth::Date(d(1965, 6, 25))));
        assert_eq!(parse_birth("1965      "), Some(Birth::Year(1965)));
        assert_eq!(parse_birth("1965/00/00"), Some(Birth::Year(1965)));
        assert_eq!(parse_birth("          "), Some(Birth::Unknown));
        assert_eq!(parse_birth("0000/00/00"), Some(Birth::Unknown));
        assert_eq!(parse_birth("    /  /  "), Some(Birth::Unknown));
        assert_eq!(parse_birth("1969.13.06"), None);
        assert_eq!(parse_birth("abc"), None);
        assert!(Birth::Year(1965).fits(Some(d(1965, 6, 25))));
        assert!(!Birth::Year(1966).fits(Some(d(1965, 6, 25))));
        assert!(Birth::Date(d(1965, 6, 25)).fits(None));
        assert!(!Birth::Date(d(1965, 6, 25)).fits(Some(d(1965, 6, 26))));
        assert!(Birth::Unknown.fits(Some(d(1965, 6, 25))));
    }
}
