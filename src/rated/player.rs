//! A rated player worked out once ([`RatedPlayer`]): his printed rating, its
//! change, whether he is active, listed or in the rated pool, his games this
//! period, age, ranks and namesake mark. Every output (the lists, the
//! workbooks, the site, the statistics, the record's lines) reads these
//! fields; none derives them again. The definitions are stated here, each
//! in one function, and pinned by the tests beside them.

use std::collections::HashMap;

use crate::model::dates::age_at;
use crate::model::names::{fold, NameOrder};
use crate::model::{Gender, Player, Status};
use crate::rate::{round_half_up, RatingSystem, Ratings};
use crate::validate::ValidPeriod;

/// One player of the period, as every output shows him (see the module's
/// introduction). In the order of the period's player file.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedPlayer {
    pub id: u32,
    /// "Surname, First names".
    pub name: String,
    /// The collation key of the name (surname, then first names), in the
    /// period's collation.
    pub name_key: Vec<u8>,
    pub state: Option<String>,
    pub female: bool,
    /// Whole years at the period's age date, when the birth date is known.
    pub age: Option<u32>,
    pub status: Status,
    /// The rating as the lists print it (`1572`, `1111p`, `2R`, `Unr`).
    pub printed: String,
    /// The published rating (provisional or confirmed, and not removed),
    /// unrounded.
    pub published: Option<f64>,
    /// The published rating rounded as it is printed: the number every
    /// table counts with.
    pub printed_value: Option<i64>,
    /// The printed rating minus the printed rating before the period, both
    /// published ([`change`]): the baseline is the previous recorded
    /// period's where the record holds one, the player file's otherwise. In
    /// a period that changes the rule set, the change from the period's
    /// games alone: against the new rule set's rating at the start.
    pub change: Option<i64>,
    /// In a period that changes the rule set, what the change did: the
    /// printed rating at the start (the new rule set's) minus the last
    /// list's, both published. Said apart, never counted as a change.
    pub from_switch: Option<i64>,
    /// [`RatedPlayer::change`] of a player confirmed before and after the
    /// period: what Top Improvers ranks.
    pub increase: Option<i64>,
    /// Confirmed with a rating at the start of the period.
    pub confirmed_before: bool,
    /// Played on or after the period's `active_since` ([`is_active`]).
    pub active: bool,
    /// Removed from the player file by the maintenance rule.
    pub removed: bool,
    /// On the list ([`on_list`]): any status but new, not removed.
    pub on_list: bool,
    /// Shown on the state lists, the site's index and counted as listed by
    /// the statistics ([`listed`]): on the list and active.
    pub listed: bool,
    /// In the rated pool ([`pooled`]): Top Players' pool, the statistics'
    /// rated pool.
    pub pooled: bool,
    /// Games that counted for his rating this period.
    pub games: u32,
    /// His rating as his opponents' calculations counted it this period, as
    /// the lists print it ([`RatingSystem::counted_rating`]).
    pub counted: String,
    /// His games in the events rated, as (event, game) places in
    /// [`crate::rated::Rated::events`], in the order they were reported.
    pub played: Vec<(u32, u32)>,
    /// Another player on the list has the same name (case and accents
    /// aside): the lists show the ID beside it.
    pub namesake: bool,
    /// His place by published rating among the listed players (ties share
    /// one), and how many are ranked: nationally and in his state.
    pub national_rank: Option<(usize, usize)>,
    pub state_rank: Option<(usize, usize)>,
    /// The rating's deviation, whole, under a rule set that has one
    /// ([`RatingSystem::deviations`]: Glicko-2's RD).
    pub deviation: Option<i64>,
    /// His row in the player file the period publishes, as the rule set
    /// left it (names, birth date, FIDE ID, total games, the rule set's own
    /// columns): what the downloads, the search and the what-if calculator
    /// read, with the fields above, from this one value.
    pub after: Player,
}

impl RatedPlayer {
    /// The name as the lists print it: with the ID when a namesake is listed.
    pub fn printed_name(&self) -> String {
        printed_name(&self.name, self.id, self.namesake)
    }

    /// What the lists print after the number or instead of it: the rule
    /// set's mark of a provisional rating (`p` of `1111p`, `?`), an unrated
    /// player's whole text (`2R`, `Unr`); empty for a plain number. The
    /// number and its mark, each in a column of its own, are the printed
    /// rating again (ratings.xlsx sorts the one and filters the other).
    pub fn mark(&self) -> &str {
        match self.printed_value {
            Some(v) => self.printed.strip_prefix(v.to_string().as_str()).unwrap_or(&self.printed),
            None => &self.printed,
        }
    }

    /// The state's code, or empty.
    pub fn state_code(&self) -> &str {
        self.state.as_deref().unwrap_or_default()
    }
}

/// What the change is taken against: the ratings of the previous recorded
/// period (by ID; `None` where his line there carries no published
/// rating), or, where the record holds none, the player file the period
/// starts from.
#[derive(Debug, Clone, Default)]
pub enum Baseline {
    #[default]
    PlayerFile,
    Recorded(HashMap<u32, Option<f64>>),
}

/// The change every output prints: the printed rating after minus the
/// printed rating before, when both are published (a rise from 1499.6 to
/// 1500.4 prints 1500 − 1500 = 0, as the lists print the two).
pub fn change(before: Option<f64>, after: Option<f64>) -> Option<i64> {
    Some(round_half_up(after?) - round_half_up(before?))
}

/// Whether a player is active: he played on or after `since` (the
/// period's `active_since`).
pub fn is_active(last_played: Option<chrono::NaiveDate>, since: chrono::NaiveDate) -> bool {
    last_played.is_some_and(|d| d >= since)
}

/// Whether a player is on the list: any status but new, not removed.
pub fn on_list(status: Status, removed: bool) -> bool {
    status != Status::New && !removed
}

/// Whether a player is listed (the state lists, the site's index, the
/// statistics' "Listed"): on the list and active.
pub fn listed(status: Status, removed: bool, active: bool) -> bool {
    on_list(status, removed) && active
}

/// Whether a player is in the rated pool: confirmed with a rating, and
/// active.
pub fn pooled(status: Status, has_rating: bool, active: bool) -> bool {
    status == Status::Confirmed && has_rating && active
}

/// Every player of the rated period, worked out once.
pub fn rated_players(
    period: &ValidPeriod,
    ratings: &Ratings,
    system: &dyn RatingSystem,
    baseline: &Baseline,
) -> Vec<RatedPlayer> {
    let config = &period.config;
    let order = NameOrder::new(&config.collation).expect("period.toml's collation was checked when it was read");
    let games = ratings.games_this_period();
    let deviations = system.deviations(ratings);
    let start = &period.players.players;
    let mut players: Vec<RatedPlayer> = ratings
        .players
        .iter()
        .enumerate()
        .map(|(i, after)| {
            let before = &start[i];
            let removed = ratings.removed[i];
            let active = is_active(after.last_played, config.active_since);
            // A removed player is off the new list: he has no published rating on it.
            let published_after = after.published_rating().filter(|_| !removed);
            let published_before = match (baseline, &period.switched) {
                // At a switch, the new rule set's start: its change is his games'.
                (_, Some(_)) | (Baseline::PlayerFile, None) => before.published_rating(),
                (Baseline::Recorded(previous), None) => previous.get(&after.id).copied().flatten(),
            };
            let change = change(published_before, published_after);
            let from_switch = period.switched.as_ref().and_then(|s| {
                let last = s.before.get(&after.id).copied().flatten();
                self::change(last, before.published_rating())
            });
            let confirmed_before = before.status == Status::Confirmed && before.rating.is_some();
            let on_list = on_list(after.status, removed);
            RatedPlayer {
                id: after.id,
                name: after.display_name(),
                name_key: order.key(&after.surname, &after.first_names),
                state: after.state.clone(),
                female: after.gender == Some(Gender::Female),
                age: after.birth_date.map(|b| age_at(b, config.age_date)),
                status: after.status,
                printed: system.printed(after),
                published: published_after,
                printed_value: published_after.map(round_half_up),
                change,
                from_switch,
                increase: change.filter(|_| before.status == Status::Confirmed && after.status == Status::Confirmed),
                confirmed_before,
                active,
                removed,
                on_list,
                listed: on_list && active,
                pooled: pooled(after.status, after.rating.is_some(), active),
                games: games[i],
                counted: system.counted_rating(period, ratings, i),
                played: Vec::new(),
                namesake: false,
                national_rank: None,
                state_rank: None,
                deviation: deviations.as_ref().and_then(|d| d[i]).map(round_half_up),
                after: after.clone(),
            }
        })
        .collect();
    mark_namesakes(&mut players);
    rank(&mut players);
    players
}

/// Marks the names two players on the list share, case and accents aside.
fn mark_namesakes(players: &mut [RatedPlayer]) {
    let names = players.iter().map(|r| r.on_list.then_some((r.after.surname.as_str(), r.after.first_names.as_str())));
    let shared = namesakes(names.collect());
    for (player, shared) in players.iter_mut().zip(shared) {
        player.namesake = shared;
    }
}

/// A name as the lists print it: with the ID when a namesake is on the list
/// (`Anderson, Stephen (107)`).
pub fn printed_name(name: &str, id: u32, namesake: bool) -> String {
    if namesake {
        format!("{name} ({id})")
    } else {
        name.to_string()
    }
}

/// Which of `names` (surname and first names of a player on the list,
/// `None` for one off it) another player on the list shares, case and
/// accents aside: the namesakes the lists print with their IDs. The
/// statistics of a recorded period mark them so too.
pub fn namesakes(names: Vec<Option<(&str, &str)>>) -> Vec<bool> {
    let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, name) in names.iter().enumerate() {
        if let Some((surname, first_names)) = name {
            by_name.entry(format!("{}|{}", fold(surname, false), fold(first_names, false))).or_default().push(i);
        }
    }
    let mut shared = vec![false; names.len()];
    for group in by_name.values().filter(|v| v.len() > 1) {
        for &i in group {
            shared[i] = true;
        }
    }
    shared
}

/// Places by published rating among the listed players, nationally and in
/// each state: highest first, a place shared by ratings that print alike.
fn rank(players: &mut [RatedPlayer]) {
    let mut national: Vec<(f64, usize)> = Vec::new();
    let mut by_state: HashMap<&str, Vec<(f64, usize)>> = HashMap::new();
    for (i, p) in players.iter().enumerate().filter(|(_, p)| p.listed) {
        if let Some(v) = p.published {
            national.push((v, i));
            by_state.entry(p.state.as_deref().unwrap_or_default()).or_default().push((v, i));
        }
    }
    let mut places = Vec::new();
    for (_, mut here) in by_state {
        places.extend(place(&mut here, players).into_iter().map(|(i, rank)| (i, rank, false)));
    }
    places.extend(place(&mut national, players).into_iter().map(|(i, rank)| (i, rank, true)));
    for (i, rank, national) in places {
        if national {
            players[i].national_rank = Some(rank);
        } else {
            players[i].state_rank = Some(rank);
        }
    }
}

/// (index, (place, of how many)) by value, highest first, then by ID.
fn place(values: &mut [(f64, usize)], players: &[RatedPlayer]) -> Vec<(usize, (usize, usize))> {
    values.sort_by(|a, b| b.0.total_cmp(&a.0).then(players[a.1].id.cmp(&players[b.1].id)));
    let total = values.len();
    let mut shown = 0;
    let mut places = Vec::with_capacity(total);
    for (k, &(v, i)) in values.iter().enumerate() {
        if k == 0 || values[k - 1].0.round() != v.round() {
            shown = k + 1;
        }
        places.push((i, (shown, total)));
    }
    places
}

#[cfg(test)]
#[path = "player_tests.rs"]
mod tests;
