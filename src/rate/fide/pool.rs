//! An unrated player's games toward a first rating, pooled from period to
//! period in the player file's `Pool` column, one entry a period:
//! `2025-03-14: 3 games, 1.5 points, ratings 5400` (the date of the
//! period's first such game, the games against rated opponents, the score in
//! them and the sum of the opponents' ratings), entries joined by `; `.

use chrono::NaiveDate;

use super::RatedGame;
use crate::rate::common::num;
use crate::validate::ValidPeriod;

/// Most games one period's entry may pool (a player's games against rated
/// opponents in one period: a busy one has a few dozen).
pub const MOST_GAMES: u32 = 1000;

/// The ratings a pooled game's opponent can have had: rated players only,
/// from FIDE's floor to the top of the scale.
pub const OPPONENTS: std::ops::RangeInclusive<f64> = super::FLOOR..=3500.0;

/// One period's games toward a first rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolEntry {
    /// The end of the first event of the period with such a game.
    pub date: NaiveDate,
    pub games: u32,
    pub score: f64,
    /// The opponents' ratings, summed.
    pub ratings: f64,
}

impl PoolEntry {
    /// The entry of this period's games against rated opponents (none without any).
    pub fn of(games: &[RatedGame], period: &ValidPeriod) -> Option<PoolEntry> {
        let first = games.iter().map(|g| period.events[g.event as usize].end).min()?;
        Some(PoolEntry {
            date: first,
            games: games.len() as u32,
            score: games.iter().map(|g| g.score).sum(),
            ratings: games.iter().map(|g| g.rating).sum(),
        })
    }

    /// The entry as the column writes it.
    pub fn text(&self) -> String {
        format!(
            "{}: {} game{}, {} point{}, ratings {}",
            self.date,
            self.games,
            if self.games == 1 { "" } else { "s" },
            num(self.score),
            if self.score == 1.0 { "" } else { "s" },
            num(self.ratings)
        )
    }

    /// The column's text for a pool (empty for none).
    pub fn join(pool: &[PoolEntry]) -> String {
        pool.iter().map(PoolEntry::text).collect::<Vec<_>>().join("; ")
    }

    /// Reads one entry: a date, then the games, the score and the ratings'
    /// sum, in that order (the words between them are not read).
    pub fn parse(text: &str) -> Result<PoolEntry, String> {
        let text = text.trim();
        let wrong = || {
            format!(
                "\"{}\" is not a pooled period: write it as 2025-03-14: 3 games, 1.5 points, ratings 5400",
                crate::diag::clip(text)
            )
        };
        let (date, rest) = text.split_once(':').ok_or_else(wrong)?;
        let date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").map_err(|_| wrong())?;
        let numbers: Vec<f64> =
            rest.split(|c: char| c.is_whitespace() || c == ',').filter_map(|t| t.parse::<f64>().ok()).collect();
        let [games, score, ratings] = numbers[..] else { return Err(wrong()) };
        let valid = games.fract() == 0.0 && games >= 1.0 && (0.0..=games).contains(&score) && ratings >= 0.0;
        if !valid {
            return Err(wrong());
        }
        if games > MOST_GAMES as f64 {
            return Err(format!(
                "\"{}\" pools {games} games in one period: at most {MOST_GAMES}",
                crate::diag::clip(text)
            ));
        }
        let average = ratings / games;
        if !OPPONENTS.contains(&average) {
            return Err(format!(
                "\"{}\": the opponents' ratings average {} a game, outside FIDE's ratings ({} to {}): the sum of the {games} opponents' ratings is wrong",
                crate::diag::clip(text),
                num(average),
                OPPONENTS.start(),
                OPPONENTS.end()
            ));
        }
        Ok(PoolEntry { date, games: games as u32, score, ratings })
    }

    /// Reads the column's text: entries joined by `;`.
    pub fn parse_all(text: &str) -> Result<Vec<PoolEntry>, String> {
        text.split(';').filter(|e| !e.trim().is_empty()).map(PoolEntry::parse).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_as_written() {
        let pool = vec![
            PoolEntry { date: NaiveDate::from_ymd_opt(2025, 3, 14).unwrap(), games: 3, score: 1.5, ratings: 5400.0 },
            PoolEntry { date: NaiveDate::from_ymd_opt(2025, 9, 2).unwrap(), games: 1, score: 1.0, ratings: 1712.0 },
        ];
        let text = PoolEntry::join(&pool);
        assert_eq!(text, "2025-03-14: 3 games, 1.5 points, ratings 5400; 2025-09-02: 1 game, 1 point, ratings 1712");
        assert_eq!(PoolEntry::parse_all(&text).unwrap(), pool);
        assert!(PoolEntry::parse_all("").unwrap().is_empty());
        assert!(PoolEntry::parse("2025-03-14: 3 games").is_err());
        assert!(PoolEntry::parse("2025-03-14: 3 games, 4 points, ratings 5400").is_err(), "more points than games");
        assert!(PoolEntry::parse("March: 3, 1, 5400").is_err());
    }

    #[test]
    fn entries_off_any_scale_are_refused() {
        // The issue's: 2^63 − 1 games panicked summing the pool; absurd
        // ratings gave a first rating of 2200.
        let games = PoolEntry::parse("2025-03-14: 9223372036854775807 games, 1 point, ratings 5400").unwrap_err();
        assert!(games.contains("at most 1000"), "{games}");
        let ratings = PoolEntry::parse("2025-03-14: 3 games, 1.5 points, ratings 9e15").unwrap_err();
        assert!(ratings.contains("outside FIDE's ratings (1400 to 3500)"), "{ratings}");
        let low = PoolEntry::parse("2025-03-14: 3 games, 1.5 points, ratings 30").unwrap_err();
        assert!(low.contains("average 10 a game"), "{low}");
        assert!(PoolEntry::parse("2025-03-14: 1000 games, 500 points, ratings 1800000").is_ok());
    }
}
