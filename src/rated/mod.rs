//! The period's outcome as one value, [`Rated`]: the validated period, its
//! ratings under the rule set, every player worked out once
//! ([`player::RatedPlayer`]: printed rating, change, active, listed, in the
//! pool, games, ranks), every event worked out once ([`event::RatedEvent`]:
//! games with each side's score, standings, changes), the lists cut from them (each with its own headings
//! and figures, [`lists`]) and the period's counts. It is the one argument
//! of everything that publishes or records a period: the booklet, the
//! workbooks, the site, the statistics and the record's lines.

pub mod event;
pub mod lists;
pub mod player;
pub mod rating_lists;

use crate::rate::{RatingSystem, Ratings};
use crate::validate::{Disposition, ValidPeriod};
pub use event::RatedEvent;
use lists::Lists;
pub use player::{Baseline, RatedPlayer};
pub use rating_lists::{rate_each_list, Baselines, ListRatings, OtherRatings, RatedList, RatedLists};

/// A rated period (see the module's introduction).
pub struct Rated {
    pub period: ValidPeriod,
    pub ratings: Ratings,
    /// Every player, aligned with the period's player file.
    pub players: Vec<RatedPlayer>,
    /// Every event, aligned with the period's events.
    pub events: Vec<RatedEvent>,
    pub lists: Lists,
    pub counts: PeriodCounts,
}

/// What a period rated: its events by what happened to them, the games
/// rated and the players listed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PeriodCounts {
    pub events_rated: u64,
    pub events_not_rated: u64,
    pub events_deferred: u64,
    /// The games rated this period: the games played over the board in the
    /// events rated (a game counts once, whichever of its players it
    /// counted for); the record keeps one line for each.
    pub games_rated: u64,
}

impl PeriodCounts {
    /// The counts of a validated period (of its list, when it keeps several).
    pub fn of(period: &ValidPeriod) -> PeriodCounts {
        let mut counts = PeriodCounts::default();
        for e in &period.events {
            match e.disposition {
                Disposition::Rated | Disposition::Late => {
                    counts.events_rated += 1;
                    counts.games_rated +=
                        e.games.iter().filter(|g| g.outcome.is_played() && g.black.is_some()).count() as u64;
                }
                Disposition::Deferred => counts.events_deferred += 1,
                // (Another list's: counted there.)
                Disposition::OtherList { .. } => {}
                _ => counts.events_not_rated += 1,
            }
        }
        counts
    }
}

impl Rated {
    /// The rule set the period was rated under: its configuration's.
    pub fn system(&self) -> &'static dyn RatingSystem {
        crate::rate::configured(&self.period.config)
    }

    /// The period rated, its players worked out (the change taken against
    /// `baseline`) and its lists built. The maintenance rule removes no
    /// player who holds games in a deferred event (they are rated next
    /// period, from the file this one publishes).
    pub fn new(period: ValidPeriod, mut ratings: Ratings, baseline: &Baseline) -> Rated {
        let system = crate::rate::configured(&period.config);
        for (p, removed) in ratings.players.iter().zip(ratings.removed.iter_mut()) {
            if *removed && period.deferred_entrants.binary_search(&p.id).is_ok() {
                *removed = false;
            }
        }
        let mut players = player::rated_players(&period, &ratings, system, baseline);
        let at: std::collections::HashMap<u32, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let name = |id: u32| at.get(&id).map_or_else(|| id.to_string(), |&i| players[i].name.clone());
        let events = event::rated_events(&period, &ratings, &name);
        for (id, played) in event::games_played(&period, &events) {
            if let Some(&i) = at.get(&id) {
                players[i].played = played;
            }
        }
        let lists = lists::build_lists(&period.config, &players, system);
        let counts = PeriodCounts::of(&period);
        Rated { period, ratings, players, events, lists, counts }
    }

    /// The events rated this period.
    pub fn events_rated(&self) -> usize {
        self.counts.events_rated as usize
    }

    /// The players listed (the state lists, the site's index).
    pub fn listed(&self) -> impl Iterator<Item = &RatedPlayer> {
        self.players.iter().filter(|p| p.listed)
    }
}
