//! `period.toml` ↔ [`PeriodConfig`]: the period being published and its
//! settings, read strictly (an unknown key is an error that names it) and
//! written back in the same commented layout (the generator, the tests).

use std::path::Path;

use chrono::{Datelike, Months, NaiveDate};
use serde::Deserialize;
use thiserror::Error;

mod keys;
pub mod limits;
mod lists;
mod rating_lists;
mod rolled;
mod rules;

pub use lists::{ListSizes, StatisticsSettings};
pub use rating_lists::{Bound, Minutes, RatingList, StartFrom};
pub use rules::{RuleSettings, MOVED};

use crate::model::names::NameOrder;
use crate::model::rate_of_play::{RateBoundaries, RateOfPlay};
use crate::model::system::SystemName;
use rules::key_lines;

/// The root collation: names sorted as the Unicode Collation Algorithm sorts them.
pub const DEFAULT_COLLATION: &str = "und";

/// What went wrong reading `period.toml` (the command cannot run: exit 2).
#[derive(Debug, Error)]
pub enum ConfigError {
    /// (The I/O error is a field, not the error's source: printed with its
    /// causes, the reason would appear twice.)
    #[error("cannot read {path}: {error}")]
    Read { path: String, error: std::io::Error },
    /// Every mistake found, one a message (a TOML syntax error stops the
    /// reading at the first).
    #[error("{}", .messages.iter().map(|m| format!("{path}: {m}")).collect::<Vec<_>>().join("\n"))]
    Invalid { path: String, messages: Vec<String> },
}

/// The validated contents of `period.toml`.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodConfig {
    pub federation: String,
    /// The list's name, e.g. "August 1993".
    pub period: String,
    /// The date the list takes effect.
    pub published: NaiveDate,
    /// Events that end from `start` to `end` (inclusive) belong to this period.
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// The rule set: the one list's, or the main rating list's (the one that
    /// takes standard play, else the first) when `[rating_lists]` declares them.
    pub system: SystemName,
    /// Lists show players who played on or after this date.
    pub active_since: NaiveDate,
    /// Junior ages are taken at this date.
    pub age_date: NaiveDate,
    /// State code and name, in the order of `[states]`.
    pub states: Vec<(String, String)>,
    pub lists: ListSizes,
    pub statistics: StatisticsSettings,
    /// The locale names are sorted in, a BCP 47 tag (`und`: the root collation).
    pub collation: String,
    /// The rating record, relative to the data folder (`None`: `record = false`).
    pub record: Option<String>,
    /// Whether the publication writes the website, `site/` (`site = false`: not).
    pub site: bool,
    /// What public output shows of a player's birth date (`[site] birth`).
    pub birth: PublicBirth,
    /// Errata list players whose rating changes by at least this much.
    pub errata_tolerance: f64,
    /// `[rules]`: the rule set's own settings, which the rule set reads and
    /// checks (glicko2's τ and starting values); empty when absent.
    pub rules: RuleSettings,
    /// `[switch]`: how this period starts a rule set other than the record's last.
    pub switch: Option<crate::switch::SwitchSettings>,
    /// `[rating_lists.NAME]`: the rating lists the federation keeps, in the
    /// file's order; none for a folder that keeps one list (`system` and
    /// `[rules]`), as before.
    pub rating_lists: Vec<RatingList>,
    /// Where the rates of play meet: FIDE's, unless a list's `minutes` moves them.
    pub boundaries: RateBoundaries,
    /// The rates of play of the list this configuration rates: none for a
    /// folder that keeps one list (its rule set's own rule says which time
    /// controls it rates); the main list's as read, each list's in turn
    /// when the lists are rated ([`PeriodConfig::for_list`]).
    pub play: Vec<RateOfPlay>,
}

/// What the public output (the site, its downloads, the booklet and the
/// lists of `ratings.xlsx`) shows of a player's birth date: never the date
/// itself. `Year` (the default, as FIDE's lists do) publishes the birth year
/// and the junior and senior lists' ages; `None` neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PublicBirth {
    #[default]
    Year,
    None,
}

impl PublicBirth {
    /// The word `period.toml` uses for it.
    pub fn as_str(self) -> &'static str {
        match self {
            PublicBirth::Year => "year",
            PublicBirth::None => "none",
        }
    }

    /// Whether ages and birth years may be published.
    pub fn shown(self) -> bool {
        self == PublicBirth::Year
    }
}

/// `[site]`: `publish = false` is the same as `site = false`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SiteToml {
    publish: Option<bool>,
    birth: Option<String>,
}

/// The record's file when `period.toml` names none.
pub const DEFAULT_RECORD: &str = "record.sqlite";

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ErrataToml {
    tolerance: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PeriodToml {
    federation: String,
    period: String,
    published: toml::value::Datetime,
    start: toml::value::Datetime,
    end: toml::value::Datetime,
    #[serde(default)]
    system: Option<String>,
    active_since: toml::value::Datetime,
    #[serde(default)]
    age_date: Option<toml::value::Datetime>,
    states: toml::Table,
    #[serde(default)]
    lists: ListSizes,
    #[serde(default)]
    statistics: StatisticsSettings,
    #[serde(default)]
    school_year_start: Option<toml::Value>,
    #[serde(default)]
    collation: Option<String>,
    #[serde(default)]
    record: Option<toml::Value>,
    #[serde(default)]
    site: Option<toml::Value>,
    #[serde(default)]
    errata: Option<ErrataToml>,
    #[serde(default)]
    switch: Option<toml::Value>,
    rules: Option<toml::Table>,
    #[serde(default)]
    rating_lists: Option<toml::Value>,
}

impl PeriodConfig {
    /// Checks the bytes of `period.toml` (a data folder's, as
    /// [`crate::ingest::DataFolder::open`] reads it, or a copy the record
    /// holds); `path` names the file in messages.
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<PeriodConfig, ConfigError> {
        let bytes = bytes.to_vec();
        // Text that is no UTF-8 is a mistake in the file, found where it is.
        let text = String::from_utf8(bytes).map_err(|e| ConfigError::Invalid {
            path: path.display().to_string(),
            messages: vec![format!(
                "the file is not UTF-8 text (byte {} cannot be read): save it again as UTF-8",
                e.utf8_error().valid_up_to() + 1
            )],
        })?;
        PeriodConfig::read(&text)
            .map_err(|messages| ConfigError::Invalid { path: path.display().to_string(), messages })
    }

    /// Parses the text of `period.toml`; the error says what is wrong and
    /// where, each mistake on a line of its own ([`PeriodConfig::read`]).
    pub fn parse(text: &str) -> Result<PeriodConfig, String> {
        PeriodConfig::read(text).map_err(|mistakes| mistakes.join("\n"))
    }

    /// Reads the text of `period.toml`; the error says what is wrong and
    /// where, every mistake found on one line each (a misspelt or missing
    /// setting, a wrong date, state, name or list size), as cargo-deny
    /// gathers its configuration's problems rather than stopping at the first.
    pub fn read(text: &str) -> Result<PeriodConfig, Vec<String>> {
        let raw: PeriodToml = keys::read(text)?;
        let mut errors: Vec<String> = Vec::new();
        // Each check's error is kept and a stand-in value taken, so that the
        // checks after it still run.
        fn take<T>(errors: &mut Vec<String>, result: Result<T, String>, stand_in: T) -> T {
            result.unwrap_or_else(|e| {
                errors.push(e);
                stand_in
            })
        }
        let date = |key: &str, value: &toml::value::Datetime| -> Result<NaiveDate, String> {
            match value.date {
                Some(d) if value.time.is_none() => NaiveDate::from_ymd_opt(d.year as i32, d.month as u32, d.day as u32)
                    .ok_or_else(|| format!("`{key}` is not a valid date: {value}")),
                _ => Err(format!("`{key}` must be a date like 1993-08-01, not {value}")),
            }
        };
        let stand_in = NaiveDate::from_ymd_opt(2000, 1, 1).expect("a valid date");
        take(&mut errors, limits::check(&raw.lists, &raw.statistics, text), ());
        if raw.statistics.top_average == 0 {
            errors.push("[statistics] top_average must be 1 or more (the N of the top-N average)".to_string());
        }
        let dated = errors.len();
        let published = take(&mut errors, date("published", &raw.published), stand_in);
        let start = take(&mut errors, date("start", &raw.start), stand_in);
        let end = take(&mut errors, date("end", &raw.end), stand_in);
        let active_since = take(&mut errors, date("active_since", &raw.active_since), stand_in);
        let age_date = match &raw.age_date {
            Some(d) => take(&mut errors, date("age_date", d), stand_in),
            None => NaiveDate::from_ymd_opt(published.year(), 1, 1).expect("1 January exists"),
        };
        if end < start && errors.len() == dated {
            errors.push(format!("`end` ({end}) is before `start` ({start})"));
        }
        let named = raw.system.as_deref().unwrap_or("acf");
        let system = take(
            &mut errors,
            SystemName::parse(named)
                .ok_or_else(|| format!("unknown `system` \"{}\": use {}", named.trim(), SystemName::listed())),
            SystemName::Acf,
        );
        let collation = raw.collation.as_deref().map(str::trim).unwrap_or(DEFAULT_COLLATION).to_string();
        take(&mut errors, NameOrder::new(&collation).map(|_| ()).map_err(|why| format!("`collation`: {why}")), ());
        let record = match &raw.record {
            None | Some(toml::Value::Boolean(true)) => Some(DEFAULT_RECORD.to_string()),
            Some(toml::Value::Boolean(false)) => None,
            Some(toml::Value::String(name)) if !name.trim().is_empty() => Some(name.trim().to_string()),
            Some(other) => {
                errors.push(format!(
                    "`record` must be a file name in quotes (e.g. \"{DEFAULT_RECORD}\") or false, not {other}"
                ));
                None
            }
        };
        let site = match &raw.site {
            None => SiteToml::default(),
            Some(toml::Value::Boolean(publish)) => SiteToml { publish: Some(*publish), birth: None },
            Some(toml::Value::Table(table)) => take(
                &mut errors,
                table.clone().try_into().map_err(|e: toml::de::Error| format!("[site]: {}", e.message())),
                SiteToml::default(),
            ),
            Some(other) => take(
                &mut errors,
                Err(format!("`site` must be false (publish without the website) or a [site] table, not {other}")),
                SiteToml::default(),
            ),
        };
        let birth = match site.birth.as_deref().map(str::trim) {
            None | Some("year") => PublicBirth::Year,
            Some("none") => PublicBirth::None,
            Some(other) => take(&mut errors, Err(format!(
                    "[site] birth = \"{}\": use \"year\" (publish the birth year and the lists' ages) or \"none\" (neither)",
                    crate::diag::escape_controls(other)
                )),
                PublicBirth::Year,
            ),
        };
        let errata_tolerance = raw.errata.as_ref().and_then(|e| e.tolerance).unwrap_or(1.0);
        if !(errata_tolerance.is_finite() && errata_tolerance >= 0.0) {
            errors.push(format!("[errata] tolerance must be 0 or more points, not {errata_tolerance}"));
        }
        let mut rules = RuleSettings::new(raw.rules.clone().unwrap_or_default());
        rules.lines = key_lines(text, "rules");
        let given =
            [("system", raw.system.is_some()), ("rules", raw.rules.is_some()), ("switch", raw.switch.is_some())];
        let declared = raw.rating_lists.as_ref().map(|value| rating_lists::declared(value, text, given, &mut errors));
        let (rating_lists, boundaries, play) = declared.unwrap_or((Vec::new(), RateBoundaries::FIDE, Vec::new()));
        let system = rating_lists::main(&rating_lists).map_or(system, |main| main.system);
        if let Some(main) = rating_lists::main(&rating_lists) {
            rules = main.rules.clone();
        }
        // `school_year_start` stood at the top level before it moved under [rules]:
        // still read there, for the rule set that reads it (other rule sets never did).
        if let Some(value) = raw.school_year_start.clone().filter(|_| MOVED.contains(&("school_year_start", system))) {
            let line = keys::line_of(text, "school_year_start").unwrap_or(0) as u32;
            if let Err(e) = rules.move_in("school_year_start", value, line) {
                errors.push(e);
            }
        }
        let states = take(&mut errors, states(&raw.states), Vec::new());
        // (They head every page, sheet and terminal line the period prints.)
        for (key, name) in [("federation", &raw.federation), ("period", &raw.period)] {
            if name.chars().any(crate::diag::is_control) {
                errors.push(format!(
                    "`{key}`, \"{}\", holds a control character (a line break, an escape or a direction override): type it as plain text",
                    crate::diag::escape_controls(name)
                ));
            } else if name.trim().is_empty() {
                errors.push(format!("`{key}` is empty: name the {key}"));
            } else if let Err(e) = limits::name(key, name) {
                let line = keys::line_of(text, key).map(|l| format!("line {l}: ")).unwrap_or_default();
                errors.push(format!("{line}{e}"));
            }
        }
        let switch = take(&mut errors, raw.switch.as_ref().map(crate::switch::SwitchSettings::parse).transpose(), None);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(PeriodConfig {
            federation: raw.federation,
            period: raw.period,
            published,
            start,
            end,
            system,
            active_since,
            age_date,
            states,
            lists: raw.lists,
            statistics: raw.statistics,
            collation,
            record,
            site: site.publish.unwrap_or(true),
            birth,
            errata_tolerance,
            switch,
            rules,
            rating_lists,
            boundaries,
            play,
        })
    }

    /// The August 1993 period of data-format.md's example, under `system`: the
    /// shipped sample's settings.
    pub fn example(system: SystemName) -> PeriodConfig {
        let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).expect("a valid date");
        PeriodConfig {
            federation: "Australian Chess Federation".into(),
            period: "August 1993".into(),
            published: date(1993, 8, 1),
            start: date(1993, 4, 1),
            end: date(1993, 7, 31),
            system,
            active_since: date(1992, 1, 1),
            age_date: date(1993, 1, 1),
            states: default_states(),
            lists: ListSizes::default(),
            statistics: StatisticsSettings::default(),
            collation: DEFAULT_COLLATION.to_string(),
            record: Some(DEFAULT_RECORD.to_string()),
            site: true,
            birth: PublicBirth::Year,
            errata_tolerance: 1.0,
            switch: None,
            rules: RuleSettings::default(),
            rating_lists: Vec::new(),
            boundaries: RateBoundaries::FIDE,
            play: Vec::new(),
        }
    }

    /// The text of `period.toml` for these settings, commented as
    /// data-format.md shows it; [`PeriodConfig::parse`] reads it back unchanged.
    pub fn to_toml(&self) -> String {
        let quoted = |s: &str| toml::Value::String(s.to_string()).to_string();
        let line = |key: &str, value: String, comment: &str| {
            let setting = format!("{key:<12} = {value}");
            if comment.is_empty() {
                format!("{setting}\n")
            } else {
                format!("{setting:<35} # {comment}\n")
            }
        };
        let mut out = String::new();
        out += &line("federation", quoted(&self.federation), "");
        out += &line("period", quoted(&self.period), "the list's name");
        out += &line("published", self.published.to_string(), "date the list takes effect");
        out += &line("start", self.start.to_string(), "events that end from start ...");
        out += &line("end", self.end.to_string(), "... to end (inclusive) belong to this period");
        let systems: Vec<&str> = SystemName::ALL.iter().map(|s| s.as_str()).collect();
        if self.rating_lists.is_empty() {
            out += &line("system", quoted(self.system.as_str()), &systems.join(" | "));
        }
        out +=
            &line("active_since", self.active_since.to_string(), "lists show players who played on or after this date");
        out += &line(
            "age_date",
            self.age_date.to_string(),
            "junior ages are taken at this date (default: 1 January of the published year)",
        );
        out += &line(
            "collation",
            quoted(&self.collation),
            "the locale names are sorted in (a BCP 47 tag; und: the root collation)",
        );
        match &self.record {
            Some(name) => {
                out += &line("record", quoted(name), "the rating record (record = false: publish without one)")
            }
            None => out += &line("record", "false".into(), "publish without a rating record"),
        }
        if !self.site && self.birth.shown() {
            out += &line("site", "false".into(), "publish without the website (site/)");
        }
        out += &format!("\n{:<35} # code = name; every player and event names one of these\n", "[states]");
        for (code, name) in &self.states {
            out += &format!("{code} = {}\n", quoted(name));
        }
        let l = &self.lists;
        let juniors: Vec<String> = l.juniors.iter().map(|n| n.to_string()).collect();
        out += &format!("\n{:<35} # sizes of the published lists (these are the defaults)\n", "[lists]");
        out += &format!("top       = {}\n", l.top);
        out +=
            &format!("{:<35} # one \"Top Under N\" list for each N\n", format!("juniors   = [{}]", juniors.join(", ")));
        out += &format!("junior_size = {}\nfemales   = {}\nimprovers = {}\n", l.junior_size, l.females, l.improvers);
        // (Written only when not the defaults, so that the generator's folders keep their bytes.)
        let defaults = ListSizes::default();
        if (&l.seniors, l.senior_size) != (&defaults.seniors, defaults.senior_size) {
            let seniors: Vec<String> = l.seniors.iter().map(|n| n.to_string()).collect();
            out += &format!(
                "{:<35} # one \"Top Over N\" list for each N\n",
                format!("seniors   = [{}]", seniors.join(", "))
            );
            out += &format!("senior_size = {}\n", l.senior_size);
        }
        if self.statistics != StatisticsSettings::default() {
            let bands: Vec<String> = self.statistics.age_bands.iter().map(|n| n.to_string()).collect();
            out += &format!(
                "\n[statistics]\nage_bands = [{}]\ntop_average = {}\n",
                bands.join(", "),
                self.statistics.top_average
            );
        }
        if self.errata_tolerance != 1.0 {
            out += &format!("\n[errata]\ntolerance = {}\n", self.errata_tolerance);
        }
        if let Some(switch) = &self.switch {
            out += &switch.to_toml();
        }
        if !self.birth.shown() {
            out += "\n[site]\n";
            if !self.site {
                out += &line("publish", "false".into(), "publish without the website (site/)");
            }
            out += &line("birth", quoted(self.birth.as_str()), "the public output shows no birth year and no age");
        }
        if !self.rules.table.is_empty() && self.rating_lists.is_empty() {
            out += &format!("\n{:<35} # the {} rule set's own settings\n", "[rules]", self.system.as_str());
            out += &self.rules.to_toml();
        }
        out += &rating_lists::write(&self.rating_lists);
        out
    }

    /// The state's name for a code, if the code is one of `[states]`.
    pub fn state_name(&self, code: &str) -> Option<&str> {
        self.states.iter().find(|(c, _)| c.eq_ignore_ascii_case(code)).map(|(_, n)| n.as_str())
    }

    /// The period's length in whole calendar months, when it is a whole
    /// number of months (as rating periods are); otherwise `None`.
    pub fn months(&self) -> Option<u32> {
        months_between(self.start, self.end)
    }

    /// The earliest end date of a late event: `start` minus the period's length.
    pub fn late_limit(&self) -> NaiveDate {
        match self.months() {
            Some(m) => self.start.checked_sub_months(Months::new(m)).unwrap_or(self.start),
            None => self.start - (self.end - self.start + chrono::Duration::days(1)),
        }
    }
}

/// `[states]`: each code with its state's name, in the file's order.
fn states(table: &toml::Table) -> Result<Vec<(String, String)>, String> {
    let mut states = Vec::new();
    for (code, name) in table {
        let name = name.as_str().ok_or_else(|| format!("[states] {code} must be the state's name in quotes"))?;
        let code = code.trim();
        // A code names sheets, folders and list columns: letters and digits only.
        if code.is_empty() || !code.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_') {
            return Err(format!(
                "[states] code \"{}\" must be letters or digits (a hyphen or underscore between them), without spaces",
                crate::diag::escape_controls(code)
            ));
        }
        if let Some((other, _)) = states.iter().find(|(c, _): &&(String, String)| c.eq_ignore_ascii_case(code)) {
            return Err(format!(
                "[states] has both {other} and {code}: state codes are read regardless of case, so these are one code"
            ));
        }
        if name.trim().is_empty() {
            return Err(format!("[states] {code} has no name"));
        }
        if name.chars().any(crate::diag::is_control) {
            return Err(format!(
                "[states] {code}: the name \"{}\" holds a control character: type it as plain text",
                crate::diag::escape_controls(name)
            ));
        }
        states.push((code.to_string(), name.to_string()));
    }
    if states.is_empty() {
        return Err("[states] is empty: list every state as CODE = \"Name\"".to_string());
    }
    Ok(states)
}

/// The seven states of the Australian Chess Federation, for tools that run
/// without a data folder (e.g. `ratebook template`).
pub fn default_states() -> Vec<(String, String)> {
    [
        ("A", "Australian Capital Territory"),
        ("N", "New South Wales"),
        ("Q", "Queensland"),
        ("S", "South Australia"),
        ("T", "Tasmania"),
        ("V", "Victoria"),
        ("W", "Western Australia"),
    ]
    .iter()
    .map(|(c, n)| (c.to_string(), n.to_string()))
    .collect()
}

/// Whole calendar months from `start` to the day after `end`, when the period
/// is a whole number of months (as rating periods are); otherwise `None`.
fn months_between(start: NaiveDate, end: NaiveDate) -> Option<u32> {
    let after = end.succ_opt()?;
    if start.day() != 1 || after.day() != 1 {
        return None;
    }
    let months = (after.year() - start.year()) * 12 + after.month() as i32 - start.month() as i32;
    u32::try_from(months).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r#"
federation   = "Australian Chess Federation"
period       = "August 1993"
published    = 1993-08-01
start        = 1993-04-01
end          = 1993-07-31
system       = "acf"
active_since = 1992-01-01
age_date     = 1993-01-01

[states]
V = "Victoria"
A = "Australian Capital Territory"
"#;

    #[test]
    fn parses_the_example_keeping_state_order() {
        let c = PeriodConfig::parse(EXAMPLE).unwrap();
        assert_eq!(c.states[0].0, "V");
        assert_eq!(c.states[1].1, "Australian Capital Territory");
        assert_eq!(c.lists, ListSizes::default());
        assert_eq!(c.late_limit(), NaiveDate::from_ymd_opt(1992, 12, 1).unwrap());
    }

    #[test]
    fn unknown_key_is_named() {
        let err = PeriodConfig::parse(&format!("colour = 1\n{EXAMPLE}")).unwrap_err();
        assert!(err.contains("colour"), "{err}");
    }

    #[test]
    fn every_system_is_accepted_and_unknown_ones_are_named() {
        for (name, system) in [("nzcf", SystemName::Nzcf), ("ecf", SystemName::Ecf), ("CIS", SystemName::Cis)] {
            let c = PeriodConfig::parse(&EXAMPLE.replace("\"acf\"", &format!("\"{name}\""))).unwrap();
            assert_eq!(c.system, system);
        }
        let err = PeriodConfig::parse(&EXAMPLE.replace("\"acf\"", "\"elo\"")).unwrap_err();
        assert!(err.contains("elo"), "{err}");
    }

    #[test]
    fn written_settings_read_back_unchanged() {
        for system in SystemName::ALL {
            let mut c = PeriodConfig::example(*system);
            assert_eq!(PeriodConfig::parse(&c.to_toml()).unwrap(), c);
            c.federation = "Fédération \"Test\"".into();
            c.collation = "sv".into();
            c.lists.juniors = vec![18];
            c.lists.seniors = vec![60];
            c.lists.senior_size = 10;
            c.statistics = StatisticsSettings { age_bands: vec![10, 18, 60], top_average: 5 };
            assert_eq!(PeriodConfig::parse(&c.to_toml()).unwrap(), c);
        }
    }

    #[test]
    fn the_site_setting_is_false_or_a_table_with_the_birth_setting() {
        let example = PeriodConfig::parse(EXAMPLE).unwrap();
        assert!(example.site);
        assert_eq!(example.birth, PublicBirth::Year);
        let with = |text: &str| PeriodConfig::parse(&format!("{EXAMPLE}\n{text}\n"));
        let none = with("[site]\nbirth = \"none\"").unwrap();
        assert!(none.site);
        assert_eq!(none.birth, PublicBirth::None);
        let off = with("[site]\npublish = false").unwrap();
        assert!(!off.site);
        assert_eq!(off.birth, PublicBirth::Year);
        assert!(!PeriodConfig::parse(&format!("site = false\n{EXAMPLE}")).unwrap().site);
        let err = with("[site]\nbirth = \"date\"").unwrap_err();
        assert!(err.contains("birth") && err.contains("\"year\"") && err.contains("\"none\""), "{err}");
        let err = with("[site]\nemail = true").unwrap_err();
        assert!(err.contains("email"), "{err}");
        for (site, birth) in [(true, PublicBirth::None), (false, PublicBirth::None), (false, PublicBirth::Year)] {
            let c = PeriodConfig { site, birth, ..example.clone() };
            assert_eq!(PeriodConfig::parse(&c.to_toml()).unwrap(), c);
        }
    }

    #[test]
    fn the_example_is_written_as_data_format_md_shows_it() {
        let text = PeriodConfig::example(SystemName::Acf).to_toml();
        assert!(text.starts_with("federation   = \"Australian Chess Federation\"\nperiod       = \"August 1993\"        # the list's name\n"), "{text}");
        assert!(text.contains("\n[states]                            # code = name"), "{text}");
        assert!(text.contains("\njuniors   = [20, 16, 12]            # one"), "{text}");
    }

    #[test]
    fn the_rules_table_is_kept_with_its_lines_and_written_back() {
        let text = format!("{EXAMPLE}\n[rules]\ntau = 0.3\ninitial_rd = 300\n");
        let c = PeriodConfig::parse(&text).unwrap();
        assert_eq!(c.rules.table.get("tau"), Some(&toml::Value::Float(0.3)));
        let line = text.lines().position(|l| l.starts_with("initial_rd")).unwrap() as u32 + 1;
        assert_eq!(c.rules.line("initial_rd"), line);
        assert_eq!(PeriodConfig::parse(&c.to_toml()).unwrap(), c);
        let inline = PeriodConfig::parse(&format!("rules = {{ tau = 0.4 }}\n{EXAMPLE}")).unwrap();
        assert_eq!(inline.rules.line("tau"), 1);
        assert!(PeriodConfig::parse(EXAMPLE).unwrap().rules.table.is_empty());
    }

    #[test]
    fn every_mistake_is_named_not_only_the_first() {
        let text = EXAMPLE
            .replace("1993-04-01", "1993-04-01T10:00:00")
            .replace("\"acf\"", "\"elo\"")
            .replace("V = \"Victoria\"", "V = \"\"")
            .replace("[states]", "record = 3\ncollation = \"xx-nonsense-123456789\"\n\n[states]");
        let err = PeriodConfig::parse(&text).unwrap_err();
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 5, "{err}");
        assert!(lines[0].starts_with("`start` must be a date"), "{err}");
        assert!(lines[1].starts_with("unknown `system` \"elo\""), "{err}");
        assert!(lines[2].starts_with("`collation`"), "{err}");
        assert!(lines[3].starts_with("`record` must be a file name"), "{err}");
        assert_eq!(lines[4], "[states] V has no name");
    }

    #[test]
    fn age_date_defaults_to_first_of_january() {
        let text = EXAMPLE.replace("age_date     = 1993-01-01\n", "");
        let c = PeriodConfig::parse(&text).unwrap();
        assert_eq!(c.age_date, NaiveDate::from_ymd_opt(1993, 1, 1).unwrap());
    }

    #[test]
    fn age_bands_out_of_order_are_an_error_showing_a_right_setting() {
        let with = |v: &str| PeriodConfig::parse(&format!("{EXAMPLE}\n[statistics]\n{v}\n"));
        assert_eq!(with("age_bands = [10, 20]").unwrap().statistics.age_bands, [10, 20]);
        let err = with("age_bands = [20, 10]").unwrap_err();
        assert!(err.contains("[statistics] age_bands") && err.contains("[12, 16, 20"), "{err}");
        assert!(with("top_average = 0").unwrap_err().contains("top_average"));
        assert!(with("bands = [1]").unwrap_err().contains("bands"), "unknown keys are named");
    }
}
