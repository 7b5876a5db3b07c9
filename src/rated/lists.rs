//! The published lists, derived from the period's ratings: Top
//! Players, Top Under N, Top Over N, Top Females, Top Improvers and every
//! state's active players, plus the per-player and per-event aggregates they
//! show. Each list carries its own headings and figures ([`Figure`]); the
//! booklet, ratings.xlsx and the site print what they are given, so they agree.
//! Names are in the order of the period's collation (`period.toml`'s
//! `collation`), and a name two listed players share is marked, so that the
//! lists can tell them apart.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde::Serialize;

use crate::model::dates::{age_at, long_date};
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
    /// Games that counted this period.
    pub games: u32,
    /// The list's figures after the rating, one per [`ListTable::figures`].
    pub figures: Vec<Option<i64>>,
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

/// A figure a list shows after the rating: its heading and its values are
/// the list's, so that every output prints the same column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Figure {
    /// Games that counted this period.
    Games,
    /// Age in whole years at the age date.
    Age,
    /// Printed new rating minus printed old rating (both confirmed).
    Increase,
    /// The rating's deviation, whole, where the rule set has one (Glicko-2's RD).
    Deviation,
}

impl Figure {
    /// The column's heading, alike in every output.
    pub fn heading(self) -> &'static str {
        match self {
            Figure::Games => "Games",
            Figure::Age => "Age",
            Figure::Increase => "Increase",
            Figure::Deviation => "RD",
        }
    }

    fn of(self, p: &Entry) -> Option<i64> {
        match self {
            Figure::Games => Some(p.games_period as i64),
            Figure::Age => p.age.map(i64::from),
            Figure::Increase => p.increase,
            Figure::Deviation => p.deviation,
        }
    }

    /// The figure as printed: an increase with its sign (`+354`).
    pub fn text(self, value: Option<i64>) -> String {
        match (self, value) {
            (_, None) => String::new(),
            (Figure::Increase, Some(v)) => format!("{v:+}"),
            (_, Some(v)) => v.to_string(),
        }
    }
}

/// A ranked list.
#[derive(Debug, Clone, PartialEq)]
pub struct ListTable {
    pub title: String,
    /// The line under the title: who the list counts.
    pub subtitle: String,
    /// The sheet name in ratings.xlsx.
    pub sheet: String,
    /// What the list shows after the rating, in order.
    pub figures: Vec<Figure>,
    /// The booklet draws the first figure as bars beside the list.
    pub bars: bool,
    pub rows: Vec<ListRow>,
}

/// Every list of the period.
#[derive(Debug, Clone, PartialEq)]
pub struct Lists {
    /// Top Players, Top Under N…, Top Females, Top Improvers.
    pub ranked: Vec<ListTable>,
    /// One per state, in `[states]` order: (code, name, players).
    pub states: Vec<(String, String, Vec<ListRow>)>,
    /// What the state lists show after the rating.
    pub state_figures: Vec<Figure>,
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
    /// The rating's deviation, whole (`RatingSystem::deviations`).
    deviation: Option<i64>,
}

/// The player table the lists are cut from, one entry per player, in the
/// order of the period's player file.
fn entries(period: &ValidPeriod, ratings: &Ratings, system: &dyn RatingSystem) -> Vec<Entry> {
    let start = &period.players.players;
    let end = &ratings.players;
    let config = &period.config;
    let order = NameOrder::new(&config.collation).expect("period.toml's collation was checked when it was read");
    let games = ratings.games_this_period();
    let deviations = system.deviations(ratings);
    let mut entries: Vec<Entry> = (0..start.len())
        .map(|i| {
            let (s, e) = (&start[i], &end[i]);
            let published = e.rating.filter(|_| e.status.is_rated());
            let new_int = published.map(round_half_up);
            let change = crate::rate::rating_change(Some(s), e);
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
                active: crate::rate::is_active(e, config.active_since),
                printed: system.printed(e),
                status: e.status,
                value: published,
                new_int,
                // Top Improvers ranks the change of the players confirmed on both lists.
                increase: change
                    .filter(|_| s.status == Status::Confirmed && e.status == Status::Confirmed)
                    .map(|c| c as i64),
                change,
                games_period: games[i],
                deviation: deviations.as_ref().and_then(|d| d[i]).map(round_half_up),
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

/// The figures of the state lists.
const STATE_FIGURES: [Figure; 1] = [Figure::Games];

/// Builds every list.
pub fn build_lists(period: &ValidPeriod, ratings: &Ratings, system: &dyn RatingSystem) -> Lists {
    let config = &period.config;
    let sizes = &config.lists;
    let players = entries(period, ratings, system);
    let top_pool = || players.iter().filter(|p| p.confirmed_end && p.active);
    let rating = |p: &Entry| p.new_int;
    let words = system.words();
    let active = format!("{} players active since {}", capitalised(words.confirmed), long_date(config.active_since));
    let ages = format!("Ages as at {}", long_date(config.age_date));
    // With `[site] birth = "none"` a list chosen by age prints no age: its
    // figure is the games, as Top Players'.
    let age_figure = if config.birth.shown() { Figure::Age } else { Figure::Games };
    // A rule set with deviations prints each rating's beside it.
    let deviation = system.deviations(ratings).map(|_| Figure::Deviation);
    let ranked_by_rating = |title: String, subtitle: &str, figure: Figure, rows: &[&Entry]| {
        table(title, subtitle, [figure].into_iter().chain(deviation).collect(), rows, rating)
    };
    let mut ranked_lists = Vec::new();
    let top = ranked(top_pool(), rating, sizes.top);
    ranked_lists.push(ranked_by_rating("Top Players".into(), &active, Figure::Games, &top));
    for &n in &sizes.juniors {
        let rows = ranked(top_pool().filter(|p| p.age.is_some_and(|a| a < n)), rating, sizes.junior_size);
        ranked_lists.push(ranked_by_rating(format!("Top Under {n}"), &ages, age_figure, &rows));
    }
    for &n in &sizes.seniors {
        let rows = ranked(top_pool().filter(|p| p.age.is_some_and(|a| a >= n)), rating, sizes.senior_size);
        ranked_lists.push(ranked_by_rating(format!("Top Over {n}"), &ages, age_figure, &rows));
    }
    let females = ranked(top_pool().filter(|p| p.female), rating, sizes.females);
    ranked_lists.push(ranked_by_rating("Top Females".into(), &active, Figure::Games, &females));
    let increase = |p: &Entry| p.increase;
    let improvers = ranked(
        top_pool().filter(|p| p.confirmed_start && p.increase.is_some_and(|i| i > 0)),
        increase,
        sizes.improvers,
    );
    let whom = format!(
        "Players {} on the last list and on this one{}: the rise in the printed {}",
        words.confirmed,
        words.provisional.map(|p| format!(" ({p} players are not ranked)")).unwrap_or_default(),
        words.rating
    );
    let mut improvers = table("Top Improvers".into(), &whom, vec![Figure::Increase], &improvers, increase);
    improvers.bars = true;
    ranked_lists.push(improvers);

    let mut states = Vec::new();
    let mut active_players = 0;
    for (code, state_name) in &config.states {
        let mut rows: Vec<&Entry> = players.iter().filter(|p| p.listed && p.active && &p.state == code).collect();
        rows.sort_by(|a, b| by_name(a, b));
        let rows: Vec<ListRow> = rows.into_iter().map(|p| list_row(p, None, &STATE_FIGURES)).collect();
        active_players += rows.len() as u32;
        states.push((code.clone(), state_name.clone(), rows));
    }
    let games_this_period = players.iter().map(|p| p.games_period).collect();
    Lists { ranked: ranked_lists, states, state_figures: STATE_FIGURES.to_vec(), games_this_period, active_players }
}

fn table(
    title: String,
    subtitle: &str,
    figures: Vec<Figure>,
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
            list_row(p, (!shared).then_some(i as u32 + 1), &figures)
        })
        .collect();
    ListTable { sheet: title.clone(), title, subtitle: subtitle.to_string(), figures, bars: false, rows }
}

fn list_row(p: &Entry, place: Option<u32>, figures: &[Figure]) -> ListRow {
    ListRow {
        place,
        id: p.id,
        rating: p.printed.clone(),
        value: p.value,
        status: p.status,
        games: p.games_period,
        figures: figures.iter().map(|f| f.of(p)).collect(),
        change: p.change,
        state: p.state.clone(),
        name: p.name.clone(),
        namesake: p.namesake,
    }
}

/// "confirmed" → "Confirmed".
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}
