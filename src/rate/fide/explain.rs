//! A player's FIDE calculation from the trace `rate` returned: each game's
//! D and PD (and where the 400-point rule bit), which K and why, the sum and
//! the change; or an unrated player's pool and first rating. Formats;
//! computes nothing.

use super::{
    Change, FideCalc, FirstRating, RatedGame, FIRST_GAMES, FIRST_RATING_MAX, FLOOR, HYPOTHETICAL, K_TIMES_GAMES,
    MAX_DIFFERENCE, POOL_MONTHS,
};
use crate::rate::common::{by_event, num, plus, result_word};
use crate::rate::games::GameRef;
use crate::rate::tables::hundredths;
use crate::rate::{Explanation, Ratings};
use crate::validate::ValidPeriod;

/// Player `p`'s calculation.
pub(super) fn explain(period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
    let player = &period.players.players[p];
    let mut x = Explanation::default();
    let state = player.state.as_deref().unwrap_or("-");
    x.heading(0, format!("{} ({}), ID {}", player.display_name(), state, player.id));
    if !period.config.rates_standard_play() {
        x.text(0, "Rated by FIDE's Rapid and Blitz Rating Regulations (1 March 2024)");
    }
    match ratings.trace::<FideCalc>(p) {
        Some(FideCalc::Rated(c)) => rated(&mut x, period, c),
        Some(FideCalc::Unrated(f)) => unrated(&mut x, period, f),
        None => x.text(0, "No rated games this period: nothing changes"),
    }
    x
}

fn rated(x: &mut Explanation, period: &ValidPeriod, c: &Change) {
    x.text(0, format!("At the start: rated {}, K {} ({})", num(c.own), c.k.0, c.k.1.words()));
    if !c.games.is_empty() {
        x.blank();
        x.heading(
            0,
            format!("Games against rated opponents: D = own rating − opponent's (over {MAX_DIFFERENCE} counts as {MAX_DIFFERENCE}), PD from table 8.1.b"),
        );
    }
    games(x, period, &c.games, true);
    not_rated(x, period, &c.not_rated, "the opponent was unrated: the game does not change a rated player's rating");
    not_rated(
        x,
        period,
        &c.excluded,
        "600 points or more apart, one of the two rated above 2600: not rated on a rapid or blitz list (7.3.1, from 1 December 2024)",
    );
    if c.games.is_empty() {
        x.blank();
        x.text(0, "No games against rated opponents: the rating stands");
        return;
    }
    let n = c.games.len() as u32;
    x.blank();
    x.step(
        0,
        format!(
            "{n} game{}: score {}, ΣPD {}, Σ(score − PD) = {}",
            if n == 1 { "" } else { "s" },
            num(c.score),
            num(c.expected),
            decimal(c.score - c.expected)
        ),
    );
    if c.k_used < c.k.0 {
        x.step(
            0,
            format!(
                "K {} × {n} games = {} is over {K_TIMES_GAMES}: K = {} (the largest with K × n ≤ {K_TIMES_GAMES})",
                c.k.0,
                c.k.0 * n,
                c.k_used
            ),
        );
    }
    x.step(
        0,
        format!(
            "ΔR = {} × {} = {} → {} (to the nearest whole number, .5 away from zero)",
            c.k_used,
            decimal(c.score - c.expected).trim_start_matches('+'),
            num(c.exact).replace('-', "−"),
            signed(c.change)
        ),
    );
    match (c.new, c.next_k) {
        (Some(r), Some((k, why))) => {
            x.text(0, format!("New rating: {} {} = {}", num(c.own), plus(c.change as f64, 0), num(r)));
            x.text(0, format!("K next period: {k} ({})", why.words()));
        }
        _ => x.text(
            0,
            format!(
                "{} {} = {}, below {}: unrated again (the list publishes {} and more)",
                num(c.own),
                plus(c.change as f64, 0),
                num(c.own + c.change as f64),
                num(FLOOR),
                num(FLOOR)
            ),
        ),
    }
}

fn unrated(x: &mut Explanation, period: &ValidPeriod, f: &FirstRating) {
    x.text(0, format!("At the start: unrated; games against rated opponents are pooled toward a first rating ({FIRST_GAMES} within {POOL_MONTHS} months)"));
    for e in &f.kept {
        x.step(1, format!("pooled: {}", e.text()));
    }
    for e in &f.dropped {
        x.step(1, format!("dropped, older than {POOL_MONTHS} months: {}", e.text()));
    }
    if !f.games.is_empty() {
        x.blank();
        x.heading(0, "This period's games against rated opponents");
    }
    games(x, period, &f.games, false);
    not_rated(x, period, &f.not_rated, "the opponent was unrated: not pooled");
    x.blank();
    match &f.initial {
        None => {
            let n: u32 = f.kept.iter().chain(&f.this).map(|e| e.games).sum();
            x.text(
                0,
                format!(
                    "{n} pooled game{} of the {FIRST_GAMES} needed: not rated yet; the games stay pooled",
                    if n == 1 { "" } else { "s" }
                ),
            );
        }
        Some(i) => {
            x.step(
                0,
                format!("Pooled: {} games, score {}, opponents' ratings {}", i.games, num(i.score), num(i.ratings)),
            );
            x.step(
                0,
                format!(
                    "With two draws against hypothetical opponents rated {}: Ra = ({} + {}) / {} = {}",
                    num(HYPOTHETICAL),
                    num(i.ratings),
                    num(2.0 * HYPOTHETICAL),
                    i.games + 2,
                    num(i.ra)
                ),
            );
            x.step(
                0,
                format!(
                    "p = ({} + 1) / {} = {}, dp = {} (table 8.1.a)",
                    num(i.score),
                    i.games + 2,
                    hundredths(i.percent),
                    i.dp
                ),
            );
            let capped = if i.capped { format!(", at most {}", num(FIRST_RATING_MAX)) } else { String::new() };
            x.step(0, format!("Ru = Ra + dp = {} {} → {}{capped}", num(i.ra), plus(i.dp as f64, 0), i.ru));
            match f.next_k {
                Some((k, why)) if i.published => {
                    x.text(0, format!("First rating: {}", i.ru));
                    x.text(0, format!("K next period: {k} ({})", why.words()));
                }
                _ => x.text(0, format!("{} is below {}: not published; the games stay pooled", i.ru, num(FLOOR))),
            }
        }
    }
}

/// The games, event by event; `rated`: the player is rated (D and PD shown).
fn games(x: &mut Explanation, period: &ValidPeriod, games: &[RatedGame], rated: bool) {
    let start = &period.players.players;
    for (event, run) in by_event(games, |g| g.event) {
        let ev = &period.events[event as usize];
        x.blank();
        x.event(1, &ev.code, format!("{} {}", ev.code, ev.name));
        for g in run {
            let opp = &start[g.opponent as usize];
            let detail = if rated {
                let rule = if g.capped() {
                    format!(" counted as {}{MAX_DIFFERENCE} (400-point rule)", if g.d < 0 { "−" } else { "+" })
                } else {
                    String::new()
                };
                format!(
                    ": rating {}, D {}{rule}, PD {} (score − PD = {})",
                    num(g.rating),
                    signed(g.d),
                    hundredths((g.pd * 100.0).round() as u32),
                    decimal(g.score - g.pd)
                )
            } else {
                format!(": rating {}", num(g.rating))
            };
            x.game(2, opp.id, None, format!("{} v {} ({}){detail}", result_word(g.score), opp.display_name(), opp.id));
        }
    }
}

fn not_rated(x: &mut Explanation, period: &ValidPeriod, games: &[GameRef], why: &str) {
    if games.is_empty() {
        return;
    }
    x.blank();
    x.heading(0, format!("Games not counted: {why}"));
    for g in games {
        let opp = &period.players.players[g.opponent as usize];
        let ev = &period.events[g.event as usize];
        x.game(
            1,
            opp.id,
            Some(&ev.code),
            format!("{} v {} ({}) in {}", result_word(g.score as f64), opp.display_name(), opp.id, ev.code),
        );
    }
}

/// A difference with two decimals and its sign: +0.07, −0.41, 0.00.
fn decimal(x: f64) -> String {
    plus(x, 2).replace("+ ", "+").replace("− ", "−")
}

/// A whole number with its sign: +43, −1, 0.
fn signed(n: i64) -> String {
    match n {
        0 => "0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}
