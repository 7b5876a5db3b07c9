//! The NZCF rating regulations (1985, amended to 2007; other-systems.md):
//! provisional players get a performance rating over all their games
//! (stage 1, in parallel); established players then change per tournament by
//! K(Wa − We) with K = (3000 − Ro)/50, the bonus and its 2200 rules, the
//! winner rule and the gain limit, and over the period within the period cap
//! (stage 2, in parallel). Rules 2.2 and 2.3 print the ACF's Tables 1 and 2.

use std::collections::HashSet;
use std::fmt::Write as _;

use chrono::Months;
use rayon::prelude::*;

use super::common::{
    by_event, carry_forward, event_totals, num, percent_score, result_word, round_half_away, round_half_up,
    CountedGame, EventPart,
};
use super::games::{GameIndex, GameRef};
use super::tables::{dp, expected_percent, hundredths};
use super::{withdraw_events, Calculation, RatingSystem, Ratings};
use crate::diag::{Code, Diagnostic, Location};
use crate::model::system::SystemName;
use crate::model::time_control::{Control, TimeControl};
use crate::model::{Outcome, Player, Status};
use crate::rate::tables::SystemTables;
use crate::validate::ValidPeriod;

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

/// An established player's period. `rating_of(i)` gives the rating to use
/// for opponent `i` (`None` skips the game); `won(event)` whether the player
/// won or shared first in that event.
pub fn established(
    player: &Player,
    games: &[GameRef],
    rating_of: impl Fn(usize) -> Option<f64>,
    won: impl Fn(u32) -> bool,
) -> Established {
    let ro = player.rating.expect("an established player has a rating");
    let mut tournaments: Vec<Tournament> = Vec::new();
    let mut running = ro;
    for (event, run) in by_event(games, |g| g.event) {
        let calcs: Vec<GameCalc> = run
            .iter()
            .filter_map(|g| {
                let r = rating_of(g.opponent as usize)?;
                let (d, table, expectancy) = game_expectancy(ro, r);
                Some(GameCalc { opponent: g.opponent, rating: r, score: g.score as f64, d, table, expectancy })
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
    Established { ro, k: k_factor(ro), tournaments, total, cap, rn }
}

/// The performance rating of a provisional (or unrated) player over all his
/// games, against opponents rated at the start of the period.
pub fn provisional(player: &Player, games: &[GameRef], start: &[Player]) -> Option<Provisional> {
    let counted: Vec<CountedGame> = games
        .iter()
        .map(|g| {
            let opp = &start[g.opponent as usize];
            CountedGame::new(g, opp.rating.filter(|_| opp.status.is_rated()), |r| r)
        })
        .collect();
    let parts = EventPart::all(&counted);
    if parts.is_empty() {
        return None;
    }
    let ng = parts.iter().map(|p| p.games).sum();
    let sr = parts.iter().map(|p| p.opp_sum).sum();
    let ts = parts.iter().map(|p| p.score).sum();
    Some(provisional_performance(player, parts, ng, sr, ts))
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

/// The rating each player brings into stage 2: established players their
/// start rating, provisional players the rating stage 1 gave them (rule 3.4).
fn stage2_ratings(start: &[Player], after: impl Fn(usize) -> Option<(Option<f64>, Status)>) -> Vec<Option<f64>> {
    (0..start.len())
        .map(|p| {
            if is_established(&start[p]) {
                return start[p].rating;
            }
            match after(p) {
                Some((rating, status)) => rating.filter(|_| status.is_rated()),
                None => start[p].rating.filter(|_| start[p].status.is_rated()),
            }
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

impl RatingSystem for Nzcf {
    fn name(&self) -> SystemName {
        SystemName::Nzcf
    }

    fn check_time_control(&self, tc: &TimeControl) -> Result<(), String> {
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

    fn check_period(&self, period: &mut ValidPeriod) -> Vec<Diagnostic> {
        // Rule 6.4: an event that is not an NZCF event needs half its players rated.
        let position: std::collections::HashMap<u32, usize> =
            period.players.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let mut withdrawn = Vec::new();
        for (e, event) in period.events.iter().enumerate() {
            if event.federation_event || !event.disposition.is_rated() {
                continue;
            }
            let mut ids: HashSet<u32> = HashSet::new();
            for g in &event.games {
                ids.insert(g.white);
                ids.extend(g.black);
            }
            let rated = ids.iter().filter(|id| period.players.players[position[id]].status.is_rated()).count();
            let players = event.entrants.max(ids.len());
            if 2 * rated < players {
                withdrawn.push((
                    e,
                    format!("not an NZCF event, and only {rated} of its {players} players are rated (at least half must be)"),
                    "rule 6.4: an event that is not an NZCF event is rated only when at least 50% of its players are already rated",
                ));
            }
        }
        let mut findings = withdraw_events(period, withdrawn);
        // Rule 6.5: adjudicated games and games against computers are not rated.
        for event in period.events.iter_mut().filter(|e| e.disposition.is_rated()) {
            let mut unrated = Vec::new();
            for g in &mut event.games {
                if let (Outcome::Played { white_score }, Some(why)) = (g.outcome, unrated_remark(g.remarks.as_deref()))
                {
                    g.outcome = Outcome::PlayedUnrated { white_score };
                    let round = g.round.map(|r| format!("round {r}, ")).unwrap_or_default();
                    unrated.push(format!("{round}{} v {}: {why}", g.white, g.black.unwrap_or(0)));
                }
            }
            if !unrated.is_empty() {
                findings.push(
                    Diagnostic::note(
                        Code::NotEligible,
                        Location::sheet(&event.file, "Games"),
                        format!("{} game(s) not rated: {}", unrated.len(), unrated.join("; ")),
                    )
                    .with_hint("rule 6.5: adjudicated games and games against computers are not rated"),
                );
            }
        }
        findings
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        // Stage 1's time includes indexing the games; stage 2's, assembling the new file.
        let began = std::time::Instant::now();
        let start = &period.players.players;
        let index = GameIndex::build(period);
        let n = start.len();
        let stage1: Vec<Option<Provisional>> = (0..n)
            .into_par_iter()
            .map(|p| if is_established(&start[p]) { None } else { provisional(&start[p], index.of(p), start) })
            .collect();
        let stage1_time = began.elapsed();
        let began = std::time::Instant::now();
        let rating_in_stage2 = stage2_ratings(start, |p| stage1[p].as_ref().map(|s| (s.rp, s.status)));
        let winners = winners(period);
        let stage2: Vec<Option<Established>> = (0..n)
            .into_par_iter()
            .map(|p| {
                is_established(&start[p]).then(|| {
                    established(
                        &start[p],
                        index.of(p),
                        |o| rating_in_stage2[o],
                        |e| winners[e as usize].contains(&start[p].id),
                    )
                })
            })
            .collect();

        let published = period.config.published;
        let limit = |years: u32| published.checked_sub_months(Months::new(12 * years)).unwrap_or(published);
        let (established_limit, provisional_limit) = (limit(INACTIVE_YEARS.0), limit(INACTIVE_YEARS.1));
        let mut players = Vec::with_capacity(n);
        let mut removed = Vec::with_capacity(n);
        let mut calculations = Vec::new();
        for p in 0..n {
            let mut next = carry_forward(&index, p, &start[p]);
            if let Some(s) = &stage1[p] {
                next.games = s.g;
                next.score = s.t;
                next.opp_avg = Some(s.ar);
                next.rating = s.rp;
                next.status = s.status;
                for part in &s.parts {
                    calculations.push(Calculation::performance(
                        next.id,
                        &period.events[part.event as usize].code,
                        part,
                    ));
                }
            }
            if let Some(s) = &stage2[p] {
                next.rating = Some(s.rn);
                next.status = Status::Confirmed;
                next.games += s.tournaments.iter().map(|t| t.n).sum::<u32>();
                for t in &s.tournaments {
                    let code = &period.events[t.event as usize].code;
                    let opp_avg = t.games.iter().map(|g| g.rating).sum::<f64>() / t.n as f64;
                    calculations.push(Calculation {
                        player_id: next.id,
                        event: code.clone(),
                        stage: 2,
                        games: t.n,
                        score: t.wa,
                        opp_avg,
                        expected: Some(t.we),
                        bonus: Some(t.bonus),
                        change: Some(t.change),
                    });
                }
            }
            let inactive_since = if next.status == Status::Confirmed { established_limit } else { provisional_limit };
            removed.push(next.last_played.is_some_and(|d| d < inactive_since));
            players.push(next);
        }
        Ratings {
            players,
            removed,
            calculations,
            extra_columns: None,
            outputs: Vec::new(),
            stage_times: vec![("stage1", stage1_time), ("stage2", began.elapsed())],
        }
    }

    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, id: u32) -> Option<String> {
        let start = &period.players.players;
        let p = start.iter().position(|pl| pl.id == id)?;
        let player = &start[p];
        let after = &ratings.players[p];
        let index = GameIndex::build(period);
        let games = index.of(p);
        let mut out = String::new();
        let _ =
            writeln!(out, "{} ({}), ID {}", player.display_name(), player.state.as_deref().unwrap_or("-"), player.id);
        let _ = writeln!(out, "At the start of the period: {}", describe(player, self));
        let event_name = |e: u32| {
            let ev = &period.events[e as usize];
            format!("{} {}", ev.code, ev.name)
        };
        let result = result_word;
        if games.is_empty() {
            let _ = writeln!(out, "\nNo rated games this period (forfeits, byes, adjudicated games and games against computers never count).");
        }
        if is_established(player) {
            let rating_in_stage2 =
                stage2_ratings(start, |o| Some((ratings.players[o].rating, ratings.players[o].status)));
            let winners = winners(period);
            let s = established(player, games, |o| rating_in_stage2[o], |e| winners[e as usize].contains(&player.id));
            let _ = writeln!(
                out,
                "\nAn established player: Ro = {}, K = (3000 − Ro) / 50 = (3000 − {}) / 50 = {}",
                num(s.ro),
                num(s.ro),
                num(s.k)
            );
            for t in &s.tournaments {
                let _ = writeln!(out, "\n  {}", event_name(t.event));
                for g in &t.games {
                    let opp = &start[g.opponent as usize];
                    let column = if g.d <= 0 { "H" } else { "L" };
                    let kept = if g.table != g.expectancy {
                        format!(", kept within .10–.90: {}", hundredths(g.expectancy))
                    } else {
                        String::new()
                    };
                    let _ = writeln!(
                        out,
                        "    {} v {} ({}): rating {}, D = {}, Table 2 {column} {}{kept}",
                        result(g.score),
                        opp.display_name(),
                        opp.id,
                        num(g.rating),
                        g.d,
                        hundredths(g.table)
                    );
                }
                for g in
                    games.iter().filter(|g| g.event == t.event && !t.games.iter().any(|c| c.opponent == g.opponent))
                {
                    let opp = &start[g.opponent as usize];
                    let _ = writeln!(
                        out,
                        "    {} v {} ({}): not counted, the opponent is not rated",
                        result(g.score as f64),
                        opp.display_name(),
                        opp.id
                    );
                }
                let _ = writeln!(
                    out,
                    "    r = {}, Wa = {}, We = {:.2}; Pa = {:.1}%, Pe = {:.1}%",
                    t.n,
                    num(t.wa),
                    t.we,
                    t.pa,
                    t.pe
                );
                match t.factor {
                    Ok(f) => {
                        let raw = (t.pa - t.pe) / 10.0;
                        let capped = if raw > MAX_FACTOR { format!(", at most 3: {}", num(f)) } else { String::new() };
                        let _ = writeln!(
                            out,
                            "    bonus: Pa − Pe = {:.1} ≥ 10, K is multiplied by (Pa − Pe)/10 = {}{capped}",
                            t.pa - t.pe,
                            num(raw)
                        );
                        let _ = writeln!(
                            out,
                            "    ΔR = K × {} × (Wa − We) = {} × {} × ({} − {:.2}) = {:.2} (without the bonus {:.2})",
                            num(f),
                            num(s.k),
                            num(f),
                            num(t.wa),
                            t.we,
                            t.with_bonus,
                            t.plain
                        );
                    }
                    Err(why) => {
                        let reason = match why {
                            NoBonus::FewGames => "fewer than 4 games",
                            NoBonus::Over2200 => "rated over 2200",
                            NoBonus::BelowMargin => "Pa is not 10 points above Pe",
                        };
                        let _ = writeln!(
                            out,
                            "    no bonus ({reason}): ΔR = K × (Wa − We) = {} × ({} − {:.2}) = {:.2}",
                            num(s.k),
                            num(t.wa),
                            t.we,
                            t.plain
                        );
                    }
                }
                if let Some(c) = t.cut_at_2200 {
                    let _ = writeln!(out, "    the bonus may not take the player past 2200: ΔR cut to {c:.2}");
                }
                let _ = writeln!(out, "    Rp = Ro + Da − De = {} + {} − ({}) = {}", num(s.ro), t.da, t.de, num(t.rp));
                if t.limited {
                    let _ = writeln!(
                        out,
                        "    gain limit L = (5r + 5) × (Rp − Ro) / 100 = (5 × {} + 5) × ({} − {}) / 100 = {:.2}: ΔR cut to {:.2}",
                        t.n,
                        num(t.rp),
                        num(s.ro),
                        t.limit,
                        t.change
                    );
                } else if t.change > 0.0 {
                    let _ = writeln!(
                        out,
                        "    gain limit L = (5 × {} + 5) × ({} − {}) / 100 = {:.2}: not reached",
                        t.n,
                        num(t.rp),
                        num(s.ro),
                        t.limit
                    );
                }
                if t.loss_waived {
                    let _ = writeln!(out, "    a tournament winner loses no points (rule 4.7): ΔR = 0");
                } else if t.winner {
                    let _ = writeln!(out, "    (a winner of the tournament: rule 4.7 would keep a loss away)");
                }
                let _ = writeln!(out, "    ΔR = {:.2}", t.change);
            }
            let mut uncounted: Vec<u32> =
                games.iter().map(|g| g.event).filter(|e| !s.tournaments.iter().any(|t| t.event == *e)).collect();
            uncounted.dedup();
            for e in uncounted {
                let _ = writeln!(out, "\n  {}: not counted, no opponent is rated", event_name(e));
            }
            let _ = writeln!(out, "\nΣΔR = {:.2}", s.total);
            if let Some(c) = &s.cap {
                let _ = writeln!(
                    out,
                    "Period performance: {} games, Wa = {}, We = {:.2}: Rp = {} + {} − ({}) = {}",
                    c.n,
                    num(c.wa),
                    c.we,
                    num(s.ro),
                    c.da,
                    c.de,
                    num(c.rp)
                );
                if c.capped {
                    let _ = writeln!(out, "The gain may not take the rating above the period's performance (rule 4.11), nor the cap below Ro: Rn = {}", num(s.rn));
                } else {
                    let _ = writeln!(out, "Ro + ΣΔR is within the period's performance (rule 4.11)");
                }
            }
            let _ = writeln!(out, "Rn = {}, printed {}", num(s.rn), self.printed(after));
        } else {
            let _ = writeln!(
                out,
                "\nProvisional: performance rating Rp = Ra + Dp over all games, earlier periods included"
            );
            let mut shown = None;
            for g in games {
                if shown != Some(g.event) {
                    let _ = writeln!(out, "\n  {}", event_name(g.event));
                    shown = Some(g.event);
                }
                let opp = &start[g.opponent as usize];
                match opp.rating.filter(|_| opp.status.is_rated()) {
                    Some(r) => {
                        let _ = writeln!(
                            out,
                            "    {} v {} ({}): rating {}",
                            result(g.score as f64),
                            opp.display_name(),
                            opp.id,
                            num(r)
                        );
                    }
                    None => {
                        let _ = writeln!(
                            out,
                            "    {} v {} ({}): not counted, the opponent is not rated",
                            result(g.score as f64),
                            opp.display_name(),
                            opp.id
                        );
                    }
                }
            }
            match provisional(player, games, start) {
                Some(s) => {
                    let _ = writeln!(
                        out,
                        "\n  Ra = ({} × {} + {}) / ({} + {}) = {}",
                        num(player.opp_avg.unwrap_or(0.0)),
                        player.games,
                        num(s.sr),
                        player.games,
                        s.ng,
                        num(s.ar)
                    );
                    let _ = writeln!(
                        out,
                        "  games {} + {} = {}, score {} + {} = {}",
                        player.games,
                        s.ng,
                        s.g,
                        num(player.score),
                        num(s.ts),
                        num(s.t)
                    );
                    match (s.percent, s.dp, s.rp) {
                        (Some(pc), Some(d), Some(rp)) => {
                            let _ = writeln!(
                                out,
                                "  P = {} / {} → {} → Dp = {} (Table 1)",
                                num(s.t),
                                s.g,
                                hundredths(pc),
                                d
                            );
                            let _ = writeln!(out, "  Rp = Ra + Dp = {} + ({}) = {}", num(s.ar), d, num(rp));
                            let _ = writeln!(
                                out,
                                "  {}",
                                if s.g >= ESTABLISHED_AFTER {
                                    format!("{} fully rated games: provisional now, printed {}, established from the next period", s.g, self.printed(after))
                                } else {
                                    format!(
                                        "fewer than 15 fully rated games: provisional, printed {}",
                                        self.printed(after)
                                    )
                                }
                            );
                        }
                        _ => {
                            let _ =
                                writeln!(out, "  a score of 0% or 100% gives no rating (Dp is indeterminate): unrated");
                        }
                    }
                }
                None => {
                    let _ = writeln!(
                        out,
                        "\nNo game against a rated opponent: nothing to calculate. Now: {}",
                        describe(after, self)
                    );
                }
            }
        }
        if ratings.removed[p] {
            let _ = writeln!(
                out,
                "\nRemoved from the rating file (rule 6.2): inactive for {} years.",
                if after.status == Status::Confirmed { INACTIVE_YEARS.0 } else { INACTIVE_YEARS.1 }
            );
        }
        Some(out)
    }

    fn printed(&self, player: &Player) -> String {
        match (player.status, player.rating) {
            (Status::New, _) => String::new(),
            (Status::Provisional, Some(r)) => format!("{}p", round_half_up(r)),
            (Status::Confirmed, Some(r)) => round_half_up(r).to_string(),
            _ => "Unr".to_string(),
        }
    }

    fn tables(&self) -> SystemTables {
        super::tables::booklet_tables()
    }
}

fn describe(p: &Player, system: &Nzcf) -> String {
    let mut s = format!("{}, {} games", p.status.as_str(), p.games);
    if p.status != Status::Confirmed && p.games > 0 {
        let _ = write!(s, ", score {}", num(p.score));
        if let Some(a) = p.opp_avg {
            let _ = write!(s, ", opponents' average {}", num(a));
        }
    }
    if let (true, Some(r)) = (p.status.is_rated(), p.rating) {
        let _ = write!(s, ", rating {} (printed {})", num(r), system.printed(p));
    }
    s
}

#[cfg(test)]
mod tests;
