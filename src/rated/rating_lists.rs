//! A period rated on every rating list the federation keeps (standard,
//! rapid, blitz: `[rating_lists]`): each list is rated by its own rule set
//! from its view of the player file, with the events of its rate of play,
//! and comes out as a [`Rated`] of its own, which every output reads as it
//! reads the one list of a folder that keeps one. The main list's [`Rated`]
//! carries the new player file, every list's columns in it. A player is
//! removed from the file only when every list's rule set removes him.

use rayon::prelude::*;

use super::{Baseline, Rated};
use crate::model::lists::ListState;
use crate::model::PlayerFile;
use crate::rate::lists::{place, rules_of, start_from};
use crate::rate::{RatingSystem, Ratings};
use crate::validate::list_route::for_list;
use crate::validate::ValidPeriod;

/// A rating list beside the main one, rated.
pub struct RatedList {
    /// Its name in `period.toml` (`rapid`).
    pub name: String,
    pub rated: Rated,
}

/// A period rated on each of its lists: the main list (the one list of a
/// folder that keeps one), and the others in `[rating_lists]` order.
pub struct RatedLists {
    pub main: Rated,
    pub others: Vec<RatedList>,
}

/// A list beside the main one, rated, before its change is taken.
pub struct OtherRatings {
    pub name: String,
    pub period: ValidPeriod,
    pub ratings: Ratings,
}

/// A period rated on each of its lists, before each change is taken (the
/// replay rates a period so, and its caller says what the change is taken
/// against): the main list's period and ratings, and the others'.
pub struct ListRatings {
    pub period: ValidPeriod,
    pub ratings: Ratings,
    pub others: Vec<OtherRatings>,
}

/// What each list's change is taken against: the main list's baseline,
/// and each other list's by its name (a list without one: the player file).
#[derive(Debug, Clone, Default)]
pub struct Baselines {
    pub main: Baseline,
    pub others: std::collections::HashMap<String, Baseline>,
}

impl Baselines {
    /// The baseline of `list` (`None`: the main list).
    pub fn of(&self, list: Option<&str>) -> &Baseline {
        static PLAYER_FILE: Baseline = Baseline::PlayerFile;
        match list {
            None => &self.main,
            Some(name) => self.others.get(name).unwrap_or(&PLAYER_FILE),
        }
    }
}

impl ListRatings {
    /// Each list's [`Rated`], its change taken against its baseline.
    pub fn rated(self, baselines: &Baselines) -> RatedLists {
        let main = Rated::new(self.period, self.ratings, baselines.of(None));
        let others = self
            .others
            .into_iter()
            .map(|o| {
                let rated = Rated::new(o.period, o.ratings, baselines.of(Some(&o.name)));
                RatedList { name: o.name, rated }
            })
            .collect();
        RatedLists { main, others }
    }
}

/// Rates `period` on each of its lists, side by side; a folder that keeps
/// one list is rated under `system` (its configured rule set, or the one a
/// comparison asks for).
pub fn rate_each_list(mut period: ValidPeriod, system: &'static dyn RatingSystem) -> ListRatings {
    let Some(main) = period.config.main_list() else {
        let ratings = crate::rate::rate_period(system, &period);
        return ListRatings { period, ratings, others: Vec::new() };
    };
    // Each other list's period is its view of the file (with the players
    // it starts from another list, as they stood); then the main list's
    // keeps the file itself (every list's columns, carried).
    let config = &period.config;
    let mut periods: Vec<(usize, ValidPeriod, Started)> = (0..config.rating_lists.len())
        .filter(|&k| k != main)
        .map(|k| {
            let which = place(config, k);
            let view = period.players.list_view(which, start_from(config, k));
            let stood = |p: usize| period.players.state(p, which).map(|state| (p, state));
            let started = view.started.iter().filter_map(|&p| stood(p)).collect();
            (k, for_list(&period, k, view.file), started)
        })
        .collect();
    let players = std::mem::take(&mut period.players);
    periods.push((main, for_list(&period, main, players), Vec::new()));
    let mut rated: Vec<(usize, ValidPeriod, Ratings)> = periods
        .into_par_iter()
        .map(|(k, list_period, started)| {
            let mut ratings = crate::rate::rate_period(rules_of(&period.config, k), &list_period);
            unstart_idle(&mut ratings, started);
            (k, list_period, ratings)
        })
        .collect();
    // Removed only when every list removes him.
    let kept: Vec<bool> =
        (0..rated[0].2.removed.len()).map(|p| rated.iter().any(|(_, _, ratings)| !ratings.removed[p])).collect();
    for (_, _, ratings) in &mut rated {
        for (removed, kept) in ratings.removed.iter_mut().zip(&kept) {
            *removed = !kept;
        }
    }
    let at = rated.iter().position(|(k, ..)| *k == main).expect("the main list is one of the lists");
    let (_, mut main_period, mut main_ratings) = rated.remove(at);
    carry_other_lists(&mut main_period, &mut main_ratings, &mut rated, &period.config);
    let others = rated
        .into_iter()
        .map(|(k, period_k, ratings)| OtherRatings {
            name: period.config.rating_lists[k].name.clone(),
            period: period_k,
            ratings,
        })
        .collect();
    ListRatings { period: main_period, ratings: main_ratings, others }
}

/// The main list's view of a period that keeps several lists (the other
/// lists' events shown, not rated): what a comparison under another rule
/// set rates. A folder that keeps one list is its own.
pub fn main_view(mut period: ValidPeriod) -> ValidPeriod {
    match period.config.main_list() {
        Some(main) => {
            let players = std::mem::take(&mut period.players);
            for_list(&period, main, players)
        }
        None => period,
    }
}

/// The players a list's view started from another list: each one's
/// position and the state he had on the list.
type Started = Vec<(usize, ListState)>;

/// A player started on a list from his rating on another (FIDE's 7.2.1)
/// takes that rating onto the list only by playing there: one who played
/// no game on it this period keeps the state he had on it (`started`: his
/// position and that state).
fn unstart_idle(ratings: &mut Ratings, started: Started) {
    if started.is_empty() {
        return;
    }
    let games = ratings.games_this_period();
    for (p, stood) in started {
        if games[p] == 0 {
            let new = &mut ratings.players[p];
            (new.rating, new.status, new.games, new.score, new.opp_avg, new.last_played) =
                (stood.rating, stood.status, stood.games, stood.score, stood.opp_avg, stood.last_played);
            new.extra = stood.extra;
        }
    }
}

/// Puts each other list's new states into the main list's new player file
/// (`ratings.players`, which the next player file is written from) and its
/// own columns into the main period's file, under the list's name.
fn carry_other_lists(
    main_period: &mut ValidPeriod,
    main_ratings: &mut Ratings,
    others: &mut [(usize, ValidPeriod, Ratings)],
    config: &crate::config::PeriodConfig,
) {
    let mut file = PlayerFile {
        players: std::mem::take(&mut main_ratings.players),
        extra_columns: Vec::new(),
        origin: None,
        lists: std::mem::take(&mut main_period.players.lists),
    };
    for (k, list_period, ratings) in others.iter_mut() {
        let extra_columns = ratings.extra_columns.clone().unwrap_or_else(|| list_period.players.extra_columns.clone());
        // (The list's players lent to the file for the time it reads them.)
        let players = std::mem::take(&mut ratings.players);
        let new = PlayerFile { players, extra_columns, origin: None, lists: Vec::new() };
        file.set_list(place(config, *k), &new).expect("every list's view holds the file's players in its order");
        ratings.players = new.players;
    }
    main_ratings.players = file.players;
    main_period.players.lists = file.lists;
}
