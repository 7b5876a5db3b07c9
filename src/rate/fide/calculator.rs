//! FIDE's part of the site's what-if calculator: its script
//! (`calculator.js`), the constants and tables it reads (8.1.a, 8.1.b, K's
//! rules and their words), and what a what-if leaves out.

use chrono::{Datelike, Months};
use serde_json::json;

use super::state::{JUNIOR_K40_BELOW, K10_FROM, K40_GAMES};
use super::{
    dp, KReason, FIRST_GAMES, FIRST_RATING_MAX, FLOOR, HYPOTHETICAL, JUNIOR_AGE, K_COLUMN, K_TIMES_GAMES, K_VALUES,
    MAX_DIFFERENCE, POOL_COLUMN, POOL_MONTHS,
};
use crate::config::PeriodConfig;
use crate::model::{ExtraValue, Player};
use crate::rate::calculator::{column_number, status_name, tables, Calculator};

pub(super) fn calculator(next: &PeriodConfig) -> Calculator {
    let table_8_1_a: Vec<i32> = (0..=100).map(dp).collect();
    let reason = |r: KReason| r.words();
    // Pooled games older than this at the next period's end are dropped (7.1.1).
    let oldest = next.end.checked_sub_months(Months::new(POOL_MONTHS)).unwrap_or(next.end);
    Calculator {
        script: include_str!("calculator.js"),
        settings: json!({
            "floor": FLOOR,
            "max_difference": MAX_DIFFERENCE,
            "k_times_games": K_TIMES_GAMES,
            "first_games": FIRST_GAMES,
            "pool_months": POOL_MONTHS,
            "hypothetical": HYPOTHETICAL,
            "first_rating_max": FIRST_RATING_MAX,
            "k_values": K_VALUES,
            "k10_from": K10_FROM,
            "k40_games": K40_GAMES,
            "junior_k40_below": JUNIOR_K40_BELOW,
            "junior_age": JUNIOR_AGE,
            "k_reasons": {
                "file": reason(KReason::File),
                "new": reason(KReason::New),
                "junior": reason(KReason::Junior),
                "standard": reason(KReason::Standard),
                "reached": reason(KReason::Reached2400),
            },
            "table_8_1_a": table_8_1_a,
            "tables": tables(),
            // The next period's years (K at its start, K after it) and the pool's oldest day.
            "start_year": next.start.year(),
            "published_year": next.published.year(),
            "oldest": oldest.to_string(),
        }),
        leaves_out: vec![
            "Your other games of the period: the change is K × Σ(score − PD) over all of them, rounded once, \
             and K × games may not pass 700 over the whole period; enter them all."
                .into(),
            "K as the player file gives it (blank: K by the rules, from your games, year of birth and rating).".into(),
            "An unrated player's pool: the games pooled in earlier periods, as the player file's Pool column \
             holds them; entries older than 26 months at the period's end are dropped."
                .into(),
        ],
    }
}

/// The player's record after this period, as the next one starts from it:
/// his published rating, K and rated games to date, his year of birth
/// (when pages may show it) and, unrated, his pool.
pub(super) fn state(player: &Player, columns: &[String], next: &PeriodConfig) -> serde_json::Value {
    let pool_at =
        columns.iter().position(|c| crate::model::names::normalise(c) == crate::model::names::normalise(POOL_COLUMN));
    let pool = match pool_at.and_then(|c| player.extra.get(c)) {
        Some(ExtraValue::Text(t)) => t.clone(),
        _ => String::new(),
    };
    json!({
        "status": status_name(player.status),
        "rating": player.published_rating(),
        "k": column_number(player, columns, K_COLUMN),
        "games": player.games,
        "born": player.birth_date.filter(|_| next.birth.shown()).map(|b| b.year()),
        "pool": pool,
    })
}
