//! A player's NZCF calculation, tournament by tournament with the rules it
//! applies, from the trace `rate` returned: his stage with the games as it
//! counted them. Formats; computes nothing.

use std::fmt::Write as _;

use super::{Established, NoBonus, Nzcf, Provisional, Trace, ESTABLISHED_AFTER, INACTIVE_YEARS, MAX_FACTOR};
use crate::model::{Player, Status};
use crate::rate::common::{by_event, num, plus, result_word, Counted, CountedGame, Stage};
use crate::rate::tables::hundredths;
use crate::rate::{Explanation, RatingSystem, Ratings};
use crate::validate::ValidPeriod;

/// What a performance makes of a 100% score, which regulation 2.2 leaves
/// indeterminate.
pub(super) const PERFECT_SCORE: &str = "a 100% score gives no Dp (regulation 2.2): Da is taken at .99, 677, the most Table 1 gives, so that the limit still applies";

/// Player `p`'s calculation.
pub(super) fn explain(period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
    let player = &period.players.players[p];
    let after = &ratings.players[p];
    let mut x = Explanation::default();
    let state = player.state.as_deref().unwrap_or("-");
    x.heading(0, format!("{} ({}), ID {}", player.display_name(), state, player.id));
    x.text(0, format!("At the start of the period: {}", describe(player)));
    let trace = ratings.trace::<Trace>(p);
    let games = match trace {
        Some(Stage::One(c)) => c.games.as_slice(),
        Some(Stage::Two(c)) => c.games.as_slice(),
        None => &[],
    };
    if games.is_empty() {
        x.blank();
        x.text(
            0,
            "No rated games this period (forfeits, byes, adjudicated games and games against computers never count).",
        );
    }
    let mut lines = Lines { period, x: &mut x };
    match trace {
        Some(Stage::Two(Counted { games, result })) => lines.established(games, result, after),
        Some(Stage::One(Counted { games, result })) => lines.provisional(player, games, result.as_ref(), after),
        None => lines.provisional(player, &[], None, after),
    }
    if ratings.removed[p] {
        let years = if after.status == Status::Confirmed { INACTIVE_YEARS.0 } else { INACTIVE_YEARS.1 };
        x.blank();
        x.text(0, format!("Removed from the rating file (rule 6.2): inactive for {years} years."));
    }
    x
}

/// Writes the lines of one stage.
struct Lines<'a> {
    period: &'a ValidPeriod,
    x: &'a mut Explanation,
}

impl Lines<'_> {
    fn event(&mut self, event: u32, text: impl FnOnce(&str) -> String) {
        let ev = &self.period.events[event as usize];
        self.x.blank();
        self.x.event(1, &ev.code, text(&format!("{} {}", ev.code, ev.name)));
    }

    /// A game against an opponent who is not rated.
    fn not_counted(&mut self, g: &CountedGame) {
        let opp = &self.period.players.players[g.opponent as usize];
        let text = format!(
            "{} v {} ({}): not counted, the opponent is not rated",
            result_word(g.score),
            opp.display_name(),
            opp.id
        );
        self.x.game(2, opp.id, None, text);
    }

    fn established(&mut self, games: &[CountedGame], s: &Established, after: &Player) {
        let start = &self.period.players.players;
        self.x.blank();
        self.x.heading(
            0,
            format!(
                "An established player: Ro = {}, K = (3000 − Ro) / 50 = (3000 − {}) / 50 = {}",
                num(s.ro),
                num(s.ro),
                num(s.k)
            ),
        );
        for t in &s.tournaments {
            self.event(t.event, str::to_string);
            for g in &t.games {
                let opp = &start[g.opponent as usize];
                let column = if g.d <= 0 { "H" } else { "L" };
                let kept = if g.table != g.expectancy {
                    format!(", kept within .10–.90: {}", hundredths(g.expectancy))
                } else {
                    String::new()
                };
                let text = format!(
                    "{} v {} ({}): rating {}, D = {}, Table 2 {column} {}{kept}",
                    result_word(g.score),
                    opp.display_name(),
                    opp.id,
                    num(g.rating),
                    g.d,
                    hundredths(g.table)
                );
                self.x.game(2, opp.id, None, text);
            }
            for g in games.iter().filter(|g| g.event == t.event && g.rating.is_none()) {
                self.not_counted(g);
            }
            let x = &mut *self.x;
            x.step(
                2,
                format!("r = {}, Wa = {}, We = {:.2}; Pa = {:.1}%, Pe = {:.1}%", t.n, num(t.wa), t.we, t.pa, t.pe),
            );
            match t.factor {
                Ok(f) => {
                    let raw = (t.pa - t.pe) / 10.0;
                    let capped = if raw > MAX_FACTOR { format!(", at most 3: {}", num(f)) } else { String::new() };
                    x.step(
                        2,
                        format!(
                            "bonus: Pa − Pe = {:.1} ≥ 10, K is multiplied by (Pa − Pe)/10 = {}{capped}",
                            t.pa - t.pe,
                            num(raw)
                        ),
                    );
                    x.step(
                        2,
                        format!(
                            "ΔR = K × {} × (Wa − We) = {} × {} × ({} − {:.2}) = {:.2} (without the bonus {:.2})",
                            num(f),
                            num(s.k),
                            num(f),
                            num(t.wa),
                            t.we,
                            t.with_bonus,
                            t.plain
                        ),
                    );
                }
                Err(why) => {
                    let reason = match why {
                        NoBonus::FewGames => "fewer than 4 games",
                        NoBonus::Over2200 => "rated over 2200",
                        NoBonus::BelowMargin => "Pa is not 10 points above Pe",
                    };
                    x.step(
                        2,
                        format!(
                            "no bonus ({reason}): ΔR = K × (Wa − We) = {} × ({} − {:.2}) = {:.2}",
                            num(s.k),
                            num(t.wa),
                            t.we,
                            t.plain
                        ),
                    );
                }
            }
            if let Some(c) = t.cut_at_2200 {
                x.step(2, format!("the bonus may not take the player past 2200: ΔR cut to {c:.2}"));
            }
            if t.wa >= t.n as f64 {
                x.step(2, PERFECT_SCORE);
            }
            x.step(
                2,
                format!(
                    "Rp = Ro + Da − De = {} {} {} = {}",
                    num(s.ro),
                    plus(t.da as f64, 0),
                    plus(-t.de as f64, 0),
                    num(t.rp)
                ),
            );
            if t.limited {
                x.step(
                    2,
                    format!(
                        "gain limit L = (5r + 5) × (Rp − Ro) / 100 = (5 × {} + 5) × ({} − {}) / 100 = {:.2}: ΔR cut to {:.2}",
                        t.n,
                        num(t.rp),
                        num(s.ro),
                        t.limit,
                        t.change
                    ),
                );
            } else if t.change > 0.0 {
                x.step(
                    2,
                    format!(
                        "gain limit L = (5 × {} + 5) × ({} − {}) / 100 = {:.2}: not reached",
                        t.n,
                        num(t.rp),
                        num(s.ro),
                        t.limit
                    ),
                );
            }
            if t.loss_waived {
                x.text(2, "a tournament winner loses no points (rule 4.7): ΔR = 0");
            } else if t.winner {
                x.text(2, "(a winner of the tournament: rule 4.7 would keep a loss away)");
            }
            x.step(2, format!("ΔR = {:.2}", t.change));
        }
        let mut uncounted: Vec<u32> =
            games.iter().map(|g| g.event).filter(|e| !s.tournaments.iter().any(|t| t.event == *e)).collect();
        uncounted.dedup();
        for e in uncounted {
            self.event(e, |name| format!("{name}: not counted, no opponent is rated"));
        }
        let x = &mut *self.x;
        x.blank();
        x.step(0, format!("ΣΔR = {:.2}", s.total));
        if let Some(c) = &s.cap {
            if c.wa >= c.n as f64 {
                x.step(0, PERFECT_SCORE);
            }
            x.step(
                0,
                format!(
                    "Period performance: {} games, Wa = {}, We = {:.2}: Rp = {} {} {} = {}",
                    c.n,
                    num(c.wa),
                    c.we,
                    num(s.ro),
                    plus(c.da as f64, 0),
                    plus(-c.de as f64, 0),
                    num(c.rp)
                ),
            );
            if c.capped {
                x.text(
                    0,
                    format!(
                        "The gain may not take the rating above the period's performance (rule 4.11), nor the cap below Ro: Rn = {}",
                        num(s.rn)
                    ),
                );
            } else {
                x.text(0, "Ro + ΣΔR is within the period's performance (rule 4.11)");
            }
        }
        x.step(0, format!("Rn = {}, printed {}", num(s.rn), Nzcf.printed(after)));
    }

    fn provisional(&mut self, player: &Player, games: &[CountedGame], s: Option<&Provisional>, after: &Player) {
        self.x.blank();
        self.x.heading(0, "Provisional: performance rating Rp = Ra + Dp over all games, earlier periods included");
        for (event, run) in by_event(games, |g| g.event) {
            self.event(event, str::to_string);
            for g in run {
                match g.rating {
                    Some(r) => {
                        let opp = &self.period.players.players[g.opponent as usize];
                        let text = format!(
                            "{} v {} ({}): rating {}",
                            result_word(g.score),
                            opp.display_name(),
                            opp.id,
                            num(r)
                        );
                        self.x.game(2, opp.id, None, text);
                    }
                    None => self.not_counted(g),
                }
            }
        }
        let x = &mut *self.x;
        let Some(s) = s else {
            x.blank();
            x.text(0, format!("No game against a rated opponent: nothing to calculate. Now: {}", describe(after)));
            return;
        };
        x.blank();
        x.step(
            1,
            format!(
                "Ra = ({} × {} + {}) / ({} + {}) = {}",
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
                "games {} + {} = {}, score {} + {} = {}",
                player.games,
                s.ng,
                s.g,
                num(player.score),
                num(s.ts),
                num(s.t)
            ),
        );
        match (s.percent, s.dp, s.rp) {
            (Some(pc), Some(d), Some(rp)) => {
                x.step(1, format!("P = {} / {} → {} → Dp = {} (Table 1)", num(s.t), s.g, hundredths(pc), d));
                x.step(1, format!("Rp = Ra + Dp = {} {} = {}", num(s.ar), plus(d as f64, 0), num(rp)));
                x.text(
                    1,
                    if s.g >= ESTABLISHED_AFTER {
                        format!(
                            "{} fully rated games: provisional now, printed {}, established from the next period",
                            s.g,
                            Nzcf.printed(after)
                        )
                    } else {
                        format!("fewer than 15 fully rated games: provisional, printed {}", Nzcf.printed(after))
                    },
                );
            }
            _ => x.text(1, "a score of 0% or 100% gives no rating (Dp is indeterminate): unrated"),
        }
    }
}

/// A player's record in words: status, games, score and rating.
fn describe(p: &Player) -> String {
    let mut s = format!("{}, {} games", Nzcf.words().status(p.status), p.games);
    if p.status != Status::Confirmed && p.games > 0 {
        let _ = write!(s, ", score {}", num(p.score));
        if let Some(a) = p.opp_avg {
            let _ = write!(s, ", opponents' average {}", num(a));
        }
    }
    if let (true, Some(r)) = (p.status.is_rated(), p.rating) {
        let _ = write!(s, ", rating {} (printed {})", num(r), Nzcf.printed(p));
    }
    s
}
