//! The published lists, derived with polars from the period's ratings: Top
//! Players, Top Under N, Top Females, Top Improvers and every state's active
//! players, plus the per-player and per-event aggregates they show. The
//! booklet and ratings.xlsx both print these same rows, so they agree.

use chrono::NaiveDate;
use polars::prelude::*;

use super::booklet_data::{ListKind, RankedList, RankedRow, StateRow, StateSection};
use crate::model::dates::age_at;
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
    pub games: u32,
    pub age: Option<u32>,
    pub increase: Option<i64>,
    pub state: String,
    pub name: String,
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

/// The player table the lists are cut from, one row per player.
fn players_frame(period: &ValidPeriod, ratings: &Ratings, system: &dyn RatingSystem) -> PolarsResult<DataFrame> {
    let start = &period.players.players;
    let end = &ratings.players;
    let config = &period.config;
    let n = start.len();
    let mut pos = Vec::with_capacity(n);
    let mut id = Vec::with_capacity(n);
    let mut surname = Vec::with_capacity(n);
    let mut first = Vec::with_capacity(n);
    let mut name = Vec::with_capacity(n);
    let mut female = Vec::with_capacity(n);
    let mut state = Vec::with_capacity(n);
    let mut age: Vec<Option<u32>> = Vec::with_capacity(n);
    let mut confirmed_start = Vec::with_capacity(n);
    let mut confirmed_end = Vec::with_capacity(n);
    let mut listed = Vec::with_capacity(n);
    let mut active = Vec::with_capacity(n);
    let mut printed = Vec::with_capacity(n);
    let mut value: Vec<Option<f64>> = Vec::with_capacity(n);
    let mut new_int: Vec<Option<i64>> = Vec::with_capacity(n);
    let mut old_int: Vec<Option<i64>> = Vec::with_capacity(n);
    for i in 0..n {
        let (s, e) = (&start[i], &end[i]);
        pos.push(i as u32);
        id.push(e.id);
        surname.push(e.surname.to_lowercase());
        first.push(e.first_names.to_lowercase());
        name.push(e.display_name());
        female.push(e.gender == Some(Gender::Female));
        state.push(e.state.clone().unwrap_or_default());
        age.push(e.birth_date.map(|b| age_at(b, config.age_date)));
        confirmed_start.push(s.status == Status::Confirmed && s.rating.is_some());
        confirmed_end.push(e.status == Status::Confirmed && e.rating.is_some());
        listed.push(e.status != Status::New && !ratings.removed[i]);
        active.push(e.last_played.is_some_and(|d| d >= config.active_since));
        printed.push(system.printed(e));
        let published = e.rating.filter(|_| e.status.is_rated());
        value.push(published);
        new_int.push(published.map(round_half_up));
        old_int.push(s.rating.filter(|_| s.status == Status::Confirmed).map(round_half_up));
    }
    DataFrame::new_infer_height(vec![
        Column::new("pos".into(), pos),
        Column::new("id".into(), id),
        Column::new("surname_key".into(), surname),
        Column::new("first_key".into(), first),
        Column::new("name".into(), name),
        Column::new("female".into(), female),
        Column::new("state".into(), state),
        Column::new("age".into(), age),
        Column::new("confirmed_start".into(), confirmed_start),
        Column::new("confirmed_end".into(), confirmed_end),
        Column::new("listed".into(), listed),
        Column::new("active".into(), active),
        Column::new("printed".into(), printed),
        Column::new("value".into(), value),
        Column::new("new_int".into(), new_int),
        Column::new("old_int".into(), old_int),
    ])
}

/// Games counted per player this period: the Calculations rows summed by player.
fn games_frame(ratings: &Ratings) -> PolarsResult<LazyFrame> {
    let ids: Vec<u32> = ratings.calculations.iter().map(|c| c.player_id).collect();
    let games: Vec<u32> = ratings.calculations.iter().map(|c| c.games).collect();
    let df = DataFrame::new_infer_height(vec![Column::new("id".into(), ids), Column::new("games".into(), games)])?;
    Ok(df.lazy().group_by([col("id")]).agg([col("games").sum().alias("games_period")]))
}

/// Builds every list.
pub fn build_lists(period: &ValidPeriod, ratings: &Ratings, system: &dyn RatingSystem) -> PolarsResult<Lists> {
    let config = &period.config;
    let sizes = &config.lists;
    let players = players_frame(period, ratings, system)?
        .lazy()
        .join(games_frame(ratings)?, [col("id")], [col("id")], JoinArgs::new(JoinType::Left))
        .with_column(col("games_period").fill_null(lit(0u32)).cast(DataType::UInt32))
        .with_column((col("new_int") - col("old_int")).alias("increase"))
        .collect()?;
    let by_rating = |lf: LazyFrame| {
        lf.sort_by_exprs(
            [col("new_int"), col("surname_key"), col("first_key"), col("id")],
            SortMultipleOptions::default().with_order_descending_multi([true, false, false, false]),
        )
    };
    let top_pool = players.clone().lazy().filter(col("confirmed_end").and(col("active")));
    let mut ranked = Vec::new();
    let top = by_rating(top_pool.clone()).limit(sizes.top as IdxSize).collect()?;
    ranked.push(table("Top Players", String::new(), "Top Players", ListKind::Top, &top, "new_int")?);
    for &n in &sizes.juniors {
        let df = by_rating(top_pool.clone().filter(col("age").is_not_null().and(col("age").lt(lit(n)))))
            .limit(sizes.junior_size as IdxSize)
            .collect()?;
        let title = format!("Top Under {n}");
        let subtitle = format!("Ages as at {}", long_date(config.age_date));
        ranked.push(table(&title, subtitle, &title, ListKind::Junior, &df, "new_int")?);
    }
    let females = by_rating(top_pool.clone().filter(col("female"))).limit(sizes.females as IdxSize).collect()?;
    ranked.push(table("Top Females", String::new(), "Top Females", ListKind::Top, &females, "new_int")?);
    let improvers = top_pool
        .filter(col("confirmed_start").and(col("increase").gt(lit(0i64))))
        .sort_by_exprs(
            [col("increase"), col("surname_key"), col("first_key"), col("id")],
            SortMultipleOptions::default().with_order_descending_multi([true, false, false, false]),
        )
        .limit(sizes.improvers as IdxSize)
        .collect()?;
    ranked.push(table("Top Improvers", String::new(), "Top Improvers", ListKind::Improvers, &improvers, "increase")?);

    let mut states = Vec::new();
    let mut active_players = 0;
    for (code, state_name) in &config.states {
        let df = players
            .clone()
            .lazy()
            .filter(col("listed").and(col("active")).and(col("state").eq(lit(code.as_str()))))
            .sort_by_exprs([col("surname_key"), col("first_key"), col("id")], SortMultipleOptions::default())
            .collect()?;
        let rows = rows_of(&df, None)?;
        active_players += rows.len() as u32;
        states.push((code.clone(), state_name.clone(), rows));
    }
    let sorted = players.sort(["pos"], SortMultipleOptions::default())?;
    let games_this_period: Vec<u32> = {
        let games = sorted.column("games_period")?.u32()?;
        (0..games.len()).map(|i| games.get(i).unwrap_or(0)).collect()
    };
    Ok(Lists { ranked, states, games_this_period, active_players })
}

fn table(
    title: &str,
    subtitle: String,
    sheet: &str,
    kind: ListKind,
    df: &DataFrame,
    rank_by: &str,
) -> PolarsResult<ListTable> {
    Ok(ListTable {
        title: title.to_string(),
        subtitle,
        sheet: sheet.to_string(),
        kind,
        rows: rows_of(df, Some(rank_by))?,
    })
}

/// Rows of a list frame; with `rank_by`, places are numbered and ties share one.
fn rows_of(df: &DataFrame, rank_by: Option<&str>) -> PolarsResult<Vec<ListRow>> {
    let id = df.column("id")?.u32()?;
    let printed = df.column("printed")?.str()?;
    let value = df.column("value")?.f64()?;
    let games = df.column("games_period")?.u32()?;
    let age = df.column("age")?.u32()?;
    let increase = df.column("increase")?.i64()?;
    let state = df.column("state")?.str()?;
    let name = df.column("name")?.str()?;
    let rank = match rank_by {
        Some(c) => Some(df.column(c)?.i64()?.clone()),
        None => None,
    };
    let mut rows = Vec::with_capacity(df.height());
    let mut previous: Option<i64> = None;
    for i in 0..df.height() {
        let place = rank.as_ref().and_then(|r| {
            let v = r.get(i);
            let shared = i > 0 && v == previous;
            previous = v;
            (!shared).then_some(i as u32 + 1)
        });
        rows.push(ListRow {
            place,
            id: id.get(i).unwrap_or(0),
            rating: printed.get(i).unwrap_or("").to_string(),
            value: value.get(i),
            games: games.get(i).unwrap_or(0),
            age: age.get(i),
            increase: increase.get(i),
            state: state.get(i).unwrap_or("").to_string(),
            name: name.get(i).unwrap_or("").to_string(),
        });
    }
    Ok(rows)
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
                        name: r.name.clone(),
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
                        name: r.name.clone(),
                        value: r.value,
                    })
                    .collect(),
            })
            .collect()
    }
}
