//! The definitions every output shares: the change, active, listed, in the
//! pool, and the ranks.

use super::*;
use crate::config::PeriodConfig;
use crate::model::system::SystemName;
use crate::model::PlayerFile;
use chrono::NaiveDate;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A player of the example period (active since 1 January 1992).
fn player(id: u32, status: Status, rating: Option<f64>, last_played: Option<NaiveDate>) -> Player {
    let mut p = Player::new(id, &format!("Player{id}"), "Ann");
    p.status = status;
    p.rating = rating;
    p.last_played = last_played;
    p.state = Some("V".into());
    p
}

/// The example period's players rated from `before` to `after`, the last
/// ones `removed`.
fn rated(before: Vec<Player>, after: Vec<Player>, removed: Vec<bool>, baseline: &Baseline) -> Vec<RatedPlayer> {
    let period = ValidPeriod {
        config: PeriodConfig::example(SystemName::Acf),
        players: PlayerFile { players: before, ..Default::default() },
        newcomers: 0,
        newcomer_entries: Vec::new(),
        events: Vec::new(),
        unreadable: Vec::new(),
        inputs: Default::default(),
        switched: None,
        deferred_entrants: Vec::new(),
    };
    let ratings = Ratings {
        traces: after.iter().map(|_| None).collect(),
        players: after,
        removed,
        calculations: Vec::new(),
        extra_columns: None,
        outputs: Vec::new(),
        stage_times: Vec::new(),
    };
    let system = crate::rate::rule_set(SystemName::Acf);
    rated_players(&period, &ratings, system, baseline)
}

#[test]
fn the_change_is_the_printed_rating_minus_the_printed_rating_before() {
    // 1499.6 prints 1500 and 1500.4 prints 1500: no change, though the
    // rating rose by 0.8.
    assert_eq!(change(Some(1499.6), Some(1500.4)), Some(0));
    // 1499.4 prints 1499 and 1500.5 prints 1501: +2, not the raw 1.1.
    assert_eq!(change(Some(1499.4), Some(1500.5)), Some(2));
    assert_eq!(change(None, Some(1500.0)), None);
    assert_eq!(change(Some(1500.0), None), None);
}

#[test]
fn the_change_is_taken_against_the_record_where_it_holds_the_period_before() {
    let played = Some(date(1993, 5, 1));
    let before =
        vec![player(1, Status::Confirmed, Some(1500.0), played), player(2, Status::Confirmed, Some(1600.0), played)];
    let after =
        vec![player(1, Status::Confirmed, Some(1520.0), played), player(2, Status::Confirmed, Some(1610.0), played)];
    // The player file's rating (someone edited player 1's to 1500): +20.
    let from_file = rated(before.clone(), after.clone(), vec![false; 2], &Baseline::PlayerFile);
    assert_eq!(from_file[0].change, Some(20));
    // The record published 1480 for him the period before: +40, as the
    // record's own line says; player 2 had no published rating there.
    let recorded = Baseline::Recorded([(1, Some(1480.0)), (2, None)].into_iter().collect());
    let from_record = rated(before, after, vec![false; 2], &recorded);
    assert_eq!(from_record[0].change, Some(40));
    assert_eq!(from_record[1].change, None);
    assert_eq!(from_record[0].increase, Some(40), "confirmed before and after: an increase");
}

#[test]
fn active_is_played_on_or_after_active_since() {
    let since = date(1992, 1, 1);
    assert!(is_active(Some(since), since), "on the day");
    assert!(!is_active(Some(date(1991, 12, 31)), since), "the day before");
    assert!(!is_active(None, since), "never played");
}

#[test]
fn listed_is_on_the_list_and_active_and_the_pool_is_confirmed_rated_and_active() {
    let played = Some(date(1993, 5, 1));
    let long_ago = Some(date(1990, 5, 1));
    let players = vec![
        player(1, Status::Confirmed, Some(1500.0), played),
        player(2, Status::Provisional, Some(1400.0), played),
        player(3, Status::Unrated, None, played),
        player(4, Status::New, None, played),
        player(5, Status::Confirmed, Some(1700.0), long_ago),
        player(6, Status::Confirmed, Some(1800.0), long_ago),
    ];
    let removed = vec![false, false, false, false, false, true];
    let r = rated(players.clone(), players, removed, &Baseline::PlayerFile);
    let facts: Vec<(bool, bool, bool)> = r.iter().map(|p| (p.active, p.listed, p.pooled)).collect();
    assert_eq!(
        facts,
        [
            (true, true, true),    // confirmed and active
            (true, true, false),   // provisional: listed, not in the pool
            (true, true, false),   // unrated: listed
            (true, false, false),  // new: not on the list
            (false, false, false), // inactive: on the list, not listed
            (false, false, false), // removed
        ]
    );
    assert!(r[4].on_list && !r[5].on_list && !r[3].on_list);
    // A removed player has no published rating on the new list, so no change.
    assert_eq!((r[5].published, r[5].change), (None, None));
    assert_eq!(r[4].change, Some(0), "a player who did not play changed by 0");
}

#[test]
fn ranks_count_the_listed_players_and_ratings_printed_alike_share_a_place() {
    let played = Some(date(1993, 5, 1));
    let mut players = vec![
        player(1, Status::Confirmed, Some(1500.2), played),
        player(2, Status::Confirmed, Some(1499.9), played),
        player(3, Status::Provisional, Some(1600.0), played),
        player(4, Status::Confirmed, Some(2000.0), Some(date(1990, 1, 1))),
        player(5, Status::Confirmed, Some(1450.0), played),
    ];
    players[4].state = Some("N".into());
    let r = rated(players.clone(), players, vec![false; 5], &Baseline::PlayerFile);
    let ranks: Vec<_> = r.iter().map(|p| (p.national_rank, p.state_rank)).collect();
    assert_eq!(
        ranks,
        [
            (Some((2, 4)), Some((2, 3))),
            (Some((2, 4)), Some((2, 3))),
            (Some((1, 4)), Some((1, 3))),
            (None, None), // not listed (inactive)
            (Some((4, 4)), Some((1, 1))),
        ]
    );
}

#[test]
fn a_rated_player_carries_his_row_of_the_new_player_file() {
    // The row after the period, not the one before: the downloads, the
    // search and the calculator read it from the rated player alone.
    let before = vec![player(1, Status::Provisional, Some(1400.0), None)];
    let mut after = before.clone();
    after[0].status = Status::Confirmed;
    after[0].rating = Some(1450.0);
    after[0].games = 31;
    after[0].fide_id = Some(3_200_011);
    let r = rated(before, after.clone(), vec![false], &Baseline::PlayerFile);
    assert_eq!(r[0].after, after[0]);
    assert_eq!((r[0].id, r[0].name.as_str()), (after[0].id, "Player1, Ann"));
}
