//! A time control as the reports give it, in PGN TimeControl syntax
//! (`40/7200:1800`, `5400+30`, `3600`), parsed once by validation and kept on
//! the event; each rule set decides which time controls it rates.

/// One control of a PGN `TimeControl` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// `moves/seconds` (optionally `+increment`): so many moves in so many seconds.
    Moves { moves: u32, seconds: u32, increment: u32 },
    /// `seconds` or `seconds+increment`: the rest of the game.
    SuddenDeath { seconds: u32, increment: u32 },
}

/// A parsed PGN TimeControl: controls separated by `:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControl {
    pub controls: Vec<Control>,
}

impl TimeControl {
    /// Parses PGN TimeControl syntax, e.g. `40/7200:1800`, `5400+30`, `3600`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let t = text.trim();
        if t.is_empty() {
            return Err("the time control is empty".into());
        }
        if t == "?" || t == "-" {
            return Err(format!("\"{t}\" (unknown or untimed) cannot be rated"));
        }
        let parts: Vec<&str> = t.split(':').collect();
        let mut controls = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let part = part.trim();
            let number = |s: &str| -> Result<u32, String> {
                s.trim().parse::<u32>().map_err(|_| {
                    format!(
                        "\"{t}\" is not PGN TimeControl syntax (\"{}\" is not a whole number of moves or seconds)",
                        s.trim()
                    )
                })
            };
            let (main, increment) = match part.split_once('+') {
                Some((m, inc)) => (m, number(inc)?),
                None => (part, 0),
            };
            let control = match main.split_once('/') {
                Some((moves, seconds)) => {
                    let moves = number(moves)?;
                    if moves == 0 {
                        return Err(format!("\"{part}\" gives no moves"));
                    }
                    Control::Moves { moves, seconds: number(seconds)?, increment }
                }
                None => {
                    if i + 1 != parts.len() {
                        return Err(format!("\"{part}\" has no number of moves, so it must be the last control"));
                    }
                    Control::SuddenDeath { seconds: number(main)?, increment }
                }
            };
            controls.push(control);
        }
        if let Some(Control::SuddenDeath { seconds: 0, increment: 0 }) = controls.last() {
            return Err(format!("\"{t}\" gives no time"));
        }
        Ok(TimeControl { controls })
    }

    /// Seconds a player has for his first `moves` moves, increments included
    /// (a final moves control repeats, as PGN intends).
    pub fn seconds_for(&self, moves: u32) -> u64 {
        let mut left = moves as u64;
        let mut total = 0u64;
        let mut i = 0;
        while left > 0 {
            let control = self.controls[i.min(self.controls.len() - 1)];
            match control {
                Control::Moves { moves: m, seconds, increment } => {
                    let take = left.min(m as u64);
                    total += seconds as u64 + increment as u64 * take;
                    left -= take;
                }
                Control::SuddenDeath { seconds, increment } => {
                    total += seconds as u64 + increment as u64 * left;
                    left = 0;
                }
            }
            i += 1;
        }
        total
    }
}

/// Minutes as people say them: 7200 s → "120 minutes", 90 s → "1.5 minutes".
pub fn minutes(seconds: u64) -> String {
    if seconds.is_multiple_of(60) {
        format!("{} minutes", seconds / 60)
    } else {
        format!("{:.1} minutes", seconds as f64 / 60.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_pgn_time_controls() {
        assert_eq!(
            TimeControl::parse("40/7200:1800").unwrap().controls,
            vec![
                Control::Moves { moves: 40, seconds: 7200, increment: 0 },
                Control::SuddenDeath { seconds: 1800, increment: 0 }
            ]
        );
        assert_eq!(
            TimeControl::parse("5400+30").unwrap().controls,
            vec![Control::SuddenDeath { seconds: 5400, increment: 30 }]
        );
        assert!(TimeControl::parse("3600").is_ok());
        assert!(TimeControl::parse("40/5400+30:1800+30").is_ok());
        for bad in ["", "?", "-", "90 min", "1800:40/7200", "40/", "0/60", "0"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn seconds_for_counts_increments_and_repeats() {
        assert_eq!(TimeControl::parse("40/7200:1800").unwrap().seconds_for(30), 7200);
        assert_eq!(TimeControl::parse("40/7200:1800").unwrap().seconds_for(60), 9000);
        assert_eq!(TimeControl::parse("1500+10").unwrap().seconds_for(60), 2100);
        assert_eq!(TimeControl::parse("40/7200").unwrap().seconds_for(60), 14400);
    }
}
