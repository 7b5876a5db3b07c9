//! A federation changing its rule set: `[switch]` in `period.toml`, read
//! strictly. A period whose `system` differs from the record's last
//! period's starts the new rule set from the recorded history re-rated under
//! it (from the period `from` names, or the first the record holds reports
//! of); a conversion of the last list's ratings serves a federation without
//! a record, or one that prefers it: a line (the English federation's 2020
//! rating = 7.5 × grade + 700) or FIDE's 2024 raise of 0.4 × (2000 − R).

pub mod shift;

use serde::{Deserialize, Serialize};

use crate::model::system::SystemName;
use crate::model::PlayerFile;
pub use shift::{Mover, Reason, Shift, Standing};

/// A rule set's scale, as a line from the Elo scale most rule sets share:
/// Elo = `times` × its number + `plus` (the ECF's grades: 7.5 × grade +
/// 700, its own conversion of 2020). A first state made from a list on
/// another scale takes each rating to the new one through it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    pub times: f64,
    pub plus: f64,
}

impl Scale {
    /// The Elo scale itself.
    pub const ELO: Scale = Scale { times: 1.0, plus: 0.0 };

    /// `value` on scale `from` taken to this scale.
    pub fn from(self, from: Scale, value: f64) -> f64 {
        if from == self {
            return value;
        }
        (from.times * value + from.plus - self.plus) / self.times
    }

    /// Every rating of `file` (and the opponents' average the ACF and NZCF
    /// keep), on scale `from`, taken to this scale, none below `floor` (the
    /// ECF publishes no grade below 0: a rating under 700 takes a grade of 0).
    pub fn take(self, from: Scale, floor: Option<f64>, mut file: PlayerFile) -> PlayerFile {
        if from != self {
            let take = |r: f64| {
                let r = self.from(from, r);
                floor.map_or(r, |f| r.max(f))
            };
            for p in &mut file.players {
                p.rating = p.rating.map(take);
                p.opp_avg = p.opp_avg.map(take);
            }
        }
        file
    }
}

/// What is known of the rule set the list a period starts from was
/// published under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Before {
    /// The record's: the rule set of the period recorded before.
    Recorded(SystemName),
    /// No record: only whether the player file lacks the period's rule
    /// set's own columns (a rule set without columns of its own cannot
    /// tell).
    PlayerFile { foreign: bool },
}

/// Whether a period rated under `now` changes the rule set: the one place
/// this is decided. With a record, when the list before it was published
/// under another rule set; without one, when `[switch]` names a conversion
/// and the player file was written under another rule set.
pub fn switches(before: Before, now: SystemName, settings: Option<&SwitchSettings>) -> bool {
    match before {
        Before::Recorded(was) => was != now,
        Before::PlayerFile { foreign } => foreign && settings.is_some_and(|s| s.conversion.is_some()),
    }
}

/// `[switch]`: where the new rule set's first state comes from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SwitchSettings {
    /// The first recorded period to re-rate under the new rule set (`None`:
    /// the first whose reports the record holds).
    pub from: Option<String>,
    /// Convert the last list's ratings instead of re-rating the history.
    pub conversion: Option<RatingConversion>,
}

/// What a period that changes the rule set says of it (the booklet's
/// introduction, the site's front page and the dry run print
/// [`Switched::sentence`]), with the figures of the move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Switched {
    /// The rule set of the last list (unknown without a record).
    pub from: Option<SystemName>,
    pub to: SystemName,
    /// How the new states were derived, in words.
    pub how: String,
    /// The last list against the same list under the new rule set, before
    /// the period's games: the figures `compare` prints for the same move.
    pub shift: Shift,
    /// Each player's published rating on the last list, by ID: what the
    /// part of his change that comes from the switch is taken from.
    #[serde(skip)]
    pub before: std::collections::HashMap<u32, Option<f64>>,
}

impl Switched {
    /// One paragraph: what changed, how, and how the list moved.
    pub fn sentence(&self) -> String {
        let from = self.from.map(|f| format!(", from {f}")).unwrap_or_default();
        format!(
            "The rating system changed with this list{from} to {}: {}. Before this period's games, {}.",
            self.to,
            self.how,
            self.shift.summary(self.to.title())
        )
    }

    /// The part of player `id`'s published rating at the start of the
    /// period (`start`) that the switch gave him: the start minus the last
    /// list's, when both are published.
    pub fn from_switch(&self, id: u32, start: Option<f64>) -> Option<f64> {
        Some(start? - (*self.before.get(&id)?)?)
    }
}

/// A conversion of ratings from one rule set's scale to another's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RatingConversion {
    /// rating = times × old + plus (ECF 2020: times 7.5, plus 700).
    Line { times: f64, plus: f64 },
    /// FIDE's adjustment of 1 March 2024: each rating from 1000 to 2000
    /// raised by 0.4 × (2000 − R), rounded.
    Fide2024,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SwitchToml {
    from: Option<String>,
    times: Option<f64>,
    plus: Option<f64>,
    fide_2024: Option<bool>,
}

impl SwitchSettings {
    /// Reads the `[switch]` table; the error says what is wrong and what
    /// would be right.
    pub fn parse(table: &toml::Value) -> Result<SwitchSettings, String> {
        let raw: SwitchToml =
            table.clone().try_into().map_err(|e: toml::de::Error| format!("[switch]: {}", e.message()))?;
        let line = match (raw.times, raw.plus) {
            (None, None) => None,
            (times, plus) => {
                let (times, plus) = (times.unwrap_or(1.0), plus.unwrap_or(0.0));
                if !(times.is_finite() && times > 0.0 && plus.is_finite()) {
                    return Err(format!(
                        "[switch] times = {times}, plus = {plus}: the new rating is times × the old plus plus, with times above 0 (e.g. times = 7.5, plus = 700 for ECF grades)"
                    ));
                }
                Some(RatingConversion::Line { times, plus })
            }
        };
        let conversion = match (line, raw.fide_2024) {
            (Some(_), Some(true)) => {
                return Err("[switch] names two conversions (times/plus and fide_2024): keep one".to_string())
            }
            (None, Some(true)) => Some(RatingConversion::Fide2024),
            (line, _) => line,
        };
        if conversion.is_some() && raw.from.is_some() {
            return Err(
                "[switch] has both `from` (re-rate the recorded periods from that one) and a conversion of the last list: keep one"
                    .to_string(),
            );
        }
        let from = raw.from.map(|f| f.trim().to_string());
        if from.as_deref() == Some("") {
            return Err("[switch] from is empty: name the first period to re-rate (e.g. \"August 1993\")".to_string());
        }
        Ok(SwitchSettings { from, conversion })
    }

    /// The `[switch]` table as `period.toml` writes it.
    pub fn to_toml(&self) -> String {
        let mut out = "\n[switch]                            # this period changes the rule set\n".to_string();
        if let Some(from) = &self.from {
            out += &format!("from = {}\n", toml::Value::String(from.clone()));
        }
        match self.conversion {
            Some(RatingConversion::Line { times, plus }) => out += &format!("times = {times}\nplus = {plus}\n"),
            Some(RatingConversion::Fide2024) => out += "fide_2024 = true\n",
            None => {}
        }
        out
    }
}

impl RatingConversion {
    /// One rating converted.
    pub fn rating(self, old: f64) -> f64 {
        match self {
            RatingConversion::Line { times, plus } => times * old + plus,
            RatingConversion::Fide2024 if (1000.0..=2000.0).contains(&old) => {
                old + crate::model::round_half_away(0.4 * (2000.0 - old)) as f64
            }
            RatingConversion::Fide2024 => old,
        }
    }

    /// Every rating of the file converted (a published rating and an
    /// unpublished one alike, and the opponents' average the ACF and NZCF
    /// rules keep).
    pub fn apply(self, mut file: PlayerFile) -> PlayerFile {
        for p in &mut file.players {
            p.rating = p.rating.map(|r| self.rating(r));
            p.opp_avg = p.opp_avg.map(|r| self.rating(r));
        }
        file
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<SwitchSettings, String> {
        SwitchSettings::parse(&toml::from_str::<toml::Value>(text).unwrap())
    }

    #[test]
    fn conversions_as_the_federations_made_them() {
        let ecf = RatingConversion::Line { times: 7.5, plus: 700.0 };
        assert_eq!(ecf.rating(150.0), 1825.0);
        // FIDE 2024: 1400 → 1640, 1999 → 1999 (0.4 rounds to 0), 2000 and 999 unchanged.
        assert_eq!(RatingConversion::Fide2024.rating(1400.0), 1640.0);
        assert_eq!(RatingConversion::Fide2024.rating(1000.0), 1400.0);
        assert_eq!(RatingConversion::Fide2024.rating(1999.0), 1999.0);
        assert_eq!(RatingConversion::Fide2024.rating(1998.0), 1999.0);
        assert_eq!(RatingConversion::Fide2024.rating(2100.0), 2100.0);
        assert_eq!(RatingConversion::Fide2024.rating(999.0), 999.0);
    }

    #[test]
    fn a_period_switches_when_its_rule_set_is_not_the_last_lists() {
        use SystemName::*;
        assert!(switches(Before::Recorded(Acf), Glicko2, None));
        assert!(!switches(Before::Recorded(Glicko2), Glicko2, None));
        // Without a record: only a conversion of a file written under another.
        let convert = parse("fide_2024 = true").unwrap();
        assert!(switches(Before::PlayerFile { foreign: true }, Fide, Some(&convert)));
        assert!(!switches(Before::PlayerFile { foreign: false }, Fide, Some(&convert)));
        assert!(!switches(Before::PlayerFile { foreign: true }, Fide, None));
        // The ECF's grades on the Elo scale and back.
        let ecf = Scale { times: 7.5, plus: 700.0 };
        assert_eq!(Scale::ELO.from(ecf, 150.0), 1825.0);
        assert_eq!(ecf.from(Scale::ELO, 1825.0), 150.0);
    }

    #[test]
    fn the_table_is_strict() {
        assert_eq!(parse("from = 'August 1994'").unwrap().from.as_deref(), Some("August 1994"));
        assert_eq!(
            parse("times = 7.5\nplus = 700").unwrap().conversion,
            Some(RatingConversion::Line { times: 7.5, plus: 700.0 })
        );
        assert_eq!(parse("fide_2024 = true").unwrap().conversion, Some(RatingConversion::Fide2024));
        assert!(parse("form = 'x'").unwrap_err().contains("unknown field `form`"));
        assert!(parse("times = 0").unwrap_err().contains("times above 0"));
        assert!(parse("times = 2\nfide_2024 = true").unwrap_err().contains("keep one"));
        assert!(parse("from = 'A'\nfide_2024 = true").unwrap_err().contains("keep one"));
    }
}
