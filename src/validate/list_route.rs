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

/// Sets each event's list from its time control (a folder that keeps one
/// list sets none). An event whose rate of play no list takes is not rated
/// already, and gets none.
pub fn route(config: &PeriodConfig, events: &mut [super::Event]) {
    for e in events.iter_mut() {
        e.list = e.rate_of_play.as_ref().and_then(|tc| list_of(config, tc)?.ok());
    }
}

/// The period as list `k` of `config.rating_lists` is rated: its rule set,
/// settings and rates of play ([`PeriodConfig::for_list`]), `players` (the
/// player file's view of that list), and every event, those of the other
/// lists [`super::Disposition::OtherList`] (shown, not rated). The
/// validation's findings and the period's newcomers are the whole period's.
pub fn for_list(period: &super::ValidPeriod, k: usize, players: crate::model::PlayerFile) -> super::ValidPeriod {
    use super::Disposition;
    let config = period.config.for_list(k);
    let events = period
        .events
        .iter()
        .map(|e| {
            let mut e = e.clone();
            if let Some(list) = e.list.filter(|&list| list != k && e.disposition.is_rated()) {
                let late = e.disposition == Disposition::Late;
                e.disposition = Disposition::OtherList { list: period.config.rating_lists[list].name.clone(), late };
            }
            e
        })
        .collect();
    super::ValidPeriod {
        config,
        players,
        newcomers: period.newcomers,
        newcomer_entries: period.newcomer_entries.clone(),
        events,
        unreadable: period.unreadable.clone(),
        inputs: period.inputs.clone(),
        switched: period.switched.clone(),
        deferred_entrants: period.deferred_entrants.clone(),
    }
}
