//! The ECF's part of the site's what-if calculator: its script
//! (`calculator.js`), the constants it reads, and what a what-if leaves out.

use serde_json::json;

use super::{
    bonus_date, grade_of, FLOOR, GAMES_WANTED, JUNIOR_BONUS, POINT_RULE, PUBLISH_GAMES, SEASON_COLUMNS, WIN_POINTS,
};
use crate::config::PeriodConfig;
use crate::model::dates::age_at;
use crate::model::Player;
use crate::rate::calculator::{column_number, status_name, Calculator};

pub(super) fn calculator(next: &PeriodConfig) -> Calculator {
    Calculator {
        script: include_str!("calculator.js"),
        settings: json!({
            "point_rule": POINT_RULE,
            "win_points": WIN_POINTS,
            "games_wanted": GAMES_WANTED,
            "publish_games": [PUBLISH_GAMES.0, PUBLISH_GAMES.1],
            "junior_bonus": JUNIOR_BONUS,
            "floor": FLOOR,
            // The 1 September the next list's junior bonus takes the age on.
            "bonus_date": bonus_date(next.published).to_string(),
        }),
        leaves_out: vec![
            "Your other games of the season: a grade is the average over all of them (topped up to 30 games \
             from the two seasons before), so enter them all."
                .into(),
            "Games against ungraded opponents: they are not used.".into(),
            format!(
                "Your age: the junior bonus is by age on {}; enter it if you are under 18 then.",
                crate::model::dates::long_date(bonus_date(next.published))
            ),
        ],
    }
}

/// The player's record after this season, as the next one starts from it:
/// his grade, this season's games and points (next season's "last
/// season") and last season's, and his age on the next 1 September when
/// pages may show ages.
pub(super) fn state(player: &Player, columns: &[String], next: &PeriodConfig) -> serde_json::Value {
    let season = |k: usize| column_number(player, columns, SEASON_COLUMNS[k]).unwrap_or(0.0);
    let age = player.birth_date.filter(|_| next.birth.shown()).map(|b| age_at(b, bonus_date(next.published)));
    json!({
        "status": status_name(player.status),
        "grade": grade_of(player),
        "prev_games": season(0),
        "prev_points": season(1),
        "prev2_games": season(2),
        "prev2_points": season(3),
        "age": age,
    })
}
