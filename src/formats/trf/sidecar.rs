//! The sidecar `NAME.toml` beside `NAME.trf`/`NAME.tab`: what TRF does not
//! carry, or carries only as free text (event code, state, time control,
//! flags, optional date overrides, and what the ID column holds). Strict:
//! an unknown key, a value of the wrong kind or a missing required key is an
//! error at its line and column in the sidecar.

use chrono::NaiveDate;
use toml::de::{DeTable, DeValue};

use super::dates::parse_event_date;
use super::text::line_column;
use crate::diag::{Code, Diagnostic, Location};
use crate::formats::sheet::clip;
use crate::model::names::normalise;
use crate::model::EventKind;

/// What the TRF's ID column (positions 58–68) holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ids {
    /// FIDE IDs, matched through the player file's `FIDE ID` column.
    #[default]
    Fide,
    /// Our own player codes (the ICU's files do this).
    National,
}

/// A value and the one-based (line, column) it was written at.
#[derive(Debug, Clone, PartialEq)]
pub struct At<T> {
    pub value: T,
    pub line: u32,
    pub column: u32,
}

/// A sidecar, read. Fields are `None` when the key is absent.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Sidecar {
    /// The sidecar's path relative to the data folder.
    pub file: String,
    pub code: Option<At<String>>,
    pub name: Option<At<String>>,
    pub state: Option<At<String>>,
    pub time_control: Option<At<String>>,
    pub start: Option<At<NaiveDate>>,
    pub end: Option<At<NaiveDate>>,
    pub kind: Option<At<EventKind>>,
    pub handicap: Option<At<bool>>,
    pub fixed_opening: Option<At<bool>>,
    pub approved: Option<At<bool>>,
    pub federation_event: Option<At<bool>>,
    pub submitted: Option<At<NaiveDate>>,
    pub ids: Ids,
}

/// Every key a sidecar may hold, as the hint lists them.
pub const KEYS: &str =
    "code, state, time_control (required); name, start, end, type, handicap, fixed_opening, approved, federation_event, submitted, ids (optional)";

/// The keys a new sidecar needs, with example values.
pub fn example(stem: &str) -> String {
    format!(
        "create {stem}.toml beside it with at least: code = \"V11001\", state = \"V\", time_control = \"5400+30\" (PGN syntax); \
         optionally start, end (dates, override lines 042/052), type, handicap, fixed_opening, approved (true/false), \
         and ids = \"fide\" (the default: positions 58-68 hold FIDE IDs) or ids = \"national\" (they hold our player IDs)"
    )
}

/// Parses a sidecar's text. `None` when it has any error (all are in `diagnostics`).
pub fn parse(text: &str, file: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<Sidecar> {
    let before = diagnostics.len();
    let at = |offset: usize| {
        let (l, c) = line_column(text, offset);
        Location::line(file, l, c)
    };
    let table = match DeTable::parse(text) {
        Ok(t) => t.into_inner(),
        Err(e) => {
            let location = e.span().map(|s| at(s.start)).unwrap_or_else(|| Location::file(file));
            diagnostics.push(
                Diagnostic::error(Code::BadSidecar, location, format!("not valid TOML: {}", e.message().trim()))
                    .with_hint("write one key = value per line, text in quotes: code = \"V11001\""),
            );
            return None;
        }
    };
    let mut sidecar = Sidecar { file: file.to_string(), ..Sidecar::default() };
    // The keys read so far, as matched (any case, `_`, `-` or a space), with where.
    let mut given: Vec<(String, String, u32)> = Vec::new();
    for (key, value) in table.iter() {
        let name = key.get_ref().to_string();
        let (line, column) = line_column(text, value.span().start);
        let matched = same_key(&normalise(&name)).to_string();
        if let Some((_, first, first_line)) = given.iter().find(|(k, _, _)| *k == matched) {
            diagnostics.push(
                Diagnostic::error(
                    Code::BadSidecar,
                    at(key.span().start),
                    format!(
                        "`{name}` (line {line}) gives the key `{first}` (line {first_line}) a second time; ratebook cannot tell which to read"
                    ),
                )
                .with_hint("keep one of the two lines"),
            );
            continue;
        }
        given.push((matched, name.clone(), line));
        let bad = |what: &str, example: &str| {
            Diagnostic::error(
                Code::BadSidecar,
                at(value.span().start),
                format!("`{name}` must be {what}, not {}", describe(value.get_ref())),
            )
            .with_hint(format!("for example {name} = {example}"))
        };
        let text_value = |diagnostics: &mut Vec<Diagnostic>, example: &str| match value.get_ref() {
            DeValue::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            _ => {
                diagnostics.push(bad("text in quotes", example));
                None
            }
        };
        let date_value = |diagnostics: &mut Vec<Diagnostic>| match value.get_ref() {
            DeValue::Datetime(d) => match (d.date, d.time) {
                (Some(date), None) => {
                    let parsed = NaiveDate::from_ymd_opt(date.year as i32, date.month as u32, date.day as u32);
                    if parsed.is_none() {
                        diagnostics.push(bad("a date", "2011-02-27"));
                    }
                    parsed
                }
                _ => {
                    diagnostics.push(bad("a date without a time", "2011-02-27"));
                    None
                }
            },
            DeValue::String(s) => match parse_event_date(s) {
                Some((d, _)) => {
                    // A date typed as text that reads two ways: noted, as in a workbook.
                    diagnostics.extend(crate::formats::sheet::date_read_note(at(value.span().start), &name, s));
                    Some(d)
                }
                None => {
                    diagnostics.push(bad("a date", "2011-02-27"));
                    None
                }
            },
            _ => {
                diagnostics.push(bad("a date", "2011-02-27"));
                None
            }
        };
        let flag_value = |diagnostics: &mut Vec<Diagnostic>| match value.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            DeValue::String(s) => match s.trim().to_ascii_lowercase().as_str() {
                "yes" | "y" | "true" => Some(true),
                "no" | "n" | "false" => Some(false),
                _ => {
                    diagnostics.push(bad("true or false", "false"));
                    None
                }
            },
            _ => {
                diagnostics.push(bad("true or false", "false"));
                None
            }
        };
        match normalise(&name).as_str() {
            "code" => sidecar.code = put(text_value(diagnostics, "\"V11001\""), line, column),
            "name" => sidecar.name = put(text_value(diagnostics, "\"Bunratty Masters 2011\""), line, column),
            "state" => {
                sidecar.state = put(text_value(diagnostics, "\"V\"").map(|s| s.to_ascii_uppercase()), line, column)
            }
            "time control" | "timecontrol" => {
                sidecar.time_control = put(text_value(diagnostics, "\"5400+30\""), line, column)
            }
            "start" | "start date" => sidecar.start = put(date_value(diagnostics), line, column),
            "end" | "end date" => sidecar.end = put(date_value(diagnostics), line, column),
            "submitted" => sidecar.submitted = put(date_value(diagnostics), line, column),
            "type" => {
                if let Some(t) = text_value(diagnostics, "\"swiss\"") {
                    match EventKind::parse(&t) {
                        Some(k) => sidecar.kind = Some(At { value: k, line, column }),
                        None => diagnostics.push(
                            Diagnostic::error(
                                Code::BadSidecar,
                                at(value.span().start),
                                format!("unknown event type \"{}\"", clip(&t)),
                            )
                            .with_hint("use swiss, round robin, match, team or other"),
                        ),
                    }
                }
            }
            "handicap" => sidecar.handicap = put(flag_value(diagnostics), line, column),
            "fixed opening" => sidecar.fixed_opening = put(flag_value(diagnostics), line, column),
            "approved" => sidecar.approved = put(flag_value(diagnostics), line, column),
            "federation event" => sidecar.federation_event = put(flag_value(diagnostics), line, column),
            "ids" => {
                if let Some(t) = text_value(diagnostics, "\"national\"") {
                    match t.to_ascii_lowercase().as_str() {
                        "fide" => sidecar.ids = Ids::Fide,
                        "national" => sidecar.ids = Ids::National,
                        _ => diagnostics.push(
                            Diagnostic::error(Code::BadSidecar, at(value.span().start), format!("ids must be \"fide\" or \"national\", not \"{}\"", clip(&t)))
                                .with_hint("\"fide\" when positions 58-68 hold FIDE IDs, \"national\" when they hold our player IDs"),
                        ),
                    }
                }
            }
            _ => diagnostics.push(
                Diagnostic::error(Code::BadSidecar, at(key.span().start), format!("unknown key `{name}`"))
                    .with_hint(format!("a sidecar takes {KEYS}")),
            ),
        }
    }
    // (A note, such as how a date typed as text was read, is no error.)
    diagnostics[before..].iter().all(|d| !d.is_error()).then_some(sidecar)
}

/// The key a sidecar's key (normalised) is read as: its aliases as one.
fn same_key(normalised: &str) -> &str {
    match normalised {
        "timecontrol" => "time control",
        "start date" => "start",
        "end date" => "end",
        other => other,
    }
}

fn put<T>(value: Option<T>, line: u32, column: u32) -> Option<At<T>> {
    value.map(|value| At { value, line, column })
}

fn describe(value: &DeValue) -> String {
    match value {
        DeValue::String(s) => format!("\"{}\"", clip(s)),
        DeValue::Integer(i) => format!("the number {}", i.as_str()),
        DeValue::Float(f) => format!("the number {}", f.as_str()),
        DeValue::Boolean(b) => format!("{b}"),
        DeValue::Datetime(d) => format!("{d}"),
        DeValue::Array(_) => "a list".into(),
        DeValue::Table(_) => "a table".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(text: &str) -> Sidecar {
        let mut d = Vec::new();
        let s = parse(text, "reports/x.toml", &mut d);
        assert!(d.is_empty(), "{d:?}");
        s.unwrap()
    }

    fn parse_err(text: &str) -> Vec<Diagnostic> {
        let mut d = Vec::new();
        assert!(parse(text, "reports/x.toml", &mut d).is_none());
        assert!(!d.is_empty());
        d
    }

    #[test]
    fn a_key_given_twice_in_any_spelling_is_an_error_naming_both() {
        let d = parse_err("code = \"V11001\"\nstate = \"V\"\ntime_control = \"5400\"\nState = \"N\"\n");
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(
            d[0].message,
            "`State` (line 4) gives the key `state` (line 2) a second time; ratebook cannot tell which to read"
        );
        let d = parse_err(
            "code = \"V11001\"\nstate = \"V\"\ntime_control = \"5400\"\nend = 2011-02-27\nend_date = 2011-02-28\n",
        );
        assert!(d[0].message.contains("`end_date` (line 5) gives the key `end` (line 4)"), "{d:?}");
    }

    #[test]
    fn reads_every_key() {
        let s = parse_ok(
            "code = \"V11001\"\nname = \"Bunratty\"\nstate = \"v\"\ntime_control = \"5400+10\"\nstart = 2011-02-25\nend = \"27.02.2011\"\n\
             type = \"round robin\"\nhandicap = false\nfixed_opening = \"no\"\napproved = true\nsubmitted = 2011-03-01\nids = \"National\"\n",
        );
        assert_eq!(s.code.as_ref().unwrap().value, "V11001");
        assert_eq!((s.code.as_ref().unwrap().line, s.code.as_ref().unwrap().column), (1, 8));
        assert_eq!(s.state.unwrap().value, "V");
        assert_eq!(s.time_control.unwrap().value, "5400+10");
        assert_eq!(s.start.unwrap().value, NaiveDate::from_ymd_opt(2011, 2, 25).unwrap());
        assert_eq!(s.end.unwrap().value, NaiveDate::from_ymd_opt(2011, 2, 27).unwrap());
        assert_eq!(s.kind.unwrap().value, EventKind::RoundRobin);
        assert!(!s.handicap.unwrap().value);
        assert!(!s.fixed_opening.unwrap().value);
        assert!(s.approved.unwrap().value);
        assert_eq!(s.ids, Ids::National);
        assert_eq!(parse_ok("code = \"X\"").ids, Ids::Fide, "FIDE IDs by default");
        assert_eq!(parse_ok("\"Time Control\" = \"3600\"").time_control.unwrap().value, "3600");
    }

    /// A date typed as text that reads two ways is noted as read day first,
    /// as a workbook's cell is; one in words is read.
    #[test]
    fn a_text_date_is_noted_as_a_workbooks_is() {
        let mut d = Vec::new();
        let s = parse("code = \"V1\"\nstart = \"05/06/2011\"\nsubmitted = \"7 Jul 2011\"\n", "reports/x.toml", &mut d);
        let s = s.expect("a note is no error");
        assert_eq!(s.start.unwrap().value, NaiveDate::from_ymd_opt(2011, 6, 5).unwrap());
        assert_eq!(s.submitted.unwrap().value, NaiveDate::from_ymd_opt(2011, 7, 7).unwrap());
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, Code::DateRead);
        assert_eq!(d[0].message, "start \"05/06/2011\" read as 5 June 2011 (day/month/year)");
        assert_eq!(d[0].location.line, Some((2, 9)));
    }

    #[test]
    fn unknown_keys_are_errors_naming_the_key() {
        let d = parse_err("code = \"V1\"\ncolour = \"red\"\n");
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, Code::BadSidecar);
        assert!(d[0].message.contains("colour"), "{}", d[0].message);
        assert_eq!(d[0].location.line, Some((2, 1)));
        assert!(d[0].hint.as_deref().unwrap().contains("time_control"));
    }

    #[test]
    fn wrong_kinds_of_value_are_located_errors() {
        let d = parse_err("code = 11001\nstart = \"soon\"\nhandicap = \"maybe\"\nids = \"icu\"\ntype = \"blitz\"\nend = 2011-02-27T10:00:00\n");
        assert_eq!(d.len(), 6, "{d:?}");
        assert_eq!(d[0].location.line, Some((1, 8)));
        assert!(d[0].message.contains("text in quotes"));
        assert!(d[1].message.contains("date"));
        assert!(d[2].message.contains("true or false"));
        assert!(d[3].message.contains("national"));
        assert!(d[4].message.contains("blitz"));
        assert!(d[5].message.contains("without a time"));
    }

    #[test]
    fn bad_toml_is_an_error_with_a_position() {
        let d = parse_err("code = \"V1\"\nstate = \n");
        assert_eq!(d[0].code, Code::BadSidecar);
        assert_eq!(d[0].location.line.map(|l| l.0), Some(2));
        let d = parse_err("code = \"V1\"\ncode = \"V2\"\n");
        assert_eq!(d[0].code, Code::BadSidecar);
    }
}
