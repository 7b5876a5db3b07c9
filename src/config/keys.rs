//! period.toml's top-level settings: every misspelt and every missing one
//! named at once, each at its line, before the settings are read.

use super::PeriodToml;

/// The settings period.toml may hold at its top level (or as tables), and
/// whether each must be there.
const SETTINGS: [(&str, bool); 19] = [
    ("federation", true),
    ("period", true),
    ("published", true),
    ("start", true),
    ("end", true),
    ("system", false),
    ("active_since", true),
    ("age_date", false),
    ("states", true),
    ("lists", false),
    ("statistics", false),
    ("school_year_start", false),
    ("collation", false),
    ("record", false),
    ("site", false),
    ("errata", false),
    ("switch", false),
    ("rules", false),
    ("rating_lists", false),
];

/// Reads the text's settings; the error names every unknown and every
/// missing top-level setting, one a line, or else the first problem the
/// TOML reader finds (a syntax error, a value of the wrong kind).
pub(super) fn read(text: &str) -> Result<PeriodToml, Vec<String>> {
    let toml_error = |e: toml::de::Error| e.to_string().trim().to_string();
    let table: toml::Table = toml::from_str(text).map_err(|e| vec![toml_error(e)])?;
    let known: Vec<&str> = SETTINGS.iter().map(|s| s.0).collect();
    let mut errors = Vec::new();
    for key in table.keys().filter(|k| !known.contains(&k.as_str())) {
        let at = line_of(text, key).map(|n| format!("line {n}: ")).unwrap_or_default();
        errors.push(format!(
            "{at}unknown setting `{}`: the settings are {}",
            crate::diag::escape_controls(key),
            known.join(", ")
        ));
    }
    for (key, _) in SETTINGS.iter().filter(|&&(key, required)| required && !table.contains_key(key)) {
        let example = match *key {
            "federation" => "federation = \"Australian Chess Federation\"",
            "period" => "period = \"August 1993\"",
            "states" => "a [states] table, CODE = \"Name\" a line",
            "published" => "published = 1993-08-01",
            "start" => "start = 1993-04-01",
            "end" => "end = 1993-07-31",
            _ => "active_since = 1992-01-01",
        };
        errors.push(format!("`{key}` is missing: add {example}"));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    toml::from_str(text).map_err(|e| vec![toml_error(e)])
}

/// The line (from 1) of the top-level setting or table `key`.
pub(super) fn line_of(text: &str, key: &str) -> Option<usize> {
    let mut top = true;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(heading) = line.strip_prefix('[') {
            let name = heading.trim_start_matches('[').split(']').next().unwrap_or_default();
            if name.split('.').next().map(|s| s.trim().trim_matches('"')) == Some(key) {
                return Some(n + 1);
            }
            top = false;
        } else if top {
            let Some((name, _)) = line.split_once('=') else { continue };
            let name = name.trim();
            if name.split('.').next().map(|s| s.trim().trim_matches('"')) == Some(key) {
                return Some(n + 1);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::config::PeriodConfig;

    #[test]
    fn every_unknown_and_missing_setting_is_named_at_once() {
        let text = "federation = \"F\"\ncolour = 1\nperiod = \"P\"\nstart = 1993-04-01\nend = 1993-07-31\n\
                    active_since = 1992-01-01\n\n[states]\nV = \"Victoria\"\n\n[listz]\ntop = 5\n";
        let err = PeriodConfig::parse(text).unwrap_err();
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 3, "{err}");
        assert!(lines[0].starts_with("line 2: unknown setting `colour`: the settings are federation,"), "{err}");
        assert!(lines[1].starts_with("line 11: unknown setting `listz`"), "{err}");
        assert_eq!(lines[2], "`published` is missing: add published = 1993-08-01");
    }
}
