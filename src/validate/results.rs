//! Consistency of an event's results: start numbers that exist, rounds in
//! range, nobody twice in a round, nobody without a game in a round (where
//! everybody plays every round), crosstables whose two halves agree and whose
//! totals add up. Turns either layout into one list of pairings.

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic, Location};
use crate::formats::report::{CrossCell, Located, RawCrosstable, RawGame, RawPairing, RawReport, RawResults};
use crate::model::results::{self, Meaning, Notation};
use crate::model::{EventKind, Outcome};

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

/// Checks a report's results against its entrants (start numbers → index)
/// and returns the pairings; every problem goes to `diagnostics`. Rows of
/// the Games sheet that could not be read as games still count in the
/// checks between rows, so that one run finds every mistake.
pub fn check_results(
    report: &RawReport,
    entrants: &HashMap<u32, usize>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<EntrantGame> {
    let rounds = report.event.rounds.as_ref().map(|r| r.value);
    match &report.results {
        RawResults::Games(games) => {
            let rows = rows(games, &report.unread);
            let out = check_games(&rows, entrants, rounds, diagnostics);
            check_attendance(report, &rows, entrants, rounds, diagnostics);
            out
        }
        RawResults::Crosstable(table) => check_crosstable(table, entrants, diagnostics),
    }
}

fn unknown_number(no: u32, at: &Location) -> Diagnostic {
    Diagnostic::error(Code::UnknownStartNumber, at.clone(), format!("start number {no} is not on the Players sheet"))
        .with_hint("use the No of a player listed on the Players sheet, or add the player there")
}

/// A row of the results: a game as read, or a row that could not be read
/// as one (with what could be read of it).
struct Row<'a> {
    round: Option<&'a Located<u32>>,
    white: Option<&'a Located<u32>>,
    black: Option<&'a Located<u32>>,
    /// Whether its start numbers could be read (a blank Black is a bye).
    numbers_read: bool,
    game: Option<&'a RawGame>,
}

/// The games and the unread rows together, in the order of the sheet.
fn rows<'a>(games: &'a [RawGame], unread: &'a [RawPairing]) -> Vec<Row<'a>> {
    let mut rows: Vec<Row> = games
        .iter()
        .map(|g| Row {
            round: Some(&g.round),
            white: Some(&g.white),
            black: g.black.as_ref(),
            numbers_read: true,
            game: Some(g),
        })
        .chain(unread.iter().map(|p| Row {
            round: p.round.as_ref(),
            white: p.white.as_ref(),
            black: p.black.as_ref(),
            numbers_read: p.numbers_read,
            game: None,
        }))
        .collect();
    if !unread.is_empty() {
        rows.sort_by_key(|r| r.round.or(r.white).or(r.black).map(|l| place(&l.at)));
    }
    rows
}

/// The row (or line) of a location, for putting rows back in sheet order.
fn place(at: &Location) -> u64 {
    if let Some((line, _)) = at.line {
        return line as u64;
    }
    at.cell
        .as_deref()
        .map(|c| c.trim_start_matches(|ch: char| ch.is_ascii_alphabetic()))
        .and_then(|r| r.parse().ok())
        .unwrap_or(0)
}

fn check_games(
    rows: &[Row],
    entrants: &HashMap<u32, usize>,
    rounds: Option<u32>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<EntrantGame> {
    let mut out = Vec::with_capacity(rows.len());
    let mut seen: HashMap<(u32, usize), &Location> = HashMap::with_capacity(2 * rows.len());
    // Each pairing's first row, by round and the two players.
    let mut pairings: HashMap<(u32, usize, usize), &Location> = HashMap::with_capacity(rows.len());
    for row in rows {
        let mut ok = true;
        let mut round = row.round.map(|r| r.value);
        if let (Some(r), Some(n)) = (row.round, rounds) {
            if r.value == 0 || r.value > n {
                diagnostics.push(
                    Diagnostic::error(
                        Code::RoundOutOfRange,
                        r.at.clone(),
                        format!("round {} is outside 1 to {n}", r.value),
                    )
                    .with_hint(format!("the Event sheet says the event had {n} rounds")),
                );
                ok = false;
                round = None;
            }
        }
        let mut entrant = |no: Option<&Located<u32>>, diagnostics: &mut Vec<Diagnostic>| -> Option<usize> {
            let no = no?;
            let found = entrants.get(&no.value).copied();
            if found.is_none() {
                diagnostics.push(unknown_number(no.value, &no.at));
                ok = false;
            }
            found
        };
        let white = entrant(row.white, diagnostics);
        let mut black = entrant(row.black, diagnostics);
        if let (Some(w), Some(b), Some(at)) = (white, black, row.black) {
            if w == b {
                black = None;
                diagnostics.push(
                    Diagnostic::error(
                        Code::BadValue,
                        at.at.clone(),
                        format!("player {} is paired with himself", at.value),
                    )
                    .with_hint("White and Black must be two different start numbers"),
                );
                ok = false;
            }
        }
        // A row typed twice is one mistake, at the second row, naming both.
        if let (Some(round), Some(w), Some(b), Some(at)) = (round, white, black, row.round) {
            let pair = (round, w.min(b), w.max(b));
            // (A pairing program's export names each game on both players'
            // lines: the same line twice is no row typed twice.)
            if let Some(first) = pairings.get(&pair).filter(|first| place(first) != place(&at.at)) {
                let (wn, bn) = (row.white.map_or(0, |n| n.value), row.black.map_or(0, |n| n.value));
                let message = format!(
                    "the game of round {round} between No {} and No {} is entered twice ({} {} and {})",
                    wn.min(bn),
                    wn.max(bn),
                    if at.at.line.is_some() { "lines" } else { "rows" },
                    place(first),
                    place(&at.at)
                );
                diagnostics.push(
                    Diagnostic::error(Code::DuplicateGame, at.at.clone(), message)
                        .with_hint("delete one of the two rows (or correct its round or start numbers)"),
                );
                continue;
            }
            pairings.insert(pair, &at.at);
        }
        // A player twice in a round is found whatever else is wrong with the rows.
        if let Some(round) = round {
            for (idx, no) in [(white, row.white), (black, row.black)] {
                let (Some(idx), Some(no)) = (idx, no) else { continue };
                if let Some(first) = seen.get(&(round, idx)) {
                    if place(first) == place(&no.at) {
                        // The same mention read twice (a TRF line that two
                        // lines of one start number name): one finding, theirs.
                        ok = false;
                        continue;
                    }
                    diagnostics.push(
                        Diagnostic::error(
                            Code::PlayerTwiceInRound,
                            no.at.clone(),
                            format!("player {} plays twice in round {round} (also at {})", no.value, where_also(first)),
                        )
                        .with_hint(
                            "each player has at most one game or bye a round: check the round and start numbers",
                        ),
                    );
                    ok = false;
                } else {
                    seen.insert((round, idx), &no.at);
                }
            }
        }
        let (Some(g), Some(white), true) = (row.game, white, ok) else { continue };
        out.push(EntrantGame {
            round: Some(g.round.value),
            white,
            black,
            outcome: g.outcome.value,
            remarks: g.remarks.as_ref().map(|r| r.value.trim().to_lowercase()),
        });
    }
    out
}

/// A player who has no game, forfeit or bye in a round of an event where
/// everybody plays every round (a Swiss or a match; a round robin allows the
/// rounds an odd number of players makes each sit out) is a warning naming
/// him and the rounds: one warning for a player missing from some round on
/// (he withdrew, perhaps). A round without any game is one warning. Only
/// pairings typed into a Games sheet are checked (a pairing program's TRF
/// export records absences itself), and a round only when every row of it
/// could be read.
fn check_attendance(
    report: &RawReport,
    rows: &[Row],
    entrants: &HashMap<u32, usize>,
    rounds: Option<u32>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let typed = rows.iter().filter_map(|r| r.round.or(r.white)).all(|l| l.at.sheet.is_some());
    if !typed {
        return;
    }
    let n = report.players.len();
    let allowed = match report.event.kind {
        EventKind::Swiss | EventKind::Match => 0,
        EventKind::RoundRobin if n % 2 == 1 => rounds.unwrap_or(n as u32).div_ceil(n as u32),
        EventKind::RoundRobin => 0,
        EventKind::Team | EventKind::Other => return,
    };
    let last = rounds.or_else(|| rows.iter().filter_map(|r| r.round.map(|l| l.value)).max()).unwrap_or(0);
    let mut played: HashMap<usize, Vec<bool>> = HashMap::new();
    let mut entered = vec![false; last as usize];
    // Players in a row whose round could not be read, and rounds with a row
    // whose players could not be read: nobody knows who played when.
    let mut unsure: Vec<usize> = Vec::new();
    let mut unsure_rounds: Vec<u32> = Vec::new();
    for row in rows {
        let players: Vec<usize> =
            [row.white, row.black].into_iter().flatten().filter_map(|no| entrants.get(&no.value).copied()).collect();
        match row.round.map(|r| r.value) {
            Some(r) if r >= 1 && r <= last => {
                entered[r as usize - 1] = true;
                for &p in &players {
                    played.entry(p).or_insert_with(|| vec![false; last as usize])[r as usize - 1] = true;
                }
                if row.white.is_none() || !row.numbers_read {
                    unsure_rounds.push(r);
                }
            }
            _ => unsure.extend(players),
        }
    }
    let empty: Vec<u32> = (1..=last).filter(|&r| !entered[r as usize - 1]).collect();
    if empty.len() as u32 == last {
        return;
    }
    if !empty.is_empty() {
        let (at, said) = match &report.event.rounds {
            Some(r) => (r.at.clone(), format!(", but the Event sheet says the event had {last} rounds")),
            None => (Location::sheet(&report.file, "Games"), String::new()),
        };
        let (what, verb) = if empty.len() == 1 { (rounds_list(&empty), "has") } else { (rounds_list(&empty), "have") };
        diagnostics.push(
            Diagnostic::warning(Code::MissingGame, at, format!("{what} {verb} no games on the Games sheet{said}"))
                .with_hint("enter the games of every round, or correct Rounds on the Event sheet"),
        );
    }
    let mut numbered: Vec<(u32, usize)> = entrants.iter().map(|(&no, &i)| (no, i)).collect();
    numbered.sort_unstable();
    for (no, i) in numbered {
        if unsure.contains(&i) {
            continue;
        }
        let rounds_played = played.get(&i);
        let missing: Vec<u32> = (1..=last)
            .filter(|&r| {
                !rounds_played.is_some_and(|p| p[r as usize - 1]) && !unsure_rounds.contains(&r) && !empty.contains(&r)
            })
            .collect();
        if missing.is_empty() || missing.len() as u32 <= allowed {
            continue;
        }
        let e = &report.players[i];
        let name =
            if e.first_names.is_empty() { e.surname.clone() } else { format!("{}, {}", e.surname, e.first_names) };
        // Missing from some round to the last: withdrew, perhaps.
        let entered_last = (1..=last).rev().find(|r| !empty.contains(r)).unwrap_or(last);
        let mut from = entered_last + 1;
        while from > 1 && (missing.contains(&(from - 1)) || empty.contains(&(from - 1))) {
            from -= 1;
        }
        let gaps: Vec<u32> = missing.iter().copied().filter(|&r| r < from).collect();
        let (what, hint) = if from == 1 {
            (
                "no game or bye in any round".to_string(),
                "add the player's games, or take the player off the Players sheet if the player did not play"
                    .to_string(),
            )
        } else {
            let mut parts = Vec::new();
            if !gaps.is_empty() {
                parts.push(format!("in {}", rounds_list(&gaps)));
            }
            if from < entered_last {
                parts.push(format!("from round {from} on"));
            } else if from == entered_last {
                parts.push(format!("in the last round, round {from}"));
            }
            let hint = if gaps.is_empty() {
                "if the player withdrew, nothing needs changing; otherwise add the player's games, forfeits or byes"
                    .to_string()
            } else {
                format!(
                    "add the missing game or forfeit, or a bye row (Black blank; result {}) for a round the player sat out",
                    results::either(results::tokens(Notation::ByeRow))
                )
            };
            (format!("no game or bye {}", parts.join(" and ")), hint)
        };
        diagnostics.push(
            Diagnostic::warning(Code::MissingGame, e.no_at.clone(), format!("No {no} {name} has {what}"))
                .with_hint(hint)
                .in_group(format!("players with {what}"), format!("No {no} {name}")),
        );
    }
}

/// "round 3", "rounds 2 and 4", "rounds 2, 4 and 6".
fn rounds_list(rounds: &[u32]) -> String {
    let numbers: Vec<String> = rounds.iter().map(|r| r.to_string()).collect();
    match numbers.as_slice() {
        [one] => format!("round {one}"),
        [init @ .., last] => format!("rounds {} and {last}", init.join(", ")),
        [] => String::new(),
    }
}

fn cell_text(c: CrossCell) -> &'static str {
    let meaning = match c {
        CrossCell::Played(v) if v >= 1.0 => Meaning::Played(1.0),
        CrossCell::Played(v) if v <= 0.0 => Meaning::Played(0.0),
        CrossCell::Played(_) => Meaning::Played(0.5),
        CrossCell::ForfeitWin => Meaning::Forfeit(1.0, 0.0),
        CrossCell::ForfeitLoss => Meaning::Forfeit(0.0, 1.0),
        CrossCell::Dash => Meaning::Dash,
        CrossCell::Unplayed => Meaning::Unplayed,
    };
    results::token(Notation::Crosstable, meaning).unwrap_or("?")
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
                                "row {a} gives {} against {b} ({}), but row {b} gives {} against {a}",
                                cell_text(x.value),
                                where_also(&x.at),
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

/// Where another finding's value is, shortly: "cell D7", "line 12, column 5".
pub(super) fn where_also(at: &Location) -> String {
    match (&at.cell, at.line) {
        (Some(cell), _) => format!("cell {cell}"),
        (None, Some((line, column))) => format!("line {line}, column {column}"),
        _ => at.to_string(),
    }
}
