//! `[rules]`: the rule set's own settings as period.toml writes them, kept
//! with the line of each key so that the rule set, which reads and checks
//! them, can name the line of a wrong one; and the settings that stood at
//! period.toml's top level before they moved under `[rules]`, still read there.

use std::any::Any;
use std::sync::{Arc, OnceLock};

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
    /// The rule set's typed settings, read from `table` the first time the
    /// rule set asks ([`RuleSettings::read_once`]) and carried from then on,
    /// by every copy of the period's configuration made after.
    typed: OnceLock<Arc<dyn Any + Send + Sync>>,
}

impl PartialEq for RuleSettings {
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table
    }
}

impl RuleSettings {
    /// The settings of `table`, built in memory (no lines).
    pub fn new(table: toml::Table) -> RuleSettings {
        RuleSettings { table, lines: Vec::new(), moved: Vec::new(), typed: OnceLock::new() }
    }

    /// The settings of the table `[name]` of the TOML text `text` (a file
    /// of settings for several rule sets), with each key's line in it.
    pub fn from_table(table: toml::Table, text: &str, name: &str) -> RuleSettings {
        RuleSettings { table, lines: key_lines(text, name), moved: Vec::new(), typed: OnceLock::new() }
    }

    /// Takes `value`, written at the top level at `line`, as the setting
    /// `key` of `[rules]`, its new place; refused when `[rules]` gives
    /// `key` another value.
    pub(super) fn move_in(&mut self, key: &str, value: toml::Value, line: u32) -> Result<(), String> {
        self.typed = OnceLock::new();
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

    /// The rule set's settings of type `T`, as `read` makes them from the
    /// table: read the first time they are asked for, then carried (a
    /// rule set's check, rating, adoption and calculator, and each player's
    /// status, read one value rather than the table again). A different
    /// type asked of the same table is read afresh, never confused.
    pub fn read_once<T: Any + Send + Sync + Clone>(&self, read: impl FnOnce(&RuleSettings) -> T) -> T {
        if let Some(settings) = self.typed.get().and_then(|typed| typed.downcast_ref::<T>()) {
            return settings.clone();
        }
        let settings = read(self);
        let _ = self.typed.set(Arc::new(settings.clone()));
        settings
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
    use std::cell::Cell;

    #[test]
    fn settings_are_read_once_and_carried_by_every_later_copy() {
        let mut table = toml::Table::new();
        table.insert("tau".into(), toml::Value::Float(0.3));
        let rules = RuleSettings::new(table);
        let reads = Cell::new(0);
        let read = |r: &RuleSettings| {
            reads.set(reads.get() + 1);
            r.table["tau"].as_float().unwrap()
        };
        assert_eq!(rules.read_once(read), 0.3);
        assert_eq!(rules.read_once(read), 0.3);
        let copy = rules.clone();
        assert_eq!(copy.read_once(read), 0.3);
        assert_eq!(reads.get(), 1, "the table is read once, the copy carries what was read");
        // Another type asked of the same table is read afresh, not confused.
        assert_eq!(rules.read_once(|r| r.table.len()), 1);
    }

    #[test]
    fn a_setting_moved_in_is_read_again() {
        let rules = &mut RuleSettings::default();
        assert_eq!(rules.read_once(|r| r.table.len()), 0);
        rules.move_in("school_year_start", toml::Value::String("02-01".into()), 3).unwrap();
        assert_eq!(rules.read_once(|r| r.table.len()), 1);
    }
}
