//! `[rules]`: the rule set's own settings as period.toml writes them, kept
//! with the line of each key so that the rule set, which reads and checks
//! them, can name the line of a wrong one; and the settings that stood at
//! period.toml's top level before they moved under `[rules]`, still read there.

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
}

impl PartialEq for RuleSettings {
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table
    }
}

impl RuleSettings {
    /// The settings of `table`, built in memory (no lines).
    pub fn new(table: toml::Table) -> RuleSettings {
        RuleSettings { table, lines: Vec::new(), moved: Vec::new() }
    }

    /// The settings of the table `[name]` of the TOML text `text` (a file
    /// of settings for several rule sets), with each key's line in it.
    pub fn from_table(table: toml::Table, text: &str, name: &str) -> RuleSettings {
        RuleSettings { table, lines: key_lines(text, name), moved: Vec::new() }
    }

    /// Takes `value`, written at the top level at `line`, as the setting
    /// `key` of `[rules]`, its new place; refused when `[rules]` gives
    /// `key` another value.
    pub(super) fn move_in(&mut self, key: &str, value: toml::Value, line: u32) -> Result<(), String> {
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
