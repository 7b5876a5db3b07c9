//! Reports read alone, without a data folder or without a player file
//! (`ratebook check FILE…`): the period that covers their events, the
//! players their IDs stand for, and the entrants without an ID who will get
//! one, matched after validation to the players it added.

use std::collections::HashSet;

use chrono::{Datelike, NaiveDate};

use super::RawData;
use crate::config::PeriodConfig;
use crate::model::names::NameOrder;
use crate::model::{Player, PlayerFile, Status};

/// A player of a report who will get a new ID.
#[derive(Debug, Clone, PartialEq)]
pub struct Newcomer {
    /// The report, as findings name it.
    pub file: String,
    /// The start number.
    pub no: u32,
    /// `Surname, First names`.
    pub name: String,
    pub state: String,
}

/// The name of the period [`covering`] makes.
pub const COVERING: &str = "the reports' period";

/// The default period settings for reports checked without a data folder:
/// the example's, over whole months from the earliest end of an event to the
/// latest, so that no event is late, too late or deferred (that is the
/// national officer's to judge).
pub fn covering(raw: &RawData) -> PeriodConfig {
    let mut config = raw.config.clone();
    let ends: Vec<NaiveDate> = raw.reports.iter().filter_map(|r| r.event.end.as_ref().map(|e| e.value)).collect();
    let (Some(&first), Some(&last)) = (ends.iter().min(), ends.iter().max()) else { return config };
    let start = first.with_day(1).unwrap_or(first);
    let next_month = if last.month() == 12 {
        NaiveDate::from_ymd_opt(last.year() + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(last.year(), last.month() + 1, 1)
    };
    let Some(published) = next_month else { return config };
    config.period = COVERING.to_string();
    config.start = start;
    config.end = published.pred_opt().unwrap_or(last);
    config.published = published;
    config.active_since = start;
    config.age_date = NaiveDate::from_ymd_opt(published.year(), 1, 1).unwrap_or(published);
    config
}

/// Without a player file, the players the reports give IDs stand for players
/// on the list (as the first report naming each gives them).
pub fn players_of_reports(raw: &RawData) -> PlayerFile {
    let mut players: Vec<Player> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for e in raw.reports.iter().flat_map(|r| &r.players) {
        let Some(id) = e.id else { continue };
        if !seen.insert(id) {
            continue;
        }
        let mut p = Player::new(id, &e.surname, &e.first_names);
        p.gender = e.gender;
        p.birth_date = e.birth_date;
        p.state = e.state.clone();
        p.status = Status::Unrated;
        players.push(p);
    }
    PlayerFile { players, extra_columns: Vec::new(), origin: None, lists: Vec::new() }
}

/// The entrants without an ID, report by report: the candidates for the
/// new players validation adds to the file.
pub fn new_entrants(raw: &RawData) -> Vec<(Newcomer, Player)> {
    let mut out = Vec::new();
    for r in &raw.reports {
        let event_state = r.event.state.as_ref().map(|s| s.value.clone());
        for e in r.players.iter().filter(|e| e.id.is_none()) {
            let mut p = Player::new(0, &e.surname, &e.first_names);
            p.birth_date = e.birth_date;
            let state = e.state.clone().or_else(|| event_state.clone()).unwrap_or_default();
            let newcomer = Newcomer { file: r.file.clone(), no: e.no, name: p.display_name(), state };
            out.push((newcomer, p));
        }
    }
    out
}

/// The players validation added to the file (`added`, the last of the
/// validated player file), each with the report entry it came from (first
/// among the reports `rated`), in the order of the period's `collation` (so
/// that one player entered twice shows as two lines together).
pub fn newcomers(
    added: &[Player],
    rated: &HashSet<&str>,
    collation: &str,
    mut candidates: Vec<(Newcomer, Player)>,
) -> Vec<Newcomer> {
    let mut out = Vec::with_capacity(added.len());
    for p in added {
        let fits = |(n, c): &(Newcomer, Player), rated_only: bool| {
            c.surname == p.surname
                && c.first_names == p.first_names
                && c.birth_date == p.birth_date
                && (!rated_only || rated.contains(n.file.as_str()))
        };
        let found =
            candidates.iter().position(|c| fits(c, true)).or_else(|| candidates.iter().position(|c| fits(c, false)));
        match found {
            Some(i) => out.push((candidates.swap_remove(i).0, p)),
            None => out.push((
                Newcomer {
                    file: String::new(),
                    no: 0,
                    name: p.display_name(),
                    state: p.state.clone().unwrap_or_default(),
                },
                p,
            )),
        }
    }
    let order = NameOrder::new(collation).ok();
    match order {
        Some(order) => out.sort_by_cached_key(|(c, p)| (order.key(&p.surname, &p.first_names), c.file.clone(), c.no)),
        None => out.sort_by(|a, b| (&a.0.name, &a.0.file, a.0.no).cmp(&(&b.0.name, &b.0.file, b.0.no))),
    }
    out.into_iter().map(|(c, _)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newcomers_come_from_a_rated_report_first_and_in_the_collations_order() {
        let added = vec![Player::new(902, "Zeller", "Ann"), Player::new(901, "Ärnström", "Bo")];
        let entry = |file: &str, no: u32, p: &Player| {
            (Newcomer { file: file.into(), no, name: p.display_name(), state: "V".into() }, p.clone())
        };
        let candidates =
            vec![entry("b.xlsx", 3, &added[0]), entry("a.xlsx", 7, &added[0]), entry("a.xlsx", 2, &added[1])];
        let rated: HashSet<&str> = ["a.xlsx"].into_iter().collect();
        let found = newcomers(&added, &rated, "sv", candidates);
        let said: Vec<(&str, u32, &str)> = found.iter().map(|n| (n.file.as_str(), n.no, n.name.as_str())).collect();
        // Swedish collation puts Ä after Z; the entry of the rated report is taken.
        assert_eq!(said, [("a.xlsx", 7, "Zeller, Ann"), ("a.xlsx", 2, "Ärnström, Bo")]);
    }
}
