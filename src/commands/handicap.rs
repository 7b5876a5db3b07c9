//! `ratebook handicap MATCH.xlsx`: the half-rating team handicap card of one
//! match ([`crate::handicap`]), printed as text or JSON and written as
//! `MATCH-handicap.xlsx` into the output folder.

use std::path::Path;

use anyhow::Result;

use super::{Said, Screen, Stream};
use crate::handicap::{self, CardJson};

/// Works out the card of the match in `file`, writes it into `out` and says
/// it (with `json`, as one JSON object); exit 1 with the errors when the
/// match sheet has any.
pub fn said(file: &Path, out: &Path, json: bool, screen: &dyn Screen) -> Result<Said> {
    if !file.is_file() {
        anyhow::bail!("no match workbook {}", file.display());
    }
    let name = file.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let mut said = Said::default();
    match handicap::run(file, &name, out)? {
        Err(findings) => {
            said.err(screen.findings(&findings, true, Stream::Err));
            said.err("no card: fix the errors above\n");
            Ok(said.with_code(1))
        }
        Ok((card, written)) => {
            said.err(screen.findings(&card.warnings, true, Stream::Err));
            if json {
                said.out(format!("{}\n", serde_json::to_string(&CardJson::of(&card))?));
            } else {
                said.out(handicap::render(&card));
            }
            said.err(format!("wrote {}\n", written.display()));
            Ok(said)
        }
    }
}
