//! FIDE's Elo, as its Rating Regulations in force from 1 March 2024 rate
//! standard play (FIDE Handbook B.02): each game against a rated opponent
//! scores against PD from table 8.1.b (a difference over 400 counts as 400,
//! in every game), the period's change is K × Σ(score − PD) rounded .5 away
//! from zero, K is 40, 20 or 10 and capped so that K × n ≤ 700; an unrated
//! player's games against rated opponents are pooled (in the player file)
//! until he has 5 within 26 months, then rated Ra + dp with two hypothetical
//! draws against 1800, at most 2200; the list publishes 1400 and more.
//! Players are rated independently, in parallel, from the last list. A list
//! of rapid or blitz play is rated by FIDE's Rapid and Blitz Rating
//! Regulations of the same date, which differ in what `play` says.

mod calculator;
mod explain;
pub mod play;
mod pool;
mod state;

use chrono::{Datelike, Months, NaiveDate};
use rayon::prelude::*;

use super::common::{
    by_event, carry_forward, extra_column, extra_number, printed_whole, round_half_away, with_columns,
};
use super::games::{GameIndex, GameRef};
use super::tables::{hundredths, Table1Line, Table2Line, TABLE1_DP, TABLE2};
use super::{Calculation, Explanation, LegendEntry, RatingSystem, Ratings, RulesText, Trace, Words};
use crate::config::PeriodConfig;
use crate::diag::Diagnostic;
use crate::model::system::SystemName;
use crate::model::time_control::TimeControl;
use crate::model::{ExtraValue, Player, PlayerFile};
use crate::rate::tables::SystemTables;
use crate::validate::{EligibilityPolicy, ValidPeriod};
pub use pool::PoolEntry;
pub use state::{k_for, KReason};

/// The FIDE rule set.
pub struct Fide;

/// The lowest rating published (8.1.1's floor since 1 March 2024).
pub const FLOOR: f64 = 1400.0;
/// A rating difference over this counts as this much (8.3.1).
pub const MAX_DIFFERENCE: i64 = 400;
/// K × games in a period may not exceed this (8.3.3).
pub const K_TIMES_GAMES: u32 = 700;
/// Games against rated opponents an unrated player needs for a first rating (7.1).
pub const FIRST_GAMES: u32 = 5;
/// The months over which an unrated player's games are pooled (7.1.1).
pub const POOL_MONTHS: u32 = 26;
/// The rating of the two hypothetical opponents drawn with in a first rating (8.2).
pub const HYPOTHETICAL: f64 = 1800.0;
/// The highest first rating (8.2).
pub const FIRST_RATING_MAX: f64 = 2200.0;
/// The player file's column holding each player's K, and his games toward a first rating.
pub const K_COLUMN: &str = "K";
pub const POOL_COLUMN: &str = "Pool";
/// The K values FIDE uses (a capped K is worked out each period, never kept).
pub const K_VALUES: [u32; 3] = [40, 20, 10];

/// PD, table 8.1.b: the expected score of a player `d` points above his
/// opponent (below when negative), the difference whole and counted as at
/// most 400 (the 400-point rule).
pub fn pd(d: i64) -> f64 {
    let counted = d.clamp(-MAX_DIFFERENCE, MAX_DIFFERENCE);
    let row = super::tables::table2_row(counted.unsigned_abs() as u32);
    (if counted >= 0 { row.higher } else { row.lower }) as f64 / 100.0
}

/// dp, table 8.1.a: the rating difference of a percentage score in
/// hundredths (0 to 100): −800 and +800 at the ends, Elo's table between.
pub fn dp(percent: u32) -> i32 {
    match percent {
        0 => -800,
        100.. => 800,
        p => TABLE1_DP[p as usize],
    }
}

/// K for the period's `games` games: the largest whole number with K × n ≤ 700.
pub fn capped(k: u32, games: u32) -> u32 {
    if games > 0 && k * games > K_TIMES_GAMES {
        K_TIMES_GAMES / games
    } else {
        k
    }
}

/// One game against a rated opponent.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    pub event: u32,
    pub opponent: u32,
    pub score: f64,
    /// The opponent's rating, the player's own minus it, and PD.
    pub rating: f64,
    pub d: i64,
    pub pd: f64,
}

impl RatedGame {
    /// Whether the 400-point rule changed the difference counted.
    pub fn capped(&self) -> bool {
        self.d.abs() > MAX_DIFFERENCE
    }
}

/// A rated player's period.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub own: f64,
    /// K at the start, and where it came from; K after the 700 cap.
    pub k: (u32, KReason),
    pub k_used: u32,
    pub games: Vec<RatedGame>,
    /// Games against unrated opponents: not rated.
    pub not_rated: Vec<GameRef>,
    /// Games 600 points apart or more with a player above 2600, on a rapid
    /// or blitz list: not rated ([`play::excluded`]).
    pub excluded: Vec<GameRef>,
    pub score: f64,
    pub expected: f64,
    /// K × (score − ΣPD), and that rounded.
    pub exact: f64,
    pub change: i64,
    /// The new rating (`None`: below the floor, unrated again).
    pub new: Option<f64>,
    pub next_k: Option<(u32, KReason)>,
}

/// A first rating: Ra with the two hypothetical draws, p, dp and Ru.
#[derive(Debug, Clone, PartialEq)]
pub struct Initial {
    pub games: u32,
    pub score: f64,
    pub ratings: f64,
    pub ra: f64,
    /// (score + 1) / (games + 2) in hundredths.
    pub percent: u32,
    pub dp: i32,
    /// Ra + dp rounded, and whether 2200 capped it.
    pub ru: i64,
    pub capped: bool,
    pub published: bool,
}

/// An unrated player's period: his pool and, with 5 games, his first rating.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstRating {
    /// The pool at the start; the entries older than 26 months dropped from it.
    pub kept: Vec<PoolEntry>,
    pub dropped: Vec<PoolEntry>,
    /// This period's games against rated opponents, and against unrated ones (not counted).
    pub games: Vec<RatedGame>,
    pub not_rated: Vec<GameRef>,
    /// This period's entry of the pool (none without such games).
    pub this: Option<PoolEntry>,
    pub initial: Option<Initial>,
    pub next_k: Option<(u32, KReason)>,
}

/// What `rate` worked out for one player.
#[derive(Debug, Clone, PartialEq)]
pub enum FideCalc {
    Rated(Change),
    Unrated(FirstRating),
}

/// A rated player's games against rated opponents, those against unrated
/// ones, and (`fast`: on a rapid or blitz list) those 7.3.1 leaves unrated.
fn games_against(
    own: f64,
    games: &[GameRef],
    start: &[Player],
    fast: bool,
) -> (Vec<RatedGame>, Vec<GameRef>, Vec<GameRef>) {
    let mut rated = Vec::new();
    let mut not_rated = Vec::new();
    let mut excluded = Vec::new();
    for g in games {
        match start[g.opponent as usize].published_rating() {
            Some(rating) if fast && play::excluded(own, rating) => excluded.push(*g),
            Some(rating) => {
                let d = round_half_away(own - rating);
                rated.push(RatedGame {
                    event: g.event,
                    opponent: g.opponent,
                    score: g.score as f64,
                    rating,
                    d,
                    pd: pd(d),
                })
            }
            None => not_rated.push(*g),
        }
    }
    (rated, not_rated, excluded)
}

/// A rated player's change over the period, with K as the file gives it (or the rules).
pub fn change(own: f64, k: (u32, KReason), games: Vec<RatedGame>, not_rated: Vec<GameRef>) -> Change {
    let k_used = capped(k.0, games.len() as u32);
    let score: f64 = games.iter().map(|g| g.score).sum();
    let expected: f64 = games.iter().map(|g| g.pd).sum();
    // (ΣPD of hundredths, kept exact before K multiplies it.)
    let exact = k_used as f64 * ((score - expected) * 100.0).round() / 100.0;
    let change = round_half_away(exact);
    let after = own + change as f64;
    Change {
        own,
        k,
        k_used,
        games,
        not_rated,
        excluded: Vec::new(),
        score,
        expected,
        exact,
        change,
        new: (after >= FLOOR).then_some(after),
        next_k: None,
    }
}

/// The first rating over the pooled games (`None`: fewer than 5).
pub fn initial(pool: &[PoolEntry]) -> Option<Initial> {
    let games: u32 = pool.iter().map(|e| e.games).sum();
    if games < FIRST_GAMES {
        return None;
    }
    let score: f64 = pool.iter().map(|e| e.score).sum();
    let ratings: f64 = pool.iter().map(|e| e.ratings).sum();
    let n = games as f64 + 2.0;
    let ra = (ratings + 2.0 * HYPOTHETICAL) / n;
    let percent = super::common::round_half_up((score + 1.0) * 100.0 / n).clamp(0, 100) as u32;
    let dp = dp(percent);
    let exact = round_half_away(ra + dp as f64);
    let ru = exact.min(FIRST_RATING_MAX as i64);
    Some(Initial { games, score, ratings, ra, percent, dp, ru, capped: exact > ru, published: ru as f64 >= FLOOR })
}

/// An unrated player's period: the pool within 26 months of the period's
/// end, this period's games added, and his first rating when he has 5.
/// `this` is the entry of this period's games.
pub fn first_rating(
    pool: Vec<PoolEntry>,
    this: Option<PoolEntry>,
    games: Vec<RatedGame>,
    not_rated: Vec<GameRef>,
    end: NaiveDate,
) -> FirstRating {
    let oldest = end.checked_sub_months(Months::new(POOL_MONTHS)).unwrap_or(end);
    let (kept, dropped): (Vec<PoolEntry>, Vec<PoolEntry>) = pool.into_iter().partition(|e| e.date >= oldest);
    let mut all = kept.clone();
    all.extend(this);
    FirstRating { initial: initial(&all), kept, dropped, games, not_rated, this, next_k: None }
}

/// A player's state columns: his K and pool, by their positions in the period's extra columns.
struct Columns {
    k: Option<usize>,
    pool: Option<usize>,
}

impl Columns {
    fn of(period: &ValidPeriod) -> Columns {
        Columns { k: extra_column(period, K_COLUMN), pool: extra_column(period, POOL_COLUMN) }
    }

    /// The K the file gives the player, when it gives a valid one.
    fn k(&self, p: &Player) -> Option<u32> {
        let value = extra_number(self.k.and_then(|c| p.extra.get(c))).ok()??;
        K_VALUES.contains(&(value as u32)).then_some(value as u32).filter(|_| value.fract() == 0.0)
    }

    fn pool(&self, p: &Player) -> Vec<PoolEntry> {
        match self.pool.and_then(|c| p.extra.get(c)) {
            Some(ExtraValue::Text(t)) => PoolEntry::parse_all(t).unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}

/// One player's period.
fn player_calc(period: &ValidPeriod, columns: &Columns, p: usize, games: &[GameRef]) -> FideCalc {
    let start = &period.players.players;
    let player = &start[p];
    let config = &period.config;
    let fast = !config.rates_standard_play();
    match player.published_rating() {
        Some(own) => {
            let k = match columns.k(player) {
                Some(k) => (k, KReason::File),
                None => k_for(own, player.games, player.birth_date, false, config.start),
            };
            let (rated, not_rated, excluded) = games_against(own, games, start, fast);
            let mut c = change(own, k, rated, not_rated);
            c.excluded = excluded;
            let reached = k.0 == 10 || c.new.is_some_and(|r| r >= 2400.0);
            c.next_k = c
                .new
                .map(|r| k_for(r, player.games + c.games.len() as u32, player.birth_date, reached, config.published));
            FideCalc::Rated(c)
        }
        None => {
            // An unrated player's own rating does not enter his games: D is not used.
            let (rated, not_rated, _) = games_against(0.0, games, start, false);
            let this = PoolEntry::of(&rated, period);
            let mut f = first_rating(columns.pool(player), this, rated, not_rated, config.end);
            f.next_k = f
                .initial
                .as_ref()
                .filter(|i| i.published)
                .map(|i| k_for(i.ru as f64, player.games + i.games, player.birth_date, false, config.published));
            FideCalc::Unrated(f)
        }
    }
}

impl EligibilityPolicy for Fide {
    /// A rating without a status is a published one (FIDE has no
    /// provisional status): 1400 or more; below, none (the floor).
    fn status_unstated(&self, player: &Player, _columns: &[String], _config: &PeriodConfig) -> crate::model::Status {
        match player.rating {
            Some(r) if r >= FLOOR => crate::model::Status::Confirmed,
            _ => player.status,
        }
    }

    /// Standard play: at least 60 minutes each for 60 moves (B.02 1.1's
    /// least; its 90 and 120 minutes for fields with players of 1800 and
    /// 2400 are the organiser's to keep).
    fn time_control(&self, tc: &TimeControl) -> Result<(), String> {
        play::time_control(crate::model::rate_of_play::RateOfPlay::Standard, tc)
    }

    /// Each list's rate of play as FIDE defines it (blitz more than 3
    /// minutes), and rapid and blitz rounds a day.
    fn rate_of_play(
        &self,
        rate: crate::model::rate_of_play::RateOfPlay,
        tc: &TimeControl,
        rounds: u32,
        (start, end): (chrono::NaiveDate, chrono::NaiveDate),
    ) -> Result<(), String> {
        play::time_control(rate, tc)?;
        play::rounds_a_day(rate, rounds, start, end)
    }

    fn check_inputs(&self, period: &ValidPeriod) -> Vec<Diagnostic> {
        state::check(period)
    }
}

impl RatingSystem for Fide {
    fn name(&self) -> SystemName {
        SystemName::Fide
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        let start = &period.players.players;
        let index = GameIndex::build(period);
        let columns = Columns::of(period);
        let calcs: Vec<FideCalc> =
            (0..start.len()).into_par_iter().map(|p| player_calc(period, &columns, p, index.of(p))).collect();
        let (names, at) = with_columns(&period.players.extra_columns, &[K_COLUMN, POOL_COLUMN]);
        let mut players = Vec::with_capacity(start.len());
        let mut calculations = Vec::new();
        let mut traces: Vec<Option<Box<dyn Trace>>> = Vec::with_capacity(start.len());
        for (p, calc) in calcs.into_iter().enumerate() {
            let mut next = carry_forward(&index, p, &start[p]);
            next.extra.resize(names.len(), ExtraValue::Empty);
            let played = !index.of(p).is_empty();
            state::record(&mut next, &calc, &at, &start[p]);
            rows(period, next.id, &calc, &mut calculations);
            players.push(next);
            let kept = played || matches!(calc, FideCalc::Rated(_));
            traces.push(kept.then(|| Box::new(calc) as Box<dyn Trace>));
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

    fn printed(&self, player: &Player) -> String {
        printed_whole(player)
    }

    /// Its floor: no rating below it is published.
    fn floor(&self) -> Option<f64> {
        Some(FLOOR)
    }

    /// Table 8.1.b's PD from the two published ratings, the 400-point rule applied.
    fn expected_score(&self, player: &Player, opponent: &Player) -> Option<f64> {
        Some(pd(round_half_away(player.published_rating()? - opponent.published_rating()?)))
    }

    fn state_columns(&self) -> &'static [&'static str] {
        &[K_COLUMN, POOL_COLUMN]
    }

    fn adopt(&self, players: PlayerFile, config: &PeriodConfig) -> PlayerFile {
        state::adopt(players, config)
    }

    /// 7.2.1 of the rapid and blitz regulations: an unrated player with a
    /// standard rating is rated from it.
    fn starts_from_standard(&self, play: &[crate::model::rate_of_play::RateOfPlay]) -> bool {
        !play.is_empty() && !play.contains(&crate::model::rate_of_play::RateOfPlay::Standard)
    }

    /// Ratings, rated and unrated; no provisional rating.
    fn words(&self) -> Words {
        Words { confirmed: "rated", provisional: None, ..crate::model::words::ACF }
    }

    /// Tables 8.1.a (p from 1.00 down to .00) and 8.1.b.
    fn tables(&self) -> SystemTables {
        SystemTables {
            table1: (0..=100).rev().map(|p| Table1Line { p: hundredths(p), dp: dp(p) }).collect(),
            table2: TABLE2
                .iter()
                .map(|r| Table2Line {
                    difference: r.difference(),
                    higher: hundredths(r.higher),
                    lower: hundredths(r.lower),
                })
                .collect(),
        }
    }

    fn calculator(&self, next: &PeriodConfig) -> super::Calculator {
        calculator::calculator(next)
    }

    fn calculator_state(&self, player: &Player, columns: &[String], next: &PeriodConfig) -> serde_json::Value {
        calculator::state(player, columns, next)
    }

    fn rules_text(&self) -> RulesText {
        RulesText {
            text: include_str!("rules.typ"),
            legend: &[
                LegendEntry { sample: "2105", meaning: "a *rating*, a whole number, 1400 or more." },
                LegendEntry {
                    sample: "Unr",
                    meaning: "*unrated*: the player's games against rated opponents are pooled until he has 5 within 26 months, and a first rating of 1400 or more is published.",
                },
            ],
        }
    }
}

/// The Calculations rows of a player: one per event with games that counted.
fn rows(period: &ValidPeriod, id: u32, calc: &FideCalc, out: &mut Vec<Calculation>) {
    let (games, k, stage) = match calc {
        FideCalc::Rated(c) => (&c.games, Some(c.k_used), 2),
        FideCalc::Unrated(f) => (&f.games, None, 1),
    };
    for (event, run) in by_event(games, |g| g.event) {
        let score: f64 = run.iter().map(|g| g.score).sum();
        let expected: f64 = run.iter().map(|g| g.pd).sum();
        out.push(Calculation {
            player_id: id,
            event: period.events[event as usize].code.clone(),
            stage,
            games: run.len() as u32,
            score,
            opp_avg: run.iter().map(|g| g.rating).sum::<f64>() / run.len() as f64,
            expected: k.map(|_| expected),
            bonus: None,
            change: k.map(|k| k as f64 * (score - expected)),
        });
    }
}

/// A junior's K lasts to the end of the year he turns this old.
pub const JUNIOR_AGE: i32 = 18;

/// The end of the year of a player's 18th birthday is on or after `on`.
fn junior(birth: Option<NaiveDate>, on: NaiveDate) -> bool {
    birth.is_some_and(|b| on.year() <= b.year() + JUNIOR_AGE)
}

#[cfg(test)]
mod tests;
