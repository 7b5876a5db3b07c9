//! Rating: a validated period → new ratings, under one rule set behind the
//! [`RatingSystem`] trait. The pipeline never knows which system runs; each
//! system decides eligibility of time controls, computes every player's new
//! state, explains one player's calculation and supplies its tables.

pub mod acf;
pub mod games;
pub mod tables;

use crate::config::SystemName;
use crate::model::Player;
use crate::publish::booklet_data::SystemTables;
use crate::validate::eligibility::TimeControl;
use crate::validate::ValidPeriod;

/// One row of the Calculations sheet: a player's calculation in one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Calculation {
    pub player_id: u32,
    pub event: String,
    /// 1 for partially-rated players (performance rating), 2 for established players.
    pub stage: u8,
    /// Games that counted.
    pub games: u32,
    pub score: f64,
    /// Average (clamped) rating of the opponents in those games.
    pub opp_avg: f64,
    /// Expected score (stage 2).
    pub expected: Option<f64>,
    /// Bonus points (stage 2).
    pub bonus: Option<f64>,
    /// Rating change from this event (stage 2).
    pub change: Option<f64>,
}

/// The result of rating a period.
#[derive(Debug, Clone)]
pub struct Ratings {
    /// Every player's record after the period, aligned with the period's player file.
    pub players: Vec<Player>,
    /// Whether the maintenance rule removes the player from the file.
    pub removed: Vec<bool>,
    /// One row per player per event that counted.
    pub calculations: Vec<Calculation>,
}

/// A rule set.
pub trait RatingSystem: Send + Sync {
    /// Short name as in `period.toml`, e.g. "acf".
    fn id(&self) -> &'static str;
    /// Why a time control makes an event ineligible, if it does.
    fn check_time_control(&self, tc: &TimeControl) -> Result<(), String>;
    /// New ratings for every player of the period.
    fn rate(&self, period: &ValidPeriod) -> Ratings;
    /// One player's calculation, step by step (`None` when the ID is unknown).
    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, id: u32) -> Option<String>;
    /// The rating as lists print it (`1572`, `1111p`, `2R`, `Unr`); empty for
    /// players who are not listed.
    fn printed(&self, player: &Player) -> String;
    /// The tables the booklet prints.
    fn tables(&self) -> SystemTables;
}

/// The rule set named in `period.toml`.
pub fn system_for(name: SystemName) -> Box<dyn RatingSystem> {
    match name {
        SystemName::Acf => Box::new(acf::Acf),
        other => unreachable!("period.toml refuses system {}", other.as_str()),
    }
}

/// Half up to a whole number, as ratings print: 1011.5 → 1012.
pub fn round_half_up(x: f64) -> i64 {
    (x + 0.5 + 1e-9).floor() as i64
}
