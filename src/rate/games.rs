//! The games that may count this period, indexed by player: for each player a
//! contiguous slice of (event, opponent, score), built once in two passes
//! (counts, then fill) so the rating stages allocate nothing per game.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::validate::ValidPeriod;

/// One played game from one player's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRef {
    /// Index into `period.events`.
    pub event: u32,
    /// Index into `period.players.players`.
    pub opponent: u32,
    /// The player's score: 1, ½ or 0.
    pub score: f32,
}

/// Played games of rated events, by player index (compressed rows).
pub struct GameIndex {
    offsets: Vec<u32>,
    games: Vec<GameRef>,
    /// End date of the last rated event in which each player played a game.
    pub last_played: Vec<Option<chrono::NaiveDate>>,
}

impl GameIndex {
    pub fn build(period: &ValidPeriod) -> GameIndex {
        let n = period.players.players.len();
        let position: HashMap<u32, u32> =
            period.players.players.iter().enumerate().map(|(i, p)| (p.id, i as u32)).collect();
        // Every played game of a rated event with its players' positions
        // (looked up once, event by event side by side), in event order.
        let played: Vec<(u32, u32, u32, f64)> = period
            .events
            .par_iter()
            .enumerate()
            .filter(|(_, e)| e.disposition.is_rated())
            .flat_map_iter(|(ei, e)| {
                let position = &position;
                e.games.iter().filter_map(move |g| {
                    let (black, white_score) = g.played()?;
                    Some((ei as u32, position[&g.white], position[&black], white_score))
                })
            })
            .collect();
        let mut counts = vec![0u32; n + 1];
        let mut last_played = vec![None; n];
        for &(ei, w, b, _) in &played {
            let end = period.events[ei as usize].end;
            for p in [w as usize, b as usize] {
                counts[p + 1] += 1;
                if last_played[p].is_none_or(|d| d < end) {
                    last_played[p] = Some(end);
                }
            }
        }
        for i in 1..=n {
            counts[i] += counts[i - 1];
        }
        let offsets = counts;
        let mut fill = offsets.clone();
        let mut games = vec![GameRef { event: 0, opponent: 0, score: 0.0 }; offsets[n] as usize];
        for &(ei, pw, pb, ws) in &played {
            games[fill[pw as usize] as usize] = GameRef { event: ei, opponent: pb, score: ws as f32 };
            fill[pw as usize] += 1;
            games[fill[pb as usize] as usize] = GameRef { event: ei, opponent: pw, score: (1.0 - ws) as f32 };
            fill[pb as usize] += 1;
        }
        GameIndex { offsets, games, last_played }
    }

    /// The player's played games in rated events, in event order.
    pub fn of(&self, player: usize) -> &[GameRef] {
        &self.games[self.offsets[player] as usize..self.offsets[player + 1] as usize]
    }
}
