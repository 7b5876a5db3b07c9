//! The ACF rating system of 1993 (acf.md): partially-rated players get a
//! performance rating over all their games (stage 1, in parallel); confirmed
//! players then change by 15 × (score − expected) plus bonus points per event,
//! against opponents' start ratings or the ratings stage 1 gave them
//! (stage 2, in parallel). The 336 rule clamps opponents' ratings.

use std::fmt::Write as _;

use chrono::Months;
use rayon::prelude::*;

use super::common::{carry_forward, num, percent_score, round_half_away, round_half_up, CountedGame, EventPart};
use super::games::{GameIndex, GameRef};
use super::tables::{dp, expected_percent, hundredths, table2_row};
use super::{Calculation, RatingSystem, Ratings};
use crate::model::system::SystemName;
use crate::model::time_control::{minutes, Control, TimeControl};
use crate::model::{Player, Status};
use crate::rate::tables::SystemTables;
use crate::validate::ValidPeriod;

/// The ACF rule set.
pub struct Acf;

/// Opponents' ratings are kept within this of a rated player's own.
pub const CLAMP: f64 = 336.0;
/// Points per game of score above expectation.
pub const K: f64 = 15.0;

/// A partially-rated player's performance rating (stage 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Stage1 {
    pub parts: Vec<EventPart>,
    /// Games, sum of opponents' ratings and score this period.
    pub ng: u32,
    pub sr: f64,
    pub ts: f64,
    /// Average opponent rating over all games so far.
    pub ar: f64,
    /// Total games and total score so far.
    pub g: u32,
    pub t: f64,
    /// P in hundredths, after rounding and keeping within .01–.99.
    pub percent: u32,
    pub dp: i32,
    pub rp: f64,
    pub status: Status,
}

/// One event of an established player's calculation (stage 2).
#[derive(Debug, Clone, PartialEq)]
pub struct EventCalc {
    pub event: u32,
    pub games: u32,
    pub score: f64,
    pub opp_avg: f64,
    /// AR − Ro, rounded half away from zero.
    pub d: i64,
    /// Expected score per game, in hundredths.
    pub expected_percent: u32,
    pub expected: f64,
    pub bonus: f64,
    pub change: f64,
}

/// An established player's new rating (stage 2).
#[derive(Debug, Clone, PartialEq)]
pub struct Stage2 {
    pub ro: f64,
    pub events: Vec<EventCalc>,
    pub rn: f64,
}

/// Clamps an opponent's rating to within 336 of the player's start rating.
pub fn clamp_336(opponent: f64, own: Option<f64>) -> f64 {
    match own {
        Some(r) => opponent.clamp(r - CLAMP, r + CLAMP),
        None => opponent,
    }
}

/// Status from total games and score (acf.md, stage 1).
pub fn status_after(games: u32, score: f64) -> Status {
    if games < 9 || score * 30.0 < 2.0 * games as f64 || score >= games as f64 {
        Status::Unrated
    } else if games < 30 {
        Status::Provisional
    } else {
        Status::Confirmed
    }
}

/// Bonus points for an event (only with 6 or more games).
pub fn bonus(games: u32, surplus: f64) -> f64 {
    let threshold = match games {
        0..=5 => return 0.0,
        6..=10 => 1.0,
        11..=15 => 2.0,
        _ => 3.0,
    };
    if surplus > threshold + 1e-9 {
        K * (surplus - threshold)
    } else {
        0.0
    }
}

/// The performance rating of a partially-rated player over his games this period.
pub fn stage1(player: &Player, games: &[GameRef], start: &[Player]) -> Option<Stage1> {
    let own = if player.status == Status::Provisional { player.rating } else { None };
    let counted: Vec<CountedGame> = games
        .iter()
        .map(|g| {
            let opp = &start[g.opponent as usize];
            CountedGame::new(g, opp.rating.filter(|_| opp.status.is_rated()), |r| clamp_336(r, own))
        })
        .collect();
    let parts = EventPart::all(&counted);
    if parts.is_empty() {
        return None;
    }
    let ng: u32 = parts.iter().map(|p| p.games).sum();
    let sr: f64 = parts.iter().map(|p| p.opp_sum).sum();
    let ts: f64 = parts.iter().map(|p| p.score).sum();
    Some(performance(player, parts, ng, sr, ts))
}

/// Stage 1's formulas, from this period's totals and the carried ones.
pub fn performance(player: &Player, parts: Vec<EventPart>, ng: u32, sr: f64, ts: f64) -> Stage1 {
    let ngo = player.games;
    let aro = player.opp_avg.unwrap_or(0.0);
    let g = ngo + ng;
    let ar = (aro * ngo as f64 + sr) / g as f64;
    let t = player.score + ts;
    let percent = percent_score(t, g);
    let dp = dp(percent);
    Stage1 { parts, ng, sr, ts, ar, g, t, percent, dp, rp: ar + dp as f64, status: status_after(g, t) }
}

/// An established player's change over the period's events. `rating_of(i)`
/// gives the rating to use for opponent `i`, or `None` to skip the game.
pub fn stage2(player: &Player, games: &[GameRef], rating_of: impl Fn(usize) -> Option<f64>) -> Stage2 {
    let ro = player.rating.expect("a confirmed player has a rating");
    let counted: Vec<CountedGame> =
        games.iter().map(|g| CountedGame::new(g, rating_of(g.opponent as usize), |r| clamp_336(r, Some(ro)))).collect();
    let events: Vec<EventCalc> = EventPart::all(&counted)
        .into_iter()
        .map(|p| event_change(p.event, p.games, p.score, p.opp_sum / p.games as f64, ro))
        .collect();
    let rn = ro + events.iter().map(|e| e.change).sum::<f64>();
    Stage2 { ro, events, rn }
}

/// Ri for one event: NG games, score Sa, opponents' average AR, start rating Ro.
pub fn event_change(event: u32, ng: u32, sa: f64, ar: f64, ro: f64) -> EventCalc {
    let d = round_half_away(ar - ro);
    let pct = expected_percent(d);
    let se = pct as f64 / 100.0 * ng as f64;
    let bp = bonus(ng, sa - se);
    EventCalc {
        event,
        games: ng,
        score: sa,
        opp_avg: ar,
        d,
        expected_percent: pct,
        expected: se,
        bonus: bp,
        change: (sa - se) * K + bp,
    }
}

impl RatingSystem for Acf {
    fn name(&self) -> SystemName {
        SystemName::Acf
    }

    fn check_time_control(&self, tc: &TimeControl) -> Result<(), String> {
        if let Some(Control::Moves { moves, seconds, increment }) = tc.controls.first().copied() {
            if moves >= 30 && seconds as u64 + increment as u64 * moves as u64 >= 120 * moves as u64 {
                return Ok(());
            }
        }
        let for_60 = tc.seconds_for(60);
        if for_60 >= 3600 {
            return Ok(());
        }
        Err(format!(
            "{} for 60 moves; rated play needs at least 2 minutes a move to move 30, or 60 minutes for all moves",
            minutes(for_60)
        ))
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        // Stage 1's time includes indexing the games; stage 2's, assembling the new file.
        let began = std::time::Instant::now();
        let start = &period.players.players;
        let index = GameIndex::build(period);
        let n = start.len();
        let stage1_results: Vec<Option<Stage1>> = (0..n)
            .into_par_iter()
            .map(|p| if start[p].status == Status::Confirmed { None } else { stage1(&start[p], index.of(p), start) })
            .collect();
        let stage1_time = began.elapsed();
        let began = std::time::Instant::now();
        // The rating each player brings into stage 2, if he is rated after stage 1.
        let after_stage1: Vec<Option<f64>> = (0..n)
            .map(|p| match (&stage1_results[p], start[p].status) {
                (_, Status::Confirmed) => start[p].rating,
                (Some(s), _) => s.status.is_rated().then_some(s.rp),
                (None, s) => start[p].rating.filter(|_| s.is_rated()),
            })
            .collect();
        let stage2_results: Vec<Option<Stage2>> = (0..n)
            .into_par_iter()
            .map(|p| {
                (start[p].status == Status::Confirmed).then(|| stage2(&start[p], index.of(p), |o| after_stage1[o]))
            })
            .collect();

        let removal_limit =
            period.config.published.checked_sub_months(Months::new(24)).unwrap_or(period.config.published);
        let mut players = Vec::with_capacity(n);
        let mut removed = Vec::with_capacity(n);
        let mut calculations = Vec::new();
        for p in 0..n {
            let mut next = carry_forward(&index, p, &start[p]);
            if let Some(s) = &stage1_results[p] {
                next.games = s.g;
                next.score = s.t;
                next.opp_avg = Some(s.ar);
                next.rating = Some(s.rp);
                next.status = s.status;
                for part in &s.parts {
                    calculations.push(Calculation::performance(
                        next.id,
                        &period.events[part.event as usize].code,
                        part,
                    ));
                }
            }
            if let Some(s) = &stage2_results[p] {
                next.rating = Some(s.rn);
                next.games += s.events.iter().map(|e| e.games).sum::<u32>();
                for e in &s.events {
                    let code = &period.events[e.event as usize].code;
                    calculations.push(Calculation {
                        player_id: next.id,
                        event: code.clone(),
                        stage: 2,
                        games: e.games,
                        score: e.score,
                        opp_avg: e.opp_avg,
                        expected: Some(e.expected),
                        bonus: Some(e.bonus),
                        change: Some(e.change),
                    });
                }
            }
            removed.push(next.games < 30 && next.last_played.is_some_and(|d| d < removal_limit));
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
        let state = player.state.as_deref().unwrap_or("-");
        let _ = writeln!(out, "{} ({}), ID {}", player.display_name(), state, player.id);
        let _ = writeln!(out, "At the start of the period: {}", describe_status(player, self));
        let event_name = |e: u32| {
            let ev = &period.events[e as usize];
            format!("{} {}", ev.code, ev.name)
        };
        let opponent_line = |g: &GameRef, used: Option<f64>, clamped_from: f64| {
            let opp = &start[g.opponent as usize];
            let result = super::common::result_word(g.score as f64);
            match used {
                None => format!(
                    "    {result} v {} ({}): not counted, the opponent is not rated",
                    opp.display_name(),
                    opp.id
                ),
                Some(u) if (u - clamped_from).abs() > 1e-9 => format!(
                    "    {result} v {} ({}): rating {} counted as {} (336 rule)",
                    opp.display_name(),
                    opp.id,
                    num(clamped_from),
                    num(u)
                ),
                Some(u) => format!("    {result} v {} ({}): rating {}", opp.display_name(), opp.id, num(u)),
            }
        };
        if games.is_empty() {
            let _ = writeln!(
                out,
                "\nNo games played over the board in rated events this period (forfeits and byes never count)."
            );
        }
        match player.status {
            Status::Confirmed => {
                let after_stage1: Vec<Option<f64>> = (0..start.len())
                    .map(|o| {
                        if start[o].status == Status::Confirmed {
                            start[o].rating
                        } else {
                            let r = &ratings.players[o];
                            // Stage 1's result is the player's record after the period.
                            r.rating.filter(|_| r.status.is_rated())
                        }
                    })
                    .collect();
                let s = stage2(player, games, |o| after_stage1[o]);
                let _ = writeln!(out, "\nStage 2: an established player, Ro = {}", num(s.ro));
                for ev in &s.events {
                    let _ = writeln!(out, "\n  {}", event_name(ev.event));
                    for g in games.iter().filter(|g| g.event == ev.event) {
                        let raw = after_stage1[g.opponent as usize];
                        let line = match raw {
                            Some(r) => opponent_line(g, Some(clamp_336(r, Some(s.ro))), r),
                            None => opponent_line(g, None, 0.0),
                        };
                        let _ = writeln!(out, "{line}");
                    }
                    let col = if ev.d <= 0 { "H (the higher rated)" } else { "L (the lower rated)" };
                    let row = table2_row(ev.d.unsigned_abs() as u32);
                    let band = match row.high {
                        Some(h) => format!("{}-{}", row.low, h),
                        None => format!("{}+", row.low),
                    };
                    let _ = writeln!(out, "    NG = {}, Sa = {}, AR = {}", ev.games, num(ev.score), num(ev.opp_avg));
                    let _ =
                        writeln!(out, "    D = AR − Ro = {} − {} = {} → {}", num(ev.opp_avg), num(s.ro), ev.d, ev.d);
                    let _ =
                        writeln!(out, "    Table 2, {band}: {col} expects {} a game", hundredths(ev.expected_percent));
                    let _ = writeln!(
                        out,
                        "    Se = {} × {} = {:.2}",
                        hundredths(ev.expected_percent),
                        ev.games,
                        ev.expected
                    );
                    if ev.bonus > 0.0 {
                        let t = match ev.games {
                            6..=10 => 1,
                            11..=15 => 2,
                            _ => 3,
                        };
                        let _ = writeln!(
                            out,
                            "    BP = 15 × (Sa − Se − {t}) = 15 × ({} − {:.2} − {t}) = {:.2}",
                            num(ev.score),
                            ev.expected,
                            ev.bonus
                        );
                    } else if ev.games < 6 {
                        let _ = writeln!(out, "    no bonus: fewer than 6 games");
                    } else {
                        let _ = writeln!(out, "    no bonus: Sa − Se is not above the threshold");
                    }
                    let _ = writeln!(
                        out,
                        "    Ri = (Sa − Se) × 15 + BP = ({} − {:.2}) × 15 + {:.2} = {:.2}",
                        num(ev.score),
                        ev.expected,
                        ev.bonus,
                        ev.change
                    );
                }
                let total: f64 = s.events.iter().map(|e| e.change).sum();
                let _ = writeln!(
                    out,
                    "\nRn = Ro + ΣRi = {} + {:.2} = {}, printed {}",
                    num(s.ro),
                    total,
                    num(s.rn),
                    self.printed(after)
                );
            }
            _ => {
                let own = if player.status == Status::Provisional { player.rating } else { None };
                let _ = writeln!(out, "\nStage 1: a partially-rated player, performance rating over all games");
                if let Some(own) = own {
                    let _ = writeln!(
                        out,
                        "  (provisionally rated: opponents' ratings are kept within 336 of {})",
                        num(own)
                    );
                }
                let mut shown_event = None;
                for g in games {
                    if shown_event != Some(g.event) {
                        let _ = writeln!(out, "\n  {}", event_name(g.event));
                        shown_event = Some(g.event);
                    }
                    let opp = &start[g.opponent as usize];
                    let line = match opp.rating.filter(|_| opp.status.is_rated()) {
                        Some(r) => opponent_line(g, Some(clamp_336(r, own)), r),
                        None => opponent_line(g, None, 0.0),
                    };
                    let _ = writeln!(out, "{line}");
                }
                if let Some(s) = stage1(player, games, start) {
                    let _ = writeln!(out, "\n  NG = {}, SR = {}, TS = {}", s.ng, num(s.sr), num(s.ts));
                    let _ = writeln!(
                        out,
                        "  AR = (ARo × NGo + SR) / (NGo + NG) = ({} × {} + {}) / ({} + {}) = {}",
                        num(player.opp_avg.unwrap_or(0.0)),
                        player.games,
                        num(s.sr),
                        player.games,
                        s.ng,
                        num(s.ar)
                    );
                    let _ = writeln!(
                        out,
                        "  G = {} + {} = {}, T = {} + {} = {}",
                        player.games,
                        s.ng,
                        s.g,
                        num(player.score),
                        num(s.ts),
                        num(s.t)
                    );
                    let _ = writeln!(
                        out,
                        "  P = T / G = {} / {} → {} → Dp = {} (Table 1)",
                        num(s.t),
                        s.g,
                        hundredths(s.percent),
                        s.dp
                    );
                    let _ = writeln!(out, "  Rp = AR + Dp = {} + ({}) = {}", num(s.ar), s.dp, num(s.rp));
                    let why = match s.status {
                        Status::Unrated if s.g < 9 => {
                            format!("fewer than 9 games: unrated, shown {}", self.printed(after))
                        }
                        Status::Unrated => "score below 2/30 or 100%: unrated, shown Unr".to_string(),
                        Status::Provisional => format!(
                            "9 to 29 games, score within the limits: provisional, printed {}",
                            self.printed(after)
                        ),
                        _ => format!(
                            "30 games or more, score within the limits: confirmed, printed {}",
                            self.printed(after)
                        ),
                    };
                    let _ = writeln!(out, "  {why}");
                } else {
                    let _ = writeln!(
                        out,
                        "\nNo game against a rated opponent: nothing to calculate. Now: {}",
                        describe_status(after, self)
                    );
                }
            }
        }
        if ratings.removed[p] {
            let _ = writeln!(
                out,
                "\nRemoved from the player file: last played more than two years ago with fewer than 30 games."
            );
        }
        Some(out)
    }

    fn printed(&self, player: &Player) -> String {
        match (player.status, player.rating) {
            (Status::New, _) => String::new(),
            (Status::Unrated, _) if player.games < 9 => format!("{}R", 9 - player.games),
            (Status::Unrated, _) => "Unr".to_string(),
            (Status::Provisional, Some(r)) => format!("{}p", round_half_up(r)),
            (Status::Confirmed, Some(r)) => round_half_up(r).to_string(),
            (_, None) => "Unr".to_string(),
        }
    }

    fn tables(&self) -> SystemTables {
        super::tables::booklet_tables()
    }
}

fn describe_status(p: &Player, system: &Acf) -> String {
    let mut s = format!("{}, {} games", p.status.as_str(), p.games);
    if p.status != Status::Confirmed && p.games > 0 {
        let _ = write!(s, ", score {}", num(p.score));
        if let Some(a) = p.opp_avg {
            let _ = write!(s, ", opponents' average {}", num(a));
        }
    }
    match (p.status, p.rating) {
        (Status::Confirmed | Status::Provisional, Some(r)) => {
            let _ = write!(s, ", rating {} (printed {})", num(r), system.printed(p));
        }
        (Status::Unrated, Some(r)) => {
            let _ = write!(s, ", performance rating {} (not published; shown {})", num(r), system.printed(p));
        }
        _ => {}
    }
    s
}

#[cfg(test)]
mod tests;
