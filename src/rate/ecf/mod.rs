//! ECF grading (other-systems.md): each game is worth the opponent's grade,
//! brought within 40 of the player's own (the 40-point rule), plus 50 for a
//! win or minus 50 for a loss; the new grade is the average over this
//! season's games, topped up to 30 games from the two seasons before (carried
//! in the player file), published with at least 1 game this season and 9 in
//! three, with a junior bonus by age on 1 September. Players are graded
//! independently, in parallel, from the grades of the last list.

mod calculator;
mod explain;

use chrono::{Datelike, NaiveDate};
use rayon::prelude::*;

use super::common::{by_event, carry_forward, extra_column, num, printed_whole, round_half_up, with_columns};
use super::games::{GameIndex, GameRef};
use super::{Calculation, Explanation, LegendEntry, RatingSystem, Ratings, RulesText, Trace, Words};
use crate::diag::{Code, Diagnostic, Location};
use crate::model::dates::age_at;
use crate::model::system::SystemName;
use crate::model::time_control::TimeControl;
use crate::model::{ExtraValue, Player, Status};
use crate::rate::tables::SystemTables;
use crate::validate::{EligibilityPolicy, ValidPeriod};

/// The ECF rule set.
pub struct Ecf;

/// An opponent's grade counts as at most this far from the player's own.
pub const POINT_RULE: f64 = 40.0;
/// Points added for a win and taken off for a loss.
pub const WIN_POINTS: f64 = 50.0;
/// Games a grade is averaged over, when the seasons hold them.
pub const GAMES_WANTED: u32 = 30;
/// Games needed for a published grade: this season, and over three seasons.
pub const PUBLISH_GAMES: (u32, u32) = (1, 9);
/// Junior bonus by age on 1 September before the list: (ages below, bonus).
pub const JUNIOR_BONUS: [(u32, i64); 3] = [(11, 10), (15, 8), (18, 6)];
/// The lowest grade published: a lower average is published as this. The
/// sources give no floor, but no federation prints a negative grade
/// (README, deviations).
pub const FLOOR: i64 = 0;
/// The player file's columns for the two seasons before this one.
/// Most games a season column may count (as the player file's `Games`).
const MOST_SEASON_GAMES: f64 = 100_000.0;

/// The top of the grades' scale (`EligibilityPolicy::ratings`).
const TOP_GRADE: f64 = 3500.0;

pub const SEASON_COLUMNS: [&str; 4] = ["Prev games", "Prev points", "Prev2 games", "Prev2 points"];

/// Games and points of one season.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Season {
    pub games: u32,
    pub points: f64,
}

/// One game as graded.
#[derive(Debug, Clone, PartialEq)]
pub struct GradedGame {
    pub event: u32,
    pub opponent: u32,
    pub score: f64,
    /// The opponent's grade and the grade counted after the 40-point rule.
    pub grade: f64,
    pub counted: f64,
    pub points: f64,
}

/// How the new grade is made up.
#[derive(Debug, Clone, PartialEq)]
pub struct GradeCalc {
    pub this: Season,
    pub prev: Season,
    pub prev2: Season,
    /// Games and points taken from each earlier season (the one before last pro rata).
    pub from_prev: Season,
    pub from_prev2_games: u32,
    pub from_prev2_points: f64,
    pub games: u32,
    pub points: f64,
    /// points / games, and that rounded to a whole grade.
    pub average: f64,
    pub grade: i64,
}

/// A player's season.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonResult {
    /// The grade at the start (from the last list), if any.
    pub own: Option<f64>,
    pub games: Vec<GradedGame>,
    /// Games against players without a grade, not used.
    pub not_used: Vec<GameRef>,
    /// This season's graded games and points, and the two seasons before (from the player file).
    pub this: Season,
    pub prev: Season,
    pub prev2: Season,
    pub calc: Option<GradeCalc>,
    /// Whether a grade is published this season.
    pub published: bool,
    /// The 1 September the junior bonus takes the age on; the age then and the bonus.
    pub bonus_date: NaiveDate,
    pub junior: Option<(u32, i64)>,
    /// The published grade, bonus included.
    pub grade: Option<i64>,
}

/// The points one game is worth: the opponent's grade within 40 of the
/// player's own (as it is for a player with no grade), ±50 for a win or loss.
pub fn game_points(own: Option<f64>, opponent: f64, score: f64) -> (f64, f64) {
    let counted = match own {
        Some(g) => opponent.clamp(g - POINT_RULE, g + POINT_RULE),
        None => opponent,
    };
    (counted, counted + (score - 0.5) * 2.0 * WIN_POINTS)
}

/// The grade over this season's games, topped up to 30 games with last
/// season's and then, pro rata, the season before's.
pub fn grade_over(this: Season, prev: Season, prev2: Season) -> Option<GradeCalc> {
    let mut games = this.games;
    let mut points = this.points;
    let mut from_prev = Season::default();
    if games < GAMES_WANTED {
        from_prev = prev;
        games += prev.games;
        points += prev.points;
    }
    let mut from_prev2_games = 0;
    let mut from_prev2_points = 0.0;
    if games < GAMES_WANTED && prev2.games > 0 {
        from_prev2_games = (GAMES_WANTED - games).min(prev2.games);
        from_prev2_points = prev2.points * from_prev2_games as f64 / prev2.games as f64;
        games += from_prev2_games;
        points += from_prev2_points;
    }
    if games == 0 {
        return None;
    }
    let average = points / games as f64;
    Some(GradeCalc {
        this,
        prev,
        prev2,
        from_prev,
        from_prev2_games,
        from_prev2_points,
        games,
        points,
        average,
        grade: round_half_up(average),
    })
}

/// At least 1 game in the last twelve months and 9 in the last three seasons.
pub fn publishable(this: Season, prev: Season, prev2: Season) -> bool {
    this.games >= PUBLISH_GAMES.0 && this.games + prev.games + prev2.games >= PUBLISH_GAMES.1
}

/// The 1 September on or before the list's date.
pub fn bonus_date(published: NaiveDate) -> NaiveDate {
    let this_year = NaiveDate::from_ymd_opt(published.year(), 9, 1).expect("1 September exists");
    if published >= this_year {
        this_year
    } else {
        NaiveDate::from_ymd_opt(published.year() - 1, 9, 1).expect("1 September exists")
    }
}

/// Age on 1 September before the list and the junior bonus it gives, if any.
pub fn junior_bonus(birth: Option<NaiveDate>, published: NaiveDate) -> Option<(u32, i64)> {
    let age = age_at(birth?, bonus_date(published));
    JUNIOR_BONUS.iter().find(|(below, _)| age < *below).map(|&(_, bonus)| (age, bonus))
}

/// A number in a season column: blank is 0.
fn season_value(value: Option<&ExtraValue>) -> Result<f64, String> {
    match value {
        None | Some(ExtraValue::Empty) => Ok(0.0),
        Some(ExtraValue::Number(n)) => Ok(*n),
        Some(ExtraValue::Text(t)) => t.trim().replace(',', ".").parse::<f64>().map_err(|_| format!("\"{t}\"")),
        Some(ExtraValue::Bool(b)) => Err(format!("the logical value {b}")),
        Some(ExtraValue::Date(d)) => Err(format!("the date {d}")),
    }
}

/// The two seasons before this one, from the player file's columns (`at`:
/// positions of [`SEASON_COLUMNS`] in the extra columns, where present).
fn carried(player: &Player, at: &[Option<usize>; 4]) -> (Season, Season) {
    let v = |k: usize| season_value(at[k].and_then(|c| player.extra.get(c))).unwrap_or(0.0);
    (Season { games: v(0).max(0.0) as u32, points: v(1) }, Season { games: v(2).max(0.0) as u32, points: v(3) })
}

fn season_columns(period: &ValidPeriod) -> [Option<usize>; 4] {
    SEASON_COLUMNS.map(|c| extra_column(period, c))
}

/// The grade a player brings into the season (from the last list).
fn grade_of(p: &Player) -> Option<f64> {
    p.published_rating()
}

/// One player's season.
pub fn season(
    player: &Player,
    games: &[GameRef],
    start: &[Player],
    prev: Season,
    prev2: Season,
    published: NaiveDate,
) -> SeasonResult {
    let own = grade_of(player);
    let mut graded = Vec::new();
    let mut not_used = Vec::new();
    for g in games {
        match grade_of(&start[g.opponent as usize]) {
            Some(grade) => {
                let (counted, points) = game_points(own, grade, g.score as f64);
                graded.push(GradedGame {
                    event: g.event,
                    opponent: g.opponent,
                    score: g.score as f64,
                    grade,
                    counted,
                    points,
                });
            }
            None => not_used.push(*g),
        }
    }
    let this = Season { games: graded.len() as u32, points: graded.iter().map(|g| g.points).sum() };
    let published_now = publishable(this, prev, prev2);
    let calc = grade_over(this, prev, prev2);
    let junior = junior_bonus(player.birth_date, published);
    let grade = match (&calc, published_now) {
        (Some(c), true) => Some((c.grade + junior.map_or(0, |j| j.1)).max(FLOOR)),
        _ => None,
    };
    SeasonResult {
        own,
        games: graded,
        not_used,
        this,
        prev,
        prev2,
        calc,
        published: published_now,
        bonus_date: bonus_date(published),
        junior,
        grade,
    }
}

impl EligibilityPolicy for Ecf {
    /// A grade without a status is a published one: the ECF has no other status.
    fn status_unstated(&self, player: &Player, _columns: &[String], _config: &crate::config::PeriodConfig) -> Status {
        if player.rating.is_some() {
            Status::Confirmed
        } else {
            player.status
        }
    }

    /// The ECF rules grade every rate of play the reports bring.
    fn time_control(&self, _tc: &TimeControl) -> Result<(), String> {
        Ok(())
    }

    /// The season columns: games whole, from 0 to 100,000 (as the file's
    /// `Games`); points within what those games can score (at most the top
    /// of the scale plus 50 a game, at least −50 a game), each at its cell.
    fn check_inputs(&self, period: &ValidPeriod) -> Vec<Diagnostic> {
        let at = season_columns(period);
        let origin = period.players.origin.as_ref();
        let mut findings = Vec::new();
        for (i, p) in period.players.players.iter().enumerate() {
            let mut games = 0.0;
            for (k, name) in SEASON_COLUMNS.iter().enumerate() {
                let Some(c) = at[k] else { continue };
                let whole = k % 2 == 0;
                let value = season_value(p.extra.get(c));
                let wrong = match &value {
                    Err(shown) => Some(shown.clone()),
                    Ok(v) if whole && !(0.0..=MOST_SEASON_GAMES).contains(v) => Some(num(*v)),
                    Ok(v) if whole && v.fract() != 0.0 => Some(num(*v)),
                    Ok(v) if !whole && !(-50.0 * games..=(TOP_GRADE + 50.0) * games).contains(v) => Some(num(*v)),
                    Ok(_) => None,
                };
                if whole {
                    games = value.ok().filter(|_| wrong.is_none()).unwrap_or(0.0);
                }
                if let Some(shown) = wrong {
                    let what = if whole {
                        format!("a whole number of games from 0 to {}", num(MOST_SEASON_GAMES))
                    } else {
                        format!("a number of points its {} games can score", num(games))
                    };
                    findings.push(
                        Diagnostic::error(
                            Code::BadNumber,
                            origin
                                .and_then(|o| o.extra_cell(i, c))
                                .unwrap_or_else(|| Location::sheet(crate::output_folder::names::PLAYERS, "Players")),
                            format!("player {}: {name} must be {what}, not {shown}", p.id),
                        )
                        .with_hint(format!(
                            "the season columns are written by ratebook: copy them from the last season's output/{}",
                            crate::output_folder::names::PLAYERS
                        )),
                    );
                }
            }
        }
        findings
    }
}

impl RatingSystem for Ecf {
    fn name(&self) -> SystemName {
        SystemName::Ecf
    }

    /// The score at which the game leaves the grade where it is: a game is
    /// worth the opponent's grade (within 40) plus 50 × (2 × score − 1), so
    /// ½ + D / 100 with D = own − opponent within ±40 (docs/systems.md).
    fn expected_score(&self, player: &Player, opponent: &Player) -> Option<f64> {
        let d = grade_of(player)? - grade_of(opponent)?;
        Some(0.5 + d.clamp(-POINT_RULE, POINT_RULE) / (2.0 * WIN_POINTS))
    }

    fn rate(&self, period: &ValidPeriod) -> Ratings {
        let start = &period.players.players;
        let index = GameIndex::build(period);
        let at = season_columns(period);
        let published = period.config.published;
        let seasons: Vec<SeasonResult> = (0..start.len())
            .into_par_iter()
            .map(|p| {
                let (prev, prev2) = carried(&start[p], &at);
                season(&start[p], index.of(p), start, prev, prev2, published)
            })
            .collect();
        let (columns, positions) = with_columns(&period.players.extra_columns, &SEASON_COLUMNS);
        let mut players = Vec::with_capacity(start.len());
        let mut calculations = Vec::new();
        let mut traces: Vec<Option<Box<dyn Trace>>> = Vec::with_capacity(start.len());
        for (p, s) in seasons.into_iter().enumerate() {
            let mut next = carry_forward(&index, p, &start[p]);
            if let Some(g) = s.grade {
                next.rating = Some(g as f64);
                next.status = Status::Confirmed;
            }
            let (this, prev) = (s.this, s.prev);
            next.games += this.games;
            next.score += s.games.iter().map(|g| g.score).sum::<f64>();
            // The new file carries this season as last season, and last season as the one before.
            next.extra.resize(columns.len(), ExtraValue::Empty);
            for (k, value) in [this.games as f64, this.points, prev.games as f64, prev.points].into_iter().enumerate() {
                let blank = if k < 2 { this.games == 0 } else { prev.games == 0 };
                next.extra[positions[k]] = if blank { ExtraValue::Empty } else { ExtraValue::Number(value) };
            }
            for (event, part) in by_event(&s.games, |g| g.event) {
                calculations.push(Calculation {
                    player_id: next.id,
                    event: period.events[event as usize].code.clone(),
                    stage: if s.own.is_some() { 2 } else { 1 },
                    games: part.len() as u32,
                    score: part.iter().map(|g| g.score).sum(),
                    opp_avg: part.iter().map(|g| g.counted).sum::<f64>() / part.len() as f64,
                    expected: None,
                    bonus: None,
                    change: None,
                });
            }
            players.push(next);
            traces.push(Some(Box::new(s)));
        }
        let removed = vec![false; players.len()];
        Ratings {
            players,
            removed,
            calculations,
            traces,
            extra_columns: Some(columns),
            outputs: Vec::new(),
            stage_times: Vec::new(),
        }
    }

    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
        explain::explain(period, ratings, p)
    }

    fn printed(&self, player: &Player) -> String {
        printed_whole(player)
    }

    /// Its floor: a rating is kept at it.
    fn floor(&self) -> Option<f64> {
        Some(FLOOR as f64)
    }

    /// Grades: Elo = 7.5 × grade + 700, the ECF's own conversion of 2020.
    fn scale(&self) -> crate::switch::Scale {
        crate::switch::Scale { times: 7.5, plus: 700.0 }
    }

    /// Grades, graded and ungraded, the grading list; no provisional grade.
    fn words(&self) -> Words {
        Words {
            rating: "grade",
            ratings: "grades",
            rating_title: "Grade",
            ratings_title: "Grades",
            list: "grading list",
            rated: "graded",
            unrated: "ungraded",
            confirmed: "graded",
            provisional: None,
            band: 10,
            officer: "grader",
            officer_of: "your county's",
            region: "union",
            regions: "unions",
            region_title: "Union",
            regions_title: "Unions",
        }
    }

    fn state_columns(&self) -> &'static [&'static str] {
        &SEASON_COLUMNS
    }

    fn tables(&self) -> SystemTables {
        SystemTables::default()
    }

    fn calculator(&self, next: &crate::config::PeriodConfig) -> super::Calculator {
        calculator::calculator(next)
    }

    fn calculator_state(
        &self,
        player: &Player,
        columns: &[String],
        next: &crate::config::PeriodConfig,
    ) -> serde_json::Value {
        calculator::state(player, columns, next)
    }

    fn rules_text(&self) -> RulesText {
        RulesText {
            text: include_str!("rules.typ"),
            legend: &[
                LegendEntry { sample: "123", meaning: "a *grade*, a whole number, junior bonus included." },
                LegendEntry {
                    sample: "Unr",
                    meaning: "*ungraded*: the player has played, but not yet enough for a grade; the results count next season.",
                },
            ],
        }
    }
}

#[cfg(test)]
mod tests;
