//! The officers' files of a publication: the new player file (the next
//! period's), the players the maintenance rule removed, each with the
//! period's change beside the rating, and the workbooks the rule set
//! publishes of its own (a side file it carries among them).

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result};

use super::Publication;
use crate::formats::player_file::write_player_file_with_changes;
use crate::formats::workbook::write_output_table;
use crate::model::PlayerFile;
use crate::output_folder::names::{PLAYERS, REMOVED};
use crate::rated::Rated;

/// The new player file and the removed players, split from the rated period.
pub struct PlayerFiles {
    pub kept: PlayerFile,
    pub removed: PlayerFile,
}

impl PlayerFiles {
    /// The files of `rated`: every player kept or removed, with the rule
    /// set's columns (its own, when it wrote them).
    pub fn of(rated: &Rated) -> PlayerFiles {
        let (mut kept, mut removed) = crate::rate::split_player_file(&rated.period, &rated.ratings);
        if let Some(columns) = &rated.ratings.extra_columns {
            kept.extra_columns = columns.clone();
            removed.extra_columns = columns.clone();
        }
        PlayerFiles { kept, removed }
    }

    /// Writes the two player files and the rule set's own workbooks into
    /// `folder` (the staging folder, which took their [`names`]).
    pub fn write(&self, publication: &Publication, folder: &Path) -> Result<()> {
        let rated = publication.rated;
        let stamp = rated.period.config.published;
        let words = rated.system().words();
        let changes: HashMap<u32, f64> = rated.players.iter().filter_map(|p| Some((p.id, p.change? as f64))).collect();
        for (file, name) in [(&self.kept, PLAYERS), (&self.removed, REMOVED)] {
            let changes: Vec<Option<f64>> = file.players.iter().map(|p| changes.get(&p.id).copied()).collect();
            write_player_file_with_changes(&folder.join(name), file, stamp, Some(&changes), &words)
                .with_context(|| format!("writing {name}"))?;
        }
        for table in &rated.ratings.outputs {
            write_output_table(&folder.join(&table.file), table, stamp)
                .with_context(|| format!("writing {}", table.file))?;
        }
        Ok(())
    }
}

/// The names the officers' files take in the output folder: the two
/// player files, then the rule set's workbooks.
pub fn names(rated: &Rated) -> Vec<&str> {
    let mut names = vec![PLAYERS, REMOVED];
    names.extend(rated.ratings.outputs.iter().map(|t| t.file.as_str()));
    names
}
