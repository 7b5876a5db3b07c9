//! Each player's record against each opponent over the recorded periods
//! and this one (games, wins, draws, losses, score), as FIDE's profile
//! shows it.

use rayon::prelude::*;
use serde::Serialize;

/// One player's games against one opponent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Meeting {
    pub opponent: u32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Points scored: a win 1, a draw ½.
    pub score: f64,
}

/// Every player's meetings, player by player in ID order, in one list (a
/// map of a list per player made 200,000 lists at world size); each
/// player's most games first, then by opponent's ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Meetings {
    /// The players with meetings, in ID order.
    players: Vec<u32>,
    /// Where each player's meetings start in `lines` (and, one more, where the last ends).
    starts: Vec<usize>,
    lines: Vec<Meeting>,
}

impl Meetings {
    /// The meetings of `player`, if he has any.
    pub fn get(&self, player: &u32) -> Option<&[Meeting]> {
        let k = self.players.binary_search(player).ok()?;
        Some(&self.lines[self.starts[k]..self.starts[k + 1]])
    }

    /// Every player met by someone, each once, in ID order.
    pub fn opponents(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self.lines.iter().map(|m| m.opponent).collect();
        ids.par_sort_unstable();
        ids.dedup();
        ids
    }
}

/// A game seen from one side: (player, opponent) in one sort key, and his
/// points in halves.
type Side = (u64, u8);

/// The meetings of rated games given as (white, black, white's points):
/// each game seen from both sides, sorted by (player, opponent), and each
/// run of one pair summed up (a sort is several times quicker than a hash
/// map over the million games of a world-sized period).
pub fn meetings(games: &[(u32, u32, f64)]) -> Meetings {
    let side = |player: u32, opponent: u32, points: f64| -> Side {
        ((u64::from(player) << 32) | u64::from(opponent), (points * 2.0).round().clamp(0.0, 2.0) as u8)
    };
    let mut sides: Vec<Side> = Vec::with_capacity(2 * games.len());
    for &(white, black, points) in games {
        sides.push(side(white, black, points));
        sides.push(side(black, white, 1.0 - points));
    }
    sides.par_sort_unstable_by_key(|&(pair, _)| pair);
    let mut meetings = Meetings::default();
    for pair in sides.chunk_by(|a, b| a.0 == b.0) {
        let (player, opponent) = ((pair[0].0 >> 32) as u32, pair[0].0 as u32);
        if meetings.players.last() != Some(&player) {
            meetings.players.push(player);
            meetings.starts.push(meetings.lines.len());
        }
        let mut m = Meeting { opponent, games: 0, wins: 0, draws: 0, losses: 0, score: 0.0 };
        for &(_, halves) in pair {
            m.games += 1;
            m.score += f64::from(halves) / 2.0;
            match halves {
                2 => m.wins += 1,
                1 => m.draws += 1,
                _ => m.losses += 1,
            }
        }
        meetings.lines.push(m);
    }
    meetings.starts.push(meetings.lines.len());
    for k in 0..meetings.players.len() {
        // (Already by opponent: a stable sort keeps that order among equals.)
        meetings.lines[meetings.starts[k]..meetings.starts[k + 1]].sort_by(|a, b| b.games.cmp(&a.games));
    }
    meetings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_of_a_game_counts_for_its_player() {
        let m = meetings(&[(1, 2, 1.0), (2, 1, 0.5), (1, 3, 0.0)]);
        let one = m.get(&1).unwrap();
        assert_eq!(one[0], Meeting { opponent: 2, games: 2, wins: 1, draws: 1, losses: 0, score: 1.5 });
        assert_eq!(one[1], Meeting { opponent: 3, games: 1, wins: 0, draws: 0, losses: 1, score: 0.0 });
        assert_eq!(m.get(&3).unwrap()[0], Meeting { opponent: 1, games: 1, wins: 1, draws: 0, losses: 0, score: 1.0 });
        assert_eq!(m.get(&4), None);
    }

    #[test]
    fn a_player_meets_his_most_played_opponent_first() {
        let m = meetings(&[(5, 9, 1.0), (5, 7, 0.0), (9, 5, 1.0), (7, 5, 0.5)]);
        let five: Vec<(u32, u32)> = m.get(&5).unwrap().iter().map(|m| (m.opponent, m.games)).collect();
        assert_eq!(five, [(7, 2), (9, 2)]);
        let nine = &m.get(&9).unwrap()[0];
        assert_eq!((nine.wins, nine.losses, nine.score), (1, 1, 1.0));
    }
}
