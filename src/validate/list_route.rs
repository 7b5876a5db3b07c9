//! Which rating list an event goes to (issue 45, docs/lists.md "Sending
//! each report to its list"): its time control's rate of play by the
//! lists' boundaries, and the list whose `play` takes that rate. A folder
//! without `[rating_lists]` keeps one list and routes nothing.

use crate::config::PeriodConfig;
use crate::diag::{Code, Diagnostic, Location};
use crate::model::rate_of_play::{RateOfPlay, MOVES};
use crate::model::time_control::TimeControl;

/// The list (its position in `config.rating_lists`) that takes an event
/// played at `tc`, or the rate of play no list takes. `None` for a folder
/// that keeps one list.
pub fn list_of(config: &PeriodConfig, tc: &TimeControl) -> Option<Result<usize, RateOfPlay>> {
    if config.rating_lists.is_empty() {
        return None;
    }
    let rate = config.boundaries.rate_of(tc);
    Some(config.rating_lists.iter().position(|l| l.play.contains(&rate)).ok_or(rate))
}

/// Why an event at a rate of play no list takes is not rated.
pub fn no_list(rate: RateOfPlay) -> String {
    format!("a {rate} event, and the federation keeps no {rate} list")
}

/// The note saying which list an event goes to, at its time-control cell:
/// "rapid (25+10: more than 10 minutes and less than 60 minutes for 60
/// moves): the rapid list".
pub fn list_note(config: &PeriodConfig, k: usize, text: &str, tc: &TimeControl, at: Location) -> Diagnostic {
    let rate = config.boundaries.rate_of(tc);
    Diagnostic::note(
        Code::EventList,
        at,
        format!(
            "{rate} ({text}: {} for {MOVES} moves): the {} list",
            config.boundaries.describe(rate),
            config.rating_lists[k].name
        ),
    )
}
