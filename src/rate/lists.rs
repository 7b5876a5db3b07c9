//! The rating lists a federation keeps, as the rule sets rate them: each
//! list's rule set, and the list a newcomer to it starts from (its
//! `start_from`, else its rule set's rule, [`RatingSystem::starts_from_standard`]).

use super::RatingSystem;
use crate::config::{PeriodConfig, StartFrom};
use crate::diag::Diagnostic;
use crate::model::lists::WhichList;
use crate::model::rate_of_play::RateOfPlay;
use crate::model::time_control::TimeControl;
use crate::model::{Player, Status};
use crate::validate::{EligibilityPolicy, EventEntrants, NotRated, ValidPeriod};

/// The rule set of list `k` of `config.rating_lists`.
pub fn rules_of(config: &PeriodConfig, k: usize) -> &'static dyn RatingSystem {
    super::rule_set(config.rating_lists[k].system)
}

/// Where in the player file list `k` of `config.rating_lists` is kept: the
/// main list's columns, or its own among the others (in the order
/// [`PeriodConfig::other_lists`] gives them, as the player file reads them).
pub fn place(config: &PeriodConfig, k: usize) -> WhichList {
    let main = config.main_list();
    if Some(k) == main {
        WhichList::Main
    } else {
        WhichList::Other((0..k).filter(|&j| Some(j) != main).count())
    }
}

/// The list a newcomer to list `k` starts from when he is rated there:
/// the one its `start_from` names, none for `"none"`, and without
/// `start_from` the list that takes standard play when its rule set says
/// so (FIDE's rapid and blitz 7.2.1).
pub fn start_from(config: &PeriodConfig, k: usize) -> Option<WhichList> {
    let list = &config.rating_lists[k];
    let from = match &list.start_from {
        Some(StartFrom::Nobody) => None,
        Some(StartFrom::List(name)) => config.rating_lists.iter().position(|l| &l.name == name),
        None => rules_of(config, k)
            .starts_from_standard(&list.play)
            .then(|| config.rating_lists.iter().position(|l| l.play.contains(&RateOfPlay::Standard)))
            .flatten(),
    };
    from.filter(|&j| j != k).map(|j| place(config, j))
}

/// What a period is validated by: its rule set's policy, and where it
/// keeps several lists, each list's rule set for the events of its rates
/// of play ([`EligibilityPolicy::rate_of_play`]) and for its own settings.
pub struct ListsPolicy<'a> {
    main: &'a dyn RatingSystem,
    /// Each list beside the main one: its rates of play, its rule set, its name and settings.
    lists: Vec<(Vec<RateOfPlay>, &'static dyn RatingSystem, String, crate::config::RuleSettings)>,
}

/// The policy a period under `system` with `config` is validated by.
pub fn policy<'a>(system: &'a dyn RatingSystem, config: &PeriodConfig) -> ListsPolicy<'a> {
    let lists = config
        .rating_lists
        .iter()
        .enumerate()
        .map(|(k, l)| (l.play.clone(), rules_of(config, k), l.name.clone(), l.rules.clone()))
        .collect();
    ListsPolicy { main: system, lists }
}

impl EligibilityPolicy for ListsPolicy<'_> {
    fn time_control(&self, tc: &TimeControl) -> Result<(), String> {
        self.main.time_control(tc)
    }

    fn rate_of_play(
        &self,
        rate: RateOfPlay,
        tc: &TimeControl,
        rounds: u32,
        dates: (chrono::NaiveDate, chrono::NaiveDate),
    ) -> Result<(), String> {
        match self.lists.iter().find(|(play, ..)| play.contains(&rate)) {
            Some((_, rules, ..)) => rules.rate_of_play(rate, tc, rounds, dates),
            None => self.main.rate_of_play(rate, tc, rounds, dates),
        }
    }

    fn event(&self, event: &EventEntrants<'_>) -> Result<(), NotRated> {
        self.main.event(event)
    }

    fn game(&self, remarks: Option<&str>) -> Option<NotRated> {
        self.main.game(remarks)
    }

    fn ratings(&self) -> std::ops::RangeInclusive<f64> {
        self.main.ratings()
    }

    fn status_unstated(&self, player: &Player, extra_columns: &[String], config: &PeriodConfig) -> Status {
        self.main.status_unstated(player, extra_columns, config)
    }

    fn check_inputs(&self, period: &ValidPeriod) -> Vec<Diagnostic> {
        self.main.check_inputs(period)
    }

    /// The main list's settings (`rules`) by its rule set, and each other
    /// list's by its own (the main list's, `[rating_lists.NAME.rules]`, are
    /// `rules` already).
    fn check_settings(&self, rules: &crate::config::RuleSettings) -> Vec<Diagnostic> {
        let mut found = self.main.check_settings(rules);
        for (_, list_rules, name, settings) in &self.lists {
            if settings != rules || list_rules.name() != self.main.name() {
                found.extend(list_rules.check_settings(settings).into_iter().map(|d| {
                    let message = d.message.replace("[rules]", &format!("[rating_lists.{name}.rules]"));
                    crate::diag::Diagnostic { message, ..d }
                }));
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(lists: &str) -> PeriodConfig {
        let top = "federation = \"F\"\nperiod = \"P\"\npublished = 2026-04-01\nstart = 2026-03-01\nend = 2026-03-31\n\
                   active_since = 2025-01-01\n[states]\nV = \"Victoria\"\n";
        PeriodConfig::parse(&format!("{top}{lists}")).unwrap()
    }

    #[test]
    fn fides_rapid_and_blitz_lists_start_from_the_standard_list() {
        let c = config(
            "[rating_lists.rapid]\nsystem = \"fide\"\n[rating_lists.standard]\nsystem = \"fide\"\n\
             [rating_lists.blitz]\nsystem = \"fide\"\nstart_from = \"none\"\n",
        );
        assert_eq!(c.main_list(), Some(1), "the list of standard play is the main one wherever it stands");
        assert_eq!(place(&c, 1), WhichList::Main);
        assert_eq!((place(&c, 0), place(&c, 2)), (WhichList::Other(0), WhichList::Other(1)));
        assert_eq!(c.other_lists(), ["rapid", "blitz"]);
        assert_eq!(start_from(&c, 0), Some(WhichList::Main), "FIDE's 7.2.1");
        assert_eq!(start_from(&c, 1), None, "the standard list starts nobody from another");
        assert_eq!(start_from(&c, 2), None, "start_from = \"none\" departs from it");
    }

    #[test]
    fn other_rule_sets_start_newcomers_afresh_unless_told() {
        let c = config(
            "[rating_lists.standard]\nsystem = \"acf\"\n[rating_lists.rapid]\nsystem = \"acf\"\n\
             [rating_lists.blitz]\nsystem = \"glicko2\"\nstart_from = \"rapid\"\n",
        );
        assert_eq!(start_from(&c, 1), None);
        assert_eq!(start_from(&c, 2), Some(WhichList::Other(0)));
        assert_eq!(rules_of(&c, 2).name(), crate::model::system::SystemName::Glicko2);
    }
}
