//! `ratebook check`: read and validate only, so that a state officer sees
//! every finding before sending his reports.

use std::path::Path;

use anyhow::Result;

use crate::timings::Timings;
use crate::validate::Validated;

/// Reads and validates the data folder.
pub fn run_check(data: &Path) -> Result<Validated> {
    let mut timings = Timings::default();
    Ok(super::load(data, &mut timings)?.validated)
}
