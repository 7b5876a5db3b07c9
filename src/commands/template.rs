//! `ratebook template`: the blank report a state officer fills in, with the
//! state codes of the data folder's `period.toml` when there is one.

use std::path::Path;

use crate::config::{default_states, PeriodConfig};
use crate::formats::report::template::{write_template, TemplateLayout};

/// Writes the blank report to `file`, with the states of the data folder
/// `data` (or of the one the current folder is in, if any).
pub fn run_template(file: &Path, crosstable: bool, data: Option<&Path>) -> anyhow::Result<()> {
    let data = match data {
        Some(dir) => Some(dir.to_path_buf()),
        None => std::env::current_dir().ok().and_then(|cwd| super::find_data_folder(&cwd)),
    };
    let states = match data.map(|d| PeriodConfig::load(&d.join("period.toml"))) {
        Some(Ok(c)) => c.states,
        _ => default_states(),
    };
    let layout = if crosstable { TemplateLayout::Crosstable } else { TemplateLayout::Games };
    write_template(file, layout, &states)
}
