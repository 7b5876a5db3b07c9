//! Inputs beside the reports that some rule sets need, read from the data
//! folder when the period's system asks for them. The ACF system needs none.

use std::path::Path;

use crate::config::PeriodConfig;
use crate::diag::Diagnostic;

/// What the period's rule set reads besides the player file and the reports.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SystemInputs {}

/// Reads the extra inputs of the period's system.
pub fn read_system_inputs(_dir: &Path, _config: &PeriodConfig) -> (SystemInputs, Vec<Diagnostic>) {
    (SystemInputs::default(), Vec::new())
}
