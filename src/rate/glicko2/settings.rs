//! Glicko-2's settings, period.toml's `[rules]` table: τ and a new player's
//! rating, RD and volatility, and the RD above which a rating prints as
//! provisional. Read strictly: an unknown key, a value that is no number, or
//! one outside the range the rules make sense in ([`KEYS`]) is a finding at
//! its line.

use crate::config::RuleSettings;
use crate::diag::{Code, Diagnostic, Location};
use crate::validate::eligibility::unknown_setting;

/// The settings, with Glickman's defaults and Lichess's provisional RD.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// τ, the system constant: how much a volatility may change.
    pub tau: f64,
    pub initial_rating: f64,
    pub initial_rd: f64,
    pub initial_volatility: f64,
    /// A rating with a larger RD prints as provisional.
    pub provisional_rd: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            tau: 0.5,
            initial_rating: 1500.0,
            initial_rd: 350.0,
            initial_volatility: 0.06,
            provisional_rd: 110.0,
        }
    }
}

/// The keys of `[rules]`, each with the range the rules make sense in
/// (systems.md names them) and what it is. Outside, a period would publish
/// states the next one refuses (a volatility of 0 or infinity), or ratings
/// off any scale.
pub const KEYS: [(&str, std::ops::RangeInclusive<f64>, &str); 5] = [
    ("tau", 0.1..=2.0, "τ, the system constant (Glickman: 0.3 to 1.2; 0.5 by default)"),
    ("initial_rating", 100.0..=3000.0, "a new player's rating (1500 by default)"),
    ("initial_rd", 10.0..=1000.0, "a new player's RD, also the largest an RD grows to (350 by default)"),
    ("initial_volatility", 0.001..=1.0, "a new player's volatility (0.06 by default)"),
    ("provisional_rd", 0.0..=1000.0, "the RD above which a rating prints as provisional (110 by default)"),
];

impl Settings {
    /// The settings of `rules`, as Glicko-2 validated them when the period's
    /// configuration was read ([`crate::rate::configure`]): what the rating,
    /// adoption, calculator and each player's status use. Settings built in
    /// memory and never validated (a test's, the generator's) are read here.
    pub fn of(rules: &RuleSettings) -> Settings {
        rules.typed::<Settings>().copied().unwrap_or_else(|| Settings::read(rules).0)
    }

    /// The settings of `rules`, with the findings about them; a setting
    /// with a finding keeps its default.
    pub fn read(rules: &RuleSettings) -> (Settings, Vec<Diagnostic>) {
        #[cfg(test)]
        tests::READS.with(|reads| reads.set(reads.get() + 1));
        let mut settings = Settings::default();
        let mut findings = Vec::new();
        let names: Vec<&str> = KEYS.iter().map(|k| k.0).collect();
        for (key, value) in &rules.table {
            let Some((_, range, what)) = KEYS.iter().find(|k| k.0 == key) else {
                findings.push(unknown_setting(rules, key, &names));
                continue;
            };
            let at = Location::line("period.toml", rules.line(key), 1);
            let number = match value {
                toml::Value::Float(f) => Some(*f),
                toml::Value::Integer(i) => Some(*i as f64),
                _ => None,
            };
            match number {
                Some(n) if range.contains(&n) => *settings.field(key) = n,
                _ => findings.push(
                    Diagnostic::error(
                        Code::BadSettings,
                        at,
                        format!(
                            "[rules] {key} = {}: it must be a number from {} to {}",
                            match value {
                                toml::Value::Float(f) => format!("{f:?}"),
                                other => other.to_string(),
                            },
                            range.start(),
                            range.end()
                        ),
                    )
                    .with_hint(format!("{key} is {what}")),
                ),
            }
        }
        (settings, findings)
    }

    fn field(&mut self, key: &str) -> &mut f64 {
        match key {
            "tau" => &mut self.tau,
            "initial_rating" => &mut self.initial_rating,
            "initial_rd" => &mut self.initial_rd,
            "initial_volatility" => &mut self.initial_volatility,
            _ => &mut self.provisional_rd,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::PeriodConfig;

    thread_local! {
        /// How many times this thread read a `[rules]` table.
        pub static READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn a_periods_settings_are_read_once_however_often_they_are_used() {
        let text = "federation = \"F\"\nperiod = \"P\"\npublished = 2026-08-01\nstart = 2026-04-01\nend = 2026-07-31\nsystem = \"glicko2\"\nactive_since = 2025-01-01\n\n[states]\nA = \"A\"\n\n[rules]\ntau = 0.3\ncolour = 1\n";
        let mut config = PeriodConfig::parse(text).unwrap();
        assert_eq!(config.rules.typed::<Settings>(), None, "read, not validated yet");
        READS.with(|r| r.set(0));
        let glicko2 = crate::rate::configure(&mut config);
        assert_eq!(READS.with(|r| r.get()), 1, "validated when the configuration is read");
        assert_eq!(config.rules.typed::<Settings>().map(|s| s.tau), Some(0.3));
        // The check, the calculator (twice), a player's status and a copy's
        // rating read what was validated.
        let findings = glicko2.check_settings(&config.rules);
        assert_eq!(findings.len(), 1, "the unknown `colour`, kept from the validation: {findings:?}");
        assert_eq!(findings[0].location.line.unwrap().0, 14);
        glicko2.calculator(&config);
        glicko2.calculator(&config);
        let player = crate::model::Player::new(1, "A", "B");
        glicko2.status_unstated(&player, &["RD".to_string()], &config);
        let copy = config.clone();
        assert_eq!(Settings::of(&copy.rules).tau, 0.3);
        crate::rate::configure(&mut config.clone());
        assert_eq!(READS.with(|r| r.get()), 1, "validated once, then carried");
    }

    fn read(rules: &str) -> (Settings, Vec<Diagnostic>) {
        let text = format!(
            "federation = \"F\"\nperiod = \"P\"\npublished = 2026-08-01\nstart = 2026-04-01\nend = 2026-07-31\nsystem = \"glicko2\"\nactive_since = 2025-01-01\n\n[states]\nA = \"A\"\n\n[rules]\n{rules}"
        );
        Settings::read(&PeriodConfig::parse(&text).unwrap().rules)
    }

    #[test]
    fn defaults_and_settings_read() {
        assert_eq!(read("").0, Settings::default());
        let (s, findings) = read("tau = 0.3\ninitial_rd = 300\nprovisional_rd = 80.5\n");
        assert!(findings.is_empty(), "{findings:?}");
        assert_eq!((s.tau, s.initial_rd, s.provisional_rd, s.initial_volatility), (0.3, 300.0, 80.5, 0.06));
    }

    #[test]
    fn bad_settings_are_findings_at_their_lines() {
        let (s, findings) =
            read("tau = 0\ninitial_volatility = -0.06\ninitial_rd = \"350\"\ncolour = 1\ninitial_rating = -20\n");
        assert_eq!(s.tau, 0.5, "a bad setting keeps its default");
        assert_eq!(s.initial_rating, 1500.0, "a rating off the scale is refused");
        let said: Vec<(u32, String)> =
            findings.iter().map(|d| (d.location.line.unwrap().0, d.message.clone())).collect();
        assert_eq!(said.len(), 5, "{said:?}");
        assert_eq!(said[0], (13, "[rules] tau = 0: it must be a number from 0.1 to 2".to_string()));
        assert_eq!(said[1].0, 14);
        assert!(said[2].1.contains("initial_rd"), "{said:?}");
        assert!(said[3].1.contains("unknown setting `colour`"), "{said:?}");
        assert_eq!(said[3].0, 16);
        assert!(findings[3].hint.as_deref().unwrap().contains("tau, initial_rating"), "{findings:?}");
        assert_eq!(said[4].0, 17);
    }

    #[test]
    fn settings_outside_the_range_the_rules_make_sense_in_are_findings() {
        // The issue's: each published a file the next period refused, or panicked.
        for (setting, said) in [
            ("tau = 1e308", "tau = 1e308: it must be a number from 0.1 to 2"),
            ("initial_volatility = 1e-320", "initial_volatility = 1e-320: it must be a number from 0.001 to 1"),
            ("initial_rating = 99999", "initial_rating = 99999: it must be a number from 100 to 3000"),
            ("initial_rating = 1e308", "initial_rating = 1e308: it must be a number from 100 to 3000"),
        ] {
            let (s, findings) = read(&format!("{setting}\n"));
            assert_eq!(s, Settings::default(), "{setting}");
            assert_eq!(findings.len(), 1, "{setting}: {findings:?}");
            assert_eq!(findings[0].message, format!("[rules] {said}"));
            assert_eq!(findings[0].location.line.unwrap().0, 13);
        }
        for (key, range, _) in KEYS {
            let (_, findings) = read(&format!("{key} = {}\n{key}2 = 0\n", range.end()));
            assert_eq!(findings.len(), 1, "{key}: its range's end is accepted: {findings:?}");
        }
    }
}
