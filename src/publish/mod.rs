//! Publishing: the lists (polars), the workbooks (rust_xlsxwriter), the
//! booklet (typst) and the validation report. Publishing never computes
//! ratings; it writes every file into a temporary folder beside the output
//! folder and moves them into place only when all succeeded.

pub mod booklet;
pub mod booklet_data;
pub mod lists;
pub mod staging;
pub mod validation_report;
pub mod workbook;

use crate::model::PlayerFile;
use crate::rate::{RatingSystem, Ratings};
use crate::validate::ValidPeriod;
use booklet_data::{BookletData, EventLine, StateEvents, Totals};
use lists::{long_date, Lists};
pub use staging::Staging;

/// The new player file and the players the maintenance rule removes.
pub fn split_player_file(period: &ValidPeriod, ratings: &Ratings) -> (PlayerFile, PlayerFile) {
    let mut kept = PlayerFile { players: Vec::new(), extra_columns: period.players.extra_columns.clone() };
    let mut removed = kept.clone();
    for (p, gone) in ratings.players.iter().zip(&ratings.removed) {
        if *gone {
            removed.players.push(p.clone());
        } else {
            kept.players.push(p.clone());
        }
    }
    (kept, removed)
}

/// What the booklet shows, from the same lists as ratings.xlsx.
pub fn booklet_data(period: &ValidPeriod, ratings: &Ratings, lists: &Lists, system: &dyn RatingSystem) -> BookletData {
    let c = &period.config;
    let line = |e: &crate::validate::Event| EventLine {
        code: e.code.clone(),
        name: e.name.clone(),
        state: e.state.clone(),
        note: e.disposition.note(),
    };
    let events_rated = c
        .states
        .iter()
        .map(|(code, name)| StateEvents {
            code: code.clone(),
            name: name.clone(),
            events: period.events.iter().filter(|e| e.disposition.is_rated() && &e.state == code).map(line).collect(),
        })
        .collect();
    let events_not_rated = period.events.iter().filter(|e| !e.disposition.is_rated()).map(line).collect();
    let rated_events = period.events.iter().filter(|e| e.disposition.is_rated()).count() as u32;
    let games_rated = lists.games_this_period.iter().map(|&g| g as u64).sum::<u64>() / 2;
    let _ = ratings;
    BookletData {
        federation: c.federation.clone(),
        period: c.period.clone(),
        published: c.published.to_string(),
        published_long: long_date(c.published),
        active_since_long: long_date(c.active_since),
        age_date_long: long_date(c.age_date),
        system: system.id().to_string(),
        lists: lists.booklet_lists(),
        states: lists.booklet_states(),
        events_rated,
        events_not_rated,
        tables: system.tables(),
        totals: Totals { active_players: lists.active_players, rated_events, games_rated: games_rated as u32 },
    }
}
