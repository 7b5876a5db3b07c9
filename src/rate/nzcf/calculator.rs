//! The NZCF's part of the site's what-if calculator: its script
//! (`calculator.js`), the constants and tables it reads, and what a
//! what-if leaves out.

use serde_json::json;

use super::{BONUS_CEILING, BONUS_GAMES, BONUS_MARGIN, ESTABLISHED_AFTER, EXPECTANCY_BOUNDS, MAX_FACTOR};
use crate::model::Player;
use crate::rate::calculator::{status_name, tables, Calculator};

pub(super) fn calculator() -> Calculator {
    Calculator {
        script: include_str!("calculator.js"),
        settings: json!({
            "established_after": ESTABLISHED_AFTER,
            "bonus_ceiling": BONUS_CEILING,
            "max_factor": MAX_FACTOR,
            "bonus_margin": BONUS_MARGIN,
            "bonus_games": BONUS_GAMES,
            "expectancy_bounds": [EXPECTANCY_BOUNDS.0, EXPECTANCY_BOUNDS.1],
            "perfect_score": super::explain::PERFECT_SCORE,
            "tables": tables(),
        }),
        leaves_out: vec![
            "Your other tournaments of the period. Each changes an established player's rating on its own, \
             but the 2200 rule (4.5) counts from the rating the earlier ones left, and the period cap (4.11) \
             takes them all together; a provisional player's performance is over all of the period's games: \
             enter them all."
                .into(),
            "The games are taken as one tournament: the bonus needs 4 games or more in it, and the gain \
             limit (4.9) counts its rounds as the games entered."
                .into(),
            "Who won the tournament (rule 4.7): tick the box if you won or shared first.".into(),
            "Who is established: an opponent not yet established counts at the performance rating the \
             period gives him first, which only the period's run knows; enter the rating you expect."
                .into(),
            "Games that are not rated: adjudicated games, games against computers, and events that are not \
             NZCF events with fewer than half their players rated (rules 6.4 and 6.5)."
                .into(),
        ],
    }
}

/// The player's record after this period, as the next one starts from it.
pub(super) fn state(player: &Player) -> serde_json::Value {
    json!({
        "status": status_name(player.status),
        "rating": player.rating,
        "games": player.games,
        "score": player.score,
        "opp_avg": player.opp_avg,
    })
}
