//! The NZCF rating regulations (1985, amended to 2007; other-systems.md):
//! provisional players get a performance rating over all their games
//! (stage 1, in parallel); established players then change per tournament by
//! K(Wa − We) with K = (3000 − Ro)/50, the bonus and its 2200 rules, the
//! winner rule and the gain limit, and over the period within the period cap
//! (stage 2, in parallel). Rules 2.2 and 2.3 print the ACF's Tables 1 and 2.

mod calculator;
mod explain;

use std::collections::HashSet;

use chrono::{Months, NaiveDate};

use super::common::{
    by_event, event_totals, percent_score, rate_in_two_stages, round_half_away, round_half_up,
    Counted, CountedGame, EventPart, Stage, TwoStages,
};
use super::games::GameRef;
use super::tables::{dp, expected_percent};
use super::{Calculation, Explanation, LegendEntry, RatingSystem, Ratings, RulesText, Words};
use crate::model::system::SystemName;
use crate::model::time_control::{Control, TimeControl};
use crate::model::{Player, Status};
use crate::rate::tables::SystemTables;
use crate::validate::{EligibilityPolicy, EventEntrants, NotRated, ValidPeriod};

/// The NZCF rule set.
pub struct Nzcf;

/// Fully rated games after which a player is established (rule 3.1), from the next period.
pub const ESTABLISHED_AFTER: u32 = 15;
/// No bonus above this rating, and no passing it with a bonus (rule 4.5).
pub const BONUS_CEILING: f64 = 2200.0;
/// The largest bonus factor (rule 4.4).
pub const MAX_FACTOR: f64 = 3.0;
/// Percentage points by which the actual score must beat the expected for a bonus (rule 4.4).
pub const BONUS_MARGIN: f64 = 10.0;
/// Fewest games in a tournament that can earn a bonus (rule 4.6).
pub const BONUS_GAMES: u32 = 4;
/// Bounds of one game's expectancy, in hundredths (rule 4.3).
pub const EXPECTANCY_BOUNDS: (u32, u32) = (10, 90);
/// Games faster than this many seconds a move are not rated (rule 6.5).
pub const SECONDS_A_MOVE: u64 = 90;
/// Moves a sudden-death control is taken to cover.
pub const SUDDEN_DEATH_MOVES: u32 = 60;
/// Years of inactivity after which established and provisional players are deleted (rule 6.2).
pub const INACTIVE_YEARS: (u32, u32) = (10, 5);

/// A provisional player's performance rating over all his games (rule 3.3).
#[derive(Debug, Clone, PartialEq)]
pub struct Provisional {
    pub parts: Vec<EventPart>,
    /// Games, sum of opponents' ratings and score this period.
    pub ng: u32,
    pub sr: f64,
    pub ts: f64,
    /// Average opponent rating, total games and total score over all periods.
    pub ar: f64,
    pub g: u32,
    pub t: f64,
    /// P in hundredths and its Dp; `None` for a 0% or 100% score (no rating).
    pub percent: Option<u32>,
    pub dp: Option<i32>,
    pub rp: Option<f64>,
    pub status: Status,
}

/// One game of an established player's tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct GameCalc {
    /// Index of the opponent in the period's players.
    pub opponent: u32,
    pub rating: f64,
    pub score: f64,
    /// Opponent's rating minus the player's, rounded half away from zero.
    pub d: i64,
    /// Table 2's expectancy and the one used (kept within .10–.90), in hundredths.
    pub table: u32,
    pub expectancy: u32,
}

/// Why a tournament earns no bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoBonus {
    /// Fewer than four games (rule 4.6).
    FewGames,
    /// Rated over 2200 (rule 4.5).
    Over2200,
    /// The actual percentage is not 10 points above the expected (rule 4.4).
    BelowMargin,
}

/// One tournament of an established player (rules 4.1-4.9).
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    pub event: u32,
    pub games: Vec<GameCalc>,
    pub n: u32,
    pub wa: f64,
    pub we: f64,
    /// Actual and expected percentage scores (0-100).
    pub pa: f64,
    pub pe: f64,
    /// The bonus factor applied to K, or why there is none.
    pub factor: Result<f64, NoBonus>,
    /// K(Wa − We), and with the bonus factor.
    pub plain: f64,
    pub with_bonus: f64,
    /// The change after rule 4.5 kept the bonus from passing 2200, when it did.
    pub cut_at_2200: Option<f64>,
    /// Tournament performance Rp = Ro + Da − De (rule 4.8), Da, De in Table 1.
    pub da: i32,
    pub de: i32,
    pub rp: f64,
    /// The gain limit (5r + 5)(Rp − Ro)/100 (rule 4.9) and whether it cut the gain.
    pub limit: f64,
    pub limited: bool,
    /// A winner or joint winner of the tournament, and whether rule 4.7 kept a loss away.
    pub winner: bool,
    pub loss_waived: bool,
    /// The change from this tournament, and the part of it that is bonus.
    pub change: f64,
    pub bonus: f64,
}

/// The period cap (rule 4.11), worked out when the period's total change is a gain.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodCap {
    pub n: u32,
    pub wa: f64,
    pub we: f64,
    pub da: i32,
    pub de: i32,
    /// Performance over the whole period.
    pub rp: f64,
    /// Whether the cap lowered the new rating.
    pub capped: bool,
}

/// An established player's period (stage 2).
#[derive(Debug, Clone, PartialEq)]
pub struct Established {
    pub ro: f64,
    pub k: f64,
    pub tournaments: Vec<Tournament>,
    pub total: f64,
    pub cap: Option<PeriodCap>,
    pub rn: f64,
}

/// What `rate` keeps of a player's period for `explain`: his stage, with
/// his games as it counted them.
pub type Trace = Stage<Counted<Option<Provisional>>, Counted<Established>>;

/// K = (3000 − Ro) / 50 (rule 4.2).
pub fn k_factor(ro: f64) -> f64 {
    (3000.0 - ro) / 50.0
}

/// One game's expectancy against an opponent: (D, Table 2's value, the value
/// kept within .10-.90), in hundredths.
pub fn game_expectancy(own: f64, opponent: f64) -> (i64, u32, u32) {
    let d = round_half_away(opponent - own);
    let table = expected_percent(d);
    (d, table, table.clamp(EXPECTANCY_BOUNDS.0, EXPECTANCY_BOUNDS.1))
}

/// The bonus factor (Pa − Pe)/10, at most 3, for `n` games at rating `ro`
/// with actual and expected percentages `pa`, `pe` (rules 4.4-4.6).
pub fn bonus_factor(n: u32, ro: f64, pa: f64, pe: f64) -> Result<f64, NoBonus> {
    if n < BONUS_GAMES {
        Err(NoBonus::FewGames)
    } else if ro > BONUS_CEILING {
        Err(NoBonus::Over2200)
    } else if pa - pe < BONUS_MARGIN - 1e-9 {
        Err(NoBonus::BelowMargin)
    } else {
        Ok(((pa - pe) / 10.0).min(MAX_FACTOR))
    }
}

/// Rule 4.5: a bonus never takes a player from `running` past 2200, unless
/// the change without it (`plain`) already does.
pub fn cut_at_2200(running: f64, plain: f64, with_bonus: f64) -> f64 {
    if running + with_bonus <= BONUS_CEILING {
        with_bonus
    } else {
        plain.max(BONUS_CEILING - running).min(with_bonus)
    }
}

/// Performance Rp = Ro + Da − De (rule 4.8, the source's `Ro–Da–De` read as
/// Ro + Da − De): Da for the actual score, De for the expected, both from
/// Table 1 with percentages in hundredths kept within .01-.99.
pub fn performance_rating(ro: f64, n: u32, wa: f64, we: f64) -> (i32, i32, f64) {
    let da = dp(percent_score(wa, n));
    let de = dp(percent_score(we, n));
    (da, de, ro + da as f64 - de as f64)
}

/// The gain limit L = (5r + 5)(Rp − Ro)/100 for `r` rounds played (rule 4.9).
pub fn gain_limit(r: u32, rp: f64, ro: f64) -> f64 {
    (5.0 * r as f64 + 5.0) * (rp - ro) / 100.0
}

/// One tournament: games with the opponents' ratings, the player's start
/// rating `ro`, his rating so far this period `running`, and whether he won.
pub fn tournament(event: u32, games: Vec<GameCalc>, ro: f64, running: f64, winner: bool) -> Tournament {
    let n = games.len() as u32;
    let wa: f64 = games.iter().map(|g| g.score).sum();
    let we: f64 = games.iter().map(|g| g.expectancy as f64).sum::<f64>() / 100.0;
    let pa = 100.0 * wa / n as f64;
    let pe = 100.0 * we / n as f64;
    let k = k_factor(ro);
    let factor = bonus_factor(n, ro, pa, pe);
    let plain = k * (wa - we);
    let with_bonus = match factor {
        Ok(f) => k * f * (wa - we),
        Err(_) => plain,
    };
    let after_2200 = cut_at_2200(running, plain, with_bonus);
    let cut = (after_2200 < with_bonus - 1e-9).then_some(after_2200);
    let (da, de, rp) = performance_rating(ro, n, wa, we);
    let limit = gain_limit(n, rp, ro);
    let mut change = after_2200;
    let mut limited = false;
    if change > 0.0 && change > limit.max(0.0) + 1e-9 {
        change = limit.max(0.0);
        limited = true;
    }
    let loss_waived = winner && change < 0.0;
    if loss_waived {
        change = 0.0;
    }
    let bonus = if factor.is_ok() && change > plain { change - plain } else { 0.0 };
    Tournament {
        event,
        games,
        n,
        wa,
        we,
        pa,
        pe,
        factor,
        plain,
        with_bonus,
        cut_at_2200: cut,
        da,
        de,
        rp,
        limit,
        limited,
        winner,
        loss_waived,
        change,
        bonus,
    }
}

/// Rule 4.11: a period's gain never takes the rating above the performance
/// over the whole period, nor does the cap take it below `ro`.
pub fn period_cap(ro: f64, total: f64, n: u32, wa: f64, we: f64) -> (f64, Option<PeriodCap>) {
    if total <= 0.0 || n == 0 {
        return (ro + total, None);
    }
    let (da, de, rp) = performance_rating(ro, n, wa, we);
    let rn = (ro + total).min(rp).max(ro);
    (rn, Some(PeriodCap { n, wa, we, da, de, rp, capped: rn < ro + total - 1e-9 }))
}

/// An established player's period, with the games as counted. `rating_of(i)`
/// gives the rating to use for opponent `i` (`None` skips the game);
/// `won(event)` whether the player won or shared first in that event.
pub fn established(
    player: &Player,
    games: &[GameRef],
    rating_of: impl Fn(usize) -> Option<f64>,
    won: impl Fn(u32) -> bool,
) -> Counted<Established> {
    let ro = player.rating.expect("an established player has a rating");
    let counted: Vec<CountedGame> =
        games.iter().map(|g| CountedGame::new(g, rating_of(g.opponent as usize), |r| r)).collect();
    let mut tournaments: Vec<Tournament> = Vec::new();
    let mut running = ro;
    for (event, run) in by_event(&counted, |g| g.event) {
        let calcs: Vec<GameCalc> = run
            .iter()
            .filter_map(|g| {
                let r = g.rating?;
                let (d, table, expectancy) = game_expectancy(ro, r);
                Some(GameCalc { opponent: g.opponent, rating: r, score: g.score, d, table, expectancy })
            })
            .collect();
        if !calcs.is_empty() {
            let t = tournament(event, calcs, ro, running, won(event));
            running += t.change;
            tournaments.push(t);
        }
    }
    let total: f64 = tournaments.iter().map(|t| t.change).sum();
    let n = tournaments.iter().map(|t| t.n).sum();
    let wa = tournaments.iter().map(|t| t.wa).sum();
    let we = tournaments.iter().map(|t| t.we).sum();
    let (rn, cap) = period_cap(ro, total, n, wa, we);
    Counted { games: counted, result: Established { ro, k: k_factor(ro), tournaments, total, cap, rn } }
}

/// The performance rating of a provisional (or unrated) player over all his
/// games, against opponents rated at the start of the period, with the games
/// as counted (`result` is `None` when no opponent is rated).
pub fn provisional(player: &Player, games: &[GameRef], start: &[Player]) -> Counted<Option<Provisional>> {
    let counted: Vec<CountedGame> = games
        .iter()
        .map(|g| {
            let opp = &start[g.opponent as usize];
            CountedGame::new(g, opp.published_rating(), |r| r)
        })
        .collect();
    let parts = EventPart::all(&counted);
    let result = (!parts.is_empty()).then(|| {
        let ng = parts.iter().map(|p| p.games).sum();
        let sr = parts.iter().map(|p| p.opp_sum).sum();
        let ts = parts.iter().map(|p| p.score).sum();
        provisional_performance(player, parts, ng, sr, ts)
    });
    Counted { games: counted, result }
}

/// Rule 3.2 from this period's totals and the carried ones: Rp = Ra + Dp.
pub fn provisional_performance(player: &Player, parts: Vec<EventPart>, ng: u32, sr: f64, ts: f64) -> Provisional {
    let g = player.games + ng;
    let ar = (player.opp_avg.unwrap_or(0.0) * player.games as f64 + sr) / g as f64;
    let t = player.score + ts;
    let scored = t > 1e-9 && t < g as f64 - 1e-9;
    let percent = scored.then(|| percent_score(t, g));
    let dp = percent.map(dp);
    let rp = dp.map(|d| ar + d as f64);
    // Established only from the next period (rule 3.1): until then, provisional.
    let status = if rp.is_some() { Status::Provisional } else { Status::Unrated };
    Provisional { parts, ng, sr, ts, ar, g, t, percent, dp, rp, status }
}

/// Whether a player is rated as established this period: confirmed, or
/// provisional with 15 fully rated games reached in an earlier period (rule 3.1).
pub fn is_established(p: &Player) -> bool {
    p.rating.is_some()
        && (p.status == Status::Confirmed || (p.status == Status::Provisional && p.games >= ESTABLISHED_AFTER))
}

/// Winners and joint winners of every event (rule 4.7), by player ID.
fn winners(period: &ValidPeriod) -> Vec<HashSet<u32>> {
    period
        .events
        .iter()
        .map(|e| {
            let totals = event_totals(e);
            let best = totals.values().copied().fold(f64::NEG_INFINITY, f64::max);
            totals.into_iter().filter(|(_, t)| *t >= best - 1e-9).map(|(id, _)| id).collect()
        })
        .collect()
}

/// Why a game is not rated under rule 6.5, from its remark.
fn unrated_remark(remarks: Option<&str>) -> Option<&'static str> {
    let r = remarks?;
    if r.contains("adjudicat") {
        Some("adjudicated")
    } else if r.contains("computer") {
        Some("against a computer")
    } else {
        None
    }
}

impl TwoStages for Nzcf {
    type Performance = Counted<Option<Provisional>>;
    type Change = Counted<Established>;
    /// Each event's winners and joint winners (rule 4.7).
    type Context = Vec<HashSet<u32>>;

    fn established(&self, player: &Player) -> bool {
        is_established(player)
    }

    fn performance(&self, player: &Player, games: &[GameRef], start: &[Player]) -> Self::Performance {
        provisional(player, games, start)
    }

    /// A provisional player counts in stage 2 with the rating stage 1 gave him (rule 3.4).
    fn rating_after(&self, player: &Player, performance: &Self::Performance) -> Option<f64> {
        match &performance.result {
            Some(s) => s.rp.filter(|_| s.status.is_rated()),
            None => player.published_rating(),
        }
    }

    fn context(&self, period: &ValidPeriod) -> Self::Context {
        winners(period)
    }

    fn change(
        &self,
        player: &Player,
        games: &[GameRef],
        ratings: &[Option<f64>],
        winners: &Self::Context,
    ) -> Self::Change {
        established(player, games, |o| ratings[o], |e| winners[e as usize].contains(&player.id))
    }

    fn record(&self, period: &ValidPeriod, next: &mut Player, stage: &Trace, rows: &mut Vec<Calculation>) {
        let code = |e: u32| &period.events[e as usize].code;
        match stage {
            Stage::One(Counted { result: Some(s), .. }) => {
                next.games = s.g;
                next.score = s.t;
                next.opp_avg = Some(s.ar);
                next.rating = s.rp;
                next.status = s.status;
                rows.extend(s.parts.iter().map(|part| Calculation::performance(next.id, code(part.event), part)));
            }
            Stage::One(Counted { result: None, .. }) => {}
            Stage::Two(Counted { result: s, .. }) => {
                next.rating = Some(s.rn);
                next.status = Status::Confirmed;
                next.games += s.tournaments.iter().map(|t| t.n).sum::<u32>();
                rows.extend(s.tournaments.iter().map(|t| Calculation {
                    player_id: next.id,
                    event: code(t.event).clone(),
                    stage: 2,
                    games: t.n,
                    score: t.wa,
                    opp_avg: t.games.iter().map(|g| g.rating).sum::<f64>() / t.n as f64,
                    expected: Some(t.we),
                    bonus: Some(t.bonus),
                    change: Some(t.change),
                }));
            }
        }
    }

    /// Rule 6.2: established players inactive for ten years, others for five.
    fn removed(&self, next: &Player, published: NaiveDate) -> bool {
        let years = if next.status == Status::Confirmed { INACTIVE_YEARS.0 } else { INACTIVE_YEARS.1 };
        let inactive_since = published.checked_sub_months(Months::new(12 * years)).unwrap_or(published);
        next.last_played.is_some_and(|d| d < inactive_since)
    }
}

impl EligibilityPolicy for Nzcf {
    fn time_control(&self, tc: &TimeControl) -> Result<(), String> {
        let (moves, seconds) = match tc.controls.first().copied() {
            Some(Control::Moves { moves, seconds, increment }) => {
                (moves as u64, seconds as u64 + increment as u64 * moves as u64)
            }
            _ => (SUDDEN_DEATH_MOVES as u64, tc.seconds_for(SUDDEN_DEATH_MOVES)),
        };
        if seconds >= SECONDS_A_MOVE * moves {
            Ok(())
        } else {
            Err(format!(
                "{} seconds a move in the first control ({} for {moves} moves); NZCF rates games at 90 seconds a move or slower",
                seconds / moves,
                crate::model::time_control::minutes(seconds)
            ))
        }
    }

    /// Rule 6.4: an event that is not an NZCF event needs half its players rated.
    fn event(&self, event: &EventEntrants<'_>) -> Result<(), NotRated> {
        if event.federation_event {
            return Ok(());
        }
        let rated = event.playing.iter().filter(|p| p.is_some_and(|p| p.status.is_rated())).count();
        let players = event.entrants.max(event.playing.len());
        if 2 * rated < players {
            return Err(NotRated {
                why: format!(
                    "not an NZCF event, and only {rated} of its {players} players are rated (at least half must be)"
                ),
                hint: "rule 6.4: an event that is not an NZCF event is rated only when at least 50% of its players are already rated",
            });
        }
        Ok(())
    }

    /// Rule 6.5: adjudicated games and games against computers are not rated.
    fn game(&self, remarks: Option<&str>) -> Option<NotRated> {
        unrated_remark(remarks).map(|why| NotRated {
            why: why.to_string(),
            hint: "rule 6.5: adjudicated games and games against computers are not rated",
        })
    }
}

impl RatingSystem for Nzcf {
    fn name(&self) -> SystemName {
        SystemName::Nzcf
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        rate_in_two_stages(self, period)
    }

    /// Table 2's expectancy for the difference, kept within .10-.90 (rule 4.3).
    fn expected_score(&self, player: &Player, opponent: &Player) -> Option<f64> {
        let (_, _, kept) = game_expectancy(player.published_rating()?, opponent.published_rating()?);
        Some(kept as f64 / 100.0)
    }

    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
        explain::explain(period, ratings, p)
    }

    fn printed(&self, player: &Player) -> String {
        match (player.status, player.rating) {
            (Status::New, _) => String::new(),
            (Status::Provisional, Some(r)) => format!("{}p", round_half_up(r)),
            (Status::Confirmed, Some(r)) => round_half_up(r).to_string(),
            _ => "Unr".to_string(),
        }
    }

    /// NZCF's statuses are provisional and established.
    fn words(&self) -> Words {
        Words {
            confirmed: "established",
            officer: "rating officer",
            officer_of: "the federation's",
            region: "region",
            regions: "regions",
            region_title: "Region",
            regions_title: "Regions",
            ..crate::model::words::ACF
        }
    }

    fn tables(&self) -> SystemTables {
        super::tables::booklet_tables()
    }

    fn calculator(&self, _next: &crate::config::PeriodConfig) -> super::Calculator {
        calculator::calculator()
    }

    fn calculator_state(&self, player: &Player, _: &[String], _: &crate::config::PeriodConfig) -> serde_json::Value {
        calculator::state(player)
    }

    fn rules_text(&self) -> RulesText {
        RulesText {
            text: include_str!("rules.typ"),
            legend: &[
                LegendEntry {
                    sample: "1889",
                    meaning: "an *established* rating: the player had 15 or more fully rated games before this period.",
                },
                LegendEntry {
                    sample: "1672p",
                    meaning:
                        "a *provisional* rating: fewer than 15 fully rated games, the performance over all of them.",
                },
                LegendEntry {
                    sample: "Unr",
                    meaning: "*unrated*: the player has played, but scored 0% or 100%, which gives no rating.",
                },
            ],
        }
    }
}

#[cfg(test)]
mod tests;
