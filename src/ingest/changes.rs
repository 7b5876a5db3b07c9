//! What differs between a period's inputs and those recorded with one of
//! its revisions: each file added, gone or changed, and for `period.toml`
//! the settings that changed. A comment, blank lines or the layout of
//! `period.toml` are no change: the settings it reads as are compared.

use std::collections::BTreeMap;
use std::fmt;

use super::data_folder::SETTINGS;
use super::Inputs;
use crate::config::PeriodConfig;

/// One difference between the inputs recorded and the inputs now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// A file the recorded inputs did not have.
    Added(String),
    /// A recorded file that is not among the inputs now.
    Gone(String),
    /// A file whose bytes differ (period.toml: see `Settings`).
    Changed(String),
    /// period.toml's settings: each one that changed, as `key: old → new`
    /// (`key` dotted: `lists.top`, `rules.tau`).
    Settings(Vec<String>),
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difference::Added(path) => write!(f, "{path} added"),
            Difference::Gone(path) => write!(f, "{path} gone"),
            Difference::Changed(path) => write!(f, "{path} changed"),
            Difference::Settings(keys) if keys.is_empty() => write!(f, "{SETTINGS}'s settings changed"),
            Difference::Settings(keys) => write!(f, "{SETTINGS}: {}", keys.join(", ")),
        }
    }
}

/// The differences between `now` and the inputs a revision recorded:
/// `recorded` (path, SHA-256) of each file and the bytes of its
/// `period.toml`, oldest path first. Empty: the same inputs.
pub fn differences(recorded: &[(String, String)], recorded_settings: Option<&[u8]>, now: &Inputs) -> Vec<Difference> {
    let before: BTreeMap<&str, &str> = recorded.iter().map(|(p, s)| (p.as_str(), s.as_str())).collect();
    let after: BTreeMap<&str, &str> = now.files().map(|(p, f)| (p, f.sha256())).collect();
    let mut found = Vec::new();
    for (&path, &sha) in &after {
        match before.get(path) {
            None => found.push(Difference::Added(path.to_string())),
            Some(&old) if old == sha => {}
            Some(_) if path == SETTINGS => {
                let changed =
                    settings_changed(recorded_settings.unwrap_or_default(), now.get(SETTINGS).unwrap_or_default());
                found.extend(changed.map(Difference::Settings));
            }
            Some(_) => found.push(Difference::Changed(path.to_string())),
        }
    }
    for &path in before.keys() {
        if !after.contains_key(path) {
            found.push(Difference::Gone(path.to_string()));
        }
    }
    found
}

/// The settings that differ between two texts of `period.toml`, each as
/// `key: old → new`; `None` when both read as the same settings (a comment
/// or the layout changed, nothing else).
pub fn settings_changed(before: &[u8], after: &[u8]) -> Option<Vec<String>> {
    let (before, after) = (String::from_utf8_lossy(before), String::from_utf8_lossy(after));
    if let (Ok(a), Ok(b)) = (PeriodConfig::parse(&before), PeriodConfig::parse(&after)) {
        if a == b {
            return None;
        }
    }
    let flat = |text: &str| -> BTreeMap<String, String> {
        let mut keys = BTreeMap::new();
        if let Ok(table) = text.parse::<toml::Table>() {
            flatten("", &toml::Value::Table(table), &mut keys);
        }
        keys
    };
    let (old, new) = (flat(&before), flat(&after));
    let mut changed = Vec::new();
    for (key, value) in &new {
        match old.get(key) {
            Some(was) if was == value => {}
            Some(was) => changed.push(format!("{key} {was} → {value}")),
            None => changed.push(format!("{key} = {value} added")),
        }
    }
    for (key, was) in &old {
        if !new.contains_key(key) {
            changed.push(format!("{key} = {was} taken out"));
        }
    }
    Some(changed)
}

/// Every value of `value` by its dotted key under `prefix`.
fn flatten(prefix: &str, value: &toml::Value, into: &mut BTreeMap<String, String>) {
    match value {
        toml::Value::Table(table) => {
            for (key, value) in table {
                let key = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
                flatten(&key, value, into);
            }
        }
        other => {
            into.insert(prefix.to_string(), other.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_or_the_layout_is_no_change_of_settings() {
        let text = PeriodConfig::example(crate::model::system::SystemName::Acf).to_toml();
        let commented = format!("# checked by the treasurer\n{}\n\n", text.replace(" = ", "    =   "));
        assert_eq!(settings_changed(text.as_bytes(), commented.as_bytes()), None);
    }

    #[test]
    fn a_changed_setting_is_named_with_its_values() {
        let text = PeriodConfig::example(crate::model::system::SystemName::Acf).to_toml();
        let changed = text.replace("top       = 60", "top       = 50");
        assert_ne!(changed, text, "the example has a top list of 60");
        assert_eq!(settings_changed(text.as_bytes(), changed.as_bytes()), Some(vec!["lists.top 60 → 50".to_string()]));
    }
}
