//! The blank tournament report a state officer starts from (`ratebook
//! template`): the sheets of data-format.md filled with a worked example of
//! newcomers only (so it checks clean against any player file), drop-down
//! lists and type checks in the cells, and a `Notes` sheet explaining every
//! field and every result token. The sheets themselves come from
//! [`super::write`].

use std::path::Path;

use anyhow::Context;
use chrono::{Datelike, NaiveDate};
use rust_xlsxwriter::{
    DataValidation, DataValidationErrorStyle, DataValidationRule, Format, Formula, Workbook, Worksheet, XlsxError,
};

use super::event;
use super::write::{self as report_writer, field_row, EventReport, ReportGame, ReportPlayer, ReportResults};
use crate::model::results::{self, Notation};
use crate::model::Gender;

/// Which results sheet the template carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateLayout {
    /// `Games`: one row per pairing (Swiss events, matches, any event).
    Games,
    /// `Crosstable`: a round-robin table.
    Crosstable,
}

/// The spellings the `Games` sheet's Result drop-down offers: a pairing's
/// and a bye row's, each once.
fn game_spellings() -> Vec<&'static str> {
    let mut all = results::spellings(Notation::Pairing);
    all.extend(results::spellings(Notation::ByeRow).into_iter().filter(|s| !all.contains(s)).collect::<Vec<_>>());
    all
}

/// The event types of the `Type` field.
pub const EVENT_TYPES: [&str; 5] = ["swiss", "round robin", "match", "team", "other"];

/// How many rows below the header the validations cover.
const PLAYER_ROWS: u32 = 1000;
const GAME_ROWS: u32 = 10_000;

/// Writes the template to `path`. `states` are the period's (code, name)
/// pairs, in order; the example event is in Victoria when there is one,
/// otherwise in the first state.
pub fn write_template(
    path: &Path,
    layout: TemplateLayout,
    states: &[(String, String)],
    setting: &ExampleSetting,
) -> anyhow::Result<()> {
    let report = setting.apply(example(layout, states));
    let mut workbook = build(&report, states).context("building the template workbook")?;
    crate::formats::workbook::save(&mut workbook, path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

fn build(report: &EventReport, states: &[(String, String)]) -> Result<Workbook, XlsxError> {
    let stamp = report.submitted.unwrap_or(report.end);
    let mut workbook = report_writer::report_workbook(report, stamp)?;
    let codes: Vec<&str> = states.iter().map(|(c, _)| c.as_str()).collect();
    validate_event(workbook.worksheet_from_name("Event")?, report, &codes)?;
    validate_players(workbook.worksheet_from_name("Players")?, &codes)?;
    match &report.results {
        ReportResults::Games(games) => validate_games(workbook.worksheet_from_name("Games")?, games)?,
        ReportResults::Crosstable { cells, .. } => {
            validate_crosstable(workbook.worksheet_from_name("Crosstable")?, cells)?
        }
    }
    write_notes(workbook.add_worksheet(), states)?;
    // The instructions come first: the sheet a workbook opens at.
    workbook.worksheets_mut().rotate_right(1);
    Ok(workbook)
}

/// What a data folder gives the worked example: the period (the example
/// event ends inside it) and players of its player file (the example enters
/// the first few by ID, as an officer enters players on the list; the rest
/// stay newcomers without one).
#[derive(Debug, Clone, Default)]
pub struct ExampleSetting {
    /// The period's first and last day.
    pub period: Option<(NaiveDate, NaiveDate)>,
    pub players: Vec<crate::model::Player>,
}

/// How many of the example's entrants are players of the file, at most.
const KNOWN_ENTRANTS: usize = 4;

impl ExampleSetting {
    fn apply(&self, mut report: EventReport) -> EventReport {
        if let Some((start, end)) = self.period {
            // Ended some weeks before the period's end, as long as it had.
            let last = (end - chrono::Days::new(48)).max(start + chrono::Days::new(1)).min(end);
            let length = report.end - report.start;
            let late = report.submitted.map(|s| s - report.end);
            report.start = last - length;
            report.end = last;
            report.submitted = late.map(|l| last + l);
            let number = report.code.trim_start_matches(|c: char| !c.is_ascii_digit());
            let prefix = &report.code[..report.code.len() - number.len()];
            report.code = format!("{prefix}{:02}{}", last.year() % 100, number.get(2..).unwrap_or_default());
        }
        let state = report.state.clone();
        let mut known: Vec<&crate::model::Player> =
            self.players.iter().filter(|p| p.state.as_deref() == Some(state.as_str())).collect();
        if known.len() < KNOWN_ENTRANTS {
            known = self.players.iter().collect();
        }
        for (entrant, p) in report.players.iter_mut().zip(known.into_iter().take(KNOWN_ENTRANTS)) {
            entrant.id = Some(p.id);
            entrant.surname = p.surname.clone();
            entrant.first_names = p.first_names.clone();
            entrant.gender = p.gender;
            entrant.birth_date = p.birth_date;
            entrant.state = p.state.clone();
            entrant.club = p.club.clone();
        }
        report
    }
}

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a valid date")
}

/// The worked example: newcomers only, results complete and consistent.
fn example(layout: TemplateLayout, states: &[(String, String)]) -> EventReport {
    let (state, state_name) = states
        .iter()
        .find(|(c, _)| c == "V")
        .or_else(|| states.first())
        .map(|(c, n)| (c.clone(), n.clone()))
        .unwrap_or_else(|| ("V".to_string(), "Victoria".to_string()));
    let place = if state == "V" { "Box Hill".to_string() } else { state_name };
    let newcomer =
        |no: u32, surname: &str, first: &str, gender: Gender, born: NaiveDate, club: Option<&str>| ReportPlayer {
            no,
            id: None,
            surname: surname.to_string(),
            first_names: first.to_string(),
            gender: Some(gender),
            birth_date: Some(born),
            state: Some(state.clone()),
            club: club.map(str::to_string),
        };
    let mut players = vec![
        newcomer(1, "Nguyen", "Thanh Long", Gender::Male, date(1980, 3, 14), Some("Box Hill")),
        newcomer(2, "Papadopoulos", "Eleni", Gender::Female, date(1975, 11, 2), None),
        newcomer(3, "Kowalski", "Adam Piotr", Gender::Male, date(1962, 6, 21), Some("Box Hill")),
        newcomer(4, "O'Brien", "Siobhán", Gender::Female, date(1981, 9, 30), None),
        newcomer(5, "Russo", "Marco", Gender::Male, date(1949, 1, 17), None),
        newcomer(6, "Đorđević", "Milan", Gender::Male, date(1955, 12, 12), Some("Box Hill")),
    ];
    // Different codes, so both examples can sit in one folder.
    let code = match layout {
        TemplateLayout::Games => format!("{state}93099"),
        TemplateLayout::Crosstable => format!("{state}93098"),
    };
    match layout {
        TemplateLayout::Games => {
            players.push(newcomer(7, "Chen", "Wei", Gender::Male, date(1978, 5, 5), None));
            let g = |round: u32, white: u32, black: Option<u32>, result: &str| ReportGame {
                round,
                white,
                black,
                result: result.to_string(),
                remarks: None,
            };
            let games = vec![
                g(1, 1, Some(5), "1-0"),
                g(1, 6, Some(2), "½-½"),
                g(1, 3, Some(7), "0-1"),
                g(1, 4, None, "1"),
                g(2, 7, Some(1), "½-½"),
                g(2, 2, Some(4), "1-0"),
                g(2, 5, Some(3), "0F-1F"),
                g(2, 6, None, "bye"),
                g(3, 1, Some(2), "1-0"),
                g(3, 4, Some(7), "0-1"),
                g(3, 3, Some(6), "½-½"),
                g(3, 5, None, "½"),
            ];
            EventReport {
                code,
                name: format!("{place} Winter Weekender"),
                state,
                start: date(1993, 6, 12),
                end: date(1993, 6, 13),
                rounds: 3,
                time_control: "40/7200:1800".to_string(),
                event_type: Some("swiss".to_string()),
                handicap: false,
                fixed_opening: false,
                approved: true,
                federation_event: true,
                submitted: Some(date(1993, 6, 21)),
                players,
                results: ReportResults::Games(games),
            }
        }
        TemplateLayout::Crosstable => {
            // Upper triangle, row player's result; the lower half mirrors it.
            let upper: [(usize, usize, &str); 15] = [
                (1, 2, "1"),
                (1, 3, "½"),
                (1, 4, "1"),
                (1, 5, "0"),
                (1, 6, "1*"),
                (2, 3, "0"),
                (2, 4, "½"),
                (2, 5, "1"),
                (2, 6, "½"),
                (3, 4, "1"),
                (3, 5, "½"),
                (3, 6, "0"),
                (4, 5, "0"),
                (4, 6, "1"),
                (5, 6, "½"),
            ];
            let n = players.len();
            let mut cells = vec![vec![String::new(); n]; n];
            for (i, row) in cells.iter_mut().enumerate() {
                row[i] = "x".to_string();
            }
            for (i, j, r) in upper {
                let mirror = match r {
                    "1" => "0",
                    "0" => "1",
                    "1*" => "0*",
                    "0*" => "1*",
                    other => other,
                };
                cells[i - 1][j - 1] = r.to_string();
                cells[j - 1][i - 1] = mirror.to_string();
            }
            EventReport {
                code,
                name: format!("{place} Club Championship A Grade"),
                state,
                start: date(1993, 4, 20),
                end: date(1993, 5, 18),
                rounds: 5,
                time_control: "40/7200:1800".to_string(),
                event_type: Some("round robin".to_string()),
                handicap: false,
                fixed_opening: false,
                approved: true,
                federation_event: true,
                submitted: Some(date(1993, 5, 25)),
                players,
                results: ReportResults::Crosstable { cells, totals: true },
            }
        }
    }
}

/// A cell format that keeps what is typed as text: `+-`, `=-=` or `1:30`
/// stay what they are instead of becoming a formula or a time.
fn text() -> Format {
    Format::new().set_num_format("@")
}

/// `v` with its own error title and message instead of Excel's generic one.
fn says(v: DataValidation, title: &str, message: &str) -> Result<DataValidation, XlsxError> {
    v.set_error_title(title)?.set_error_message(message)
}

fn hint(v: DataValidation, title: &str, message: &str) -> Result<DataValidation, XlsxError> {
    v.set_input_title(title)?.set_input_message(message)
}

fn list(items: &[&str], title: &str, message: &str) -> Result<DataValidation, XlsxError> {
    says(DataValidation::new().allow_list_strings(items)?, title, message)
}

fn dates(title: &str) -> Result<DataValidation, XlsxError> {
    says(
        DataValidation::new().allow_date(DataValidationRule::Between(date(1900, 1, 1), date(2099, 12, 31))),
        title,
        "Enter a date, e.g. 1993-06-13 (or 13.06.1993, 13/06/1993).",
    )
}

/// The range of the Players sheet's start numbers, for formulas.
fn start_numbers() -> String {
    format!("Players!$A$2:$A${}", PLAYER_ROWS + 1)
}

fn validate_event(sheet: &mut Worksheet, report: &EventReport, states: &[&str]) -> Result<(), XlsxError> {
    let cell = |sheet: &mut Worksheet, field: &[&str], v: &DataValidation| -> Result<(), XlsxError> {
        let row = field_row(field);
        sheet.add_data_validation(row, 1, row, 1, v)?;
        Ok(())
    };
    if !states.is_empty() {
        let v = list(states, "State", "Use the code of a state from the list (the Notes sheet names them).")?;
        cell(sheet, event::STATE, &hint(v, "State", "The code of the state association running the event.")?)?;
    }
    cell(sheet, event::START, &dates("Start")?)?;
    cell(
        sheet,
        event::END,
        &hint(dates("End")?, "End", "The date of the last round. It decides the period the event is rated in.")?,
    )?;
    let rounds = says(
        DataValidation::new().allow_whole_number(DataValidationRule::Between(1, 1000)),
        "Rounds",
        "The number of rounds played: a whole number such as 7.",
    )?;
    cell(sheet, event::ROUNDS, &rounds)?;
    // The time control: text, so that 40/90 or 1:30 is not taken for a date
    // or a time; a number alone below 600 is seconds, and likely meant as minutes.
    let row = field_row(event::TIME_CONTROL);
    sheet.write_string_with_format(row, 1, &report.time_control, &text())?;
    let time_control = DataValidation::new()
        .allow_custom(Formula::new(format!("=IFERROR(VALUE(B{0})>=600,TRUE)", row + 1)))
        .set_error_style(DataValidationErrorStyle::Warning);
    let time_control = says(
        time_control,
        "Seconds, not minutes?",
        "A number alone is a number of seconds: 90 is 90 seconds. For 90 minutes write 5400 (or 90 min); \
         with 30 seconds added a move, 5400+30.",
    )?;
    let time_control = hint(
        time_control,
        "Time control",
        "Each player's time in seconds, as chess software (PGN) writes it: 5400+30 is 90 min plus 30 s a move; \
         40/7200:1800 is 40 moves in 2 hours, then 30 min. Everyday forms such as 90 min + 30 s are read too.",
    )?;
    cell(sheet, event::TIME_CONTROL, &time_control)?;
    cell(
        sheet,
        event::TYPE,
        &list(&EVENT_TYPES, "Type", "Use swiss, round robin, match, team or other (blank means swiss).")?,
    )?;
    for field in [event::HANDICAP, event::FIXED_OPENING, event::APPROVED, event::FEDERATION_EVENT] {
        cell(sheet, field, &list(&["yes", "no"], field[0], "Write yes or no.")?)?;
    }
    cell(sheet, event::SUBMITTED, &dates("Submitted")?)?;
    Ok(())
}

fn validate_players(sheet: &mut Worksheet, states: &[&str]) -> Result<(), XlsxError> {
    let last = PLAYER_ROWS;
    let no = DataValidation::new()
        .allow_custom(Formula::new(format!("=AND(ISNUMBER(A2),A2>=1,A2=INT(A2),COUNTIF($A$2:$A${},A2)=1)", last + 1)));
    let no = says(no, "Start number", "The start number is a whole number from 1, different for every player.")?;
    sheet.add_data_validation(1, 0, last, 0, &no)?;
    let id = says(
        DataValidation::new().allow_whole_number(DataValidationRule::GreaterThanOrEqualTo(1)),
        "ID",
        "The ID is the player's number on the rating list, digits only. Leave it blank for a player who has none yet.",
    )?;
    sheet.add_data_validation(
        1,
        1,
        last,
        1,
        &hint(id, "ID", "The player's ID from the rating list. Leave blank for a player who has none yet.")?,
    )?;
    sheet.add_data_validation(1, 4, last, 4, &list(&["M", "F"], "Gender", "Write M or F, or leave it blank.")?)?;
    sheet.add_data_validation(1, 5, last, 5, &dates("Birth date")?)?;
    if !states.is_empty() {
        let v = list(states, "State", "Use a state code from the list, or leave it blank for the event's state.")?;
        sheet.add_data_validation(1, 6, last, 6, &v)?;
    }
    Ok(())
}

fn validate_games(sheet: &mut Worksheet, games: &[ReportGame]) -> Result<(), XlsxError> {
    let rounds_cell = format!("Event!$B${}", field_row(event::ROUNDS) + 1);
    let round = DataValidation::new().allow_whole_number_formula(DataValidationRule::Between(
        Formula::new("1"),
        Formula::new(format!("={rounds_cell}")),
    ));
    let round = says(round, "Round", "The round is a whole number from 1 to the event's Rounds (on the Event sheet).")?;
    sheet.add_data_validation(1, 0, GAME_ROWS, 0, &round)?;
    let player = says(
        DataValidation::new().allow_list_formula(Formula::new(format!("={}", start_numbers()))),
        "Start number",
        "Use the No of a player on the Players sheet (add the player there first).",
    )?;
    let white =
        hint(player.clone(), "White", "The No of the player with White (on a bye row, the player with the bye).")?;
    sheet.add_data_validation(1, 1, GAME_ROWS, 1, &white)?;
    let black = hint(player, "Black", "The No of the player with Black; blank on a bye row.")?;
    sheet.add_data_validation(1, 2, GAME_ROWS, 2, &black)?;
    // Text, so that +- or =-= typed by hand is not taken for a formula.
    sheet.set_column_format(3, &text())?;
    for (i, g) in games.iter().enumerate() {
        sheet.write_string_with_format(i as u32 + 1, 3, &g.result, &text())?;
    }
    let result = list(
        &game_spellings(),
        "Result",
        "Use a result from the list: 1-0, 0-1, ½-½ (or 1/2-1/2, 0.5-0.5, =-=); without play 1F-0F, 0F-1F, 0F-0F \
         (or +-, -+, --). A bye row (Black blank): bye, 1, ½ or 0.",
    )?;
    let result = hint(
        result,
        "Result",
        "White's result first: 1-0, 0-1, ½-½. Without play: 1F-0F, 0F-1F, 0F-0F. Bye rows (Black blank): bye, or the points given: 1, ½, 0.",
    )?;
    sheet.add_data_validation(1, 3, GAME_ROWS, 3, &result)?;
    Ok(())
}

fn validate_crosstable(sheet: &mut Worksheet, cells: &[Vec<String>]) -> Result<(), XlsxError> {
    let last = cells.len() as u32;
    let no = says(
        DataValidation::new().allow_list_formula(Formula::new(format!("={}", start_numbers()))),
        "Start number",
        "Use the No of a player on the Players sheet.",
    )?;
    sheet.add_data_validation(1, 0, last, 0, &no)?;
    let last_col = last as u16 + 1;
    for col in 2..=last_col {
        sheet.set_column_format(col, &text())?;
    }
    for (i, row) in cells.iter().enumerate() {
        for (j, token) in row.iter().enumerate().filter(|(_, t)| !t.is_empty()) {
            sheet.write_string_with_format(i as u32 + 1, j as u16 + 2, token, &text())?;
        }
    }
    let cell = list(
        &results::spellings(Notation::Crosstable),
        "Result",
        "Use 1, ½ (or 0.5, =) or 0; 1* or 0* (or + and -) for a game won or lost without play; x on the diagonal \
         and for pairs that did not play.",
    )?;
    let cell = hint(
        cell,
        "Result",
        "The row player's result against the column player: 1, ½, 0; 1* or 0* without play; x on the diagonal.",
    )?;
    sheet.add_data_validation(1, 2, last, last_col, &cell)?;
    Ok(())
}

/// (sheet, field, required, what to enter) for every field of every sheet.
const FIELD_NOTES: [(&str, &str, &str, &str); 29] = [
    ("Event", "Code", "yes", "The event's code, unique in the period: state code, two-digit year, number (e.g. V93012)."),
    ("Event", "Name", "yes", "The event's name as it should appear in the booklet."),
    ("Event", "State", "yes", "The code of the state association running the event (see the list of states below)."),
    ("Event", "Start", "yes", "Date of the first round."),
    ("Event", "End", "yes", "Date of the last round, not before Start. Decides the period the event is rated in: an event that ends after the period is deferred to the next one; one that ended more than one period before the period's start is too late and not rated."),
    ("Event", "Rounds", "yes", "Number of rounds, a whole number."),
    ("Event", "Time control", "yes", "Each player's time, in seconds, the way chess software writes it (PGN): 5400+30 is 90 minutes plus 30 seconds added a move; 40/7200:1800 is 40 moves in 2 hours (7200 seconds), then 30 minutes (1800 seconds) for the rest of the game; 3600 is 1 hour for the whole game. Everyday forms are read too, and check says how it read them: 90 min + 30 s, 60 min + 10 sec, 40/90, 30 + 30s (40 moves in 90 minutes, then 30 minutes plus 30 seconds a move). A number alone is seconds: write 5400, not 90, for 90 minutes. Rated: at least 2 minutes a move for the first 30 moves, or rapid play of at least 60 minutes per player."),
    ("Event", "Type", "no", "swiss (the default), round robin, match, team or other."),
    ("Event", "Handicap", "no", "yes or no (default no). Handicap events are not rated."),
    ("Event", "Fixed opening", "no", "yes or no (default no). Thematic (fixed-opening) events are not rated."),
    ("Event", "Approved", "no", "yes or no (default yes): whether the state association approved the event for rating."),
    ("Event", "Federation event", "no", "yes or no (default yes): whether the federation itself ran the event (under the NZCF rules an event that is not is rated only when at least half its players are rated)."),
    ("Event", "Submitted", "no", "Date the report reached the ratings officer."),
    ("Players", "No", "yes", "Start number, unique in the event. The results sheets refer to players by it."),
    ("Players", "ID", "no", "The player's ID from the rating list. Leave blank for a player who has none yet: a new ID is given when the event is rated."),
    ("Players", "Surname", "yes", "As on the rating list. A name that differs from the list's is reported as a warning."),
    ("Players", "First names", "for new players", "As on the rating list."),
    ("Players", "Gender", "for new players", "M or F. Missing for a new player is a warning."),
    ("Players", "Birth date", "for new players", "A date. Missing for a new player is a warning; juniors' lists need it."),
    ("Players", "State", "no", "The player's state code; a new player without one gets the event's state."),
    ("Players", "Club", "no", "The player's club."),
    ("Games", "Round", "yes", "Round number, 1 to Rounds."),
    ("Games", "White", "yes", "Start number of the player with White (the player receiving a bye on a bye row)."),
    ("Games", "Black", "no", "Start number of the player with Black; blank on a bye row."),
    ("Games", "Result", "yes", "A result token from White's side (see the tokens below)."),
    ("Games", "Remarks", "no", "Anything unusual about the game, e.g. adjudicated, or computer (some rule sets do not rate such games)."),
    ("Crosstable", "No, Name", "No: yes", "Start number and \"Surname, First names\" of the row's player. One row per player, in start-number order."),
    ("Crosstable", "1, 2, 3 …", "yes", "Row i, column j: i's result against j (see the tokens below). Row i and row j must agree: 1 with 0, ½ with ½, 1* with 0*. Use x on the diagonal and for pairs that did not play."),
    ("Crosstable", "Total", "no", "The row's points. When given it must equal the sum of the row."),
];

/// What the Notes sheet says under the result tokens.
const TOKEN_REMARKS: [&str; 2] = [
    "Forfeits and byes never count for ratings, for either player.",
    "A player may meet the same opponent more than once only in the Games layout.",
];

fn write_notes(sheet: &mut Worksheet, states: &[(String, String)]) -> Result<(), XlsxError> {
    sheet.set_name("Notes")?;
    let bold = Format::new().set_bold();
    let title = Format::new().set_bold().set_font_size(14);
    let wrap = Format::new().set_text_wrap().set_align(rust_xlsxwriter::FormatAlign::Top);
    for (col, width) in [14.0, 16.0, 16.0, 90.0].into_iter().enumerate() {
        sheet.set_column_width(col as u16, width)?;
    }
    let mut row = 0;
    sheet.write_string_with_format(row, 0, "How to fill in this report", &title)?;
    row += 1;
    sheet.write_string(
        row,
        0,
        "Replace the example on the sheets after this one with your event: one workbook per event. Keep the sheet \
         names and the column headings. Enter a player on the rating list with the player's ID (the example's first players \
         have theirs); leave the ID blank for a newcomer, who gets one when the period is rated. \
         Use either the Games sheet or the Crosstable sheet, not both. Run `ratebook check` on it before sending it.",
    )?;
    row += 2;
    for (col, h) in ["Sheet", "Field", "Required", "What to enter"].iter().enumerate() {
        sheet.write_string_with_format(row, col as u16, *h, &bold)?;
    }
    row += 1;
    for (s, field, required, text) in FIELD_NOTES {
        sheet.write_string(row, 0, s)?;
        sheet.write_string(row, 1, field)?;
        sheet.write_string(row, 2, required)?;
        sheet.write_string_with_format(row, 3, text, &wrap)?;
        row += 1;
    }
    row += 1;
    sheet.write_string_with_format(row, 0, "Result tokens", &title)?;
    row += 1;
    for (col, h) in ["Token", "Sheet", "Also accepted", "Meaning"].iter().enumerate() {
        sheet.write_string_with_format(row, col as u16, *h, &bold)?;
    }
    row += 1;
    let sheets = [(Notation::Pairing, "Games"), (Notation::ByeRow, "Games"), (Notation::Crosstable, "Crosstable")];
    for (notation, s) in sheets {
        for token in results::tokens(notation) {
            sheet.write_string_with_format(row, 0, token.token, &text())?;
            sheet.write_string(row, 1, s)?;
            if !token.also.is_empty() {
                sheet.write_string_with_format(row, 2, token.also.join(", "), &text())?;
            }
            sheet.write_string_with_format(row, 3, token.note, &wrap)?;
            row += 1;
        }
    }
    for remark in TOKEN_REMARKS {
        sheet.write_string_with_format(row, 3, remark, &wrap)?;
        row += 1;
    }
    if !states.is_empty() {
        row += 1;
        sheet.write_string_with_format(row, 0, "States", &title)?;
        row += 1;
        sheet.write_string_with_format(row, 0, "Code", &bold)?;
        sheet.write_string_with_format(row, 1, "Name", &bold)?;
        row += 1;
        for (code, name) in states {
            sheet.write_string(row, 0, code)?;
            sheet.write_string(row, 1, name)?;
            row += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{open_workbook_auto, Data, DataType, Reader};

    fn states() -> Vec<(String, String)> {
        [("A", "Australian Capital Territory"), ("N", "New South Wales"), ("V", "Victoria")]
            .iter()
            .map(|(c, n)| (c.to_string(), n.to_string()))
            .collect()
    }

    #[test]
    fn template_both_layouts_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games.xlsx");
        let cross = dir.path().join("cross.xlsx");
        write_template(&games, TemplateLayout::Games, &states(), &ExampleSetting::default()).unwrap();
        write_template(&cross, TemplateLayout::Crosstable, &states(), &ExampleSetting::default()).unwrap();

        let mut wb = open_workbook_auto(&games).unwrap();
        assert_eq!(wb.sheet_names(), vec!["Notes", "Event", "Players", "Games"]);
        let event = wb.worksheet_range("Event").unwrap();
        assert_eq!(event.get_value((0, 1)), Some(&Data::String("V93099".into())));
        assert_eq!(event.get_value((6, 1)), Some(&Data::String("40/7200:1800".into())));
        assert!(matches!(event.get_value((4, 1)), Some(Data::DateTime(_))));
        let players = wb.worksheet_range("Players").unwrap();
        assert_eq!(players.height(), 8);
        assert!(matches!(players.get_value((1, 1)), None | Some(Data::Empty)));
        assert_eq!(players.get_value((6, 2)), Some(&Data::String("Đorđević".into())));
        let results = wb.worksheet_range("Games").unwrap();
        assert_eq!(results.get_value((0, 3)), Some(&Data::String("Result".into())));
        assert_eq!(results.get_value((2, 3)), Some(&Data::String("½-½".into())));
        let notes = wb.worksheet_range("Notes").unwrap();
        let text: Vec<String> = notes.rows().flat_map(|r| r.iter().map(|c| c.to_string())).collect();
        for token in game_spellings() {
            assert!(text.iter().any(|t| t.split(", ").any(|s| s == token)), "{token} explained");
        }
        for field in super::super::written(&event::ALL) {
            assert!(text.iter().any(|t| t == field), "{field} explained");
        }

        let mut wb = open_workbook_auto(&cross).unwrap();
        assert_eq!(wb.sheet_names(), vec!["Notes", "Event", "Players", "Crosstable"]);
        let table = wb.worksheet_range("Crosstable").unwrap();
        assert_eq!(table.get_value((0, 8)), Some(&Data::String("Total".into())));
        assert_eq!(table.get_value((1, 7)), Some(&Data::String("1*".into())));
        assert_eq!(table.get_value((6, 2)), Some(&Data::String("0*".into())));
        let totals: Vec<f64> = (1..=6).map(|r| table.get_value((r, 8)).and_then(|d| d.as_f64()).unwrap()).collect();
        assert_eq!(totals, [3.5, 2.0, 3.0, 1.5, 3.0, 2.0]);
    }

    #[test]
    fn template_example_is_consistent() {
        let r = example(TemplateLayout::Games, &states());
        let ReportResults::Games(games) = &r.results else { panic!("games layout") };
        for round in 1..=r.rounds {
            let mut seen: Vec<u32> =
                games.iter().filter(|g| g.round == round).flat_map(|g| [Some(g.white), g.black]).flatten().collect();
            seen.sort();
            assert_eq!(seen, (1..=r.players.len() as u32).collect::<Vec<_>>(), "round {round}: everyone once");
        }
        assert!(r.players.iter().all(|p| p.id.is_none() && p.gender.is_some() && p.birth_date.is_some()));
        let r = example(TemplateLayout::Crosstable, &[("Q".to_string(), "Queensland".to_string())]);
        assert_eq!(r.code, "Q93098");
        let ReportResults::Crosstable { cells, .. } = &r.results else { panic!("crosstable layout") };
        let total: f64 = cells.iter().map(|row| report_writer::row_points(row)).sum();
        assert_eq!(total, 15.0);
    }
}
