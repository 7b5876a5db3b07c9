//! A player's ACF calculation, step by step as acf.md works its examples,
//! from the trace `rate` returned: his stage with the games as it counted
//! them. Formats; computes nothing.

use std::fmt::Write as _;

use super::{Acf, Stage1, Stage2, Trace};
use crate::model::{Player, Status};
use crate::rate::common::{num, result_word, Counted, CountedGame, Stage};
use crate::rate::tables::hundredths;
use crate::rate::{Explanation, RatingSystem, Ratings};
use crate::validate::ValidPeriod;

/// Player `p`'s calculation.
pub(super) fn explain(period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
    let player = &period.players.players[p];
    let after = &ratings.players[p];
    let mut x = Explanation::default();
    let state = player.state.as_deref().unwrap_or("-");
    x.heading(0, format!("{} ({}), ID {}", player.display_name(), state, player.id));
    x.text(0, format!("At the start of the period: {}", describe_status(player)));
    let trace = ratings.trace::<Trace>(p);
    let games = match trace {
        Some(Stage::One(c)) => c.games.as_slice(),
        Some(Stage::Two(c)) => c.games.as_slice(),
        None => &[],
    };
    if games.is_empty() {
        x.blank();
        x.text(0, "No games played over the board in rated events this period (forfeits and byes never count).");
    }
    let lines = Lines { period, x: &mut x };
    match trace {
        Some(Stage::Two(Counted { games, result })) => lines.stage2(games, result, after),
        Some(Stage::One(Counted { games, result })) => lines.stage1(player, games, result.as_ref(), after),
        None => lines.stage1(player, &[], None, after),
    }
    if ratings.removed[p] {
        x.blank();
        x.text(0, "Removed from the player file: last played more than two years ago with fewer than 30 games.");
    }
    x
}

/// Writes the lines of one stage.
struct Lines<'a> {
    period: &'a ValidPeriod,
    x: &'a mut Explanation,
}

impl Lines<'_> {
    fn event(&mut self, event: u32) {
        let ev = &self.period.events[event as usize];
        self.x.blank();
        self.x.event(1, &ev.code, format!("{} {}", ev.code, ev.name));
    }

    fn game(&mut self, g: &CountedGame) {
        let opp = &self.period.players.players[g.opponent as usize];
        let result = result_word(g.score);
        let text = match g.rating {
            None => format!("{result} v {} ({}): not counted, the opponent is not rated", opp.display_name(), opp.id),
            Some(r) if (g.counted - r).abs() > 1e-9 => format!(
                "{result} v {} ({}): rating {} counted as {} (336 rule)",
                opp.display_name(),
                opp.id,
                num(r),
                num(g.counted)
            ),
            Some(_) => format!("{result} v {} ({}): rating {}", opp.display_name(), opp.id, num(g.counted)),
        };
        self.x.game(2, opp.id, None, text);
    }

    fn stage2(mut self, games: &[CountedGame], s: &Stage2, after: &Player) {
        self.x.blank();
        self.x.heading(0, format!("Stage 2: an established player, Ro = {}", num(s.ro)));
        for ev in &s.events {
            self.event(ev.event);
            for g in games.iter().filter(|g| g.event == ev.event) {
                self.game(g);
            }
            let col = if ev.d <= 0 { "H (the higher rated)" } else { "L (the lower rated)" };
            let x = &mut *self.x;
            x.step(2, format!("NG = {}, Sa = {}, AR = {}", ev.games, num(ev.score), num(ev.opp_avg)));
            x.step(2, format!("D = AR − Ro = {} − {} = {} → {}", num(ev.opp_avg), num(s.ro), ev.d, ev.d));
            x.step(
                2,
                format!("Table 2, {}: {col} expects {} a game", ev.band.difference(), hundredths(ev.expected_percent)),
            );
            x.step(2, format!("Se = {} × {} = {:.2}", hundredths(ev.expected_percent), ev.games, ev.expected));
            match ev.threshold {
                Some(t) if ev.bonus > 0.0 => x.step(
                    2,
                    format!(
                        "BP = 15 × (Sa − Se − {t}) = 15 × ({} − {:.2} − {t}) = {:.2}",
                        num(ev.score),
                        ev.expected,
                        ev.bonus
                    ),
                ),
                None => x.text(2, "no bonus: fewer than 6 games"),
                Some(_) => x.text(2, "no bonus: Sa − Se is not above the threshold"),
            }
            x.step(
                2,
                format!(
                    "Ri = (Sa − Se) × 15 + BP = ({} − {:.2}) × 15 + {:.2} = {:.2}",
                    num(ev.score),
                    ev.expected,
                    ev.bonus,
                    ev.change
                ),
            );
        }
        self.x.blank();
        self.x.step(
            0,
            format!("Rn = Ro + ΣRi = {} + {:.2} = {}, printed {}", num(s.ro), s.total, num(s.rn), Acf.printed(after)),
        );
    }

    fn stage1(mut self, player: &Player, games: &[CountedGame], s: Option<&Stage1>, after: &Player) {
        self.x.blank();
        self.x.heading(0, "Stage 1: a partially-rated player, performance rating over all games");
        if let (Status::Provisional, Some(own)) = (player.status, player.rating) {
            self.x.text(1, format!("(provisionally rated: opponents' ratings are kept within 336 of {})", num(own)));
        }
        for (event, run) in crate::rate::common::by_event(games, |g| g.event) {
            self.event(event);
            for g in run {
                self.game(g);
            }
        }
        let x = &mut *self.x;
        let Some(s) = s else {
            x.blank();
            x.text(
                0,
                format!("No game against a rated opponent: nothing to calculate. Now: {}", describe_status(after)),
            );
            return;
        };
        x.blank();
        x.step(1, format!("NG = {}, SR = {}, TS = {}", s.ng, num(s.sr), num(s.ts)));
        x.step(
            1,
            format!(
                "AR = (ARo × NGo + SR) / (NGo + NG) = ({} × {} + {}) / ({} + {}) = {}",
                num(player.opp_avg.unwrap_or(0.0)),
                player.games,
                num(s.sr),
                player.games,
                s.ng,
                num(s.ar)
            ),
        );
        x.step(
            1,
            format!(
                "G = {} + {} = {}, T = {} + {} = {}",
                player.games,
                s.ng,
                s.g,
                num(player.score),
                num(s.ts),
                num(s.t)
            ),
        );
        x.step(1, format!("P = T / G = {} / {} → {} → Dp = {} (Table 1)", num(s.t), s.g, hundredths(s.percent), s.dp));
        x.step(1, format!("Rp = AR + Dp = {} + ({}) = {}", num(s.ar), s.dp, num(s.rp)));
        let why = match s.status {
            Status::Unrated if s.g < 9 => format!("fewer than 9 games: unrated, shown {}", Acf.printed(after)),
            Status::Unrated => "score below 2/30 or 100%: unrated, shown Unr".to_string(),
            Status::Provisional => {
                format!("9 to 29 games, score within the limits: provisional, printed {}", Acf.printed(after))
            }
            _ => format!("30 games or more, score within the limits: confirmed, printed {}", Acf.printed(after)),
        };
        x.text(1, why);
    }
}

/// A player's record in words: status, games, score and ratings.
fn describe_status(p: &Player) -> String {
    let mut s = format!("{}, {} games", p.status.as_str(), p.games);
    if p.status != Status::Confirmed && p.games > 0 {
        let _ = write!(s, ", score {}", num(p.score));
        if let Some(a) = p.opp_avg {
            let _ = write!(s, ", opponents' average {}", num(a));
        }
    }
    match (p.status, p.rating) {
        (Status::Confirmed | Status::Provisional, Some(r)) => {
            let _ = write!(s, ", rating {} (printed {})", num(r), Acf.printed(p));
        }
        (Status::Unrated, Some(r)) => {
            let _ = write!(s, ", performance rating {} (not published; shown {})", num(r), Acf.printed(p));
        }
        _ => {}
    }
    s
}
