//! The player file (data-format.md): its columns, read from `players.xlsx`
//! (`.ods`, `.xls`, sheet `Players`, or `players.csv`) into a [`PlayerFile`]
//! and written back as the next period's `players.xlsx`. Columns ratebook does
//! not know are carried from the old file into the new one unchanged. The
//! writer streams rows in constant memory, so 200,000 players cost no more
//! memory than twenty, and stamps the document with the publication date so
//! two runs give the same bytes.

use std::path::Path;

use calamine::Data;
use chrono::NaiveDate;
use rust_xlsxwriter::{Format, Worksheet, XlsxError};

use super::cells::{extra_value, keep};
use super::sheet::{Header, Sheet, Workbook};
use crate::diag::{Code, Diagnostic, Location};
use crate::model::names::{likely_duplicates, normalise};
use crate::model::words::{self, Words};
use crate::model::{FileOrigin, Gender, Player, PlayerFile, Status};

/// The columns ratebook knows, in the order it writes them, with their
/// widths in characters (data-format.md's names).
pub const COLUMNS: [(&str, f64); 14] = [
    ("ID", 8.0),
    ("Surname", 22.0),
    ("First names", 22.0),
    ("Gender", 7.0),
    ("Birth date", 11.0),
    ("State", 6.0),
    ("Club", 24.0),
    ("Rating", 9.0),
    ("Status", 11.0),
    ("Games", 7.0),
    ("Score", 7.0),
    ("Opp avg", 9.0),
    ("Last played", 11.0),
    ("FIDE ID", 10.0),
];

/// Columns ratebook writes for the reader's sake and ignores when it reads
/// the file back: `Change`, the rating's change since the list before.
pub const DERIVED: [(&str, f64); 1] = [("Change", 8.0)];

/// Another name read for a column of [`COLUMNS`].
const ALIASES: [(&str, &str); 1] = [("First name", "First names")];

/// Reads the player file; problems in rows are collected, and a row with an
/// error is still kept when it has an ID and a surname (so no player is lost).
pub fn read_player_file(path: &Path, file: &str) -> (PlayerFile, Vec<Diagnostic>) {
    read_player_workbook(Workbook::open(path, file), file, &[])
}

/// [`read_player_file`] from the file's bytes (a copy the record holds).
pub fn read_player_file_bytes(bytes: &[u8], file: &str) -> (PlayerFile, Vec<Diagnostic>) {
    read_player_workbook(Workbook::from_bytes(bytes, file), file, &[])
}

/// [`read_player_file_bytes`] of a federation that keeps the rating lists
/// `lists` beside its main one (their names in period.toml): each player's
/// state on each ([`crate::formats::list_columns`]).
pub fn read_player_file_bytes_with_lists(bytes: &[u8], file: &str, lists: &[String]) -> (PlayerFile, Vec<Diagnostic>) {
    read_player_workbook(Workbook::from_bytes(bytes, file), file, lists)
}

fn read_player_workbook(
    workbook: Result<Workbook, Diagnostic>,
    file: &str,
    lists: &[String],
) -> (PlayerFile, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let workbook = match workbook {
        Ok(w) => w,
        Err(d) => return (PlayerFile::default(), vec![d]),
    };
    diagnostics.extend(workbook.findings.iter().cloned());
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
    let file = read_players_sheet_with_lists(sheet, lists, &mut diagnostics);
    (file, diagnostics)
}

/// Reads a `Players` sheet of the player file layout.
pub fn read_players_sheet(sheet: &Sheet, diagnostics: &mut Vec<Diagnostic>) -> PlayerFile {
    read_players_sheet_with_lists(sheet, &[], diagnostics)
}

/// [`read_players_sheet`] with the columns of the rating lists `lists`.
pub fn read_players_sheet_with_lists(sheet: &Sheet, lists: &[String], diagnostics: &mut Vec<Diagnostic>) -> PlayerFile {
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
    let first_col = col("First names").or_else(|| col(ALIASES[0].0));
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

    let known: Vec<String> = COLUMNS
        .iter()
        .chain(&DERIVED)
        .map(|(k, _)| normalise(k))
        .chain(ALIASES.iter().map(|(alias, _)| normalise(alias)))
        .collect();
    let (found, taken) = super::list_columns::find(sheet, &header, lists, &known, diagnostics);
    let extra: Vec<(u32, String)> =
        header.names.iter().filter(|(c, n)| !known.contains(&normalise(n)) && !taken.contains(c)).cloned().collect();

    check_columns(sheet, &header, &extra, diagnostics);
    let mut out = PlayerFile {
        players: Vec::new(),
        extra_columns: extra.iter().map(|(_, n)| n.clone()).collect(),
        origin: None,
        lists: found.iter().map(super::list_columns::Found::columns).collect(),
    };
    let columns: Vec<(&'static str, u32)> = COLUMNS
        .iter()
        .filter_map(|(name, _)| header.column(&[name]).or_else(|| aliased(&header, name)).map(|c| (*name, c)))
        .collect();
    let (_, r1) = sheet.row_span();
    let mut seen_ids = std::collections::HashMap::new();
    // The players whose row gives no status.
    let mut unstated = Vec::new();
    // Each player's row on the sheet, for findings about him.
    let mut rows = Vec::new();
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
        player.birth_date = birth_col.and_then(|c| sheet.date_kept(row, c, "Birth date", diagnostics));
        player.state = state_col.and_then(|c| sheet.text(row, c)).map(|s| s.to_ascii_uppercase());
        player.club = club_col.and_then(|c| sheet.text(row, c));
        player.rating = rating_col.and_then(|c| keep(diagnostics, sheet.number(row, c, "Rating")));
        player.games = games_col
            .and_then(|c| keep(diagnostics, sheet.whole(row, c, "Games")))
            .map(|g| g.min(u32::MAX as u64) as u32)
            .unwrap_or(0);
        player.score = score_col.and_then(|c| keep(diagnostics, sheet.number(row, c, "Score"))).unwrap_or(0.0);
        player.opp_avg = opp_col.and_then(|c| keep(diagnostics, sheet.number(row, c, "Opp avg")));
        player.last_played = last_col.and_then(|c| sheet.date_kept(row, c, "Last played", diagnostics));
        player.fide_id = fide_col.and_then(|c| keep(diagnostics, sheet.whole(row, c, "FIDE ID")));
        player.status = match status_col.and_then(|c| sheet.text(row, c)) {
            None => {
                unstated.push(out.players.len());
                player.status_from_games()
            }
            Some(text) => match Status::parse(&text) {
                Some(s) => s,
                None => {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::BadValue,
                            sheet.location(row, status_col.unwrap()),
                            format!("status must be new, unrated, provisional or confirmed, not \"{text}\""),
                        )
                        .with_hint(
                            "write one of: new, unrated, provisional, confirmed (or the rule set's own word: established, graded, ungraded, rated)",
                        ),
                    );
                    player.status_from_games()
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
        player.lists = super::list_columns::read_row(sheet, row, id, &found, diagnostics);
        out.players.push(player);
        rows.push(row);
    }
    out.origin = Some(FileOrigin {
        file: sheet.file.clone(),
        sheet: sheet.name.clone(),
        rows: rows.clone(),
        columns,
        id_column: id_col,
        extra_columns: extra.iter().map(|(c, _)| *c).collect(),
        unstated,
    });
    for (a, b, why) in likely_duplicates(&out.players) {
        let (first, second) = (&out.players[a], &out.players[b]);
        diagnostics.push(
            Diagnostic::warning(
                Code::LikelyDuplicate,
                sheet.location(rows[b], id_col),
                format!(
                    "players {} and {} may be one person: {why} (\"{}\" in row {}, \"{}\" here)",
                    first.id,
                    second.id,
                    first.display_name(),
                    rows[a] + 1,
                    second.display_name()
                ),
            )
            .with_hint(
                "if they are one person, keep one row and give the player's reports that ID; if not, fill in both birth dates",
            ),
        );
    }
    out
}

/// The column read for `name` under another name ([`ALIASES`]).
fn aliased(header: &Header, name: &str) -> Option<u32> {
    ALIASES.iter().filter(|(_, known)| *known == name).find_map(|(alias, _)| header.column(&[alias]))
}

/// The columns must carry into the new file as they are: two columns under
/// one name, a column of values without a name, and a column of formulas
/// (whose values the new file would freeze) are errors naming the column.
fn check_columns(sheet: &Sheet, header: &Header, extra: &[(u32, String)], diagnostics: &mut Vec<Diagnostic>) {
    // (By name and by column: a header of many thousand columns is checked
    // in proportion to its width.)
    let mut seen: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
    for (col, name) in &header.names {
        let key = normalise(name);
        let key = ALIASES.iter().find(|(alias, _)| normalise(alias) == key).map_or(key, |(_, known)| normalise(known));
        match seen.get(&key) {
            Some(first) => diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateColumn,
                    sheet.location(header.row, *col),
                    format!(
                        "two columns are headed \"{}\" (columns {} and {}): ratebook cannot tell which to keep",
                        name.trim(),
                        column_letters(*first),
                        column_letters(*col)
                    ),
                )
                .with_hint("rename one of them, or remove the one that is not needed"),
            ),
            None => {
                seen.insert(key, *col);
            }
        }
    }
    let named: std::collections::HashSet<u32> = header.names.iter().map(|(c, _)| *c).collect();
    let (c0, c1) = sheet.col_span();
    let (_, r1) = sheet.row_span();
    for col in c0..c1 {
        if named.contains(&col) {
            continue;
        }
        if let Some(row) = (header.row + 1..r1).find(|&r| !matches!(sheet.get(r, col), Data::Empty)) {
            diagnostics.push(
                Diagnostic::error(
                    Code::MissingColumn,
                    sheet.location(row, col),
                    format!("column {} has values but no heading", column_letters(col)),
                )
                .with_hint(
                    "give the column a heading in the first row (it is carried into the new player file), or clear it",
                ),
            );
        }
    }
    for (col, name) in extra {
        if let Some(row) = sheet.formula_in_column(*col) {
            diagnostics.push(
                Diagnostic::error(
                    Code::BadValue,
                    sheet.location(row, *col),
                    format!(
                        "column \"{}\" holds formulas: the new player file would keep only their values",
                        name.trim()
                    ),
                )
                .with_hint("replace the formulas by their values (copy, then paste values), or remove the column"),
            );
        }
    }
}

/// `A`, `B`, … `AA` for a zero-based column.
fn column_letters(col: u32) -> String {
    let a1 = crate::diag::a1(0, col);
    a1.trim_end_matches(|c: char| c.is_ascii_digit()).to_string()
}

/// Writes `file` to `path` as an xlsx workbook with one sheet, `Players`,
/// its statuses in the ACF's words (which every rule set reads).
/// `published` becomes the document's creation date.
pub fn write_player_file(path: &Path, file: &PlayerFile, published: NaiveDate) -> Result<(), XlsxError> {
    write_player_file_with_changes(path, file, published, None, &words::ACF)
}

/// [`write_player_file`], the statuses in `words`, with the [`DERIVED`]
/// column `Change` when `changes` (aligned with the players) is given: the
/// published rating minus the one before, where both are published.
pub fn write_player_file_with_changes(
    path: &Path,
    file: &PlayerFile,
    published: NaiveDate,
    changes: Option<&[Option<f64>]>,
    words: &Words,
) -> Result<(), XlsxError> {
    crate::formats::workbook::save(&mut player_workbook(file, published, changes, words)?, path)
}

/// The bytes [`write_player_file`] writes.
pub fn player_file_bytes(file: &PlayerFile, published: NaiveDate) -> Result<Vec<u8>, XlsxError> {
    player_workbook(file, published, None, &words::ACF)?.save_to_buffer()
}

fn player_workbook(
    file: &PlayerFile,
    published: NaiveDate,
    changes: Option<&[Option<f64>]>,
    words: &Words,
) -> Result<rust_xlsxwriter::Workbook, XlsxError> {
    let mut workbook = crate::formats::workbook::new_workbook(published);
    let bold = Format::new().set_bold();
    let date = Format::new().set_num_format("yyyy-mm-dd");

    let sheet = workbook.add_worksheet_with_constant_memory()?;
    sheet.set_name("Players")?;
    for (col, (name, width)) in COLUMNS.iter().enumerate() {
        sheet.set_column_width(col as u16, *width)?;
        sheet.write_string_with_format(0, col as u16, *name, &bold)?;
    }
    let derived = if changes.is_some() { DERIVED.len() } else { 0 };
    if changes.is_some() {
        for (k, (name, width)) in DERIVED.iter().enumerate() {
            let col = (COLUMNS.len() + k) as u16;
            sheet.set_column_width(col, *width)?;
            sheet.write_string_with_format(0, col, *name, &bold)?;
        }
    }
    for (k, name) in file.extra_columns.iter().enumerate() {
        let col = (COLUMNS.len() + derived + k) as u16;
        sheet.set_column_width(col, (name.chars().count() as f64 + 2.0).max(12.0))?;
        sheet.write_string_with_format(0, col, name, &bold)?;
    }
    // Each other rating list's columns after the file's own.
    let lists_from = (COLUMNS.len() + derived + file.extra_columns.len()) as u16;
    super::list_columns::write_headings(sheet, &file.lists, lists_from, &bold)?;
    sheet.set_freeze_panes(1, 0)?;

    let whole = Format::new().set_num_format("+0;-0;0");
    for (i, player) in file.players.iter().enumerate() {
        let row = i as u32 + 1;
        write_row(sheet, row, player, &date, derived as u16, words)?;
        super::list_columns::write_row(sheet, row, player, &file.lists, lists_from, &date, &words::ACF)?;
        if let Some(change) = changes.and_then(|c| c.get(i).copied().flatten()) {
            sheet.write_number_with_format(row, COLUMNS.len() as u16, change, &whole)?;
        }
    }
    Ok(workbook)
}

/// Writes one player's row.
fn write_row(
    sheet: &mut Worksheet,
    row: u32,
    p: &Player,
    date: &Format,
    derived: u16,
    words: &Words,
) -> Result<(), XlsxError> {
    sheet.write_number(row, 0, p.id)?;
    sheet.write_string(row, 1, &p.surname)?;
    text(sheet, row, 2, &p.first_names)?;
    if let Some(g) = p.gender {
        sheet.write_string(row, 3, g.as_str())?;
    }
    if let Some(d) = p.birth_date {
        sheet.write_date_with_format(row, 4, d, date)?;
    }
    if let Some(s) = &p.state {
        text(sheet, row, 5, s)?;
    }
    if let Some(c) = &p.club {
        text(sheet, row, 6, c)?;
    }
    if let Some(r) = p.rating {
        sheet.write_number(row, 7, r)?;
    }
    sheet.write_string(row, 8, words.status(p.status))?;
    sheet.write_number(row, 9, p.games)?;
    sheet.write_number(row, 10, p.score)?;
    if let Some(a) = p.opp_avg {
        sheet.write_number(row, 11, a)?;
    }
    if let Some(d) = p.last_played {
        sheet.write_date_with_format(row, 12, d, date)?;
    }
    if let Some(f) = p.fide_id {
        sheet.write_number(row, 13, f as f64)?;
    }
    for (k, value) in p.extra.iter().enumerate() {
        crate::formats::workbook::write_value(sheet, row, COLUMNS.len() as u16 + derived + k as u16, value, date)?;
    }
    Ok(())
}

/// Writes a text cell, leaving the cell blank for an empty string.
fn text(sheet: &mut Worksheet, row: u32, col: u16, value: &str) -> Result<(), XlsxError> {
    if !value.is_empty() {
        sheet.write_string(row, col, value)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ExtraValue, Gender, Status};

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn sample() -> PlayerFile {
        let mut a = Player::new(3001, "Đorđević", "Zoë");
        a.gender = Some(Gender::Female);
        a.birth_date = Some(date(1979, 2, 28));
        a.state = Some("V".into());
        a.club = Some("Box Hill".into());
        a.rating = Some(1511.55);
        a.status = Status::Provisional;
        a.games = 17;
        a.score = 8.5;
        a.opp_avg = Some(1498.3);
        a.last_played = Some(date(1993, 2, 14));
        a.fide_id = Some(3_200_123);
        a.extra = vec![ExtraValue::Text("zoe@example.com".into()), ExtraValue::Bool(true)];
        let mut b = Player::new(3004, "Smith", "");
        b.extra = vec![ExtraValue::Empty, ExtraValue::Date(date(1990, 1, 1))];
        PlayerFile {
            players: vec![a, b],
            extra_columns: vec!["Email".into(), "Paid".into()],
            origin: None,
            lists: Vec::new(),
        }
    }

    #[test]
    fn player_file_bytes_are_identical_from_run_to_run() {
        let dir = tempfile::tempdir().unwrap();
        let (one, two) = (dir.path().join("one.xlsx"), dir.path().join("two.xlsx"));
        write_player_file(&one, &sample(), date(1993, 8, 1)).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1100));
        write_player_file(&two, &sample(), date(1993, 8, 1)).unwrap();
        assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    }

    #[test]
    fn player_file_has_the_columns_in_order_and_typed_cells() {
        use calamine::{open_workbook_auto, Data, Reader};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("players.xlsx");
        write_player_file(&path, &sample(), date(1993, 8, 1)).unwrap();
        let mut wb = open_workbook_auto(&path).unwrap();
        assert_eq!(wb.sheet_names(), vec!["Players".to_string()]);
        let range = wb.worksheet_range("Players").unwrap();
        let header: Vec<String> = range.rows().next().unwrap().iter().map(|c| c.to_string()).collect();
        let mut expected: Vec<&str> = COLUMNS.iter().map(|c| c.0).collect();
        expected.extend(["Email", "Paid"]);
        assert_eq!(header, expected);
        let row: Vec<&Data> = range.rows().nth(1).unwrap().iter().collect();
        assert_eq!(row[0], &Data::Float(3001.0));
        assert_eq!(row[1], &Data::String("Đorđević".into()));
        assert!(matches!(row[4], Data::DateTime(_)), "{:?}", row[4]);
        assert_eq!(row[7], &Data::Float(1511.55));
        assert_eq!(row[8], &Data::String("provisional".into()));
        assert_eq!(row[11], &Data::Float(1498.3));
        assert_eq!(row[15], &Data::Bool(true));
        let second: Vec<&Data> = range.rows().nth(2).unwrap().iter().collect();
        assert_eq!(second[2], &Data::Empty);
        assert_eq!(second[7], &Data::Empty);
        assert_eq!(second[10], &Data::Float(0.0));
        assert!(matches!(second[15], Data::DateTime(_)));
    }
}
