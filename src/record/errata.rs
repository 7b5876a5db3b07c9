//! The errata of a correction: every player whose published rating in a
//! re-rated period changes by at least the tolerance, old and new, and why
//! (the corrected event itself, or the opponents through whom the change
//! reached him). Publishing writes them (`errata.xlsx`, `errata.pdf`).

use super::PlayerLine;
use std::collections::{HashMap, HashSet};

/// What a correction did to an event: the words the errata and the
/// `corrections` view say it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum EventChange {
    /// Its report replaced by a corrected one (`rerate --add` of a recorded
    /// event's code, or `period --revise` with its report changed).
    Replaced,
    /// A report of an event the period did not hold.
    Added,
    /// Its report taken out.
    Withdrawn,
}

impl EventChange {
    /// The correction in the words of the `corrections` view.
    pub fn what(self) -> &'static str {
        match self {
            EventChange::Replaced => "report replaced",
            EventChange::Added => "report added",
            EventChange::Withdrawn => "event withdrawn",
        }
    }

    /// Why a player of event `code` is in the errata.
    fn why(self, code: &str) -> String {
        match self {
            EventChange::Replaced => format!("event {code} corrected: its report replaced"),
            EventChange::Added => format!("event {code} added"),
            EventChange::Withdrawn => format!("event {code} withdrawn"),
        }
    }
}

/// An event a correction changed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Corrected {
    /// Its code, upper case.
    pub code: String,
    pub change: EventChange,
}

/// One player's published rating in one period, before and after.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrataLine {
    pub period: String,
    pub id: u32,
    pub name: String,
    pub old_printed: String,
    pub new_printed: String,
    pub old_rating: Option<f64>,
    pub new_rating: Option<f64>,
    pub why: String,
}

impl ErrataLine {
    /// The printed new rating minus the printed old one, when both are
    /// published ([`crate::rated::player::change`]): what the Old and New
    /// columns beside it show.
    pub fn change(&self) -> Option<f64> {
        crate::rated::player::change(self.old_rating, self.new_rating).map(|c| c as f64)
    }
}

/// The errata of one correction, period by period.
#[derive(Debug, Clone)]
pub struct Errata {
    /// The least change (points) an errata line shows.
    pub tolerance: f64,
    pub periods: Vec<String>,
    pub lines: Vec<ErrataLine>,
    /// IDs whose line changed in the last period compared, on each list
    /// (`None`: the main one).
    changed_before: HashMap<Option<String>, HashSet<u32>>,
}

/// One list's lines of one period, before and after, and its games
/// (event, white, black) after and before.
struct Lines<'a> {
    label: &'a str,
    old: &'a [PlayerLine],
    new: &'a [PlayerLine],
    games: &'a [(String, u32, u32)],
    old_games: &'a [(String, u32, u32)],
}

/// A published rating (provisional or confirmed), or none.
fn published(line: Option<&PlayerLine>) -> Option<f64> {
    line.and_then(PlayerLine::published)
}

impl Errata {
    pub fn new(tolerance: f64) -> Errata {
        Errata { tolerance, periods: Vec::new(), lines: Vec::new(), changed_before: HashMap::new() }
    }

    /// Compares a period's lines on one rating list (`list`: `None` for
    /// the main list, `Some("rapid")` for another, its lines labelled
    /// "August 1994, rapid list") before and after the correction. `games`
    /// and `old_games` are (event, white, black); `corrected` the events the
    /// correction replaced, added or withdrew.
    #[allow(clippy::too_many_arguments)]
    pub fn compare(
        &mut self,
        period: &str,
        list: Option<&str>,
        old: &[PlayerLine],
        new: &[PlayerLine],
        games: &[(String, u32, u32)],
        old_games: &[(String, u32, u32)],
        corrected: &[Corrected],
        merge: Option<(u32, u32)>,
    ) {
        let label = match list {
            None => {
                self.periods.push(period.to_string());
                period.to_string()
            }
            Some(list) => format!("{period}, {list} list"),
        };
        let key = list.map(str::to_string);
        let before = self.changed_before.remove(&key).unwrap_or_default();
        let lines = Lines { label: &label, old, new, games, old_games };
        let changed = self.compare_lines(lines, &before, corrected, merge);
        self.changed_before.insert(key, changed);
    }

    /// The errata lines of one list of one period (`label`); the IDs whose line changed.
    fn compare_lines(
        &mut self,
        lines: Lines<'_>,
        changed_before: &HashSet<u32>,
        corrected: &[Corrected],
        merge: Option<(u32, u32)>,
    ) -> HashSet<u32> {
        let Lines { label: period, old, new, games, old_games } = lines;
        let old_by_id: HashMap<u32, &PlayerLine> = old.iter().map(|l| (l.id, l)).collect();
        let new_by_id: HashMap<u32, &PlayerLine> = new.iter().map(|l| (l.id, l)).collect();
        let mut ids: Vec<u32> = old_by_id.keys().chain(new_by_id.keys()).copied().collect();
        ids.sort_unstable();
        ids.dedup();
        // Who played whom, and in which corrected event.
        let mut opponents: HashMap<u32, Vec<u32>> = HashMap::new();
        let mut in_corrected: HashMap<u32, String> = HashMap::new();
        for (event, white, black) in games.iter().chain(old_games) {
            opponents.entry(*white).or_default().push(*black);
            opponents.entry(*black).or_default().push(*white);
            if let Some(c) = corrected.iter().find(|c| c.code.eq_ignore_ascii_case(event)) {
                in_corrected.entry(*white).or_insert_with(|| c.change.why(event));
                in_corrected.entry(*black).or_insert_with(|| c.change.why(event));
            }
        }
        let mut changed = HashSet::new();
        for &id in &ids {
            let (o, n) = (old_by_id.get(&id).copied(), new_by_id.get(&id).copied());
            let (old_rating, new_rating) = (published(o), published(n));
            let moved = match (old_rating, new_rating) {
                (Some(a), Some(b)) => (b - a).abs() >= self.tolerance.max(f64::EPSILON),
                (None, None) => false,
                _ => true,
            };
            let any_change = o.map(|l| (l.rating, &l.status)) != n.map(|l| (l.rating, &l.status));
            if any_change {
                changed.insert(id);
            }
            if !moved {
                continue;
            }
            let name = n.or(o).map(|l| l.display_name()).unwrap_or_default();
            let why = if let Some((keep, drop)) = merge.filter(|(k, d)| id == *k || id == *d) {
                format!("{drop} merged into {keep}: one person under two IDs, {drop}'s games now {keep}'s")
            } else if let Some(why) = in_corrected.get(&id) {
                why.clone()
            } else {
                let mut through: Vec<u32> = opponents
                    .get(&id)
                    .map(|o| {
                        o.iter().copied().filter(|x| changed_before.contains(x) || changed_now(x, old, new)).collect()
                    })
                    .unwrap_or_default();
                through.sort_unstable();
                through.dedup();
                if through.is_empty() {
                    if changed_before.contains(&id) {
                        "the rating this period started from corrected".to_string()
                    } else {
                        "the period re-rated".to_string()
                    }
                } else {
                    let shown: Vec<String> = through
                        .iter()
                        .take(3)
                        .map(|x| {
                            let name =
                                new_by_id.get(x).or(old_by_id.get(x)).map(|l| l.display_name()).unwrap_or_default();
                            format!("{name} ({x})")
                        })
                        .collect();
                    let more =
                        if through.len() > 3 { format!(" and {} more", through.len() - 3) } else { String::new() };
                    format!("through the corrected ratings of the opponents {}{more}", shown.join(", "))
                }
            };
            self.lines.push(ErrataLine {
                period: period.to_string(),
                id,
                name,
                old_printed: o.map(|l| l.printed.clone()).unwrap_or_else(|| "-".into()),
                new_printed: n.map(|l| l.printed.clone()).unwrap_or_else(|| "-".into()),
                old_rating,
                new_rating,
                why,
            });
        }
        changed
    }

    /// Players with at least one line.
    pub fn players_changed(&self) -> usize {
        self.lines.iter().map(|l| l.id).collect::<HashSet<_>>().len()
    }

    /// The largest changes, largest first.
    pub fn largest(&self, n: usize) -> Vec<&ErrataLine> {
        let mut lines: Vec<&ErrataLine> = self.lines.iter().filter(|l| l.change().is_some()).collect();
        lines.sort_by(|a, b| {
            let key = |l: &ErrataLine| l.change().unwrap_or(0.0).abs();
            key(b).total_cmp(&key(a)).then(a.id.cmp(&b.id))
        });
        lines.truncate(n);
        lines
    }

    /// The summary as the terminal prints it.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "{} period(s) re-rated ({}); {} player(s) changed by at least {} point(s)\n",
            self.periods.len(),
            self.periods.join(", "),
            self.players_changed(),
            self.tolerance
        );
        for l in self.largest(10) {
            out += &format!(
                "  {:<16} {} ({}): {} -> {} ({:+.0}), {}\n",
                l.period,
                l.name,
                l.id,
                l.old_printed,
                l.new_printed,
                l.change().unwrap_or(0.0),
                l.why
            );
        }
        out
    }
}

/// Whether a player's line differs between the old and new lines of a period.
fn changed_now(id: &u32, old: &[PlayerLine], new: &[PlayerLine]) -> bool {
    let find = |lines: &[PlayerLine]| lines.binary_search_by_key(id, |l| l.id).ok().map(|i| lines[i].rating);
    find(old) != find(new)
}

#[cfg(test)]
mod tests {
    use super::ErrataLine;

    #[test]
    fn the_change_is_that_of_the_old_and_new_columns() {
        let line = |old: f64, new: f64| ErrataLine {
            period: "August 1993".into(),
            id: 1,
            name: "Abbott, Ann".into(),
            old_printed: crate::rate::round_half_up(old).to_string(),
            new_printed: crate::rate::round_half_up(new).to_string(),
            old_rating: Some(old),
            new_rating: Some(new),
            why: String::new(),
        };
        // Old 1500 (1500.4), New 1501 (1500.6): +1, not the raw +0.2.
        assert_eq!(line(1500.4, 1500.6).change(), Some(1.0));
        // Old 1501 (1500.5), New 1500 (1500.4): -1.
        assert_eq!(line(1500.5, 1500.4).change(), Some(-1.0));
    }
}
