//! The what-if calculator on the site: `calculator.js` (the rule set's
//! tables and settings as JSON, its script, and the site's shared part),
//! `calculator.html`, and each player's record as the calculator on his
//! page starts from it. It rates games of the period after this one: the
//! dates it needs (ECF's 1 September, FIDE's K and pool) are that period's,
//! rolled on as `ratebook next` rolls them.

use serde::Serialize;

use crate::config::PeriodConfig;
use crate::model::Player;
use crate::rate::{Calculator, RatingSystem};

/// The site's part of the script: the helpers every rule set shares and the form.
pub const SCRIPT: &str = include_str!("../../../templates/site/calculator.js");

/// What the pages need of the calculator.
pub struct SiteCalculator {
    /// The period the calculator's games belong to (the one after this).
    pub next: PeriodConfig,
    pub part: Calculator,
}

/// What the calculator's page and section print.
#[derive(Serialize)]
pub struct CalculatorPage {
    /// What a what-if leaves out under this rule set, a sentence each.
    pub leaves_out: Vec<String>,
    /// The period the games are rated in.
    pub next_period: String,
}

impl SiteCalculator {
    /// The calculator of `system` for the period after `config`.
    pub fn new(system: &dyn RatingSystem, config: &PeriodConfig) -> SiteCalculator {
        // (Named by its month and year as `next` names it, or else plainly.)
        let next =
            config.rolled(None).or_else(|_| config.rolled(Some("the next period"))).unwrap_or_else(|_| config.clone());
        SiteCalculator { part: system.calculator(&next), next }
    }

    /// `calculator.js`: the rule set's settings, its script, then the
    /// site's part (`shared`: ours, or a templates folder's own).
    pub fn script(&self, shared: &str) -> String {
        let settings = serde_json::to_string(&self.part.settings).expect("the settings are plain data");
        format!("var RATEBOOK_RULES = {settings};\n{}\n{shared}", self.part.script)
    }

    pub fn page(&self) -> CalculatorPage {
        CalculatorPage { leaves_out: self.part.leaves_out.clone(), next_period: self.next.period.clone() }
    }

    /// A player's record as his page's calculator starts from it, as JSON
    /// for a `<script type="application/json">` (`<` escaped, so that no
    /// text of his can end the element).
    pub fn state(&self, system: &dyn RatingSystem, player: &Player, columns: &[String]) -> String {
        let state = system.calculator_state(player, columns, &self.next);
        serde_json::to_string(&state).expect("a state is plain data").replace('<', "\\u003c")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::system::SystemName;

    #[test]
    fn every_rule_set_writes_its_settings_before_its_script() {
        for system in SystemName::ALL {
            let config = PeriodConfig::example(*system);
            let calculator = SiteCalculator::new(crate::rate::rule_set(*system), &config);
            let script = calculator.script(SCRIPT);
            assert!(script.starts_with("var RATEBOOK_RULES = {"), "{system}");
            assert!(script.contains("function RATEBOOK_SYSTEM(R, H)"), "{system}");
            assert!(!calculator.part.leaves_out.is_empty(), "{system} says what it leaves out");
            assert!(calculator.next.start > config.end, "{system}: the next period's games");
        }
    }

    #[test]
    fn a_state_cannot_end_its_script_element() {
        let calculator =
            SiteCalculator::new(crate::rate::rule_set(SystemName::Fide), &PeriodConfig::example(SystemName::Fide));
        let mut p = Player::new(1, "A", "B");
        p.extra = vec![crate::model::ExtraValue::Text("</script><b>".into())];
        let state = calculator.state(crate::rate::rule_set(SystemName::Fide), &p, &["Pool".to_string()]);
        assert!(!state.contains('<') && state.contains("\\u003c/script>"), "{state}");
    }
}
