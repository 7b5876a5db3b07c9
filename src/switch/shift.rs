//! The figures of a move from one rule set's list to another's, computed
//! once ([`Shift::of`]): the pool before and after, the mean shift of the
//! players rated on both, how many go up, down or stay within
//! [`THRESHOLD`], who gains or loses a rating, every mover with the reason
//! he moves, and the rank correlation of the top. `compare`'s columns and
//! a switch's sentence print the same figures for the same move.

use serde::Serialize;

/// A rating that moves by this much or less is unchanged.
pub const THRESHOLD: f64 = 10.0;
/// How many of the list's top players the rank correlation takes.
pub const TOP: usize = 100;

/// One player of the list, before and after the move: his published
/// rating under each rule set (`None`: not published).
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub id: u32,
    pub name: String,
    pub before: Option<f64>,
    pub after: Option<f64>,
}

/// What the move knows of the rule sets, to say why a player moves.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Context {
    /// The lowest rating the new rule set publishes (FIDE's 1400), when it
    /// has one.
    pub floor: Option<f64>,
    /// The ratings were converted (a `[switch]` conversion), not re-rated.
    pub conversion: bool,
}

/// Why a player's rating moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Rated by the new rule set, not by the old one.
    FirstRating,
    /// Below the new rule set's floor under the old one, and unrated under
    /// the new one.
    BelowFloor,
    /// Rated by the old rule set, not by the new one (above any floor).
    Unrated,
    /// Below the new rule set's floor under the old one, and rated at or
    /// above it under the new one (the floor took his rating away and a
    /// first rating, at the floor or above, gave it back).
    Floor,
    /// The conversion of the ratings.
    Conversion,
    /// His games, rated by the other rule set.
    Games,
}

impl Reason {
    /// In words, `to` being the new rule set's name and `floor` its floor.
    pub fn words(self, to: &str, floor: Option<f64>) -> String {
        let floor = floor.map(|f| format!("{f:.0}")).unwrap_or_default();
        match self {
            Reason::FirstRating => format!("a first rating: {to} rates his games, the old rules had published none"),
            Reason::BelowFloor => format!("below {to}'s floor of {floor}: no rating under {to}"),
            Reason::Unrated => format!("no rating under {to}'s rules"),
            Reason::Floor => {
                format!("below {to}'s floor of {floor} under the old rules: {to} publishes no rating under it")
            }
            Reason::Conversion => "the conversion of the ratings".to_string(),
            Reason::Games => format!("his games, rated by {to}'s rules"),
        }
    }

    /// In a few words, for a table's cell.
    pub fn short(self, floor: Option<f64>) -> String {
        let floor = floor.map(|f| format!("{f:.0}")).unwrap_or_default();
        match self {
            Reason::FirstRating => "a first rating".to_string(),
            Reason::BelowFloor => format!("below the floor ({floor}): unrated"),
            Reason::Unrated => "not rated".to_string(),
            Reason::Floor => format!("the floor ({floor})"),
            Reason::Conversion => "the conversion".to_string(),
            Reason::Games => "the games re-rated".to_string(),
        }
    }
}

/// A player whose rating moves beyond [`THRESHOLD`], or who gains or loses
/// one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mover {
    pub id: u32,
    pub name: String,
    pub before: Option<f64>,
    pub after: Option<f64>,
    /// After minus before, when both are published.
    pub shift: Option<f64>,
    pub reason: Reason,
}

/// The figures of one move.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Shift {
    /// Players with a published rating before, their mean.
    pub rated_before: usize,
    pub mean_before: Option<f64>,
    /// Players with a published rating after, their mean and spread
    /// (standard deviation).
    pub rated_after: usize,
    pub mean_after: Option<f64>,
    pub spread_after: Option<f64>,
    /// Players rated on both lists, and their mean shift (after minus before).
    pub both: usize,
    pub mean_shift: Option<f64>,
    /// Of those, up and down by more than [`THRESHOLD`], and within it.
    pub up: usize,
    pub down: usize,
    pub unchanged: usize,
    /// Players who gain a rating, and who lose theirs.
    pub gained: usize,
    pub lost: usize,
    /// Spearman's rank correlation over the top [`TOP`] of the list before
    /// (of those rated on both).
    pub top_rank_correlation: Option<f64>,
    /// Every mover, the biggest shift first, then those who gain or lose a
    /// rating; by ID among equals.
    pub movers: Vec<Mover>,
    /// The floor the reasons name.
    pub floor: Option<f64>,
}

impl Shift {
    /// The move of `standings` (in any order: the figures are taken in ID
    /// order, so the same list gives the same bytes).
    pub fn of(standings: &[Standing], context: Context) -> Shift {
        let mut list: Vec<&Standing> = standings.iter().collect();
        list.sort_by_key(|s| s.id);
        let before: Vec<f64> = list.iter().filter_map(|s| s.before).collect();
        let after: Vec<f64> = list.iter().filter_map(|s| s.after).collect();
        let both: Vec<(&Standing, f64, f64)> = list.iter().filter_map(|s| Some((*s, s.before?, s.after?))).collect();
        let shifts: Vec<f64> = both.iter().map(|(_, b, a)| a - b).collect();
        let mut movers: Vec<Mover> = list
            .iter()
            .filter_map(|s| {
                let shift = s.before.zip(s.after).map(|(b, a)| a - b);
                let moved = match shift {
                    Some(d) => d.abs() > THRESHOLD,
                    None => s.before.is_some() != s.after.is_some(),
                };
                moved.then(|| Mover {
                    id: s.id,
                    name: s.name.clone(),
                    before: s.before,
                    after: s.after,
                    shift,
                    reason: reason(s.before, s.after, context),
                })
            })
            .collect();
        movers.sort_by(|a, b| {
            let size = |m: &Mover| m.shift.map_or(f64::NEG_INFINITY, f64::abs);
            size(b).total_cmp(&size(a)).then(a.id.cmp(&b.id))
        });
        let mut top: Vec<&(&Standing, f64, f64)> = both.iter().collect();
        top.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.id.cmp(&b.0.id)));
        top.truncate(TOP);
        let (was, now): (Vec<f64>, Vec<f64>) = top.iter().map(|(_, b, a)| (*b, *a)).unzip();
        Shift {
            rated_before: before.len(),
            mean_before: mean_sd(&before).map(|(m, _)| m),
            rated_after: after.len(),
            mean_after: mean_sd(&after).map(|(m, _)| m),
            spread_after: mean_sd(&after).map(|(_, s)| s),
            both: both.len(),
            mean_shift: mean_sd(&shifts).map(|(m, _)| m),
            up: shifts.iter().filter(|d| **d > THRESHOLD).count(),
            down: shifts.iter().filter(|d| **d < -THRESHOLD).count(),
            unchanged: shifts.iter().filter(|d| d.abs() <= THRESHOLD).count(),
            gained: list.iter().filter(|s| s.before.is_none() && s.after.is_some()).count(),
            lost: list.iter().filter(|s| s.before.is_some() && s.after.is_none()).count(),
            top_rank_correlation: spearman(&was, &now),
            movers,
            floor: context.floor,
        }
    }

    /// How many movers move for each reason, the most common first.
    pub fn reasons(&self) -> Vec<(Reason, usize)> {
        let mut counts: std::collections::BTreeMap<Reason, usize> = Default::default();
        for m in &self.movers {
            *counts.entry(m.reason).or_default() += 1;
        }
        let mut counts: Vec<(Reason, usize)> = counts.into_iter().collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counts
    }

    /// The biggest movers among the players rated on both lists.
    pub fn biggest(&self, n: usize) -> impl Iterator<Item = &Mover> {
        self.movers.iter().filter(|m| m.shift.is_some()).take(n)
    }

    /// The `n` biggest movers as the terminal prints them under `title`
    /// (`rest`: where the others are), a line each: ID, name, before →
    /// after, the shift and why.
    pub fn biggest_text(&self, n: usize, title: &str, rest: &str) -> String {
        let movers: Vec<&Mover> = self.biggest(n).collect();
        if movers.is_empty() {
            return String::new();
        }
        let whole = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{}", v.round() as i64));
        let mut out = format!("{title} ({} in all{rest}):\n", thousands(self.movers.len()));
        for m in movers {
            out += &format!(
                "  {:>8}  {:<32} {:>6} → {:>6}  ({})  {}\n",
                m.id,
                m.name,
                whole(m.before),
                whole(m.after),
                m.shift.map(signed).unwrap_or_default(),
                m.reason.short(self.floor)
            );
        }
        out
    }

    /// The move in words: the mean shift and the counts, as a switch's
    /// sentence and `compare` say it (`to`: the new rule set's name).
    pub fn summary(&self, to: &str) -> String {
        let mut text = match self.mean_shift {
            Some(shift) => format!(
                "the {} players rated on both lists move by {} on average ({} up and {} down by more than {THRESHOLD:.0} points, {} within it)",
                thousands(self.both),
                signed(shift),
                thousands(self.up),
                thousands(self.down),
                thousands(self.unchanged)
            ),
            None => "no player is rated on both lists".to_string(),
        };
        if self.gained + self.lost > 0 {
            text +=
                &format!("; {} gain a first rating and {} lose theirs", thousands(self.gained), thousands(self.lost));
        }
        let mean = |m: Option<f64>, n: usize| match m {
            Some(m) => format!("{m:.1} ({} rated)", thousands(n)),
            None => "none (no player rated)".to_string(),
        };
        text += &format!(
            "; the mean published rating goes from {} to {}",
            mean(self.mean_before, self.rated_before),
            mean(self.mean_after, self.rated_after)
        );
        let reasons = self.reasons();
        if !reasons.is_empty() {
            let said: Vec<String> =
                reasons.iter().map(|(r, n)| format!("{} {}", thousands(*n), r.short(self.floor))).collect();
            text += &format!(". Why the {} movers move: {}", thousands(self.movers.len()), said.join(", "));
            if let [(only, _)] = reasons.as_slice() {
                text += &format!(" (every one: {})", only.words(to, self.floor));
            }
        }
        text
    }
}

/// Why a player moves from `before` to `after`.
fn reason(before: Option<f64>, after: Option<f64>, context: Context) -> Reason {
    let below_floor = |b: f64| context.floor.is_some_and(|f| b < f);
    match (before, after) {
        (None, _) => Reason::FirstRating,
        (Some(b), None) if below_floor(b) => Reason::BelowFloor,
        (Some(_), None) => Reason::Unrated,
        (Some(_), Some(_)) if context.conversion => Reason::Conversion,
        (Some(b), Some(_)) if below_floor(b) => Reason::Floor,
        (Some(_), Some(_)) => Reason::Games,
    }
}

/// A figure with its sign, one decimal ("+6.7", "−9.0", "0.0").
pub fn signed(value: f64) -> String {
    if value.abs() < 0.05 {
        "0.0".to_string()
    } else if value < 0.0 {
        format!("−{:.1}", -value)
    } else {
        format!("+{value:.1}")
    }
}

/// A count with thousands separated by commas.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Mean and standard deviation (of the population) of `values`.
pub fn mean_sd(values: &[f64]) -> Option<(f64, f64)> {
    if values.is_empty() {
        return None;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    Some((mean, var.sqrt()))
}

/// Ranks 1..n of `values` from the highest, ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            ranks[k] = rank;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation of two lists of the same players (the
/// Pearson correlation of their ranks, ties averaged); `None` for fewer than
/// two players or a list without spread.
pub fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() != b.len() || a.len() < 2 {
        return None;
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let (ma, sa) = mean_sd(&ra)?;
    let (mb, sb) = mean_sd(&rb)?;
    if sa == 0.0 || sb == 0.0 {
        return None;
    }
    let cov = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum::<f64>() / ra.len() as f64;
    Some(cov / (sa * sb))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(id: u32, before: Option<f64>, after: Option<f64>) -> Standing {
        Standing { id, name: format!("Player {id}"), before, after }
    }

    #[test]
    fn the_figures_of_a_move_to_fide_name_its_floor() {
        let list = [
            standing(1, Some(2000.0), Some(2005.0)), // unchanged (within 10)
            standing(2, Some(1800.0), Some(1851.0)), // up by 51, his games
            standing(3, Some(1100.0), Some(1420.0)), // below 1400 before: the floor
            standing(4, Some(1200.0), None),         // below the floor: no rating
            standing(5, None, Some(1500.0)),         // a first rating
            standing(6, Some(1700.0), Some(1650.0)), // down by 50
        ];
        let shift = Shift::of(&list, Context { floor: Some(1400.0), conversion: false });
        assert_eq!((shift.both, shift.up, shift.down, shift.unchanged), (4, 2, 1, 1));
        assert_eq!((shift.gained, shift.lost), (1, 1));
        assert_eq!((shift.rated_before, shift.rated_after), (5, 5));
        assert_eq!(shift.mean_shift, Some((5.0 + 51.0 + 320.0 - 50.0) / 4.0));
        let order: Vec<(u32, Reason)> = shift.movers.iter().map(|m| (m.id, m.reason)).collect();
        assert_eq!(
            order,
            [
                (3, Reason::Floor),
                (2, Reason::Games),
                (6, Reason::Games),
                (4, Reason::BelowFloor),
                (5, Reason::FirstRating)
            ]
        );
        let said = shift.summary("FIDE Elo (2024)");
        assert!(said.starts_with("the 4 players rated on both lists move by +81.5 on average (2 up and 1 down by more than 10 points, 1 within it); 1 gain a first rating and 1 lose theirs"), "{said}");
        // The order of the list given does not change a figure.
        let mut reversed = list.to_vec();
        reversed.reverse();
        assert_eq!(Shift::of(&reversed, Context { floor: Some(1400.0), conversion: false }), shift);
    }

    #[test]
    fn a_conversion_says_so_and_one_reason_is_said_whole() {
        let list = [standing(1, Some(150.0), Some(1825.0)), standing(2, Some(100.0), Some(1450.0))];
        let shift = Shift::of(&list, Context { floor: None, conversion: true });
        assert!(shift.movers.iter().all(|m| m.reason == Reason::Conversion));
        assert!(shift.summary("FIDE Elo (2024)").ends_with("(every one: the conversion of the ratings)"));
    }

    #[test]
    fn spearman_of_known_lists() {
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]), Some(1.0));
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), Some(-1.0));
        // The textbook case: ranks (1 2 3 4 5) against (2 1 4 3 5): 1 − 6·4/(5·24) = 0.8.
        let r = spearman(&[5.0, 4.0, 3.0, 2.0, 1.0], &[4.0, 5.0, 2.0, 3.0, 1.0]).unwrap();
        assert!((r - 0.8).abs() < 1e-12);
        // Ties share their mean rank.
        assert_eq!(ranks(&[7.0, 9.0, 7.0]), vec![2.5, 1.0, 2.5]);
        assert_eq!(spearman(&[1.0, 1.0], &[1.0, 2.0]), None);
    }

    #[test]
    fn mean_and_spread() {
        assert_eq!(mean_sd(&[1.0, 3.0]), Some((2.0, 1.0)));
        assert_eq!(mean_sd(&[]), None);
    }
}
