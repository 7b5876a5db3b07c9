//! The player file's own values: every player belongs to one of the period's
//! states, and ratings, games, scores and dates lie where the rule set and
//! the calendar allow. A value outside is an error at its cell, before it
//! can crash a later stage or place a player on the wrong list.

use chrono::NaiveDate;

use super::eligibility::EligibilityPolicy;
use super::identity::state_codes;
use crate::config::PeriodConfig;
use crate::diag::{Code, Diagnostic, Location};
use crate::model::{FileOrigin, PlayerFile, Status};

/// Most games a player's record may hold (a lifetime of chess is a few thousand).
pub const MAX_GAMES: u32 = 100_000;

/// The findings about the values of the players read from the file.
pub fn check_players(file: &PlayerFile, config: &PeriodConfig, policy: &dyn EligibilityPolicy) -> Vec<Diagnostic> {
    let Some(origin) = &file.origin else { return Vec::new() };
    let ratings = policy.ratings();
    let earliest_birth = NaiveDate::from_ymd_opt(1900, 1, 1).expect("a valid date");
    let mut findings = Vec::new();
    for (i, p) in file.players.iter().enumerate().take(origin.rows.len()) {
        let at = |column: &str| cell(origin, i, column);
        let who = format!("player {} ({})", p.id, p.display_name());
        match &p.state {
            None => findings.push(
                Diagnostic::error(Code::UnknownState, at("State"), format!("{who} has no state"))
                    .with_hint(format!("every player belongs to a state: use one of {}", state_codes(config))),
            ),
            Some(code) if config.state_name(code).is_none() => findings.push(
                Diagnostic::error(
                    Code::UnknownState,
                    at("State"),
                    format!("state \"{code}\" of {who} is not a state code"),
                )
                .with_hint(format!("use one of {} (period.toml's [states])", state_codes(config))),
            ),
            Some(_) => {}
        }
        let range = |what: &str, value: f64| {
            format!(
                "{what} {} of {who} is outside the ratings of the {} rules ({} to {})",
                shown(value),
                config.system,
                ratings.start(),
                ratings.end()
            )
        };
        if let Some(r) = p.rating.filter(|r| !r.is_finite() || !ratings.contains(r)) {
            findings.push(
                Diagnostic::error(Code::OutOfRange, at("Rating"), range("rating", r))
                    .with_hint("correct the rating: it is the one published on the last list"),
            );
        }
        if let Some(a) = p.opp_avg.filter(|a| !a.is_finite() || !ratings.contains(a)) {
            findings.push(
                Diagnostic::error(Code::OutOfRange, at("Opp avg"), range("opponents' average", a))
                    .with_hint("correct it from the last list's player file, or leave it blank"),
            );
        }
        if p.status == Status::New && p.games > 0 {
            findings.push(
                Diagnostic::error(
                    Code::OutOfRange,
                    at("Games"),
                    format!("{who} is new but has {} games counted: a new player has played none", p.games),
                )
                .with_hint(
                    "set the player's status to unrated (the games then count with the Score and Opp avg), or Games to 0",
                ),
            );
        }
        if p.games > MAX_GAMES {
            findings.push(Diagnostic::error(
                Code::OutOfRange,
                at("Games"),
                format!("{who} has {} games counted; no record holds more than {MAX_GAMES}", p.games),
            ));
        }
        if !p.score.is_finite() || p.score < 0.0 || p.score > p.games as f64 {
            findings.push(
                Diagnostic::error(
                    Code::OutOfRange,
                    at("Score"),
                    format!("score {} of {who} is not between 0 and his {} games", shown(p.score), p.games),
                )
                .with_hint("the score is the points scored in the games counted: at most one a game"),
            );
        }
        // (Ages are taken at the age date: one born after it has none.)
        let latest_birth = config.published.min(config.age_date);
        if let Some(b) = p.birth_date.filter(|&b| b > latest_birth || b < earliest_birth) {
            let why = if b < earliest_birth {
                "before 1900".to_string()
            } else if b > config.published {
                "after this list's date".to_string()
            } else {
                format!("after the age date ({}), at which ages are taken", config.age_date)
            };
            findings.push(
                Diagnostic::error(Code::OutOfRange, at("Birth date"), format!("{who} is born on {b}, {why}"))
                    .with_hint("correct the birth date, or leave it blank"),
            );
        }
        if let Some(d) = p.last_played.filter(|&d| d > config.end) {
            findings.push(
                Diagnostic::error(
                    Code::OutOfRange,
                    at("Last played"),
                    format!("{who} last played on {d}, after this period's end ({})", config.end),
                )
                .with_hint("the date is the end of the last rated event the player played in: correct it"),
            );
        }
    }
    findings
}

/// The cell of a player's value (his ID's when the file has no such column).
fn cell(origin: &FileOrigin, index: usize, column: &str) -> Location {
    origin.cell(index, column).unwrap_or_else(|| Location::file(&origin.file))
}

/// A number as the officer typed it, without binary noise.
fn shown(x: f64) -> String {
    if x.is_finite() && x.abs() < 1e15 {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{x:e}")
    }
}
