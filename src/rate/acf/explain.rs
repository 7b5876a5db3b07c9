//! A player's ACF calculation, step by step as acf.md works its examples,
//! from the trace `rate` returned: his stage with the games as it counted
//! them. Formats; computes nothing.

use std::fmt::Write as _;

use super::{Acf, Stage1, Stage2, Trace, CLAMP};
use crate::model::{Player, Status};
use crate::rate::common::{num, plus, result_word, Counted, CountedGame, Stage};
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
    glossary(&mut x, trace, player, after);
    x
}

/// What the letters and marks the calculation used mean, after it: the
/// terminal and the player's page print these lines alike.
fn glossary(x: &mut Explanation, trace: Option<&Trace>, before: &Player, after: &Player) {
    let mut terms: Vec<(&str, String)> = Vec::new();
    match trace {
        Some(Stage::Two(Counted { games, .. })) => {
            terms.extend([
                ("Ro", "the rating at the start of the period".to_string()),
                ("NG", "the number of games counted in the event".to_string()),
                ("Sa", "the points actually scored in them".to_string()),
                ("AR", "the average rating of the opponents met".to_string()),
                ("D", "the difference AR − Ro, rounded to a whole number".to_string()),
                ("Table 2", "the expected score a game for each difference D (on the rules page)".to_string()),
                ("Se", "the score expected: the expected score a game times NG".to_string()),
                ("BP", "bonus points for an exceptional result (6 games or more)".to_string()),
                (
                    "Ri",
                    "the rating change from the event: 15 points for every point scored above Se, plus BP".to_string(),
                ),
                ("ΣRi", "the changes from every event added up".to_string()),
                ("Rn", "the new rating".to_string()),
            ]);
            if games.iter().any(|g| g.rating.is_some_and(|r| (g.counted - r).abs() > 1e-9)) {
                terms.push((
                    "336 rule",
                    format!("an opponent's rating is counted as at most {CLAMP} away from your own"),
                ));
            }
        }
        Some(Stage::One(_)) | None => {
            terms.extend([
                ("NG", "the number of games counted this period".to_string()),
                ("SR", "the sum of the opponents' ratings this period".to_string()),
                ("TS", "the points scored this period".to_string()),
                ("ARo, NGo", "the opponents' average rating and the games before this period".to_string()),
                ("AR", "the average rating of every opponent met so far".to_string()),
                ("G, T", "all games so far and all points scored in them".to_string()),
                ("P", "the score as a share of the games (T / G)".to_string()),
                ("Dp", "the rating difference Table 1 (on the rules page) gives for the score P".to_string()),
                ("Rp", "the performance rating AR + Dp: the rating of a player with this score".to_string()),
            ]);
            if before.status == Status::Provisional {
                terms.push((
                    "336 rule",
                    format!("an opponent's rating is counted as at most {CLAMP} away from your own"),
                ));
            }
        }
    }
    if let (Status::Unrated, true) = (after.status, after.games < 9) {
        terms.push((
            "2R (or 5R, …)",
            "not rated yet: the number of rated games still needed (a rating is first published after 9)".to_string(),
        ));
    }
    if after.status == Status::Provisional {
        terms.push(("p (after a rating)", "provisional: fewer than 30 rated games so far".to_string()));
    }
    // Only the terms the calculation used.
    let used = LineWords::of(x.lines.iter().map(|l| l.text.as_str()));
    terms.retain(|(term, _)| used.mention(term.split([',', ' ']).next().unwrap_or(term)));
    if terms.is_empty() {
        return;
    }
    x.blank();
    x.heading(0, "What the letters mean");
    for (term, meaning) in terms {
        x.text(1, format!("{term}: {meaning}"));
    }
}

/// The words of some lines (runs of letters and digits), to ask whether a
/// symbol appears as a word of its own (`D` in `D = AR − Ro`, not in `Dp`;
/// `2R` in `shown 2R`). The lines are split once, not once per symbol.
struct LineWords<'a>(std::collections::HashSet<&'a str>);

impl<'a> LineWords<'a> {
    fn of(texts: impl IntoIterator<Item = &'a str>) -> LineWords<'a> {
        LineWords(
            texts.into_iter().flat_map(|t| t.split(|c: char| !c.is_alphanumeric())).filter(|w| !w.is_empty()).collect(),
        )
    }

    /// `2R` stands for any count of games still needed (`5R`), `p` for a
    /// provisional rating's mark (`1356p`).
    fn mention(&self, symbol: &str) -> bool {
        let numbered =
            |mark: char| self.0.iter().any(|w| w.strip_suffix(mark).is_some_and(|n| n.parse::<u32>().is_ok()));
        match symbol {
            "2R" => numbered('R'),
            "p" => numbered('p'),
            _ => self.0.contains(symbol),
        }
    }
}

/// A signed change: `+12.34`, `−12.34`, `0.00`.
fn signed(value: f64) -> String {
    match format!("{value:.2}").as_str() {
        "0.00" | "-0.00" => "0.00".to_string(),
        s if value < 0.0 => format!("−{}", &s[1..]),
        s => format!("+{s}"),
    }
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
                "{result} v {} ({}): rating {}{}, counted as {} (336 rule)",
                opp.display_name(),
                opp.id,
                num(r),
                self.rerated(opp, r),
                num(g.counted)
            ),
            Some(r) => {
                format!("{result} v {} ({}): rating {}{}", opp.display_name(), opp.id, num(r), self.rerated(opp, r))
            }
        };
        self.x.game(2, opp.id, None, text);
    }

    /// Why an opponent counts with another rating than the list printed
    /// him with: a player not yet confirmed is rated first (stage 1), and
    /// the established players meet him at his new rating.
    fn rerated(&self, opponent: &Player, rating: f64) -> String {
        if opponent.rating.is_some_and(|r| (r - rating).abs() < 0.005) {
            return String::new();
        }
        format!(
            " (his rating after stage 1 of this period: a player not yet confirmed is rated first; the last list printed {})",
            match Acf.printed(opponent) {
                p if p.is_empty() => "no rating".to_string(),
                p => p,
            }
        )
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
            let games = if ev.games == 1 { "1 game".to_string() } else { format!("{} games", ev.games) };
            x.step(
                2,
                format!("NG = {games}, Sa = {} scored, AR = {} the opponents' average", num(ev.score), num(ev.opp_avg)),
            );
            let difference = ev.opp_avg - s.ro;
            let rounded =
                if (difference - ev.d as f64).abs() < 0.005 { String::new() } else { format!(", rounded to {}", ev.d) };
            x.step(2, format!("D = AR − Ro = {} − {} = {}{rounded}", num(ev.opp_avg), num(s.ro), num(difference)));
            x.step(
                2,
                format!("Table 2, {}: {col} expects {} a game", ev.band.difference(), hundredths(ev.expected_percent)),
            );
            x.step(2, format!("Se = {} × {} = {:.2} expected", hundredths(ev.expected_percent), ev.games, ev.expected));
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
                    "Ri = (Sa − Se) × 15 + BP = ({} − {:.2}) × 15 {} = {} from this event",
                    num(ev.score),
                    ev.expected,
                    plus(ev.bonus, 2),
                    signed(ev.change)
                ),
            );
        }
        self.x.blank();
        self.x.step(
            0,
            format!(
                "Rn = Ro + ΣRi = {} {} = {}, printed {}",
                num(s.ro),
                plus(s.total, 2),
                num(s.rn),
                Acf.printed(after)
            ),
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
        x.step(1, format!("Rp = AR + Dp = {} {} = {}", num(s.ar), plus(s.dp as f64, 0), num(s.rp)));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_read_as_sums() {
        assert_eq!(plus(12.345, 2), "+ 12.35");
        assert_eq!(plus(-3.5, 2), "− 3.50");
        assert_eq!(plus(-0.001, 2), "+ 0.00");
        assert_eq!(plus(-230.0, 0), "− 230");
        assert_eq!(signed(-0.001), "0.00");
        assert_eq!(signed(-7.25), "−7.25");
        assert_eq!(signed(54.6), "+54.60");
    }

    #[test]
    fn a_symbol_is_found_as_a_word_of_its_own() {
        let mentions = |text: &str, symbol: &str| LineWords::of([text]).mention(symbol);
        assert!(mentions("D = AR − Ro = 12", "D"));
        assert!(!mentions("Dp = 40 (Table 1)", "D"));
        assert!(mentions("Rp = AR + Dp", "Dp"));
        assert!(!mentions("ΣRi = 12", "Ri"));
        assert!(mentions("fewer than 9 games: unrated, shown 2R", "2R"));
        assert!(!mentions("R = 2", "2R"));
        assert!(mentions("rating 1356p", "p"));
        assert!(!mentions("provisional", "p"));
    }
}
