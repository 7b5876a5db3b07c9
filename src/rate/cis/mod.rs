//! The CIS (chess in schools) rating (other-systems.md): an initial rating
//! by age on entering the pool, an education bonus for lessons and a renewal
//! bonus once a school year (with a raise to the age rating), linear Elo with
//! K = 40 and differences kept within 400 for games between CIS-rated
//! players, and an activity bonus for every game, at most 20 a month. Every
//! game uses the ratings at the start of the period, so players are rated
//! independently, in parallel; every event joins the player's history
//! (`history.xlsx`), which is carried from period to period and never loses a row.

mod calculator;
mod explain;
pub mod files;
pub mod policy;

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use rayon::prelude::*;

use super::common::{by_event, carry_forward, extra_column, num, printed_whole, round_half_up, with_columns};
use super::games::GameIndex;
use super::{Calculation, Explanation, LegendEntry, OutputTable, RatingSystem, Ratings, RulesText, Trace, Words};
use crate::model::system::SystemName;

use crate::formats::dated_lists::DatedEntry;
use crate::formats::history::{HistoryEntry, HistoryKind, HISTORY_COLUMNS};
use crate::ingest::extras::SideFile;
use crate::model::dates::{age_in_months, parse_date, school_year_of};
use crate::model::{ExtraValue, Player, Status};
use crate::rate::tables::SystemTables;
use crate::validate::ValidPeriod;

/// The CIS rule set.
pub struct Cis;

/// Rating points per game point above expectation.
pub const K: f64 = 40.0;
/// Rating differences count as at most this (a 400-point edge expects 100%).
pub const MAX_DIFFERENCE: f64 = 400.0;
/// Education bonus for a lesson: at most one a calendar month, at most 45 points a school year.
pub const LESSON_BONUS: f64 = 5.0;
pub const LESSON_POINTS_A_YEAR: f64 = 45.0;
/// Renewal bonus, once a school year.
pub const RENEWAL_BONUS: f64 = 30.0;
/// Activity bonus a game, for at most 20 games a calendar month.
pub const ACTIVITY_BONUS: f64 = 1.0;
pub const ACTIVITY_GAMES_A_MONTH: u32 = 20;
/// The player file's column for the date a player entered the CIS pool.
pub const JOINED_COLUMN: &str = "Joined";
/// The lowest CIS rating: a step that would take a rating below it leaves it
/// here. The source gives no floor; every game of a period uses the rating
/// at its start, so without one a heavy loser falls below zero and the
/// published file is no longer a valid player file (README, deviations).
pub const FLOOR: f64 = 100.0;
/// How the lists print a CIS rating.
const LEGEND: [LegendEntry; 2] = [
    LegendEntry {
        sample: "755",
        meaning: "a *CIS rating*: every player in the pool has one from the day he or she joins.",
    },
    LegendEntry {
        sample: "Unr",
        meaning: "*no CIS rating*: the player has played, but without a date of birth no initial rating can be given.",
    },
];
/// Months of age at which the initial rating starts to rise above 600 (the 6th birthday).
pub const FIRST_MONTH: i64 = 72;

/// Initial rating by whole months past the 6th birthday (0 to 72): 600 +
/// ⌊months × 50 / 12⌋; 600 before, 900 from the 12th birthday on.
pub const INITIAL_RATINGS: [u32; 73] = initial_table();

const fn initial_table() -> [u32; 73] {
    let mut table = [0; 73];
    let mut m = 0;
    while m < 73 {
        table[m] = 600 + (m as u32 * 50) / 12;
        m += 1;
    }
    table
}

/// Whole months past the 6th birthday for an age in months, within 0 to 72
/// (the row of [`INITIAL_RATINGS`]).
pub fn months_past_six(months: i64) -> i64 {
    (months - FIRST_MONTH).clamp(0, 72)
}

/// The initial rating for a player's age on `at`.
pub fn initial_rating(birth: NaiveDate, at: NaiveDate) -> u32 {
    INITIAL_RATINGS[months_past_six(age_in_months(birth, at)) as usize]
}

/// Expected score E = ½ + D/800 with D = own − opponent kept within ±400.
pub fn expected(own: f64, opponent: f64) -> f64 {
    0.5 + (own - opponent).clamp(-MAX_DIFFERENCE, MAX_DIFFERENCE) / (2.0 * MAX_DIFFERENCE)
}

/// The linear Elo change 40 (S − E), worked as 40 (S − ½) − 40 D / 800 so
/// that whole ratings give exact halves.
pub fn elo_change(own: f64, opponent: f64, score: f64) -> f64 {
    let d = (own - opponent).clamp(-MAX_DIFFERENCE, MAX_DIFFERENCE);
    K * (score - 0.5) - K * d / (2.0 * MAX_DIFFERENCE)
}

/// What a player has already had: lesson bonuses by month and school year,
/// renewals by school year, activity bonuses by month.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Counters {
    lesson_months: Vec<(i32, u32)>,
    lesson_points: HashMap<NaiveDate, f64>,
    renewal_years: Vec<NaiveDate>,
    activity: HashMap<(i32, u32), u32>,
}

fn month(date: NaiveDate) -> (i32, u32) {
    (date.year(), date.month())
}

impl Counters {
    /// The counters from a player's history rows.
    pub fn from_history<'a>(rows: impl IntoIterator<Item = &'a HistoryEntry>, school_year: (u32, u32)) -> Counters {
        let mut c = Counters::default();
        for r in rows {
            if r.bonus <= 0.0 {
                continue;
            }
            match r.kind {
                HistoryKind::Lesson => {
                    c.lesson_months.push(month(r.date));
                    *c.lesson_points.entry(school_year_of(r.date, school_year)).or_default() += r.bonus;
                }
                HistoryKind::Renewal => c.renewal_years.push(school_year_of(r.date, school_year)),
                HistoryKind::Game => *c.activity.entry(month(r.date)).or_default() += 1,
                HistoryKind::Entry => {}
            }
        }
        c
    }

    /// A lesson's bonus, or why there is none.
    pub fn lesson(&mut self, date: NaiveDate, school_year: (u32, u32)) -> Result<f64, &'static str> {
        let year = school_year_of(date, school_year);
        if self.lesson_months.contains(&month(date)) {
            return Err("a lesson bonus was already given this calendar month");
        }
        let so_far = self.lesson_points.get(&year).copied().unwrap_or(0.0);
        if so_far + LESSON_BONUS > LESSON_POINTS_A_YEAR + 1e-9 {
            return Err("45 education bonus points were already given this school year");
        }
        self.lesson_months.push(month(date));
        *self.lesson_points.entry(year).or_default() += LESSON_BONUS;
        Ok(LESSON_BONUS)
    }

    /// A renewal's bonus, or why there is none.
    pub fn renewal(&mut self, date: NaiveDate, school_year: (u32, u32)) -> Result<f64, &'static str> {
        let year = school_year_of(date, school_year);
        if self.renewal_years.contains(&year) {
            return Err("a renewal bonus was already given this school year");
        }
        self.renewal_years.push(year);
        Ok(RENEWAL_BONUS)
    }

    /// A game's activity bonus (0 after 20 games in the calendar month).
    pub fn activity(&mut self, date: NaiveDate) -> f64 {
        let n = self.activity.entry(month(date)).or_default();
        if *n < ACTIVITY_GAMES_A_MONTH {
            *n += 1;
            ACTIVITY_BONUS
        } else {
            0.0
        }
    }
}

/// One game of the period from a player's side.
#[derive(Debug, Clone, PartialEq)]
pub struct CisGame {
    pub date: NaiveDate,
    pub event: u32,
    /// Index of the opponent in the period's players.
    pub opponent: u32,
    /// The opponent's CIS rating at the start of the period, if he has one.
    pub opponent_rating: Option<f64>,
    pub score: f64,
}

/// Everything that happens to one player this period.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlayerPeriod {
    pub birth: Option<NaiveDate>,
    /// The rating in the player file.
    pub rating: Option<f64>,
    /// The `Joined` date, when the file gives one.
    pub joined: Option<NaiveDate>,
    /// New lessons and renewals (not yet in the history), in date order.
    pub lessons: Vec<NaiveDate>,
    pub renewals: Vec<NaiveDate>,
    pub games: Vec<CisGame>,
    pub counters: Counters,
}

/// A player's rating at the start of the period, for every game's Elo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StartRating {
    /// Rated before the period.
    Rated(f64),
    /// Enters the pool this period on this date at this age, with the initial rating.
    Enters { date: NaiveDate, months: i64, rating: u32 },
}

impl StartRating {
    pub fn value(self) -> f64 {
        match self {
            StartRating::Rated(r) => r,
            StartRating::Enters { rating, .. } => rating as f64,
        }
    }
}

/// The start rating: the file's, or the initial rating for his age on the
/// day he enters (`Joined`, or his first event this period, not after `end`);
/// `None` for a player with neither a rating nor a birth date, or not yet in the pool.
pub fn start_rating(p: &PlayerPeriod, end: NaiveDate) -> Option<StartRating> {
    if let Some(r) = p.rating {
        return Some(StartRating::Rated(r));
    }
    let birth = p.birth?;
    let first = p.lessons.iter().chain(&p.renewals).copied().chain(p.games.iter().map(|g| g.date)).min();
    let date = p.joined.or(first)?;
    (date <= end).then(|| StartRating::Enters {
        date,
        months: age_in_months(birth, date),
        rating: initial_rating(birth, date),
    })
}

/// What happened, in date order.
#[derive(Debug, Clone, PartialEq)]
pub enum StepKind {
    Entry { months: i64 },
    Lesson,
    Renewal,
    Game(CisGame),
}

/// A game's Elo, between CIS-rated players: both start ratings, the
/// difference D = own − opponent and D as counted (within ±400), and the
/// expected score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    pub own: f64,
    pub opponent: f64,
    pub difference: f64,
    pub counted: f64,
    pub expected: f64,
}

impl Elo {
    pub fn new(own: f64, opponent: f64) -> Elo {
        let difference = own - opponent;
        Elo {
            own,
            opponent,
            difference,
            counted: difference.clamp(-MAX_DIFFERENCE, MAX_DIFFERENCE),
            expected: expected(own, opponent),
        }
    }
}

/// One event of the player's period, with its effect on his rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub date: NaiveDate,
    pub kind: StepKind,
    /// The Elo of a game between CIS-rated players, and the change it gives.
    pub elo: Option<Elo>,
    pub change: f64,
    /// Lesson, renewal (with any raise to the age rating) or activity bonus.
    pub bonus: f64,
    /// The rating after the step (`None` outside the pool).
    pub rating: Option<f64>,
    pub note: String,
}

/// A player's period: every step and the rating at the end.
#[derive(Debug, Clone, PartialEq)]
pub struct CisPeriod {
    pub start: Option<StartRating>,
    pub steps: Vec<Step>,
    pub rating: Option<f64>,
}

/// Runs a player's period, with his start rating and the opponents' start
/// ratings already in his games.
pub fn run_period(p: &PlayerPeriod, start: Option<StartRating>, school_year: (u32, u32)) -> CisPeriod {
    let mut counters = p.counters.clone();
    let mut items: Vec<(NaiveDate, u8, StepKind)> = Vec::new();
    if let Some(StartRating::Enters { date, months, .. }) = start {
        items.push((date, 0, StepKind::Entry { months }));
    }
    items.extend(p.lessons.iter().map(|&d| (d, 1, StepKind::Lesson)));
    items.extend(p.renewals.iter().map(|&d| (d, 2, StepKind::Renewal)));
    items.extend(p.games.iter().map(|g| (g.date, 3, StepKind::Game(g.clone()))));
    items.sort_by_key(|(d, order, _)| (*d, *order));
    let own = start.map(StartRating::value);
    let mut rating = match start {
        Some(StartRating::Rated(r)) => Some(r),
        _ => None,
    };
    let mut steps = Vec::with_capacity(items.len());
    for (date, _, kind) in items {
        let mut step =
            Step { date, kind: kind.clone(), elo: None, change: 0.0, bonus: 0.0, rating: None, note: String::new() };
        let Some(current) = rating.or(if matches!(kind, StepKind::Entry { .. }) { own } else { None }) else {
            step.note = match p.birth {
                None => "no CIS rating: no birth date to give an initial rating".into(),
                Some(_) => "not in the CIS rating pool yet".into(),
            };
            steps.push(step);
            continue;
        };
        let mut next = current;
        match &kind {
            StepKind::Entry { months } => step.note = format!("initial rating for age {}", explain::age_text(*months)),
            StepKind::Lesson => match counters.lesson(date, school_year) {
                Ok(b) => step.bonus = b,
                Err(why) => step.note = why.into(),
            },
            StepKind::Renewal => match counters.renewal(date, school_year) {
                Ok(b) => {
                    step.bonus = b;
                    if let Some(birth) = p.birth {
                        let age_rating = initial_rating(birth, date) as f64;
                        if current + b < age_rating {
                            step.bonus = age_rating - current;
                            step.note = format!(
                                "+{} still below the rating for age {} ({}): raised to it",
                                num(b),
                                explain::age_text(age_in_months(birth, date)),
                                age_rating
                            );
                        }
                    }
                }
                Err(why) => step.note = why.into(),
            },
            StepKind::Game(g) => {
                if let (Some(mine), Some(theirs)) = (own, g.opponent_rating) {
                    step.elo = Some(Elo::new(mine, theirs));
                    step.change = elo_change(mine, theirs, g.score);
                } else {
                    step.note = "the opponent has no CIS rating: activity bonus only".into();
                }
                step.bonus = counters.activity(date);
                if step.bonus == 0.0 {
                    let sep = if step.note.is_empty() { "" } else { "; " };
                    step.note = format!("{}{sep}20 games with an activity bonus already this month", step.note);
                }
            }
        }
        next += step.change + step.bonus;
        if next < FLOOR {
            // The rating stops at the floor; the note says how much that kept.
            let sep = if step.note.is_empty() { "" } else { "; " };
            step.note = format!("{}{sep}{} would be below the floor: kept at {}", step.note, num(next), num(FLOOR));
            next = FLOOR;
        }
        step.rating = Some(next);
        rating = Some(next);
        steps.push(step);
    }
    CisPeriod { start, steps, rating }
}

/// A date in the `Joined` column.
pub(super) fn joined_value(value: Option<&ExtraValue>) -> Result<Option<NaiveDate>, String> {
    match value {
        None | Some(ExtraValue::Empty) => Ok(None),
        Some(ExtraValue::Date(d)) => Ok(Some(*d)),
        Some(ExtraValue::Text(t)) => parse_date(t).map(Some).ok_or_else(|| format!("\"{t}\"")),
        Some(ExtraValue::Number(n)) => Err(format!("the number {}", num(*n))),
        Some(ExtraValue::Bool(b)) => Err(format!("the logical value {b}")),
    }
}

/// History rows by player ID.
fn history_by_player(period: &ValidPeriod) -> HashMap<u32, Vec<&HistoryEntry>> {
    let mut by: HashMap<u32, Vec<&HistoryEntry>> = HashMap::new();
    for h in period.inputs.history(files::HISTORY.stem) {
        by.entry(h.id).or_default().push(h);
    }
    by
}

/// Lessons or renewals not yet in the history and dated by the period's end,
/// by player ID, each list in date order.
fn new_dated(
    rows: &[DatedEntry],
    history: &HashMap<u32, Vec<&HistoryEntry>>,
    kind: HistoryKind,
    end: NaiveDate,
) -> HashMap<u32, Vec<NaiveDate>> {
    let mut recorded: HashMap<(u32, NaiveDate), usize> = HashMap::new();
    for (id, rows) in history {
        for h in rows.iter().filter(|h| h.kind == kind) {
            *recorded.entry((*id, h.date)).or_default() += 1;
        }
    }
    let mut out: HashMap<u32, Vec<NaiveDate>> = HashMap::new();
    for r in rows.iter().filter(|r| r.date <= end) {
        match recorded.get_mut(&(r.id, r.date)) {
            Some(n) if *n > 0 => *n -= 1,
            _ => out.entry(r.id).or_default().push(r.date),
        }
    }
    for dates in out.values_mut() {
        dates.sort();
    }
    out
}

/// Every player's inputs for the period.
fn player_periods(period: &ValidPeriod, index: &GameIndex, school_year: (u32, u32)) -> Vec<PlayerPeriod> {
    let start = &period.players.players;
    let config = &period.config;
    let history = history_by_player(period);
    let lessons = new_dated(period.inputs.dated(files::LESSONS.stem), &history, HistoryKind::Lesson, config.end);
    let renewals = new_dated(period.inputs.dated(files::RENEWALS.stem), &history, HistoryKind::Renewal, config.end);
    let joined_col = extra_column(period, JOINED_COLUMN);
    let mut inputs: Vec<PlayerPeriod> = start
        .iter()
        .enumerate()
        .map(|(p, player)| PlayerPeriod {
            birth: player.birth_date,
            rating: player.published_rating(),
            joined: joined_col.and_then(|c| joined_value(player.extra.get(c)).ok().flatten()),
            lessons: lessons.get(&player.id).cloned().unwrap_or_default(),
            renewals: renewals.get(&player.id).cloned().unwrap_or_default(),
            games: index
                .of(p)
                .iter()
                .map(|g| CisGame {
                    date: period.events[g.event as usize].end,
                    event: g.event,
                    opponent: g.opponent,
                    opponent_rating: None,
                    score: g.score as f64,
                })
                .collect(),
            counters: Counters::from_history(history.get(&player.id).into_iter().flatten().copied(), school_year),
        })
        .collect();
    let starts: Vec<Option<f64>> = inputs.iter().map(|p| start_rating(p, config.end).map(StartRating::value)).collect();
    for p in &mut inputs {
        for g in &mut p.games {
            g.opponent_rating = starts[g.opponent as usize];
        }
    }
    inputs
}

/// A history row as the workbook holds it.
fn history_cells(h: &HistoryEntry) -> Vec<ExtraValue> {
    let number = |v: Option<f64>| v.map_or(ExtraValue::Empty, ExtraValue::Number);
    let text = |t: &str| if t.is_empty() { ExtraValue::Empty } else { ExtraValue::Text(t.to_string()) };
    vec![
        ExtraValue::Number(h.id as f64),
        ExtraValue::Date(h.date),
        ExtraValue::Text(h.kind.as_str().to_string()),
        text(&h.event),
        number(h.opponent.map(|o| o as f64)),
        number(h.opponent_rating),
        number(h.result),
        ExtraValue::Number(h.change),
        ExtraValue::Number(h.bonus),
        number(h.rating),
        text(&h.note),
    ]
}

/// The history rows of one player's period.
fn history_rows(period: &ValidPeriod, player: &Player, result: &CisPeriod) -> Vec<HistoryEntry> {
    let start = &period.players.players;
    result
        .steps
        .iter()
        .map(|s| {
            let (kind, event, opponent, opponent_rating, score) = match &s.kind {
                StepKind::Entry { .. } => (HistoryKind::Entry, String::new(), None, None, None),
                StepKind::Lesson => (HistoryKind::Lesson, String::new(), None, None, None),
                StepKind::Renewal => (HistoryKind::Renewal, String::new(), None, None, None),
                StepKind::Game(g) => (
                    HistoryKind::Game,
                    period.events[g.event as usize].code.clone(),
                    Some(start[g.opponent as usize].id),
                    g.opponent_rating,
                    Some(g.score),
                ),
            };
            HistoryEntry {
                id: player.id,
                date: s.date,
                kind,
                event,
                opponent,
                opponent_rating,
                result: score,
                change: s.change,
                bonus: s.bonus,
                rating: s.rating,
                note: s.note.clone(),
            }
        })
        .collect()
}

impl RatingSystem for Cis {
    fn name(&self) -> SystemName {
        SystemName::Cis
    }

    fn inputs(&self) -> &'static [SideFile] {
        &files::ALL
    }

    fn validate_settings(&self, rules: &mut crate::config::RuleSettings) {
        let (school_year_start, findings) = policy::settings(rules);
        rules.validate(SystemName::Cis, policy::Settings { school_year_start }, findings);
    }

    fn expected_score(&self, player: &Player, opponent: &Player) -> Option<f64> {
        Some(expected(player.published_rating()?, opponent.published_rating()?))
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        let start = &period.players.players;
        let config = &period.config;
        let index = GameIndex::build(period);
        let school_year = policy::Settings::of(&config.rules).school_year_start;
        let inputs = player_periods(period, &index, school_year);
        let results: Vec<CisPeriod> =
            inputs.par_iter().map(|p| run_period(p, start_rating(p, config.end), school_year)).collect();
        let (columns, positions) = with_columns(&period.players.extra_columns, &[JOINED_COLUMN]);
        let joined_at = positions[0];
        let mut players = Vec::with_capacity(start.len());
        let mut calculations = Vec::new();
        let mut history: Vec<HistoryEntry> = Vec::new();
        let mut traces: Vec<Option<Box<dyn Trace>>> = Vec::with_capacity(start.len());
        for (p, r) in results.into_iter().enumerate() {
            let mut next = carry_forward(&index, p, &start[p]);
            next.extra.resize(columns.len(), ExtraValue::Empty);
            if let Some(rating) = r.rating {
                next.rating = Some(rating);
                next.status = Status::Confirmed;
            }
            if let Some(StartRating::Enters { date, .. }) = r.start {
                if next.extra[joined_at] == ExtraValue::Empty {
                    next.extra[joined_at] = ExtraValue::Date(date);
                }
            }
            let games: Vec<(&Step, &CisGame)> = r
                .steps
                .iter()
                .filter_map(|s| match &s.kind {
                    StepKind::Game(g) => Some((s, g)),
                    _ => None,
                })
                .collect();
            next.games += games.len() as u32;
            for (event, part) in by_event(&games, |(_, g)| g.event) {
                let rated: Vec<f64> = part.iter().filter_map(|(_, g)| g.opponent_rating).collect();
                let in_pool = r.rating.is_some();
                calculations.push(Calculation {
                    player_id: next.id,
                    event: period.events[event as usize].code.clone(),
                    stage: 1,
                    games: part.len() as u32,
                    score: part.iter().map(|(_, g)| g.score).sum(),
                    opp_avg: if rated.is_empty() { 0.0 } else { rated.iter().sum::<f64>() / rated.len() as f64 },
                    expected: in_pool.then(|| part.iter().filter_map(|(s, _)| s.elo.map(|e| e.expected)).sum()),
                    bonus: in_pool.then(|| part.iter().map(|(s, _)| s.bonus).sum()),
                    change: in_pool.then(|| part.iter().map(|(s, _)| s.change + s.bonus).sum()),
                });
            }
            history.extend(history_rows(period, &next, &r));
            players.push(next);
            traces.push(Some(Box::new(r)));
        }
        history.sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
        let rows = period.inputs.history(files::HISTORY.stem).iter().chain(&history).map(history_cells).collect();
        let output = OutputTable {
            file: files::HISTORY.file_name(),
            sheet: files::HISTORY.sheet.into(),
            columns: HISTORY_COLUMNS.iter().map(|(n, w)| (n.to_string(), *w)).collect(),
            rows,
        };
        let removed = vec![false; players.len()];
        Ratings {
            players,
            removed,
            calculations,
            traces,
            extra_columns: Some(columns),
            outputs: vec![output],
            stage_times: Vec::new(),
        }
    }

    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
        explain::explain(period, ratings, p)
    }

    fn printed(&self, player: &Player) -> String {
        printed_whole(player)
    }

    /// Every game uses the start rating, a newcomer's initial rating included.
    fn counted_rating(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> String {
        match ratings.trace::<CisPeriod>(p).and_then(|r| r.start) {
            Some(start) => round_half_up(start.value()).to_string(),
            None => printed_whole(&period.players.players[p]),
        }
    }

    /// Its floor: a rating is kept at it.
    fn floor(&self) -> Option<f64> {
        Some(FLOOR)
    }

    /// CIS ratings are rated or not: no provisional or confirmed status.
    fn words(&self) -> Words {
        let words = Words { confirmed: "rated", provisional: None, band: 50, ..crate::model::words::ACF };
        Words {
            officer: "rating coordinator",
            officer_of: "your school district's",
            region: "district",
            regions: "districts",
            region_title: "District",
            regions_title: "Districts",
            ..words
        }
    }

    fn state_columns(&self) -> &'static [&'static str] {
        &[JOINED_COLUMN]
    }

    fn tables(&self) -> SystemTables {
        SystemTables::default()
    }

    fn calculator(&self, _next: &crate::config::PeriodConfig) -> super::Calculator {
        calculator::calculator()
    }

    fn calculator_state(&self, player: &Player, _: &[String], _: &crate::config::PeriodConfig) -> serde_json::Value {
        calculator::state(player)
    }

    fn rules_text(&self) -> RulesText {
        RulesText { text: include_str!("rules.typ"), legend: &LEGEND }
    }
}

#[cfg(test)]
mod tests;
