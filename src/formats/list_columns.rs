//! The player file's columns of the rating lists beside the main one: each
//! list's state under its name (`Rapid rating`, `Rapid status`, `Rapid
//! games`, `Rapid score`, `Rapid opp avg`, `Rapid last played`) and its
//! rule set's own columns (`Rapid K`, `Rapid RD` …), read into each
//! player's [`ListState`] and written back after the main list's columns.
//! A file without any of a list's columns starts that list (every player
//! new to it, a note says so); a file with some of them and not others is
//! an error naming the missing ones.

use rust_xlsxwriter::{Format, Worksheet, XlsxError};

use super::cells::{extra_value, keep};
use super::sheet::{Header, Sheet};
use crate::diag::{Code, Diagnostic};
use crate::model::lists::{list_title, ListColumns, ListState, STATE_COLUMNS};
use crate::model::names::normalise;
use crate::model::words::Words;
use crate::model::{Player, Status};

/// The columns ratebook writes under a list's name for the reader and
/// ignores when it reads them back.
const DERIVED: [&str; 1] = ["Change"];

/// One list's columns as the header holds them.
pub(super) struct Found {
    columns: ListColumns,
    /// The sheet column of each of [`STATE_COLUMNS`], where present.
    state: [Option<u32>; 6],
    /// The sheet column of each of the list's own columns.
    extra: Vec<u32>,
}

impl Found {
    /// The list's columns, as the file holds them.
    pub(super) fn columns(&self) -> ListColumns {
        self.columns.clone()
    }
}

/// Finds the columns of the lists `names` in the header: every heading
/// that starts with a list's title (the longest title that fits, so that
/// `quick` and `quick_play` can both be lists). Returns each list's columns
/// and the sheet columns they take (which are then no extra columns of
/// the file); the notes and errors of a list with none or some of them go
/// to `diagnostics`. A heading in `known` (the main list's and the file's
/// own columns, normalised) is never a list's.
pub(super) fn find(
    sheet: &Sheet,
    header: &Header,
    names: &[String],
    known: &[String],
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Found>, Vec<u32>) {
    let titles: Vec<Vec<String>> =
        names.iter().map(|n| normalise(&list_title(n)).split(' ').map(str::to_string).collect()).collect();
    let state: Vec<String> = STATE_COLUMNS.iter().map(|c| normalise(c)).collect();
    let mut found: Vec<Found> =
        names.iter().map(|n| Found { columns: ListColumns::new(n), state: [None; 6], extra: Vec::new() }).collect();
    let mut taken = Vec::new();
    for (col, heading) in &header.names {
        let words: Vec<&str> = heading.split_whitespace().collect();
        let key = normalise(heading);
        if known.contains(&key) {
            continue;
        }
        let key_words: Vec<&str> = key.split(' ').collect();
        let owner = titles
            .iter()
            .enumerate()
            .filter(|(_, t)| key_words.len() > t.len() && key_words[..t.len()] == t[..])
            .max_by_key(|(_, t)| t.len());
        let Some((k, title)) = owner else { continue };
        taken.push(*col);
        let rest = key_words[title.len()..].join(" ");
        if DERIVED.iter().any(|d| normalise(d) == rest) {
            continue;
        }
        match state.iter().position(|s| *s == rest) {
            Some(i) => found[k].state[i] = Some(*col),
            None => {
                // The rule set's own column, named as the rule set names it
                // (`Rapid pool` is its `Pool`).
                let name = words.get(title.len()..).map(|w| w.join(" ")).unwrap_or(rest);
                let mut chars = name.chars();
                let name: String = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
                found[k].columns.extra_columns.push(name);
                found[k].extra.push(*col);
            }
        }
    }
    for list in &found {
        let headings: Vec<String> = STATE_COLUMNS.iter().map(|c| list.columns.heading(c)).collect();
        let missing: Vec<&str> =
            list.state.iter().zip(&headings).filter(|(c, _)| c.is_none()).map(|(_, h)| h.as_str()).collect();
        let name = &list.columns.name;
        if missing.len() == STATE_COLUMNS.len() && list.extra.is_empty() {
            diagnostics.push(
                Diagnostic::note(
                    Code::MissingColumn,
                    sheet.location(header.row, 0),
                    format!("the player file has no columns of the {name} list ({}): every player is new to it", headings.join(", ")),
                )
                .with_hint(format!(
                    "that is how a list starts (its settings may start a newcomer from the rating a player has on another list); the new player file will have the {name} list's columns"
                )),
            );
        } else if !missing.is_empty() {
            diagnostics.push(
                Diagnostic::error(
                    Code::MissingColumn,
                    sheet.location(header.row, 0),
                    format!(
                        "the player file has some of the {name} list's columns but not {}: a list's state is read from all of them",
                        missing.join(", ")
                    ),
                )
                .with_hint(format!(
                    "add the column{} {} (blank cells are read as no rating, no games), or remove every {name} column to start the list afresh",
                    if missing.len() == 1 { "" } else { "s" },
                    missing.join(", ")
                )),
            );
        }
    }
    (found, taken)
}

/// Reads player `id`'s state on each list from `row`.
pub(super) fn read_row(
    sheet: &Sheet,
    row: u32,
    id: u32,
    found: &[Found],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<ListState> {
    found.iter().map(|list| read_state(sheet, row, id, list, diagnostics)).collect()
}

fn read_state(sheet: &Sheet, row: u32, id: u32, list: &Found, diagnostics: &mut Vec<Diagnostic>) -> ListState {
    let heading = |i: usize| list.columns.heading(STATE_COLUMNS[i]);
    let [rating, status, games, score, opp_avg, last_played] = list.state;
    // (The same player fields the main list reads, so that the status is
    // inferred from games and rating alike.)
    let mut p = Player::new(0, "", "");
    p.rating = rating.and_then(|c| keep(diagnostics, sheet.number(row, c, &heading(0))));
    p.games = games
        .and_then(|c| keep(diagnostics, sheet.whole(row, c, &heading(2))))
        .map(|g| g.min(u32::MAX as u64) as u32)
        .unwrap_or(0);
    p.score = score.and_then(|c| keep(diagnostics, sheet.number(row, c, &heading(3)))).unwrap_or(0.0);
    p.opp_avg = opp_avg.and_then(|c| keep(diagnostics, sheet.number(row, c, &heading(4))));
    p.last_played = last_played.and_then(|c| sheet.date_kept(row, c, &heading(5), diagnostics));
    p.status = match status.and_then(|c| sheet.text(row, c).map(|t| (c, t))) {
        None => p.status_from_games(),
        Some((c, text)) => Status::parse(&text).unwrap_or_else(|| {
            diagnostics.push(
                Diagnostic::error(
                    Code::BadValue,
                    sheet.location(row, c),
                    format!("{} must be new, unrated, provisional or confirmed, not \"{text}\"", heading(1)),
                )
                .with_hint("write one of: new, unrated, provisional, confirmed (or the rule set's own word: established, graded, ungraded, rated)"),
            );
            p.status_from_games()
        }),
    };
    if p.status.is_rated() && p.rating.is_none() {
        diagnostics.push(
            Diagnostic::error(
                Code::MissingField,
                sheet.location(row, rating.or(status).unwrap_or(0)),
                format!(
                    "player {id} is {} on the {} list but has no {}",
                    p.status.as_str(),
                    list.columns.name,
                    heading(0)
                ),
            )
            .with_hint(format!("fill in the {}, or set the {} to unrated", heading(0), heading(1))),
        );
    }
    ListState {
        rating: p.rating,
        status: p.status,
        games: p.games,
        score: p.score,
        opp_avg: p.opp_avg,
        last_played: p.last_played,
        extra: list.extra.iter().map(|c| extra_value(sheet.get(row, *c))).collect(),
    }
}

/// The width of a heading's column.
fn width(heading: &str) -> f64 {
    (heading.chars().count() as f64 + 2.0).max(9.0)
}

/// Writes the headings of the lists' columns from sheet column `first`.
pub(super) fn write_headings(
    sheet: &mut Worksheet,
    lists: &[ListColumns],
    first: u16,
    bold: &Format,
) -> Result<(), XlsxError> {
    let mut col = first;
    for list in lists {
        for heading in list.headings() {
            sheet.set_column_width(col, width(&heading))?;
            sheet.write_string_with_format(0, col, &heading, bold)?;
            col += 1;
        }
    }
    Ok(())
}

/// Writes a player's state on each list from sheet column `first`, its
/// statuses in `words` (a player new to a list, with no state of it, is
/// written new).
pub(super) fn write_row(
    sheet: &mut Worksheet,
    row: u32,
    player: &Player,
    lists: &[ListColumns],
    first: u16,
    date: &Format,
    words: &Words,
) -> Result<(), XlsxError> {
    let mut col = first;
    for (k, list) in lists.iter().enumerate() {
        let new = ListState::new(list.extra_columns.len());
        let state = player.lists.get(k).unwrap_or(&new);
        if let Some(r) = state.rating {
            sheet.write_number(row, col, r)?;
        }
        sheet.write_string(row, col + 1, words.status(state.status))?;
        sheet.write_number(row, col + 2, state.games)?;
        sheet.write_number(row, col + 3, state.score)?;
        if let Some(a) = state.opp_avg {
            sheet.write_number(row, col + 4, a)?;
        }
        if let Some(d) = state.last_played {
            sheet.write_date_with_format(row, col + 5, d, date)?;
        }
        col += STATE_COLUMNS.len() as u16;
        for (i, _) in list.extra_columns.iter().enumerate() {
            if let Some(value) = state.extra.get(i) {
                super::workbook::write_value(sheet, row, col, value, date)?;
            }
            col += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
