//! `ratebook compare`: the recorded history re-rated under other rule sets
//! ([`crate::compare`]), from the data folder's record opened to read only;
//! with an output folder, the comparison's page and workbook written there.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::compare::{CompareOptions, Comparison};
use crate::ingest::DataFolder;
use crate::record::{Access, Record};

use super::{Said, Screen};

/// Compares the rule sets over the record of the data folder `folder`; with
/// `out`, writes `comparison.html` and `comparison.xlsx` there (the files
/// written are returned).
pub fn compare(
    folder: &DataFolder,
    options: &CompareOptions,
    out: Option<&Path>,
    progress: &dyn Fn(usize, usize),
) -> Result<(Comparison, Vec<PathBuf>)> {
    let config = &folder.config;
    let Some(path) = folder.record() else {
        bail!(
            "period.toml keeps no record (record = false): compare re-rates the recorded periods, and there are none"
        );
    };
    if !path.is_file() {
        bail!(
            "there is no record at {}: compare re-rates the periods a record holds, from their reports; `ratebook period` records each period it publishes",
            path.display()
        );
    }
    let record = Record::open(&path, Access::Read)?;
    let comparison = crate::compare::compare(&record, &config.federation, options, progress)
        .map_err(|e| crate::record::explain(&path, e))?;
    let mut written = Vec::new();
    if let Some(out) = out {
        written = crate::publish::comparison::write(&comparison, out, config.published)?;
    }
    Ok((comparison, written))
}

/// Runs [`compare`] and says the comparison (a table, or JSON with `json`)
/// and the files it wrote, the screen showing the periods re-rated.
pub fn said(
    folder: &DataFolder,
    options: &CompareOptions,
    out: Option<&Path>,
    json: bool,
    screen: &dyn Screen,
) -> Result<Said> {
    let progress = |done, total| screen.progress("re-rating the recorded periods", done, total);
    let (comparison, written) = compare(folder, options, out, &progress)?;
    let mut said = Said::default();
    said.out(if json { comparison.to_json() } else { comparison.to_text() });
    for file in written {
        said.err(format!("wrote {}\n", file.display()));
    }
    Ok(said)
}
