//! From round fields to pairings: the two sides of each game are matched and
//! must agree; `1 = 0` are played games, `+ -` forfeits, `W D L` played but
//! not rated; byes (`H F U Z`, `0000` and the ICU's bye fields without a
//! result code) become bye rows, with the points the file's own points
//! column implies where the code does not say. Each player's results must add
//! up to the points column.

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic, Location};
use crate::formats::report::{Located, RawGame};
use crate::formats::trf::parse::{Opponent, PlayerLine, RoundField, Scoring, TrfFile};
use crate::model::Outcome;

/// What one side's result code says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    UnratedWin,
    UnratedDraw,
    UnratedLoss,
    None,
}

impl Side {
    fn of(result: char) -> Option<Side> {
        Some(match result {
            '1' => Side::Win,
            '=' => Side::Draw,
            '0' => Side::Loss,
            '+' => Side::ForfeitWin,
            '-' => Side::ForfeitLoss,
            'W' => Side::UnratedWin,
            'D' => Side::UnratedDraw,
            'L' => Side::UnratedLoss,
            ' ' => Side::None,
            _ => return None,
        })
    }

    /// The result the other side must show.
    fn mirror(self) -> Option<Side> {
        Some(match self {
            Side::Win => Side::Loss,
            Side::Loss => Side::Win,
            Side::Draw => Side::Draw,
            Side::ForfeitWin => Side::ForfeitLoss,
            Side::ForfeitLoss => Side::ForfeitWin,
            Side::UnratedWin => Side::UnratedLoss,
            Side::UnratedLoss => Side::UnratedWin,
            Side::UnratedDraw => Side::UnratedDraw,
            Side::None => return None,
        })
    }

    /// Chess points: 1, ½ or 0.
    fn points(self) -> f64 {
        match self {
            Side::Win | Side::ForfeitWin | Side::UnratedWin => 1.0,
            Side::Draw | Side::UnratedDraw => 0.5,
            _ => 0.0,
        }
    }

    fn units(self, s: &Scoring) -> f64 {
        match self {
            Side::Win | Side::ForfeitWin | Side::UnratedWin => s.win,
            Side::Draw | Side::UnratedDraw => s.draw,
            Side::Loss | Side::UnratedLoss => s.loss,
            Side::ForfeitLoss | Side::None => s.absent,
        }
    }
}

/// A bye's value: known from its code, or left to the points column.
#[derive(Debug, Clone, Copy, PartialEq)]
enum ByeValue {
    /// Chess points and the file's units.
    Known(f64, f64),
    /// `U`: the points the file implies (a win's by default).
    Allocated,
    /// A bye field without a result code: the points the file implies (none by default).
    Unstated,
}

/// How a round field reads on its own.
enum Field {
    Nothing,
    Bye(ByeValue),
    Pairing(u32, Side),
}

fn classify(f: &RoundField, s: &Scoring) -> Field {
    match (f.opponent, f.result) {
        (Opponent::Blank, ' ') if f.colour != '-' => Field::Nothing,
        (Opponent::Player(n), r) if !matches!(r, 'H' | 'F' | 'U' | 'Z') => {
            Field::Pairing(n, Side::of(r).unwrap_or(Side::None))
        }
        (_, r) => Field::Bye(match r {
            '1' | '+' | 'F' | 'W' => ByeValue::Known(1.0, s.win),
            '=' | 'H' | 'D' => ByeValue::Known(0.5, s.draw),
            '0' | 'L' => ByeValue::Known(0.0, s.loss),
            '-' | 'Z' => ByeValue::Known(0.0, s.absent),
            'U' => ByeValue::Allocated,
            _ => ByeValue::Unstated,
        }),
    }
}

/// Names that pairing programs give a pseudo-player standing for the bye.
pub fn is_bye_placeholder(name: &str) -> bool {
    let n = name.trim().to_lowercase();
    !n.contains(',')
        && matches!(
            n.as_str(),
            "spielfrei" | "freilos" | "frei" | "bye" | "pairing bye" | "exempt" | "libre" | "exento" | "bye player"
        )
}

/// The games of a file, and every problem with them. `players` are the lines
/// taken as players (bye placeholders left out); `placeholders` are the
/// placeholders' start numbers.
pub fn games(
    trf: &TrfFile,
    players: &[&PlayerLine],
    placeholders: &[u32],
    file: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<RawGame> {
    let s = &trf.scoring;
    let mut by_no: HashMap<u32, &PlayerLine> = HashMap::new();
    for p in players {
        by_no.entry(p.no).or_insert(p);
    }
    let at = |line: u32, column: u32| Location::line(file, line, column);
    let mut games = Vec::new();
    let bye = |p: &PlayerLine, f: &RoundField, points: f64| RawGame {
        round: Located { value: f.round, at: at(p.line, f.column) },
        white: Located { value: p.no, at: at(p.line, f.column) },
        black: None,
        outcome: Located { value: Outcome::Bye { points }, at: at(p.line, f.result_column()) },
        remarks: None,
    };
    // TRF26 240 records: a bye in a round the player's line leaves blank.
    let mut recorded: Vec<(u32, u32, char)> = Vec::new();
    for b in &trf.byes {
        let Some(p) = by_no.get(&b.no) else {
            diagnostics.push(
                Diagnostic::error(
                    Code::UnknownStartNumber,
                    at(b.line, b.column),
                    format!("start number {} has no 001 line", b.no),
                )
                .with_hint("a 240 record names players by their start numbers"),
            );
            continue;
        };
        let field = p.rounds.iter().find(|f| f.round == b.round);
        match field {
            None => recorded.push((b.no, b.round, b.kind)),
            Some(f) if f.is_blank() => recorded.push((b.no, b.round, b.kind)),
            Some(f) if f.result == b.kind => {}
            Some(f) => diagnostics.push(
                Diagnostic::error(
                    Code::ResultsDisagree,
                    at(b.line, b.column),
                    format!(
                        "the 240 record gives No {} a bye ({}) in round {}, but line {} has \"{}\" there",
                        b.no, b.kind, b.round, p.line, f.result
                    ),
                )
                .with_hint("the 240 record and the player's round field must agree"),
            ),
        }
    }

    for p in players {
        let mut units = 0.0;
        let mut open: Vec<(&RoundField, ByeValue)> = Vec::new();
        for f in &p.rounds {
            match classify(f, s) {
                Field::Nothing => {}
                Field::Bye(ByeValue::Known(points, u)) => {
                    units += u;
                    games.push(bye(p, f, points));
                }
                Field::Bye(v) => open.push((f, v)),
                Field::Pairing(o, side) => {
                    units += side.units(s);
                    if placeholders.contains(&o) {
                        games.push(bye(p, f, side.points()));
                        continue;
                    }
                    if o == p.no {
                        diagnostics.push(
                            Diagnostic::error(
                                Code::BadValue,
                                at(p.line, f.column),
                                format!("round {}: No {} is paired with himself", f.round, p.no),
                            )
                            .with_hint("the opponent is another player's start number, or 0000 for a bye"),
                        );
                        continue;
                    }
                    let Some(q) = by_no.get(&o) else {
                        diagnostics.push(
                            Diagnostic::error(
                                Code::UnknownStartNumber,
                                at(p.line, f.column),
                                format!("round {}: opponent {o} has no 001 line", f.round),
                            )
                            .with_hint("the opponent is the start number of another player of the file"),
                        );
                        continue;
                    };
                    let back = q.rounds.iter().find(|g| g.round == f.round);
                    let Some(g) = back.filter(|g| g.opponent == Opponent::Player(p.no)) else {
                        let theirs = match back.map(|g| g.opponent) {
                            Some(Opponent::Player(n)) => format!("names {n}"),
                            Some(Opponent::Zero) => "has a bye".to_string(),
                            _ => "is blank".to_string(),
                        };
                        diagnostics.push(
                            Diagnostic::error(
                                Code::ResultsDisagree,
                                at(p.line, f.column),
                                format!(
                                    "round {}: No {} names {o} as opponent, but No {o}'s round {} (line {}) {theirs}",
                                    f.round, p.no, f.round, q.line
                                ),
                            )
                            .with_hint("both players of a game name each other in the same round"),
                        );
                        continue;
                    };
                    if p.no > o {
                        continue; // the pair is read from the other side
                    }
                    if let Some(game) = pairing(p, f, q, g, file, diagnostics) {
                        games.push(game);
                    }
                }
            }
        }
        for &(_, round, kind) in recorded.iter().filter(|r| r.0 == p.no) {
            let (points, u) = match kind {
                'F' => (1.0, s.win),
                'H' => (0.5, s.draw),
                _ => (0.0, s.absent),
            };
            units += u;
            let column = crate::formats::trf::parse::ROUND_START as u32 + 10 * (round - 1);
            let f = RoundField { round, column, opponent: Opponent::Zero, colour: '-', result: kind };
            games.push(bye(p, &f, points));
        }
        // Byes whose points the code does not say take what the points column implies.
        let check = p.points.filter(|_| !trf.abnormal.contains(&p.no));
        let values = match check {
            Some(total) => {
                let implied = total - units;
                match spread(implied, &open, s) {
                    Some(v) => v,
                    None => {
                        let counted = units + open.iter().map(|(_, v)| default_value(*v, s).1).sum::<f64>();
                        let hint = if open.is_empty() {
                            "correct the points, or the result that is wrong".to_string()
                        } else {
                            format!("{} bye(s) without a result code cannot make up the difference: correct the points or give the byes a code (H, F, Z)", open.len())
                        };
                        diagnostics.push(
                            Diagnostic::error(
                                Code::ResultsDisagree,
                                at(p.line, 81),
                                format!("No {} has {} points in the points column, but the results of the line add up to {}", p.no, fmt(total), fmt(counted)),
                            )
                            .with_hint(hint),
                        );
                        open.iter().map(|(_, v)| default_value(*v, s).0).collect()
                    }
                }
            }
            None => open.iter().map(|(_, v)| default_value(*v, s).0).collect(),
        };
        for ((f, _), points) in open.iter().zip(values) {
            games.push(bye(p, f, points));
        }
    }
    games.sort_by_key(|g| (g.round.value, g.white.value));
    games
}

/// Chess points and file units of a bye without a stated value, by default.
fn default_value(v: ByeValue, s: &Scoring) -> (f64, f64) {
    match v {
        ByeValue::Known(p, u) => (p, u),
        ByeValue::Allocated => (1.0, s.pab),
        ByeValue::Unstated => (0.0, s.absent),
    }
}

/// Chess points for each open bye so that their units sum to `implied`:
/// wins first (to `U` byes first), then draws, the rest nothing; as many
/// half points as possible. `None` when no such split exists.
fn spread(implied: f64, open: &[(&RoundField, ByeValue)], s: &Scoring) -> Option<Vec<f64>> {
    let k = open.len();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    if k == 0 {
        return close(implied, 0.0).then(Vec::new);
    }
    let mut best: Option<(usize, usize)> = None;
    for wins in 0..=k {
        for draws in 0..=k - wins {
            let zeros = k - wins - draws;
            if close(wins as f64 * s.win + draws as f64 * s.draw + zeros as f64 * s.absent, implied)
                && best.is_none_or(|(_, d)| draws > d)
            {
                best = Some((wins, draws));
            }
        }
    }
    let (wins, draws) = best?;
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| (open[i].1 != ByeValue::Allocated, open[i].0.round));
    let mut points = vec![0.0; k];
    for (n, &i) in order.iter().enumerate() {
        points[i] = if n < wins {
            1.0
        } else if n < wins + draws {
            0.5
        } else {
            0.0
        };
    }
    Some(points)
}

/// The game between `p` (field `f`) and `q` (field `g`), the lower start number first.
fn pairing(
    p: &PlayerLine,
    f: &RoundField,
    q: &PlayerLine,
    g: &RoundField,
    file: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<RawGame> {
    let at = |line: u32, column: u32| Location::line(file, line, column);
    let mine = Side::of(f.result).unwrap_or(Side::None);
    let theirs = Side::of(g.result).unwrap_or(Side::None);
    if mine == Side::None && theirs == Side::None {
        diagnostics.push(
            Diagnostic::error(
                Code::BadResult,
                at(p.line, f.result_column()),
                format!("round {}: Nos {} and {} are paired but have no result", f.round, p.no, q.no),
            )
            .with_hint("put the result in both lines: 1, = or 0 played; + or - without play; W, D or L not rated"),
        );
        return None;
    }
    let double_forfeit = mine == Side::ForfeitLoss && theirs == Side::ForfeitLoss;
    if mine.mirror() != Some(theirs) && !double_forfeit {
        diagnostics.push(
            Diagnostic::error(
                Code::ResultsDisagree,
                at(q.line, g.result_column()),
                format!(
                    "round {}: No {} has \"{}\" against No {} (line {}), but No {} has \"{}\" against No {}",
                    f.round, p.no, f.result, q.no, p.line, q.no, g.result, p.no
                ),
            )
            .with_hint("the two sides must agree: 1 with 0, = with =, + with - (or - with - when neither played), W with L, D with D"),
        );
        return None;
    }
    let p_white = match (f.colour, g.colour) {
        ('w', 'w') | ('b', 'b') => {
            diagnostics.push(
                Diagnostic::error(
                    Code::ResultsDisagree,
                    at(q.line, g.column + 5),
                    format!("round {}: Nos {} and {} both have colour \"{}\"", f.round, p.no, q.no, f.colour),
                )
                .with_hint("one player has w, the other b"),
            );
            return None;
        }
        ('b', _) | (_, 'w') => false,
        _ => true,
    };
    let (white, wf, black, bf, white_side, black_side) =
        if p_white { (p, f, q, g, mine, theirs) } else { (q, g, p, f, theirs, mine) };
    let outcome = match white_side {
        Side::Win | Side::Draw | Side::Loss => Outcome::Played { white_score: white_side.points() },
        Side::UnratedWin | Side::UnratedDraw | Side::UnratedLoss => {
            Outcome::PlayedUnrated { white_score: white_side.points() }
        }
        _ => Outcome::Forfeit { white_points: white_side.points(), black_points: black_side.points() },
    };
    Some(RawGame {
        round: Located { value: f.round, at: at(white.line, wf.column) },
        white: Located { value: white.no, at: at(white.line, wf.column) },
        black: Some(Located { value: black.no, at: at(black.line, bf.column) }),
        outcome: Located { value: outcome, at: at(white.line, wf.result_column()) },
        remarks: None,
    })
}

/// Points as people write them: 4, 4.5.
fn fmt(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf::parse::{parse, TrfFile};

    fn line(no: u32, points: &str, rounds: &[&str]) -> String {
        let mut s = format!(
            "001 {no:>4} m    {:<33} 1800 IRL {:>11} {:<10} {points:>4} {:>4}  ",
            format!("Player{no}, Test"),
            no,
            "",
            1
        );
        for r in rounds {
            s.push_str(&format!("{r:<8}  "));
        }
        s.trim_end().to_string()
    }

    fn read(lines: &[String]) -> (TrfFile, Vec<RawGame>, Vec<Diagnostic>) {
        let mut d = Vec::new();
        let trf = parse(&lines.join("\n"), "r.trf", &mut d);
        assert!(d.is_empty(), "{d:?}");
        let players: Vec<&PlayerLine> = trf.players.iter().filter(|p| !is_bye_placeholder(&p.name)).collect();
        let placeholders: Vec<u32> = trf.players.iter().filter(|p| is_bye_placeholder(&p.name)).map(|p| p.no).collect();
        let g = games(&trf, &players, &placeholders, "r.trf", &mut d);
        (trf.clone(), g, d)
    }

    fn outcomes(g: &[RawGame]) -> Vec<(u32, u32, Option<u32>, Outcome)> {
        g.iter().map(|g| (g.round.value, g.white.value, g.black.as_ref().map(|b| b.value), g.outcome.value)).collect()
    }

    #[test]
    fn every_result_code() {
        let (_, g, d) = read(&[
            line(
                1,
                "6.5",
                &[
                    "   2 w 1", "   3 b =", "   4 w +", "   2 b W", "   3 w D", "0000 - H", "0000 - F", "0000 - U",
                    "0000 - Z", "        ",
                ],
            ),
            line(
                2,
                "2.0",
                &[
                    "   1 b 0", "   4 w =", "   3 b 0", "   1 w L", "   4 b =", "0000 - -", "   3 w -", "   4 b 1",
                    "        ",
                ],
            ),
            line(
                3,
                "3.0",
                &[
                    "   4 w 0", "   1 w =", "   2 w 1", "   4 b 0", "   1 b D", "   4 b 1", "   2 b -", "0000 - Z",
                    "        ",
                ],
            ),
            line(
                4,
                "3.0",
                &["   3 b 1", "   2 b =", "   1 b -", "   3 w 1", "   2 w =", "   3 w 0", "        ", "   2 w 0"],
            ),
        ]);
        assert!(d.is_empty(), "{d:?}");
        let played = |w| Outcome::Played { white_score: w };
        let unrated = |w| Outcome::PlayedUnrated { white_score: w };
        let forfeit = |w, b| Outcome::Forfeit { white_points: w, black_points: b };
        let bye = |points| Outcome::Bye { points };
        assert_eq!(
            outcomes(&g),
            vec![
                (1, 1, Some(2), played(1.0)),
                (1, 3, Some(4), played(0.0)),
                (2, 2, Some(4), played(0.5)),
                (2, 3, Some(1), played(0.5)),
                (3, 1, Some(4), forfeit(1.0, 0.0)),
                (3, 3, Some(2), played(1.0)),
                (4, 2, Some(1), unrated(0.0)),
                (4, 4, Some(3), played(1.0)),
                (5, 1, Some(3), unrated(0.5)),
                (5, 4, Some(2), played(0.5)),
                (6, 1, None, bye(0.5)),
                (6, 2, None, bye(0.0)),
                (6, 4, Some(3), played(0.0)),
                (7, 1, None, bye(1.0)),
                (7, 2, Some(3), forfeit(0.0, 0.0)),
                (8, 1, None, bye(1.0)),
                (8, 3, None, bye(0.0)),
                (8, 4, Some(2), played(0.0)),
                (9, 1, None, bye(0.0)),
            ]
        );
    }

    #[test]
    fn both_sides_must_agree() {
        let (_, g, d) = read(&[
            line(1, "1.0", &["   2 w 1", "   3 w 1", "   2 w 1", "   9 w 1"]),
            line(2, "1.0", &["   1 b 1", "   3 w 1", "   1 w 0"]),
            line(3, "1.0", &["        ", "   2 b 0"]),
        ]);
        assert!(g.iter().all(|g| g.black.is_none() || g.round.value == 2 && g.white.value == 2), "{:?}", outcomes(&g));
        let found: Vec<(Code, (u32, u32))> = d.iter().map(|d| (d.code, d.location.line.unwrap())).collect();
        assert!(found.contains(&(Code::ResultsDisagree, (2, 99))), "1 against 1: {found:?}");
        assert!(found.contains(&(Code::ResultsDisagree, (1, 102))), "3 does not name 1: {found:?}");
        assert!(found.contains(&(Code::ResultsDisagree, (2, 117))), "both white: {found:?}");
        assert!(found.contains(&(Code::UnknownStartNumber, (1, 122))), "no player 9: {found:?}");
    }

    #[test]
    fn byes_without_a_code_take_the_points_the_file_implies() {
        // The ICU's exports: "0000 -  " and "     -  " with no result code.
        let (_, g, d) = read(&[
            line(1, "2.0", &["0000 -  ", "   2 w 1", "     -  "]),
            line(2, "1.5", &["0000 -  ", "   1 b 0", "0000 - U"]),
            line(3, "0.5", &["     -  ", "     -  ", "     -  "]),
        ]);
        assert!(d.is_empty(), "{d:?}");
        let byes: Vec<(u32, u32, Outcome)> =
            g.iter().filter(|g| g.black.is_none()).map(|g| (g.white.value, g.round.value, g.outcome.value)).collect();
        let bye = |points| Outcome::Bye { points };
        assert!(byes.contains(&(1, 1, bye(0.5))) && byes.contains(&(1, 3, bye(0.5))), "{byes:?}");
        assert!(byes.contains(&(2, 3, bye(1.0))) && byes.contains(&(2, 1, bye(0.5))), "U takes the win: {byes:?}");
        assert!(
            byes.contains(&(3, 1, bye(0.5))) && byes.contains(&(3, 2, bye(0.0))) && byes.contains(&(3, 3, bye(0.0))),
            "{byes:?}"
        );
    }

    #[test]
    fn the_points_column_must_add_up() {
        let (_, _, d) = read(&[line(1, "2.0", &["   2 w 1"]), line(2, "0.0", &["   1 b 0"])]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!((d[0].code, d[0].location.line), (Code::ResultsDisagree, Some((1, 81))));
        assert!(d[0].message.contains("2 points") && d[0].message.contains("add up to 1"), "{}", d[0].message);
        let (_, _, d) = read(&[line(1, "3.0", &["0000 -  "])]);
        assert_eq!(d.len(), 1, "one bye cannot give 3 points: {d:?}");
        let (_, _, d) = read(&[line(1, "", &["0000 -  "])]);
        assert!(d.is_empty(), "no points column, nothing to check");
    }

    #[test]
    fn trf26_scoring_and_bye_records() {
        let mut lines = vec![
            "162 W 3.0    D 1.0    L 0.0".to_string(),
            line(1, "4.0", &["   2 w 1", "        ", "0000 -  "]),
            line(2, "3.0", &["   1 b 0", "0000 - F"]),
        ];
        lines.push("240 H 002    1".to_string());
        let (_, g, d) = read(&lines);
        assert!(d.is_empty(), "{d:?}");
        let byes: Vec<(u32, u32, f64)> = g
            .iter()
            .filter_map(|g| match g.outcome.value {
                Outcome::Bye { points } => Some((g.white.value, g.round.value, points)),
                _ => None,
            })
            .collect();
        assert_eq!(byes, vec![(1, 2, 0.5), (2, 2, 1.0), (1, 3, 0.0)]);
    }

    #[test]
    fn a_bye_placeholder_is_not_a_player() {
        let (_, g, d) = read(&[
            line(1, "2.0", &["   2 w 1", "   3 w +"]),
            line(2, "0.0", &["   1 b 0", "        "]),
            format!("001    3      {:<33}", "spielfrei"),
        ]);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(outcomes(&g)[1], (2, 1, None, Outcome::Bye { points: 1.0 }));
        assert!(is_bye_placeholder("Spielfrei") && is_bye_placeholder(" BYE ") && !is_bye_placeholder("Bye, John"));
    }
}
