//! Each player's record against each opponent over the recorded periods
//! and this one (games, wins, draws, losses, score), as FIDE's profile
//! shows it.

use std::collections::HashMap;

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

/// Every player's meetings, by ID: most games first, then by opponent's ID.
pub type Meetings = HashMap<u32, Vec<Meeting>>;

/// The meetings of rated games given as (white, black, white's points):
/// each game seen from both sides, sorted by (player, opponent), and each
/// run of one pair summed up (a sort is several times quicker than a hash
/// map over the million games of a world-sized period).
pub fn meetings(games: impl Iterator<Item = (u32, u32, f64)>) -> Meetings {
    let mut sides: Vec<(u32, u32, f64)> = Vec::new();
    for (white, black, points) in games {
        sides.push((white, black, points));
        sides.push((black, white, 1.0 - points));
    }
    sides.sort_unstable_by_key(|&(player, opponent, _)| (player, opponent));
    let mut meetings: Meetings = HashMap::new();
    for pair in sides.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
        let (player, opponent) = (pair[0].0, pair[0].1);
        let mut m = Meeting { opponent, games: 0, wins: 0, draws: 0, losses: 0, score: 0.0 };
        for &(_, _, points) in pair {
            m.games += 1;
            m.score += points;
            if points >= 1.0 {
                m.wins += 1;
            } else if points > 0.0 {
                m.draws += 1;
            } else {
                m.losses += 1;
            }
        }
        meetings.entry(player).or_default().push(m);
    }
    for list in meetings.values_mut() {
        // (Already by opponent: a stable sort keeps that order among equals.)
        list.sort_by(|a, b| b.games.cmp(&a.games));
    }
    meetings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_of_a_game_counts_for_its_player() {
        let m = meetings([(1, 2, 1.0), (2, 1, 0.5), (1, 3, 0.0)].into_iter());
        let one = &m[&1];
        assert_eq!(one[0], Meeting { opponent: 2, games: 2, wins: 1, draws: 1, losses: 0, score: 1.5 });
        assert_eq!(one[1], Meeting { opponent: 3, games: 1, wins: 0, draws: 0, losses: 1, score: 0.0 });
        assert_eq!(m[&3][0], Meeting { opponent: 1, games: 1, wins: 1, draws: 0, losses: 0, score: 1.0 });
    }
}
