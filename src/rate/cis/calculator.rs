//! The CIS rating's part of the site's what-if calculator: its script
//! (`calculator.js`), the constants it reads, and what a what-if leaves out.

use serde_json::json;

use super::{ACTIVITY_BONUS, ACTIVITY_GAMES_A_MONTH, FLOOR, K, MAX_DIFFERENCE};
use crate::model::Player;
use crate::rate::calculator::{status_name, Calculator};

pub(super) fn calculator() -> Calculator {
    Calculator {
        script: include_str!("calculator.js"),
        settings: json!({
            "k": K,
            "max_difference": MAX_DIFFERENCE,
            "activity_bonus": ACTIVITY_BONUS,
            "activity_games_a_month": ACTIVITY_GAMES_A_MONTH,
            "floor": FLOOR,
        }),
        leaves_out: vec![
            "Lessons and renewals: their bonuses (+5 a lesson, +30 a renewal) are added on their days.".into(),
            "The games are taken as played in one month, none of them before with an activity bonus: the \
             activity bonus is for at most 20 games a calendar month."
                .into(),
            "A newcomer's initial rating: a player without a CIS rating enters the pool at the rating for \
             his age (the rules page gives it); enter it as his rating."
                .into(),
        ],
    }
}

/// The player's CIS rating after this period, as the next one starts from it.
pub(super) fn state(player: &Player) -> serde_json::Value {
    json!({
        "status": status_name(player.status),
        "rating": player.published_rating(),
    })
}
