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
use crate::validate::Disposition;

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

/// `text` as long as a sheet name may be (Excel counts 31 UTF-16 units).
fn fit_sheet_name(text: &str) -> String {
    fit_sheet_name_within(text, 31)
}

/// `text` cut to `units` UTF-16 units, without the spaces and quotes a sheet
/// name may not end or start with.
fn fit_sheet_name_within(text: &str, units: usize) -> String {
    let mut used = 0;
    let kept: String = text
        .chars()
        .take_while(|c| {
            used += c.len_utf16();
            used <= units
        })
        .collect();
    kept.trim().trim_matches('\'').trim().to_string()
}

/// The sheet names of the state lists: each state's name as Excel allows a
/// sheet name (at most 31 characters, none of `[]:*?/\`), or its code when
/// two would be the same or one would clash with another sheet.
pub fn state_sheet_names(states: &[(String, String)], taken: &[&str]) -> Vec<String> {
    let fit = fit_sheet_name;
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
        .map(|(k, (code, name))| {
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

/// Writes the publication's `ratings.xlsx` to `path`: the main list's
/// sheets as a folder of one list has them, `Events` once (with a `List`
/// column when the period keeps several lists), then each other list's
/// sheets, named after the list (`Rapid Top Players`).
pub fn write_ratings(publication: &Publication, path: &Path) -> Result<(), XlsxError> {
    let Publication { rated, statistics, .. } = *publication;
    let mut workbook = new_workbook(rated.period.config.published);
    let mut taken: Vec<String> = Vec::new();
    let mut reserved: Vec<&str> = vec!["Events", "Calculations"];
    reserved.extend(statistics.tables.iter().map(|t| t.name.as_str()));
    list_sheets(&mut workbook, rated, "", &reserved, &mut taken)?;
    events_sheet(&mut workbook, publication)?;
    calculations_sheets(&mut workbook, rated, "", &mut taken)?;
    statistics_sheets(&mut workbook, statistics, "", &mut taken)?;
    for other in &publication.others {
        let prefix = format!("{} ", crate::model::lists::list_title(other.name));
        list_sheets(&mut workbook, other.rated, &prefix, &[], &mut taken)?;
        calculations_sheets(&mut workbook, other.rated, &prefix, &mut taken)?;
        statistics_sheets(&mut workbook, other.statistics, &prefix, &mut taken)?;
    }
    crate::formats::workbook::save(&mut workbook, path)
}

/// A sheet name: `prefix` and `name` as Excel allows it (at most 31
/// characters), numbered when a sheet has it already; noted in `taken`.
fn sheet_name(prefix: &str, name: &str, taken: &mut Vec<String>) -> String {
    let mut candidate = fit_sheet_name(&format!("{prefix}{name}"));
    let mut n = 2;
    while taken.iter().any(|t| t.eq_ignore_ascii_case(&candidate)) {
        let number = format!(" {n}");
        candidate = format!("{}{number}", fit_sheet_name_within(&format!("{prefix}{name}"), 31 - number.len()));
        n += 1;
    }
    taken.push(candidate.clone());
    candidate
}

/// A list's ranked sheets and its state sheets, each name after `prefix`
/// (none of them one of `reserved`, which come later).
fn list_sheets(
    workbook: &mut rust_xlsxwriter::Workbook,
    rated: &crate::rated::Rated,
    prefix: &str,
    reserved: &[&str],
    taken: &mut Vec<String>,
) -> Result<(), XlsxError> {
    let (lists, words) = (&rated.lists, &rated.system().words());
    for table in &lists.ranked {
        let sheet = workbook.add_worksheet();
        sheet.set_name(sheet_name(prefix, &table.sheet, taken))?;
        list_sheet(sheet, true, &table.figures, &table.rows, words)?;
    }
    let states: Vec<(String, String)> =
        lists.states.iter().map(|(code, name, _)| (format!("{prefix}{code}"), format!("{prefix}{name}"))).collect();
    let mut busy: Vec<&str> = taken.iter().map(String::as_str).collect();
    busy.extend(reserved);
    let names = state_sheet_names(&states, &busy);
    taken.extend(names.iter().cloned());
    for ((_, _, rows), name) in lists.states.iter().zip(names) {
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(&name)?;
        list_sheet(sheet, false, &lists.state_figures, rows, words)?;
    }
    Ok(())
}

/// `Events`: every event of the period, with its disposition, and its list
/// when the period keeps several.
fn events_sheet(workbook: &mut rust_xlsxwriter::Workbook, publication: &Publication) -> Result<(), XlsxError> {
    let rated = publication.rated;
    let (period, words) = (&rated.period, &rated.system().words());
    let lists = &period.config.rating_lists;
    let date = Format::new().set_num_format("yyyy-mm-dd");
    let players_rated = format!("Players {}", words.rated);
    let rated_word = capitalised(words.rated);
    let mut names = vec!["Code", "Name", words.region_title, "Start", "End", "Rounds", "Type", "Time control"];
    let mut widths = vec![10.0, 34.0, 6.0, 11.0, 11.0, 7.0, 11.0, 14.0];
    if !lists.is_empty() {
        names.push("List");
        widths.push(10.0);
    }
    names.extend(["Players", "Games played", &players_rated, &rated_word, "Note", "File"]);
    widths.extend([8.0, 12.0, 12.0, 7.0, 44.0, 30.0]);
    let sheet = workbook.add_worksheet();
    sheet.set_name("Events")?;
    header(sheet, &names, &widths, period.events.len())?;
    let mut rated_players = std::collections::HashMap::<&str, u32>::new();
    let every = std::iter::once(rated).chain(publication.others.iter().map(|o| o.rated));
    for c in every.flat_map(|r| &r.ratings.calculations) {
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
        let mut c = 8;
        if !lists.is_empty() {
            if let Some(list) = e.list.and_then(|k| lists.get(k)) {
                sheet.write_string(row, c, &list.name)?;
            }
            c += 1;
        }
        sheet.write_number(row, c, e.entrants as f64)?;
        sheet.write_number(row, c + 1, e.games.iter().filter(|g| g.outcome.is_played()).count() as f64)?;
        sheet.write_number(row, c + 2, rated_players.get(e.code.as_str()).copied().unwrap_or(0))?;
        let on_its_list = e.disposition.is_rated_on_its_list();
        sheet.write_string(row, c + 3, if on_its_list { "yes" } else { "no" })?;
        let note = match &e.disposition {
            // (The List column says which.)
            Disposition::OtherList { late: true, .. } => Disposition::Late.note(),
            Disposition::OtherList { late: false, .. } => String::new(),
            other => other.note(),
        };
        sheet.write_string(row, c + 4, &note)?;
        sheet.write_string(row, c + 5, &e.file)?;
    }
    Ok(())
}

/// A list's calculations, one row per player per event (`Calculations`,
/// `Calculations 2` … after `prefix`).
fn calculations_sheets(
    workbook: &mut rust_xlsxwriter::Workbook,
    rated: &crate::rated::Rated,
    prefix: &str,
    taken: &mut Vec<String>,
) -> Result<(), XlsxError> {
    let (period, ratings, words) = (&rated.period, &rated.ratings, &rated.system().words());
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
        let name = if k == 0 { "Calculations".to_string() } else { format!("Calculations {}", k + 1) };
        sheet.set_name(sheet_name(prefix, &name, taken))?;
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
    Ok(())
}

/// A list's statistics, one sheet per table (named after `prefix`).
fn statistics_sheets(
    workbook: &mut rust_xlsxwriter::Workbook,
    statistics: &crate::statistics::Statistics,
    prefix: &str,
    taken: &mut Vec<String>,
) -> Result<(), XlsxError> {
    for table in &statistics.tables {
        let sheet = workbook.add_worksheet();
        sheet.set_name(sheet_name(prefix, &table.name, taken))?;
        statistic_sheet(sheet, table)?;
    }
    Ok(())
}

/// "graded" → "Graded", for a heading.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}
