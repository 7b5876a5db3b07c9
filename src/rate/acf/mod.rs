//! The ACF rating system of 1993 (acf.md): partially-rated players get a
//! performance rating over all their games (stage 1, in parallel); confirmed
//! players then change by 15 × (score − expected) plus bonus points per event,
//! against opponents' start ratings or the ratings stage 1 gave them
//! (stage 2, in parallel). The 336 rule clamps opponents' ratings.

mod calculator;
mod explain;

use chrono::{Months, NaiveDate};

use super::common::{
    percent_score, rate_in_two_stages, round_half_away, round_half_up, Counted, CountedGame,
    EventPart, Stage, TwoStages,
};
use super::games::GameRef;
use super::tables::{dp, expected_percent, table2_row, Table2Row};
use super::{Calculation, Explanation, LegendEntry, RatingSystem, Ratings, RulesText, Words};
use crate::model::system::SystemName;
use crate::model::time_control::{minutes, Control, TimeControl};
use crate::model::{Player, Status};
use crate::rate::tables::SystemTables;
use crate::validate::{EligibilityPolicy, ValidPeriod};

/// The ACF rule set.
pub struct Acf;

/// Opponents' ratings are kept within this of a rated player's own.
pub const CLAMP: f64 = 336.0;
/// Points per game of score above expectation.
pub const K: f64 = 15.0;
/// Games after which a rating is published (provisional), and after which it is confirmed.
pub const RATED_AFTER: u32 = 9;
pub const CONFIRMED_AFTER: u32 = 30;
/// The lowest share of the games a rating needs: 2 points in 30.
pub const LOWEST_SCORE: (u32, u32) = (2, 30);

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
    /// The row of Table 2 for |D|, and the expected score per game read from it, in hundredths.
    pub band: &'static Table2Row,
    pub expected_percent: u32,
    pub expected: f64,
    /// The surplus beyond which the event earns a bonus (`None`: fewer than 6 games), and the bonus.
    pub threshold: Option<u32>,
    pub bonus: f64,
    pub change: f64,
}

/// An established player's new rating (stage 2).
#[derive(Debug, Clone, PartialEq)]
pub struct Stage2 {
    pub ro: f64,
    pub events: Vec<EventCalc>,
    /// ΣRi, and Rn = Ro + ΣRi.
    pub total: f64,
    pub rn: f64,
}

/// What `rate` keeps of a player's period for `explain`: his stage, with
/// his games as it counted them.
pub type Trace = Stage<Counted<Option<Stage1>>, Counted<Stage2>>;

/// Clamps an opponent's rating to within 336 of the player's start rating.
pub fn clamp_336(opponent: f64, own: Option<f64>) -> f64 {
    match own {
        Some(r) => opponent.clamp(r - CLAMP, r + CLAMP),
        None => opponent,
    }
}

/// Status from total games and score (acf.md, stage 1).
pub fn status_after(games: u32, score: f64) -> Status {
    let (points, of) = LOWEST_SCORE;
    if games < RATED_AFTER || score * f64::from(of) < f64::from(points) * f64::from(games) || score >= games as f64 {
        Status::Unrated
    } else if games < CONFIRMED_AFTER {
        Status::Provisional
    } else {
        Status::Confirmed
    }
}

/// The surplus over the expected score beyond which an event earns bonus
/// points: 1, 2 or 3 by the number of games; none under 6 games.
pub fn bonus_threshold(games: u32) -> Option<u32> {
    match games {
        0..=5 => None,
        6..=10 => Some(1),
        11..=15 => Some(2),
        _ => Some(3),
    }
}

/// Bonus points for an event (only with 6 or more games).
pub fn bonus(games: u32, surplus: f64) -> f64 {
    let Some(threshold) = bonus_threshold(games) else { return 0.0 };
    let threshold = threshold as f64;
    if surplus > threshold + 1e-9 {
        K * (surplus - threshold)
    } else {
        0.0
    }
}

/// The performance rating of a partially-rated player over his games this
/// period, with the games as counted (`result` is `None` when no opponent is rated).
pub fn stage1(player: &Player, games: &[GameRef], start: &[Player]) -> Counted<Option<Stage1>> {
    let own = if player.status == Status::Provisional { player.rating } else { None };
    let counted: Vec<CountedGame> = games
        .iter()
        .map(|g| {
            let opp = &start[g.opponent as usize];
            CountedGame::new(g, opp.published_rating(), |r| clamp_336(r, own))
        })
        .collect();
    let parts = EventPart::all(&counted);
    let result = (!parts.is_empty()).then(|| {
        let ng: u32 = parts.iter().map(|p| p.games).sum();
        let sr: f64 = parts.iter().map(|p| p.opp_sum).sum();
        let ts: f64 = parts.iter().map(|p| p.score).sum();
        performance(player, parts, ng, sr, ts)
    });
    Counted { games: counted, result }
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

/// An established player's change over the period's events, with the games
/// as counted. `rating_of(i)` gives the rating to use for opponent `i`, or
/// `None` to skip the game.
pub fn stage2(player: &Player, games: &[GameRef], rating_of: impl Fn(usize) -> Option<f64>) -> Counted<Stage2> {
    let ro = player.rating.expect("a confirmed player has a rating");
    let counted: Vec<CountedGame> =
        games.iter().map(|g| CountedGame::new(g, rating_of(g.opponent as usize), |r| clamp_336(r, Some(ro)))).collect();
    let events: Vec<EventCalc> = EventPart::all(&counted)
        .into_iter()
        .map(|p| event_change(p.event, p.games, p.score, p.opp_sum / p.games as f64, ro))
        .collect();
    let total = events.iter().map(|e| e.change).sum::<f64>();
    Counted { games: counted, result: Stage2 { ro, events, total, rn: ro + total } }
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
        band: table2_row(d.unsigned_abs().min(u32::MAX as u64) as u32),
        expected_percent: pct,
        expected: se,
        threshold: bonus_threshold(ng),
        bonus: bp,
        change: (sa - se) * K + bp,
    }
}

impl TwoStages for Acf {
    type Performance = Counted<Option<Stage1>>;
    type Change = Counted<Stage2>;
    type Context = ();

    fn established(&self, player: &Player) -> bool {
        player.status == Status::Confirmed
    }

    fn performance(&self, player: &Player, games: &[GameRef], start: &[Player]) -> Self::Performance {
        stage1(player, games, start)
    }

    fn rating_after(&self, player: &Player, performance: &Self::Performance) -> Option<f64> {
        match &performance.result {
            Some(s) => s.status.is_rated().then_some(s.rp),
            None => player.published_rating(),
        }
    }

    fn context(&self, _period: &ValidPeriod) {}

    fn change(&self, player: &Player, games: &[GameRef], ratings: &[Option<f64>], _: &()) -> Self::Change {
        stage2(player, games, |o| ratings[o])
    }

    fn record(&self, period: &ValidPeriod, next: &mut Player, stage: &Trace, rows: &mut Vec<Calculation>) {
        let code = |e: u32| &period.events[e as usize].code;
        match stage {
            Stage::One(Counted { result: Some(s), .. }) => {
                next.games = s.g;
                next.score = s.t;
                next.opp_avg = Some(s.ar);
                next.rating = Some(s.rp);
                next.status = s.status;
                rows.extend(s.parts.iter().map(|part| Calculation::performance(next.id, code(part.event), part)));
            }
            Stage::One(Counted { result: None, .. }) => {}
            Stage::Two(Counted { result: s, .. }) => {
                next.rating = Some(s.rn);
                next.games += s.events.iter().map(|e| e.games).sum::<u32>();
                rows.extend(s.events.iter().map(|e| Calculation {
                    player_id: next.id,
                    event: code(e.event).clone(),
                    stage: 2,
                    games: e.games,
                    score: e.score,
                    opp_avg: e.opp_avg,
                    expected: Some(e.expected),
                    bonus: Some(e.bonus),
                    change: Some(e.change),
                }));
            }
        }
    }

    /// Fewer than 30 games and no game in the last two years.
    fn removed(&self, next: &Player, published: NaiveDate) -> bool {
        let limit = published.checked_sub_months(Months::new(24)).unwrap_or(published);
        next.games < 30 && next.last_played.is_some_and(|d| d < limit)
    }
}

impl EligibilityPolicy for Acf {
    fn time_control(&self, tc: &TimeControl) -> Result<(), String> {
        if let Some(Control::Moves { moves, seconds, increment }) = tc.controls.first().copied() {
            if moves >= 30 && seconds as u64 + increment as u64 * moves as u64 >= 120 * moves as u64 {
                return Ok(());
            }
        }
        // Rapid play is one sudden-death control for all moves (acf.md: the
        // 1993 text's "FIDE rules for Sixty-Minute (Rapid) Chess"), of at
        // least 60 minutes counting 60 moves of increment.
        if let [Control::SuddenDeath { .. }] = tc.controls[..] {
            let for_60 = tc.seconds_for(60);
            if for_60 >= 3600 {
                return Ok(());
            }
            return Err(format!(
                "{} for all moves; rapid play is rated with at least 60 minutes for all moves (counting 60 moves of increment)",
                minutes(for_60)
            ));
        }
        Err("rated play needs at least 2 minutes a move up to a first control at move 30 or later, \
             or one control of at least 60 minutes for all moves (rapid play)"
            .to_string())
    }
}

impl RatingSystem for Acf {
    fn name(&self) -> SystemName {
        SystemName::Acf
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        rate_in_two_stages(self, period)
    }

    /// Table 2's expected score for the difference, the opponent's rating
    /// kept within 336 points as stage 2 keeps it.
    fn expected_score(&self, player: &Player, opponent: &Player) -> Option<f64> {
        let own = player.published_rating()?;
        let d = round_half_away(clamp_336(opponent.published_rating()?, Some(own)) - own);
        Some(expected_percent(d) as f64 / 100.0)
    }

    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
        explain::explain(period, ratings, p)
    }

    fn printed(&self, player: &Player) -> String {
        match (player.status, player.rating) {
            (Status::New, _) => String::new(),
            (Status::Unrated, _) if player.games < RATED_AFTER => format!("{}R", RATED_AFTER - player.games),
            (Status::Unrated, _) => "Unr".to_string(),
            (Status::Provisional, Some(r)) => format!("{}p", round_half_up(r)),
            (Status::Confirmed, Some(r)) => round_half_up(r).to_string(),
            (_, None) => "Unr".to_string(),
        }
    }

    fn words(&self) -> Words {
        crate::model::words::ACF
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
                LegendEntry { sample: "1572", meaning: "a *confirmed* rating: the player has 30 or more rated games." },
                LegendEntry {
                    sample: "1111p",
                    meaning: "a *provisional* rating: 9 to 29 games. Use it for seeding; it moves faster than a confirmed rating.",
                },
                LegendEntry {
                    sample: "2R",
                    meaning: "*unrated*, with fewer than 9 games: the number is how many more games the player needs before a rating is published.",
                },
                LegendEntry {
                    sample: "Unr",
                    meaning: "*unrated*, with 9 or more games, but the score so far (below 2 in 30, or 100%) does not yet give a rating.",
                },
            ],
        }
    }
}

#[cfg(test)]
mod tests;
