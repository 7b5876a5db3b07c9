//! `[lists]` and `[statistics]`: the sizes of the published lists and the
//! statistics' settings, with their defaults (their bounds: `limits.rs`).

use serde::Deserialize;

/// Sizes of the published lists.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ListSizes {
    pub top: usize,
    pub juniors: Vec<u32>,
    pub junior_size: usize,
    /// One "Top Over N" list for each N (aged N or more at the age date).
    pub seniors: Vec<u32>,
    pub senior_size: usize,
    pub females: usize,
    pub improvers: usize,
}

impl Default for ListSizes {
    fn default() -> Self {
        ListSizes {
            top: 60,
            juniors: vec![20, 16, 12],
            junior_size: 20,
            seniors: vec![50, 65, 80],
            senior_size: 20,
            females: 20,
            improvers: 25,
        }
    }
}

/// The statistics' settings (`[statistics]`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StatisticsSettings {
    /// The lower bounds of the age bands after the first (`Under 12`, `12–15`, …).
    pub age_bands: Vec<u32>,
    /// The N of "top-N average".
    pub top_average: usize,
}

impl Default for StatisticsSettings {
    fn default() -> Self {
        StatisticsSettings { age_bands: vec![12, 16, 20, 25, 50, 65, 80], top_average: 10 }
    }
}
