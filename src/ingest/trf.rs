//! Reads a FIDE Tournament Report File (TRF-2006/TRF16, TRF26 where its
//! records differ; also the ICU's Krause `.tab` exports) into a
//! [`RawReport`], so that validation treats it like any other report, with
//! line and column positions instead of cells.
//!
//! TRF does not carry what a rating officer needs to rate an event (code,
//! state, a time control in PGN syntax, approval), so each `NAME.trf` or
//! `NAME.tab` comes with a sidecar `NAME.toml` ([`sidecar`]). Players are
//! matched to the player file ([`matching`]): by our ID when the sidecar says
//! `ids = "national"`, by the player file's `FIDE ID` column otherwise, then by
//! name; an unmatched player joins as a newcomer, with a warning.

mod matching;
mod results;

use std::path::Path;

pub use matching::Matcher;

use crate::diag::{Code, Diagnostic, Location};
use crate::formats::report::{Located, RawEntrant, RawEvent, RawReport, RawResults};
use crate::formats::trf::dates::parse_event_date;
use crate::formats::trf::parse::{self, HeaderLine, PlayerLine, TrfFile, ROUND_START};
use crate::formats::trf::sidecar::{self, Sidecar};
use crate::formats::trf::text;
use crate::model::{EventKind, Gender};
use matching::{Match, Wanted};

pub use crate::formats::trf::EXTENSIONS;

/// Reads `path` (named `file` relative to the data folder) and its sidecar.
/// `None` when the report cannot be used at all (no sidecar, a sidecar with
/// errors, no player lines); the diagnostics say why. Never panics.
pub fn read_trf(path: &Path, file: &str, matcher: &Matcher) -> (Option<RawReport>, Vec<Diagnostic>) {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            let d = Diagnostic::error(Code::UnreadableFile, Location::file(file), format!("cannot read the file: {e}"))
                .with_hint("check that the file exists and may be read");
            return (None, vec![d]);
        }
    };
    let sidecar_path = path.with_extension("toml");
    let sidecar = sidecar_path.is_file().then(|| std::fs::read(&sidecar_path).map_err(|e| e.to_string()));
    read_trf_bytes(&bytes, sidecar, file, matcher)
}

/// [`read_trf`] of a TRF file's bytes and its sidecar's (`None`: there is
/// none), named `file`.
pub fn read_trf_bytes(
    bytes: &[u8],
    sidecar: Option<Result<Vec<u8>, String>>,
    file: &str,
    matcher: &Matcher,
) -> (Option<RawReport>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let sidecar_file = sidecar_name(file);
    let sidecar = if let Some(sidecar) = sidecar {
        match sidecar.and_then(|b| text::decode(&b)) {
            Ok(t) => sidecar::parse(&t, &sidecar_file, &mut diagnostics),
            Err(e) => {
                diagnostics.push(
                    Diagnostic::error(
                        Code::UnreadableFile,
                        Location::file(&sidecar_file),
                        format!("cannot read the sidecar: {e}"),
                    )
                    .with_hint("save the sidecar as a text file (UTF-8)"),
                );
                None
            }
        }
    } else {
        let stem = Path::new(file).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        diagnostics.push(
            Diagnostic::error(
                Code::MissingSidecar,
                Location::file(file),
                format!(
                    "no sidecar {sidecar_file}: a TRF file does not carry the event's code, state and time control"
                ),
            )
            .with_hint(sidecar::example(&stem)),
        );
        None
    };
    let report = read_text(bytes, file, sidecar, matcher, &mut diagnostics);
    (report, diagnostics)
}

/// `reports/x.trf` → `reports/x.toml`.
pub(crate) fn sidecar_name(file: &str) -> String {
    let slash = file.rfind('/').map_or(0, |i| i + 1);
    match file[slash..].rfind('.') {
        Some(dot) => format!("{}.toml", &file[..slash + dot]),
        None => format!("{file}.toml"),
    }
}

/// The report from a TRF file's bytes and its sidecar (`None` when the
/// sidecar is missing or has errors: the file is still read, so its own
/// problems are listed too).
pub(crate) fn read_text(
    bytes: &[u8],
    file: &str,
    sidecar: Option<Sidecar>,
    matcher: &Matcher,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<RawReport> {
    let text = match text::decode(bytes) {
        Ok(t) => t,
        Err(why) => {
            diagnostics.push(
                Diagnostic::error(Code::UnreadableFile, Location::file(file), format!("not a TRF file: {why}"))
                    .with_hint("export the tournament again from the pairing program as a FIDE TRF (text) file"),
            );
            return None;
        }
    };
    let trf = parse::parse(&text, file, diagnostics);
    if trf.players.is_empty() {
        diagnostics.push(
            Diagnostic::error(
                Code::TrfSyntax,
                Location::file(file),
                "the file has no player lines (lines starting 001)",
            )
            .with_hint("a TRF file has one 001 line per player, with the results in fixed columns from column 92"),
        );
        return None;
    }
    let (placeholders, players): (Vec<&PlayerLine>, Vec<&PlayerLine>) =
        trf.players.iter().partition(|p| results::is_bye_placeholder(&p.name));
    for p in &placeholders {
        diagnostics.push(
            Diagnostic::note(
                Code::ByePlayer,
                Location::line(file, p.line, 15),
                format!("No {} \"{}\" stands for the bye, not a player: left out", p.no, p.name),
            )
            .with_hint("games against it count as byes"),
        );
    }
    let placeholder_numbers: Vec<u32> = placeholders.iter().map(|p| p.no).collect();
    // The results are checked even without a usable sidecar, so that one run lists every problem.
    let unplayed = results::unplayed_rounds(&trf, &players, &placeholder_numbers);
    let games = results::games(&trf, &players, &placeholder_numbers, &unplayed, file, diagnostics);
    let sidecar = sidecar?;
    let event = read_event(&trf, &sidecar, file, diagnostics)?;
    let entrants = players.iter().map(|p| entrant(p, &trf, &sidecar, file, matcher, diagnostics)).collect();
    Some(RawReport {
        file: file.to_string(),
        event,
        players: entrants,
        results: RawResults::Games(games),
        unread: Vec::new(),
    })
}

/// The event fields: from the header lines, overridden or completed by the sidecar.
fn read_event(trf: &TrfFile, sidecar: &Sidecar, file: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<RawEvent> {
    let whole = Location::file(file);
    let line_at = |h: &HeaderLine| Location::line(file, h.line, 5);
    // Values from the sidecar are located at the report itself, so that a
    // finding about them makes this report invalid.
    let from_sidecar = |v: String| Located { value: v, at: whole.clone() };
    let mut missing = Vec::new();
    let code = sidecar.code.as_ref().map(|c| from_sidecar(c.value.clone()));
    let state = sidecar.state.as_ref().map(|s| from_sidecar(s.value.clone()));
    if code.is_none() {
        missing.push("code = \"V11001\"");
    }
    if state.is_none() {
        missing.push("state = \"V\"");
    }
    let time_control = match (&sidecar.time_control, &trf.time_control) {
        (Some(t), _) => Some(from_sidecar(t.value.clone())),
        (None, Some(h)) if !h.value.is_empty() => Some(Located { value: h.value.clone(), at: line_at(h) }),
        _ => {
            missing.push("time_control = \"5400+30\"");
            None
        }
    };
    if !missing.is_empty() {
        diagnostics.push(
            Diagnostic::error(
                Code::BadSidecar,
                Location::line(&sidecar.file, 1, 1),
                format!("the sidecar lacks {}", missing.join(", ")),
            )
            .with_hint(format!("add them; a sidecar takes {}", sidecar::KEYS)),
        );
        return None;
    }
    let name = match (&sidecar.name, &trf.name) {
        (Some(n), _) => Some(n.value.clone()),
        (None, Some(h)) if !h.value.is_empty() => Some(h.value.clone()),
        _ => {
            diagnostics.push(
                Diagnostic::error(Code::MissingField, whole.clone(), "the file has no tournament name (line 012)")
                    .with_hint("add a line \"012 <name>\", or name = \"…\" in the sidecar"),
            );
            None
        }
    };
    let mut date =
        |over: &Option<sidecar::At<chrono::NaiveDate>>, header: &Option<HeaderLine>, tag: &str, key: &str| {
            if let Some(d) = over {
                return Some(Located { value: d.value, at: whole.clone() });
            }
            let Some(h) = header.as_ref().filter(|h| !h.value.is_empty()) else {
                diagnostics.push(
                    Diagnostic::error(
                        Code::MissingField,
                        whole.clone(),
                        format!("the file has no {key} date (line {tag})"),
                    )
                    .with_hint(format!("add a line \"{tag} YYYY/MM/DD\", or {key} = 2011-02-27 in the sidecar")),
                );
                return None;
            };
            match parse_event_date(&h.value) {
                Some((d, two_digit)) => {
                    diagnostics.extend(crate::formats::sheet::date_read_note(line_at(h), key, &h.value));
                    if two_digit {
                        diagnostics.push(
                            Diagnostic::warning(
                                Code::BadDate,
                                line_at(h),
                                format!("\"{}\" has a two-digit year: read as {d}", h.value),
                            )
                            .with_hint(format!("if that is wrong, give {key} = YYYY-MM-DD in the sidecar")),
                        );
                    }
                    Some(Located { value: d, at: line_at(h) })
                }
                None => {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::BadDate,
                            line_at(h),
                            format!("the {key} date \"{}\" is not a date", crate::formats::sheet::clip(&h.value)),
                        )
                        .with_hint(format!("write it as YYYY/MM/DD, or give {key} = YYYY-MM-DD in the sidecar")),
                    );
                    None
                }
            }
        };
    let start = date(&sidecar.start, &trf.start, "042", "start");
    let end = date(&sidecar.end, &trf.end, "052", "end");
    let observed = trf
        .players
        .iter()
        .filter_map(|p| p.rounds.iter().rev().find(|f| !f.is_blank()).map(|f| f.round))
        .max()
        .unwrap_or(0);
    let first_line = trf.players.first().map_or(1, |p| p.line);
    let rounds = match trf.rounds {
        Some((n, line)) => Some(Located { value: n, at: Location::line(file, line, 5) }),
        None if observed > 0 => {
            Some(Located { value: observed, at: Location::line(file, first_line, ROUND_START as u32) })
        }
        None => {
            diagnostics.push(
                Diagnostic::error(
                    Code::TrfSyntax,
                    Location::line(file, first_line, ROUND_START as u32),
                    "the file has no results",
                )
                .with_hint("the 001 lines carry each round's opponent, colour and result from column 92"),
            );
            None
        }
    };
    let kind = match &sidecar.kind {
        Some(k) => k.value,
        None => guess_kind(trf),
    };
    let flag = |f: &Option<sidecar::At<bool>>, default: bool| Located {
        value: f.as_ref().map_or(default, |f| f.value),
        at: whole.clone(),
    };
    Some(RawEvent {
        code,
        name,
        state,
        start,
        end,
        rounds,
        time_control,
        kind,
        handicap: flag(&sidecar.handicap, false),
        fixed_opening: flag(&sidecar.fixed_opening, false),
        approved: flag(&sidecar.approved, true),
        federation_event: flag(&sidecar.federation_event, true),
        submitted: sidecar.submitted.as_ref().map(|d| d.value),
        at: whole.clone(),
    })
}

/// The event's type from line 092's free text and the team records.
fn guess_kind(trf: &TrfFile) -> EventKind {
    let text = trf.kind_text.as_ref().map(|h| h.value.to_lowercase()).unwrap_or_default();
    if trf.teams || text.contains("team") || text.contains("mannschaft") {
        EventKind::Team
    } else if text.contains("round robin")
        || text.contains("round-robin")
        || text.contains("all-play-all")
        || text.contains("rundenturnier")
    {
        EventKind::RoundRobin
    } else if text.split(|c: char| !c.is_alphanumeric()).any(|w| w == "match") {
        EventKind::Match
    } else {
        EventKind::Swiss
    }
}

/// One player line as an entrant, matched to the player file.
fn entrant(
    p: &PlayerLine,
    trf: &TrfFile,
    sidecar: &Sidecar,
    file: &str,
    matcher: &Matcher,
    diagnostics: &mut Vec<Diagnostic>,
) -> RawEntrant {
    let at = |column: u32| Location::line(file, p.line, column);
    let (surname, first_names) = match p.name.split_once(',') {
        Some((s, f)) => (s.trim().to_string(), f.trim().to_string()),
        None => (p.name.trim().to_string(), String::new()),
    };
    let gender = match p.sex {
        'm' => Some(Gender::Male),
        'w' | 'f' => Some(Gender::Female),
        _ if p.title.to_ascii_lowercase().starts_with('w') => Some(Gender::Female),
        _ => None,
    };
    let national = match sidecar.ids {
        sidecar::Ids::Fide => None,
        sidecar::Ids::National => {
            // TRF26 keeps national numbers in National Rating Support lines.
            let nrs = trf.national.iter().find(|(no, _)| *no == p.no).map(|(_, id)| *id);
            match nrs.or(p.id) {
                None => None,
                Some(n) => match u32::try_from(n) {
                    Ok(id) => Some(id),
                    Err(_) => {
                        diagnostics.push(
                            Diagnostic::error(Code::BadNumber, at(58), format!("ID {n} is too large for a player ID"))
                                .with_hint("with ids = \"national\" positions 58-68 hold our player IDs; FIDE IDs need ids = \"fide\""),
                        );
                        None
                    }
                },
            }
        }
    };
    let fide_id = if sidecar.ids == sidecar::Ids::Fide { p.id } else { None };
    let wanted =
        Wanted { surname: &surname, first_names: &first_names, birth: p.birth, fide_id, national_id: national };
    let shown = if p.name.is_empty() { format!("No {}", p.no) } else { p.name.clone() };
    let found = matcher.find(&wanted);
    // TRF has one name field, "Surname, First names"; a name without a comma
    // is taken whole as the surname, and a newcomer may lack first names.
    let newcomer = found == Match::None;
    if !p.name.is_empty() && !p.name.contains(',') {
        let read = if newcomer {
            "read whole as the surname; a new player, so joins the player file without first names"
        } else {
            "read whole as the surname, with no first names"
        };
        diagnostics.push(
            Diagnostic::warning(Code::MissingField, at(15), format!("\"{}\" (No {}) has no comma: {read}", p.name, p.no))
            .with_hint("TRF writes names as \"Surname, First names\": if the name has first names, put a comma after the surname in the pairing program"),
        );
    } else if newcomer && first_names.is_empty() && !surname.is_empty() {
        diagnostics.push(
            Diagnostic::warning(
                Code::MissingField,
                at(15),
                format!("new player {surname} (No {}) has no first names: joins the player file without them", p.no),
            )
            .with_hint("TRF writes names as \"Surname, First names\"; give the first names after the comma"),
        );
    }
    let id = match found {
        Match::Id(id) => Some(id),
        Match::None => {
            let by = match (sidecar.ids, p.id) {
                (sidecar::Ids::Fide, Some(f)) => {
                    format!("FIDE ID {f} is not in the player file's FIDE ID column, and no player there has this name")
                }
                _ => "no player in the player file has this name".to_string(),
            };
            let hint = match (sidecar.ids, p.id) {
                (sidecar::Ids::Fide, Some(f)) => {
                    format!(
                        "if the player is in the player file, put {f} in their FIDE ID column; otherwise nothing to do"
                    )
                }
                (sidecar::Ids::Fide, None) => {
                    "if the player is in the player file, give them the same name (or a FIDE ID in both files)"
                        .to_string()
                }
                (sidecar::Ids::National, _) => {
                    "if the player is in the player file, write their ID in positions 58-68".to_string()
                }
            };
            diagnostics.push(
                Diagnostic::warning(
                    Code::UnmatchedPlayer,
                    at(15),
                    format!("{shown} (No {}): {by}; joins as a new player", p.no),
                )
                .with_hint(hint),
            );
            None
        }
        Match::Ambiguous(candidates) => {
            let listed: Vec<String> = candidates
                .iter()
                .map(|&i| {
                    let c = matcher.player(i);
                    match c.birth_date {
                        Some(b) => format!("{} {} (born {b})", c.id, c.display_name()),
                        None => format!("{} {}", c.id, c.display_name()),
                    }
                })
                .collect();
            let hint = match sidecar.ids {
                sidecar::Ids::Fide => {
                    "give the right player the FIDE ID in the player file (or birth dates on both sides)"
                }
                sidecar::Ids::National => "write the player's ID in positions 58-68",
            };
            diagnostics.push(
                Diagnostic::error(
                    Code::AmbiguousPlayer,
                    at(15),
                    format!(
                        "{shown} (No {}) matches {} players in the player file: {}",
                        p.no,
                        candidates.len(),
                        listed.join(", ")
                    ),
                )
                .with_hint(hint),
            );
            None
        }
    };
    RawEntrant {
        no: p.no,
        id,
        surname,
        first_names,
        gender,
        birth_date: p.birth.date(),
        state: None,
        club: None,
        no_at: at(5),
        id_at: at(58),
        name_at: at(15),
        state_at: at(15),
        declared_new: false,
    }
}

#[cfg(test)]
mod tests;
