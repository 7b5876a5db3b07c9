//! Event timing: the period rules that make an event rated now, late, too
//! late or deferred. Which time controls are rated belongs to the rule set.

use chrono::NaiveDate;

use crate::config::PeriodConfig;

/// Where an event falls relative to the period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// Ended inside the period.
    InPeriod,
    /// Ended before the start, but no earlier than one period before: rated now.
    Late,
    /// Ended more than one period before the start: discarded.
    TooLate,
    /// Ends after the period: rated next period.
    Deferred,
}

/// Places an event by its end date.
pub fn timing(end: NaiveDate, config: &PeriodConfig) -> Timing {
    if end > config.end {
        Timing::Deferred
    } else if end >= config.start {
        Timing::InPeriod
    } else if end >= config.late_limit() {
        Timing::Late
    } else {
        Timing::TooLate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_too_late_and_deferred() {
        let c = PeriodConfig::parse(
            "federation=\"X\"\nperiod=\"August 1993\"\npublished=1993-08-01\nstart=1993-04-01\nend=1993-07-31\nactive_since=1992-01-01\n[states]\nV=\"Victoria\"\n",
        )
        .unwrap();
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(timing(d(1993, 4, 1), &c), Timing::InPeriod);
        assert_eq!(timing(d(1993, 7, 31), &c), Timing::InPeriod);
        assert_eq!(timing(d(1993, 8, 1), &c), Timing::Deferred);
        assert_eq!(timing(d(1993, 3, 31), &c), Timing::Late);
        assert_eq!(timing(d(1992, 12, 1), &c), Timing::Late);
        assert_eq!(timing(d(1992, 11, 30), &c), Timing::TooLate);
    }
}
