//! `ratebook template`: the blank report a state officer fills in, with the
//! state codes of the data folder's `period.toml` when there is one, its
//! worked example dated in that period and entering players of its player
//! file by ID.

use std::path::{Path, PathBuf};

use crate::config::default_states;
use crate::formats::report::template::{write_template, ExampleSetting, TemplateLayout};
use crate::ingest::data_folder::{player_file_in, DataFolder};

/// Writes the blank report to `file`, with the states of the data folder
/// `data` (or of the one the current folder is in, if any).
pub fn run_template(file: &Path, crosstable: bool, data: Option<&Path>) -> anyhow::Result<()> {
    let data = match data {
        Some(dir) => Some(dir.to_path_buf()),
        None => std::env::current_dir().ok().and_then(|cwd| DataFolder::find(&cwd)),
    };
    // (A period.toml that cannot be read leaves the defaults.)
    let folder = data.as_deref().and_then(|d| DataFolder::open(d).ok());
    let mut setting = ExampleSetting::default();
    let states = match folder {
        Some(folder) => {
            setting.period = Some((folder.config.start, folder.config.end));
            folder.config.states
        }
        None => default_states(),
    };
    // The example enters a few players of the data folder's player file by
    // ID (when there is one, whatever its period.toml).
    if let Some(path) = data.as_deref().and_then(player_file_in) {
        let (file, _) = crate::formats::player_file::read_player_file(&path, &path.display().to_string());
        setting.players = file.players.into_iter().filter(|p| p.birth_date.is_some()).collect();
    }
    let layout = if crosstable { TemplateLayout::Crosstable } else { TemplateLayout::Games };
    write_template(file, layout, &states, &setting)
}

/// Writes the blank report (or with `handicap` a blank team match) to
/// `file` (default `report.xlsx`, or `match.xlsx`) and says so.
pub fn said(
    file: Option<PathBuf>,
    crosstable: bool,
    handicap: bool,
    data: Option<&Path>,
) -> anyhow::Result<super::Said> {
    let file = if handicap {
        let file = file.unwrap_or_else(|| PathBuf::from("match.xlsx"));
        crate::handicap::write_match_template(&file)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", file.display()))?;
        file
    } else {
        let file = file.unwrap_or_else(|| PathBuf::from("report.xlsx"));
        run_template(&file, crosstable, data)?;
        file
    };
    let mut said = super::Said::default();
    said.err(format!("wrote {}\n", file.display()));
    Ok(said)
}
