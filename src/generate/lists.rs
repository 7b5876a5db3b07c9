//! The sample of a federation that keeps rating lists by rate of play
//! (`generate --lists standard,rapid,blitz`): `[rating_lists]` in
//! period.toml, a calendar with about a fifth of its events rapid and a
//! tenth blitz (at the time controls such events are played at), and a
//! player file with each list's columns, many players rated on the rapid
//! and blitz lists near their standard rating. Drawn from a generator of its
//! own, after everything else, so that a folder without lists keeps its bytes.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::events::{EventPlan, Kind};
use super::normal;
use crate::config::{PeriodConfig, RatingList, StartFrom};
use crate::model::lists::{ListColumns, ListState, WhichList};
use crate::model::rate_of_play::{RateBoundaries, RateOfPlay};
use crate::model::{PlayerFile, Status};

/// Added to the seed for this module's generator.
const SEED_OFFSET: u64 = 0x4c49_5354_5321;

/// The share of the calendar at each rate of play beside standard, in percent.
const RAPID_SHARE: usize = 20;
const BLITZ_SHARE: usize = 10;

/// Time controls rapid events are played at: 25 + 10, 15 + 10, 20 + 5, 25,
/// 30 minutes, 15 + 5.
const RAPID: [&str; 6] = ["1500+10", "900+10", "1200+5", "1500", "1800", "900+5"];
/// And blitz events: 3 + 2, 5 + 3, 5, 3 + 2, 5 + 2.
const BLITZ: [&str; 5] = ["180+2", "300+3", "300", "180+2", "300+2"];

/// The share of rated players with a rating on a rapid list and on a blitz list.
const RAPID_RATED: f64 = 0.55;
const BLITZ_RATED: f64 = 0.35;

/// Declares the lists of `play` (standard among them) in `config`, each
/// under the sample's rule set and its settings; the rapid and blitz lists
/// start a newcomer from his standard rating.
pub(super) fn declare(config: &mut PeriodConfig, play: &[RateOfPlay]) {
    let rules = std::mem::take(&mut config.rules);
    config.rating_lists = RateOfPlay::ALL
        .into_iter()
        .filter(|rate| play.contains(rate))
        .map(|rate| {
            let mut list = RatingList::new(rate.as_str(), config.system, &[rate]);
            list.rules = rules.clone();
            if rate != RateOfPlay::Standard {
                list.start_from = Some(StartFrom::List(RateOfPlay::Standard.as_str().to_string()));
            }
            list
        })
        .collect();
    config.play = vec![RateOfPlay::Standard];
    config.rules = rules;
}

/// Gives about a fifth of the events rapid time controls and a tenth blitz
/// ones (of the rates in `play`): the one-day allegros first, blitz among
/// them, then weekenders, club Swisses and junior events; a blitz event is
/// played in one day, in 7 to 11 rounds.
pub(super) fn calendar(plans: &mut [EventPlan], play: &[RateOfPlay], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ SEED_OFFSET);
    let fide = RateBoundaries::FIDE;
    let rate = |plan: &EventPlan| {
        crate::model::time_control::TimeControl::parse(&plan.time_control).map(|tc| fide.rate_of(&tc)).ok()
    };
    let wanted =
        |share: usize, rate: RateOfPlay| if play.contains(&rate) { (plans.len() * share + 50) / 100 } else { 0 };
    let (mut rapid, mut blitz) = (wanted(RAPID_SHARE, RateOfPlay::Rapid), wanted(BLITZ_SHARE, RateOfPlay::Blitz));
    rapid = rapid.saturating_sub(plans.iter().filter(|p| rate(p) == Some(RateOfPlay::Rapid)).count());
    let mut one_day: Vec<usize> = (0..plans.len())
        .filter(|&k| plans[k].kind == Kind::Rapid && rate(&plans[k]) == Some(RateOfPlay::Standard))
        .collect();
    let mut others: Vec<usize> = (0..plans.len())
        .filter(|&k| {
            let p = &plans[k];
            matches!(p.kind, Kind::Weekender | Kind::ClubSwiss | Kind::Junior)
                && !p.handicap
                && !p.fixed_opening
                && rate(p) == Some(RateOfPlay::Standard)
        })
        .collect();
    one_day.shuffle(&mut rng);
    others.shuffle(&mut rng);
    for k in one_day.into_iter().chain(others) {
        let plan = &mut plans[k];
        if blitz > 0 && plan.kind == Kind::Rapid {
            blitz -= 1;
            plan.time_control = BLITZ.choose(&mut rng).copied().unwrap_or("180+2").to_string();
            plan.rounds = rng.random_range(7..=11).min(plan.players.len().saturating_sub(1).max(1) as u32);
            plan.start = plan.end;
            plan.name = renamed(&plan.name, "Blitz");
        } else if rapid > 0 {
            rapid -= 1;
            plan.time_control = RAPID.choose(&mut rng).copied().unwrap_or("1500+10").to_string();
            if plan.kind != Kind::Rapid {
                plan.name = renamed(&plan.name, "Rapid");
            }
        }
    }
}

/// The event's name for its rate of play: an allegro's word replaced, else
/// the rate of play added.
fn renamed(name: &str, rate: &str) -> String {
    for word in ["Allegro", "Rapidplay", "Quickplay"] {
        if name.contains(word) {
            return name.replace(word, rate);
        }
    }
    format!("{name} {rate}")
}

/// Gives the player file (on the sample's scale, with the main list's state)
/// the columns of each list of `config` beside the main one: a share of the
/// rated players rated there near their standard rating, the others new to
/// it; each list's own columns as its rule set starts them (`adopt`).
pub(super) fn player_file(file: &mut PlayerFile, config: &PeriodConfig, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ SEED_OFFSET.rotate_left(17));
    let others = config.other_lists();
    file.lists = others.iter().map(|name| ListColumns::new(name)).collect();
    for p in &mut file.players {
        p.lists = vec![ListState::new(0); others.len()];
    }
    for (k, name) in others.iter().enumerate() {
        let at = config.rating_lists.iter().position(|l| &l.name == name).expect("one of the lists");
        let list = &config.rating_lists[at];
        let rules = crate::rate::rule_set(list.system);
        let provisional = rules.words().provisional.is_some();
        let share = if list.play.contains(&RateOfPlay::Rapid) { RAPID_RATED } else { BLITZ_RATED };
        // The faster the play, the further from the standard rating.
        let spread = if list.play.contains(&RateOfPlay::Rapid) { 80.0 } else { 110.0 };
        for p in &mut file.players {
            let Some(rating) = p.rating.filter(|_| p.status.is_rated()) else { continue };
            if !rng.random_bool(share) {
                continue;
            }
            let state = &mut p.lists[k];
            let games: u32 = rng.random_range(6..=160);
            state.rating = Some((rating + normal(&mut rng, -20.0, spread)).round().max(1.0));
            state.games = games;
            state.status = if games >= 30 || !provisional { Status::Confirmed } else { Status::Provisional };
            state.last_played = p.last_played;
        }
        let view = file.list_view(WhichList::Other(k), None).file;
        let adopted = rules.adopt(view, &config.for_list(at));
        file.set_list(WhichList::Other(k), &adopted).expect("the list's view holds every player");
    }
}
