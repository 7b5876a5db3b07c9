//! What CIS asks of a period besides its games: its settings, period.toml's
//! `[rules]` table (`school_year_start`, the day a school year starts, 1
//! September by default), and its side inputs (lessons and renewals of
//! players in the file, the player file's `Joined` dates). Settings are read
//! strictly: an unknown key or a day that is none is a finding at its line;
//! the setting read at its old place, period.toml's top level, is a note.

use super::{joined_value, Cis, JOINED_COLUMN};
use crate::config::RuleSettings;
use crate::diag::{Code, Diagnostic, Location};
use crate::formats::dated_lists::DatedEntry;
use crate::model::time_control::TimeControl;
use crate::rate::common::extra_column;
use crate::validate::eligibility::unknown_setting;
use crate::validate::{EligibilityPolicy, ValidPeriod};

/// The setting's key under `[rules]`.
pub const SCHOOL_YEAR_START: &str = "school_year_start";

/// The day a school year starts by default: 1 September.
const SEPTEMBER: (u32, u32) = (9, 1);

/// CIS's settings as it validated them when the period's configuration was
/// read ([`crate::rate::configure`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// The day a school year starts, as (month, day).
    pub school_year_start: (u32, u32),
}

impl Settings {
    /// The settings of `rules`, as CIS validated them; settings built in
    /// memory and never validated (a test's) are read here.
    pub fn of(rules: &RuleSettings) -> Settings {
        rules.typed::<Settings>().copied().unwrap_or_else(|| Settings { school_year_start: settings(rules).0 })
    }
}

/// The day a school year starts, as (month, day), with the findings about
/// the settings; a setting with an error keeps its default.
pub fn settings(rules: &RuleSettings) -> ((u32, u32), Vec<Diagnostic>) {
    let mut start = SEPTEMBER;
    let mut findings = Vec::new();
    for (key, value) in &rules.table {
        if key != SCHOOL_YEAR_START {
            findings.push(unknown_setting(rules, key, &[SCHOOL_YEAR_START]));
            continue;
        }
        let at = Location::line("period.toml", rules.line(key), 1);
        match month_day(value) {
            Ok(day) => start = day,
            Err(message) => findings.push(
                Diagnostic::error(Code::BadSettings, at.clone(), message)
                    .with_hint("write the month and day a school year starts, e.g. school_year_start = \"09-01\""),
            ),
        }
        if rules.moved.iter().any(|k| k == key) {
            findings.push(
                Diagnostic::note(
                    Code::BadSettings,
                    at,
                    format!("`{key}` stands at period.toml's top level, its old place; it is read there still"),
                )
                .with_hint(format!("move it under [rules]: [rules] {key} = {value}")),
            );
        }
    }
    (start, findings)
}

impl EligibilityPolicy for Cis {
    /// A rating without a status is a published one: CIS has no other status.
    fn status_unstated(
        &self,
        player: &crate::model::Player,
        _columns: &[String],
        _config: &crate::config::PeriodConfig,
    ) -> crate::model::Status {
        if player.rating.is_some() {
            crate::model::Status::Confirmed
        } else {
            player.status
        }
    }

    /// Scholastic games count at any rate of play.
    fn time_control(&self, _tc: &TimeControl) -> Result<(), String> {
        Ok(())
    }

    /// The findings its validation kept ([`crate::rate::RatingSystem::validate_settings`]);
    /// settings never validated are read now.
    fn check_settings(&self, rules: &RuleSettings) -> Vec<Diagnostic> {
        match rules.findings(crate::model::system::SystemName::Cis) {
            Some(findings) => findings.to_vec(),
            None => settings(rules).1,
        }
    }

    fn check_inputs(&self, period: &ValidPeriod) -> Vec<Diagnostic> {
        let ids: std::collections::HashSet<u32> = period.players.players.iter().map(|p| p.id).collect();
        let mut findings = Vec::new();
        for (what, rows) in [
            ("lesson", period.inputs.dated(super::files::LESSONS.stem)),
            ("renewal", period.inputs.dated(super::files::RENEWALS.stem)),
        ] {
            for r in rows.iter().filter(|r| !ids.contains(&r.id)) {
                findings.push(
                    Diagnostic::error(
                        Code::UnknownPlayerId,
                        r.at.clone(),
                        format!("ID {} is not in the player file", r.id),
                    )
                    .with_hint(format!(
                        "give the ID of the player who had the {what}, as in {}",
                        crate::output_folder::names::PLAYERS
                    )),
                );
            }
            let later: Vec<&DatedEntry> = rows.iter().filter(|r| r.date > period.config.end).collect();
            if let Some(first) = later.first() {
                findings.push(Diagnostic::note(
                    Code::Deferred,
                    first.at.clone(),
                    format!(
                        "{} {what}(s) dated after the period's end {}: they count next period",
                        later.len(),
                        period.config.end
                    ),
                ));
            }
        }
        if let Some(c) = extra_column(period, JOINED_COLUMN) {
            let origin = period.players.origin.as_ref();
            for (i, p) in period.players.players.iter().enumerate() {
                let at = || {
                    origin
                        .and_then(|o| o.extra_cell(i, c))
                        .unwrap_or_else(|| Location::sheet(crate::output_folder::names::PLAYERS, "Players"))
                };
                match joined_value(p.extra.get(c)) {
                    Err(shown) => findings.push(
                        Diagnostic::error(
                            Code::BadDate,
                            at(),
                            format!("player {}: Joined must be a date, not {shown}", p.id),
                        )
                        .with_hint(
                            "enter the date the player entered the CIS pool, e.g. 2023-09-14, or leave it blank",
                        ),
                    ),
                    // A date typed as text that reads two ways: noted, as every other.
                    Ok(_) => {
                        if let Some(crate::model::ExtraValue::Text(text)) = p.extra.get(c) {
                            findings.extend(crate::formats::sheet::date_read_note(at(), "Joined", text));
                        }
                    }
                }
            }
        }
        findings
    }
}

/// `school_year_start`: a day of the year, written `"09-01"` (month-day) or as
/// a date whose year is ignored (`2024-09-01`).
fn month_day(value: &toml::Value) -> Result<(u32, u32), String> {
    let wrong = || format!("`school_year_start` must be a day of the year like \"09-01\" (month-day), not {value}");
    let (month, day) = match value {
        toml::Value::String(s) => {
            let (m, d) = s.trim().split_once('-').ok_or_else(wrong)?;
            (m.trim().parse::<u32>().map_err(|_| wrong())?, d.trim().parse::<u32>().map_err(|_| wrong())?)
        }
        toml::Value::Datetime(dt) => match (dt.date, dt.time) {
            (Some(d), None) => (d.month as u32, d.day as u32),
            _ => return Err(wrong()),
        },
        _ => return Err(wrong()),
    };
    // 2000 is a leap year, so 29 February is accepted.
    chrono::NaiveDate::from_ymd_opt(2000, month, day).map(|_| (month, day)).ok_or_else(wrong)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::PeriodConfig;
    use crate::diag::Severity;

    const TOP: &str = "federation = \"F\"\nperiod = \"P\"\npublished = 2024-04-01\nstart = 2024-03-01\nend = 2024-03-31\nsystem = \"cis\"\nactive_since = 2023-01-01\n";

    fn config(top: &str, rules: &str) -> Result<PeriodConfig, String> {
        PeriodConfig::parse(&format!("{TOP}{top}\n[states]\nA = \"A\"\n\n[rules]\n{rules}"))
    }

    fn start(top: &str, rules: &str) -> ((u32, u32), Vec<Diagnostic>) {
        settings(&config(top, rules).unwrap().rules)
    }

    #[test]
    fn the_school_year_start_is_read_under_rules_and_checked() {
        let (day, findings) = start("", "");
        assert_eq!((day, findings.len()), (SEPTEMBER, 0));
        assert_eq!(start("", "school_year_start = \"08-15\"").0, (8, 15));
        assert_eq!(start("", "school_year_start = 2024-01-20").0, (1, 20));
        assert_eq!(start("", "school_year_start = \"02-29\"").0, (2, 29));
        for wrong in ["\"13-01\"", "\"September\"", "9"] {
            let (day, findings) = start("", &format!("school_year_start = {wrong}"));
            assert_eq!(day, SEPTEMBER);
            assert_eq!(findings.len(), 1, "{wrong}");
            assert!(findings[0].message.contains("school_year_start"), "{:?}", findings[0]);
            assert_eq!(findings[0].location, Location::line("period.toml", 13, 1));
        }
        let (_, findings) = start("", "school_year = \"09-01\"");
        assert!(findings[0].message.contains("unknown setting `school_year`"), "{:?}", findings[0]);
    }

    #[test]
    fn at_its_old_place_at_the_top_level_it_is_still_read_with_a_note() {
        let (day, findings) = start("school_year_start = \"08-15\"", "");
        assert_eq!(day, (8, 15));
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].severity, Severity::Note);
        assert_eq!(findings[0].location, Location::line("period.toml", 8, 1));
        assert!(findings[0].message.contains("old place"), "{:?}", findings[0]);
        // The same day in both places is one setting.
        assert_eq!(start("school_year_start = \"08-15\"", "school_year_start = \"08-15\"").0, (8, 15));
        // A period.toml the record keeps is read from its bytes, as any other.
        let stored = format!("{TOP}school_year_start = \"08-15\"\n\n[states]\nA = \"A\"\n");
        let c = PeriodConfig::from_bytes(stored.as_bytes(), std::path::Path::new("period.toml")).unwrap();
        assert_eq!(settings(&c.rules).0, (8, 15));
        // Other rule sets never read it: still no [rules] setting of theirs.
        let acf = stored.replace("\"cis\"", "\"acf\"");
        assert!(PeriodConfig::parse(&acf).unwrap().rules.table.is_empty());
    }

    /// A `Joined` date typed as text that reads two ways gets the note any
    /// text date gets; a wrong one is an error; a clear one neither.
    #[test]
    fn a_joined_date_typed_as_text_is_noted_as_every_text_date() {
        use crate::model::{ExtraValue, Player, PlayerFile};
        let joined = |i: u32, v: ExtraValue| {
            let mut p = Player::new(i, "P", "Q");
            p.extra = vec![v];
            p
        };
        let players = vec![
            joined(1, ExtraValue::Text("05/09/2023".into())),
            joined(2, ExtraValue::Text("2023-09-05".into())),
            joined(3, ExtraValue::Text("soon".into())),
        ];
        let period = ValidPeriod {
            config: config("", "").unwrap(),
            players: PlayerFile { players, extra_columns: vec![JOINED_COLUMN.into()], origin: None, lists: Vec::new() },
            newcomers: 0,
            newcomer_entries: Vec::new(),
            events: Vec::new(),
            unreadable: Vec::new(),
            inputs: Default::default(),
            switched: None,
            deferred_entrants: Vec::new(),
        };
        let findings = Cis.check_inputs(&period);
        let said: Vec<(Severity, &str)> = findings.iter().map(|d| (d.severity, d.message.as_str())).collect();
        assert_eq!(
            said,
            [
                (Severity::Note, "Joined \"05/09/2023\" read as 5 September 2023 (day/month/year)"),
                (Severity::Error, "player 3: Joined must be a date, not \"soon\""),
            ]
        );
    }

    #[test]
    fn both_places_with_different_days_are_refused_naming_both() {
        let err = config("school_year_start = \"08-15\"", "school_year_start = \"09-01\"").unwrap_err();
        assert!(err.contains("\"08-15\" at the top level (line 8)"), "{err}");
        assert!(err.contains("\"09-01\" under [rules] (line 13)"), "{err}");
    }
}
