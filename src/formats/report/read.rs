//! Reads one tournament report workbook (sheets `Event`, `Players`, and
//! `Games` or `Crosstable`) into a [`RawReport`]: typed values with the cell
//! each came from, and a diagnostic for every cell that cannot be read.
//! Consistency between cells (unknown start numbers, crosstable rows that
//! disagree…) is checked later, by `validate`.

use std::path::Path;

use super::{crosstable, event, games, players};
use super::{CrossCell, Located, RawCrosstable, RawEntrant, RawEvent, RawGame, RawPairing, RawReport, RawResults};
use crate::diag::{Code, Diagnostic, Location};
use crate::formats::sheet::{clip, Header, Sheet, Workbook};
use crate::model::results::{self, Meaning, Notation};
use crate::model::{EventKind, Gender, Outcome};

/// Reads a report workbook. `None` when the file cannot be used at all (the
/// diagnostics say why); otherwise the report with every cell problem listed.
pub fn read_report(path: &Path, file: &str) -> (Option<RawReport>, Vec<Diagnostic>) {
    read_opened(Workbook::open(path, file))
}

/// [`read_report`] of a report's bytes (a copy the record holds), named `file`.
pub fn read_report_bytes(bytes: &[u8], file: &str) -> (Option<RawReport>, Vec<Diagnostic>) {
    read_opened(Workbook::from_bytes(bytes, file))
}

fn read_opened(opened: Result<Workbook, Diagnostic>) -> (Option<RawReport>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let workbook = match opened {
        Ok(w) => w,
        Err(d) => return (None, vec![d]),
    };
    diagnostics.extend(workbook.findings.iter().cloned());
    let report = read_workbook(&workbook, &mut diagnostics);
    (report, diagnostics)
}

/// Reads a report from an open workbook.
pub fn read_workbook(workbook: &Workbook, diagnostics: &mut Vec<Diagnostic>) -> Option<RawReport> {
    let file = workbook.file.as_str();
    let missing = |name: &str, what: &str| {
        Diagnostic::error(Code::MissingSheet, Location::file(file), format!("the report has no sheet \"{name}\""))
            .with_hint(format!("{what} (sheets found: {})", workbook.sheet_names().join(", ")))
    };
    let event_sheet = workbook.sheet("Event");
    let players_sheet = workbook.sheet("Players");
    let games_sheet = workbook.sheet("Games");
    let cross_sheet = workbook.sheet("Crosstable");
    if event_sheet.is_none() {
        diagnostics.push(missing("Event", "add an Event sheet with the fields in column A and values in column B"));
    }
    if players_sheet.is_none() {
        diagnostics.push(missing("Players", "add a Players sheet: No, ID, Surname, First names, …"));
    }
    let results_sheet = match (games_sheet, cross_sheet) {
        (Some(_), Some(_)) => {
            diagnostics.push(
                Diagnostic::error(
                    Code::AmbiguousResults,
                    Location::file(file),
                    "the report has both a Games and a Crosstable sheet",
                )
                .with_hint("keep exactly one of them: Games for pairings, Crosstable for round robins"),
            );
            None
        }
        (None, None) => {
            diagnostics.push(missing("Games", "add a Games sheet (Round, White, Black, Result) or a Crosstable sheet"));
            None
        }
        (g, c) => g.or(c),
    };
    // Read whatever is there, so one run reports every problem of the file.
    let event = event_sheet.map(|s| read_event(s, diagnostics));
    let players = players_sheet.map(|s| read_players(s, diagnostics));
    let mut unread = Vec::new();
    let results = match results_sheet {
        Some(s) if games_sheet.is_some() => Some(RawResults::Games(read_games(s, &mut unread, diagnostics))),
        Some(s) => read_crosstable(s, diagnostics).map(RawResults::Crosstable),
        None => None,
    };
    let (event, players, results) = (event?, players?, results?);
    Some(RawReport { file: file.to_string(), event, players, results, unread })
}

fn keep<T>(diagnostics: &mut Vec<Diagnostic>, r: Result<T, Diagnostic>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(d) => {
            diagnostics.push(d);
            None
        }
    }
}

fn read_event(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> RawEvent {
    let (r0, r1) = sheet.row_span();
    let (c0, _) = sheet.col_span();
    let field_row = |names: &[&str]| -> Option<u32> {
        let wanted: Vec<String> = names.iter().map(|n| crate::model::names::normalise(n)).collect();
        (r0..r1)
            .find(|&r| sheet.text(r, c0).map(|t| wanted.contains(&crate::model::names::normalise(&t))).unwrap_or(false))
    };
    let value_col = c0 + 1;
    fields_twice(sheet, diagnostics);
    let required = |names: &[&str], diagnostics: &mut Vec<Diagnostic>| -> Option<u32> {
        let row = field_row(names);
        let present = row.and_then(|r| sheet.text(r, value_col)).is_some();
        if !present {
            let at = match row {
                Some(r) => sheet.location(r, value_col),
                None => sheet.sheet_location(),
            };
            diagnostics.push(
                Diagnostic::error(Code::MissingField, at, format!("the event's {} is missing", names[0]))
                    .with_hint(format!("put \"{}\" in column A and its value in column B", names[0])),
            );
            return None;
        }
        row
    };
    let text_field = |row: Option<u32>| row.and_then(|r| sheet.text(r, value_col).map(|v| (r, v)));
    let code = text_field(required(event::CODE, diagnostics))
        .map(|(r, v)| Located { value: v, at: sheet.location(r, value_col) });
    let name = text_field(required(event::NAME, diagnostics)).map(|(_, v)| v);
    let state = text_field(required(event::STATE, diagnostics))
        .map(|(r, v)| Located { value: v.to_ascii_uppercase(), at: sheet.location(r, value_col) });
    let date_field = |names: &[&str], diagnostics: &mut Vec<Diagnostic>| {
        let r = required(names, diagnostics)?;
        let d = sheet.date_kept(r, value_col, names[0], diagnostics)?;
        Some(Located { value: d, at: sheet.location(r, value_col) })
    };
    let start = date_field(event::START, diagnostics);
    let end = date_field(event::END, diagnostics);
    let rounds = required(event::ROUNDS, diagnostics).and_then(|r| {
        let n = keep(diagnostics, sheet.whole(r, value_col, "Rounds"))??;
        if n == 0 || n > 1000 {
            diagnostics.push(
                Diagnostic::error(
                    Code::BadNumber,
                    sheet.location(r, value_col),
                    format!("Rounds must be 1 to 1000, not {n}"),
                )
                .with_hint("the number of rounds played"),
            );
            return None;
        }
        Some(Located { value: n as u32, at: sheet.location(r, value_col) })
    });
    let time_control = text_field(required(event::TIME_CONTROL, diagnostics))
        .map(|(r, v)| Located { value: v, at: sheet.location(r, value_col) });
    let kind = match text_field(field_row(event::TYPE)) {
        None => EventKind::Swiss,
        Some((r, v)) => EventKind::parse(&v).unwrap_or_else(|| {
            diagnostics.push(
                Diagnostic::error(
                    Code::BadValue,
                    sheet.location(r, value_col),
                    format!("unknown event type \"{}\"", clip(&v)),
                )
                .with_hint("use swiss, round robin, match, team or other (blank means swiss)"),
            );
            EventKind::Other
        }),
    };
    let flag = |names: &[&str], default: bool, diagnostics: &mut Vec<Diagnostic>| match field_row(names) {
        None => Located { value: default, at: sheet.sheet_location() },
        Some(r) => Located {
            value: keep(diagnostics, sheet.yes_no(r, value_col, names[0], default)).unwrap_or(default),
            at: sheet.location(r, value_col),
        },
    };
    let handicap = flag(event::HANDICAP, false, diagnostics);
    let fixed_opening = flag(event::FIXED_OPENING, false, diagnostics);
    let approved = flag(event::APPROVED, true, diagnostics);
    let federation_event = flag(event::FEDERATION_EVENT, true, diagnostics);
    let submitted = field_row(event::SUBMITTED).and_then(|r| sheet.date_kept(r, value_col, "Submitted", diagnostics));
    RawEvent {
        code,
        name,
        state,
        start,
        end,
        rounds,
        time_control,
        kind,
        handicap,
        fixed_opening,
        approved,
        federation_event,
        submitted,
        at: sheet.sheet_location(),
    }
}

/// The start number in a row's No cell; a blank or zero one is an error.
fn start_number(
    sheet: &Sheet,
    row: u32,
    col: u32,
    diagnostics: &mut Vec<Diagnostic>,
    missing: &str,
    hint: &str,
) -> Option<u32> {
    match keep(diagnostics, sheet.whole(row, col, "No"))? {
        Some(n) if n >= 1 && n <= u32::MAX as u64 => Some(n as u32),
        _ => {
            diagnostics.push(Diagnostic::error(Code::MissingField, sheet.location(row, col), missing).with_hint(hint));
            None
        }
    }
}

/// Errors for an Event field given twice in column A, in any spelling
/// (`State` and `state`, `End` and `Finish`): only the first would be read.
fn fields_twice(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) {
    let (r0, r1) = sheet.row_span();
    let (c0, _) = sheet.col_span();
    let mut seen: Vec<(&[&str], u32, String)> = Vec::new();
    for row in r0..r1 {
        let Some(text) = sheet.text(row, c0) else { continue };
        let name = crate::model::names::normalise(&text);
        let Some(names) =
            event::ALL.into_iter().find(|names| names.iter().any(|n| crate::model::names::normalise(n) == name))
        else {
            continue;
        };
        match seen.iter().find(|(known, _, _)| std::ptr::eq(*known, names)) {
            Some((_, first_row, first)) => diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateField,
                    sheet.location(row, c0),
                    format!(
                        "the field \"{}\" is given twice: \"{first}\" in {} and \"{}\" in {}; ratebook cannot tell which to read",
                        names[0],
                        crate::diag::a1(*first_row, c0),
                        text.trim(),
                        crate::diag::a1(row, c0)
                    ),
                )
                .with_hint("remove one of the two rows"),
            ),
            None => seen.push((names, row, text.trim().to_string())),
        }
    }
}

fn read_players(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> Vec<RawEntrant> {
    let Some(header) = Header::find(sheet) else {
        diagnostics.push(
            Diagnostic::error(Code::MissingColumn, sheet.sheet_location(), "the Players sheet is empty").with_hint(
                "the first row names the columns: No, ID, Surname, First names, Gender, Birth date, State, Club",
            ),
        );
        return Vec::new();
    };
    header.twice(sheet, &players::ALL, diagnostics);
    let no_col = keep(diagnostics, header.require(sheet, players::NO));
    let surname_col = keep(diagnostics, header.require(sheet, players::SURNAME));
    let (Some(no_col), Some(surname_col)) = (no_col, surname_col) else { return Vec::new() };
    let id_col = header.column(players::ID);
    let first_col = header.column(players::FIRST_NAMES);
    let gender_col = header.column(players::GENDER);
    let birth_col = header.column(players::BIRTH_DATE);
    let state_col = header.column(players::STATE);
    let club_col = header.column(players::CLUB);
    let (_, r1) = sheet.row_span();
    let mut players = Vec::new();
    for row in header.row + 1..r1 {
        if sheet.row_is_blank(row) {
            continue;
        }
        let Some(no) = start_number(
            sheet,
            row,
            no_col,
            diagnostics,
            "a player has no start number",
            "number the players 1, 2, 3, … in the No column",
        ) else {
            continue;
        };
        // `new` in the ID cell: a player new to the list, whatever his name
        // (a namesake of someone in the player file).
        let declared_new =
            id_col.and_then(|c| sheet.text(row, c)).is_some_and(|t| t.trim().eq_ignore_ascii_case(players::NEW_PLAYER));
        let id_col = id_col.filter(|_| !declared_new);
        let id = id_col.and_then(|c| keep(diagnostics, sheet.whole(row, c, "ID")).flatten()).and_then(|id| {
            u32::try_from(id).ok().or_else(|| {
                diagnostics.push(Diagnostic::error(
                    Code::BadNumber,
                    sheet.location(row, id_col.unwrap()),
                    format!("ID {id} is too large"),
                ));
                None
            })
        });
        let surname = match sheet.text(row, surname_col) {
            Some(s) => s,
            None => {
                diagnostics.push(
                    Diagnostic::error(
                        Code::MissingField,
                        sheet.location(row, surname_col),
                        format!("player No {no} has no surname"),
                    )
                    .with_hint("fill in the player's surname")
                    .in_group("players with no surname", format!("No {no}")),
                );
                String::new()
            }
        };
        let gender = gender_col.and_then(|c| {
            let text = sheet.text(row, c)?;
            Gender::parse(&text).or_else(|| {
                diagnostics.push(
                    Diagnostic::error(
                        Code::BadValue,
                        sheet.location(row, c),
                        format!("gender must be M or F, not \"{}\"", clip(&text)),
                    )
                    .with_hint("write M, F, or leave it blank"),
                );
                None
            })
        });
        players.push(RawEntrant {
            no,
            id,
            surname,
            first_names: first_col.and_then(|c| sheet.text(row, c)).unwrap_or_default(),
            gender,
            birth_date: birth_col.and_then(|c| sheet.date_kept(row, c, "Birth date", diagnostics)),
            state: state_col.and_then(|c| sheet.text(row, c)).map(|s| s.to_ascii_uppercase()),
            club: club_col.and_then(|c| sheet.text(row, c)),
            no_at: sheet.location(row, no_col),
            id_at: sheet.location(row, header.column(players::ID).unwrap_or(no_col)),
            name_at: sheet.location(row, surname_col),
            state_at: sheet.location(row, state_col.unwrap_or(surname_col)),
            declared_new,
        });
    }
    players
}

/// A result token of the Games sheet, for a pairing (`paired`) or a bye row.
pub fn parse_result(token: &str, paired: bool) -> Option<Outcome> {
    let notation = if paired { Notation::Pairing } else { Notation::ByeRow };
    match results::read(notation, token)? {
        Meaning::Played(white_score) => Some(Outcome::Played { white_score }),
        Meaning::Forfeit(white_points, black_points) => Some(Outcome::Forfeit { white_points, black_points }),
        Meaning::Bye(Some(points)) => Some(Outcome::Bye { points }),
        _ => None,
    }
}

/// The rows of the Games sheet that are games; the rows that are not (a
/// number or the result that cannot be read) go to `unread` with what could
/// be read of them.
fn read_games(sheet: &Sheet, unread: &mut Vec<RawPairing>, diagnostics: &mut Vec<Diagnostic>) -> Vec<RawGame> {
    let Some(header) = Header::find(sheet) else {
        diagnostics.push(
            Diagnostic::error(Code::MissingColumn, sheet.sheet_location(), "the Games sheet is empty")
                .with_hint("the first row names the columns: Round, White, Black, Result"),
        );
        return Vec::new();
    };
    header.twice(sheet, &games::ALL, diagnostics);
    let cols: Vec<Option<u32>> = [games::ROUND, games::WHITE, games::BLACK, games::RESULT]
        .iter()
        .map(|n| keep(diagnostics, header.require(sheet, n)))
        .collect();
    let [Some(round_col), Some(white_col), Some(black_col), Some(result_col)] = cols[..] else { return Vec::new() };
    let remarks_col = header.column(games::REMARKS);
    let (_, r1) = sheet.row_span();
    let mut games = Vec::new();
    for row in header.row + 1..r1 {
        if sheet.row_is_blank(row) {
            continue;
        }
        let mut ok = true;
        let mut number = |col: u32, what: &str, diagnostics: &mut Vec<Diagnostic>| -> Option<u32> {
            match keep(diagnostics, sheet.whole(row, col, what)) {
                Some(Some(n)) if n <= u32::MAX as u64 => Some(n as u32),
                Some(_) => None,
                None => {
                    ok = false;
                    None
                }
            }
        };
        let round = number(round_col, "Round", diagnostics);
        let white = number(white_col, "White", diagnostics);
        let black = number(black_col, "Black", diagnostics);
        let token = sheet.text(row, result_col);
        let located = |n: Option<u32>, col: u32| n.map(|value| Located { value, at: sheet.location(row, col) });
        let pairing = RawPairing {
            round: located(round, round_col),
            white: located(white, white_col),
            black: located(black, black_col),
            numbers_read: ok,
        };
        if !ok {
            unread.push(pairing);
            continue;
        }
        if round.is_none() {
            diagnostics.push(
                Diagnostic::error(Code::MissingField, sheet.location(row, round_col), "the round is missing")
                    .with_hint("write the round number on every row of the Games sheet (a number written once above a block of rows, or in merged cells, leaves the rows below it blank)"),
            );
        }
        if white.is_none() {
            diagnostics.push(
                Diagnostic::error(
                    Code::MissingField,
                    sheet.location(row, white_col),
                    "White's start number is missing",
                )
                .with_hint("fill in White (Black stays blank only for a bye)"),
            );
        }
        let (Some(round), Some(white)) = (round, white) else {
            unread.push(pairing);
            continue;
        };
        let result_at = sheet.location(row, result_col);
        let outcome = match &token {
            None => {
                diagnostics.push(Diagnostic::error(Code::BadResult, result_at, "the result is missing").with_hint(
                    if black.is_some() {
                        format!(
                            "write {}, or {} for games not played",
                            results::listed(results::played(Notation::Pairing), None),
                            results::listed(results::forfeits(Notation::Pairing), None)
                        )
                    } else {
                        format!("a bye row's result is {}", results::either(results::tokens(Notation::ByeRow)))
                    },
                ));
                unread.push(pairing);
                continue;
            }
            Some(t) => match parse_result(t, black.is_some()) {
                Some(o) => o,
                None => {
                    let (played, forfeits) = (results::played(Notation::Pairing), results::forfeits(Notation::Pairing));
                    let hint = if looks_like_a_date(t) {
                        "the spreadsheet turned what was typed into a date (it reads 1-2 or 1/2 as a day and month): \
                         format the Result column as Text, type the result again, and save"
                            .to_string()
                    } else if black.is_some() {
                        if parse_result(t, false).is_some() {
                            format!(
                                "this looks like a bye's points, but Black is filled in: write {}, or {}",
                                results::listed(played, None),
                                results::listed(forfeits, None)
                            )
                        } else {
                            format!(
                                "write {}, or {}",
                                results::listed(played, Some("also")),
                                results::listed(forfeits, Some("also"))
                            )
                        }
                    } else {
                        format!(
                            "Black is blank, so this is a bye: write {} (or fill in Black)",
                            results::either(results::tokens(Notation::ByeRow))
                        )
                    };
                    diagnostics.push(
                        Diagnostic::error(Code::BadResult, result_at, format!("\"{}\" is not a result", clip(t)))
                            .with_hint(hint),
                    );
                    unread.push(pairing);
                    continue;
                }
            },
        };
        games.push(RawGame {
            round: Located { value: round, at: sheet.location(row, round_col) },
            white: Located { value: white, at: sheet.location(row, white_col) },
            black: black.map(|b| Located { value: b, at: sheet.location(row, black_col) }),
            outcome: Located { value: outcome, at: result_at },
            remarks: remarks_col
                .and_then(|c| sheet.text(row, c).map(|t| Located { value: t, at: sheet.location(row, c) })),
        });
    }
    games
}

/// Whether a result cell holds a date (a spreadsheet turns `1-2` or
/// `1/2` typed into a cell into a day and month): `1996-01-02`, with or
/// without a time.
fn looks_like_a_date(text: &str) -> bool {
    let day = text.trim().split([' ', 'T']).next().unwrap_or_default();
    chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_ok()
}

/// A crosstable cell token.
pub fn parse_cross_cell(token: Option<&str>) -> Option<CrossCell> {
    let Some(token) = token else { return Some(CrossCell::Unplayed) };
    Some(match results::read(Notation::Crosstable, token)? {
        Meaning::Played(score) => CrossCell::Played(score),
        Meaning::Forfeit(own, _) if own > 0.0 => CrossCell::ForfeitWin,
        Meaning::Forfeit(..) => CrossCell::ForfeitLoss,
        Meaning::Dash => CrossCell::Dash,
        Meaning::Unplayed => CrossCell::Unplayed,
        Meaning::PlayedUnrated(_) | Meaning::Bye(_) => return None,
    })
}

fn read_crosstable(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> Option<RawCrosstable> {
    let Some(header) = Header::find(sheet) else {
        diagnostics.push(
            Diagnostic::error(Code::MissingColumn, sheet.sheet_location(), "the Crosstable sheet is empty")
                .with_hint("the first row is No, Name, 1, 2, 3, …, Total"),
        );
        return None;
    };
    header.twice(sheet, &[crosstable::NO, crosstable::NAME, crosstable::TOTAL], diagnostics);
    let no_col = keep(diagnostics, header.require(sheet, crosstable::NO))?;
    let total_col = header.column(crosstable::TOTAL);
    // Result columns: headers that are whole numbers.
    let columns: Vec<(u32, u32)> =
        header.names.iter().filter_map(|(c, name)| name.trim().parse::<u32>().ok().map(|n| (*c, n))).collect();
    if columns.is_empty() {
        diagnostics.push(
            Diagnostic::error(
                Code::MissingColumn,
                sheet.location(header.row, no_col),
                "the crosstable has no result columns",
            )
            .with_hint("after No and Name, head one column per start number: 1, 2, 3, …"),
        );
        return None;
    }
    let (_, r1) = sheet.row_span();
    let mut table = RawCrosstable {
        numbers: Vec::new(),
        columns: columns.iter().map(|(_, n)| *n).collect(),
        cells: Vec::new(),
        totals: Vec::new(),
    };
    for row in header.row + 1..r1 {
        if sheet.row_is_blank(row) {
            continue;
        }
        let Some(no) = start_number(
            sheet,
            row,
            no_col,
            diagnostics,
            "a crosstable row has no start number",
            "put the player's start number in the No column",
        ) else {
            continue;
        };
        let mut cells = Vec::with_capacity(columns.len());
        for &(c, _) in &columns {
            let text = sheet.text(row, c);
            let at = sheet.location(row, c);
            let cell = match parse_cross_cell(text.as_deref()) {
                Some(cell) => cell,
                None => {
                    diagnostics.push(
                        Diagnostic::error(Code::BadResult, at.clone(), format!("\"{}\" is not a crosstable result", clip(text.as_deref().unwrap_or(""))))
                            .with_hint("write 1, ½ (or 0.5, =) or 0; 1* / 0* (or + / -) for games won or lost without play; x or blank when not played"),
                    );
                    CrossCell::Unplayed
                }
            };
            cells.push(Located { value: cell, at });
        }
        let total = total_col.and_then(|c| {
            keep(diagnostics, sheet.number(row, c, "Total"))
                .flatten()
                .map(|v| Located { value: v, at: sheet.location(row, c) })
        });
        table.numbers.push(Located { value: no, at: sheet.location(row, no_col) });
        table.cells.push(cells);
        table.totals.push(total);
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_alias_of_data_format_md() {
        let played = |s| parse_result(s, true);
        for t in ["1-0", " 1 - 0 "] {
            assert_eq!(played(t), Some(Outcome::Played { white_score: 1.0 }));
        }
        assert_eq!(played("0-1"), Some(Outcome::Played { white_score: 0.0 }));
        for t in ["½-½", "1/2-1/2", "0.5-0.5", "=-="] {
            assert_eq!(played(t), Some(Outcome::Played { white_score: 0.5 }), "{t}");
        }
        for t in ["1F-0F", "+-"] {
            assert_eq!(played(t), Some(Outcome::Forfeit { white_points: 1.0, black_points: 0.0 }));
        }
        for t in ["0F-1F", "-+"] {
            assert_eq!(played(t), Some(Outcome::Forfeit { white_points: 0.0, black_points: 1.0 }));
        }
        for t in ["0F-0F", "--"] {
            assert_eq!(played(t), Some(Outcome::Forfeit { white_points: 0.0, black_points: 0.0 }));
        }
        assert_eq!(parse_result("bye", false), Some(Outcome::Bye { points: 0.0 }));
        assert_eq!(parse_result("1", false), Some(Outcome::Bye { points: 1.0 }));
        assert_eq!(parse_result("½", false), Some(Outcome::Bye { points: 0.5 }));
        assert_eq!(parse_result("0", false), Some(Outcome::Bye { points: 0.0 }));
        for bad in ["2-0", "1-1", "win", "", "1", "bye"] {
            assert_eq!(played(bad), None, "{bad}");
        }
        assert_eq!(parse_result("1-0", false), None);
    }

    #[test]
    fn a_result_a_spreadsheet_made_a_date_is_recognised() {
        assert!(looks_like_a_date("1996-01-02"));
        assert!(looks_like_a_date("1996-01-02 00:00:00"));
        assert!(looks_like_a_date("1996-01-02T00:00:00"));
        for not_a_date in ["1-0", "½-½", "1/2-1/2", "1996", "win"] {
            assert!(!looks_like_a_date(not_a_date), "{not_a_date}");
        }
    }

    #[test]
    fn crosstable_tokens() {
        assert_eq!(parse_cross_cell(Some("½")), Some(CrossCell::Played(0.5)));
        assert_eq!(parse_cross_cell(Some("=")), Some(CrossCell::Played(0.5)));
        assert_eq!(parse_cross_cell(Some("1*")), Some(CrossCell::ForfeitWin));
        assert_eq!(parse_cross_cell(Some("0*")), Some(CrossCell::ForfeitLoss));
        assert_eq!(parse_cross_cell(Some("+")), Some(CrossCell::ForfeitWin));
        assert_eq!(parse_cross_cell(Some("-")), Some(CrossCell::Dash));
        assert_eq!(parse_cross_cell(Some("X")), Some(CrossCell::Unplayed));
        assert_eq!(parse_cross_cell(None), Some(CrossCell::Unplayed));
        assert_eq!(parse_cross_cell(Some("2")), None);
    }
}
