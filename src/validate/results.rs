//! Consistency of an event's results: start numbers that exist, rounds in
//! range, nobody twice in a round, crosstables whose two halves agree and whose
//! totals add up. Turns either layout into one list of pairings.

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic, Location};
use crate::formats::report::{CrossCell, Located, RawCrosstable, RawGame, RawResults};
use crate::model::Outcome;

/// A pairing between entrants, by their index in the report's Players sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct EntrantGame {
    /// `None` for crosstable games, which carry no round.
    pub round: Option<u32>,
    pub white: usize,
    pub black: Option<usize>,
    pub outcome: Outcome,
    /// The Games sheet's `Remarks`, lower-cased (e.g. "adjudicated").
    pub remarks: Option<String>,
}

/// Checks the results against the entrants (start numbers → index) and
/// returns the pairings; every problem goes to `diagnostics`.
pub fn check_results(
    results: &RawResults,
    entrants: &HashMap<u32, usize>,
    rounds: Option<u32>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<EntrantGame> {
    match results {
        RawResults::Games(games) => check_games(games, entrants, rounds, diagnostics),
        RawResults::Crosstable(table) => check_crosstable(table, entrants, diagnostics),
    }
}

fn unknown_number(no: u32, at: &Location) -> Diagnostic {
    Diagnostic::error(Code::UnknownStartNumber, at.clone(), format!("start number {no} is not on the Players sheet"))
        .with_hint("use the No of a player listed on the Players sheet, or add the player there")
}

fn check_games(
    games: &[RawGame],
    entrants: &HashMap<u32, usize>,
    rounds: Option<u32>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<EntrantGame> {
    let mut out = Vec::with_capacity(games.len());
    let mut seen: HashMap<(u32, usize), &Location> = HashMap::with_capacity(2 * games.len());
    for g in games {
        let mut ok = true;
        if let Some(r) = rounds {
            if g.round.value == 0 || g.round.value > r {
                diagnostics.push(
                    Diagnostic::error(
                        Code::RoundOutOfRange,
                        g.round.at.clone(),
                        format!("round {} is outside 1 to {r}", g.round.value),
                    )
                    .with_hint(format!("the Event sheet says the event had {r} rounds")),
                );
                ok = false;
            }
        }
        let white = entrants.get(&g.white.value).copied();
        if white.is_none() {
            diagnostics.push(unknown_number(g.white.value, &g.white.at));
            ok = false;
        }
        let black = match &g.black {
            None => None,
            Some(b) => match entrants.get(&b.value) {
                Some(&i) => Some(i),
                None => {
                    diagnostics.push(unknown_number(b.value, &b.at));
                    ok = false;
                    None
                }
            },
        };
        if let (Some(w), Some(b)) = (white, black) {
            if w == b {
                diagnostics.push(
                    Diagnostic::error(
                        Code::BadValue,
                        g.black.as_ref().unwrap().at.clone(),
                        format!("player {} is paired with himself", g.white.value),
                    )
                    .with_hint("White and Black must be two different start numbers"),
                );
                ok = false;
            }
        }
        if !ok {
            continue;
        }
        let white = white.unwrap();
        for (idx, no, at) in [
            (Some(white), g.white.value, &g.white.at),
            (black, g.black.as_ref().map_or(0, |b| b.value), g.black.as_ref().map_or(&g.white.at, |b| &b.at)),
        ] {
            let Some(idx) = idx else { continue };
            if let Some(first) = seen.get(&(g.round.value, idx)) {
                diagnostics.push(
                    Diagnostic::error(
                        Code::PlayerTwiceInRound,
                        at.clone(),
                        format!(
                            "player {no} plays twice in round {} (also at {})",
                            g.round.value,
                            first.cell.as_deref().unwrap_or("?")
                        ),
                    )
                    .with_hint("each player has at most one game or bye a round: check the round and start numbers"),
                );
                ok = false;
            } else {
                seen.insert((g.round.value, idx), at);
            }
        }
        if ok {
            out.push(EntrantGame {
                round: Some(g.round.value),
                white,
                black,
                outcome: g.outcome.value,
                remarks: g.remarks.as_ref().map(|r| r.value.trim().to_lowercase()),
            });
        }
    }
    out
}

fn cell_text(c: CrossCell) -> &'static str {
    match c {
        CrossCell::Played(v) if v >= 1.0 => "1",
        CrossCell::Played(v) if v <= 0.0 => "0",
        CrossCell::Played(_) => "½",
        CrossCell::ForfeitWin => "1*",
        CrossCell::ForfeitLoss => "0*",
        CrossCell::Dash => "-",
        CrossCell::Unplayed => "x",
    }
}

fn check_crosstable(
    table: &RawCrosstable,
    entrants: &HashMap<u32, usize>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<EntrantGame> {
    let mut out = Vec::new();
    let mut row_of: HashMap<u32, usize> = HashMap::new();
    for (i, no) in table.numbers.iter().enumerate() {
        if !entrants.contains_key(&no.value) {
            diagnostics.push(unknown_number(no.value, &no.at));
        } else if row_of.insert(no.value, i).is_some() {
            diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateStartNumber,
                    no.at.clone(),
                    format!("start number {} has two rows", no.value),
                )
                .with_hint("each player has one row in the crosstable"),
            );
        }
    }
    let mut col_of: HashMap<u32, usize> = HashMap::new();
    let sheet_at = table.numbers.first().map(|n| Location { cell: None, ..n.at.clone() }).unwrap_or_default();
    for (j, &no) in table.columns.iter().enumerate() {
        if !entrants.contains_key(&no) {
            diagnostics.push(
                Diagnostic::error(
                    Code::UnknownStartNumber,
                    sheet_at.clone(),
                    format!("column \"{no}\" is not a start number on the Players sheet"),
                )
                .with_hint("head one column per player, by start number"),
            );
        } else {
            col_of.entry(no).or_insert(j);
        }
    }
    let mut numbers: Vec<u32> = entrants.keys().copied().collect();
    numbers.sort_unstable();
    for &no in &numbers {
        if !row_of.contains_key(&no) {
            diagnostics.push(
                Diagnostic::error(
                    Code::MissingField,
                    sheet_at.clone(),
                    format!("player No {no} has no row in the crosstable"),
                )
                .with_hint("add a row for every player on the Players sheet"),
            );
        }
        if !col_of.contains_key(&no) {
            diagnostics.push(
                Diagnostic::error(
                    Code::MissingField,
                    sheet_at.clone(),
                    format!("player No {no} has no column in the crosstable"),
                )
                .with_hint("add a column headed by every player's start number"),
            );
        }
    }
    let cell =
        |a: u32, b: u32| -> Option<&Located<CrossCell>> { Some(&table.cells[*row_of.get(&a)?][*col_of.get(&b)?]) };
    for (ai, &a) in numbers.iter().enumerate() {
        if let Some(c) = cell(a, a) {
            if !matches!(c.value, CrossCell::Unplayed | CrossCell::Dash) {
                diagnostics.push(
                    Diagnostic::error(
                        Code::CrosstableMismatch,
                        c.at.clone(),
                        format!("player {a} has a result against himself"),
                    )
                    .with_hint("the diagonal holds x, - or nothing"),
                );
            }
        }
        for &b in &numbers[ai + 1..] {
            let (Some(x), Some(y)) = (cell(a, b), cell(b, a)) else { continue };
            use CrossCell::*;
            let game = match (x.value, y.value) {
                (Played(p), Played(q)) if (p + q - 1.0).abs() < 1e-9 => Some(Outcome::Played { white_score: p }),
                (ForfeitWin, ForfeitLoss | Dash) => Some(Outcome::Forfeit { white_points: 1.0, black_points: 0.0 }),
                (ForfeitLoss | Dash, ForfeitWin) => Some(Outcome::Forfeit { white_points: 0.0, black_points: 1.0 }),
                (ForfeitLoss, ForfeitLoss) => Some(Outcome::Forfeit { white_points: 0.0, black_points: 0.0 }),
                (Unplayed | Dash, Unplayed | Dash) => None,
                _ => {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::CrosstableMismatch,
                            y.at.clone(),
                            format!(
                                "row {a} gives {} against {b} (cell {}), but row {b} gives {} against {a}",
                                cell_text(x.value),
                                x.at.cell.as_deref().unwrap_or("?"),
                                cell_text(y.value)
                            ),
                        )
                        .with_hint("the two cells must agree: 1 with 0, ½ with ½, 1* with 0*, x with x"),
                    );
                    None
                }
            };
            if let Some(outcome) = game {
                out.push(EntrantGame {
                    round: None,
                    white: entrants[&a],
                    black: Some(entrants[&b]),
                    outcome,
                    remarks: None,
                });
            }
        }
    }
    for (i, no) in table.numbers.iter().enumerate() {
        let Some(total) = &table.totals[i] else { continue };
        let points: f64 = table.cells[i]
            .iter()
            .enumerate()
            .filter(|(j, _)| table.columns[*j] != no.value)
            .map(|(_, c)| match c.value {
                CrossCell::Played(v) => v,
                CrossCell::ForfeitWin => 1.0,
                _ => 0.0,
            })
            .sum();
        if (points - total.value).abs() > 1e-9 {
            diagnostics.push(
                Diagnostic::error(
                    Code::CrosstableTotal,
                    total.at.clone(),
                    format!(
                        "Total is {} but row {}'s results add up to {}",
                        fmt_points(total.value),
                        no.value,
                        fmt_points(points)
                    ),
                )
                .with_hint("correct the Total or the result that is wrong"),
            );
        }
    }
    out
}

/// Points as people write them: 4, 4½.
pub fn fmt_points(p: f64) -> String {
    let whole = p.trunc();
    if (p - whole).abs() < 1e-9 {
        format!("{whole}")
    } else if (p - whole - 0.5).abs() < 1e-9 {
        if whole == 0.0 {
            "½".to_string()
        } else {
            format!("{whole}½")
        }
    } else {
        format!("{p}")
    }
}
