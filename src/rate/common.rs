//! What the rule sets share, so that none imports another: rounding and
//! printing numbers, the percentage score, a player's games grouped by event
//! and the parts of them that count, each event's standings totals, the
//! player file's extra columns, carrying a record into the new file, and the
//! two-stage run of the ACF and NZCF rules.

use std::collections::HashMap;
use std::fmt::Debug;
use std::time::Instant;

use chrono::NaiveDate;
use rayon::prelude::*;

use super::games::{GameIndex, GameRef};
use super::{Calculation, Ratings, Trace};
use crate::diag::{Code, Diagnostic, Location};
use crate::model::names::normalise;
use crate::model::system::SystemName;
use crate::model::{ExtraValue, Outcome, Player, Status};
use crate::validate::{Event, ValidPeriod};

/// Half up to a whole number, as ratings print: 1011.5 → 1012.
pub fn round_half_up(x: f64) -> i64 {
    (x + 0.5 + 1e-9).floor() as i64
}

/// The change from one published rating to the next as every output
/// prints it: the difference of the two ratings as printed (rounded half
/// up), so that 1708 → 1882 reads +174 on the site, in the workbooks, the
/// booklet's Top Improvers and the record alike.
pub fn printed_change(before: f64, after: f64) -> f64 {
    (round_half_up(after) - round_half_up(before)) as f64
}

/// (Rounding is the model's: a rating conversion rounds as the rules do.)
pub use crate::model::round_half_away;

/// A number with at most two decimals and no trailing zeros: 1011.5, 1056.7, 1285.
pub fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// `+ 12.34` or `− 12.34` with `decimals` places: a signed number added in
/// a sum as `explain` writes it (never `+ -0.00`, never `+ (-230)`).
pub fn plus(value: f64, decimals: usize) -> String {
    let shown = format!("{:.*}", decimals, value.abs());
    let zero = shown.bytes().all(|b| b == b'0' || b == b'.');
    if value < 0.0 && !zero {
        format!("− {shown}")
    } else {
        format!("+ {shown}")
    }
}

/// "won", "drew" or "lost" for a score of 1, ½ or 0 (for `explain`).
pub fn result_word(score: f64) -> &'static str {
    if score >= 1.0 {
        "won"
    } else if score <= 0.0 {
        "lost"
    } else {
        "drew"
    }
}

/// A rating printed as a whole number (`Unr` when the player has none
/// published, blank for a new player), as ECF and CIS lists print it.
pub fn printed_whole(player: &Player) -> String {
    match (player.status, player.rating) {
        (Status::New, _) => String::new(),
        (s, Some(r)) if s.is_rated() => round_half_up(r).to_string(),
        _ => "Unr".to_string(),
    }
}

/// P = T / G in hundredths, rounded half up and kept within .01 to .99 (Table 1's range).
pub fn percent_score(total: f64, games: u32) -> u32 {
    let p = round_half_up(total * 100.0 / games as f64);
    p.clamp(1, 99) as u32
}

/// Items in event order (a player's games, or what a rule set made of
/// them), in runs of one event each: the event's index and its run. Every
/// rule set groups games by event through this.
pub fn by_event<T>(items: &[T], event: impl Fn(&T) -> u32 + Copy) -> impl Iterator<Item = (u32, &[T])> {
    items.chunk_by(move |a, b| event(a) == event(b)).map(move |run| (event(&run[0]), run))
}

/// One game as a rule set counted it: the opponent's rating as it stood
/// (`None`: he is not rated, and the game does not count) and as counted,
/// after the rule set's limits (ACF's 336 rule).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountedGame {
    /// Index into `period.events`.
    pub event: u32,
    /// Index of the opponent in the period's players.
    pub opponent: u32,
    /// The player's score: 1, ½ or 0.
    pub score: f64,
    pub rating: Option<f64>,
    pub counted: f64,
}

impl CountedGame {
    /// A game with the opponent's rating `rating` (if he is rated), counted as `limit` makes it.
    pub fn new(game: &GameRef, rating: Option<f64>, limit: impl Fn(f64) -> f64) -> CountedGame {
        CountedGame {
            event: game.event,
            opponent: game.opponent,
            score: game.score as f64,
            rating,
            counted: rating.map_or(0.0, limit),
        }
    }
}

/// The games that counted in one event: how many, the score and the sum of
/// the opponents' ratings as counted.
#[derive(Debug, Clone, PartialEq)]
pub struct EventPart {
    pub event: u32,
    pub games: u32,
    pub score: f64,
    pub opp_sum: f64,
}

impl EventPart {
    /// The part of one event's games that counts (`None` when none does).
    pub fn of(event: u32, games: &[CountedGame]) -> Option<EventPart> {
        let mut part = EventPart { event, games: 0, score: 0.0, opp_sum: 0.0 };
        for g in games.iter().filter(|g| g.rating.is_some()) {
            part.games += 1;
            part.score += g.score;
            part.opp_sum += g.counted;
        }
        (part.games > 0).then_some(part)
    }

    /// Every event's part, in event order, from a player's counted games.
    pub fn all(games: &[CountedGame]) -> Vec<EventPart> {
        by_event(games, |g| g.event).filter_map(|(event, run)| EventPart::of(event, run)).collect()
    }
}

/// Each player's total points in one event as its standings count them:
/// played games, rated or not, forfeits and byes.
pub fn event_totals(event: &Event) -> HashMap<u32, f64> {
    let mut totals: HashMap<u32, f64> = HashMap::new();
    for g in &event.games {
        let (w, b) = match g.outcome {
            Outcome::Played { white_score } | Outcome::PlayedUnrated { white_score } => {
                (white_score, 1.0 - white_score)
            }
            Outcome::Forfeit { white_points, black_points } => (white_points, black_points),
            Outcome::Bye { points } => (points, 0.0),
        };
        *totals.entry(g.white).or_default() += w;
        if let Some(black) = g.black {
            *totals.entry(black).or_default() += b;
        }
    }
    totals
}

/// A column ratebook does not know, found by name in the player file's extra
/// columns (names compare as column names do).
pub fn extra_column(period: &ValidPeriod, name: &str) -> Option<usize> {
    let wanted = normalise(name);
    period.players.extra_columns.iter().position(|c| normalise(c) == wanted)
}

/// A number in one of a rule set's own columns: blank is `None`; text that
/// is no number is an error showing what the cell holds.
pub fn extra_number(value: Option<&ExtraValue>) -> Result<Option<f64>, String> {
    match value {
        None | Some(ExtraValue::Empty) => Ok(None),
        Some(ExtraValue::Number(n)) => Ok(Some(*n)),
        Some(ExtraValue::Text(t)) if t.trim().is_empty() => Ok(None),
        Some(ExtraValue::Text(t)) => {
            t.trim().replace(',', ".").parse::<f64>().map(Some).map_err(|_| format!("\"{}\"", crate::diag::clip(t)))
        }
        Some(ExtraValue::Bool(b)) => Err(format!("the logical value {b}")),
        Some(ExtraValue::Date(d)) => Err(format!("the date {d}")),
    }
}

/// The finding for a player file written under another rule set: it has
/// another's own columns (`RatingSystem::state_columns`) and lacks some of
/// `required`, this rule set's, which the finding names.
pub fn written_for_another(period: &ValidPeriod, system: SystemName, required: &[&str]) -> Option<Diagnostic> {
    let missing: Vec<&str> = required.iter().copied().filter(|c| extra_column(period, c).is_none()).collect();
    if missing.is_empty() {
        return None;
    }
    let (other, columns) = SystemName::ALL.iter().filter(|s| **s != system).find_map(|s| {
        let theirs: Vec<&str> =
            super::rule_set(*s).state_columns().iter().copied().filter(|c| extra_column(period, c).is_some()).collect();
        (!theirs.is_empty()).then_some((*s, theirs))
    })?;
    let file = period.players.origin.as_ref();
    let location = file
        .map_or_else(|| Location::file(crate::output_folder::names::PLAYERS), |o| Location::sheet(&o.file, &o.sheet));
    Some(
        Diagnostic::error(
            Code::MissingColumn,
            location,
            format!(
                "the player file was written for {other} (it has {other}'s {}) and has no {}: {system} keeps each player's state there",
                columns.join(", "),
                missing.join(", ")
            ),
        )
        .with_hint(format!(
            "add the column{} {} (or start {system} from the other rule set's history with a switch)",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(" and ")
        )),
    )
}

/// The players' extra columns with `names` added where missing; returns the
/// column list and, for each name, its position in it.
pub fn with_columns(existing: &[String], names: &[&str]) -> (Vec<String>, Vec<usize>) {
    let mut columns = existing.to_vec();
    let mut at = Vec::with_capacity(names.len());
    for name in names {
        let wanted = normalise(name);
        match columns.iter().position(|c| normalise(c) == wanted) {
            Some(i) => at.push(i),
            None => {
                columns.push(name.to_string());
                at.push(columns.len() - 1);
            }
        }
    }
    (columns, at)
}

/// The player's record carried into the new file before any rating rule
/// runs: the last-played date brought up to date, and a new player who
/// played a game in a rated event made unrated.
pub fn carry_forward(index: &GameIndex, player: usize, record: &Player) -> Player {
    let mut next = record.clone();
    if let Some(d) = index.last_played[player] {
        next.last_played = Some(next.last_played.map_or(d, |old| old.max(d)));
        if next.status == Status::New {
            next.status = Status::Unrated;
        }
    }
    next
}

/// Where a two-stage rule set rates a player, with what that stage worked out.
#[derive(Debug, Clone, PartialEq)]
pub enum Stage<P, C> {
    /// Stage 1: a partially rated player's performance over all his games.
    One(P),
    /// Stage 2: an established player's change, event by event.
    Two(C),
}

/// A stage's result with the player's games as it counted them.
#[derive(Debug, Clone, PartialEq)]
pub struct Counted<T> {
    pub games: Vec<CountedGame>,
    pub result: T,
}

/// The rules of a rule set that rates in two stages (the ACF's and the
/// NZCF's): partially rated players first get a performance rating over all
/// their games (stage 1); established players then change event by event,
/// against the ratings stage 1 left (stage 2). [`rate_in_two_stages`] runs
/// them, each stage player by player, side by side.
pub trait TwoStages: Sync {
    /// What stage 1 works out for one player, and stage 2.
    type Performance: Debug + Send + Sync + 'static;
    type Change: Debug + Send + Sync + 'static;
    /// What stage 2 reads about the whole period, worked out once (NZCF: each event's winners).
    type Context: Sync;

    /// Whether the player is rated in stage 2 rather than stage 1.
    fn established(&self, player: &Player) -> bool;
    /// Stage 1 over the player's games, against the start records `start`.
    fn performance(&self, player: &Player, games: &[GameRef], start: &[Player]) -> Self::Performance;
    /// The rating a player of stage 1 counts with in stage 2 (`None`: not rated).
    fn rating_after(&self, player: &Player, performance: &Self::Performance) -> Option<f64>;
    fn context(&self, period: &ValidPeriod) -> Self::Context;
    /// Stage 2 over the player's games, opponent `o` counting with `ratings[o]`.
    fn change(
        &self,
        player: &Player,
        games: &[GameRef],
        ratings: &[Option<f64>],
        context: &Self::Context,
    ) -> Self::Change;
    /// Writes what the player's stage worked out into his new record, and his Calculations rows.
    fn record(
        &self,
        period: &ValidPeriod,
        next: &mut Player,
        stage: &Stage<Self::Performance, Self::Change>,
        rows: &mut Vec<Calculation>,
    );
    /// Whether the maintenance rule takes the player (his new record) off the file.
    fn removed(&self, next: &Player, published: NaiveDate) -> bool;
}

/// A two-stage rule set's ratings. Each player's trace is his stage; a
/// partially rated player who played no game has none.
pub fn rate_in_two_stages<R: TwoStages>(rules: &R, period: &ValidPeriod) -> Ratings {
    // Stage 1's time includes indexing the games; stage 2's, assembling the new file.
    let began = Instant::now();
    let start = &period.players.players;
    let index = GameIndex::build(period);
    let stage1: Vec<Option<R::Performance>> = (0..start.len())
        .into_par_iter()
        .map(|p| (!rules.established(&start[p])).then(|| rules.performance(&start[p], index.of(p), start)))
        .collect();
    let stage1_time = began.elapsed();
    let began = Instant::now();
    let ratings: Vec<Option<f64>> = stage1
        .iter()
        .zip(start)
        .map(|(s, player)| match s {
            Some(s) => rules.rating_after(player, s),
            None => player.rating,
        })
        .collect();
    let context = rules.context(period);
    let stages: Vec<Stage<R::Performance, R::Change>> = stage1
        .into_par_iter()
        .enumerate()
        .map(|(p, s)| match s {
            Some(s) => Stage::One(s),
            None => Stage::Two(rules.change(&start[p], index.of(p), &ratings, &context)),
        })
        .collect();

    let n = start.len();
    let mut players = Vec::with_capacity(n);
    let mut removed = Vec::with_capacity(n);
    let mut calculations = Vec::new();
    let mut traces: Vec<Option<Box<dyn Trace>>> = Vec::with_capacity(n);
    for (p, stage) in stages.into_iter().enumerate() {
        let mut next = carry_forward(&index, p, &start[p]);
        rules.record(period, &mut next, &stage, &mut calculations);
        removed.push(rules.removed(&next, period.config.published));
        players.push(next);
        let kept = matches!(stage, Stage::Two(_)) || !index.of(p).is_empty();
        traces.push(kept.then(|| Box::new(stage) as Box<dyn Trace>));
    }
    Ratings {
        players,
        removed,
        calculations,
        traces,
        extra_columns: None,
        outputs: Vec::new(),
        stage_times: vec![("stage1", stage1_time), ("stage2", began.elapsed())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_one_event_each() {
        let games = [(0, 'a'), (0, 'b'), (2, 'c'), (5, 'd'), (5, 'e')];
        let runs: Vec<(u32, usize)> = by_event(&games, |g| g.0).map(|(e, run)| (e, run.len())).collect();
        assert_eq!(runs, [(0, 2), (2, 1), (5, 2)]);
        assert_eq!(by_event(&[] as &[(u32, char)], |g| g.0).count(), 0);
    }

    #[test]
    fn parts_count_only_rated_opponents() {
        let game = |event, rating: Option<f64>| CountedGame {
            event,
            opponent: 0,
            score: 1.0,
            rating,
            counted: rating.unwrap_or(0.0),
        };
        let games = [game(0, Some(1500.0)), game(0, None), game(1, None), game(2, Some(1600.0)), game(2, Some(1700.0))];
        let parts = EventPart::all(&games);
        assert_eq!(parts.len(), 2);
        assert_eq!((parts[0].event, parts[0].games, parts[0].opp_sum), (0, 1, 1500.0));
        assert_eq!((parts[1].event, parts[1].games, parts[1].score, parts[1].opp_sum), (2, 2, 2.0, 3300.0));
    }

    #[test]
    fn numbers_print_with_at_most_two_decimals() {
        assert_eq!(num(1011.5), "1011.5");
        assert_eq!(num(1285.0), "1285");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1056.666), "1056.67");
    }
}
