//! Glickman's Glicko-2, as the Australian federation and Lichess rate: each
//! player holds a rating, a rating deviation (RD) and a volatility, kept in
//! the player file's `Rating`, `RD` and `Volatility` columns at full
//! precision. All the period's games are one rating period: every player is
//! rated from everyone's state at the start (a new player's from the
//! `[rules]` settings), in parallel; a player who did not play keeps his
//! rating while his RD grows. A rating whose RD is above `provisional_rd`
//! prints as provisional.

mod calculator;
mod explain;
pub mod math;
pub mod settings;

use rayon::prelude::*;

use super::common::{
    by_event, carry_forward, extra_column, extra_number, round_half_up, with_columns, written_for_another,
};
use super::games::GameIndex;
use super::{Calculation, Explanation, LegendEntry, Predictor, RatingSystem, Ratings, RulesText, Trace, Words};
use crate::config::{PeriodConfig, RuleSettings};
use crate::diag::{Code, Diagnostic, Location};
use crate::model::system::SystemName;
use crate::model::time_control::TimeControl;
use crate::model::{ExtraValue, Player, PlayerFile, Status};
use crate::rate::tables::SystemTables;
use crate::validate::{EligibilityPolicy, ValidPeriod};
pub use math::State;
pub use settings::Settings;

/// The Glicko-2 rule set.
pub struct Glicko2;

/// The player file's columns of a player's RD and volatility.
pub const RD_COLUMN: &str = "RD";
pub const VOLATILITY_COLUMN: &str = "Volatility";
pub const COLUMNS: [&str; 2] = [RD_COLUMN, VOLATILITY_COLUMN];
/// No rating is published below this (docs/systems.md, "Floors"):
/// Glickman gives no floor, but a newcomer's RD of 350 lets a run of losses
/// take a weak player below zero, which the next period refuses.
pub const FLOOR: f64 = 100.0;

/// No rating above this one, the top of the player file's scale
/// ([`EligibilityPolicy::ratings`]): a higher one would be refused by the
/// next period. No player comes near it.
pub const CEILING: f64 = 3500.0;

/// The RDs the player file may hold (a larger one counts as the settings'
/// initial RD; a smaller one no number of games reaches).
pub const RD_RANGE: std::ops::RangeInclusive<f64> = 0.01..=100_000.0;

/// The volatilities the player file may hold: Glickman's are near 0.06; a
/// volatility of 0 or infinity (what 1e-300 or 1e308 become in a
/// workbook) stops the next period.
pub const VOLATILITY_RANGE: std::ops::RangeInclusive<f64> = 0.000001..=10.0;

/// One game as rated: the opponent, the score, and step 3's g and E.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    pub event: u32,
    pub opponent: u32,
    pub score: f64,
    pub against: State,
    /// The opponent had no rating: he counts with a new player's state.
    pub new_opponent: bool,
    pub g: f64,
    pub e: f64,
}

/// What `rate` worked out for one player.
#[derive(Debug, Clone, PartialEq)]
pub enum Glicko2Calc {
    /// He played: his state at the start (a new player's when he had none),
    /// his games and Glickman's steps.
    Played { start: State, new_player: bool, games: Vec<RatedGame>, period: math::Period },
    /// He did not play: his RD grows (never above the settings' initial RD).
    Idle { start: State, rd: f64, capped: bool },
}

/// Where the state columns are in the period's player file.
struct Columns {
    rd: Option<usize>,
    volatility: Option<usize>,
}

impl Columns {
    fn of(extra_columns: &[String]) -> Columns {
        let find = |name: &str| {
            let wanted = crate::model::names::normalise(name);
            extra_columns.iter().position(|c| crate::model::names::normalise(c) == wanted)
        };
        Columns { rd: find(RD_COLUMN), volatility: find(VOLATILITY_COLUMN) }
    }

    fn number(column: Option<usize>, p: &Player) -> Option<f64> {
        extra_number(column.and_then(|c| p.extra.get(c))).ok().flatten().filter(|v| *v > 0.0)
    }

    /// The player's state: `None` for a player without a rating.
    fn state(&self, p: &Player, settings: &Settings) -> Option<State> {
        let rating = p.published_rating()?;
        Some(State {
            rating,
            rd: Columns::number(self.rd, p).unwrap_or(settings.initial_rd).min(settings.initial_rd),
            volatility: Columns::number(self.volatility, p).unwrap_or(settings.initial_volatility),
        })
    }
}

/// A new player's state.
fn initial(settings: &Settings) -> State {
    State { rating: settings.initial_rating, rd: settings.initial_rd, volatility: settings.initial_volatility }
}

/// Player `p`'s period.
fn player_calc(
    period: &ValidPeriod,
    columns: &Columns,
    settings: &Settings,
    p: usize,
    index: &GameIndex,
) -> Option<Glicko2Calc> {
    let start = &period.players.players;
    let own = columns.state(&start[p], settings);
    let games = index.of(p);
    if games.is_empty() {
        let s = own?;
        let grown = math::idle_rd(s);
        return Some(Glicko2Calc::Idle {
            start: s,
            rd: grown.min(settings.initial_rd),
            capped: grown > settings.initial_rd,
        });
    }
    let state = own.unwrap_or_else(|| initial(settings));
    let against: Vec<(State, bool)> = games
        .iter()
        .map(|g| match columns.state(&start[g.opponent as usize], settings) {
            Some(s) => (s, false),
            None => (initial(settings), true),
        })
        .collect();
    let pairs: Vec<(State, f64)> = games.iter().zip(&against).map(|(g, (s, _))| (*s, g.score as f64)).collect();
    let rated = math::rate(state, &pairs, settings.tau);
    let games = games
        .iter()
        .zip(&against)
        .zip(&rated.games)
        .map(|((g, &(s, new_opponent)), scored)| RatedGame {
            event: g.event,
            opponent: g.opponent,
            score: g.score as f64,
            against: s,
            new_opponent,
            g: scored.g,
            e: scored.e,
        })
        .collect();
    Some(Glicko2Calc::Played { start: state, new_player: own.is_none(), games, period: rated })
}

/// The status of a rating with this RD.
fn status(rd: f64, settings: &Settings) -> Status {
    if rd > settings.provisional_rd {
        Status::Provisional
    } else {
        Status::Confirmed
    }
}

impl EligibilityPolicy for Glicko2 {
    /// A rating without a status is a published one, provisional or not by
    /// its RD; without an RD it counts as rated (and is the finding "rated
    /// but has no RD" at the cell).
    fn status_unstated(&self, player: &Player, columns: &[String], config: &PeriodConfig) -> Status {
        if player.rating.is_none() {
            return player.status;
        }
        match Columns::number(Columns::of(columns).rd, player) {
            Some(rd) => {
                let settings = Settings::of(&config.rules);
                status(rd.min(settings.initial_rd), &settings)
            }
            None => Status::Confirmed,
        }
    }

    /// Standard play: at least 60 minutes each for 60 moves.
    fn time_control(&self, tc: &TimeControl) -> Result<(), String> {
        if tc.seconds_for(60) >= 3600 {
            Ok(())
        } else {
            Err("this list rates standard play: at least 60 minutes each for 60 moves".to_string())
        }
    }

    /// The findings its validation kept ([`RatingSystem::validate_settings`]);
    /// settings never validated are read now.
    fn check_settings(&self, rules: &RuleSettings) -> Vec<Diagnostic> {
        match rules.findings(SystemName::Glicko2) {
            Some(findings) => findings.to_vec(),
            None => Settings::read(rules).1,
        }
    }

    /// A file written for another rule set; an RD or a volatility that is
    /// no number, or zero or below; a rated player without an RD.
    fn check_inputs(&self, period: &ValidPeriod) -> Vec<Diagnostic> {
        let mut findings: Vec<Diagnostic> =
            written_for_another(period, SystemName::Glicko2, &COLUMNS).into_iter().collect();
        let origin = period.players.origin.as_ref();
        for (name, column) in COLUMNS.iter().map(|c| (*c, extra_column(period, c))) {
            for (p, player) in period.players.players.iter().enumerate() {
                let at = || {
                    let cell = column.and_then(|c| origin.and_then(|o| o.extra_cell(p, c)));
                    cell.unwrap_or_else(|| Location::sheet(crate::output_folder::names::PLAYERS, "Players"))
                };
                let value = extra_number(column.and_then(|c| player.extra.get(c)));
                let range = if name == RD_COLUMN { RD_RANGE } else { VOLATILITY_RANGE };
                let wrong = match value {
                    Err(shown) => format!(
                        "player {}: {name} must be a number from {} to {}, not {shown}",
                        player.id,
                        range.start(),
                        range.end()
                    ),
                    Ok(Some(v)) if !range.contains(&v) => format!(
                        "player {}: {name} must be from {} to {}, not {v}",
                        player.id,
                        range.start(),
                        range.end()
                    ),
                    Ok(None) if column.is_some() && player.status.is_rated() && player.rating.is_some() => {
                        format!("player {} is rated but has no {name}", player.id)
                    }
                    _ => continue,
                };
                findings.push(Diagnostic::error(Code::BadValue, at(), wrong).with_hint(format!(
                    "RD and Volatility are written by ratebook: copy them from the last period's output/{} (a new player's are blank)",
                    crate::output_folder::names::PLAYERS
                )));
            }
        }
        findings
    }
}

impl RatingSystem for Glicko2 {
    fn name(&self) -> SystemName {
        SystemName::Glicko2
    }

    fn validate_settings(&self, rules: &mut RuleSettings) {
        let (settings, findings) = Settings::read(rules);
        rules.validate(SystemName::Glicko2, settings, findings);
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        let settings = Settings::of(&period.config.rules);
        let start = &period.players.players;
        let index = GameIndex::build(period);
        let columns = Columns::of(&period.players.extra_columns);
        let calcs: Vec<Option<Glicko2Calc>> =
            (0..start.len()).into_par_iter().map(|p| player_calc(period, &columns, &settings, p, &index)).collect();
        let (names, at) = with_columns(&period.players.extra_columns, &COLUMNS);
        let mut players = Vec::with_capacity(start.len());
        let mut calculations = Vec::new();
        let mut traces: Vec<Option<Box<dyn Trace>>> = Vec::with_capacity(start.len());
        for (p, calc) in calcs.into_iter().enumerate() {
            let mut next = carry_forward(&index, p, &start[p]);
            next.extra.resize(names.len(), ExtraValue::Empty);
            let new = match &calc {
                Some(Glicko2Calc::Played { games, period: steps, .. }) => {
                    next.games += games.len() as u32;
                    rows(period, next.id, games, &mut calculations);
                    Some(steps.new)
                }
                Some(Glicko2Calc::Idle { start, rd, .. }) => Some(State { rd: *rd, ..*start }),
                None => None,
            };
            if let Some(s) = new {
                // (Kept within what the next period reads: see RD_RANGE, VOLATILITY_RANGE.)
                next.rating = Some(s.rating.clamp(FLOOR, CEILING));
                next.status = status(s.rd, &settings);
                next.extra[at[0]] = ExtraValue::Number(s.rd.clamp(*RD_RANGE.start(), *RD_RANGE.end()));
                next.extra[at[1]] =
                    ExtraValue::Number(s.volatility.clamp(*VOLATILITY_RANGE.start(), *VOLATILITY_RANGE.end()));
            }
            players.push(next);
            traces.push(calc.map(|c| Box::new(c) as Box<dyn Trace>));
        }
        Ratings {
            removed: vec![false; players.len()],
            players,
            calculations,
            traces,
            extra_columns: Some(names),
            outputs: Vec::new(),
            stage_times: Vec::new(),
        }
    }

    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
        explain::explain(period, ratings, p)
    }

    /// Whole, with `?` after a provisional rating (as Lichess marks it).
    fn printed(&self, player: &Player) -> String {
        match (player.status, player.rating) {
            (Status::New, _) => String::new(),
            (Status::Provisional, Some(r)) => format!("{}?", round_half_up(r)),
            (Status::Confirmed, Some(r)) => round_half_up(r).to_string(),
            _ => "Unr".to_string(),
        }
    }

    /// Its floor: a rating is kept at it.
    fn floor(&self) -> Option<f64> {
        Some(FLOOR)
    }

    /// Glickman's expected outcome with both deviations; see [`Glicko2::predictor`].
    fn predictor<'a>(&'a self, players: &'a PlayerFile) -> Predictor<'a> {
        let columns = Columns::of(&players.extra_columns);
        let settings = Settings::default();
        let states: Vec<Option<State>> = players.players.iter().map(|p| columns.state(p, &settings)).collect();
        Box::new(move |a, b| {
            let (a, b) = (states[a]?, states[b]?);
            Some(math::expected(a.rating, a.rd, b.rating, b.rd))
        })
    }

    fn state_columns(&self) -> &'static [&'static str] {
        &COLUMNS
    }

    /// The RD column of the new player file.
    fn deviations(&self, ratings: &Ratings) -> Option<Vec<Option<f64>>> {
        let columns = Columns::of(ratings.extra_columns.as_deref().unwrap_or_default());
        Some(ratings.players.iter().map(|p| Columns::number(columns.rd, p).filter(|_| p.rating.is_some())).collect())
    }

    /// Every rated player gets the settings' initial volatility and an RD
    /// that reflects his games: the initial RD after as many periods of
    /// average games (see docs/systems.md), at most the initial RD.
    fn adopt(&self, mut players: PlayerFile, config: &PeriodConfig) -> PlayerFile {
        let settings = Settings::of(&config.rules);
        let (names, at) = with_columns(&players.extra_columns, &COLUMNS);
        for p in &mut players.players {
            p.extra.resize(names.len(), ExtraValue::Empty);
            if p.rating.is_some() && p.status.is_rated() {
                let rd = adopted_rd(p.games, &settings);
                p.extra[at[0]] = ExtraValue::Number(rd);
                p.extra[at[1]] = ExtraValue::Number(settings.initial_volatility);
                p.status = status(rd, &settings);
            }
        }
        players.extra_columns = names;
        players
    }

    /// Ratings, provisional and rated.
    fn words(&self) -> Words {
        Words { confirmed: "rated", ..crate::model::words::ACF }
    }

    fn tables(&self) -> SystemTables {
        SystemTables::default()
    }

    fn calculator(&self, next: &PeriodConfig) -> super::Calculator {
        calculator::calculator(&Settings::of(&next.rules))
    }

    fn calculator_state(&self, player: &Player, columns: &[String], next: &PeriodConfig) -> serde_json::Value {
        let settings = Settings::of(&next.rules);
        let state = Columns::of(columns).state(player, &settings);
        calculator::state(state, &settings)
    }

    fn rules_text(&self) -> RulesText {
        RulesText {
            text: include_str!("rules.typ"),
            legend: &[
                LegendEntry { sample: "1612", meaning: "a *rating*, whole; its RD (rating deviation) is small." },
                LegendEntry {
                    sample: "1500?",
                    meaning:
                        "a *provisional* rating: its RD is above the list's limit, so the rating is still uncertain.",
                },
            ],
        }
    }
}

/// The RD of a player adopted from another rule set with `games` rated
/// games: a player with no games has the initial RD; each game counts as
/// an even game against an opponent of RD 50 would (1/RD² grows by
/// g²·E(1 − E) / 173.7178² per game, E = ½), and the RD is kept within 50
/// and the initial RD.
pub fn adopted_rd(games: u32, settings: &Settings) -> f64 {
    let g = math::g(50.0 / math::SCALE);
    let information = 1.0 / settings.initial_rd.powi(2) + games as f64 * g * g * 0.25 / math::SCALE.powi(2);
    (1.0 / information.sqrt()).clamp(50.0_f64.min(settings.initial_rd), settings.initial_rd)
}

/// A player's Calculations rows: one per event.
fn rows(period: &ValidPeriod, id: u32, games: &[RatedGame], out: &mut Vec<Calculation>) {
    for (event, run) in by_event(games, |g| g.event) {
        out.push(Calculation {
            player_id: id,
            event: period.events[event as usize].code.clone(),
            stage: 2,
            games: run.len() as u32,
            score: run.iter().map(|g| g.score).sum(),
            opp_avg: run.iter().map(|g| g.against.rating).sum::<f64>() / run.len() as f64,
            expected: Some(run.iter().map(|g| g.e).sum()),
            bonus: None,
            change: None,
        });
    }
}

#[cfg(test)]
mod tests;
