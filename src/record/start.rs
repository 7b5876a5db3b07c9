//! How a player file takes a rule set's states, in one place: the ratings
//! the period before left on the same line of re-rating carried in by ID
//! ([`carry_ratings`]), and, for a file written under another rule set, the
//! new rule set's first state ([`first_state`]): from the recorded history
//! re-rated under it, from a conversion, or from the rule set's own
//! [`adopt`](crate::rate::RatingSystem::adopt). The period that switches,
//! a replay through a switch (a correction, `compare`) and `compare`'s
//! tracks under other rule sets all make it here.
//!
//! A first state keeps the file's members: a player the old rules removed
//! is not in the file and does not come back; a player the history does
//! not know (added by hand, or made by the old rules alone) starts as the
//! new rule set adopts him.

use std::collections::{HashMap, HashSet};

use crate::config::PeriodConfig;
use crate::model::system::SystemName;
use crate::model::{ExtraValue, Player, PlayerFile, Status};
use crate::rate::RatingSystem;
use crate::switch::shift::{Context as ShiftContext, Shift, Standing};
use crate::switch::{RatingConversion, Scale, Switched};

/// The ratings one period left on a line of re-rating, carried into the
/// next period's player file: the players kept, every player with the
/// removed ones, and the IDs the recorded revision held.
#[derive(Clone, Default)]
pub struct Carried {
    pub(super) kept: PlayerFile,
    pub(super) all: PlayerFile,
    pub(super) original_ids: HashSet<u32>,
}

impl Carried {
    /// Every player's state the period left, the removed ones too.
    pub fn all(&self) -> &PlayerFile {
        &self.all
    }
}

/// Where a rule set's first state comes from, for a player file written
/// under another rule set.
#[derive(Clone)]
pub enum Start {
    /// The rule set adopts the file as it is (`compare`'s track from a
    /// recorded player file of another rule set).
    Adopt,
    /// The file's ratings converted (a `[switch]` conversion), then adopted.
    Conversion(RatingConversion),
    /// The states the recorded history re-rated under the new rule set left,
    /// by ID; the players it does not know are adopted. `span` names the
    /// periods re-rated ("August 1993 to August 1996").
    History { carried: Box<Carried>, span: String },
}

/// The player file `file`, written under the rule set `from` (when known),
/// with the first state of `system` (rated with `config`) from `start`. Its
/// members stay as they are: no player joins, none leaves. A rating the
/// history does not give, on another scale than the new rule set's (the
/// ECF's grades), is taken to its scale before the rule set adopts it,
/// unless a conversion says how.
pub fn first_state(
    mut file: PlayerFile,
    from: Option<SystemName>,
    system: &dyn RatingSystem,
    config: &PeriodConfig,
    start: &Start,
) -> PlayerFile {
    let scale = from.map_or(system.scale(), |f| crate::rate::rule_set(f).scale());
    match start {
        Start::Adopt => system.adopt(system.scale().take(scale, system.floor(), file), config),
        Start::Conversion(conversion) => system.adopt(conversion.apply(file), config),
        Start::History { carried, .. } => {
            let known = carry(&mut file, carried, false);
            adopt_others(file, scale, system, config, &known)
        }
    }
}

/// The list `file` (the last one, under the rule set `from` when known)
/// moved to the rule set of `config` from `start` ([`first_state`]), and
/// what a period that starts from it says of the move: how, and its figures
/// ([`Shift`]), each player's published rating before it taken to the new
/// rule set's scale (a conversion's as they were). The period that
/// switches, a replay through a switch and `compare` all move a list here,
/// so that they print the same figures for the same move.
pub fn move_list(
    file: PlayerFile,
    from: Option<SystemName>,
    config: &PeriodConfig,
    start: &Start,
) -> (PlayerFile, Switched) {
    let system = crate::rate::configured(config);
    let scale = match (from, start) {
        (Some(from), Start::Adopt | Start::History { .. }) => crate::rate::rule_set(from).scale(),
        _ => system.scale(),
    };
    let before: Vec<Option<f64>> =
        file.players.iter().map(|p| p.published_rating().map(|r| system.scale().from(scale, r))).collect();
    let file = first_state(file, from, system, config, start);
    let standings: Vec<Standing> = file
        .players
        .iter()
        .zip(&before)
        .map(|(p, before)| Standing { id: p.id, name: p.display_name(), before: *before, after: p.published_rating() })
        .collect();
    let context = ShiftContext { floor: system.floor(), conversion: matches!(start, Start::Conversion(_)) };
    let shift = Shift::of(&standings, context);
    let how = match start {
        Start::History { span, .. } => format!(
            "every player's state comes from re-rating the recorded periods {span} under the {} rules; a player the history does not know starts as {} takes on a player of another rule set",
            config.system, config.system
        ),
        Start::Conversion(RatingConversion::Line { times, plus }) => {
            format!("every rating was converted as {times} × the last list's + {plus}")
        }
        Start::Conversion(RatingConversion::Fide2024) => {
            "every rating from 1000 to 2000 was raised by 0.4 × (2000 − rating), as FIDE's of 1 March 2024".to_string()
        }
        Start::Adopt => format!("every player starts as {} takes on a player of another rule set", config.system),
    };
    let before = standings.iter().map(|s| (s.id, s.before)).collect();
    (file, Switched { from, to: config.system, how, shift, before })
}

/// `file` with the players not in `known` (on scale `scale`) adopted by
/// `system`, the others as they are, in the file's order.
fn adopt_others(
    file: PlayerFile,
    scale: Scale,
    system: &dyn RatingSystem,
    config: &PeriodConfig,
    known: &HashSet<u32>,
) -> PlayerFile {
    let PlayerFile { players, extra_columns, origin, lists } = file;
    let (mut kept, mut others) = (Vec::new(), Vec::new());
    for (i, p) in players.into_iter().enumerate() {
        if known.contains(&p.id) {
            kept.push((i, p));
        } else {
            others.push((i, p));
        }
    }
    if others.is_empty() {
        let players = kept.into_iter().map(|(_, p)| p).collect();
        return PlayerFile { players, extra_columns, origin, lists };
    }
    let (places, rest): (Vec<usize>, Vec<Player>) = others.into_iter().unzip();
    let rest = system.scale().take(
        scale,
        system.floor(),
        PlayerFile { players: rest, extra_columns, origin: None, lists: lists.clone() },
    );
    let adopted = system.adopt(rest, config);
    let width = adopted.extra_columns.len();
    let mut all: Vec<(usize, Player)> = kept;
    all.extend(places.into_iter().zip(adopted.players));
    all.sort_by_key(|(i, _)| *i);
    let players = all
        .into_iter()
        .map(|(_, mut p)| {
            p.extra.resize(width, ExtraValue::Empty);
            p
        })
        .collect();
    PlayerFile { players, extra_columns: adopted.extra_columns, origin, lists }
}

/// Puts the ratings of the period before (on the same line of re-rating)
/// into this period's player file `file`: rating, status, games, score,
/// opponents' average, last played and the rule set's own columns (by name;
/// a column the file lacks is added) by ID, from `c.all` (the players, the
/// removed ones too). The identity details this period's own input gave,
/// its members and its other columns stand: a member the line knows nothing
/// of (one the recorded chain made, e.g. a newcomer of a withdrawn event;
/// `c.original_ids`) stays with no rating yet; a player the line made (in
/// `c.kept`) joins.
pub fn carry_ratings(file: &mut PlayerFile, c: &Carried) {
    carry(file, c, true);
}

/// [`carry_ratings`], the players the line made joining only with `join`;
/// returns the IDs of the file's players given a state.
fn carry(file: &mut PlayerFile, c: &Carried, join: bool) -> HashSet<u32> {
    let by_id: HashMap<u32, &Player> = c.all.players.iter().map(|p| (p.id, p)).collect();
    // Where each of the line's columns stands in the file.
    let at: Vec<usize> = c
        .all
        .extra_columns
        .iter()
        .map(|name| match file.extra_columns.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                file.extra_columns.push(name.clone());
                file.extra_columns.len() - 1
            }
        })
        .collect();
    let width = file.extra_columns.len();
    let put = |extra: &mut Vec<ExtraValue>, from: &[ExtraValue]| {
        extra.resize(width, ExtraValue::Empty);
        for (j, &i) in at.iter().enumerate() {
            extra[i] = from.get(j).cloned().unwrap_or(ExtraValue::Empty);
        }
    };
    // Each of the file's other rating lists, where the line holds it (its
    // columns as the line rated them).
    let lists: Vec<Option<usize>> = file
        .lists
        .iter_mut()
        .map(|list| {
            let j = c.all.lists.iter().position(|l| l.name == list.name)?;
            list.extra_columns = c.all.lists[j].extra_columns.clone();
            Some(j)
        })
        .collect();
    let widths: Vec<usize> = file.lists.iter().map(|l| l.extra_columns.len()).collect();
    let put_lists = |states: &mut Vec<crate::model::lists::ListState>, from: &[crate::model::lists::ListState]| {
        states.resize_with(widths.len(), || crate::model::lists::ListState::new(0));
        for (k, j) in lists.iter().enumerate() {
            let carried = j.and_then(|j| from.get(j)).cloned();
            states[k] = carried.unwrap_or_else(|| crate::model::lists::ListState::new(widths[k]));
        }
    };
    let mut present = HashSet::new();
    let mut given = HashSet::new();
    for p in &mut file.players {
        present.insert(p.id);
        p.extra.resize(width, ExtraValue::Empty);
        match by_id.get(&p.id) {
            Some(c) => {
                p.rating = c.rating;
                p.status = c.status;
                p.games = c.games;
                p.score = c.score;
                p.opp_avg = c.opp_avg;
                p.last_played = c.last_played;
                put(&mut p.extra, &c.extra);
                if !lists.is_empty() {
                    put_lists(&mut p.lists, &c.lists);
                }
                given.insert(p.id);
            }
            None if c.original_ids.contains(&p.id) => {
                if !lists.is_empty() {
                    put_lists(&mut p.lists, &[]);
                }
                p.rating = None;
                p.status = Status::New;
                p.games = 0;
                p.score = 0.0;
                p.opp_avg = None;
                p.last_played = None;
                given.insert(p.id);
            }
            None => {}
        }
    }
    if join {
        for c in &c.kept.players {
            if !present.contains(&c.id) {
                let mut p = c.clone();
                p.extra = Vec::new();
                put(&mut p.extra, &c.extra);
                if !lists.is_empty() {
                    put_lists(&mut p.lists, &c.lists);
                }
                file.players.push(p);
                given.insert(c.id);
                // The rows the carried file gives the players who join it.
                if let Some(origin) = &mut file.origin {
                    let next = origin.rows.last().map_or(1, |r| r + 1);
                    origin.rows.push(next);
                }
            }
        }
    }
    given
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u32, rating: Option<f64>, status: Status, games: u32) -> Player {
        Player { rating, status, games, ..Player::new(id, &format!("P{id}"), "A") }
    }

    fn file(players: Vec<Player>) -> PlayerFile {
        PlayerFile { players, extra_columns: Vec::new(), origin: None, lists: Vec::new() }
    }

    #[test]
    fn a_first_state_from_history_keeps_the_members_and_adopts_the_players_it_does_not_know() {
        let system = crate::rate::rule_set(SystemName::Glicko2);
        let config = PeriodConfig::example(SystemName::Glicko2);
        // The history re-rated under Glicko-2 knows 1 and 2, and kept 3,
        // whom the old rules removed (he is not in the file).
        let mut history = file(vec![
            player(1, Some(1600.0), Status::Confirmed, 40),
            player(2, Some(900.0), Status::Provisional, 4),
            player(3, Some(1300.0), Status::Confirmed, 30),
        ]);
        history.extra_columns = vec!["RD".into(), "Volatility".into()];
        for (p, rd) in history.players.iter_mut().zip([60.0, 200.0, 70.0]) {
            p.extra = vec![ExtraValue::Number(rd), ExtraValue::Number(0.06)];
        }
        let carried = Carried { kept: history.clone(), all: history, original_ids: HashSet::from([1, 2, 3]) };
        // The old list: 1 and 2, and 4, a rated player added by hand.
        let old = file(vec![
            player(1, Some(1500.0), Status::Confirmed, 40),
            player(2, None, Status::Unrated, 4),
            player(4, Some(1700.0), Status::Confirmed, 20),
        ]);
        let start = Start::History { carried: Box::new(carried), span: "August 1993".into() };
        let first = first_state(old, Some(SystemName::Acf), system, &config, &start);
        let ids: Vec<u32> = first.players.iter().map(|p| p.id).collect();
        assert_eq!(ids, [1, 2, 4], "the old rules' removal stands: 3 does not come back");
        assert_eq!(first.players[0].rating, Some(1600.0));
        assert_eq!(first.players[1].rating, Some(900.0));
        // 4 starts as Glicko-2 adopts a rated player: his rating, an RD from his games.
        let rd = first.extra_columns.iter().position(|c| c == "RD").unwrap();
        assert_eq!(first.players[2].rating, Some(1700.0));
        match first.players[2].extra[rd] {
            ExtraValue::Number(rd) => assert!(rd > 50.0 && rd < 350.0, "{rd}"),
            ref other => panic!("no RD for the player added by hand: {other:?}"),
        }
        assert_eq!(first.players[0].extra[rd], ExtraValue::Number(60.0), "the history's RD stands");
    }
}
