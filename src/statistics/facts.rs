//! The period's players as the statistics count them: each rated player's
//! fields as [`crate::rated`] worked them out, by ID.

use crate::rated::Rated;

use super::{PlayerFacts, ThisPeriod};

impl ThisPeriod {
    /// The rated period's players, by ID.
    pub fn of_rated(rated: &Rated) -> ThisPeriod {
        let mut players: Vec<PlayerFacts> = rated
            .players
            .iter()
            .map(|p| PlayerFacts {
                id: p.id,
                name: p.name.clone(),
                namesake: p.namesake,
                state: p.state.clone(),
                female: p.female,
                age: p.age,
                rating: p.printed_value.map(|v| v as f64),
                change: p.change,
                listed: p.listed,
                pooled: p.pooled,
                removed: p.removed,
            })
            .collect();
        // By ID, as the record holds them: the same period read from either gives the same tables.
        players.sort_by_key(|p| p.id);
        ThisPeriod {
            name: rated.period.config.period.clone(),
            players,
            counts: rated.counts.clone(),
            system: Some(rated.system().name()),
        }
    }
}
