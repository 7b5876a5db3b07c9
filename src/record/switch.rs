//! A change of rule set in the record (issue 35): a period rated under
//! another rule set than the period recorded before it starts from the new
//! rule set's states, derived from the record, as the Australian federation
//! did in 2011: the recorded periods (from `[switch] from`, or the first
//! after the last imported list) re-rated under the new rule set, and each
//! player's state (rating, RD and volatility; K and games) carried into the
//! period's player file. A `[switch]` conversion (a line such as the English
//! federation's 7.5 × grade + 700, or FIDE's 2024 raise) converts the last
//! list's ratings instead, and the rule set adopts them. `ratebook period`
//! derives the start for the period that switches; a replay (a correction,
//! `compare`) derives it again whenever it rates through a switch, so a
//! correction before the switch reaches the states after it.

use anyhow::{bail, Context, Result};

use super::replay::{replay, Crossing, Read, Recorded, Replayed, Replayer, Track, Under};
use super::start::{move_list, Carried, Start};
use super::{Record, RevisionInfo, Source};
use crate::config::PeriodConfig;
use crate::ingest::Inputs;
use crate::model::system::SystemName;
use crate::model::PlayerFile;
use crate::switch::{switches, Before, RatingConversion, Switched};
use crate::timings::Timings;

/// Where the new rule set's states come from.
pub enum Derived {
    /// The recorded periods `first` to `last` re-rated under it: the
    /// ratings they leave, carried into the next player file.
    History { carried: Carried, first: String, last: String },
    /// The last list's ratings converted, then adopted by the rule set.
    Conversion(RatingConversion),
}

/// The recorded periods before the period of `config` (by its end), when
/// the last of them was rated under another rule set: a switch.
pub fn switching<'a>(periods: &'a [RevisionInfo], config: &PeriodConfig) -> Option<&'a [RevisionInfo]> {
    let before = periods.iter().position(|p| p.end >= config.end || p.period == config.period).unwrap_or(periods.len());
    let last = periods[..before].last()?;
    switches(Before::Recorded(last.system), config.system, config.switch.as_ref()).then_some(&periods[..before])
}

/// Derives the states the period `at` (rated under `system` with the
/// `[switch]` of `config`) starts from, out of the recorded periods
/// `before` it; `replayer` corrects the periods re-rated as it corrects
/// the chain (a correction before the switch).
pub fn derive_for(
    record: &Record,
    before: &[RevisionInfo],
    config: &PeriodConfig,
    replayer: &mut dyn Replayer,
    timings: &mut Timings,
) -> Result<Derived> {
    let settings = config.switch.clone().unwrap_or_default();
    if let Some(conversion) = settings.conversion {
        return Ok(Derived::Conversion(conversion));
    }
    let period = &config.period;
    let system = config.system;
    let start = match &settings.from {
        Some(from) => before.iter().position(|p| &p.period == from).with_context(|| {
            let names: Vec<&str> = before.iter().map(|p| p.period.as_str()).collect();
            format!(
                "[switch] from = \"{from}\" of {period}: no such period recorded before it; it holds: {}",
                names.join(", ")
            )
        })?,
        None => before.iter().rposition(|p| p.source == Source::Import).map_or(0, |i| i + 1),
    };
    let chain = &before[start..];
    let advice = "or convert the last list's ratings instead with a conversion in [switch] (times = …, plus = …; or fide_2024 = true)";
    if chain.is_empty() {
        bail!("{period} changes the rule set to {system}, but the record holds no period with reports before it to re-rate under {system}: name one with [switch] from = \"PERIOD\", {advice}");
    }
    if let Some(imported) = chain.iter().find(|p| p.source == Source::Import) {
        bail!("{period} changes the rule set to {system}, but {} was imported from a published list: the record has no reports of it to re-rate; start later with [switch] from = \"PERIOD\", {advice}", imported.period);
    }
    // The history re-rated under the new rule set with its own settings,
    // the period's `[rules]` (never the recorded periods', the old rule set's).
    let mut tracks = [Track::under(system, config.rules.clone())];
    let mut shadow = Shadow(replayer);
    replay(record, chain, &mut tracks, &mut shadow, &DeriveAgain, timings).with_context(|| {
        format!("{period} changes the rule set to {system}, and the recorded history cannot be re-rated under it ({advice})")
    })?;
    let [track] = tracks;
    let Some(mut carried) = track.carried else { bail!("no period was re-rated under {system}") };
    carried.original_ids = record.player_lines(chain[chain.len() - 1].id)?.iter().map(|l| l.id).collect();
    Ok(Derived::History { carried, first: chain[0].period.clone(), last: chain[chain.len() - 1].period.clone() })
}

/// [`derive_for`] for the recorded period `at` (its settings as recorded).
pub fn derive(
    record: &Record,
    before: &[RevisionInfo],
    at: &RevisionInfo,
    replayer: &mut dyn Replayer,
    timings: &mut Timings,
) -> Result<Derived> {
    let label = std::path::PathBuf::from(format!("{} ({} as recorded)", record.path().display(), at.period));
    let inputs = record.inputs(at.id, label)?;
    let settings = inputs.label.join(crate::ingest::data_folder::SETTINGS);
    let bytes = inputs.get(crate::ingest::data_folder::SETTINGS).context("a recorded period has its period.toml")?;
    let mut config = PeriodConfig::from_bytes(bytes, &settings)?;
    crate::rate::configure(&mut config);
    derive_for(record, before, &config, replayer, timings)
}

/// A replay's crossing of a change of rule set: the new rule set's states
/// derived again from the history before it, corrected as the chain is.
pub struct DeriveAgain;

impl Crossing for DeriveAgain {
    fn cross(
        &self,
        record: &Record,
        before: &[RevisionInfo],
        at: &RevisionInfo,
        replayer: &mut dyn Replayer,
        timings: &mut Timings,
        tracks: &mut [Track],
    ) -> Result<()> {
        let derived = derive(record, before, at, replayer, timings)?;
        for track in tracks.iter_mut().filter(|t| t.under == Under::Recorded) {
            track.start = Some(derived.start());
        }
        Ok(())
    }
}

impl Derived {
    /// Where the new rule set's first state comes from.
    pub fn start(&self) -> Start {
        match self {
            Derived::History { carried, first, last } => {
                let span = if first == last { first.clone() } else { format!("{first} to {last}") };
                Start::History { carried: Box::new(carried.clone()), span }
            }
            Derived::Conversion(conversion) => Start::Conversion(*conversion),
        }
    }

    /// The player file `file` (the last list, under the old rule set `old`)
    /// with the new rule set's first state, as the period of `config`
    /// starts from it, and what the period says of it ([`move_list`]).
    pub fn apply(self, file: PlayerFile, config: &PeriodConfig, old: Option<SystemName>) -> (PlayerFile, Switched) {
        move_list(file, old, config, &self.start())
    }
}

/// The player file of the period of `config` in the data folder, when it
/// changes the rule set against the record at hand: with the new rule
/// set's states, and what the period says of it. `None`: no switch.
pub fn switch_player_file(
    record: &Record,
    config: &PeriodConfig,
    file: PlayerFile,
) -> Result<std::result::Result<(PlayerFile, Switched), PlayerFile>> {
    let periods = record.periods()?;
    let Some(before) = switching(&periods, config) else { return Ok(Err(file)) };
    // The new rule set's own settings, which the history is re-rated with,
    // must be right first: a mistake is validation's finding at the data
    // folder's period.toml, not the history's.
    let settings = crate::rate::configured(config).check_settings(&config.rules);
    if settings.iter().any(|d| d.severity == crate::diag::Severity::Error) {
        return Ok(Err(file));
    }
    let old = before[before.len() - 1].system;
    let mut timings = Timings::default();
    let derived = derive_for(record, before, config, &mut NoCorrection, &mut timings)?;
    Ok(Ok(derived.apply(file, config, Some(old))))
}

/// A replay that corrects nothing and keeps nothing but its tracks' ratings.
struct NoCorrection;

impl Replayer for NoCorrection {
    fn rated(&mut self, _: &RevisionInfo, _: Recorded, _: Vec<Replayed>, _: &mut Timings) -> Result<()> {
        Ok(())
    }
}

/// The history re-rated under the new rule set, corrected as the chain
/// around it is (its results are not the chain's: nothing else is kept).
struct Shadow<'a>(&'a mut dyn Replayer);

impl Replayer for Shadow<'_> {
    fn inputs(&mut self, revision: &RevisionInfo) -> Option<Inputs> {
        self.0.inputs(revision)
    }

    fn prepare(&mut self, revision: &RevisionInfo, read: &mut Read) -> Result<Option<String>> {
        self.0.prepare(revision, read)
    }

    fn rated(&mut self, _: &RevisionInfo, _: Recorded, _: Vec<Replayed>, _: &mut Timings) -> Result<()> {
        Ok(())
    }
}
