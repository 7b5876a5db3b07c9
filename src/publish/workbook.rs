//! `ratings.xlsx`, the officers' workbook: every list of the booklet as a
//! sheet (with IDs), one sheet per state, the events with their
//! dispositions, and every calculation (one row per player per event); the
//! workbooks a rule set publishes beside it; and what every workbook we
//! write shares.

use std::path::Path;

use chrono::NaiveDate;
use rust_xlsxwriter::{Format, Worksheet, XlsxError};

use super::booklet_data::ListKind;
use super::lists::{ListRow, Lists};
use crate::formats::workbook::new_workbook;
use crate::rate::Ratings;
use crate::validate::ValidPeriod;

/// Excel's last row is 1,048,576: longer sheets continue on "Calculations 2"…
const MAX_ROWS: usize = 1_000_000;

fn header(sheet: &mut Worksheet, names: &[&str], widths: &[f64]) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    for (c, name) in names.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, *name, &bold)?;
        sheet.set_column_width(c as u16, widths.get(c).copied().unwrap_or(12.0))?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}

fn list_sheet(sheet: &mut Worksheet, kind: Option<ListKind>, rows: &[ListRow]) -> Result<(), XlsxError> {
    let third = match kind {
        Some(ListKind::Junior) => "Age",
        Some(ListKind::Improvers) => "Increase",
        _ => "Games",
    };
    match kind {
        Some(_) => header(sheet, &["Place", "Rating", third, "State", "Name", "ID"], &[7.0, 9.0, 9.0, 7.0, 34.0, 9.0])?,
        None => header(sheet, &["Rating", "Games", "Name", "ID"], &[9.0, 8.0, 34.0, 9.0])?,
    };
    for (i, r) in rows.iter().enumerate() {
        let row = i as u32 + 1;
        let mut c = 0u16;
        if kind.is_some() {
            if let Some(p) = r.place {
                sheet.write_number(row, c, p)?;
            }
            c += 1;
        }
        match r.rating.parse::<f64>() {
            Ok(v) => sheet.write_number(row, c, v)?,
            Err(_) => sheet.write_string(row, c, &r.rating)?,
        };
        c += 1;
        let third_value = match kind {
            Some(ListKind::Junior) => r.age.map(|a| a as f64),
            Some(ListKind::Improvers) => r.increase.map(|a| a as f64),
            _ => Some(r.games as f64),
        };
        if let Some(v) = third_value {
            sheet.write_number(row, c, v)?;
        }
        c += 1;
        if kind.is_some() {
            sheet.write_string(row, c, &r.state)?;
            c += 1;
        }
        sheet.write_string(row, c, &r.name)?;
        sheet.write_number(row, c + 1, r.id)?;
    }
    Ok(())
}

/// Writes `ratings.xlsx`.
pub fn write_ratings(path: &Path, period: &ValidPeriod, ratings: &Ratings, lists: &Lists) -> Result<(), XlsxError> {
    let mut workbook = new_workbook(period.config.published);
    for table in &lists.ranked {
        let sheet = workbook.add_worksheet();
        sheet.set_name(&table.sheet)?;
        list_sheet(sheet, Some(table.kind), &table.rows)?;
    }
    for (code, _, rows) in &lists.states {
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(code)?;
        list_sheet(sheet, None, rows)?;
    }

    let date = Format::new().set_num_format("yyyy-mm-dd");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Events")?;
    header(
        sheet,
        &[
            "Code",
            "Name",
            "State",
            "Start",
            "End",
            "Rounds",
            "Type",
            "Time control",
            "Players",
            "Games played",
            "Players rated",
            "Rated",
            "Note",
            "File",
        ],
        &[10.0, 34.0, 6.0, 11.0, 11.0, 7.0, 11.0, 14.0, 8.0, 12.0, 12.0, 7.0, 44.0, 30.0],
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

    let names: std::collections::HashMap<u32, String> =
        ratings.players.iter().map(|p| (p.id, p.display_name())).collect();
    let chunks: Vec<&[crate::rate::Calculation]> =
        if ratings.calculations.is_empty() { vec![&[]] } else { ratings.calculations.chunks(MAX_ROWS).collect() };
    for (k, chunk) in chunks.iter().enumerate() {
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(if k == 0 { "Calculations".to_string() } else { format!("Calculations {}", k + 1) })?;
        header(
            sheet,
            &["ID", "Name", "Event", "Stage", "Games", "Score", "Opp avg", "Expected", "Bonus", "Change"],
            &[9.0, 30.0, 10.0, 6.0, 7.0, 7.0, 10.0, 10.0, 8.0, 9.0],
        )?;
        for (i, c) in chunk.iter().enumerate() {
            let row = i as u32 + 1;
            sheet.write_number(row, 0, c.player_id)?;
            sheet.write_string(row, 1, names.get(&c.player_id).map(String::as_str).unwrap_or(""))?;
            sheet.write_string(row, 2, &c.event)?;
            sheet.write_number(row, 3, c.stage)?;
            sheet.write_number(row, 4, c.games)?;
            sheet.write_number(row, 5, c.score)?;
            sheet.write_number(row, 6, c.opp_avg)?;
            for (col, v) in [(7u16, c.expected), (8, c.bonus), (9, c.change)] {
                if let Some(v) = v {
                    sheet.write_number(row, col, v)?;
                }
            }
        }
    }
    workbook.save(path)
}
