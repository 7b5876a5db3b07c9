//! The period's outcome as one value, [`Rated`]: the validated period, its
//! ratings under the rule set, and the lists derived from them (each list
//! with its own headings and figures, [`lists`]). It is the one argument of
//! everything that publishes or records a period: the booklet, the
//! workbooks, the site and the record's lines.

pub mod lists;

use crate::rate::{RatingSystem, Ratings};
use crate::validate::ValidPeriod;
use lists::Lists;

/// A rated period (see the module's introduction).
pub struct Rated {
    pub period: ValidPeriod,
    pub ratings: Ratings,
    pub lists: Lists,
    pub system: &'static dyn RatingSystem,
}

impl Rated {
    /// The period rated, with its lists built. The maintenance rule removes
    /// no player who holds games in a deferred event (they are rated next
    /// period, from the file this one publishes).
    pub fn new(period: ValidPeriod, mut ratings: Ratings, system: &'static dyn RatingSystem) -> Rated {
        for (p, removed) in ratings.players.iter().zip(ratings.removed.iter_mut()) {
            if *removed && period.deferred_entrants.binary_search(&p.id).is_ok() {
                *removed = false;
            }
        }
        let lists = lists::build_lists(&period, &ratings, system);
        Rated { period, ratings, lists, system }
    }

    /// The events rated this period.
    pub fn events_rated(&self) -> usize {
        self.period.events.iter().filter(|e| e.disposition.is_rated()).count()
    }
}
