//! What FIDE's Rapid and Blitz Rating Regulations (Handbook B.02, approved
//! by the FIDE Council on 15 December 2023, applied from 1 March 2024, with
//! 7.3.1's amendment of 1 December 2024) change when `fide` rates a list
//! that takes rapid or blitz play. Everything else is word for word the
//! standard regulations' (K, its 700 cap, the tables, the 400-point rule,
//! the first rating, the 1400 floor): the same code rates both.
//!
//! - 1.1: a rapid game has more than 10 and less than 60 minutes each for
//!   60 moves, a blitz game more than 3 minutes and at most 10.
//! - 3.1: at most 15 rapid rounds a day, 30 blitz rounds.
//! - 7.2.1: an unrated player with a standard rating is rated from it, as a
//!   rated player (the list's `start_from`, [`Fide`](super::Fide)'s default).
//! - 7.3.1 (from 1 December 2024): a game between players 600 points apart
//!   or more is not rated when either is rated above 2600.

use chrono::NaiveDate;

use super::round_half_away;
use crate::model::rate_of_play::{RateBoundaries, RateOfPlay};
use crate::model::time_control::TimeControl;

/// A rating difference at which (or over which) 7.3.1 leaves a game unrated …
pub const EXCLUDED_DIFFERENCE: i64 = 600;
/// … when either player is rated above this.
pub const EXCLUDED_ABOVE: f64 = 2600.0;
/// A blitz game has more than this many seconds each for 60 moves (1.1.2).
pub const BLITZ_MORE_THAN: u64 = 3 * 60;
/// The most rounds a day (3.1): rapid, blitz.
pub const RAPID_ROUNDS_A_DAY: u32 = 15;
pub const BLITZ_ROUNDS_A_DAY: u32 = 30;

/// 7.3.1: whether a game between published ratings `own` and `opponent`
/// is left unrated on a rapid or blitz list.
pub fn excluded(own: f64, opponent: f64) -> bool {
    round_half_away(own - opponent).abs() >= EXCLUDED_DIFFERENCE && own.max(opponent) > EXCLUDED_ABOVE
}

/// Why FIDE does not rate a game of this time control at `play`, if it
/// does not: standard at least 60 minutes each for 60 moves (B.02 1.1's
/// least), rapid more than 10 and less than 60, blitz more than 3 and at
/// most 10 (Rapid and Blitz 1.1).
pub fn time_control(play: RateOfPlay, tc: &TimeControl) -> Result<(), String> {
    let seconds = tc.seconds_for(crate::model::rate_of_play::MOVES);
    let fide = RateBoundaries::FIDE;
    match play {
        RateOfPlay::Standard if fide.rate_of_seconds(seconds) != RateOfPlay::Standard => {
            Err("FIDE rates standard play with at least 60 minutes each for 60 moves".to_string())
        }
        RateOfPlay::Rapid if fide.rate_of_seconds(seconds) != RateOfPlay::Rapid => Err(
            "FIDE rates rapid play with more than 10 and less than 60 minutes each for 60 moves (Rapid and Blitz Rating Regulations 1.1.1)"
                .to_string(),
        ),
        RateOfPlay::Blitz if fide.rate_of_seconds(seconds) != RateOfPlay::Blitz || seconds <= BLITZ_MORE_THAN => Err(
            "FIDE rates blitz play with more than 3 and at most 10 minutes each for 60 moves (Rapid and Blitz Rating Regulations 1.1.2)"
                .to_string(),
        ),
        _ => Ok(()),
    }
}

/// Why FIDE does not rate an event of `rounds` rounds from `start` to
/// `end` at `play`, if it does not: more rounds than 3.1 allows a day on
/// every day of it (how the rounds fell on the days the report does not
/// say, so an event is refused only when the days cannot have held them).
pub fn rounds_a_day(play: RateOfPlay, rounds: u32, start: NaiveDate, end: NaiveDate) -> Result<(), String> {
    let most = match play {
        RateOfPlay::Standard => return Ok(()),
        RateOfPlay::Rapid => RAPID_ROUNDS_A_DAY,
        RateOfPlay::Blitz => BLITZ_ROUNDS_A_DAY,
    };
    let days = ((end - start).num_days() + 1).max(1) as u32;
    if rounds > most * days {
        Err(format!(
            "{rounds} rounds in {days} day{}: FIDE rates at most {most} {play} rounds a day (Rapid and Blitz Rating Regulations 3.1)",
            if days == 1 { "" } else { "s" }
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        TimeControl::parse(text).unwrap()
    }

    #[test]
    fn each_rate_of_play_at_its_bounds() {
        use RateOfPlay::*;
        assert!(time_control(Standard, &tc("40/7200:1800")).is_ok());
        assert!(time_control(Standard, &tc("3540+1")).is_ok(), "59 + 1 is 60 minutes");
        assert!(time_control(Standard, &tc("3599")).is_err());
        assert!(time_control(Rapid, &tc("3599")).is_ok());
        assert!(time_control(Rapid, &tc("900+10")).is_ok(), "15 + 10: 25 minutes");
        assert!(time_control(Rapid, &tc("1500+10")).is_ok(), "25 + 10: 35 minutes");
        assert!(time_control(Rapid, &tc("601")).is_ok());
        assert!(time_control(Rapid, &tc("600")).is_err(), "10 minutes is blitz");
        assert!(time_control(Rapid, &tc("3600")).unwrap_err().contains("less than 60 minutes"));
        assert!(time_control(Blitz, &tc("600")).is_ok());
        assert!(time_control(Blitz, &tc("180+2")).is_ok(), "3 + 2: 5 minutes");
        assert!(time_control(Blitz, &tc("300+3")).is_ok(), "5 + 3: 8 minutes");
        assert!(time_control(Blitz, &tc("181")).is_ok());
        assert!(time_control(Blitz, &tc("180")).unwrap_err().contains("more than 3"), "3 minutes: bullet");
        assert!(time_control(Blitz, &tc("120+1")).is_err(), "2 + 1: 3 minutes");
        assert!(time_control(Blitz, &tc("601")).is_err());
    }

    #[test]
    fn rounds_a_day_as_the_days_allow() {
        let day = NaiveDate::from_ymd_opt(2026, 3, 14).unwrap();
        assert!(rounds_a_day(RateOfPlay::Rapid, 15, day, day).is_ok());
        let err = rounds_a_day(RateOfPlay::Rapid, 16, day, day).unwrap_err();
        assert_eq!(
            err,
            "16 rounds in 1 day: FIDE rates at most 15 rapid rounds a day (Rapid and Blitz Rating Regulations 3.1)"
        );
        assert!(rounds_a_day(RateOfPlay::Rapid, 16, day, day.succ_opt().unwrap()).is_ok());
        assert!(rounds_a_day(RateOfPlay::Blitz, 30, day, day).is_ok());
        assert!(rounds_a_day(RateOfPlay::Blitz, 31, day, day).is_err());
        assert!(rounds_a_day(RateOfPlay::Standard, 40, day, day).is_ok(), "standard: hours of play, not rounds");
    }

    #[test]
    fn games_600_points_apart_with_a_player_over_2600() {
        assert!(excluded(2650.0, 2050.0));
        assert!(excluded(2050.0, 2650.0), "both sides");
        assert!(!excluded(2650.0, 2051.0), "599 apart");
        assert!(!excluded(2600.0, 1900.0), "2600 is not above 2600");
        assert!(excluded(2601.0, 2001.0));
        assert!(!excluded(2400.0, 1700.0), "700 apart, nobody above 2600");
    }
}
