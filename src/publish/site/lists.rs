//! A player's lists on his page, when the period keeps several rating lists
//! (standard, rapid, blitz): his line on each, side by side, and one
//! history chart for each list beside the main one (the main list's is the
//! page's own chart). A folder of one list shows neither.

use serde::Serialize;

use super::chart::{chart, Chart};
use super::Publication;
use crate::model::lists::list_title;
use crate::rated::player::signed;
use crate::rated::{Rated, RatedPlayer};
use crate::record::query::HistoryPoint;

/// A player's line on one list.
#[derive(Debug, Clone, Serialize)]
pub struct ListLine {
    /// As headings print it: `Rapid`.
    pub list: String,
    /// As the list prints it (`2105`, `1850p`, `Unr`).
    pub rating: String,
    pub status: &'static str,
    /// Since the list before: `+12`, `-3`, or empty.
    pub change: String,
    /// Games counted on the list this period.
    pub games: u32,
}

/// A list's history chart on a player's page.
#[derive(Debug, Clone, Serialize)]
pub struct ListChart {
    /// `Rapid`, and what the chart's elements are named by (`rapid`).
    pub list: String,
    pub id: String,
    pub chart: Chart,
}

/// The lines of the player with this ID on every list (none when the
/// period keeps one), and the charts of the lists beside the main one.
pub fn of_player(input: &Publication, id: u32, p: usize) -> (Vec<ListLine>, Vec<ListChart>) {
    let config = &input.rated.period.config;
    let Some(main) = config.main_list().filter(|_| !input.others.is_empty()) else {
        return (Vec::new(), Vec::new());
    };
    let mut lines = Vec::with_capacity(input.others.len() + 1);
    lines.extend(line(&config.rating_lists[main].name, input.rated, id, p));
    let mut charts = Vec::with_capacity(input.others.len());
    for other in &input.others {
        lines.extend(line(other.name, other.rated, id, p));
        let Some((rated, player)) = on(other.rated, id, p) else { continue };
        let mut history: Vec<HistoryPoint> = other.history.get(&id).cloned().unwrap_or_default();
        history.push(HistoryPoint {
            period: other.rated.period.config.period.clone(),
            rating: player.published_rating(),
            printed: rated.printed.clone(),
        });
        let title = list_title(other.name);
        let rating = format!("{} {}", title.to_lowercase(), other.rated.system().words().rating);
        if let Some(chart) = chart(&rated.name, &history, &rating) {
            charts.push(ListChart { id: super::file_name(other.name), list: title, chart });
        }
    }
    (lines, charts)
}

/// The player with this ID on a list, found at his position in the player
/// file (where every list holds him), else by his ID.
fn on(rated: &Rated, id: u32, p: usize) -> Option<(&RatedPlayer, &crate::model::Player)> {
    let at = match rated.players.get(p) {
        Some(r) if r.id == id => p,
        _ => rated.players.iter().position(|r| r.id == id)?,
    };
    Some((&rated.players[at], rated.ratings.players.get(at)?))
}

/// The player's line on the list `name`.
fn line(name: &str, rated: &Rated, id: u32, p: usize) -> Option<ListLine> {
    let (r, player) = on(rated, id, p)?;
    let words = rated.system().words();
    Some(ListLine {
        list: list_title(name),
        rating: r.printed.clone(),
        status: if r.removed { "removed" } else { words.status(player.status) },
        change: r.change.map(signed).unwrap_or_default(),
        games: r.games,
    })
}
