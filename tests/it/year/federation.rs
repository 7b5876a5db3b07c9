//! A small generated federation for the year's tests: its periods' reports
//! drawn by `ratebook generate`'s own generator, each period from the
//! player file the one before published, and the edits an officer makes to
//! a report (a result fixed).

use std::path::{Path, PathBuf};

use ratebook::formats::report::write::{report_workbook, EventReport, ReportGame, ReportPlayer, ReportResults};
use ratebook::formats::report::{RawReport, RawResults};
use ratebook::generate::{generate_period, Carry, GenerateOptions};
use ratebook::model::Outcome;

/// The federation: how big, and the chain of periods drawn so far.
pub struct Federation {
    pub options: GenerateOptions,
    /// The carry of the last period drawn (`None`: none yet).
    carry: Option<Carry>,
}

impl Federation {
    /// A federation of `players` players and `events` events a period,
    /// drawn from `seed`, its data folders written under `scratch`.
    pub fn new(scratch: &Path, players: usize, events: usize, seed: u64) -> Federation {
        let options = GenerateOptions {
            out: scratch.join("drawn"),
            players,
            events,
            seed,
            system: ratebook::model::system::SystemName::Acf,
            lists: Vec::new(),
        };
        Federation { options, carry: None }
    }

    /// Draws the next period's data folder (period.toml, players.xlsx,
    /// reports/): the first from nothing, a later one from `published`, the
    /// player file the period before published. Its folder.
    pub fn draw(&mut self, published: Option<&Path>) -> PathBuf {
        let previous = match (&self.carry, published) {
            (Some(carry), Some(file)) => Some((carry, file)),
            _ => None,
        };
        let (_, carry) = generate_period(&self.options, previous).expect("the period is drawn");
        self.carry = Some(carry);
        self.options.out.clone()
    }
}

/// The report in `bytes` (a workbook with a Games sheet) with the result of
/// its first decisive game over the board fixed to a draw, written again;
/// `None` for a report it cannot so fix (a crosstable, no decisive game).
pub fn result_fixed(bytes: &[u8], stamp: chrono::NaiveDate) -> Option<Vec<u8>> {
    rewritten(bytes, stamp, |report| {
        let ReportResults::Games(games) = &mut report.results else { return false };
        let decisive = games.iter().position(|g| g.black.is_some() && (g.result == "1-0" || g.result == "0-1"));
        decisive.map(|k| games[k].result = "½-½".to_string()).is_some()
    })
}

/// The report in `bytes` with the entrant of ID `id` entered again as a
/// newcomer, his surname misspelt (as a hurried state officer does: he gets
/// a second ID, which a merge later joins to his own); `None` when the
/// report has no such entrant or cannot be so written.
pub fn entered_again(bytes: &[u8], stamp: chrono::NaiveDate, id: u32) -> Option<Vec<u8>> {
    rewritten(bytes, stamp, |report| {
        let Some(p) = report.players.iter_mut().find(|p| p.id == Some(id)) else { return false };
        p.id = None;
        p.surname = format!("{}{}", p.surname, p.surname.chars().last().unwrap_or('e'));
        true
    })
}

/// The report in `bytes` (with a Games sheet) as `edit` changes it (`edit`
/// says whether it did), written again.
fn rewritten(bytes: &[u8], stamp: chrono::NaiveDate, edit: impl FnOnce(&mut EventReport) -> bool) -> Option<Vec<u8>> {
    let (report, _) = ratebook::formats::report::read::read_report_bytes(bytes, "report.xlsx");
    let mut written = event_report(&report?)?;
    if !edit(&mut written) {
        return None;
    }
    let mut workbook = report_workbook(&written, stamp).ok()?;
    workbook.save_to_buffer().ok()
}

/// A report as read, as the writer takes it (`None`: a crosstable).
fn event_report(r: &RawReport) -> Option<EventReport> {
    let e = &r.event;
    let RawResults::Games(games) = &r.results else { return None };
    let result = |o: Outcome| match o {
        Outcome::Played { white_score } | Outcome::PlayedUnrated { white_score } => match white_score {
            s if s == 1.0 => "1-0",
            s if s == 0.0 => "0-1",
            _ => "½-½",
        },
        Outcome::Forfeit { white_points, .. } if white_points > 0.0 => "1F-0F",
        Outcome::Forfeit { black_points, .. } if black_points > 0.0 => "0F-1F",
        Outcome::Forfeit { .. } => "0F-0F",
        Outcome::Bye { points } if points >= 1.0 => "1",
        Outcome::Bye { points } if points > 0.0 => "½",
        Outcome::Bye { .. } => "0",
    };
    Some(EventReport {
        code: e.code.as_ref()?.value.clone(),
        name: e.name.clone().unwrap_or_default(),
        state: e.state.as_ref()?.value.clone(),
        start: e.start.as_ref()?.value,
        end: e.end.as_ref()?.value,
        rounds: e.rounds.as_ref()?.value,
        time_control: e.time_control.as_ref()?.value.clone(),
        event_type: Some(e.kind.as_str().to_string()),
        handicap: e.handicap.value,
        fixed_opening: e.fixed_opening.value,
        approved: e.approved.value,
        federation_event: e.federation_event.value,
        submitted: e.submitted,
        players: r
            .players
            .iter()
            .map(|p| ReportPlayer {
                no: p.no,
                id: p.id,
                surname: p.surname.clone(),
                first_names: p.first_names.clone(),
                gender: p.gender,
                birth_date: p.birth_date,
                state: p.state.clone(),
                club: p.club.clone(),
            })
            .collect(),
        results: ReportResults::Games(
            games
                .iter()
                .map(|g| ReportGame {
                    round: g.round.value,
                    white: g.white.value,
                    black: g.black.as_ref().map(|b| b.value),
                    result: result(g.outcome.value).to_string(),
                    remarks: g.remarks.as_ref().map(|r| r.value.clone()),
                })
                .collect(),
        ),
    })
}
