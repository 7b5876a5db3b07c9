//! A player's Glicko-2 calculation from the trace `rate` returned:
//! Glickman's steps with each game's g and E, v, Δ, the new volatility, φ*
//! and the new rating and RD. Formats; computes nothing.

use super::math::{CENTRE, SCALE};
use super::{Glicko2Calc, RatedGame, FLOOR};
use crate::rate::common::{by_event, num, result_word};
use crate::rate::{Explanation, Ratings};
use crate::validate::ValidPeriod;

/// Player `p`'s calculation.
pub(super) fn explain(period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
    let player = &period.players.players[p];
    let mut x = Explanation::default();
    let state = player.state.as_deref().unwrap_or("-");
    x.heading(0, format!("{} ({}), ID {}", player.display_name(), state, player.id));
    match ratings.trace::<Glicko2Calc>(p) {
        None => x.text(0, "No rating and no games: nothing to rate"),
        Some(Glicko2Calc::Idle { start, rd, capped }) => {
            x.text(
                0,
                format!(
                    "At the start: rating {}, RD {}, volatility {:.6}",
                    num(start.rating),
                    num(start.rd),
                    start.volatility
                ),
            );
            x.text(0, "No games this period: the rating and volatility stand, and the RD grows");
            x.step(
                0,
                format!(
                    "RD = {SCALE} × √(({} / {SCALE})² + {:.6}²) = {}{}",
                    num(start.rd),
                    start.volatility,
                    num(*rd),
                    if *capped { " (at most the initial RD)" } else { "" }
                ),
            );
        }
        Some(Glicko2Calc::Played { start, new_player, games, period: steps }) => {
            let new = if *new_player { " (a new player's, from the settings)" } else { "" };
            x.text(
                0,
                format!(
                    "At the start: rating {}, RD {}, volatility {:.6}{new}",
                    num(start.rating),
                    num(start.rd),
                    start.volatility
                ),
            );
            x.step(
                0,
                format!(
                    "On the Glicko-2 scale: μ = ({} − {CENTRE}) / {SCALE} = {:.4}, φ = {} / {SCALE} = {:.4}",
                    num(start.rating),
                    start.mu(),
                    num(start.rd),
                    start.phi()
                ),
            );
            x.blank();
            x.heading(0, "Games: g = 1 / √(1 + 3φⱼ²/π²), E = 1 / (1 + exp(−g (μ − μⱼ)))");
            games_lines(&mut x, period, games);
            x.blank();
            x.step(0, format!("v = 1 / Σ g² E (1 − E) = {:.4}", steps.v));
            x.step(0, format!("Δ = v × Σ g (s − E) = {:.4}", steps.delta));
            x.step(
                0,
                format!(
                    "New volatility σ′ = {:.6} (Illinois iteration to 0.000001, {} rounds)",
                    steps.volatility, steps.rounds
                ),
            );
            x.step(0, format!("φ* = √(φ² + σ′²) = {:.4}", steps.phi_star));
            x.step(0, format!("φ′ = 1 / √(1/φ*² + 1/v) = {:.4}", steps.phi));
            x.step(0, format!("μ′ = μ + φ′² Σ g (s − E) = {:.4}", steps.mu));
            x.text(
                0,
                format!(
                    "New rating {} (= {SCALE} μ′ + {CENTRE}), RD {}, volatility {:.6}",
                    num(steps.new.rating),
                    num(steps.new.rd),
                    steps.new.volatility
                ),
            );
            if steps.new.rating < FLOOR {
                x.text(0, format!("{} is below the lowest rating published: {}", num(steps.new.rating), num(FLOOR)));
            }
        }
    }
    x
}

fn games_lines(x: &mut Explanation, period: &ValidPeriod, games: &[RatedGame]) {
    let start = &period.players.players;
    for (event, run) in by_event(games, |g| g.event) {
        let ev = &period.events[event as usize];
        x.blank();
        x.event(1, &ev.code, format!("{} {}", ev.code, ev.name));
        for g in run {
            let opp = &start[g.opponent as usize];
            let new = if g.new_opponent { " (new: the settings' start)" } else { "" };
            x.game(
                2,
                opp.id,
                None,
                format!(
                    "{} v {} ({}): rating {}, RD {}{new}; g {:.4}, E {:.4}",
                    result_word(g.score),
                    opp.display_name(),
                    opp.id,
                    num(g.against.rating),
                    num(g.against.rd),
                    g.g,
                    g.e
                ),
            );
        }
    }
}
