//! A player's ECF grade, game by game and season by season, from the trace
//! `rate` returned (his season). Formats; computes nothing.

use super::{Ecf, SeasonResult, FLOOR};
use crate::rate::common::{by_event, num, result_word};
use crate::rate::{Explanation, RatingSystem, Ratings};
use crate::validate::ValidPeriod;

/// Player `p`'s calculation.
pub(super) fn explain(period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
    let start = &period.players.players;
    let player = &start[p];
    let s = ratings.trace::<SeasonResult>(p).expect("every ECF player has a season");
    let mut x = Explanation::default();
    let state = player.state.as_deref().unwrap_or("-");
    x.heading(0, format!("{} ({}), ID {}", player.display_name(), state, player.id));
    match s.own {
        Some(g) => x.text(0, format!("At the start of the season: graded {}", num(g))),
        None => x.text(0, "At the start of the season: no grade (opponents' grades count as they are)"),
    }
    if !s.games.is_empty() || !s.not_used.is_empty() {
        x.blank();
        x.heading(
            0,
            format!(
                "This season's games: the opponent's grade{}, +50 a win, −50 a loss",
                if s.own.is_some() { " within 40 of the player's own" } else { "" }
            ),
        );
    }
    for (event, run) in by_event(&s.games, |g| g.event) {
        let ev = &period.events[event as usize];
        x.blank();
        x.event(1, &ev.code, format!("{} {}", ev.code, ev.name));
        for g in run {
            let opp = &start[g.opponent as usize];
            let counted = if g.counted != g.grade {
                format!(" counted as {} (40-point rule)", num(g.counted))
            } else {
                String::new()
            };
            let text = format!(
                "{} v {} ({}): grade {}{counted} → {} points",
                result_word(g.score),
                opp.display_name(),
                opp.id,
                num(g.grade),
                num(g.points)
            );
            x.game(2, opp.id, None, text);
        }
    }
    if !s.not_used.is_empty() {
        x.blank();
        x.heading(0, "Games not used: the opponent has no grade");
    }
    for g in &s.not_used {
        let opp = &start[g.opponent as usize];
        let ev = &period.events[g.event as usize];
        let text = format!("{} v {} ({}) in {}", result_word(g.score as f64), opp.display_name(), opp.id, ev.code);
        x.game(1, opp.id, Some(&ev.code), text);
    }
    let (this, prev, prev2) = (s.this, s.prev, s.prev2);
    x.blank();
    x.step(0, format!("This season: {} games, {} points", this.games, num(this.points)));
    x.step(
        0,
        format!(
            "Last season: {} games, {} points; the season before: {} games, {} points",
            prev.games,
            num(prev.points),
            prev2.games,
            num(prev2.points)
        ),
    );
    match &s.calc {
        Some(c) => {
            if c.from_prev.games > 0 {
                x.step(
                    0,
                    format!(
                        "Fewer than 30 games this season: last season's {} games and {} points added",
                        c.from_prev.games,
                        num(c.from_prev.points)
                    ),
                );
            }
            if c.from_prev2_games > 0 {
                x.step(
                    0,
                    format!(
                        "Still fewer than 30: {} of the season before's {} games, pro rata {} × {} / {} = {} points",
                        c.from_prev2_games,
                        c.prev2.games,
                        num(c.prev2.points),
                        c.from_prev2_games,
                        c.prev2.games,
                        num(c.from_prev2_points)
                    ),
                );
            }
            x.step(0, format!("Grade = {} / {} = {} → {}", num(c.points), c.games, num(c.average), c.grade));
        }
        None => x.text(0, "No graded games in three seasons: no grade"),
    }
    if let Some((age, bonus)) = s.junior {
        x.step(0, format!("Junior bonus: aged {age} on {}: +{bonus}", s.bonus_date));
    }
    let below = s.calc.as_ref().map(|c| c.grade + s.junior.map_or(0, |j| j.1)).filter(|&g| g < FLOOR);
    if let (Some(g), Some(_)) = (below, s.grade) {
        x.step(0, format!("{g} is below the lowest grade published: {FLOOR}"));
    }
    match s.grade {
        Some(g) => x.text(0, format!("Published grade: {g} (printed {})", Ecf.printed(&ratings.players[p]))),
        None => x.text(
            0,
            format!(
                "Not published: needs at least 1 game this season and 9 in the last three ({} and {}); the results are kept and count next season",
                this.games,
                this.games + prev.games + prev2.games
            ),
        ),
    }
    x
}
