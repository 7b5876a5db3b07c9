//! The site's what-if calculator (`calculator.html`, and every player's
//! page): what each rule set gives it. The script that rates a player's
//! next games is the rule set's own (`calculator.js` in its folder, beside
//! `rules.typ`); the tables and settings it reads are written from the rule
//! set's own constants here and in the rule set's `calculator.rs`, never
//! typed a second time; and the browser tests feed it random games and
//! compare every answer with the rule set's `rate` and `explain`.

use serde_json::{json, Value};

use super::tables::{TABLE1_DP, TABLE2};

/// A rule set's part of the calculator.
#[derive(Debug, Clone, PartialEq)]
pub struct Calculator {
    /// The script that rates one player's games (the rule set's
    /// `calculator.js`): it defines `RATEBOOK_SYSTEM(rules, helpers)`,
    /// which the site's `calculator.js` calls.
    pub script: &'static str,
    /// Its tables and settings, which the script reads as `rules`.
    pub settings: Value,
    /// What a what-if leaves out under this rule set, a sentence each.
    pub leaves_out: Vec<String>,
}

/// Table 1 (P in hundredths → Dp; `null` at .00 and 1.00) and Table 2
/// (`[low, high, higher, lower]`, `high` `null` in the last band) as the
/// scripts read them.
pub fn tables() -> Value {
    let table1: Vec<Value> = TABLE1_DP.iter().map(|&d| if d == i32::MIN { Value::Null } else { json!(d) }).collect();
    let table2: Vec<Value> = TABLE2.iter().map(|r| json!([r.low, r.high, r.higher, r.lower])).collect();
    json!({ "table1": table1, "table2": table2 })
}

/// The value of one of the player file's extra columns, by name (as column
/// names compare), as a number; `None` when blank, absent or no number.
pub fn column_number(player: &crate::model::Player, columns: &[String], name: &str) -> Option<f64> {
    let wanted = crate::model::names::normalise(name);
    let at = columns.iter().position(|c| crate::model::names::normalise(c) == wanted)?;
    super::common::extra_number(player.extra.get(at)).ok().flatten()
}

/// A player's status as the scripts name it (`new`, `unrated`, `provisional`, `confirmed`).
pub fn status_name(status: crate::model::Status) -> &'static str {
    status.as_str()
}
