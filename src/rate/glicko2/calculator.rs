//! Glicko-2's part of the site's what-if calculator: its script
//! (`calculator.js`), the settings it reads (`[rules]`'s, and Glickman's
//! constants), and what a what-if leaves out.

use serde_json::json;

use super::math::{State, CENTRE, EPSILON, SCALE};
use super::{Settings, FLOOR};
use crate::rate::calculator::Calculator;

pub(super) fn calculator(settings: &Settings) -> Calculator {
    Calculator {
        script: include_str!("calculator.js"),
        settings: json!({
            "tau": settings.tau,
            "initial_rating": settings.initial_rating,
            "initial_rd": settings.initial_rd,
            "initial_volatility": settings.initial_volatility,
            "provisional_rd": settings.provisional_rd,
            "scale": SCALE,
            "centre": CENTRE,
            "epsilon": EPSILON,
            "floor": FLOOR,
        }),
        leaves_out: vec![
            "Your other games of the period: all of a period's games are one rating period, rated together \
             (v, Δ and the new volatility are worked out over all of them), so enter them all."
                .into(),
            "Your opponents' rating deviations: enter each opponent's RD (his page gives it); a blank RD \
             counts as a new player's."
                .into(),
            "A period without games: the RD grows and the rating stands.".into(),
        ],
    }
}

/// The player's state after this period, as the next one starts from it
/// (`None`: no rating yet, a new player's state from the settings).
pub(super) fn state(state: Option<State>, settings: &Settings) -> serde_json::Value {
    match state {
        Some(s) => json!({ "status": "confirmed", "rating": s.rating, "rd": s.rd, "volatility": s.volatility }),
        None => json!({
            "status": "new",
            "rating": null,
            "rd": settings.initial_rd,
            "volatility": settings.initial_volatility,
        }),
    }
}
