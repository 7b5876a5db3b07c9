//! `[rules]`: the rule set's own settings as period.toml writes them, kept
//! with the line of each key so that the rule set, which reads and checks
//! them, can name the line of a wrong one; the settings that stood at
//! period.toml's top level before they moved under `[rules]`, still read
//! there; and, once the rule set has validated them
//! ([`RuleSettings::validate`], as `rate::configure` does when a period's
//! configuration is read), its typed settings and the findings about them,
//! which every later copy carries (cargo-deny's `UnvalidatedConfig::validate`).

use std::any::Any;
use std::sync::Arc;

use crate::diag::Diagnostic;
use crate::model::system::SystemName;

/// The settings that moved from period.toml's top level under `[rules]`,
/// each with the rule set that reads it. Folders in the wild and the
/// period.toml of every period a record keeps may still have the old place.
pub const MOVED: [(&str, SystemName); 1] = [("school_year_start", SystemName::Cis)];

/// period.toml's `[rules]` table as written, with the line of each key, for
/// the rule set to read and check (`EligibilityPolicy::check_settings`):
/// the rule set owns its settings, so the file's reader does not know them.
/// Two are equal when they hold the same settings, wherever they stand.
#[derive(Debug, Clone, Default)]
pub struct RuleSettings {
    pub table: toml::Table,
    /// Each key's one-based line in period.toml (0 for settings built in memory).
    pub lines: Vec<(String, u32)>,
    /// The keys read from their old place, period.toml's top level ([`MOVED`]).
    pub moved: Vec<String>,
    /// What the rule set made of `table` when it validated it
    /// ([`RuleSettings::validate`]); `None` until then.
    valid: Option<Arc<Validated>>,
}

/// A rule set's settings validated: its typed value and the findings about
/// the table, each at its line.
struct Validated {
    system: SystemName,
    typed: Box<dyn Any + Send + Sync>,
    findings: Vec<Diagnostic>,
}

impl std::fmt::Debug for Validated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Validated").field("system", &self.system).field("findings", &self.findings).finish()
    }
}

impl PartialEq for RuleSettings {
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table
    }
}

impl RuleSettings {
    /// The settings of `table`, built in memory (no lines).
    pub fn new(table: toml::Table) -> RuleSettings {
        RuleSettings { table, lines: Vec::new(), moved: Vec::new(), valid: None }
    }

    /// The settings of the table `[name]` of the TOML text `text` (a file
    /// of settings for several rule sets), with each key's line in it.
    pub fn from_table(table: toml::Table, text: &str, name: &str) -> RuleSettings {
        RuleSettings { table, lines: key_lines(text, name), moved: Vec::new(), valid: None }
    }

    /// Takes `value`, written at the top level at `line`, as the setting
    /// `key` of `[rules]`, its new place; refused when `[rules]` gives
    /// `key` another value.
    pub(super) fn move_in(&mut self, key: &str, value: toml::Value, line: u32) -> Result<(), String> {
        self.valid = None;
        match self.table.get(key) {
            Some(new) if *new != value => {
                return Err(format!(
                    "`{key}` is given twice, {value} at the top level (line {line}) and {new} under [rules] (line {}): \
                     keep the one under [rules], its place now, and remove the other",
                    self.line(key)
                ))
            }
            Some(_) => {}
            None => {
                self.table.insert(key.to_string(), value);
                self.lines.push((key.to_string(), line));
            }
        }
        self.moved.push(key.to_string());
        Ok(())
    }

    /// Keeps what `system`'s rule set made of the table, `typed` its
    /// settings and `findings` what is wrong with them: done once, when a
    /// period's configuration is read (`rate::configure`), and carried by
    /// every copy made after. The rule set's reading of the settings reads
    /// `typed` from then on ([`RuleSettings::typed`]), its check `findings`.
    pub fn validate<T: Any + Send + Sync>(&mut self, system: SystemName, typed: T, findings: Vec<Diagnostic>) {
        self.valid = Some(Arc::new(Validated { system, typed: Box::new(typed), findings }));
    }

    /// Whether `system`'s rule set has validated these settings.
    pub fn is_validated(&self, system: SystemName) -> bool {
        self.valid.as_ref().is_some_and(|v| v.system == system)
    }

    /// The typed settings the rule set kept when it validated the table;
    /// `None` before (a configuration built in memory and never validated)
    /// or when it kept another type.
    pub fn typed<T: Any>(&self) -> Option<&T> {
        self.valid.as_ref().and_then(|v| v.typed.downcast_ref::<T>())
    }

    /// The findings about the settings, as `system`'s rule set made them
    /// when it validated the table; `None` before, or when another rule set
    /// validated it.
    pub fn findings(&self, system: SystemName) -> Option<&[Diagnostic]> {
        self.valid.as_ref().filter(|v| v.system == system).map(|v| v.findings.as_slice())
    }

    /// The one-based line of `key` in period.toml (0 when unknown).
    pub fn line(&self, key: &str) -> u32 {
        self.lines.iter().find(|(k, _)| k == key).map_or(0, |&(_, line)| line)
    }

    /// The table's lines as period.toml writes them, after its heading.
    pub(super) fn to_toml(&self) -> String {
        toml::to_string(&self.table).expect("a table of plain values writes as TOML")
    }
}

/// The line of each key of the table `[name]` in `text` (one-based): the
/// lines from its heading to the next heading, or the line of an inline
/// `name = { … }`.
pub(super) fn key_lines(text: &str, name: &str) -> Vec<(String, u32)> {
    let mut lines = Vec::new();
    let mut inside = false;
    for (n, line) in text.lines().enumerate() {
        let line_no = n as u32 + 1;
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            let heading = trimmed.trim_start_matches('[').split(']').next().unwrap_or_default();
            inside = heading.trim() == name;
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else { continue };
        let key = key.trim().trim_matches('"').to_string();
        if inside {
            lines.push((key, line_no));
        } else if key == name {
            // An inline table: every key on this line.
            let inner = value.trim().trim_start_matches('{').trim_end_matches('}');
            for part in inner.split(',') {
                if let Some((k, _)) = part.split_once('=') {
                    lines.push((k.trim().trim_matches('"').to_string(), line_no));
                }
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validated_settings_are_carried_by_every_later_copy() {
        let mut table = toml::Table::new();
        table.insert("tau".into(), toml::Value::Float(0.3));
        let mut rules = RuleSettings::new(table);
        assert_eq!(rules.typed::<f64>(), None, "not validated yet");
        assert!(!rules.is_validated(SystemName::Glicko2));
        rules.validate(SystemName::Glicko2, 0.3_f64, Vec::new());
        let copy = rules.clone();
        assert_eq!(copy.typed::<f64>(), Some(&0.3), "the copy carries what was validated");
        assert!(copy.is_validated(SystemName::Glicko2) && !copy.is_validated(SystemName::Acf));
        assert_eq!(copy.findings(SystemName::Glicko2), Some(&[][..]));
        assert_eq!(copy.findings(SystemName::Acf), None, "another rule set's check is not this one's");
        // Another type asked of the same settings is none, never confused.
        assert_eq!(copy.typed::<usize>(), None);
    }

    #[test]
    fn a_setting_moved_in_is_validated_again() {
        let rules = &mut RuleSettings::default();
        rules.validate(SystemName::Cis, 0_usize, Vec::new());
        rules.move_in("school_year_start", toml::Value::String("02-01".into()), 3).unwrap();
        assert_eq!(rules.typed::<usize>(), None, "what was validated is gone with the table it was made of");
    }
}
