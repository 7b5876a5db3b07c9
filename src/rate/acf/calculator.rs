//! The ACF's part of the site's what-if calculator: its script
//! (`calculator.js`), the constants and tables it reads, and what a
//! what-if leaves out.

use serde_json::json;

use super::{bonus_threshold, CLAMP, CONFIRMED_AFTER, K, LOWEST_SCORE, RATED_AFTER};
use crate::model::Player;
use crate::rate::calculator::{status_name, tables, Calculator};

/// The most games of an event whose bonus threshold the script is told;
/// from there on the threshold stays the same.
const BONUS_GAMES: u32 = 40;

pub(super) fn calculator() -> Calculator {
    // The bonus threshold by an event's games (`null`: no bonus).
    let thresholds: Vec<Option<u32>> = (0..=BONUS_GAMES).map(bonus_threshold).collect();
    Calculator {
        script: include_str!("calculator.js"),
        settings: json!({
            "k": K,
            "clamp": CLAMP,
            "rated_after": RATED_AFTER,
            "confirmed_after": CONFIRMED_AFTER,
            "lowest_score": [LOWEST_SCORE.0, LOWEST_SCORE.1],
            "bonus_thresholds": thresholds,
            "tables": tables(),
        }),
        leaves_out: vec![
            "Your other games of the period. A confirmed player's events each change the rating on their own, \
             from the rating at the start of the period: rate each event's games separately and add the changes. \
             A player not yet confirmed gets one performance rating over all of the period's games: enter them all."
                .into(),
            "The games are taken as one event: the bonus points depend on the event's number of games (6 or more)."
                .into(),
            "Who is confirmed: an opponent not yet confirmed counts at the rating the period's first stage gives \
             him, which only the period's run knows; enter the rating you expect him to have."
                .into(),
            "Removal from the player file (fewer than 30 games and no game for two years).".into(),
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
