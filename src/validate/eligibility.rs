//! Eligibility: the period's timing rules that make an event rated now,
//! late, too late or deferred, and the [`EligibilityPolicy`] a rule set
//! implements for the rest (which time controls, events and games it rates,
//! and its checks of the inputs beside the reports). Validation asks the
//! policy before any newcomer gets an ID.

use chrono::NaiveDate;

use super::ValidPeriod;
use crate::config::{PeriodConfig, RuleSettings};
use crate::diag::{Code, Diagnostic, Location};
use crate::model::time_control::TimeControl;
use crate::model::{Player, Status};

/// What a rule set decides about eligibility. Validation asks it about
/// every report without errors before newcomers get their IDs, so that a
/// newcomer in an event it turns down gets none.
pub trait EligibilityPolicy: Send + Sync {
    /// Why a time control makes an event ineligible, if it does.
    fn time_control(&self, tc: &TimeControl) -> Result<(), String>;

    /// Why an event at `rate` (a rapid or blitz list's, when the period
    /// keeps several) is not rated on that list: its time control (`tc`),
    /// its rounds from `start` to `end`. The list's rates of play take the
    /// place of [`EligibilityPolicy::time_control`]; none by default (FIDE's
    /// Rapid and Blitz Rating Regulations 1.1 and 3.1 for `fide`).
    fn rate_of_play(
        &self,
        rate: crate::model::rate_of_play::RateOfPlay,
        tc: &TimeControl,
        rounds: u32,
        dates: (NaiveDate, NaiveDate),
    ) -> Result<(), String> {
        let _ = (rate, tc, rounds, dates);
        Ok(())
    }

    /// Why an event that would be rated is not, given its entrants (NZCF
    /// rule 6.4); none by default.
    fn event(&self, event: &EventEntrants<'_>) -> Result<(), NotRated> {
        let _ = event;
        Ok(())
    }

    /// Why a game played in a rated event is not rated, from its remark
    /// (lower-cased; NZCF rule 6.5); none by default.
    fn game(&self, remarks: Option<&str>) -> Option<NotRated> {
        let _ = remarks;
        None
    }

    /// The ratings this rule set's player file may hold: a rating (or an
    /// opponents' average) outside is a typing error at its cell. An Elo-like
    /// scale by default.
    fn ratings(&self) -> std::ops::RangeInclusive<f64> {
        0.0..=3500.0
    }

    /// The status of a player whose row in the player file gives none (no
    /// `Status` column, or a blank cell), read as this rule set defines it
    /// (systems.md). By default the reader's, from the games: 30 or more
    /// confirmed, 9 or more provisional, fewer unrated (ACF's counts; NZCF's
    /// are the same).
    fn status_unstated(&self, player: &Player, extra_columns: &[String], config: &PeriodConfig) -> Status {
        let _ = (extra_columns, config);
        player.status
    }

    /// The rule set's checks of the inputs beside the reports and of the
    /// player file's columns it reads (ECF's seasons, the side files a rule
    /// set declares, its own columns), on the validated period; the findings join
    /// validation's. None by default.
    fn check_inputs(&self, period: &ValidPeriod) -> Vec<Diagnostic> {
        let _ = period;
        Vec::new()
    }

    /// The rule set's checks of its own settings, period.toml's `[rules]`
    /// table, each finding at its line. A rule set without settings (the
    /// default) finds every key unknown.
    fn check_settings(&self, rules: &RuleSettings) -> Vec<Diagnostic> {
        rules.table.keys().map(|key| unknown_setting(rules, key, &[])).collect()
    }
}

/// The finding for a `[rules]` key the rule set does not know, at its line;
/// `known` are the keys it does know (none: it has no settings).
pub fn unknown_setting(rules: &RuleSettings, key: &str, known: &[&str]) -> Diagnostic {
    let hint = if known.is_empty() {
        "this rule set has no settings: remove the [rules] table (or name the rule set it was written for in `system`)"
            .to_string()
    } else {
        format!("the settings are {}", known.join(", "))
    };
    Diagnostic::error(
        Code::BadSettings,
        Location::line("period.toml", rules.line(key), 1),
        format!("[rules] has an unknown setting `{}`", crate::diag::escape_controls(key)),
    )
    .with_hint(hint)
}

/// Why a rule set does not rate an event or a game, and the hint of the note that says so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotRated {
    pub why: String,
    pub hint: &'static str,
}

/// An event as the event rule sees it, before newcomers have IDs.
#[derive(Debug, Clone)]
pub struct EventEntrants<'a> {
    /// Run by the federation itself (the report's `Federation event`).
    pub federation_event: bool,
    /// Entrants on the Players sheet.
    pub entrants: usize,
    /// Each entrant who appears in the results (a game, a forfeit or a bye),
    /// with his record in the player file (`None`: a newcomer).
    pub playing: Vec<Option<&'a Player>>,
}

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
