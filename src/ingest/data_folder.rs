//! A data folder opened once ([`DataFolder`]): its path, its `period.toml`
//! read and checked once, and the names of everything it holds (the
//! settings, the player file, `reports/`, `archive/`, the record) in one
//! place. Every command takes one; the period's files themselves are read
//! by one walk of it ([`DataFolder::walk`]).

use std::path::{Path, PathBuf};

use super::{extras, IngestError, Inputs, RawData};
use crate::config::{ConfigError, PeriodConfig};

/// The settings file of a data folder.
pub const SETTINGS: &str = "period.toml";

/// The names a player file goes by, in order of preference.
pub const PLAYER_FILE_NAMES: [&str; 4] =
    [crate::output_folder::names::PLAYERS, "players.ods", "players.xls", "players.csv"];

/// The names a player file goes by, as a message lists them: "players.xlsx,
/// players.ods, players.xls or players.csv".
pub fn player_file_names() -> String {
    let (last, first) = PLAYER_FILE_NAMES.split_last().expect("a player file has names");
    format!("{} or {last}", first.join(", "))
}

/// The folder of a data folder that holds the reports (at any depth), as a
/// prefix of the paths in it.
pub const REPORTS: &str = "reports/";

/// The folder of a data folder where `ratebook next` keeps each past
/// period's files: no input (the record keeps what a period read).
pub const ARCHIVE: &str = "archive";

/// A data folder, opened: its settings read once.
#[derive(Debug, Clone)]
pub struct DataFolder {
    dir: PathBuf,
    /// `period.toml` as read (the walk keeps these bytes among the inputs,
    /// and `next` edits this text).
    settings: Vec<u8>,
    /// `period.toml`, checked.
    pub config: PeriodConfig,
}

impl DataFolder {
    /// Opens the data folder `dir`: reads and checks its `period.toml`.
    /// Refused: a folder that does not exist, a `period.toml` that cannot be
    /// read or holds mistakes (every one of them said).
    pub fn open(dir: &Path) -> Result<DataFolder, IngestError> {
        if !dir.is_dir() {
            return Err(IngestError::MissingFolder(dir.to_path_buf()));
        }
        let path = dir.join(SETTINGS);
        let settings =
            std::fs::read(&path).map_err(|error| ConfigError::Read { path: path.display().to_string(), error })?;
        let config = PeriodConfig::from_bytes(&settings, &path)?;
        Ok(DataFolder { dir: dir.to_path_buf(), settings, config })
    }

    /// The nearest data folder for a command run in `from`: `from` itself or
    /// the nearest folder above it holding `period.toml` (run from
    /// `reports/` or a state's folder), or `from/data` (run from the folder
    /// above the data).
    pub fn find(from: &Path) -> Option<PathBuf> {
        let holds = |dir: &Path| dir.join(SETTINGS).is_file();
        if holds(from) {
            return Some(from.to_path_buf());
        }
        if holds(&from.join("data")) {
            return Some(from.join("data"));
        }
        from.ancestors().skip(1).find(|dir| holds(dir)).map(Path::to_path_buf)
    }

    /// The folder's path.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The text of `period.toml` as read (UTF-8: it was checked).
    pub fn settings_text(&self) -> &str {
        std::str::from_utf8(&self.settings).expect("period.toml was checked as UTF-8 text")
    }

    /// The path of `period.toml`.
    pub fn settings_path(&self) -> PathBuf {
        self.dir.join(SETTINGS)
    }

    /// The rating record `period.toml` names (`None`: it keeps none).
    pub fn record(&self) -> Option<PathBuf> {
        record_in(&self.dir, &self.config)
    }

    /// The folder of the reports.
    pub fn reports(&self) -> PathBuf {
        self.dir.join(REPORTS.trim_end_matches('/'))
    }

    /// The player file, if there is one (`players.xlsx` before `players.ods`…).
    pub fn player_file(&self) -> Option<PathBuf> {
        player_file_in(&self.dir)
    }

    /// Reads every input file of the folder once ([`Inputs`]): all but
    /// hidden ones, `archive/` and the record (with its journal).
    pub fn walk(&self) -> Inputs {
        Inputs::walk(&self.dir, self.settings.clone(), self.record().as_deref())
    }

    /// Walks the folder ([`DataFolder::walk`]) and parses the player file,
    /// every report and the files beside them that the rule set reads
    /// (`wanted`); the walk's findings go with them. The inputs read are
    /// returned too (the record stores them).
    pub fn read(&self, wanted: &[extras::SideFile]) -> Result<(RawData, Inputs), IngestError> {
        let mut inputs = self.walk();
        let mut raw = super::read(&inputs, self.config.clone(), wanted)?;
        raw.diagnostics.extend(inputs.take_findings());
        Ok((raw, inputs))
    }
}

/// The rating record of the data folder `dir` whose settings are `config`
/// (`None`: it keeps none).
pub fn record_in(dir: &Path, config: &PeriodConfig) -> Option<PathBuf> {
    config.record.as_ref().map(|name| dir.join(name))
}

/// The player file of the folder `dir`, if it has one.
pub fn player_file_in(dir: &Path) -> Option<PathBuf> {
    PLAYER_FILE_NAMES.iter().map(|n| dir.join(n)).find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_missing_player_file_names_every_name_it_goes_by() {
        let error = super::super::IngestError::MissingPlayerFile("data".into());
        assert_eq!(
            error.to_string(),
            "no player file in data: expected players.xlsx, players.ods, players.xls or players.csv"
        );
    }
}
