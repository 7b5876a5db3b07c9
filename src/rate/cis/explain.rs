//! A player's CIS period, step by step in date order (entry, lessons,
//! renewals, games), from the trace `rate` returned. Formats; computes nothing.

use super::{months_past_six, Cis, CisPeriod, StartRating, StepKind};
use crate::rate::common::{num, result_word};
use crate::rate::{Explanation, RatingSystem, Ratings};
use crate::validate::ValidPeriod;

/// Player `p`'s calculation.
pub(super) fn explain(period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
    let start = &period.players.players;
    let player = &start[p];
    let r = ratings.trace::<CisPeriod>(p).expect("every CIS player has a period");
    let mut x = Explanation::default();
    let state = player.state.as_deref().unwrap_or("-");
    x.heading(0, format!("{} ({}), ID {}", player.display_name(), state, player.id));
    match r.start {
        Some(StartRating::Rated(v)) => {
            x.text(0, format!("At the start of the period: CIS rating {} (every game this period uses it)", num(v)))
        }
        Some(StartRating::Enters { date, months, rating }) => x.text(
            0,
            format!(
                "Enters the CIS pool on {date}, aged {}: initial rating {} (600 + ⌊{} months past the 6th birthday × 50/12⌋, within 600–900)",
                age_text(months),
                rating,
                months_past_six(months)
            ),
        ),
        None => x.text(
            0,
            format!(
                "No CIS rating: {}",
                if player.birth_date.is_none() { "no birth date to give an initial rating" } else { "not in the pool yet" }
            ),
        ),
    }
    for s in &r.steps {
        let after = s.rating.map(|v| format!(" → {}", num(v))).unwrap_or_default();
        let note = if s.note.is_empty() { String::new() } else { format!(" ({})", s.note) };
        match &s.kind {
            StepKind::Entry { .. } => x.step(1, format!("{}: enters the pool{after}", s.date)),
            StepKind::Lesson => {
                x.step(1, format!("{}: lesson, education bonus +{}{after}{note}", s.date, num(s.bonus)))
            }
            StepKind::Renewal => x.step(1, format!("{}: renewal, bonus +{}{after}{note}", s.date, num(s.bonus))),
            StepKind::Game(g) => {
                let opp = &start[g.opponent as usize];
                let code = &period.events[g.event as usize].code;
                let elo = match s.elo {
                    Some(e) => {
                        let kept = if e.counted != e.difference {
                            format!(", counted as {}", num(e.counted))
                        } else {
                            String::new()
                        };
                        format!(
                            "D = {} − {} = {}{kept}, E = ½ + D/800 = {:.4}, 40 × ({} − {:.4}) = {:+.2}",
                            num(e.own),
                            num(e.opponent),
                            num(e.difference),
                            e.expected,
                            num(g.score),
                            e.expected,
                            s.change
                        )
                    }
                    None => "no Elo".to_string(),
                };
                let text = format!(
                    "{}: {} v {} ({}) in {code}: {elo}; activity +{}{after}{note}",
                    s.date,
                    result_word(g.score),
                    opp.display_name(),
                    opp.id,
                    num(s.bonus)
                );
                x.game(1, opp.id, Some(code), text);
            }
        }
    }
    if r.steps.is_empty() {
        x.blank();
        x.text(0, "Nothing this period: no lessons, renewals or games.");
    }
    x.blank();
    match r.rating {
        Some(v) => x.text(0, format!("New rating {} (printed {})", num(v), Cis.printed(&ratings.players[p]))),
        None => x.text(0, "Still no CIS rating; the history keeps every event"),
    }
    x
}

/// "8 years 6 months".
pub(super) fn age_text(months: i64) -> String {
    format!("{} years {} months", months.div_euclid(12), months.rem_euclid(12))
}
