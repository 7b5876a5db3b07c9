//! `ratebook handicap`: the half-rating team handicap (other-systems.md).
//! Reads one team match (sheet `Match`), turns each grade into a rating
//! (grade / 10 to the nearest half), gives the lower-rated player on each
//! board twice the difference (at most 8.5), and the team with the larger
//! total a points start of the difference / 10 to the nearest half, a
//! quarter rounding up. Everything is counted in half points, so no rounding
//! error can creep in. Prints the card, writes it as a sheet `Handicap`
//! beside the match, and gives it as JSON.

mod workbook;

use std::fmt::Write as _;

use serde::Serialize;

use crate::diag::{Code, Diagnostic, Location};
pub use workbook::{card_path, read_match, run, write_card, write_match_template};

/// The largest adjustment on one board, in half points (8.5).
pub const MAX_ADJUSTMENT: u32 = 17;

/// One side of a board as the match sheet gives it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Seat {
    pub name: Option<String>,
    pub grade: Option<f64>,
    pub result: Option<f64>,
}

/// One board of the match sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub board: u32,
    pub home: Seat,
    pub away: Seat,
}

/// A team match read from its sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    pub boards: Vec<Board>,
    /// Whether the sheet gives results.
    pub has_results: bool,
}

/// Which team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Team {
    Home,
    Away,
    /// No start (start_to), or a drawn match (outcome).
    #[serde(rename = "none")]
    Neither,
}

impl Team {
    fn outcome_word(self) -> &'static str {
        match self {
            Team::Home => "home",
            Team::Away => "away",
            Team::Neither => "draw",
        }
    }
}

/// One board of the card: ratings and adjustments in half points.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardCard {
    pub board: u32,
    pub home_name: String,
    pub away_name: String,
    /// Grades as the match sheet gives them.
    pub home_grade: Option<f64>,
    pub away_grade: Option<f64>,
    /// Ratings in half points (26 = 13); `None` for an absent player.
    pub home_rating: Option<u32>,
    pub away_rating: Option<u32>,
    pub home_adjustment: u32,
    pub away_adjustment: u32,
    pub home_result: Option<f64>,
    pub away_result: Option<f64>,
}

/// The result with the points start.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Game points scored over the board.
    pub home_points: f64,
    pub away_points: f64,
    /// Points with the start added.
    pub home_score: f64,
    pub away_score: f64,
    /// The winner; `Team::Neither` for a drawn match.
    pub outcome: Team,
}

/// The match card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub boards: Vec<BoardCard>,
    /// Adjustment totals in half points.
    pub home_total: u32,
    pub away_total: u32,
    /// The points start in half points, and the team it goes to.
    pub start: u32,
    pub start_to: Team,
    pub result: Option<MatchResult>,
    /// Boards out of rating order and other findings that do not stop the card.
    pub warnings: Vec<Diagnostic>,
}

/// Grade / 10 to the nearest half, in half points (132 → 26, i.e. 13; 85 → 17; 123 → 25).
pub fn rating_halves(grade: f64) -> u32 {
    (grade / 5.0 + 0.5).floor().max(0.0) as u32
}

/// The adjustment for the lower-rated player: 2 × the difference, at most
/// 8.5; in half points, from a difference in half points.
pub fn adjustment_halves(difference: u32) -> u32 {
    (2 * difference).min(MAX_ADJUSTMENT)
}

/// Points start in half points from the difference of the totals in half
/// points: (difference / 10) to the nearest half, a quarter rounding up.
pub fn start_halves(difference: u32) -> u32 {
    (difference + 5) / 10
}

/// Half points as printed: 17 → "8.5", 26 → "13".
pub fn halves(h: u32) -> String {
    if h.is_multiple_of(2) {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}

fn points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// Works out the card.
pub fn card(m: &Match, file: &str) -> Card {
    let mut boards = Vec::with_capacity(m.boards.len());
    let mut warnings = Vec::new();
    let present = |s: &Seat| s.name.is_some() && s.grade.is_some();
    for b in &m.boards {
        let hr = b.home.grade.filter(|_| present(&b.home)).map(rating_halves);
        let ar = b.away.grade.filter(|_| present(&b.away)).map(rating_halves);
        let (mut ha, mut aa) = (0, 0);
        if let (Some(h), Some(a)) = (hr, ar) {
            if h < a {
                ha = adjustment_halves(a - h);
            } else {
                aa = adjustment_halves(h - a);
            }
        }
        boards.push(BoardCard {
            board: b.board,
            home_name: b.home.name.clone().unwrap_or_default(),
            away_name: b.away.name.clone().unwrap_or_default(),
            home_grade: b.home.grade,
            away_grade: b.away.grade,
            home_rating: hr,
            away_rating: ar,
            home_adjustment: ha,
            away_adjustment: aa,
            home_result: b.home.result,
            away_result: b.away.result,
        });
    }
    // Players must play in rating order: each present player rated no higher than the one above.
    for (side, rating_of) in [
        ("home", (|c: &BoardCard| c.home_rating) as fn(&BoardCard) -> Option<u32>),
        ("away", |c: &BoardCard| c.away_rating),
    ] {
        let mut above: Option<(u32, u32)> = None;
        for c in &boards {
            let Some(r) = rating_of(c) else { continue };
            if let Some((board, r_above)) = above {
                if r > r_above {
                    warnings.push(
                        Diagnostic::warning(
                            Code::BadValue,
                            Location::sheet(file, "Match"),
                            format!(
                                "board {}: the {side} player (rating {}) is rated above board {board}'s ({}): players must be in rating order",
                                c.board,
                                halves(r),
                                halves(r_above)
                            ),
                        )
                        .with_hint("put the team's players on the boards in rating order, the highest on board 1"),
                    );
                }
            }
            above = Some((c.board, r));
        }
    }
    let home_total: u32 = boards.iter().map(|b| b.home_adjustment).sum();
    let away_total: u32 = boards.iter().map(|b| b.away_adjustment).sum();
    let start = start_halves(home_total.abs_diff(away_total));
    let start_to = match (start, home_total.cmp(&away_total)) {
        (0, _) | (_, std::cmp::Ordering::Equal) => Team::Neither,
        (_, std::cmp::Ordering::Greater) => Team::Home,
        (_, std::cmp::Ordering::Less) => Team::Away,
    };
    let result = m.has_results.then(|| {
        let home_points: f64 = boards.iter().filter_map(|b| b.home_result).sum();
        let away_points: f64 = boards.iter().filter_map(|b| b.away_result).sum();
        let bonus = start as f64 / 2.0;
        let home_score = home_points + if start_to == Team::Home { bonus } else { 0.0 };
        let away_score = away_points + if start_to == Team::Away { bonus } else { 0.0 };
        let outcome = match home_score.partial_cmp(&away_score) {
            Some(std::cmp::Ordering::Greater) => Team::Home,
            Some(std::cmp::Ordering::Less) => Team::Away,
            _ => Team::Neither,
        };
        MatchResult { home_points, away_points, home_score, away_score, outcome }
    });
    Card { boards, home_total, away_total, start, start_to, result, warnings }
}

/// The card as text, like the printed match cards.
pub fn render(card: &Card) -> String {
    let mut out = String::new();
    let width = card
        .boards
        .iter()
        .flat_map(|b| [b.home_name.chars().count(), b.away_name.chars().count()])
        .max()
        .unwrap_or(0)
        .max(12);
    let rating = |r: Option<u32>| r.map(halves).unwrap_or_else(|| "-".into());
    let adj = |a: u32| if a == 0 { String::new() } else { halves(a) };
    let res = |r: Option<f64>| r.map(points).unwrap_or_default();
    let _ = writeln!(
        out,
        "{:>3}  {:<width$} {:>5} {:>4} {:>4}   {:<width$} {:>5} {:>4} {:>4}",
        "Bd", "Home", "Rtg", "Adj", "Res", "Away", "Rtg", "Adj", "Res"
    );
    for b in &card.boards {
        let _ = writeln!(
            out,
            "{:>3}  {:<width$} {:>5} {:>4} {:>4}   {:<width$} {:>5} {:>4} {:>4}",
            b.board,
            if b.home_name.is_empty() { "(absent)" } else { &b.home_name },
            rating(b.home_rating),
            adj(b.home_adjustment),
            res(b.home_result),
            if b.away_name.is_empty() { "(absent)" } else { &b.away_name },
            rating(b.away_rating),
            adj(b.away_adjustment),
            res(b.away_result),
        );
    }
    let _ = writeln!(
        out,
        "     {:<width$} {:>5} {:>4} {:>4}   {:<width$} {:>5} {:>4}",
        "Adjustments",
        "",
        halves(card.home_total),
        "",
        "",
        "",
        halves(card.away_total)
    );
    let diff = card.home_total.abs_diff(card.away_total);
    let tenth = diff as f64 / 20.0;
    let to = match card.start_to {
        Team::Home => "to the home team",
        Team::Away => "to the away team",
        Team::Neither => "to neither team",
    };
    let _ = writeln!(
        out,
        "\nPoints start: {} − {} = {}, ÷ 10 = {} → {} {to}",
        halves(card.home_total.max(card.away_total)),
        halves(card.home_total.min(card.away_total)),
        halves(diff),
        tenth,
        halves(card.start)
    );
    if let Some(r) = &card.result {
        let with = |pts: f64, team: Team| {
            if card.start_to == team && card.start > 0 {
                format!("{} + {} = {}", points(pts), halves(card.start), points(pts + card.start as f64 / 2.0))
            } else {
                points(pts)
            }
        };
        let _ =
            writeln!(out, "Result: home {}, away {}", with(r.home_points, Team::Home), with(r.away_points, Team::Away));
        let _ = writeln!(
            out,
            "{}",
            match r.outcome {
                Team::Home => format!("The home team wins {} – {}", points(r.home_score), points(r.away_score)),
                Team::Away => format!("The away team wins {} – {}", points(r.away_score), points(r.home_score)),
                Team::Neither => format!("The match is drawn {} – {}", points(r.home_score), points(r.away_score)),
            }
        );
    } else if card.start % 2 == 1 {
        let _ = writeln!(out, "With a half-point start the match cannot be drawn.");
    } else {
        let _ = writeln!(out, "With a whole-number start the match can be drawn.");
    }
    out
}

/// The card as `--json` prints it: every board, then the totals, the
/// start and, with results, the result.
#[derive(Debug, Serialize)]
pub struct CardJson {
    pub boards: Vec<BoardJson>,
    pub home_total: f64,
    pub away_total: f64,
    pub start: f64,
    pub start_to: Team,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub home_score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<&'static str>,
}

/// One board of the JSON card.
#[derive(Debug, Serialize)]
pub struct BoardJson {
    pub board: u32,
    pub home: SeatJson,
    pub away: SeatJson,
}

/// One side of a board: the player (`null` name and grade when absent), his
/// rating (grade / 10 to the nearest half), the adjustment he gets and his result.
#[derive(Debug, Serialize)]
pub struct SeatJson {
    pub name: Option<String>,
    pub grade: Option<f64>,
    pub rating: Option<f64>,
    pub adjustment: f64,
    pub result: Option<f64>,
}

impl CardJson {
    pub fn of(card: &Card) -> CardJson {
        let h = |x: u32| x as f64 / 2.0;
        let seat = |name: &str, grade, rating: Option<u32>, adjustment, result| SeatJson {
            name: (!name.is_empty()).then(|| name.to_string()),
            grade,
            rating: rating.map(h),
            adjustment: h(adjustment),
            result,
        };
        let boards = card
            .boards
            .iter()
            .map(|b| BoardJson {
                board: b.board,
                home: seat(&b.home_name, b.home_grade, b.home_rating, b.home_adjustment, b.home_result),
                away: seat(&b.away_name, b.away_grade, b.away_rating, b.away_adjustment, b.away_result),
            })
            .collect();
        CardJson {
            boards,
            home_total: h(card.home_total),
            away_total: h(card.away_total),
            start: h(card.start),
            start_to: card.start_to,
            home_score: card.result.as_ref().map(|r| r.home_score),
            away_score: card.result.as_ref().map(|r| r.away_score),
            outcome: card.result.as_ref().map(|r| r.outcome.outcome_word()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(name: &str, rating: f64, result: f64) -> Seat {
        Seat { name: Some(name.into()), grade: Some(rating * 10.0), result: Some(result) }
    }

    fn game(board: u32, home: (&str, f64, f64), away: (&str, f64, f64)) -> Board {
        Board { board, home: seat(home.0, home.1, home.2), away: seat(away.0, away.1, away.2) }
    }

    #[test]
    fn ratings_are_grades_over_ten_to_the_nearest_half() {
        assert_eq!(rating_halves(132.0), 26); // 13
        assert_eq!(rating_halves(85.0), 17); // 8.5
        assert_eq!(rating_halves(123.0), 25); // 12.5
        assert_eq!(rating_halves(127.5), 26); // 12.75 → 13: a quarter rounds up
        assert_eq!(rating_halves(127.4), 25);
    }

    #[test]
    fn adjustments_from_the_table() {
        assert_eq!(adjustment_halves(0), 0);
        assert_eq!(adjustment_halves(1), 2); // 0.5 apart → 1
        assert_eq!(adjustment_halves(7), 14); // 3.5 → 7
        assert_eq!(adjustment_halves(8), 16); // 4 → 8
        assert_eq!(adjustment_halves(9), 17); // 4.5 → 8.5, the most
        assert_eq!(adjustment_halves(20), 17);
    }

    #[test]
    fn points_start_from_the_summary_table() {
        // Totals apart (in points) → start (points): 0-2 → 0, 2.5-7 → 0.5, 7.5-12 → 1, …
        let start = |apart: f64| start_halves((apart * 2.0) as u32) as f64 / 2.0;
        assert_eq!(start(2.0), 0.0);
        assert_eq!(start(2.5), 0.5);
        assert_eq!(start(7.0), 0.5);
        assert_eq!(start(7.5), 1.0);
        assert_eq!(start(12.5), 1.5); // 1.25 rounds up
        assert_eq!(start(27.5), 3.0); // 2.75 rounds up
        assert_eq!(start(47.5), 5.0);
        assert_eq!(start(51.0), 5.0);
    }

    #[test]
    fn holme_valley_v_hudd_rooks() {
        let m = Match {
            boards: vec![
                game(1, ("KEELY Leo A", 16.0, 1.0), ("PARSONS Matthew", 12.5, 0.0)),
                game(2, ("GRIST James", 9.5, 0.0), ("AGUIRRE Antonio", 12.5, 1.0)),
                game(3, ("THOMPSON Stewart V.", 9.5, 1.0), ("SHAH Mehool", 9.0, 0.0)),
                game(4, ("DOUGLAS Peter", 8.0, 1.0), ("CZERWINSKI Peter", 8.5, 0.0)),
                game(5, ("BATTYE Norman", 6.0, 0.0), ("ROJINSKY Mark", 8.0, 1.0)),
                game(6, ("FROGATT Joe", 5.0, 0.0), ("HUGHES Jon", 6.5, 1.0)),
            ],
            has_results: true,
        };
        let c = card(&m, "m.xlsx");
        let adj: Vec<(u32, u32)> = c.boards.iter().map(|b| (b.home_adjustment, b.away_adjustment)).collect();
        assert_eq!(adj, vec![(0, 14), (12, 0), (0, 2), (2, 0), (8, 0), (6, 0)]);
        assert_eq!((c.home_total, c.away_total), (28, 16)); // 14 and 8
        assert_eq!((c.start, c.start_to), (1, Team::Home)); // 0.6 → 0.5
        let r = c.result.unwrap();
        assert_eq!((r.home_score, r.away_score, r.outcome), (3.5, 3.0, Team::Home));
        assert!(c.warnings.is_empty());
    }

    #[test]
    fn netherton_b_v_wakefield() {
        let m = Match {
            boards: vec![
                game(1, ("COUPE Alan D", 12.0, 1.0), ("SKINNER Simon", 13.0, 0.0)),
                game(2, ("WARD John", 9.5, 0.0), ("WATERHOUSE Mark", 12.5, 1.0)),
                game(3, ("LUMLEY William F", 8.5, 0.5), ("SHELMERDINE Mark", 10.0, 0.5)),
                game(4, ("NEWSOME John V", 7.0, 0.0), ("JOHNSON, I", 9.0, 1.0)),
                game(5, ("COUPE David A", 6.0, 0.5), ("HEPWORTH D", 8.5, 0.5)),
                game(6, ("MOLD Roland", 5.0, 0.5), ("HAINSWORTH John G", 8.0, 0.5)),
            ],
            has_results: true,
        };
        let c = card(&m, "m.xlsx");
        assert_eq!((c.home_total, c.away_total), (52, 0)); // 26 and 0
        assert_eq!((c.start, c.start_to), (5, Team::Home)); // 2.6 → 2.5
        let r = c.result.unwrap();
        assert_eq!((r.home_score, r.away_score, r.outcome), (5.0, 3.5, Team::Home));
    }

    #[test]
    fn wakefield_v_netherton_a() {
        let m = Match {
            boards: vec![
                game(1, ("SKINNER Simon", 13.0, 0.0), ("SHAW Peter", 18.0, 1.0)),
                game(2, ("WATERHOUSE Mark", 12.5, 0.5), ("EDWARDS Nickolas J", 14.5, 0.5)),
                game(3, ("TINKER Chris R", 12.0, 1.0), ("RIGBY Nicholas T", 12.0, 0.0)),
                game(4, ("HOLLOWAY A", 10.0, 0.0), ("JACKSON Paul H", 10.5, 1.0)),
                game(5, ("JOHNSON, I", 9.0, 0.0), ("ROUTLEDGE Adam", 8.0, 1.0)),
                game(6, ("HEPWORTH D", 8.5, 1.0), ("TANNA Yeshurun", 5.0, 0.0)),
            ],
            has_results: true,
        };
        let c = card(&m, "m.xlsx");
        let adj: Vec<(u32, u32)> = c.boards.iter().map(|b| (b.home_adjustment, b.away_adjustment)).collect();
        assert_eq!(adj, vec![(17, 0), (8, 0), (0, 0), (2, 0), (0, 4), (0, 14)]);
        assert_eq!((c.home_total, c.away_total), (27, 18)); // 13.5 and 9
        assert_eq!((c.start, c.start_to), (1, Team::Home)); // 0.45 → 0.5
        let r = c.result.unwrap();
        assert_eq!((r.home_score, r.away_score, r.outcome), (3.0, 3.5, Team::Away));
    }

    #[test]
    fn absent_players_give_and_get_nothing_and_order_is_checked() {
        let m = Match {
            boards: vec![
                game(1, ("A", 12.0, 0.0), ("B", 14.0, 1.0)),
                Board {
                    board: 2,
                    home: Seat { name: None, grade: None, result: Some(0.0) },
                    away: seat("C", 13.0, 1.0),
                },
                game(3, ("D", 12.5, 0.5), ("E", 9.0, 0.5)),
            ],
            has_results: true,
        };
        let c = card(&m, "m.xlsx");
        assert_eq!((c.boards[1].home_adjustment, c.boards[1].away_adjustment), (0, 0));
        assert_eq!((c.home_total, c.away_total), (8, 14));
        assert_eq!((c.start, c.start_to), (1, Team::Away)); // 3 apart → 0.3 → 0.5
                                                            // Board 3's home player (12.5) is rated above board 1's (12).
        assert_eq!(c.warnings.len(), 1);
        assert!(c.warnings[0].message.contains("board 3"), "{}", c.warnings[0].message);
        let r = c.result.unwrap();
        assert_eq!((r.home_score, r.away_score, r.outcome), (0.5, 3.0, Team::Away));
    }

    #[test]
    fn a_whole_number_start_can_draw() {
        // Two boards 2.5 apart: 5 + 5 = 10 → a start of 1 to home; 1 + 1 v 2 is drawn.
        let m = Match {
            boards: vec![
                game(1, ("A", 10.0, 0.0), ("B", 12.5, 1.0)),
                game(2, ("C", 10.0, 1.0), ("D", 12.5, 0.0)),
                game(3, ("E", 10.0, 0.0), ("F", 10.0, 1.0)),
            ],
            has_results: true,
        };
        let c = card(&m, "m.xlsx");
        assert_eq!((c.home_total, c.away_total, c.start, c.start_to), (20, 0, 2, Team::Home));
        let r = c.result.as_ref().unwrap();
        assert_eq!((r.home_score, r.away_score, r.outcome), (2.0, 2.0, Team::Neither));
        let json = serde_json::to_value(CardJson::of(&c)).unwrap();
        assert_eq!(json["outcome"], "draw");
        assert_eq!(json["start_to"], "home");
        assert_eq!(json["start"], 1.0);
    }

    #[test]
    fn without_results_the_json_has_no_outcome() {
        let mut m = Match { boards: vec![game(1, ("A", 10.0, 0.0), ("B", 10.0, 0.0))], has_results: false };
        m.boards[0].home.result = None;
        m.boards[0].away.result = None;
        let c = card(&m, "m.xlsx");
        let json = serde_json::to_value(CardJson::of(&c)).unwrap();
        assert_eq!(json["start_to"], "none");
        assert!(json.get("outcome").is_none() && json.get("home_score").is_none());
    }
}
