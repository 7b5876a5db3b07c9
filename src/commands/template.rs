//! `ratebook template`: the blank report a state officer fills in, with the
//! state codes of the data folder's `period.toml` when there is one.

use std::path::Path;

use crate::config::{default_states, PeriodConfig};
use crate::formats::report::template::{write_template, TemplateLayout};

/// Writes the blank report to `file`.
pub fn run_template(file: &Path, crosstable: bool, data: &Path) -> anyhow::Result<()> {
    let states = match PeriodConfig::load(&data.join("period.toml")) {
        Ok(c) => c.states,
        Err(_) => default_states(),
    };
    let layout = if crosstable { TemplateLayout::Crosstable } else { TemplateLayout::Games };
    write_template(file, layout, &states)
}
