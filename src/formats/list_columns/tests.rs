//! Tests of each rating list's player-file columns: read, written, and the findings when some are missing.

use chrono::NaiveDate;

use crate::diag::Severity;
use crate::formats::player_file::{player_file_bytes, read_player_file_bytes, read_player_file_bytes_with_lists};
use crate::model::lists::{ListColumns, ListState};
use crate::model::{ExtraValue, Player, PlayerFile, Status};

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A file of a federation with three lists: the main (standard) one, a
/// rapid list kept by FIDE's rules (K and Pool) and a blitz list by
/// Glicko-2's (RD and Volatility).
fn three_lists() -> PlayerFile {
    let mut a = Player::new(3001, "Đorđević", "Zoë");
    a.rating = Some(1811.0);
    a.status = Status::Confirmed;
    a.games = 44;
    a.extra = vec![ExtraValue::Number(20.0), ExtraValue::Text("zoe@example.com".into())];
    a.lists = vec![
        ListState {
            rating: Some(1755.0),
            status: Status::Confirmed,
            games: 31,
            score: 0.0,
            opp_avg: None,
            last_played: Some(date(1993, 6, 12)),
            extra: vec![ExtraValue::Number(20.0), ExtraValue::Empty],
        },
        ListState {
            rating: Some(1702.25),
            status: Status::Provisional,
            games: 12,
            score: 6.5,
            opp_avg: Some(1690.5),
            last_played: None,
            extra: vec![ExtraValue::Number(120.5), ExtraValue::Number(0.06)],
        },
    ];
    let mut b = Player::new(3004, "Smith", "");
    b.extra = vec![ExtraValue::Empty, ExtraValue::Empty];
    b.lists = vec![
        ListState {
            extra: vec![ExtraValue::Empty, ExtraValue::Text("1993-05-02: 3 games, 1.5 points, ratings 5100".into())],
            status: Status::Unrated,
            ..ListState::new(2)
        },
        ListState::new(2),
    ];
    PlayerFile {
        players: vec![a, b],
        extra_columns: vec!["K".into(), "Email".into()],
        origin: None,
        lists: vec![
            ListColumns { name: "rapid".into(), extra_columns: vec!["K".into(), "Pool".into()] },
            ListColumns { name: "blitz".into(), extra_columns: vec!["RD".into(), "Volatility".into()] },
        ],
    }
}

fn names(lists: &[&str]) -> Vec<String> {
    lists.iter().map(|l| l.to_string()).collect()
}

#[test]
fn each_lists_columns_are_written_and_read_back() {
    let file = three_lists();
    let bytes = player_file_bytes(&file, date(1993, 8, 1)).unwrap();
    let (back, findings) = read_player_file_bytes_with_lists(&bytes, "players.xlsx", &names(&["rapid", "blitz"]));
    assert!(findings.is_empty(), "{findings:#?}");
    assert_eq!(back, file);
    // The headings as the player reads them, after the main list's and the file's own.
    use calamine::Reader;
    let mut wb = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let range = wb.worksheet_range("Players").unwrap();
    let header: Vec<String> = range.rows().next().unwrap().iter().map(|c| c.to_string()).collect();
    assert_eq!(
        header[14..],
        [
            "K",
            "Email",
            "Rapid rating",
            "Rapid status",
            "Rapid games",
            "Rapid score",
            "Rapid opp avg",
            "Rapid last played",
            "Rapid K",
            "Rapid pool",
            "Blitz rating",
            "Blitz status",
            "Blitz games",
            "Blitz score",
            "Blitz opp avg",
            "Blitz last played",
            "Blitz RD",
            "Blitz volatility"
        ]
    );
}

#[test]
fn a_file_with_only_the_main_columns_is_complete_for_one_list() {
    let mut file = three_lists();
    file.lists.clear();
    for p in &mut file.players {
        p.lists.clear();
    }
    let bytes = player_file_bytes(&file, date(1993, 8, 1)).unwrap();
    let (back, findings) = read_player_file_bytes_with_lists(&bytes, "players.xlsx", &[]);
    assert!(findings.is_empty(), "{findings:#?}");
    assert_eq!(back, file);
    // A federation that keeps one list carries another list's columns unchanged.
    let bytes = player_file_bytes(&three_lists(), date(1993, 8, 1)).unwrap();
    let (one, findings) = read_player_file_bytes(&bytes, "players.xlsx");
    assert!(findings.is_empty(), "{findings:#?}");
    assert!(one.lists.is_empty());
    assert_eq!(one.extra_columns.len(), 2 + 16);
    assert_eq!(one.extra_columns[2], "Rapid rating");
}

#[test]
fn a_list_without_any_column_starts_with_every_player_new() {
    let mut file = three_lists();
    file.lists.truncate(1);
    for p in &mut file.players {
        p.lists.truncate(1);
    }
    let bytes = player_file_bytes(&file, date(1993, 8, 1)).unwrap();
    let (back, findings) = read_player_file_bytes_with_lists(&bytes, "players.xlsx", &names(&["rapid", "blitz"]));
    assert_eq!(findings.len(), 1, "{findings:#?}");
    let note = &findings[0];
    assert_eq!(note.severity, Severity::Note);
    assert!(
        note.message.starts_with("the player file has no columns of the blitz list (Blitz rating, Blitz status,"),
        "{}",
        note.message
    );
    assert!(note.message.ends_with("every player is new to it"), "{}", note.message);
    assert_eq!(back.lists[1], ListColumns::new("blitz"));
    assert_eq!(back.players[0].lists[1], ListState::new(0));
    assert_eq!(back.players[0].lists[0], file.players[0].lists[0], "the rapid list read as written");
}

#[test]
fn a_list_with_some_columns_missing_is_an_error_naming_them() {
    // Written with the rapid list's columns, read back with "Rapid games"
    // and "Rapid score" renamed away.
    let file = three_lists();
    let bytes = player_file_bytes(&file, date(1993, 8, 1)).unwrap();
    let (mut book, _) = read_player_file_bytes(&bytes, "players.xlsx");
    for c in &mut book.extra_columns {
        if c == "Rapid games" || c == "Rapid score" {
            *c = format!("Old {c}");
        }
    }
    let bytes = player_file_bytes(&book, date(1993, 8, 1)).unwrap();
    let (_, findings) = read_player_file_bytes_with_lists(&bytes, "players.xlsx", &names(&["rapid", "blitz"]));
    let errors: Vec<_> = findings.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{findings:#?}");
    assert!(
        errors[0]
            .message
            .starts_with("the player file has some of the rapid list's columns but not Rapid games, Rapid score:"),
        "{}",
        errors[0].message
    );
    assert!(errors[0].hint.as_deref().unwrap().contains("add the columns Rapid games, Rapid score"));
    assert_eq!(errors[0].location.sheet.as_deref(), Some("Players"));
}

#[test]
fn a_lists_cells_are_checked_like_the_main_lists() {
    let mut file = three_lists();
    file.players[1].lists[0].status = Status::Confirmed;
    let bytes = player_file_bytes(&file, date(1993, 8, 1)).unwrap();
    let (_, findings) = read_player_file_bytes_with_lists(&bytes, "players.xlsx", &names(&["rapid", "blitz"]));
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert!(
        findings[0].message.contains("player 3004 is confirmed on the rapid list but has no Rapid rating"),
        "{}",
        findings[0].message
    );
    assert_eq!(findings[0].location.cell.as_deref(), Some("Q3"), "the Rapid rating cell of his row");
}

#[test]
fn the_longest_list_name_that_fits_owns_a_column() {
    let mut file = three_lists();
    file.lists[0].name = "quick".into();
    file.lists[1].name = "quick_play".into();
    let bytes = player_file_bytes(&file, date(1993, 8, 1)).unwrap();
    let (back, findings) = read_player_file_bytes_with_lists(&bytes, "players.xlsx", &names(&["quick", "quick_play"]));
    assert!(findings.is_empty(), "{findings:#?}");
    assert_eq!(back, file);
    assert_eq!(back.lists[1].extra_columns, ["RD", "Volatility"]);
}
