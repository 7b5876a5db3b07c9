//! A time control as the reports give it, parsed once by validation and kept
//! on the event; each rule set decides which time controls it rates. The
//! reports use PGN TimeControl syntax (`40/7200:1800`, `5400+30`, `3600`,
//! times in seconds); text that is not PGN syntax is read as everyday speech
//! when it can be read only one way (`90 min + 30 s`, `40/90, 30 + 30s`,
//! where a bare time is in minutes and an increment in seconds), and the
//! report then says how it was read.

use crate::diag::{Code, Diagnostic, Location};

/// What a report's time control should look like, in plain words, with
/// examples (the hint of every time-control finding and the template's note).
pub const HINT: &str = "give each player's time in seconds, the way chess software (PGN) writes it: \
5400+30 is 90 minutes plus 30 seconds a move; 40/7200:1800 is 40 moves in 2 hours, then 30 minutes for the rest \
of the game; 3600 is 1 hour for the whole game. Everyday forms are read too: 90 min + 30 s, or 40/90, 30 + 30s \
(40 moves in 90 minutes, then 30 minutes plus 30 seconds a move)";

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
    /// Reads a time control: PGN TimeControl syntax (`40/7200:1800`,
    /// `5400+30`, `3600`), or, when the text is not PGN syntax, an everyday
    /// spelling that can be read only one way (`60 min + 10 sec`,
    /// `40/90, 30 + 30s`). The error says why neither fits.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        match TimeControl::parse_pgn(text) {
            Ok(tc) => Ok(tc),
            Err(why) => match everyday(text) {
                Some(tc) => Ok(tc),
                None if is_pgn_shaped(text) => Err(why),
                None => Err(format!("\"{}\" is not a time control ratebook can read", text.trim())),
            },
        }
    }

    /// Parses PGN TimeControl syntax only, e.g. `40/7200:1800`, `5400+30`, `3600`.
    pub fn parse_pgn(text: &str) -> Result<TimeControl, String> {
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

impl TimeControl {
    /// The time control in PGN syntax: `40/5400:1800+30`.
    pub fn to_pgn(&self) -> String {
        let control = |c: &Control| match *c {
            Control::Moves { moves, seconds, increment: 0 } => format!("{moves}/{seconds}"),
            Control::Moves { moves, seconds, increment } => format!("{moves}/{seconds}+{increment}"),
            Control::SuddenDeath { seconds, increment: 0 } => format!("{seconds}"),
            Control::SuddenDeath { seconds, increment } => format!("{seconds}+{increment}"),
        };
        self.controls.iter().map(control).collect::<Vec<_>>().join(":")
    }

    /// The time control in plain words: "40 moves in 90 minutes, then 30
    /// minutes for the rest of the game, plus 30 seconds a move".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        for (i, c) in self.controls.iter().enumerate() {
            let then = if i == 0 { "" } else { "then " };
            let (text, increment) = match *c {
                Control::Moves { moves, seconds, increment } => {
                    (format!("{then}{moves} moves in {}", span(seconds as u64)), increment)
                }
                Control::SuddenDeath { seconds, increment } => {
                    let rest = if i == 0 { "the game" } else { "the rest of the game" };
                    (format!("{then}{} for {rest}", span(seconds as u64)), increment)
                }
            };
            parts.push(match increment {
                0 => text,
                1 => format!("{text} plus 1 second a move"),
                n => format!("{text} plus {n} seconds a move"),
            });
        }
        if let Some(Control::Moves { moves, .. }) = self.controls.last() {
            parts.push(format!("and so on for every {moves} moves after that"));
        }
        parts.join(", ")
    }

    /// The times of the controls (increments left out), in seconds.
    fn times(&self) -> impl Iterator<Item = u32> + '_ {
        self.controls.iter().map(|c| match *c {
            Control::Moves { seconds, .. } | Control::SuddenDeath { seconds, .. } => seconds,
        })
    }

    /// The same controls with every time read as minutes instead of seconds
    /// (what `40/90` means in everyday speech).
    fn in_minutes(&self) -> TimeControl {
        let controls = self
            .controls
            .iter()
            .map(|c| match *c {
                Control::Moves { moves, seconds, increment } => {
                    Control::Moves { moves, seconds: seconds * 60, increment }
                }
                Control::SuddenDeath { seconds, increment } => {
                    Control::SuddenDeath { seconds: seconds * 60, increment }
                }
            })
            .collect();
        TimeControl { controls }
    }
}

/// Reads a report's time control field (`text`, in cell `at`): the time
/// control, and what the officer should know about how it was read: a note
/// when everyday speech was read (in PGN and in words, so that he can see it
/// was read right), a warning when PGN's seconds look like minutes meant
/// (`40/90:30+30`), an error when the text cannot be read.
pub fn read_field(text: &str, at: &Location, diagnostics: &mut Vec<Diagnostic>) -> Option<TimeControl> {
    let shown = text.trim();
    match TimeControl::parse_pgn(text) {
        Ok(tc) => {
            // Every time at most 3 minutes: as minutes it would be a usual
            // time control, as seconds hardly one anybody rates.
            if tc.times().all(|t| t > 0 && t <= 180) {
                let meant = tc.in_minutes();
                diagnostics.push(
                    Diagnostic::warning(
                        Code::TimeControlRead,
                        at.clone(),
                        format!("time control \"{shown}\" is in seconds: {}", tc.describe()),
                    )
                    .with_hint(format!(
                        "if the times are minutes, write {} ({})",
                        meant.to_pgn(),
                        meant.describe()
                    )),
                );
            }
            Some(tc)
        }
        Err(pgn_error) => match everyday(text) {
            Some(tc) => {
                diagnostics.push(
                    Diagnostic::note(
                        Code::TimeControlRead,
                        at.clone(),
                        format!("time control \"{shown}\" read as {}: {}", tc.to_pgn(), tc.describe()),
                    )
                    .with_hint(format!(
                        "if that is not the event's time control, correct the cell; {} says the same in PGN",
                        tc.to_pgn()
                    )),
                );
                Some(tc)
            }
            None => {
                let why = if is_pgn_shaped(text) {
                    pgn_error
                } else {
                    format!("\"{}\" is not a time control ratebook can read", crate::diag::clip(shown))
                };
                diagnostics.push(
                    Diagnostic::error(Code::BadTimeControl, at.clone(), format!("time control: {why}")).with_hint(HINT),
                );
                None
            }
        },
    }
}

/// Whether the text looks like an attempt at PGN (digits and `/`, `+`, `:`
/// only), so that PGN's own complaint is the one to show.
fn is_pgn_shaped(text: &str) -> bool {
    text.trim().chars().all(|c| c.is_ascii_digit() || matches!(c, '/' | '+' | ':' | ' ' | '?' | '-'))
}

/// A token of an everyday time control.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(f64),
    Word(String),
    Slash,
    Plus,
    /// `,`, `;`, `:` or "then": the next control begins.
    Next,
}

/// Seconds in one of a unit word, if it is one: hours, minutes, seconds.
fn unit(word: &str) -> Option<f64> {
    Some(match word {
        "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
        "m" | "min" | "mins" | "minute" | "minutes" | "'" | "’" | "′" => 60.0,
        "s" | "sec" | "secs" | "second" | "seconds" | "''" | "’’" | "\"" | "″" => 1.0,
        _ => return None,
    })
}

fn tokens(text: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.trim().to_lowercase().chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())) {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            out.push(Token::Number(chars[start..i].iter().collect::<String>().parse().ok()?));
        } else if c.is_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_alphabetic() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            out.push(if word == "then" { Token::Next } else { Token::Word(word) });
        } else {
            i += 1;
            out.push(match c {
                '/' => Token::Slash,
                '+' => Token::Plus,
                ',' | ';' | ':' => Token::Next,
                '\'' | '’' | '′' if chars.get(i) == Some(&c) => {
                    i += 1;
                    Token::Word("''".into())
                }
                '\'' | '’' | '′' | '"' | '″' => Token::Word(c.to_string()),
                _ => return None,
            });
        }
    }
    Some(out)
}

/// Reads an everyday time control, or `None` when it cannot be read one way
/// only. Controls are separated by `,`, `;`, `:` or "then"; each is an
/// optional number of moves (`40/` or `40 moves in`), a time (`90`, `90 min`,
/// `1 h 30 min`; a bare number is minutes), and an optional increment (`+ 30`,
/// `+ 30 s per move`; a bare number is seconds).
fn everyday(text: &str) -> Option<TimeControl> {
    let mut tokens = tokens(text)?;
    // ", then" is one separator.
    tokens.dedup_by(|a, b| *a == Token::Next && *b == Token::Next);
    let segments: Vec<&[Token]> = tokens.split(|t| *t == Token::Next).collect();
    let mut controls = Vec::new();
    for (i, segment) in segments.iter().enumerate() {
        let control = everyday_control(segment)?;
        if matches!(control, Control::SuddenDeath { .. }) && i + 1 != segments.len() {
            return None;
        }
        controls.push(control);
    }
    match controls.last()? {
        Control::SuddenDeath { seconds: 0, increment: 0 } => None,
        _ => Some(TimeControl { controls }),
    }
}

/// Whole seconds of a number of units, if whole.
fn whole_seconds(value: f64, unit: f64) -> Option<u32> {
    let s = value * unit;
    (s >= 0.0 && (s - s.round()).abs() < 1e-6 && s < u32::MAX as f64).then(|| s.round() as u32)
}

fn everyday_control(mut t: &[Token]) -> Option<Control> {
    use Token::*;
    // Moves: "40/" or "40 moves in" (or "40 moves /").
    let mut moves = None;
    match t {
        [Number(n), Slash, rest @ ..] => {
            moves = Some(*n);
            t = rest;
        }
        [Number(n), Word(w), rest @ ..] if w == "moves" || w == "move" => {
            moves = Some(*n);
            t = match rest {
                [Word(w), rest @ ..] if w == "in" => rest,
                [Slash, rest @ ..] => rest,
                _ => return None,
            };
        }
        _ => {}
    }
    let moves = match moves {
        Some(n) if n >= 1.0 && n.fract() == 0.0 && n < 1000.0 => Some(n as u32),
        Some(_) => return None,
        None => None,
    };
    // The time: one bare number (minutes), or numbers each with its unit.
    let plus = t.iter().position(|x| *x == Plus).unwrap_or(t.len());
    let (time, increment) = t.split_at(plus);
    let seconds = match time {
        [Number(n)] => whole_seconds(*n, 60.0)?,
        _ => {
            let mut total = 0u32;
            let mut rest = time;
            if rest.is_empty() {
                return None;
            }
            while let [Number(n), Word(w), tail @ ..] = rest {
                total = total.checked_add(whole_seconds(*n, unit(w)?)?)?;
                rest = tail;
            }
            if !rest.is_empty() {
                return None;
            }
            total
        }
    };
    // The increment: "+ 30", "+ 30 s", "+ 30 sec per move", "+30s/move".
    let increment = match increment {
        [] => 0,
        [Plus, Number(n), rest @ ..] => {
            let (unit_seconds, rest) = match rest {
                [Word(w), rest @ ..] if unit(w).is_some() => (unit(w)?, rest),
                _ => (1.0, rest),
            };
            let per_move = |r: &[Token]| -> bool {
                let words: Vec<&str> = r
                    .iter()
                    .map(|x| match x {
                        Word(w) => w.as_str(),
                        Slash => "/",
                        _ => "?",
                    })
                    .collect();
                matches!(
                    words.as_slice(),
                    [] | ["per", "move"] | ["a", "move"] | ["each", "move"] | ["/", "move"] | ["increment"] | ["inc"]
                )
            };
            if !per_move(rest) {
                return None;
            }
            whole_seconds(*n, unit_seconds)?
        }
        _ => return None,
    };
    Some(match moves {
        Some(moves) => Control::Moves { moves, seconds, increment },
        None => Control::SuddenDeath { seconds, increment },
    })
}

/// A span of time as people say it: "90 minutes", "1 minute", "45 seconds", "7.5 minutes".
fn span(seconds: u64) -> String {
    match seconds {
        60 => "1 minute".to_string(),
        s if s.is_multiple_of(60) => format!("{} minutes", s / 60),
        1 => "1 second".to_string(),
        s if s < 600 => format!("{s} seconds"),
        s => format!("{:.1} minutes", s as f64 / 60.0),
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
        for bad in ["", "?", "-", "1800:40/7200", "40/", "0/60", "0"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
        assert!(TimeControl::parse_pgn("90 min").is_err());
    }

    #[test]
    fn everyday_spellings_are_read_as_the_issue_gives_them() {
        let pgn = |s: &str| TimeControl::parse(s).map(|tc| tc.to_pgn());
        assert_eq!(pgn("60 min + 10 sec").as_deref(), Ok("3600+10"));
        assert_eq!(pgn("90 min + 30 s").as_deref(), Ok("5400+30"));
        assert_eq!(pgn("40/90, 30 + 30s").as_deref(), Ok("40/5400:1800+30"));
        assert_eq!(pgn("90min+30s").as_deref(), Ok("5400+30"));
        assert_eq!(pgn("90 minutes + 30 seconds per move").as_deref(), Ok("5400+30"));
        assert_eq!(pgn("40 moves in 2 hours, then 30 min").as_deref(), Ok("40/7200:1800"));
        assert_eq!(pgn("1 h 30 min + 30 s").as_deref(), Ok("5400+30"));
        assert_eq!(pgn("90' + 30''").as_deref(), Ok("5400+30"));
        assert_eq!(pgn("60 min").as_deref(), Ok("3600"));
        assert_eq!(pgn("40/2h; 1h").as_deref(), Ok("40/7200:3600"));
    }

    #[test]
    fn pgn_wins_and_only_unambiguous_speech_is_read() {
        let pgn = |s: &str| TimeControl::parse(s).map(|tc| tc.to_pgn());
        // Valid PGN is PGN: seconds.
        assert_eq!(pgn("40/5400").as_deref(), Ok("40/5400"));
        assert_eq!(pgn("90+30").as_deref(), Ok("90+30"));
        for bad in ["90 min, 40/30", "G/60 d5", "90 min + 30 min extra", "1 30", "90 min + 30s + 5s", "fast"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn described_in_plain_words() {
        let said = |s: &str| TimeControl::parse(s).unwrap().describe();
        assert_eq!(
            said("40/5400:1800+30"),
            "40 moves in 90 minutes, then 30 minutes for the rest of the game plus 30 seconds a move"
        );
        assert_eq!(said("3600+10"), "60 minutes for the game plus 10 seconds a move");
        assert_eq!(said("40/7200"), "40 moves in 120 minutes, and so on for every 40 moves after that");
        assert_eq!(said("90"), "90 seconds for the game");
    }

    #[test]
    fn the_field_says_how_it_was_read() {
        let at = Location::cell("r.xlsx", "Event", 6, 1);
        let read = |s: &str| {
            let mut d = Vec::new();
            let tc = read_field(s, &at, &mut d);
            (tc.map(|t| t.to_pgn()), d)
        };
        let (tc, d) = read("40/7200:1800");
        assert_eq!((tc.as_deref(), d.len()), (Some("40/7200:1800"), 0));
        let (tc, d) = read("90 min + 30 s");
        assert_eq!(tc.as_deref(), Some("5400+30"));
        assert_eq!(d[0].severity, crate::diag::Severity::Note);
        assert!(
            d[0].message.contains("read as 5400+30: 90 minutes for the game plus 30 seconds a move"),
            "{}",
            d[0].message
        );
        let (tc, d) = read("40/90:30+30");
        assert_eq!(tc.as_deref(), Some("40/90:30+30"));
        assert_eq!(d[0].severity, crate::diag::Severity::Warning);
        assert!(d[0].hint.as_deref().unwrap().contains("40/5400:1800+30"), "{:?}", d[0].hint);
        let (tc, d) = read("G/60 d5");
        assert_eq!(tc, None);
        assert!(d[0].is_error() && d[0].hint.as_deref() == Some(HINT));
        assert!(!HINT.contains("PGN TimeControl"), "plain words");
    }

    #[test]
    fn seconds_for_counts_increments_and_repeats() {
        assert_eq!(TimeControl::parse("40/7200:1800").unwrap().seconds_for(30), 7200);
        assert_eq!(TimeControl::parse("40/7200:1800").unwrap().seconds_for(60), 9000);
        assert_eq!(TimeControl::parse("1500+10").unwrap().seconds_for(60), 2100);
        assert_eq!(TimeControl::parse("40/7200").unwrap().seconds_for(60), 14400);
    }
}
