//! The what-if calculator's random cases and the Rust rule set's answer to
//! each: one player's games alone, as one rated event of the period after
//! the published one, rated through the very `rate` a period uses and
//! explained by its `explain` (the calculator's words are those lines).

use chrono::Datelike;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use ratebook::config::PeriodConfig;
use ratebook::model::system::SystemName;
use ratebook::model::{EventKind, ExtraValue, Outcome, Player, PlayerFile, Status};
use ratebook::rate::common::{Counted, Stage};
use ratebook::rate::explanation::LineKind;
use ratebook::validate::{Disposition, Event, Game, ValidPeriod};

/// One game of a case: the opponent's rating (none: he has none), his RD
/// (Glicko-2), the player's score.
#[derive(Debug, Clone, Copy)]
pub struct WhatIfGame {
    pub rating: Option<f64>,
    pub rd: Option<f64>,
    pub score: f64,
}

/// A random case: what the calculator's form is given, and the player as
/// the period's player file holds him.
#[derive(Debug, Clone)]
pub struct Case {
    /// The form's fields, by key (null: blank).
    pub form: Value,
    pub games: Vec<WhatIfGame>,
    /// The form's check boxes (NZCF's winner).
    pub options: Value,
    pub player: Player,
    /// The player file's extra columns (the rule set's own), the player's values among them.
    pub columns: Vec<String>,
    /// A player with a bye worth this much beside the games: he wins the event (NZCF's rule 4.7).
    pub outsider: Option<f64>,
}

/// The rule set's answer: the rating as printed before and after, each
/// game's expected score and change as the calculator prints them (`–`:
/// none), and the calculation's lines that are not about one game or event
/// (kind and text), as `explain` writes them.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub before: String,
    pub after: String,
    pub rows: Vec<(String, String)>,
    pub lines: Vec<(String, String)>,
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn score(rng: &mut ChaCha8Rng) -> f64 {
    [0.0, 0.5, 1.0][rng.random_range(0..3)]
}

/// Points of `games` games, in halves, within `share` of them.
fn points(rng: &mut ChaCha8Rng, games: u32, share: (f64, f64)) -> f64 {
    (games as f64 * rng.random_range(share.0..share.1) * 2.0).round() / 2.0
}

/// A random case of `system` for games of the period `next`.
pub fn case(system: SystemName, rng: &mut ChaCha8Rng, next: &PeriodConfig) -> Case {
    let mut player = Player::new(1, "Player", "Test");
    player.state = Some("V".into());
    let n = if rng.random_bool(0.15) { rng.random_range(13..26) } else { rng.random_range(1..13) };
    let rated = |rng: &mut ChaCha8Rng, p: f64, low: f64, high: f64| -> Option<f64> {
        rng.random_bool(p).then(|| {
            if rng.random_bool(0.5) {
                rng.random_range(low..high).round()
            } else {
                round1(rng.random_range(low..high))
            }
        })
    };
    let mut games: Vec<WhatIfGame> =
        (0..n).map(|_| WhatIfGame { rating: rated(rng, 0.85, 700.0, 2700.0), rd: None, score: score(rng) }).collect();
    let (mut columns, mut options, mut outsider) = (Vec::new(), json!({}), None);
    let form;
    match system {
        SystemName::Acf | SystemName::Nzcf => {
            let status = [Status::Confirmed, Status::Confirmed, Status::Provisional, Status::Unrated, Status::New]
                [rng.random_range(0..5)];
            player.status = status;
            // (ACF: provisional from 9 games to 29; NZCF: established once provisional with 15.)
            let provisional_games = if system == SystemName::Acf { 9..30 } else { 1..40 };
            let (games_so_far, rating) = match status {
                Status::Confirmed => (rng.random_range(30..300), Some(round1(rng.random_range(800.0..2300.0)))),
                Status::Provisional => {
                    (rng.random_range(provisional_games), Some(round1(rng.random_range(900.0..2100.0))))
                }
                Status::Unrated => (rng.random_range(0..9), rated(rng, 0.5, 900.0, 1800.0)),
                Status::New => (0, None),
            };
            player.rating = rating;
            player.games = games_so_far;
            player.score = points(rng, games_so_far, (0.1, 0.9));
            player.opp_avg = (games_so_far > 0).then(|| round1(rng.random_range(900.0..2000.0)));
            if system == SystemName::Nzcf && player.rating.is_some() && player.status.is_rated() && player.games >= 15 {
                // An established player: a new opponent he draws with would be rated in the
                // period's first stage, which the calculator cannot know.
                for g in games.iter_mut().filter(|g| g.rating.is_none() && g.score == 0.5) {
                    g.score = 1.0;
                }
                // Whether he won the event (rule 4.7): as the games leave it, or not (a bye of more).
                let total: f64 = games.iter().map(|g| g.score).sum();
                let best_other = games.iter().map(|g| 1.0 - g.score).fold(0.0, f64::max);
                let mut winner = total >= best_other - 1e-9;
                if winner && rng.random_bool(0.4) {
                    outsider = Some(total + 1.0);
                    winner = false;
                }
                options = json!({ "winner": winner });
            } else if system == SystemName::Nzcf {
                options = json!({ "winner": false });
            }
            form = json!({
                "status": player.status.as_str(),
                "rating": player.rating,
                "games": player.games,
                "score": player.score,
                "opp_avg": player.opp_avg,
            });
        }
        SystemName::Ecf => {
            let grade = rng.random_bool(0.8).then(|| rng.random_range(0.0..250.0_f64).round());
            player.rating = grade;
            player.status = if grade.is_some() { Status::Confirmed } else { Status::Unrated };
            let season = |rng: &mut ChaCha8Rng| -> (u32, f64) {
                let games = if rng.random_bool(0.3) { 0 } else { rng.random_range(1..40) };
                (games, round1(games as f64 * rng.random_range(40.0..220.0)))
            };
            let (prev, prev2) = (season(rng), season(rng));
            let age = rng.random_bool(0.3).then(|| rng.random_range(7..20));
            if let Some(age) = age {
                // Born on the 1 September the bonus takes the age on, `age` years before.
                let on = chrono::NaiveDate::parse_from_str(&bonus_date(next), "%Y-%m-%d").unwrap();
                player.birth_date = on.with_year(on.year() - age);
            }
            for g in &mut games {
                g.rating = g.rating.map(|r| (r / 10.0 - 20.0).clamp(0.0, 280.0).round());
            }
            columns = ["Prev games", "Prev points", "Prev2 games", "Prev2 points"].map(String::from).into();
            let number = |v: f64| ExtraValue::Number(v);
            player.extra = vec![number(prev.0 as f64), number(prev.1), number(prev2.0 as f64), number(prev2.1)];
            form = json!({
                "grade": grade, "prev_games": prev.0, "prev_points": prev.1, "prev2_games": prev2.0,
                "prev2_points": prev2.1, "age": age,
            });
        }
        SystemName::Fide => {
            for g in &mut games {
                g.rating = g.rating.map(|r| r.round().max(1400.0));
            }
            columns = vec!["K".into(), "Pool".into()];
            let born = rng.random_bool(0.6).then(|| next.published.year() - rng.random_range(8..60));
            player.birth_date = born.map(|y| chrono::NaiveDate::from_ymd_opt(y, 6, 15).unwrap());
            player.games = rng.random_range(0..200);
            let (mut k, mut pool) = (None, String::new());
            if rng.random_bool(0.75) {
                player.status = Status::Confirmed;
                player.rating = Some(rng.random_range(1400.0..2800.0_f64).round());
                k = [None, Some(40.0), Some(20.0), Some(10.0)][rng.random_range(0..4)];
            } else {
                player.status = Status::Unrated;
                let oldest = oldest(next);
                let entries: Vec<String> = (0..rng.random_range(0..4))
                    .map(|_| {
                        let date = oldest + chrono::Duration::days(rng.random_range(-200..600));
                        let games = rng.random_range(1..5);
                        let score = points(rng, games, (0.0, 1.0));
                        let ratings: f64 = (0..games).map(|_| rng.random_range(1400.0..2400.0_f64).round()).sum();
                        format!("{date}: {games} games, {score} points, ratings {ratings}")
                    })
                    .collect();
                pool = entries.join("; ");
            }
            player.extra = vec![
                k.map_or(ExtraValue::Empty, ExtraValue::Number),
                if pool.is_empty() { ExtraValue::Empty } else { ExtraValue::Text(pool.clone()) },
            ];
            form = json!({ "rating": player.rating, "k": k, "games": player.games, "born": born, "pool": pool });
        }
        SystemName::Glicko2 => {
            columns = vec!["RD".into(), "Volatility".into()];
            let rd = if rng.random_bool(0.1) { 400.0 } else { round1(rng.random_range(30.0..350.0)) };
            let volatility = (rng.random_range(0.03..0.09_f64) * 1e5).round() / 1e5;
            if rng.random_bool(0.85) {
                // (Provisional when the RD is above the settings' 110, as the last period left him.)
                player.status = if rd > 110.0 { Status::Provisional } else { Status::Confirmed };
                player.rating = Some(round1(rng.random_range(600.0..2700.0)));
                player.extra = vec![ExtraValue::Number(rd), ExtraValue::Number(volatility)];
                form = json!({ "rating": player.rating, "rd": rd, "volatility": volatility });
            } else {
                player.status = Status::New;
                player.extra = vec![ExtraValue::Empty, ExtraValue::Empty];
                form = json!({ "rating": null, "rd": 350.0, "volatility": 0.06 });
            }
            for g in &mut games {
                g.rd = rng.random_bool(0.85).then(|| round1(rng.random_range(30.0..360.0)));
            }
        }
        SystemName::Cis => {
            player.status = Status::Confirmed;
            player.rating = Some(round1(rng.random_range(600.0..1800.0)));
            for g in &mut games {
                g.rating = g.rating.map(|r| round1(r * 0.6 + 100.0));
            }
            form = json!({ "rating": player.rating });
        }
    }
    Case { form, games, options, player, columns, outsider }
}

/// ECF's 1 September before the next list (as the rule set takes it).
fn bonus_date(next: &PeriodConfig) -> String {
    let p = next.published;
    let this_year = chrono::NaiveDate::from_ymd_opt(p.year(), 9, 1).unwrap();
    let day = if p >= this_year { this_year } else { chrono::NaiveDate::from_ymd_opt(p.year() - 1, 9, 1).unwrap() };
    day.to_string()
}

/// FIDE's oldest pooled day at the next period's end.
fn oldest(next: &PeriodConfig) -> chrono::NaiveDate {
    next.end.checked_sub_months(chrono::Months::new(26)).unwrap()
}

/// The IDs of a case's opponents start here (the player's own is his).
const OPPONENTS: u32 = 9_000_000;

/// The period of the case: the player and one opponent a game, in one
/// rated event ending on the period's last day.
fn period(system: SystemName, case: &Case, next: &PeriodConfig) -> ValidPeriod {
    let mut players = vec![case.player.clone()];
    let width = case.columns.len();
    for (k, g) in case.games.iter().enumerate() {
        let mut o = Player::new(OPPONENTS + k as u32, &format!("opponent {}", k + 1), "");
        o.extra = vec![ExtraValue::Empty; width];
        match g.rating {
            Some(r) => {
                o.rating = Some(r);
                o.status = Status::Confirmed;
                o.games = 50;
                if system == SystemName::Glicko2 {
                    o.extra = vec![g.rd.map_or(ExtraValue::Empty, ExtraValue::Number), ExtraValue::Number(0.06)];
                }
            }
            None => o.status = Status::New,
        }
        players.push(o);
    }
    let mut games: Vec<Game> = case
        .games
        .iter()
        .enumerate()
        .map(|(k, g)| Game {
            round: Some(k as u32 + 1),
            white: case.player.id,
            black: Some(OPPONENTS + k as u32),
            outcome: Outcome::Played { white_score: g.score },
            remarks: None,
        })
        .collect();
    if let Some(points) = case.outsider {
        let id = OPPONENTS - 1;
        let mut x = Player::new(id, "Outsider", "");
        x.extra = vec![ExtraValue::Empty; width];
        players.push(x);
        games.push(Game { round: Some(1), white: id, black: None, outcome: Outcome::Bye { points }, remarks: None });
    }
    let event = Event {
        code: "E1".into(),
        name: "What if".into(),
        state: "V".into(),
        start: next.end,
        end: next.end,
        rounds: case.games.len() as u32,
        kind: EventKind::Swiss,
        time_control: "90".into(),
        rate_of_play: None,
        federation_event: true,
        file: "E1.xlsx".into(),
        disposition: Disposition::Rated,
        list: None,
        entrants: players.len(),
        games,
    };
    ValidPeriod {
        config: next.clone(),
        players: PlayerFile { players, extra_columns: case.columns.clone(), origin: None, lists: Vec::new() },
        newcomers: 0,
        newcomer_entries: Vec::new(),
        events: vec![event],
        unreadable: Vec::new(),
        inputs: Default::default(),
        switched: None,
        deferred_entrants: Vec::new(),
    }
}

fn two(x: f64) -> String {
    format!("{x:.2}")
}

fn signed(x: f64) -> String {
    format!("{x:+.2}")
}

/// Each game's (expected score, change) from the rule set's trace, in the
/// calculator's columns (`None`: the game does not count that way).
fn game_figures(
    system: SystemName,
    period: &ValidPeriod,
    ratings: &ratebook::rate::Ratings,
) -> Vec<Option<(Option<f64>, f64)>> {
    use ratebook::rate::{acf, cis, ecf, fide, glicko2, nzcf};
    let n = period.events[0].games.iter().filter(|g| g.black.is_some()).count();
    let mut rows = vec![None; n];
    match system {
        SystemName::Acf => {
            if let Some(Stage::Two(Counted { games, result })) = ratings.trace::<acf::Trace>(0) {
                for (k, g) in games.iter().enumerate().filter(|(_, g)| g.rating.is_some()) {
                    let e = result.events.iter().find(|e| e.event == g.event).unwrap().expected_percent as f64 / 100.0;
                    rows[k] = Some((Some(e), acf::K * (g.score - e)));
                }
            }
        }
        SystemName::Nzcf => {
            if let Some(Stage::Two(Counted { result, .. })) = ratings.trace::<nzcf::Trace>(0) {
                for t in &result.tournaments {
                    for g in &t.games {
                        let e = g.expectancy as f64 / 100.0;
                        rows[g.opponent as usize - 1] = Some((Some(e), result.k * (g.score - e)));
                    }
                }
            }
        }
        SystemName::Ecf => {
            let s = ratings.trace::<ecf::SeasonResult>(0).unwrap();
            for g in &s.games {
                let e = s.own.map(|own| 0.5 + (own - g.grade).clamp(-40.0, 40.0) / 100.0);
                rows[g.opponent as usize - 1] = Some((e, g.points));
            }
        }
        SystemName::Fide => {
            if let Some(fide::FideCalc::Rated(c)) = ratings.trace::<fide::FideCalc>(0) {
                for g in &c.games {
                    rows[g.opponent as usize - 1] = Some((Some(g.pd), c.k_used as f64 * (g.score - g.pd)));
                }
            }
        }
        SystemName::Glicko2 => {
            if let Some(glicko2::Glicko2Calc::Played { games, period: steps, .. }) =
                ratings.trace::<glicko2::Glicko2Calc>(0)
            {
                for g in games {
                    let change = glicko2::math::SCALE * steps.phi * steps.phi * g.g * (g.score - g.e);
                    rows[g.opponent as usize - 1] = Some((Some(g.e), change));
                }
            }
        }
        SystemName::Cis => {
            let r = ratings.trace::<cis::CisPeriod>(0).unwrap();
            let mut before = r.start.map(|s| s.value());
            for s in &r.steps {
                if let cis::StepKind::Game(g) = &s.kind {
                    let change = s.rating.unwrap() - before.unwrap();
                    rows[g.opponent as usize - 1] = Some((s.elo.map(|e| e.expected), change));
                }
                before = s.rating.or(before);
            }
        }
    }
    rows
}

/// The rule set's answer to `case`, for games of the period `next`.
pub fn answer(system: SystemName, case: &Case, next: &PeriodConfig) -> Answer {
    let rules = ratebook::rate::rule_set(system);
    let period = period(system, case, next);
    let ratings = rules.rate(&period);
    let explained = rules.explain(&period, &ratings, 0);
    let mut lines = Vec::new();
    for line in explained.lines.iter().skip(1) {
        if line.kind == LineKind::Heading && line.text == "What the letters mean" {
            break;
        }
        let kind = match line.kind {
            LineKind::Heading => "heading",
            LineKind::Step => "step",
            LineKind::Text => "text",
            LineKind::Game | LineKind::Event | LineKind::Blank => continue,
        };
        lines.push((format!("{kind} depth-{}", line.depth), line.text.clone()));
    }
    // (ECF's column is a game's points, unsigned: a grade is their average.)
    let change = |x: f64| if system == SystemName::Ecf { two(x) } else { signed(x) };
    let rows = game_figures(system, &period, &ratings)
        .into_iter()
        .map(|row| match row {
            Some((e, points)) => (e.map_or("–".to_string(), two), change(points)),
            None => ("–".to_string(), "–".to_string()),
        })
        .collect();
    Answer { before: rules.printed(&period.players.players[0]), after: rules.printed(&ratings.players[0]), rows, lines }
}
