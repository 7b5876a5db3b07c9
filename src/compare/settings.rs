//! The settings of the rule sets `compare` re-rates the history under: a
//! TOML file (`--rules FILE`) with one table per rule set, named by its key
//! in `period.toml` (`[glicko2]`, `[cis]`), holding what that rule set's
//! `[rules]` would. A rule set without a table rates with its defaults,
//! never with the recorded periods' `[rules]`, which are their own rule
//! set's. Each table is checked by its rule set, as `period.toml`'s
//! `[rules]` is; a finding names the file and line.

use std::path::Path;

use anyhow::{bail, Context, Result};

use crate::config::RuleSettings;
use crate::model::system::SystemName;

/// The settings `path` gives, one table per rule set.
pub fn read(path: &Path) -> Result<Vec<(SystemName, RuleSettings)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse(&text, path)
}

/// [`read`] of the text `text` of the file `path`.
pub fn parse(text: &str, path: &Path) -> Result<Vec<(SystemName, RuleSettings)>> {
    let shown = path.display();
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        let at = e.span().map(|s| line_of(text, s.start)).map(|l| format!(", line {l}")).unwrap_or_default();
        anyhow::anyhow!("{shown}{at}: {}", e.message())
    })?;
    let mut settings = Vec::new();
    let mut findings = Vec::new();
    for (name, value) in table {
        let Some(system) = SystemName::parse(&name).filter(|s| s.as_str() == name) else {
            bail!(
                "{shown}: [{name}] names no rule set: name each table by a rule set's key ({}), holding what its [rules] in period.toml would",
                SystemName::listed()
            );
        };
        let toml::Value::Table(table) = value else {
            bail!("{shown}: `{name}` must be a table ([{name}] on a line of its own, then its settings)");
        };
        // Validated once, here: the settings carry their typed value into each re-rating.
        let mut rules = RuleSettings::from_table(table, text, &name);
        let rule_set = crate::rate::rule_set(system);
        rule_set.validate_settings(&mut rules);
        for mut finding in rule_set.check_settings(&rules) {
            finding.location.file = shown.to_string();
            finding.message = finding.message.replace("[rules]", &format!("[{name}]"));
            findings.push(finding.to_string());
        }
        settings.push((system, rules));
    }
    if !findings.is_empty() {
        bail!("{shown} has {} mistake(s) in its settings:\n{}", findings.len(), findings.join("\n"));
    }
    Ok(settings)
}

/// The one-based line of byte `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_per_rule_set_checked_by_it() {
        let path = Path::new("rules.toml");
        let read = parse("[glicko2]\ntau = 0.3\n\n[cis]\nschool_year_start = \"08-15\"\n", path).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].0, SystemName::Glicko2);
        assert_eq!(read[0].1.line("tau"), 2);
        let wrong = parse("[glicko2]\ntau = 0\n", path).unwrap_err().to_string();
        assert!(wrong.contains("rules.toml, line 2") && wrong.contains("tau"), "{wrong}");
        let unknown = parse("[acf]\ntau = 0.3\n", path).unwrap_err().to_string();
        assert!(unknown.contains("unknown setting `tau`") && unknown.contains("rules.toml, line 2"), "{unknown}");
        let nobody = parse("[elo]\nk = 16\n", path).unwrap_err().to_string();
        assert!(nobody.contains("[elo] names no rule set"), "{nobody}");
    }
}
