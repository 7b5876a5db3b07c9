//! The published lists, derived from the period's ratings: Top
//! Players, Top Under N, Top Females, Top Improvers and every state's active
//! players, plus the per-player and per-event aggregates they show. The
//! booklet and ratings.xlsx both print these same rows, so they agree.
//! Names are in the order of the period's collation (`period.toml`'s
//! `collation`), and a name two listed players share is marked, so that the
//! lists can tell them apart.

use std::cmp::Ordering;
use std::collections::HashMap;

use chrono::NaiveDate;

use super::booklet_data::{ListKind, RankedList, RankedRow, StateRow, StateSection};
use crate::model::dates::age_at;
use crate::model::names::{fold, NameOrder};
use crate::model::{Gender, Status};
use crate::rate::{round_half_up, RatingSystem, Ratings};
use crate::validate::ValidPeriod;

/// One line of a list, with what the officers' workbook adds (the ID).
#[derive(Debug, Clone, PartialEq)]
pub struct ListRow {
    pub place: Option<u32>,
    pub id: u32,
    pub rating: String,
    /// The unrounded rating, when the player has a published one.
    pub value: Option<f64>,
    pub status: Status,
    pub games: u32,
    pub age: Option<u32>,
    pub increase: Option<i64>,
    /// The published rating minus the one before the period (both published).
    pub change: Option<f64>,
    pub state: String,
    pub name: String,
    /// Another listed player has the same name (case and accents aside):
    /// the lists show the ID beside it.
    pub namesake: bool,
}

impl ListRow {
    /// The name as the lists print it: with the ID when a namesake is listed.
    pub fn printed_name(&self) -> String {
        if self.namesake {
            format!("{} ({})", self.name, self.id)
        } else {
            self.name.clone()
        }
    }
}

/// A ranked list or a state's list.
#[derive(Debug, Clone, PartialEq)]
pub struct ListTable {
    pub title: String,
    pub subtitle: String,
    /// The sheet name in ratings.xlsx.
    pub sheet: String,
    pub kind: ListKind,
    pub rows: Vec<ListRow>,
}

/// Every list of the period.
#[derive(Debug, Clone, PartialEq)]
pub struct Lists {
    /// Top Players, Top Under N…, Top Females, Top Improvers.
    pub ranked: Vec<ListTable>,
    /// One per state, in `[states]` order: (code, name, players).
    pub states: Vec<(String, String, Vec<ListRow>)>,
    /// Games that counted this period, by player position.
    pub games_this_period: Vec<u32>,
    /// Active players listed (any status but new), all states.
    pub active_players: u32,
}

/// One player as the lists see him: what they filter on, sort by and print.
struct Entry {
    id: u32,
    /// The collation key of the name (surname, then first names).
    name_key: Vec<u8>,
    name: String,
    namesake: bool,
    female: bool,
    state: String,
    age: Option<u32>,
    confirmed_start: bool,
    confirmed_end: bool,
    listed: bool,
    active: bool,
    printed: String,
    status: Status,
    /// The published rating, unrounded, and rounded as printed.
    value: Option<f64>,
    new_int: Option<i64>,
    /// Printed new rating minus printed old rating (both confirmed).
    increase: Option<i64>,
    /// Published rating minus the one before (both published).
    change: Option<f64>,
    games_period: u32,
}

/// The player table the lists are cut from, one entry per player, in the
/// order of the period's player file.
fn entries(period: &ValidPeriod, ratings: &Ratings, system: &dyn RatingSystem) -> Vec<Entry> {
    let start = &period.players.players;
    let end = &ratings.players;
    let config = &period.config;
    let order = NameOrder::new(&config.collation).expect("period.toml's collation was checked when it was read");
    // Games counted per player this period: the Calculations rows summed by player.
    let mut games: HashMap<u32, u32> = HashMap::new();
    for c in &ratings.calculations {
        *games.entry(c.player_id).or_default() += c.games;
    }
    let mut entries: Vec<Entry> = (0..start.len())
        .map(|i| {
            let (s, e) = (&start[i], &end[i]);
            let published = e.rating.filter(|_| e.status.is_rated());
            let new_int = published.map(round_half_up);
            let change = super::rating_change(Some(s), e);
            Entry {
                id: e.id,
                name_key: order.key(&e.surname, &e.first_names),
                name: e.display_name(),
                namesake: false,
                female: e.gender == Some(Gender::Female),
                state: e.state.clone().unwrap_or_default(),
                age: e.birth_date.map(|b| age_at(b, config.age_date)),
                confirmed_start: s.status == Status::Confirmed && s.rating.is_some(),
                confirmed_end: e.status == Status::Confirmed && e.rating.is_some(),
                listed: e.status != Status::New && !ratings.removed[i],
                active: e.last_played.is_some_and(|d| d >= config.active_since),
                printed: system.printed(e),
                status: e.status,
                value: published,
                new_int,
                // Top Improvers ranks the change of the players confirmed on both lists.
                increase: change
                    .filter(|_| s.status == Status::Confirmed && e.status == Status::Confirmed)
                    .map(|c| c as i64),
                change,
                games_period: games.get(&e.id).copied().unwrap_or(0),
            }
        })
        .collect();
    // Names shared by listed players, case and accents aside.
    let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, (e, p)) in entries.iter().zip(end).enumerate() {
        if e.listed {
            by_name.entry(format!("{}|{}", fold(&p.surname, false), fold(&p.first_names, false))).or_default().push(i);
        }
    }
    for shared in by_name.values().filter(|v| v.len() > 1) {
        for &i in shared {
            entries[i].namesake = true;
        }
    }
    entries
}

/// Surname, then first names, then ID: the order of a state's list and of ties.
fn by_name(a: &Entry, b: &Entry) -> Ordering {
    a.name_key.cmp(&b.name_key).then_with(|| a.id.cmp(&b.id))
}

/// The `size` best of `pool` by `key` (highest first), ties by name.
fn ranked<'a>(
    pool: impl Iterator<Item = &'a Entry>,
    key: impl Fn(&Entry) -> Option<i64>,
    size: usize,
) -> Vec<&'a Entry> {
    let mut rows: Vec<&Entry> = pool.collect();
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then_with(|| by_name(a, b)));
    rows.truncate(size);
    rows
}

/// Builds every list.
pub fn build_lists(period: &ValidPeriod, ratings: &Ratings, system: &dyn RatingSystem) -> Lists {
    let config = &period.config;
    let sizes = &config.lists;
    let players = entries(period, ratings, system);
    let top_pool = || players.iter().filter(|p| p.confirmed_end && p.active);
    let rating = |p: &Entry| p.new_int;
    let mut ranked_lists = Vec::new();
    let top = ranked(top_pool(), rating, sizes.top);
    ranked_lists.push(table("Top Players", String::new(), ListKind::Top, &top, rating));
    // With `[site] birth = "none"` a junior list is chosen by age as ever,
    // but prints no age: its third column is the games, as Top Players'.
    let junior_kind = if config.birth.shown() { ListKind::Junior } else { ListKind::Top };
    for &n in &sizes.juniors {
        let rows = ranked(top_pool().filter(|p| p.age.is_some_and(|a| a < n)), rating, sizes.junior_size);
        let subtitle = format!("Ages as at {}", long_date(config.age_date));
        ranked_lists.push(table(&format!("Top Under {n}"), subtitle, junior_kind, &rows, rating));
    }
    let females = ranked(top_pool().filter(|p| p.female), rating, sizes.females);
    ranked_lists.push(table("Top Females", String::new(), ListKind::Top, &females, rating));
    let increase = |p: &Entry| p.increase;
    let improvers = ranked(
        top_pool().filter(|p| p.confirmed_start && p.increase.is_some_and(|i| i > 0)),
        increase,
        sizes.improvers,
    );
    // Whom it counts, in the rule set's words.
    let words = system.words();
    let whom = format!(
        "Players {} on the last list and on this one{}: the rise in the printed {}",
        words.confirmed,
        words.provisional.map(|p| format!(" ({p} players are not ranked)")).unwrap_or_default(),
        words.rating
    );
    ranked_lists.push(table("Top Improvers", whom, ListKind::Improvers, &improvers, increase));

    let mut states = Vec::new();
    let mut active_players = 0;
    for (code, state_name) in &config.states {
        let mut rows: Vec<&Entry> = players.iter().filter(|p| p.listed && p.active && &p.state == code).collect();
        rows.sort_by(|a, b| by_name(a, b));
        let rows: Vec<ListRow> = rows.into_iter().map(|p| list_row(p, None)).collect();
        active_players += rows.len() as u32;
        states.push((code.clone(), state_name.clone(), rows));
    }
    let games_this_period = players.iter().map(|p| p.games_period).collect();
    Lists { ranked: ranked_lists, states, games_this_period, active_players }
}

fn table(
    title: &str,
    subtitle: String,
    kind: ListKind,
    rows: &[&Entry],
    rank_by: impl Fn(&Entry) -> Option<i64>,
) -> ListTable {
    // Places are numbered; ties share one.
    let mut previous = None;
    let rows = rows
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let value = rank_by(p);
            let shared = i > 0 && value == previous;
            previous = value;
            list_row(p, (!shared).then_some(i as u32 + 1))
        })
        .map(|row| ListRow { age: row.age.filter(|_| kind == ListKind::Junior), ..row })
        .collect();
    ListTable { title: title.to_string(), subtitle, sheet: title.to_string(), kind, rows }
}

fn list_row(p: &Entry, place: Option<u32>) -> ListRow {
    ListRow {
        place,
        id: p.id,
        rating: p.printed.clone(),
        value: p.value,
        status: p.status,
        games: p.games_period,
        age: p.age,
        increase: p.increase,
        change: p.change,
        state: p.state.clone(),
        name: p.name.clone(),
        namesake: p.namesake,
    }
}

/// "1 August 1993".
pub fn long_date(d: NaiveDate) -> String {
    d.format("%-d %B %Y").to_string()
}

impl Lists {
    /// The ranked lists as the booklet prints them.
    pub fn booklet_lists(&self) -> Vec<RankedList> {
        self.ranked
            .iter()
            .map(|t| RankedList {
                title: t.title.clone(),
                subtitle: t.subtitle.clone(),
                kind: t.kind,
                rows: t
                    .rows
                    .iter()
                    .map(|r| RankedRow {
                        place: r.place,
                        rating: r.rating.clone(),
                        games: r.games,
                        age: r.age,
                        increase: r.increase,
                        state: r.state.clone(),
                        name: r.printed_name(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// The state sections as the booklet prints them.
    pub fn booklet_states(&self) -> Vec<StateSection> {
        self.states
            .iter()
            .map(|(code, name, rows)| StateSection {
                code: code.clone(),
                name: name.clone(),
                players: rows
                    .iter()
                    .map(|r| StateRow {
                        rating: r.rating.clone(),
                        games: r.games,
                        name: r.printed_name(),
                        value: r.value,
                    })
                    .collect(),
            })
            .collect()
    }
}
