//! `ratings.xlsx`, the officers' workbook: every list of the booklet as a
//! sheet (with IDs), one sheet per state, the events with their
//! dispositions, every calculation (one row per player per event) and the
//! statistics, one sheet per table; the
//! workbooks a rule set publishes beside it; and what every workbook we
//! write shares.

use std::path::Path;

use chrono::NaiveDate;
use rust_xlsxwriter::{Format, Note, Worksheet, XlsxError};

use super::Publication;
use crate::formats::workbook::new_workbook;
use crate::rate::Words;
use crate::rated::lists::{Figure, ListRow};
use crate::statistics::{Cell, StatTable};

/// Excel's last row is 1,048,576: longer sheets continue on "Calculations 2"…
const MAX_ROWS: usize = 1_000_000;

/// A bold header row with the columns' widths; the header stays in view and
/// every column can be filtered (`rows` rows below it).
fn header(sheet: &mut Worksheet, names: &[&str], widths: &[f64], rows: usize) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    for (c, name) in names.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, *name, &bold)?;
        sheet.set_column_width(c as u16, widths.get(c).copied().unwrap_or(12.0))?;
    }
    sheet.set_freeze_panes(1, 0)?;
    sheet.autofilter(0, 0, rows as u32, names.len() as u16 - 1)?;
    Ok(())
}

/// A figure as computed, without the noise of binary fractions
/// (`-0.30000000000000027` → `-0.3`): six decimals are kept.
fn tidy(x: f64) -> f64 {
    let t = (x * 1e6).round() / 1e6;
    if t == 0.0 {
        0.0
    } else {
        t
    }
}

/// A list's sheet: the rating as the lists print it, its number as a number
/// (`1111`) and its mark as text in a column of its own (`p` of `1111p`;
/// `2R` and `Unr` with no number), so that the sheet sorts by the number and
/// filters by the mark; the status; the list's figures (numbers), the name,
/// the ID, the change since the list before (both ratings published) and
/// the rating unrounded. A ranked list has places and states too; the
/// rating's heading is the rule set's word.
fn list_sheet(
    sheet: &mut Worksheet,
    ranked: bool,
    figures: &[Figure],
    rows: &[ListRow],
    words: &Words,
) -> Result<(), XlsxError> {
    let mut names = Vec::new();
    let mut widths = Vec::new();
    if ranked {
        names.push("Place");
        widths.push(7.0);
    }
    names.extend([words.rating_title, "Mark", "Status"]);
    widths.extend([9.0, 7.0, 12.0]);
    names.extend(figures.iter().map(|f| f.heading()));
    widths.extend(figures.iter().map(|_| 9.0));
    if ranked {
        names.push(words.region_title);
        widths.push(7.0);
    }
    let unrounded = format!("{} unrounded", words.rating_title);
    names.extend(["Name", "ID", "Change", &unrounded]);
    widths.extend([34.0, 9.0, 8.0, 12.0]);
    header(sheet, &names, &widths, rows.len())?;
    let two_places = Format::new().set_num_format("0.00");
    for (i, r) in rows.iter().enumerate() {
        let row = i as u32 + 1;
        let mut c = 0u16;
        if ranked {
            if let Some(p) = r.place {
                sheet.write_number(row, c, p)?;
            }
            c += 1;
        }
        if let Some(v) = r.printed_value {
            sheet.write_number(row, c, v as f64)?;
        }
        if !r.mark.is_empty() {
            sheet.write_string(row, c + 1, &r.mark)?;
        }
        sheet.write_string(row, c + 2, words.status(r.status))?;
        c += 3;
        for figure in &r.figures {
            if let Some(v) = figure {
                sheet.write_number(row, c, *v as f64)?;
            }
            c += 1;
        }
        if ranked {
            sheet.write_string(row, c, &r.state)?;
            c += 1;
        }
        sheet.write_string(row, c, &r.name)?;
        sheet.write_number(row, c + 1, r.id)?;
        if let Some(change) = r.change {
            sheet.write_number(row, c + 2, change as f64)?;
        }
        if let Some(v) = r.value {
            sheet.write_number_with_format(row, c + 3, tidy(v), &two_places)?;
        }
    }
    Ok(())
}

/// The sheet names of the state lists: each state's name as Excel allows a
/// sheet name (at most 31 characters, none of `[]:*?/\`), or its code when
/// two would be the same or one would clash with another sheet.
pub fn state_sheet_names(states: &[(String, String, Vec<ListRow>)], taken: &[&str]) -> Vec<String> {
    // Excel counts a name's length in UTF-16 units.
    let fit = |text: &str| -> String {
        let mut units = 0;
        let kept: String = text
            .chars()
            .take_while(|c| {
                units += c.len_utf16();
                units <= 31
            })
            .collect();
        kept.trim().trim_matches('\'').trim().to_string()
    };
    let clean = |name: &str| -> String {
        let kept: String = name
            .chars()
            .filter(|c| !matches!(c, '[' | ']' | ':' | '*' | '?' | '/' | '\\') && !crate::diag::is_control(*c))
            .collect();
        fit(kept.trim().trim_matches('\''))
    };
    let mut used: Vec<String> = taken.iter().map(|t| t.to_lowercase()).collect();
    states
        .iter()
        .enumerate()
        .map(|(k, (code, name, _))| {
            let free = |n: &String| !n.is_empty() && !used.contains(&n.to_lowercase());
            let mut name = [clean(name), clean(code)].into_iter().find(free).unwrap_or_default();
            // Neither is free (a name that is another state's code): numbered.
            let mut n = k + 1;
            while !free(&name) {
                let base: String = clean(code).chars().take(20).collect();
                name = format!("{} {n}", if base.is_empty() { "State" } else { base.as_str() });
                n += 1;
            }
            used.push(name.to_lowercase());
            name
        })
        .collect()
}

/// A statistic's sheet: its headings, then its cells, numbers as numbers
/// (a figure to one decimal, a rating whole), an empty cell left empty.
fn statistic_sheet(sheet: &mut Worksheet, table: &StatTable) -> Result<(), XlsxError> {
    let widths: Vec<f64> = table.columns.iter().map(|c| (c.chars().count() as f64 + 2.0).clamp(9.0, 28.0)).collect();
    let names: Vec<&str> = table.columns.iter().map(String::as_str).collect();
    header(sheet, &names, &widths, table.rows.len())?;
    // What the table counts and which measure ranks it, as the booklet and
    // the site print under its heading: a note on the first heading.
    if !table.note.is_empty() {
        let note = Note::new(&table.note).add_author_prefix(false).set_width(420).set_height(120);
        sheet.insert_note(0, 0, &note)?;
    }
    let one_place = Format::new().set_num_format("0.0");
    for (i, cells) in table.rows.iter().enumerate() {
        let row = i as u32 + 1;
        for (c, cell) in cells.iter().enumerate() {
            let c = c as u16;
            match cell {
                Cell::Empty => {}
                Cell::Count(n) => {
                    sheet.write_number(row, c, *n as f64)?;
                }
                Cell::Rating(r) => {
                    sheet.write_number(row, c, *r as f64)?;
                }
                Cell::Figure(x) => {
                    sheet.write_number_with_format(row, c, *x, &one_place)?;
                }
                Cell::Text(t) => {
                    sheet.write_string(row, c, t)?;
                }
            }
        }
    }
    Ok(())
}

/// Writes the publication's `ratings.xlsx` to `path`.
pub fn write_ratings(publication: &Publication, path: &Path) -> Result<(), XlsxError> {
    let Publication { rated, statistics, .. } = *publication;
    let words = &rated.system().words();
    let (period, ratings, lists) = (&rated.period, &rated.ratings, &rated.lists);
    let mut workbook = new_workbook(period.config.published);
    for table in &lists.ranked {
        let sheet = workbook.add_worksheet();
        sheet.set_name(&table.sheet)?;
        list_sheet(sheet, true, &table.figures, &table.rows, words)?;
    }
    let mut taken: Vec<&str> = lists.ranked.iter().map(|t| t.sheet.as_str()).collect();
    taken.extend(["Events", "Calculations"]);
    taken.extend(statistics.tables.iter().map(|t| t.name.as_str()));
    for ((_, _, rows), name) in lists.states.iter().zip(state_sheet_names(&lists.states, &taken)) {
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(&name)?;
        list_sheet(sheet, false, &lists.state_figures, rows, words)?;
    }

    let date = Format::new().set_num_format("yyyy-mm-dd");
    let players_rated = format!("Players {}", words.rated);
    let rated = capitalised(words.rated);
    let sheet = workbook.add_worksheet();
    sheet.set_name("Events")?;
    header(
        sheet,
        &[
            "Code",
            "Name",
            words.region_title,
            "Start",
            "End",
            "Rounds",
            "Type",
            "Time control",
            "Players",
            "Games played",
            &players_rated,
            &rated,
            "Note",
            "File",
        ],
        &[10.0, 34.0, 6.0, 11.0, 11.0, 7.0, 11.0, 14.0, 8.0, 12.0, 12.0, 7.0, 44.0, 30.0],
        period.events.len(),
    )?;
    let mut rated_players = std::collections::HashMap::<&str, u32>::new();
    for c in &ratings.calculations {
        *rated_players.entry(c.event.as_str()).or_default() += 1;
    }
    for (i, e) in period.events.iter().enumerate() {
        let row = i as u32 + 1;
        sheet.write_string(row, 0, &e.code)?;
        sheet.write_string(row, 1, &e.name)?;
        sheet.write_string(row, 2, &e.state)?;
        if e.start != NaiveDate::MIN {
            sheet.write_datetime_with_format(row, 3, e.start, &date)?;
        }
        if e.end != NaiveDate::MIN {
            sheet.write_datetime_with_format(row, 4, e.end, &date)?;
        }
        sheet.write_number(row, 5, e.rounds)?;
        sheet.write_string(row, 6, e.kind.as_str())?;
        sheet.write_string(row, 7, &e.time_control)?;
        sheet.write_number(row, 8, e.entrants as f64)?;
        sheet.write_number(row, 9, e.games.iter().filter(|g| g.outcome.is_played()).count() as f64)?;
        sheet.write_number(row, 10, rated_players.get(e.code.as_str()).copied().unwrap_or(0))?;
        sheet.write_string(row, 11, if e.disposition.is_rated() { "yes" } else { "no" })?;
        sheet.write_string(row, 12, e.disposition.note())?;
        sheet.write_string(row, 13, &e.file)?;
    }

    // Each player's name and his rating before and after the period.
    let players: std::collections::HashMap<u32, (String, Option<f64>, Option<f64>)> = period
        .players
        .players
        .iter()
        .zip(&ratings.players)
        .map(|(before, after)| (after.id, (after.display_name(), before.rating, after.rating)))
        .collect();
    let two_places = Format::new().set_num_format("0.00");
    let (old_rating, new_rating) = (format!("Old {}", words.rating), format!("New {}", words.rating));
    let chunks: Vec<&[crate::rate::Calculation]> =
        if ratings.calculations.is_empty() { vec![&[]] } else { ratings.calculations.chunks(MAX_ROWS).collect() };
    for (k, chunk) in chunks.iter().enumerate() {
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(if k == 0 { "Calculations".to_string() } else { format!("Calculations {}", k + 1) })?;
        header(
            sheet,
            &[
                "ID",
                "Name",
                "Event",
                "Stage",
                "Games",
                "Score",
                "Opp avg",
                "Expected",
                "Bonus",
                "Change",
                &old_rating,
                &new_rating,
            ],
            &[9.0, 30.0, 10.0, 6.0, 7.0, 7.0, 10.0, 10.0, 8.0, 9.0, 11.0, 11.0],
            chunk.len(),
        )?;
        for (i, c) in chunk.iter().enumerate() {
            let row = i as u32 + 1;
            let (name, old, new) = players.get(&c.player_id).cloned().unwrap_or_default();
            sheet.write_number(row, 0, c.player_id)?;
            sheet.write_string(row, 1, &name)?;
            sheet.write_string(row, 2, &c.event)?;
            sheet.write_number(row, 3, c.stage)?;
            sheet.write_number(row, 4, c.games)?;
            sheet.write_number(row, 5, tidy(c.score))?;
            let figures = [(6u16, Some(c.opp_avg)), (7, c.expected), (8, c.bonus), (9, c.change), (10, old), (11, new)];
            for (col, v) in figures {
                if let Some(v) = v {
                    sheet.write_number_with_format(row, col, tidy(v), &two_places)?;
                }
            }
        }
    }
    for table in &statistics.tables {
        let sheet = workbook.add_worksheet();
        sheet.set_name(&table.name)?;
        statistic_sheet(sheet, table)?;
    }
    crate::formats::workbook::save(&mut workbook, path)
}

/// "graded" → "Graded", for a heading.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}
