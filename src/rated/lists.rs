//! The published lists, derived from the period's ratings: Top
//! Players, Top Under N, Top Over N, Top Females, Top Improvers and every
//! state's active players, plus the per-player and per-event aggregates they
//! show. Each list carries its own headings and figures ([`Figure`]); the
//! booklet, ratings.xlsx and the site print what they are given, so they agree.
//! Names are in the order of the period's collation (`period.toml`'s
//! `collation`), and a name two listed players share is marked, so that the
//! lists can tell them apart.

use std::cmp::Ordering;

use serde::Serialize;

use super::player::RatedPlayer;
use crate::config::PeriodConfig;
use crate::model::dates::long_date;
use crate::model::Status;
use crate::rate::RatingSystem;

/// One line of a list, with what the officers' workbook adds (the ID).
#[derive(Debug, Clone, PartialEq)]
pub struct ListRow {
    pub place: Option<u32>,
    pub id: u32,
    /// The rating as printed (`1572`, `1111p`, `2R`).
    pub rating: String,
    /// The published rating rounded as it is printed (`1111` of `1111p`).
    pub printed_value: Option<i64>,
    /// What the printed rating adds to that number, or holds instead of one
    /// ([`RatedPlayer::mark`]: `p`, `?`, `2R`, `Unr`).
    pub mark: String,
    /// The unrounded rating, when the player has a published one.
    pub value: Option<f64>,
    pub status: Status,
    /// Games that counted this period.
    pub games: u32,
    /// The list's figures after the rating, one per [`ListTable::figures`].
    pub figures: Vec<Option<i64>>,
    /// The printed rating minus the one before the period (both published).
    pub change: Option<i64>,
    pub state: String,
    pub name: String,
    /// Another listed player has the same name (case and accents aside):
    /// the lists show the ID beside it.
    pub namesake: bool,
}

impl ListRow {
    /// The name as the lists print it: with the ID when a namesake is listed.
    pub fn printed_name(&self) -> String {
        super::player::printed_name(&self.name, self.id, self.namesake)
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

    fn of(self, p: &RatedPlayer) -> Option<i64> {
        match self {
            Figure::Games => Some(p.games as i64),
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
}

/// Surname, then first names, then ID: the order of a state's list and of ties.
fn by_name(a: &RatedPlayer, b: &RatedPlayer) -> Ordering {
    a.name_key.cmp(&b.name_key).then_with(|| a.id.cmp(&b.id))
}

/// The `size` best of `pool` by `key` (highest first), ties by name.
fn ranked<'a>(
    pool: impl Iterator<Item = &'a RatedPlayer>,
    key: impl Fn(&RatedPlayer) -> Option<i64>,
    size: usize,
) -> Vec<&'a RatedPlayer> {
    let mut rows: Vec<&RatedPlayer> = pool.collect();
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then_with(|| by_name(a, b)));
    rows.truncate(size);
    rows
}

/// The figures of the state lists.
const STATE_FIGURES: [Figure; 1] = [Figure::Games];

/// Builds every list from the period's rated players.
pub fn build_lists(config: &PeriodConfig, players: &[RatedPlayer], system: &dyn RatingSystem) -> Lists {
    let sizes = &config.lists;
    let top_pool = || players.iter().filter(|p| p.pooled);
    let rating = |p: &RatedPlayer| p.printed_value;
    let words = system.words();
    let active = format!("{} players active since {}", capitalised(words.confirmed), long_date(config.active_since));
    let ages = format!("Ages as at {}", long_date(config.age_date));
    // With `[site] birth = "none"` a list chosen by age prints no age: its
    // figure is the games, as Top Players'.
    let age_figure = if config.birth.shown() { Figure::Age } else { Figure::Games };
    // A rule set with deviations prints each rating's beside it.
    let deviation = players.iter().any(|p| p.deviation.is_some()).then_some(Figure::Deviation);
    let ranked_by_rating = |title: String, subtitle: &str, figure: Figure, rows: &[&RatedPlayer], size: usize| {
        let subtitle = with_how_many(subtitle, rows.len(), size);
        table(title, &subtitle, [figure].into_iter().chain(deviation).collect(), rows, rating)
    };
    let mut ranked_lists = Vec::new();
    let top = ranked(top_pool(), rating, sizes.top);
    ranked_lists.push(ranked_by_rating("Top Players".into(), &active, Figure::Games, &top, sizes.top));
    for &n in &sizes.juniors {
        let rows = ranked(top_pool().filter(|p| p.age.is_some_and(|a| a < n)), rating, sizes.junior_size);
        ranked_lists.push(ranked_by_rating(format!("Top Under {n}"), &ages, age_figure, &rows, sizes.junior_size));
    }
    for &n in &sizes.seniors {
        let rows = ranked(top_pool().filter(|p| p.age.is_some_and(|a| a >= n)), rating, sizes.senior_size);
        ranked_lists.push(ranked_by_rating(format!("Top Over {n}"), &ages, age_figure, &rows, sizes.senior_size));
    }
    let females = ranked(top_pool().filter(|p| p.female), rating, sizes.females);
    ranked_lists.push(ranked_by_rating("Top Females".into(), &active, Figure::Games, &females, sizes.females));
    let increase = |p: &RatedPlayer| p.increase;
    let improvers = ranked(
        top_pool().filter(|p| p.confirmed_before && p.increase.is_some_and(|i| i > 0)),
        increase,
        sizes.improvers,
    );
    let whom = format!(
        "Players {} on the last list and on this one{}: the rise in the printed {}",
        words.confirmed,
        words.provisional.map(|p| format!(" ({p} players are not ranked)")).unwrap_or_default(),
        words.rating
    );
    // A list the rating system changed with: the rise is from the games alone.
    let whom = match players.iter().any(|p| p.from_switch.is_some()) {
        true => format!(
            "{whom} from the {} the new rules gave at the start of the period (the rating system changed with this list; what the change did is not counted)",
            words.rating
        ),
        false => whom,
    };
    let whom = with_how_many(&whom, improvers.len(), sizes.improvers);
    let mut improvers = table("Top Improvers".into(), &whom, vec![Figure::Increase], &improvers, increase);
    improvers.bars = true;
    ranked_lists.push(improvers);

    let mut states = Vec::new();
    for (code, state_name) in &config.states {
        let mut rows: Vec<&RatedPlayer> = players.iter().filter(|p| p.listed && p.state_code() == code).collect();
        rows.sort_by(|a, b| by_name(a, b));
        let rows: Vec<ListRow> = rows.into_iter().map(|p| list_row(p, None, &STATE_FIGURES)).collect();
        states.push((code.clone(), state_name.clone(), rows));
    }
    Lists { ranked: ranked_lists, states, state_figures: STATE_FIGURES.to_vec() }
}

fn table(
    title: String,
    subtitle: &str,
    figures: Vec<Figure>,
    rows: &[&RatedPlayer],
    rank_by: impl Fn(&RatedPlayer) -> Option<i64>,
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

fn list_row(p: &RatedPlayer, place: Option<u32>, figures: &[Figure]) -> ListRow {
    ListRow {
        place,
        id: p.id,
        rating: p.printed.clone(),
        printed_value: p.printed_value,
        mark: p.mark().to_string(),
        value: p.published,
        status: p.status,
        games: p.games,
        figures: figures.iter().map(|f| f.of(p)).collect(),
        change: p.change,
        state: p.state_code().to_string(),
        name: p.name.clone(),
        namesake: p.namesake,
    }
}

/// A list's subtitle, saying how many qualify when fewer do than the list
/// has room for (a Top Over 80 of 6 lines is not cut short).
fn with_how_many(subtitle: &str, qualifying: usize, size: usize) -> String {
    match qualifying {
        _ if qualifying >= size => subtitle.to_string(),
        0 => format!("{subtitle}; no player qualifies"),
        1 => format!("{subtitle}; only 1 player qualifies"),
        n => format!("{subtitle}; only {n} players qualify"),
    }
}

/// "confirmed" → "Confirmed".
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::with_how_many;

    #[test]
    fn a_list_fewer_qualify_for_than_its_size_says_how_many_do() {
        let ages = "Ages as at 1 January 1996";
        assert_eq!(with_how_many(ages, 20, 20), ages);
        assert_eq!(with_how_many(ages, 6, 20), "Ages as at 1 January 1996; only 6 players qualify");
        assert_eq!(with_how_many(ages, 1, 20), "Ages as at 1 January 1996; only 1 player qualifies");
        assert_eq!(with_how_many(ages, 0, 20), "Ages as at 1 January 1996; no player qualifies");
    }
}
