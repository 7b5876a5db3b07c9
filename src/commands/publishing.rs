//! What the record adds to a rated period's publication: the statistics
//! over the recorded periods before it, and every player's recorded
//! periods, which the site's charts draw. `period` publishes with them, and
//! so does a correction, which publishes the corrected latest period again
//! (reading the record as it will be once the correction is in): the same
//! bytes a fresh publication of that period gives.

use anyhow::Result;

use crate::diag::Diagnostic;
use crate::publish::{OtherList, Publication};
use crate::rated::{Rated, RatedLists};
use crate::record::query::History;
use crate::record::Record;
use crate::statistics::{self, Settings, Statistics, ThisPeriod};

/// What the record adds to the publication of each list of a period.
pub struct Extras {
    /// The main list's.
    pub statistics: Statistics,
    pub history: History,
    /// Each other list's, in the order of `RatedLists::others`.
    pub others: Vec<(Statistics, History)>,
}

impl Extras {
    /// The publication of `lists` with these extras.
    pub fn publication<'a>(
        &'a self,
        lists: &'a RatedLists,
        findings: &'a [Diagnostic],
        templates: Option<&'a std::path::Path>,
    ) -> Publication<'a> {
        Publication {
            rated: &lists.main,
            statistics: &self.statistics,
            history: &self.history,
            findings,
            templates,
            others: lists
                .others
                .iter()
                .zip(&self.others)
                .map(|(list, (statistics, history))| OtherList {
                    name: &list.name,
                    rated: &list.rated,
                    statistics,
                    history,
                })
                .collect(),
        }
    }
}

/// The statistics and the site's history of each list of `lists`, from
/// `record` (`None`: a period kept without one). Another list's statistics
/// are its period's own (the record's earlier periods are read for the
/// main list); its history is its recorded lines.
pub fn list_extras(lists: &RatedLists, record: Option<&Record>) -> Result<Extras> {
    let (statistics, history) = record_extras(&lists.main, record)?;
    let mut others = Vec::with_capacity(lists.others.len());
    for list in &lists.others {
        let rated = &list.rated;
        let statistics = period_statistics(rated, None)?;
        let history = match record {
            Some(record) if rated.period.config.site => {
                let end = rated.period.config.end;
                let before = record.periods()?.into_iter().rfind(|p| p.end < end);
                record.list_history_before(&before.map(|p| p.end.to_string()).unwrap_or_default(), Some(&list.name))?
            }
            _ => History::default(),
        };
        others.push((statistics, history));
    }
    Ok(Extras { statistics, history, others })
}

/// The statistics and the site's history of `rated`'s publication, from
/// `record` (`None`: a period kept without one).
pub fn record_extras(rated: &Rated, record: Option<&Record>) -> Result<(Statistics, History)> {
    let statistics = period_statistics(rated, record)?;
    let history = match record {
        Some(record) if rated.period.config.site => {
            // Every recorded period before this one.
            let end = rated.period.config.end;
            let before = record.periods()?.into_iter().rfind(|p| p.end < end);
            record.history_before(&before.map(|p| p.end.to_string()).unwrap_or_default())?
        }
        _ => History::default(),
    };
    Ok((statistics, history))
}

/// The period's statistics, with the record's earlier periods (and the
/// players' meetings in them, for the site).
fn period_statistics(rated: &Rated, record: Option<&Record>) -> Result<Statistics> {
    let Rated { period, .. } = rated;
    let system = rated.system();
    let config = &period.config;
    let now = ThisPeriod::of_rated(rated);
    let end = config.end.to_string();
    let (earlier, mut games) = match record {
        Some(record) => {
            let periods: Vec<_> = record
                .recorded_periods(config)?
                .into_iter()
                .filter(|p| p.name != config.period && p.end < end)
                .collect();
            let games = if config.site { record.games_of(&periods)? } else { Vec::new() };
            (record.earlier_periods(&periods)?, games)
        }
        None => (Vec::new(), Vec::new()),
    };
    if config.site {
        let played: usize = period.events.iter().filter(|e| e.disposition.is_rated()).map(|e| e.games.len()).sum();
        games.reserve(played);
        games.extend(this_period_games(period));
    }
    let mut statistics = statistics::compute(&now, &earlier, &Settings::of(config, system.words()), record.is_some())?;
    statistics.meetings = statistics::meetings(&games);
    if let Some(record) = record.filter(|_| config.site) {
        // Opponents the player file no longer holds are named as the record last named them.
        let in_file: std::collections::HashSet<u32> = period.players.players.iter().map(|p| p.id).collect();
        let gone: Vec<u32> = statistics.meetings.opponents().into_iter().filter(|id| !in_file.contains(id)).collect();
        statistics.former_names = record.last_names(&gone)?;
    }
    Ok(statistics)
}

/// The period's rated games as (white, black, white's points).
fn this_period_games(period: &crate::validate::ValidPeriod) -> impl Iterator<Item = (u32, u32, f64)> + '_ {
    period.events.iter().filter(|e| e.disposition.is_rated()).flat_map(|e| {
        e.games.iter().filter_map(|g| g.played().map(|(black, white_score)| (g.white, black, white_score)))
    })
}
