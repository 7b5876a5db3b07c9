//! An event as every output shows it ([`RatedEvent`]), worked out once: its
//! games played over the board with each side's score and result mark, its
//! final table, and the rating changes it brought in the order of that
//! table. The site's event and player pages read these; none derives them
//! again.

use std::collections::HashMap;

use crate::model::Outcome;
use crate::rate::Ratings;
use crate::validate::ValidPeriod;

/// A game played over the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedGame {
    pub round: Option<u32>,
    pub white: u32,
    pub black: u32,
    /// White's score: 1, ½ or 0.
    pub white_score: f64,
}

impl RatedGame {
    /// The score of the player `id` (one of the two).
    pub fn score_of(&self, id: u32) -> f64 {
        if id == self.white {
            self.white_score
        } else {
            1.0 - self.white_score
        }
    }

    /// The other player.
    pub fn opponent_of(&self, id: u32) -> u32 {
        if id == self.white {
            self.black
        } else {
            self.white
        }
    }

    /// The result as a crosstable writes it: `1–0`, `½–½`, `0–1`.
    pub fn result(&self) -> &'static str {
        match self.white_score {
            s if s >= 1.0 => "1–0",
            s if s > 0.0 => "½–½",
            _ => "0–1",
        }
    }
}

/// One side's score as its result mark: `1`, `½`, `0`.
pub fn mark(score: f64) -> &'static str {
    if score >= 1.0 {
        "1"
    } else if score > 0.0 {
        "½"
    } else {
        "0"
    }
}

/// Points as a crosstable prints them, whole points and a half: `4½`,
/// `½`, `3` (the one formatter of a score in points).
pub fn points_text(points: f64) -> String {
    let whole = points.floor();
    match (whole as i64, points - whole >= 0.25) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// A line of an event's final table.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Ties share a place, shown on the first of them.
    pub place: Option<usize>,
    pub id: u32,
    pub points: f64,
}

/// An event of the period (see the module's introduction), aligned with the
/// period's events.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedEvent {
    /// Its games played over the board, in the report's order.
    pub games: Vec<RatedGame>,
    /// Every player of its games, forfeits and byes by points, highest
    /// first, ties sharing a place, then by name.
    pub standings: Vec<Standing>,
    /// Its calculations (places in the ratings' calculations), in the
    /// order of the final table.
    pub changes: Vec<usize>,
}

/// Every event of the period; `name` gives a player's name by ID.
pub fn rated_events(period: &ValidPeriod, ratings: &Ratings, name: &dyn Fn(u32) -> String) -> Vec<RatedEvent> {
    let mut calculations: HashMap<&str, Vec<usize>> = HashMap::new();
    for (k, c) in ratings.calculations.iter().enumerate() {
        calculations.entry(c.event.as_str()).or_default().push(k);
    }
    period
        .events
        .iter()
        .map(|e| {
            let games = e
                .games
                .iter()
                .filter_map(|g| {
                    let (black, white_score) = g.played()?;
                    Some(RatedGame { round: g.round, white: g.white, black, white_score })
                })
                .collect();
            let standings = standings(e, name);
            let place: HashMap<u32, usize> = standings.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
            let mut changes = calculations.remove(e.code.as_str()).unwrap_or_default();
            let player = |k: &usize| ratings.calculations[*k].player_id;
            changes.sort_by_key(|k| (place.get(&player(k)).copied().unwrap_or(usize::MAX), player(k)));
            RatedEvent { games, standings, changes }
        })
        .collect()
}

/// An event's final table from its games, forfeits and byes.
fn standings(event: &crate::validate::Event, name: &dyn Fn(u32) -> String) -> Vec<Standing> {
    let mut points: HashMap<u32, f64> = HashMap::new();
    for g in &event.games {
        let (white, black) = match g.outcome {
            Outcome::Played { white_score } | Outcome::PlayedUnrated { white_score } => {
                (white_score, 1.0 - white_score)
            }
            Outcome::Forfeit { white_points, black_points } => (white_points, black_points),
            Outcome::Bye { points } => (points, 0.0),
        };
        *points.entry(g.white).or_default() += white;
        if let Some(b) = g.black {
            *points.entry(b).or_default() += black;
        }
    }
    let mut table: Vec<(f64, String, u32)> = points.into_iter().map(|(id, p)| (p, name(id), id)).collect();
    table.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut previous = None;
    table
        .into_iter()
        .enumerate()
        .map(|(i, (points, _, id))| {
            let place = (previous != Some(points)).then_some(i + 1);
            previous = Some(points);
            Standing { place, id, points }
        })
        .collect()
}

/// Each player's games in the events rated, as (event, game) places in
/// `events`, by ID.
pub fn games_played(period: &ValidPeriod, events: &[RatedEvent]) -> HashMap<u32, Vec<(u32, u32)>> {
    let mut by: HashMap<u32, Vec<(u32, u32)>> = HashMap::new();
    for (e, event) in events.iter().enumerate().filter(|(e, _)| period.events[*e].disposition.is_rated()) {
        for (g, game) in event.games.iter().enumerate() {
            by.entry(game.white).or_default().push((e as u32, g as u32));
            by.entry(game.black).or_default().push((e as u32, g as u32));
        }
    }
    by
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_has_its_score_and_mark() {
        let g = RatedGame { round: Some(1), white: 1, black: 2, white_score: 0.5 };
        assert_eq!((g.score_of(1), g.score_of(2), g.result()), (0.5, 0.5, "½–½"));
        let g = RatedGame { white_score: 0.0, ..g };
        assert_eq!((mark(g.score_of(1)), mark(g.score_of(2)), g.result(), g.opponent_of(2)), ("0", "1", "0–1", 1));
    }

    #[test]
    fn points_print_their_half_as_a_crosstable_does() {
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(10.5), "10½");
        assert_eq!(points_text(3.0), "3");
        assert_eq!(points_text(0.0), "0");
    }

    #[test]
    fn standings_share_places_on_equal_points() {
        use crate::model::Outcome;
        let game =
            |white, black, outcome| crate::validate::Game { round: Some(1), white, black, outcome, remarks: None };
        let mut event = crate::validate::Event {
            code: "V1".into(),
            name: String::new(),
            state: String::new(),
            start: chrono::NaiveDate::MIN,
            end: chrono::NaiveDate::MIN,
            rounds: 2,
            kind: Default::default(),
            time_control: String::new(),
            rate_of_play: None,
            federation_event: false,
            file: String::new(),
            disposition: crate::validate::Disposition::Rated,
            list: None,
            entrants: 4,
            games: Vec::new(),
        };
        event.games = vec![
            game(1, Some(2), Outcome::Played { white_score: 0.5 }),
            game(3, Some(4), Outcome::Played { white_score: 1.0 }),
            game(1, Some(3), Outcome::Played { white_score: 1.0 }),
            game(2, None, Outcome::Bye { points: 1.0 }),
            game(4, None, Outcome::Bye { points: 0.0 }),
        ];
        let names = |id: u32| ["", "Ames", "Bell", "Cole", "Dunn"][id as usize].to_string();
        let table: Vec<(Option<usize>, String, f64)> =
            standings(&event, &names).into_iter().map(|s| (s.place, names(s.id), s.points)).collect();
        assert_eq!(
            table,
            [
                (Some(1), "Ames".into(), 1.5),
                (None, "Bell".into(), 1.5),
                (Some(3), "Cole".into(), 1.0),
                (Some(4), "Dunn".into(), 0.0),
            ]
        );
    }
}
