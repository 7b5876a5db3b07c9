//! The later periods of a chain (`ratebook generate --periods K`): period
//! k + 1 is period k a whole number of years later. Its player file is the
//! one publishing period k wrote, and its population keeps each player's
//! hidden facts (strength, activity, state, junior) by ID; the players who
//! got an ID in period k are given facts of their own here.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use chrono::NaiveDate;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::events::EventPlan;
use super::players::Population;
use super::{draw_state, normal};
use crate::config::PeriodConfig;
use crate::diag::Severity;
use crate::model::dates::age_at;
use crate::model::system::SystemName;
use crate::model::PlayerFile;

/// What the file does not show about a player, carried from period to period.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Hidden {
    pub strength: f64,
    pub activity: f64,
    /// Index into [`STATES`].
    pub state: usize,
    pub junior: bool,
}

/// The hidden facts of a population, by ID.
pub(super) fn facts(pop: &Population) -> BTreeMap<u32, Hidden> {
    pop.file
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let hidden = Hidden {
                strength: pop.strength[i],
                activity: pop.activity[i],
                state: pop.state[i],
                junior: pop.junior[i],
            };
            (p.id, hidden)
        })
        .collect()
}

/// Moves planned events `months` whole months later (earlier when
/// negative): a later period of a chain, or a federation whose period falls
/// before the ACF's. Their dates, the birth dates of the entrants without an
/// ID (so they keep their ages) and the codes, which hold the year: numbered
/// after the codes the earlier periods gave (`taken`, which then holds
/// these too).
pub(super) fn shift_events(plans: &mut [EventPlan], months: i32, taken: &mut super::codes::Numbers) {
    let later = |d: NaiveDate| super::months_later(d, months);
    for plan in plans.iter_mut() {
        plan.start = later(plan.start);
        plan.end = later(plan.end);
        plan.submitted = plan.submitted.map(later);
        for p in plan.players.iter_mut().filter(|p| p.id.is_none()) {
            p.birth_date = p.birth_date.map(later);
        }
    }
    super::events::number(plans, taken);
}

/// period.toml of the period `years` after the first (August 1993, or the
/// federation's own list of 1993): every date moved by whole years, and the
/// period named for its month and year.
pub(super) fn period_config(system: SystemName, years: u32) -> PeriodConfig {
    let mut config = super::systems::sample_config(system);
    if years > 0 {
        config.published = super::years_later(config.published, years);
        config.start = super::years_later(config.start, years);
        config.end = super::years_later(config.end, years);
        config.active_since = super::years_later(config.active_since, years);
        config.age_date = super::years_later(config.age_date, years);
        config.period = config.published.format("%B %Y").to_string();
    }
    config
}

/// Reads the player file a published period wrote; any error in it stops the chain.
pub(super) fn read_published(path: &Path, lists: &[String]) -> anyhow::Result<PlayerFile> {
    let name = path
        .file_name()
        .map_or_else(|| crate::output_folder::names::PLAYERS.to_string(), |n| n.to_string_lossy().into_owned());
    let bytes = std::fs::read(path)?;
    let (file, diagnostics) = crate::formats::player_file::read_player_file_bytes_with_lists(&bytes, &name, lists);
    if let Some(error) = diagnostics.iter().find(|d| d.severity == Severity::Error) {
        anyhow::bail!("the published player file {} cannot be read back: {}", path.display(), error.message);
    }
    Ok(file)
}

/// The population of the next period: `file` (the player file the last
/// period published) with the facts `carried` from it by ID. Known players
/// keep their state and activity and grow a little (juniors more); players
/// new to the file get a strength near their new rating (1200 without one,
/// on the ACF scale) and an activity drawn like everyone's. Junior is
/// whether the player is under 20 at `age_date`.
pub(super) fn population(
    rng: &mut ChaCha8Rng,
    carried: &BTreeMap<u32, Hidden>,
    file: PlayerFile,
    age_date: NaiveDate,
    system: SystemName,
) -> Population {
    let n = file.players.len();
    let regions = super::regions(system);
    let mut pop = Population {
        file,
        system,
        regions,
        state: Vec::with_capacity(n),
        strength: Vec::with_capacity(n),
        activity: Vec::with_capacity(n),
        junior: Vec::with_capacity(n),
    };
    for p in &pop.file.players {
        let known = carried.get(&p.id);
        let state = p
            .state
            .as_deref()
            .and_then(|code| regions.iter().position(|s| s.0 == code))
            .or(known.map(|h| h.state))
            .unwrap_or_else(|| draw_state(rng, regions));
        let junior = match p.birth_date {
            Some(born) => age_at(born, age_date) < 20,
            None => known.is_some_and(|h| h.junior),
        };
        let (strength, activity) = match known {
            Some(h) => {
                let growth = if junior { rng.random_range(0.0..120.0) } else { normal(rng, 0.0, 25.0) };
                (h.strength + growth, h.activity)
            }
            None => {
                let rating = p.rating.map(|r| super::systems::acf_scale(system, r)).unwrap_or(1200.0);
                let strength = rating + normal(rng, 0.0, 60.0);
                let activity = normal(rng, 0.0, 0.8).exp() * if junior { 1.3 } else { 1.0 };
                (strength, activity)
            }
        };
        pop.state.push(state);
        pop.strength.push(strength.clamp(300.0, 2750.0));
        pop.activity.push(activity);
        pop.junior.push(junior);
    }
    pop
}

/// Reads `published` and builds the next period's population from it.
pub(super) fn next_population(
    rng: &mut ChaCha8Rng,
    carried: &BTreeMap<u32, Hidden>,
    published: &Path,
    config: &PeriodConfig,
) -> anyhow::Result<Population> {
    let file =
        read_published(published, &config.other_lists()).with_context(|| format!("reading {}", published.display()))?;
    Ok(population(rng, carried, file, config.age_date, config.system))
}
