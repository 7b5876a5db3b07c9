//! An event's rate of play (standard, rapid or blitz), read from its parsed
//! time control: a player's time for the first 60 moves, increments counted
//! 60 times and a moves control repeated as PGN intends
//! ([`TimeControl::seconds_for`]). FIDE's definitions are the default
//! (Laws of Chess of 1 January 2023, appendices A.1 and B.1; the Rating
//! Regulations' 1.1): standard at least 60 minutes, rapid more than 10 and
//! less than 60, blitz 10 minutes or less. A rating list may move either
//! boundary ([`RateBoundaries`]); `period.toml`'s `[rating_lists]` says so.

use super::time_control::{minutes, TimeControl};

/// The moves a rate of play is measured over: a player's time for this many.
pub const MOVES: u32 = 60;

/// How fast a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RateOfPlay {
    /// 10 minutes or less for 60 moves (FIDE).
    Blitz,
    /// More than 10 and less than 60 minutes (FIDE).
    Rapid,
    /// At least 60 minutes (FIDE).
    Standard,
}

impl RateOfPlay {
    /// Every rate of play, slowest first (as lists are usually declared).
    pub const ALL: [RateOfPlay; 3] = [RateOfPlay::Standard, RateOfPlay::Rapid, RateOfPlay::Blitz];

    /// The word `period.toml` uses: "standard", "rapid", "blitz".
    pub fn as_str(self) -> &'static str {
        match self {
            RateOfPlay::Standard => "standard",
            RateOfPlay::Rapid => "rapid",
            RateOfPlay::Blitz => "blitz",
        }
    }

    /// The rate of play of this name (ignoring case and surrounding spaces).
    pub fn parse(text: &str) -> Option<RateOfPlay> {
        let text = text.trim();
        RateOfPlay::ALL.into_iter().find(|r| r.as_str().eq_ignore_ascii_case(text))
    }

    /// The next faster rate of play, if any.
    pub fn faster(self) -> Option<RateOfPlay> {
        match self {
            RateOfPlay::Standard => Some(RateOfPlay::Rapid),
            RateOfPlay::Rapid => Some(RateOfPlay::Blitz),
            RateOfPlay::Blitz => None,
        }
    }
}

impl std::fmt::Display for RateOfPlay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where the rates of play meet, in seconds for 60 moves: a time control
/// with less than `rapid_from` is blitz, with less than `standard_from`
/// rapid, otherwise standard. Each boundary belongs to the slower rate
/// above it, so FIDE's "10 minutes or less" is blitz below 601 seconds
/// (times are whole seconds). `rapid_from == standard_from` leaves rapid empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateBoundaries {
    pub rapid_from: u64,
    pub standard_from: u64,
}

impl Default for RateBoundaries {
    fn default() -> Self {
        RateBoundaries::FIDE
    }
}

impl RateBoundaries {
    /// FIDE's: rapid more than 10 minutes, standard from 60 minutes.
    pub const FIDE: RateBoundaries = RateBoundaries { rapid_from: 10 * 60 + 1, standard_from: 60 * 60 };

    /// The rate of play of a time control.
    pub fn rate_of(&self, tc: &TimeControl) -> RateOfPlay {
        self.rate_of_seconds(tc.seconds_for(MOVES))
    }

    /// The rate of play of a player's time for 60 moves, in seconds.
    pub fn rate_of_seconds(&self, seconds: u64) -> RateOfPlay {
        if seconds >= self.standard_from {
            RateOfPlay::Standard
        } else if seconds >= self.rapid_from {
            RateOfPlay::Rapid
        } else {
            RateOfPlay::Blitz
        }
    }

    /// The seconds a rate of play takes: from (inclusive) and below (none: no end).
    pub fn range(&self, rate: RateOfPlay) -> (u64, Option<u64>) {
        match rate {
            RateOfPlay::Blitz => (0, Some(self.rapid_from)),
            RateOfPlay::Rapid => (self.rapid_from, Some(self.standard_from)),
            RateOfPlay::Standard => (self.standard_from, None),
        }
    }

    /// The rate of play in words, as FIDE words its own: "at least 60
    /// minutes", "more than 10 minutes and less than 60 minutes", "10
    /// minutes or less" (each player, for 60 moves).
    pub fn describe(&self, rate: RateOfPlay) -> String {
        let (from, below) = self.range(rate);
        let lower = (from > 0).then(|| lower_words(from));
        let upper = below.map(upper_words);
        match (lower, upper) {
            (Some(l), Some(u)) if below == Some(from) => format!("none ({l} and {u})"),
            (Some(l), Some(u)) => format!("{l} and {u}"),
            (Some(l), None) => l,
            (None, Some(u)) => u,
            (None, None) => "any time".to_string(),
        }
    }
}

/// "at least 60 minutes" for 3600 s, "more than 10 minutes" for 601 s.
pub fn lower_words(from: u64) -> String {
    if from > 0 && (from - 1).is_multiple_of(60) && !from.is_multiple_of(60) {
        format!("more than {}", minutes(from - 1))
    } else {
        format!("at least {}", minutes(from))
    }
}

/// "less than 60 minutes" for 3600 s, "10 minutes or less" for 601 s.
pub fn upper_words(below: u64) -> String {
    if below > 0 && (below - 1).is_multiple_of(60) && !below.is_multiple_of(60) {
        format!("{} or less", minutes(below - 1))
    } else {
        format!("less than {}", minutes(below))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(text: &str) -> RateOfPlay {
        RateBoundaries::FIDE.rate_of(&TimeControl::parse(text).unwrap())
    }

    #[test]
    fn fides_boundaries_are_exact() {
        use RateOfPlay::*;
        // Exactly 10 minutes is blitz ("10 minutes or less"); a second more is rapid.
        assert_eq!(rate("600"), Blitz);
        assert_eq!(rate("601"), Rapid);
        // Exactly 60 minutes is standard ("at least 60"); a second less is rapid.
        assert_eq!(rate("3600"), Standard);
        assert_eq!(rate("3599"), Rapid);
        // The increment counted 60 times: 59 + 1 is 60 minutes, standard;
        // 9 + 1 is 10 minutes, blitz; 3 + 2 is 5 minutes.
        assert_eq!(rate("3540+1"), Standard);
        assert_eq!(rate("540+1"), Blitz);
        assert_eq!(rate("180+2"), Blitz);
        assert_eq!(rate("300+3"), Blitz);
        assert_eq!(rate("900+10"), Rapid);
        assert_eq!(rate("1500+10"), Rapid);
        assert_eq!(rate("2700+10"), Rapid);
        assert_eq!(rate("2400+20"), Standard);
        // Moves controls counted to move 60: 40/7200:1800 is 150 minutes;
        // 40/1500 repeats, 50 minutes for 60 moves; 40/3000:600 exactly 60.
        assert_eq!(rate("40/7200:1800"), Standard);
        assert_eq!(rate("40/1500"), Rapid);
        assert_eq!(rate("40/3000:600"), Standard);
        assert_eq!(rate("40/3000:599"), Rapid);
        assert_eq!(rate("90 min + 30 s"), Standard);
    }

    #[test]
    fn moved_boundaries_and_their_words() {
        let fide = RateBoundaries::FIDE;
        assert_eq!(fide.describe(RateOfPlay::Standard), "at least 60 minutes");
        assert_eq!(fide.describe(RateOfPlay::Rapid), "more than 10 minutes and less than 60 minutes");
        assert_eq!(fide.describe(RateOfPlay::Blitz), "10 minutes or less");
        // Rapid from 15 minutes (at least), standard from 90 minutes.
        let moved = RateBoundaries { rapid_from: 900, standard_from: 5400 };
        assert_eq!(moved.rate_of_seconds(899), RateOfPlay::Blitz);
        assert_eq!(moved.rate_of_seconds(900), RateOfPlay::Rapid);
        assert_eq!(moved.rate_of_seconds(5399), RateOfPlay::Rapid);
        assert_eq!(moved.describe(RateOfPlay::Rapid), "at least 15 minutes and less than 90 minutes");
        assert_eq!(moved.describe(RateOfPlay::Blitz), "less than 15 minutes");
        let empty = RateBoundaries { rapid_from: 3600, standard_from: 3600 };
        assert_eq!(empty.rate_of_seconds(3599), RateOfPlay::Blitz);
        assert!(empty.describe(RateOfPlay::Rapid).starts_with("none"));
    }

    #[test]
    fn names_read_back() {
        for rate in RateOfPlay::ALL {
            assert_eq!(RateOfPlay::parse(&format!(" {} ", rate.as_str().to_uppercase())), Some(rate));
        }
        assert_eq!(RateOfPlay::parse("bullet"), None);
        assert_eq!(RateOfPlay::Standard.faster(), Some(RateOfPlay::Rapid));
        assert!(RateOfPlay::Blitz < RateOfPlay::Rapid && RateOfPlay::Rapid < RateOfPlay::Standard);
    }
}
