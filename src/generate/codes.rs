//! Event codes: by state, then year (V93001, V93002 …), each (state,
//! year) numbered on from the numbers given before, so a chain's later
//! periods never give a code an earlier period gave.

use std::collections::BTreeMap;

/// The last number each (state, year) of event codes has had: a later
/// period's events of a year an earlier period numbered go on from it, as a
/// federation's codes do (V93001 is one event, whichever period rates it).
pub(crate) type Numbers = BTreeMap<(String, i32), u32>;

/// The next code of `state`'s events ending in `year`, counted in `numbers`.
pub(super) fn next_code(numbers: &mut Numbers, state: &str, year: i32) -> String {
    let number = numbers.entry((state.to_string(), year)).or_insert(0);
    *number += 1;
    format!("{state}{:02}{:03}", year % 100, number)
}
