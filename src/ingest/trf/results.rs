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
use crate::model::results::{self, Meaning, Notation};
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
    /// What a result code says of a pairing, as the result table reads it;
    /// `None` for a bye's code and a code that is not one.
    fn of(result: char) -> Option<Side> {
        let by_score = |p: f64, [win, draw, loss]: [Side; 3]| {
            if p >= 1.0 {
                win
            } else if p > 0.0 {
                draw
            } else {
                loss
            }
        };
        Some(match results::read(Notation::Trf, result.encode_utf8(&mut [0; 4]))? {
            Meaning::Played(p) => by_score(p, [Side::Win, Side::Draw, Side::Loss]),
            Meaning::PlayedUnrated(p) => by_score(p, [Side::UnratedWin, Side::UnratedDraw, Side::UnratedLoss]),
            Meaning::Forfeit(p, _) => by_score(p, [Side::ForfeitWin, Side::ForfeitWin, Side::ForfeitLoss]),
            Meaning::Unplayed => Side::None,
            Meaning::Bye(_) | Meaning::Dash => return None,
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
    let meaning = results::read(Notation::Trf, f.result.encode_utf8(&mut [0; 4]));
    match (f.opponent, meaning) {
        (Opponent::Blank, Some(Meaning::Unplayed)) if f.colour != '-' => Field::Nothing,
        (Opponent::Player(n), m) if !matches!(m, Some(Meaning::Bye(_))) => {
            Field::Pairing(n, Side::of(f.result).unwrap_or(Side::None))
        }
        (_, Some(Meaning::Bye(Some(points)))) => {
            let units = if points >= 1.0 {
                s.win
            } else if points > 0.0 {
                s.draw
            } else {
                s.absent
            };
            Field::Bye(ByeValue::Known(points, units))
        }
        (_, Some(Meaning::Bye(None))) => Field::Bye(ByeValue::Allocated),
        (_, m) => Field::Bye(match m.and_then(|_| Side::of(f.result)) {
            Some(side) if side != Side::None => ByeValue::Known(side.points(), side.units(s)),
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
#[path = "results_tests.rs"]
mod tests;
