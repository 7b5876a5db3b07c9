//! Rating: a validated period → new ratings, under one rule set behind the
//! [`RatingSystem`] trait. The pipeline never knows which system runs; each
//! system decides eligibility of time controls, computes every player's new
//! state, explains one player's calculation and supplies its tables.

pub mod acf;
pub mod cis;
pub mod ecf;
pub mod games;
pub mod nzcf;
pub mod tables;

use std::collections::{HashMap, HashSet};

use crate::diag::{Code, Diagnostic, Location};
pub use crate::formats::workbook::OutputTable;
use crate::ingest::extras::SystemInput;
use crate::model::system::SystemName;
use crate::model::time_control::TimeControl;
use crate::model::{Outcome, Player};
use crate::rate::tables::SystemTables;
use crate::validate::{Disposition, ValidPeriod};

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

impl Calculation {
    /// A performance-rating row (stage 1): what counted in one event.
    pub fn performance(player_id: u32, event: &str, part: &acf::EventPart) -> Calculation {
        Calculation {
            player_id,
            event: event.to_string(),
            stage: 1,
            games: part.games,
            score: part.score,
            opp_avg: part.opp_sum / part.games as f64,
            expected: None,
            bonus: None,
            change: None,
        }
    }

    /// A rating-change row (stage 2): one event's expected score, bonus and change.
    #[allow(clippy::too_many_arguments)]
    pub fn change(
        player_id: u32,
        event: &str,
        games: u32,
        score: f64,
        opp_avg: f64,
        expected: f64,
        bonus: f64,
        change: f64,
    ) -> Calculation {
        Calculation {
            player_id,
            event: event.to_string(),
            stage: 2,
            games,
            score,
            opp_avg,
            expected: Some(expected),
            bonus: Some(bonus),
            change: Some(change),
        }
    }
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
    /// The names of the players' `extra` values in the new player file, when
    /// the rule set adds columns of its own (ECF's seasons, CIS's `Joined`);
    /// `None` keeps the old file's columns.
    pub extra_columns: Option<Vec<String>>,
    /// Workbooks the rule set publishes beside the standard outputs (CIS's
    /// history.xlsx).
    pub outputs: Vec<OutputTable>,
    /// Wall time of the rule set's stages (e.g. `stage1`, `stage2`), for `--timings`.
    pub stage_times: Vec<(&'static str, std::time::Duration)>,
}

/// A rule set.
pub trait RatingSystem: Send + Sync {
    /// Short name as in `period.toml`, e.g. "acf".
    fn id(&self) -> &'static str;
    /// The files beside the reports this rule set reads (none by default).
    fn inputs(&self) -> &'static [SystemInput] {
        &[]
    }
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
    /// The rule set's own checks of a validated period, beyond the time
    /// control: events or games it does not rate, inputs beside the reports
    /// that do not fit the player file. Runs once, before rating; the
    /// findings join validation's. The ACF rules have none.
    fn check_period(&self, period: &mut ValidPeriod) -> Vec<Diagnostic> {
        let _ = period;
        Vec::new()
    }
}

/// The rule set named in `period.toml`.
pub fn system_for(name: SystemName) -> Box<dyn RatingSystem> {
    match name {
        SystemName::Acf => Box::new(acf::Acf),
        SystemName::Nzcf => Box::new(nzcf::Nzcf),
        SystemName::Ecf => Box::new(ecf::Ecf),
        SystemName::Cis => Box::new(cis::Cis),
    }
}

/// Takes events out of rating after validation (a rule set's own eligibility
/// rule): each becomes not eligible for its reason, loses its games, and the
/// newcomers who played only in such events lose the IDs validation gave them
/// (newcomers in events not rated get no ID), the later newcomers closing up
/// so IDs still follow event code, then start number. Returns one note per event.
pub fn withdraw_events(period: &mut ValidPeriod, withdrawn: Vec<(usize, String, &str)>) -> Vec<Diagnostic> {
    if withdrawn.is_empty() {
        return Vec::new();
    }
    let mut notes = Vec::new();
    let mut only_there: HashSet<u32> = HashSet::new();
    for (e, why, hint) in withdrawn {
        let event = &mut period.events[e];
        for g in &event.games {
            only_there.insert(g.white);
            only_there.extend(g.black);
        }
        event.games.clear();
        notes.push(
            Diagnostic::note(Code::NotEligible, Location::file(&event.file), format!("not rated: {why}"))
                .with_hint(hint.to_string()),
        );
        event.disposition = Disposition::NotEligible(why);
    }
    for event in period.events.iter().filter(|e| e.disposition.is_rated()) {
        for g in &event.games {
            only_there.remove(&g.white);
            if let Some(b) = g.black {
                only_there.remove(&b);
            }
        }
    }
    let first_new = period.players.players.len() - period.newcomers;
    let Some(first_id) = period.players.players.get(first_new).map(|p| p.id) else { return notes };
    let mut renumber: HashMap<u32, u32> = HashMap::new();
    let mut kept = period.players.players.split_off(first_new);
    kept.retain(|p| !only_there.contains(&p.id));
    for (k, p) in kept.iter_mut().enumerate() {
        let id = first_id + k as u32;
        renumber.insert(p.id, id);
        p.id = id;
    }
    period.newcomers = kept.len();
    period.players.players.extend(kept);
    let new_id = |id: u32| renumber.get(&id).copied().unwrap_or(id);
    for event in &mut period.events {
        for g in &mut event.games {
            g.white = new_id(g.white);
            g.black = g.black.map(new_id);
        }
    }
    notes
}

/// Each player's total points in one event as its standings count them:
/// played games, rated or not, forfeits and byes.
pub fn event_totals(event: &crate::validate::Event) -> HashMap<u32, f64> {
    let mut totals: HashMap<u32, f64> = HashMap::new();
    for g in &event.games {
        let (w, b) = match g.outcome {
            Outcome::Played { white_score } | Outcome::PlayedUnrated { white_score } => {
                (white_score, 1.0 - white_score)
            }
            Outcome::Forfeit { white_points, black_points } => (white_points, black_points),
            Outcome::Bye { points } => (points, 0.0),
        };
        *totals.entry(g.white).or_default() += w;
        if let Some(black) = g.black {
            *totals.entry(black).or_default() += b;
        }
    }
    totals
}

/// A column ratebook does not know, found by name in the player file's extra
/// columns (names compare as column names do).
pub fn extra_column(period: &ValidPeriod, name: &str) -> Option<usize> {
    let wanted = crate::model::names::normalise(name);
    period.players.extra_columns.iter().position(|c| crate::model::names::normalise(c) == wanted)
}

/// The players' extra columns with `names` added where missing; returns the
/// column list and, for each name, its position in it.
pub fn with_columns(existing: &[String], names: &[&str]) -> (Vec<String>, Vec<usize>) {
    let mut columns = existing.to_vec();
    let mut at = Vec::with_capacity(names.len());
    for name in names {
        let wanted = crate::model::names::normalise(name);
        match columns.iter().position(|c| crate::model::names::normalise(c) == wanted) {
            Some(i) => at.push(i),
            None => {
                columns.push(name.to_string());
                at.push(columns.len() - 1);
            }
        }
    }
    (columns, at)
}

/// "won", "drew" or "lost" for a score of 1, ½ or 0 (for `explain`).
pub fn result_word(score: f64) -> &'static str {
    if score >= 1.0 {
        "won"
    } else if score <= 0.0 {
        "lost"
    } else {
        "drew"
    }
}

/// A rating printed as a whole number (`Unr` when the player has none
/// published, blank for a new player), as ECF and CIS lists print it.
pub fn printed_whole(player: &Player) -> String {
    match (player.status, player.rating) {
        (crate::model::Status::New, _) => String::new(),
        (s, Some(r)) if s.is_rated() => round_half_up(r).to_string(),
        _ => "Unr".to_string(),
    }
}

/// Half up to a whole number, as ratings print: 1011.5 → 1012.
pub fn round_half_up(x: f64) -> i64 {
    (x + 0.5 + 1e-9).floor() as i64
}
