//! Reads the player file (`players.xlsx`/`.ods`/`.xls`, sheet `Players`, or
//! `players.csv`) into a [`PlayerFile`], keeping columns ratebook does not
//! know so they can be carried into the new file unchanged.

use std::path::Path;

use calamine::Data;

use super::sheet::{cell_text, Header, Sheet, Workbook};
use crate::diag::{Code, Diagnostic, Location};
use crate::model::names::normalise;
use crate::model::{ExtraValue, Gender, Player, PlayerFile, Status};

/// The columns ratebook knows, by their names in data-format.md.
const KNOWN: [&str; 14] = [
    "ID",
    "Surname",
    "First names",
    "Gender",
    "Birth date",
    "State",
    "Club",
    "Rating",
    "Status",
    "Games",
    "Score",
    "Opp avg",
    "Last played",
    "FIDE ID",
];

/// Reads the player file; problems in rows are collected, and a row with an
/// error is still kept when it has an ID and a surname (so no player is lost).
pub fn read_player_file(path: &Path, file: &str) -> (PlayerFile, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let workbook = match Workbook::open(path, file) {
        Ok(w) => w,
        Err(d) => return (PlayerFile::default(), vec![d]),
    };
    let sheet = match workbook.sheet("Players").or_else(|| (workbook.sheets.len() == 1).then(|| &workbook.sheets[0])) {
        Some(s) => s,
        None => {
            diagnostics.push(
                Diagnostic::error(Code::MissingSheet, Location::file(file), "the player file has no sheet \"Players\"")
                    .with_hint(format!("name the sheet Players (sheets found: {})", workbook.sheet_names().join(", "))),
            );
            return (PlayerFile::default(), diagnostics);
        }
    };
    let file = read_players_sheet(sheet, &mut diagnostics);
    (file, diagnostics)
}

/// Reads a `Players` sheet of the player file layout.
pub fn read_players_sheet(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> PlayerFile {
    let Some(header) = Header::find(sheet) else {
        diagnostics.push(
            Diagnostic::error(Code::MissingColumn, sheet.sheet_location(), "the player file is empty")
                .with_hint("the first row must name the columns: ID, Surname, First names, …"),
        );
        return PlayerFile::default();
    };
    let mut missing = false;
    let mut require = |names: &[&str]| match header.require(sheet, names) {
        Ok(c) => Some(c),
        Err(d) => {
            diagnostics.push(d);
            missing = true;
            None
        }
    };
    let id_col = require(&["ID"]);
    let surname_col = require(&["Surname"]);
    if missing {
        return PlayerFile::default();
    }
    let (id_col, surname_col) = (id_col.unwrap(), surname_col.unwrap());
    let col = |n: &str| header.column(&[n]);
    let first_col = col("First names").or_else(|| col("First name"));
    let gender_col = col("Gender");
    let birth_col = col("Birth date");
    let state_col = col("State");
    let club_col = col("Club");
    let rating_col = col("Rating");
    let status_col = col("Status");
    let games_col = col("Games");
    let score_col = col("Score");
    let opp_col = col("Opp avg");
    let last_col = col("Last played");
    let fide_col = col("FIDE ID");

    let known: Vec<String> = KNOWN.iter().map(|k| normalise(k)).chain([normalise("First name")]).collect();
    let extra: Vec<(u32, String)> =
        header.names.iter().filter(|(_, n)| !known.contains(&normalise(n))).cloned().collect();

    let mut out = PlayerFile { players: Vec::new(), extra_columns: extra.iter().map(|(_, n)| n.clone()).collect() };
    let (_, r1) = sheet.row_span();
    let mut seen_ids = std::collections::HashMap::new();
    for row in header.row + 1..r1 {
        if sheet.row_is_blank(row) {
            continue;
        }
        let id = keep(diagnostics, sheet.whole(row, id_col, "ID"));
        let surname = sheet.text(row, surname_col);
        let Some(id) = id else {
            if sheet.text(row, id_col).is_none() {
                diagnostics.push(
                    Diagnostic::error(
                        Code::MissingField,
                        sheet.location(row, id_col),
                        "a player in the file has no ID",
                    )
                    .with_hint("every player in the player file needs a unique whole-number ID"),
                );
            }
            continue;
        };
        let Ok(id) = u32::try_from(id) else {
            diagnostics.push(Diagnostic::error(
                Code::BadNumber,
                sheet.location(row, id_col),
                format!("ID {id} is too large"),
            ));
            continue;
        };
        if let Some(first_row) = seen_ids.insert(id, row) {
            diagnostics.push(
                Diagnostic::error(
                    Code::DuplicatePlayerId,
                    sheet.location(row, id_col),
                    format!("ID {id} is used twice (also in row {})", first_row + 1),
                )
                .with_hint("each player needs a unique ID; merge the two rows or give one a new ID"),
            );
            continue;
        }
        let Some(surname) = surname else {
            diagnostics.push(
                Diagnostic::error(
                    Code::MissingField,
                    sheet.location(row, surname_col),
                    format!("player {id} has no surname"),
                )
                .with_hint("fill in the player's surname"),
            );
            continue;
        };
        let mut player = Player::new(id, &surname, &first_col.and_then(|c| sheet.text(row, c)).unwrap_or_default());
        if let Some(c) = gender_col {
            if let Some(g) = sheet.text(row, c) {
                match Gender::parse(&g) {
                    Some(g) => player.gender = Some(g),
                    None => diagnostics.push(
                        Diagnostic::error(
                            Code::BadValue,
                            sheet.location(row, c),
                            format!("gender must be M or F, not \"{g}\""),
                        )
                        .with_hint("write M, F, or leave it blank"),
                    ),
                }
            }
        }
        player.birth_date = birth_col.and_then(|c| keep(diagnostics, sheet.date(row, c, "Birth date")));
        player.state = state_col.and_then(|c| sheet.text(row, c)).map(|s| s.to_ascii_uppercase());
        player.club = club_col.and_then(|c| sheet.text(row, c));
        player.rating = rating_col.and_then(|c| keep(diagnostics, sheet.number(row, c, "Rating")));
        player.games = games_col
            .and_then(|c| keep(diagnostics, sheet.whole(row, c, "Games")))
            .map(|g| g.min(u32::MAX as u64) as u32)
            .unwrap_or(0);
        player.score = score_col.and_then(|c| keep(diagnostics, sheet.number(row, c, "Score"))).unwrap_or(0.0);
        player.opp_avg = opp_col.and_then(|c| keep(diagnostics, sheet.number(row, c, "Opp avg")));
        player.last_played = last_col.and_then(|c| keep(diagnostics, sheet.date(row, c, "Last played")));
        player.fide_id = fide_col.and_then(|c| keep(diagnostics, sheet.whole(row, c, "FIDE ID")));
        player.status = match status_col.and_then(|c| sheet.text(row, c)) {
            None => infer_status(&player),
            Some(text) => match Status::parse(&text) {
                Some(s) => s,
                None => {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::BadValue,
                            sheet.location(row, status_col.unwrap()),
                            format!("status must be new, unrated, provisional or confirmed, not \"{text}\""),
                        )
                        .with_hint("write one of: new, unrated, provisional, confirmed"),
                    );
                    infer_status(&player)
                }
            },
        };
        if player.status.is_rated() && player.rating.is_none() {
            let c = rating_col.unwrap_or(id_col);
            diagnostics.push(
                Diagnostic::error(
                    Code::MissingField,
                    sheet.location(row, c),
                    format!("player {id} is {} but has no rating", player.status.as_str()),
                )
                .with_hint("fill in the rating, or set the status to unrated"),
            );
        }
        player.extra = extra.iter().map(|(c, _)| extra_value(sheet.get(row, *c))).collect();
        out.players.push(player);
    }
    out
}

/// A status for a row whose Status cell is blank: from games and rating.
fn infer_status(player: &Player) -> Status {
    match (player.games, player.rating) {
        (0, None) => Status::New,
        (g, Some(_)) if g >= 30 => Status::Confirmed,
        (g, Some(_)) if g >= 9 => Status::Provisional,
        _ => Status::Unrated,
    }
}

/// The value of a cell reader, or `None` with its finding recorded.
fn keep<T>(diagnostics: &mut Vec<Diagnostic>, r: Result<Option<T>, Diagnostic>) -> Option<T> {
    match r {
        Ok(v) => v,
        Err(d) => {
            diagnostics.push(d);
            None
        }
    }
}

fn extra_value(cell: &Data) -> ExtraValue {
    match cell {
        Data::Empty => ExtraValue::Empty,
        Data::Int(i) => ExtraValue::Number(*i as f64),
        Data::Float(f) => ExtraValue::Number(*f),
        Data::Bool(b) => ExtraValue::Bool(*b),
        Data::DateTime(dt) if dt.is_datetime() => match dt.as_datetime() {
            Some(d) => ExtraValue::Date(d.date()),
            None => ExtraValue::Number(dt.as_f64()),
        },
        other => match cell_text(other) {
            Some(t) => ExtraValue::Text(t),
            None => ExtraValue::Empty,
        },
    }
}
