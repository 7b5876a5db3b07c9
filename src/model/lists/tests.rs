//! Tests of each list's state in the player file: the view a rule set rates, and the state put back.

use super::*;
use crate::model::{ExtraValue, Player, PlayerFile, Status};

#[test]
fn a_lists_columns_are_named_by_the_list() {
    assert_eq!(list_column("rapid", "Rating"), "Rapid rating");
    assert_eq!(list_column("rapid", "Opp avg"), "Rapid opp avg");
    assert_eq!(list_column("blitz", "Last played"), "Blitz last played");
    assert_eq!(list_column("rapid", "K"), "Rapid K");
    assert_eq!(list_column("rapid", "RD"), "Rapid RD");
    assert_eq!(list_column("rapid", "Volatility"), "Rapid volatility");
    assert_eq!(list_column("quick_play", "Rating"), "Quick play rating");
    let columns = ListColumns { name: "rapid".into(), extra_columns: vec!["K".into(), "Pool".into()] };
    assert_eq!(
        columns.headings(),
        [
            "Rapid rating",
            "Rapid status",
            "Rapid games",
            "Rapid score",
            "Rapid opp avg",
            "Rapid last played",
            "Rapid K",
            "Rapid pool"
        ]
    );
}

/// Two players: Ann rated 1800 on the main list and new to the rapid
/// list; Bob rated on both (1650 standard, 1700 rapid, K 20 there).
fn two_lists() -> PlayerFile {
    let mut ann = Player::new(1, "Ann", "A");
    ann.rating = Some(1800.0);
    ann.status = Status::Confirmed;
    ann.games = 40;
    ann.extra = vec![ExtraValue::Text("ann@example.com".into())];
    ann.lists = vec![ListState::new(1)];
    let mut bob = Player::new(2, "Bob", "B");
    bob.rating = Some(1650.0);
    bob.status = Status::Confirmed;
    bob.games = 31;
    bob.extra = vec![ExtraValue::Empty];
    bob.lists = vec![ListState {
        rating: Some(1700.0),
        status: Status::Confirmed,
        games: 12,
        score: 0.0,
        opp_avg: None,
        last_played: None,
        extra: vec![ExtraValue::Number(20.0)],
    }];
    PlayerFile {
        players: vec![ann, bob],
        extra_columns: vec!["Email".into()],
        origin: None,
        lists: vec![ListColumns { name: "rapid".into(), extra_columns: vec!["K".into()] }],
    }
}

#[test]
fn a_lists_view_holds_its_state_in_the_main_fields() {
    let file = two_lists();
    let rapid = file.list_view(WhichList::Other(0), None);
    assert!(rapid.started.is_empty());
    assert_eq!(rapid.file.extra_columns, ["K"], "the list's own columns, not the carried ones");
    let (ann, bob) = (&rapid.file.players[0], &rapid.file.players[1]);
    assert_eq!((ann.rating, ann.status, ann.games), (None, Status::New, 0));
    assert_eq!((bob.rating, bob.status, bob.games), (Some(1700.0), Status::Confirmed, 12));
    assert_eq!(bob.extra, [ExtraValue::Number(20.0)]);
    assert_eq!((ann.surname.as_str(), ann.lists.len()), ("Ann", 0), "details kept, no other list");
    // The main list's view is the file as one list keeps it.
    let main = file.list_view(WhichList::Main, None);
    assert_eq!(main.file.extra_columns, ["Email"]);
    assert_eq!(main.file.players[1].rating, Some(1650.0));
}

#[test]
fn a_newcomer_to_a_list_may_start_from_another_lists_rating() {
    let file = two_lists();
    let rapid = file.list_view(WhichList::Other(0), Some(WhichList::Main));
    assert_eq!(rapid.started, [0], "Ann starts; Bob is rated on the rapid list already");
    let ann = &rapid.file.players[0];
    assert_eq!((ann.rating, ann.status, ann.games), (Some(1800.0), Status::Confirmed, 0), "his rapid games kept");
    assert_eq!(rapid.file.players[1].rating, Some(1700.0));
    // Nobody starts from a list he is not rated on.
    let mut unrated = file.clone();
    unrated.players[0].status = Status::Unrated;
    assert!(unrated.list_view(WhichList::Other(0), Some(WhichList::Main)).started.is_empty());
}

#[test]
fn what_a_list_worked_out_goes_back_to_that_list_only() {
    let mut file = two_lists();
    let mut rated = file.list_view(WhichList::Other(0), None).file;
    rated.extra_columns = vec!["K".into(), "Pool".into()];
    for p in &mut rated.players {
        p.rating = Some(p.rating.unwrap_or(1500.0) + 10.0);
        p.status = Status::Confirmed;
        p.games += 5;
        p.extra = vec![ExtraValue::Number(40.0), ExtraValue::Empty];
    }
    file.set_list(WhichList::Other(0), &rated).unwrap();
    assert_eq!(file.lists[0].extra_columns, ["K", "Pool"]);
    assert_eq!(file.players[0].lists[0].rating, Some(1510.0));
    assert_eq!(file.players[1].lists[0].games, 17);
    assert_eq!(file.players[1].rating, Some(1650.0), "the main list untouched");
    assert_eq!(file.extra_columns, ["Email"]);
    // A view of other players is refused.
    let mut wrong = rated.clone();
    wrong.players[1].id = 9;
    let err = file.set_list(WhichList::Other(0), &wrong).unwrap_err();
    assert!(err.contains("player 9 where the file holds 2"), "{err}");
    wrong.players.pop();
    assert!(file.set_list(WhichList::Other(0), &wrong).is_err());
}

#[test]
fn the_main_list_goes_back_keeping_the_other_lists() {
    let mut file = two_lists();
    let mut rated = file.list_view(WhichList::Main, None).file;
    rated.players[0].rating = Some(1811.0);
    file.set_list(WhichList::Main, &rated).unwrap();
    assert_eq!(file.players[0].rating, Some(1811.0));
    assert_eq!(file.players[1].lists[0].rating, Some(1700.0));
}
