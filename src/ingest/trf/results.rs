//! From round fields to pairings: the two sides of each game are matched and
//! must agree; `1 = 0` are played games, `+ -` forfeits, `W D L` played but
//! not rated; byes (`H F U Z`, `0000` and the ICU's bye fields without a
//! result code) become bye rows, with the points the file's own points
//! column implies where the code does not say. The two lines of a game must
//! agree; the points column and TRF26 `240` bye records only repeat what the
//! round fields say, and when they disagree the round fields are taken, with
//! a warning.

use std::collections::{BTreeSet, HashMap};

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

/// Rounds that are paired but have no result in any of their games: a file
/// exported after the pairings of a round were made and before it was
/// played. Their pairings are not games to rate.
pub fn unplayed_rounds(trf: &TrfFile, players: &[&PlayerLine], placeholders: &[u32]) -> BTreeSet<u32> {
    let mut paired = BTreeSet::new();
    let mut with_result = BTreeSet::new();
    for p in players {
        for f in &p.rounds {
            if let Field::Pairing(o, side) = classify(f, &trf.scoring) {
                if placeholders.contains(&o) {
                    continue;
                }
                paired.insert(f.round);
                if side != Side::None {
                    with_result.insert(f.round);
                }
            }
        }
    }
    paired.difference(&with_result).copied().collect()
}

/// The games of a file, and every problem with them. `players` are the lines
/// taken as players (bye placeholders left out); `placeholders` are the
/// placeholders' start numbers; `unplayed` the rounds that are paired but
/// have no results ([`unplayed_rounds`]).
///
/// What makes a game unknowable is an error: the two lines disagree on the
/// opponent, the colours or the result. What is only derived or repeated (the
/// points column, TRF26 `240` bye records) and disagrees is a warning: the
/// round fields are what is rated.
pub fn games(
    trf: &TrfFile,
    players: &[&PlayerLine],
    placeholders: &[u32],
    unplayed: &BTreeSet<u32>,
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
    for &round in unplayed {
        let fields: Vec<(&PlayerLine, &RoundField)> = players
            .iter()
            .filter_map(|p| p.rounds.iter().find(|f| f.round == round).map(|f| (*p, f)))
            .filter(|(_, f)| matches!(classify(f, s), Field::Pairing(o, _) if !placeholders.contains(&o)))
            .collect();
        let Some((first, f)) = fields.iter().min_by_key(|(p, _)| p.line) else { continue };
        diagnostics.push(
            Diagnostic::warning(
                Code::BadResult,
                at(first.line, f.column),
                format!(
                    "round {round} is paired ({}) but has no results: an export made before the round was played; its pairings are not rated",
                    match fields.len().div_ceil(2) {
                        1 => "1 board".to_string(),
                        n => format!("{n} boards"),
                    }
                ),
            )
            .with_hint("if the round was played, put its results in both players' lines and export the file again"),
        );
    }
    let mut recorded = bye_records(trf, &by_no, placeholders, file, diagnostics);

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
                Field::Bye(v) => match recorded.remove(&(p.no, f.round)) {
                    // A 240 record says what a bye without a value gave.
                    Some(kind) => {
                        let (points, u) = record_value(kind, s);
                        units += u;
                        games.push(bye(p, f, points));
                    }
                    None => open.push((f, v)),
                },
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
                    if let Some(game) = pairing(p, f, q, g, unplayed, file, diagnostics) {
                        games.push(game);
                    }
                }
            }
        }
        let mut extra: Vec<(u32, char)> =
            recorded.iter().filter(|((no, _), _)| *no == p.no).map(|((_, round), kind)| (*round, *kind)).collect();
        extra.sort();
        for (round, kind) in extra {
            recorded.remove(&(p.no, round));
            let (points, u) = record_value(kind, s);
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
                            format!("the points column is not used for rating; if a result of the line is wrong, correct it, otherwise correct the points to {}", fmt(counted))
                        } else {
                            format!("{} bye(s) without a result code cannot make up the difference and count as {}: give the byes a code (H, F, Z), or correct the points", open.len(), if open.iter().any(|(_, v)| *v == ByeValue::Allocated) { "the file's default" } else { "nothing" })
                        };
                        diagnostics.push(
                            Diagnostic::warning(
                                Code::ResultsDisagree,
                                at(p.line, 81),
                                format!("No {} has {} points in the points column, but the results of the line add up to {}: the results are rated", p.no, fmt(total), fmt(counted)),
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

/// Chess points and file units of a `240` record's bye.
fn record_value(kind: char, s: &Scoring) -> (f64, f64) {
    match kind {
        'F' => (1.0, s.win),
        'H' => (0.5, s.draw),
        _ => (0.0, s.absent),
    }
}

/// TRF26 `240` records checked against the player lines. They repeat what
/// the round fields say; a record that names a bye where the line has a game,
/// or another bye, is a warning and the line is taken. Returns the byes the
/// records add: (start number, round) → kind, for rounds the line leaves
/// blank or gives a bye without a value. In a team event the records name
/// teams (by their `310` numbers): a member with a game in that round is a
/// warning, and nothing is added.
fn bye_records(
    trf: &TrfFile,
    by_no: &HashMap<u32, &PlayerLine>,
    placeholders: &[u32],
    file: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> HashMap<(u32, u32), char> {
    let at = |line: u32, column: u32| Location::line(file, line, column);
    let mut recorded = HashMap::new();
    let field_of = |p: &PlayerLine, round: u32| p.rounds.iter().find(|f| f.round == round && !f.is_blank()).copied();
    let game_of = |f: &RoundField| match classify(f, &trf.scoring) {
        Field::Pairing(o, _) if !placeholders.contains(&o) => Some(o),
        _ => None,
    };
    for b in &trf.byes {
        if trf.teams {
            let Some(team) = trf.team_lines.iter().find(|t| t.no == b.no) else {
                diagnostics.push(
                    Diagnostic::warning(
                        Code::UnknownStartNumber,
                        at(b.line, b.column),
                        format!("team {} has no 310 line: this bye record is not checked", b.no),
                    )
                    .with_hint("in a team event a 240 record names teams by the numbers of their 310 lines"),
                );
                continue;
            };
            for m in &team.members {
                let Some(p) = by_no.get(m) else { continue };
                let Some((f, o)) = field_of(p, b.round).and_then(|f| game_of(&f).map(|o| (f, o))) else { continue };
                diagnostics.push(
                    Diagnostic::warning(
                        Code::ResultsDisagree,
                        at(b.line, b.column),
                        format!(
                            "the 240 record gives team {} (line {}) a bye ({}) in round {}, but its member No {} (line {}) has a game against No {o} there (\"{}\"): the game counts",
                            b.no, team.line, b.kind, b.round, p.no, p.line, f.result
                        ),
                    )
                    .with_hint("the record is ignored; if the team had no match that round, correct the player lines"),
                );
            }
            continue;
        }
        let Some(p) = by_no.get(&b.no) else {
            diagnostics.push(
                Diagnostic::warning(
                    Code::UnknownStartNumber,
                    at(b.line, b.column),
                    format!("start number {} has no 001 line: this bye record is ignored", b.no),
                )
                .with_hint("a 240 record names players by their start numbers"),
            );
            continue;
        };
        let Some(f) = field_of(p, b.round) else {
            recorded.insert((b.no, b.round), b.kind);
            continue;
        };
        let (points, _) = record_value(b.kind, &trf.scoring);
        let line_says = match classify(&f, &trf.scoring) {
            Field::Nothing | Field::Bye(ByeValue::Allocated | ByeValue::Unstated) => {
                recorded.insert((b.no, b.round), b.kind);
                continue;
            }
            Field::Bye(ByeValue::Known(value, _)) if value == points => continue,
            Field::Pairing(o, side) if placeholders.contains(&o) && side.points() == points => continue,
            Field::Bye(_) => format!("a bye (\"{}\") there: the line's is taken", f.result),
            Field::Pairing(o, _) => format!("a game against No {o} there (\"{}\"): the game counts", f.result),
        };
        diagnostics.push(
            Diagnostic::warning(
                Code::ResultsDisagree,
                at(b.line, b.column),
                format!(
                    "the 240 record gives No {} a bye ({}) in round {}, but line {} has {line_says}",
                    b.no, b.kind, b.round, p.line
                ),
            )
            .with_hint("the record is ignored; if the player had that bye, correct the player's round field"),
        );
    }
    recorded
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
    unplayed: &BTreeSet<u32>,
    file: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<RawGame> {
    let at = |line: u32, column: u32| Location::line(file, line, column);
    let mine = Side::of(f.result).unwrap_or(Side::None);
    let theirs = Side::of(g.result).unwrap_or(Side::None);
    if mine == Side::None && theirs == Side::None {
        if unplayed.contains(&f.round) {
            return None; // said once for the round
        }
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
    use crate::diag::Severity;
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
        let unplayed = unplayed_rounds(&trf, &players, &placeholders);
        let g = games(&trf, &players, &placeholders, &unplayed, "r.trf", &mut d);
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
    fn a_points_column_that_disagrees_is_a_warning_and_the_results_are_rated() {
        let (_, g, d) = read(&[line(1, "2.0", &["   2 w 1"]), line(2, "0.0", &["   1 b 0"])]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(
            (d[0].severity, d[0].code, d[0].location.line),
            (Severity::Warning, Code::ResultsDisagree, Some((1, 81)))
        );
        assert!(d[0].message.contains("2 points") && d[0].message.contains("add up to 1"), "{}", d[0].message);
        assert!(d[0].hint.as_deref().unwrap().contains("correct the points to 1"), "{:?}", d[0].hint);
        assert_eq!(outcomes(&g), vec![(1, 1, Some(2), Outcome::Played { white_score: 1.0 })]);
        let (_, g, d) = read(&[line(1, "3.0", &["0000 -  "])]);
        assert_eq!(d.len(), 1, "one bye cannot give 3 points: {d:?}");
        assert_eq!(d[0].severity, Severity::Warning);
        assert_eq!(
            outcomes(&g),
            vec![(1, 1, None, Outcome::Bye { points: 0.0 })],
            "a bye without a code gives nothing"
        );
        let (_, _, d) = read(&[line(1, "", &["0000 -  "])]);
        assert!(d.is_empty(), "no points column, nothing to check");
    }

    #[test]
    fn a_team_bye_the_points_column_counts_is_a_warning() {
        // Swiss-Manager's team exports: the team's bye round written "0000 - -"
        // (no game for this player), counted as a point in the points column.
        let (_, g, d) = read(&[line(1, "2.0", &["   2 w 1", "0000 - -"]), line(2, "0.0", &["   1 b 0", "0000 - -"])]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!((d[0].severity, d[0].location.line), (Severity::Warning, Some((1, 81))));
        assert!(d[0].message.contains("2 points") && d[0].message.contains("add up to 1"), "{}", d[0].message);
        assert_eq!(
            outcomes(&g),
            vec![
                (1, 1, Some(2), Outcome::Played { white_score: 1.0 }),
                (2, 1, None, Outcome::Bye { points: 0.0 }),
                (2, 2, None, Outcome::Bye { points: 0.0 })
            ]
        );
    }

    #[test]
    fn a_240_record_against_a_game_both_lines_agree_on_is_a_warning() {
        let (_, g, d) = read(&[
            line(1, "1.5", &["   2 w 1", "0000 - H"]),
            line(2, "0.0", &["   1 b 0", "0000 - -"]),
            line(3, "0.5", &["        ", "        "]),
            "240 H   1    1    3".to_string(),
            "240 H   2    2    1".to_string(),
            "240 F   2    9".to_string(),
        ]);
        let found: Vec<(Severity, Code, (u32, u32))> =
            d.iter().map(|d| (d.severity, d.code, d.location.line.unwrap())).collect();
        assert_eq!(
            found,
            vec![
                (Severity::Warning, Code::ResultsDisagree, (4, 11)),
                (Severity::Warning, Code::ResultsDisagree, (5, 11)),
                (Severity::Warning, Code::UnknownStartNumber, (6, 11)),
            ],
            "{d:#?}"
        );
        assert!(d[0].message.contains("a game against No 2 there (\"1\"): the game counts"), "{}", d[0].message);
        assert!(d[1].message.contains("a bye (\"-\") there"), "{}", d[1].message);
        assert_eq!(
            outcomes(&g),
            vec![
                (1, 1, Some(2), Outcome::Played { white_score: 1.0 }),
                (1, 3, None, Outcome::Bye { points: 0.5 }),
                (2, 1, None, Outcome::Bye { points: 0.5 }),
                (2, 2, None, Outcome::Bye { points: 0.0 }),
            ],
            "the game counts; No 3's blank round takes the record's bye; No 1's repeats his line"
        );
    }

    /// A TRF26 310 team line: number at 5-7, members from position 74, 5 apart.
    fn team(no: u32, members: &[u32]) -> String {
        let members: Vec<String> = members.iter().map(|m| format!("{m:>4}")).collect();
        format!(
            "310 {no:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}",
            format!("Team {no}"),
            "T",
            "0",
            "0.0",
            "0.0",
            no,
            members.join(" ")
        )
    }

    #[test]
    fn in_a_team_event_240_records_name_teams() {
        // Team 1 (Nos 1, 2) has a bye in round 2; team 2 (Nos 3, 4) played round 1.
        let (trf, g, d) = read(&[
            line(1, "1.0", &["   3 w 1", "0000 - -"]),
            line(2, "0.5", &["   4 b =", "0000 - -"]),
            line(3, "0.0", &["   1 b 0", "        "]),
            line(4, "0.5", &["   2 w =", "        "]),
            team(1, &[1, 2]),
            team(2, &[3, 4]),
            "240 F   2    1".to_string(),
            "240 H   1    2".to_string(),
            "240 H   1    7".to_string(),
        ]);
        assert_eq!(trf.team_lines.len(), 2);
        assert_eq!(trf.team_lines[1].members, vec![3, 4]);
        let found: Vec<(Severity, (u32, u32))> = d.iter().map(|d| (d.severity, d.location.line.unwrap())).collect();
        assert_eq!(
            found,
            vec![(Severity::Warning, (8, 11)), (Severity::Warning, (8, 11)), (Severity::Warning, (9, 11))]
        );
        assert!(d[0].message.contains("team 2 (line 6)") && d[0].message.contains("member No 3"), "{}", d[0].message);
        assert!(d[1].message.contains("member No 4"), "{}", d[1].message);
        assert!(d[2].message.contains("team 7 has no 310 line"), "{}", d[2].message);
        assert_eq!(g.iter().filter(|g| g.black.is_some()).count(), 2, "both games count");
        assert_eq!(g.iter().filter(|g| g.black.is_none()).count(), 2, "Nos 1 and 2's own 0000 - -, nothing added");
    }

    #[test]
    fn a_round_paired_without_any_result_is_a_warning_and_not_rated() {
        let (_, g, d) = read(&[
            line(1, "1.0", &["   2 w 1", "   3 b  ", "0000 - U"]),
            line(2, "0.0", &["   1 b 0", "   4 w  "]),
            line(3, "0.0", &["   4 w 0", "   1 w  "]),
            line(4, "1.0", &["   3 b 1", "   2 b  "]),
        ]);
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!(
            (d[0].severity, d[0].code, d[0].location.line),
            (Severity::Warning, Code::BadResult, Some((1, 102)))
        );
        assert!(d[0].message.contains("round 2 is paired (2 boards) but has no results"), "{}", d[0].message);
        assert!(g.iter().all(|g| g.round.value != 2), "{:?}", outcomes(&g));
        assert_eq!(g.len(), 3, "round 1's two games and the round-3 bye");
        // One game without a result among games with results stays an error.
        let (_, _, d) = read(&[
            line(1, "1.0", &["   2 w 1", "   3 b  "]),
            line(2, "1.0", &["   1 b 0", "   4 w 1"]),
            line(3, "1.0", &["   4 w 1", "   1 w  "]),
            line(4, "0.0", &["   3 b 0", "   2 b 0"]),
        ]);
        let errors: Vec<(Code, (u32, u32))> =
            d.iter().filter(|d| d.is_error()).map(|d| (d.code, d.location.line.unwrap())).collect();
        assert_eq!(errors, vec![(Code::BadResult, (1, 109))], "{d:#?}");
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
