//! The period's players as the statistics count them, from the rated
//! period: who is listed, who is in the rated pool, ages at the age date,
//! and the rating as printed, as a number.

use crate::model::dates::age_at;
use crate::model::{Gender, Status};
use crate::rate::{RatingSystem, Ratings};
use crate::validate::{Disposition, ValidPeriod};

use super::{PeriodCounts, PlayerFacts, ThisPeriod};

/// The number a printed rating starts with (`1572` of `1572`, `1111` of
/// `1111p`, `153.5` of `153.5`), as SQLite's `CAST(printed AS REAL)` reads
/// it; `None` when it starts with none (`Unr`).
pub fn leading_number(printed: &str) -> Option<f64> {
    let t = printed.trim_start();
    let mut end = 0;
    let mut seen_point = false;
    for (i, c) in t.char_indices() {
        match c {
            '0'..='9' => end = i + 1,
            '-' | '+' if i == 0 => {}
            '.' if !seen_point => seen_point = true,
            _ => break,
        }
    }
    t[..end].parse().ok()
}

impl ThisPeriod {
    /// The rated period's players, by ID.
    pub fn of_rated(period: &ValidPeriod, ratings: &Ratings, system: &dyn RatingSystem) -> ThisPeriod {
        let config = &period.config;
        let players = period
            .players
            .players
            .iter()
            .zip(&ratings.players)
            .zip(&ratings.removed)
            .map(|((before, after), &removed)| {
                let published = |p: &crate::model::Player| p.rating.filter(|_| p.status.is_rated());
                let active = after.last_played.is_some_and(|d| d >= config.active_since);
                // A removed player is recorded as removed: no rating, no change.
                let rated = after.status.is_rated() && !removed;
                let rating = if rated { leading_number(&system.printed(after)) } else { None };
                PlayerFacts {
                    id: after.id,
                    name: after.display_name(),
                    state: after.state.clone(),
                    female: after.gender == Some(Gender::Female),
                    age: after.birth_date.map(|b| age_at(b, config.age_date)),
                    rating,
                    // As the lists print it: the printed rating's change.
                    change: published(before)
                        .zip(published(after))
                        .filter(|_| rated)
                        .map(|(b, a)| crate::rate::common::printed_change(b, a)),
                    listed: after.status != Status::New && !removed && active,
                    pooled: after.status == Status::Confirmed && after.rating.is_some() && active,
                    removed,
                }
            })
            .collect::<Vec<PlayerFacts>>();
        // By ID, as the record holds them: the same period read from either gives the same tables.
        let mut players = players;
        players.sort_by_key(|p| p.id);
        ThisPeriod { name: config.period.clone(), players, counts: counts(period) }
    }
}

/// Events by what happened to them, and the games rated.
fn counts(period: &ValidPeriod) -> PeriodCounts {
    let mut counts = PeriodCounts::default();
    for e in &period.events {
        match e.disposition {
            Disposition::Rated | Disposition::Late => {
                counts.events_rated += 1;
                counts.games_rated +=
                    e.games.iter().filter(|g| g.outcome.is_played() && g.black.is_some()).count() as u64;
            }
            Disposition::Deferred => counts.events_deferred += 1,
            _ => counts.events_not_rated += 1,
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::leading_number;

    #[test]
    fn a_printed_rating_reads_as_its_leading_number() {
        assert_eq!(leading_number("1572"), Some(1572.0));
        assert_eq!(leading_number("1111p"), Some(1111.0));
        assert_eq!(leading_number("153.5"), Some(153.5));
        assert_eq!(leading_number("2R"), Some(2.0));
        assert_eq!(leading_number("Unr"), None);
        assert_eq!(leading_number(""), None);
    }
}
