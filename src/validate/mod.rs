//! Validation: raw reports → a [`ValidPeriod`] that later stages can trust.
//! Checks every report (required fields, states, dates, identity, results),
//! decides each event's disposition (rated, late, not eligible, too late,
//! deferred, or invalid because of errors) asking the rule set's
//! [`EligibilityPolicy`] about time controls, events and games, then gives
//! the newcomers of rated events their IDs, and collects every finding.

pub mod eligibility;
pub mod identity;
pub mod list_route;
pub mod players;
pub mod results;
pub mod text;

use std::collections::{BTreeMap, HashSet};

use chrono::NaiveDate;

use crate::config::PeriodConfig;
use crate::diag::{Code, Diagnostic, Location, Severity};
use crate::formats::report::{RawEntrant, RawReport};
use crate::ingest::RawData;
use crate::model::time_control::{self, TimeControl};
use crate::model::{EventKind, Outcome, Player, PlayerFile, Status};
use eligibility::{timing, Timing};
pub use eligibility::{EligibilityPolicy, EventEntrants, NotRated};
use identity::{check_entrants, state_codes, PlayerIndex};
use rayon::prelude::*;
use results::{check_results, EntrantGame};

/// What happens to an event this period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disposition {
    /// Ended inside the period and eligible: rated.
    Rated,
    /// Ended up to one period before the start: rated now.
    Late,
    /// Not eligible under the rules; the reason.
    NotEligible(String),
    /// Ended more than one period before the start: discarded.
    TooLate,
    /// Ends after the period: rated next period.
    Deferred,
    /// Has errors in its report: not rated.
    Invalid,
    /// Rated on another rating list than the one this period is rated on
    /// (its name; `late`: ended before the period): in one list's view of
    /// a period that keeps several ([`list_route::for_list`]).
    OtherList { list: String, late: bool },
}

impl Disposition {
    pub fn is_rated(&self) -> bool {
        matches!(self, Disposition::Rated | Disposition::Late)
    }

    /// Rated on the list it went to: this one, or another the period keeps.
    pub fn is_rated_on_its_list(&self) -> bool {
        self.is_rated() || matches!(self, Disposition::OtherList { .. })
    }

    /// Why the event is not rated (or "late" for a late event), for the
    /// booklet and the Events sheet; empty for an event rated on time.
    pub fn note(&self) -> String {
        match self {
            Disposition::Rated => String::new(),
            Disposition::Late => "late: ended before this period".into(),
            Disposition::NotEligible(why) => format!("not rated: {why}"),
            Disposition::TooLate => "not rated: reached us more than one period late".into(),
            Disposition::Deferred => "deferred: ends after this period".into(),
            Disposition::Invalid => "not rated: the report has errors".into(),
            Disposition::OtherList { list, late: false } => format!("rated on the {list} list"),
            Disposition::OtherList { list, late: true } => format!("late: rated on the {list} list"),
        }
    }
}

/// A pairing between players, by ID.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub round: Option<u32>,
    pub white: u32,
    pub black: Option<u32>,
    pub outcome: Outcome,
    /// The report's remark for the game, lower-cased (e.g. "adjudicated", "computer").
    pub remarks: Option<String>,
}

impl Game {
    /// A game played over the board and rated, as (black, white's points):
    /// what a rule set rates, the record keeps and every output counts. A
    /// bye, a forfeit or a game played unrated is none.
    pub fn played(&self) -> Option<(u32, f64)> {
        match (self.outcome, self.black) {
            (Outcome::Played { white_score }, Some(black)) => Some((black, white_score)),
            _ => None,
        }
    }
}

/// A checked event.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub code: String,
    pub name: String,
    pub state: String,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub rounds: u32,
    pub kind: EventKind,
    /// The time control as the report gives it (for printing).
    pub time_control: String,
    /// The time control parsed, once, in pass 1 (`None` only for an event
    /// whose report has errors).
    pub rate_of_play: Option<TimeControl>,
    /// Run by the federation itself (see `RawEvent::federation_event`).
    pub federation_event: bool,
    /// The report, relative to the data folder.
    pub file: String,
    pub disposition: Disposition,
    /// The rating list it goes to (its position in `config.rating_lists`),
    /// by its rate of play; `None` for a folder that keeps one list.
    pub list: Option<usize>,
    /// Number of entrants.
    pub entrants: usize,
    /// Pairings by player ID; filled for rated events only (newcomers in
    /// events not rated get no ID).
    pub games: Vec<Game>,
}

/// The period, validated: the player file (plus this period's newcomers,
/// status new) and every event with its disposition, ordered by code.
#[derive(Debug, Clone)]
pub struct ValidPeriod {
    pub config: PeriodConfig,
    pub players: PlayerFile,
    /// How many players at the end of `players` joined from this period's reports.
    pub newcomers: usize,
    /// Where each newcomer was entered, aligned with the last `newcomers`
    /// players: (event code, start number).
    pub newcomer_entries: Vec<(String, u32)>,
    pub events: Vec<Event>,
    /// Report files that could not be read at all.
    pub unreadable: Vec<String>,
    /// The side files beside the reports that the rule set declared, as read.
    pub inputs: crate::ingest::extras::SystemInputs,
    /// The change of rule set this period makes, if it makes one (its
    /// player file then holds the new rule set's states).
    pub switched: Option<crate::switch::Switched>,
    /// The IDs of the players of the file entered in deferred events, in
    /// order: they hold games to be rated next period, so the maintenance
    /// rule does not remove them.
    pub deferred_entrants: Vec<u32>,
}

/// The outcome of validation.
pub struct Validated {
    pub period: ValidPeriod,
    pub diagnostics: Vec<Diagnostic>,
}

impl Validated {
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Error).count()
    }

    /// Errors outside any one report (in the player file, or a folder of
    /// reports that cannot be read, whose events are unknown): these stop
    /// publication even with `--skip-invalid`.
    pub fn has_global_errors(&self) -> bool {
        has_global_errors(&self.diagnostics)
    }

    /// Published without the reports in error (`--skip-invalid`, or a
    /// correction re-rating such a publication): a note for every event
    /// skipped because its report has errors, and for every file that could
    /// not be read, as `validation.txt` lists them.
    pub fn note_skipped(&mut self) {
        for e in self.period.events.iter().filter(|e| e.disposition == Disposition::Invalid) {
            self.diagnostics.push(
                Diagnostic::note(
                    Code::SkippedInvalid,
                    Location::file(&e.file),
                    format!("event {} skipped: its report has errors", e.code),
                )
                .with_hint("correct the report and it will be rated in a later period"),
            );
        }
        for f in &self.period.unreadable {
            self.diagnostics.push(Diagnostic::note(
                Code::SkippedInvalid,
                Location::file(f),
                "skipped: the file could not be read",
            ));
        }
        crate::diag::sort(&mut self.diagnostics);
    }
}

/// Whether any error is outside the reports (the player file, a folder that
/// cannot be read): such errors stop publication even with `--skip-invalid`.
pub fn has_global_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics
        .iter()
        .any(|d| d.is_error() && (!d.location.file.starts_with("reports/") || d.code == Code::UnreadableFolder))
}

/// A report after the per-report checks, before dispositions.
struct Checked {
    report: RawReport,
    /// The time control, parsed.
    time_control: Option<TimeControl>,
    players: Vec<Option<usize>>,
    games: Vec<EntrantGame>,
}

impl Checked {
    /// For each entrant, whether he appears in the results (a game, a forfeit or a bye).
    fn playing(&self) -> Vec<bool> {
        let mut playing = vec![false; self.players.len()];
        for g in &self.games {
            playing[g.white] = true;
            if let Some(b) = g.black {
                playing[b] = true;
            }
        }
        playing
    }
}

/// What validation decides about an error-free event.
struct Disposal {
    disposition: Disposition,
    /// The notes that record it.
    notes: Vec<Diagnostic>,
    /// Whether the rule set's event rule turned the event down.
    by_event_rule: bool,
}

/// Validates everything read from the data folder, asking the rule set's
/// policy what is eligible.
pub fn validate(raw: RawData, policy: &dyn EligibilityPolicy) -> Validated {
    validate_with_ids(raw, policy, &NewcomerIds::new())
}

/// The players whose row gives no status get the one the rule set reads
/// their row as ([`EligibilityPolicy::status_unstated`]).
fn settle_unstated(file: &mut PlayerFile, config: &PeriodConfig, policy: &dyn EligibilityPolicy) {
    let unstated = file.origin.as_ref().map(|o| o.unstated.clone()).unwrap_or_default();
    for i in unstated {
        if let Some(player) = file.players.get(i) {
            let status = policy.status_unstated(player, &file.extra_columns, config);
            file.players[i].status = status;
        }
    }
}

/// IDs already given to newcomers, by (event code, start number): a period
/// re-rated from the record gives each the ID he was published with.
pub type NewcomerIds = BTreeMap<(String, u32), u32>;

/// [`validate`], giving the newcomers listed in `pinned` their recorded IDs
/// (the others get IDs above every ID in the file and in `pinned`).
pub fn validate_with_ids(raw: RawData, policy: &dyn EligibilityPolicy, pinned: &NewcomerIds) -> Validated {
    validate_with_ids_above(raw, policy, pinned, 0)
}

/// [`validate_with_ids`], the newcomers not pinned given IDs above `taken`
/// too: the highest ID the rating record has given, so that the ID of a
/// player who left the file (removed, or merged into another) is never
/// given to someone else.
pub fn validate_with_ids_above(
    raw: RawData,
    policy: &dyn EligibilityPolicy,
    pinned: &NewcomerIds,
    taken: u32,
) -> Validated {
    let RawData { config, mut player_file, reports, unreadable, inputs, mut diagnostics } = raw;
    settle_unstated(&mut player_file, &config, policy);
    diagnostics.extend(players::check_players(&player_file, &config, policy));
    diagnostics.extend(text::check_player_text(&player_file));
    for report in &reports {
        diagnostics.extend(text::check_report_text(report));
    }
    let index = PlayerIndex::new(&player_file);

    // Pass 1: each report on its own, side by side; the findings keep the
    // reports' order.
    let per_report: Vec<(Checked, Vec<Diagnostic>)> =
        reports.into_par_iter().map(|report| check_report(report, &player_file, &index, &config)).collect();
    let mut checked = Vec::with_capacity(per_report.len());
    let mut codes: BTreeMap<String, Vec<(String, Location)>> = BTreeMap::new();
    for (c, findings) in per_report {
        if let Some(code) = &c.report.event.code {
            // (Compared regardless of case: V95001 and v95001 would share a
            // page on a disk that ignores case, and a withdrawal.)
            codes.entry(code.value.to_uppercase()).or_default().push((c.report.file.clone(), code.at.clone()));
        }
        diagnostics.extend(findings);
        checked.push(c);
    }

    // An event code used by two reports is an error in each of them.
    for (code, uses) in &codes {
        for (file, at) in uses.iter().filter(|_| uses.len() > 1) {
            let others: Vec<&str> = uses.iter().filter(|(f, _)| f != file).map(|(f, _)| f.as_str()).collect();
            diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateEventCode,
                    at.clone(),
                    format!("event code {code} is also used by {}", others.join(", ")),
                )
                .with_hint(
                    "every event needs its own code: correct the code in one of the reports, or remove the copy",
                ),
            );
        }
    }

    // Pass 2: dispositions. A report with any error is not rated.
    let error_files: HashSet<String> =
        diagnostics.iter().filter(|d| d.is_error()).map(|d| d.location.file.clone()).collect();
    let mut dispositions = Vec::with_capacity(checked.len());
    let mut by_event_rule = Vec::with_capacity(checked.len());
    for c in &checked {
        let disposal = if error_files.contains(&c.report.file) {
            // Not rated, but the period's own rules (dates, approval, time
            // control) are still told now, so that one run finds everything.
            let notes = c.report.event.end.as_ref().map(|_| dispose(c, &config, policy, &player_file, false).notes);
            Disposal { disposition: Disposition::Invalid, notes: notes.unwrap_or_default(), by_event_rule: false }
        } else {
            dispose(c, &config, policy, &player_file, true)
        };
        diagnostics.extend(disposal.notes);
        dispositions.push(disposal.disposition);
        by_event_rule.push(disposal.by_event_rule);
    }

    // Newcomers in rated events get IDs after the highest in the file (and
    // the record's, `taken`), in order of event code, then start number. So do, as they did when the
    // event rule ran after validation, the newcomers of an event the event
    // rule turned down who appear nowhere in its results.
    let mut players = player_file;
    let file_count = players.players.len();
    let mut next_id =
        players.players.iter().map(|p| p.id).chain(pinned.values().copied()).chain([taken]).max().unwrap_or(0) + 1;
    let mut newcomer_entries = Vec::new();
    let mut order: Vec<usize> =
        (0..checked.len()).filter(|&i| dispositions[i].is_rated() || by_event_rule[i]).collect();
    let code = |i: usize| checked[i].report.event.code.as_ref().map(|code| code.value.as_str());
    order.sort_by(|&a, &b| code(a).cmp(&code(b)));
    let extra_len = players.extra_columns.len();
    for &i in &order {
        let c = &mut checked[i];
        let playing = if by_event_rule[i] { c.playing() } else { vec![false; c.players.len()] };
        let mut newcomers: Vec<usize> =
            (0..c.players.len()).filter(|&e| c.players[e].is_none() && !playing[e]).collect();
        newcomers.sort_by_key(|&e| c.report.players[e].no);
        let event_state = c.report.event.state.as_ref().map(|s| s.value.clone());
        for e in newcomers {
            let entrant: &RawEntrant = &c.report.players[e];
            let code = c.report.event.code.as_ref().map(|code| code.value.clone()).unwrap_or_default();
            let id = match pinned.get(&(code.clone(), entrant.no)) {
                Some(&id) => id,
                None => {
                    next_id += 1;
                    next_id - 1
                }
            };
            newcomer_entries.push((code, entrant.no));
            let mut p = Player::new(id, &entrant.surname, &entrant.first_names);
            p.gender = entrant.gender;
            p.birth_date = entrant.birth_date;
            p.state = entrant.state.clone().or_else(|| event_state.clone());
            p.club = entrant.club.clone();
            p.status = Status::New;
            p.extra = vec![crate::model::ExtraValue::Empty; extra_len];
            c.players[e] = Some(players.players.len());
            players.players.push(p);
        }
    }
    let newcomers = players.players.len() - file_count;

    let mut deferred_entrants: Vec<u32> = checked
        .iter()
        .zip(&dispositions)
        .filter(|(_, d)| **d == Disposition::Deferred)
        .flat_map(|(c, _)| c.players.iter().flatten().map(|&p| players.players[p].id))
        .collect();
    deferred_entrants.sort_unstable();
    deferred_entrants.dedup();

    // The events, by code, built side by side.
    let built: Vec<(Event, RawReport, Option<Diagnostic>)> = checked
        .into_par_iter()
        .zip(dispositions)
        .map(|(c, disposition)| event_of(c, disposition, &players.players, policy))
        .collect();
    let mut events = Vec::with_capacity(built.len());
    let mut reports = Vec::with_capacity(built.len());
    for (event, report, note) in built {
        events.push(event);
        reports.push(report);
        diagnostics.extend(note);
    }
    // Every cell of every report, with its location: no longer needed.
    crate::background::drop_later(reports);
    events.sort_by(|a, b| a.code.cmp(&b.code).then_with(|| a.file.cmp(&b.file)));
    list_route::route(&config, &mut events);
    let period = ValidPeriod {
        config,
        players,
        newcomers,
        newcomer_entries,
        events,
        unreadable,
        inputs,
        switched: None,
        deferred_entrants,
    };
    diagnostics.extend(policy.check_settings(&period.config.rules));
    diagnostics.extend(policy.check_inputs(&period));
    crate::diag::sort(&mut diagnostics);
    Validated { period, diagnostics }
}

/// The checks of one report on its own: its event details, its entrants
/// and its results. Returns the report with its entrants and pairings, and
/// the findings.
fn check_report(
    report: RawReport,
    player_file: &PlayerFile,
    index: &PlayerIndex,
    config: &PeriodConfig,
) -> (Checked, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let ev = &report.event;
    if let Some(state) = &ev.state {
        if config.state_name(&state.value).is_none() {
            diagnostics.push(
                Diagnostic::error(
                    Code::UnknownState,
                    state.at.clone(),
                    format!("\"{}\" is not a state code", state.value),
                )
                .with_hint(format!("use one of {}", state_codes(config))),
            );
        }
    }
    if let (Some(s), Some(e)) = (&ev.start, &ev.end) {
        if e.value < s.value {
            diagnostics.push(
                Diagnostic::error(
                    Code::DatesOutOfOrder,
                    e.at.clone(),
                    format!("the event ends ({}) before it starts ({})", e.value, s.value),
                )
                .with_hint("check the Start and End dates"),
            );
        }
    }
    let time_control =
        ev.time_control.as_ref().and_then(|tc| time_control::read_field(&tc.value, &tc.at, &mut diagnostics));
    let entrants = check_entrants(&report.players, player_file, index, config, &mut diagnostics);
    let games = check_results(&report, &entrants.by_number, &mut diagnostics);
    let checked = Checked { time_control, players: entrants.players, games, report };
    (checked, diagnostics)
}

/// The event of a checked report (its games by player ID if it is rated,
/// the played games the rule set's game rule does not rate marked so), the
/// report, and the note listing those games.
fn event_of(
    c: Checked,
    disposition: Disposition,
    players: &[Player],
    policy: &dyn EligibilityPolicy,
) -> (Event, RawReport, Option<Diagnostic>) {
    let ev = &c.report.event;
    let mut unrated: Vec<(String, &'static str)> = Vec::new();
    let games = if disposition.is_rated() {
        let id = |e: usize| players[c.players[e].expect("every entrant of a rated event has an ID")].id;
        c.games
            .iter()
            .map(|g| {
                let mut game = Game {
                    round: g.round,
                    white: id(g.white),
                    black: g.black.map(id),
                    outcome: g.outcome,
                    remarks: g.remarks.clone(),
                };
                if let Outcome::Played { white_score } = game.outcome {
                    if let Some(not_rated) = policy.game(game.remarks.as_deref()) {
                        game.outcome = Outcome::PlayedUnrated { white_score };
                        let round = game.round.map(|r| format!("round {r}, ")).unwrap_or_default();
                        let why = format!("{round}{} v {}: {}", game.white, game.black.unwrap_or(0), not_rated.why);
                        unrated.push((why, not_rated.hint));
                    }
                }
                game
            })
            .collect()
    } else {
        Vec::new()
    };
    let note = unrated.first().map(|&(_, hint)| {
        let list: Vec<&str> = unrated.iter().map(|(why, _)| why.as_str()).collect();
        Diagnostic::note(
            Code::NotEligible,
            Location::sheet(&c.report.file, "Games"),
            format!("{} game(s) not rated: {}", unrated.len(), list.join("; ")),
        )
        .with_hint(hint)
    });
    let event = Event {
        code: ev.code.as_ref().map_or_else(|| c.report.file.clone(), |code| code.value.clone()),
        name: ev.name.clone().unwrap_or_default(),
        state: ev.state.as_ref().map(|s| s.value.clone()).unwrap_or_default(),
        start: ev.start.as_ref().map_or(NaiveDate::MIN, |d| d.value),
        end: ev.end.as_ref().map_or(NaiveDate::MIN, |d| d.value),
        rounds: ev.rounds.as_ref().map_or(0, |r| r.value),
        kind: ev.kind,
        time_control: ev.time_control.as_ref().map(|t| t.value.clone()).unwrap_or_default(),
        rate_of_play: c.time_control.clone(),
        federation_event: ev.federation_event.value,
        file: c.report.file.clone(),
        disposition,
        list: None,
        entrants: c.report.players.len(),
        games,
    };
    (event, c.report, note)
}

/// The disposition of an event and the notes that record it: the
/// period's own rules (handicap, fixed opening, approval), the rule set's
/// time control, the timing, then the rule set's event rule for an event
/// that would be rated (with `event_rule`: a report with errors has no
/// trustworthy entrants to ask it about).
fn dispose(
    c: &Checked,
    config: &PeriodConfig,
    policy: &dyn EligibilityPolicy,
    file: &PlayerFile,
    event_rule: bool,
) -> Disposal {
    let ev = &c.report.event;
    let end_field = ev.end.as_ref().expect("a report without errors has an end date");
    let (end, end_at) = (end_field.value, end_field.at.clone());
    let not_eligible = |why: String, at: Location, hint: &str| Disposal {
        disposition: Disposition::NotEligible(why.clone()),
        notes: vec![Diagnostic::note(Code::NotEligible, at, format!("not rated: {why}")).with_hint(hint.to_string())],
        by_event_rule: false,
    };
    if ev.handicap.value {
        return not_eligible("a handicap event".into(), ev.handicap.at.clone(), "handicap events are never rated");
    }
    if ev.fixed_opening.value {
        return not_eligible(
            "a fixed-opening event".into(),
            ev.fixed_opening.at.clone(),
            "fixed-opening (thematic) events are never rated",
        );
    }
    if !ev.approved.value {
        return not_eligible(
            "not approved by the state association".into(),
            ev.approved.at.clone(),
            "set Approved to yes once the state association has approved it for rating",
        );
    }
    let mut list_note = None;
    if let (Some(text), Some(tc)) = (&ev.time_control, &c.time_control) {
        match list_route::list_of(config, tc) {
            Some(Ok(k)) => {
                let dates = (ev.start.as_ref().map_or(end, |d| d.value), end);
                let rounds = ev.rounds.as_ref().map_or(0, |r| r.value);
                if let Err(why) = policy.rate_of_play(config.boundaries.rate_of(tc), tc, rounds, dates) {
                    let hint = "each list's rule set says which events of its rate of play it rates";
                    return not_eligible(format!("time control {}: {why}", text.value), text.at.clone(), hint);
                }
                list_note = Some(list_route::list_note(config, k, &text.value, tc, text.at.clone()));
            }
            Some(Err(rate)) => {
                return not_eligible(
                    list_route::no_list(rate),
                    text.at.clone(),
                    "period.toml's [rating_lists] say which rates of play the federation rates",
                )
            }
            None => {}
        }
        if let (None, Err(why)) = (&list_note, policy.time_control(tc)) {
            return not_eligible(
                format!("time control {}: {why}", text.value),
                text.at.clone(),
                "only events at a standard or rapid rate of play are rated",
            );
        }
    }
    let (disposition, note) = match timing(end, config) {
        Timing::InPeriod => (Disposition::Rated, None),
        Timing::Late => (
            Disposition::Late,
            Some(Diagnostic::note(
                Code::LateEvent,
                end_at,
                format!("late event (ended {end}, before the period's start {}): rated now", config.start),
            )),
        ),
        Timing::TooLate => (
            Disposition::TooLate,
            Some(
                Diagnostic::note(
                    Code::TooLate,
                    end_at,
                    format!("not rated: ended {end}, more than one period before the period's start {}", config.start),
                )
                .with_hint(format!("events must end on or after {} to be rated this period", config.late_limit())),
            ),
        ),
        Timing::Deferred => (
            Disposition::Deferred,
            Some(Diagnostic::note(
                Code::Deferred,
                end_at,
                format!("deferred: ends {end}, after the period's end {}; it will be rated next period", config.end),
            )),
        ),
    };
    let mut disposal =
        Disposal { disposition, notes: list_note.into_iter().chain(note).collect(), by_event_rule: false };
    if event_rule && disposal.disposition.is_rated() {
        let playing = c.playing();
        let entrants = EventEntrants {
            federation_event: ev.federation_event.value,
            entrants: c.report.players.len(),
            playing: (0..c.players.len())
                .filter(|&e| playing[e])
                .map(|e| c.players[e].map(|p| &file.players[p]))
                .collect(),
        };
        if let Err(not_rated) = policy.event(&entrants) {
            // A late event keeps its note that it is late (as it did when
            // the event rule ran after validation).
            disposal.notes.push(
                Diagnostic::note(
                    Code::NotEligible,
                    Location::file(&c.report.file),
                    format!("not rated: {}", not_rated.why),
                )
                .with_hint(not_rated.hint),
            );
            disposal.disposition = Disposition::NotEligible(not_rated.why);
            disposal.by_event_rule = true;
        }
    }
    disposal
}
