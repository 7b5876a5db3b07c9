//! The period run's outputs: exit codes, refusing to publish from bad data,
//! leaving previous outputs untouched, `--skip-invalid`, reproducible bytes,
//! and a player file that reads back without loss.

use ratebook::model::{ExtraValue, Player, PlayerFile, Status};

use crate::common::*;

fn small_fixture() -> (Fixture, Vec<Player>) {
    let f = Fixture::new(AUGUST_1993);
    let mut players: Vec<Player> = (0..8)
        .map(|i| {
            player(1000 + i, &format!("Player{i}"), "Test", "V", Status::Confirmed, Some(1400.0 + 37.5 * i as f64), 35)
        })
        .collect();
    players[3].gender = Some(ratebook::model::Gender::Female);
    players[4].birth_date = Some(date(1979, 3, 3));
    players[5].status = Status::Provisional;
    players[5].games = 12;
    players[5].score = 6.0;
    players[5].opp_avg = Some(1500.0);
    f.players(players.clone());
    let entrants: Vec<_> = players.iter().enumerate().map(|(i, p)| entrant(i as u32 + 1, p)).collect();
    let mut games = Vec::new();
    for round in 1..=3u32 {
        for board in 0..4u32 {
            let w = 1 + (board + round) % 8;
            let b = 1 + (7 - board + round) % 8;
            let result = ["1-0", "0-1", "½-½"][((round + board) % 3) as usize];
            games.push((round, w, Some(b), result));
        }
    }
    f.report(&event("V93001", "V", date(1993, 5, 2), entrants, games));
    (f, players)
}

#[test]
fn a_good_period_publishes_every_output() {
    let (f, _) = small_fixture();
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    for name in ["players.xlsx", "ratings.xlsx", "removed.xlsx", "validation.txt", "booklet.pdf"] {
        assert!(f.out().join(name).is_file(), "{name} written");
    }
    let sheets: Vec<String> = {
        use calamine::Reader;
        calamine::open_workbook_auto(f.out().join("ratings.xlsx")).unwrap().sheet_names()
    };
    for s in [
        "Top Players",
        "Top Under 20",
        "Top Under 16",
        "Top Under 12",
        "Top Females",
        "Top Improvers",
        "Australian Capital Territory",
        "Victoria",
        "Western Australia",
        "Events",
        "Calculations",
    ] {
        assert!(sheets.contains(&s.to_string()), "sheet {s} in {sheets:?}");
    }
    let calc = sheet_rows(&f.out().join("ratings.xlsx"), "Calculations");
    assert_eq!(
        calc[0],
        [
            "ID",
            "Name",
            "Event",
            "Stage",
            "Games",
            "Score",
            "Opp avg",
            "Expected",
            "Bonus",
            "Change",
            "Old rating",
            "New rating"
        ]
    );
    assert_eq!(calc.len(), 1 + 8, "one row per player per event");
}

#[test]
fn bad_data_is_not_published_and_previous_outputs_stay() {
    let (f, players) = small_fixture();
    assert!(f.run(&["period"]).status.success());
    let before = std::fs::read(f.out().join("players.xlsx")).unwrap();
    let ratings_before = std::fs::read(f.out().join("ratings.xlsx")).unwrap();

    let mut stranger = players[0].clone();
    stranger.id = 99999;
    let entrants = vec![entrant(1, &players[1]), entrant(2, &stranger)];
    f.report(&event("V93002", "V", date(1993, 6, 1), entrants, vec![(1, 1, Some(2), "1-0")]));
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let err = stderr(&run);
    assert!(err.contains("reports/V/V93002.xlsx"), "{err}");
    assert!(
        err.contains("error[unknown-player-id] sheet Players, cell B3: ID 99999 is not in the player file"),
        "{err}"
    );
    assert_eq!(std::fs::read(f.out().join("players.xlsx")).unwrap(), before, "previous players.xlsx untouched");
    assert_eq!(std::fs::read(f.out().join("ratings.xlsx")).unwrap(), ratings_before, "previous ratings.xlsx untouched");
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert!(validation.contains("NOT published"), "{validation}");
    assert!(validation.contains("cell B3"), "{validation}");

    let run = f.run(&["period", "--skip-invalid", "--revise"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert!(validation.contains("note[skipped-invalid]"), "{validation}");
    assert!(validation.contains("V93002"), "{validation}");
    let events = sheet_rows(&f.out().join("ratings.xlsx"), "Events");
    let skipped = events.iter().find(|r| r[0] == "V93002").unwrap();
    assert_eq!(skipped[11], "no");
}

#[test]
fn two_runs_write_identical_bytes() {
    let (f, _) = small_fixture();
    let first = f.root.path().join("first");
    let second = f.root.path().join("second");
    for out in [&first, &second] {
        let run = ratebook(&["period", "--data", f.data().to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert!(run.status.success(), "{}", stderr(&run));
    }
    for name in ["players.xlsx", "ratings.xlsx", "removed.xlsx", "booklet.pdf", "validation.txt"] {
        assert_eq!(
            std::fs::read(first.join(name)).unwrap(),
            std::fs::read(second.join(name)).unwrap(),
            "{name} differs"
        );
    }
}

#[test]
fn the_player_file_reads_back_without_loss() {
    let f = Fixture::new(AUGUST_1993);
    let mut players: Vec<Player> = (0..4)
        .map(|i| {
            player(
                10 + i,
                &format!("Müller-Ångström{i}"),
                "Zoë Anne",
                "T",
                Status::Confirmed,
                Some(1500.0 + 0.123456789 * i as f64),
                40,
            )
        })
        .collect();
    players[1].status = Status::Unrated;
    players[1].rating = Some(987.654321);
    players[1].games = 5;
    players[1].score = 1.5;
    players[1].opp_avg = Some(1123.456789);
    players[2].fide_id = Some(3_200_001);
    players[3].club = Some("Hobart CC".into());
    for (i, p) in players.iter_mut().enumerate() {
        p.extra = vec![
            if i == 0 { ExtraValue::Empty } else { ExtraValue::Text(format!("p{i}@example.org")) },
            ExtraValue::Number(i as f64 * 2.5),
        ];
    }
    let file = PlayerFile {
        players,
        extra_columns: vec!["Email".into(), "Dues paid".into()],
        origin: None,
        lists: Vec::new(),
    };
    ratebook::formats::player_file::write_player_file(&f.data().join("players.xlsx"), &file, date(1993, 4, 1)).unwrap();
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let back = read_players(&f.out().join("players.xlsx"));
    assert_eq!(back, file, "nobody played, so the new file equals the old one");
}

#[test]
fn command_errors_exit_2() {
    let run = ratebook(&["period", "--data", "/nonexistent/folder"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("/nonexistent/folder"));

    let f = Fixture::new(AUGUST_1993);
    f.players(vec![]);
    let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    std::fs::write(f.data().join("period.toml"), format!("colour = \"red\"\n{toml}")).unwrap();
    // `check` reports a wrong period.toml as a finding of the input (exit 1);
    // `period` cannot run without its settings (exit 2).
    let run = f.run(&["check"]);
    let out = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{out}");
    assert!(out.contains("error[bad-settings]") && out.contains("colour"), "{out}");
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("colour"), "{}", stderr(&run));

    let run = ratebook(&["period", "--frobnicate"]);
    assert_eq!(run.status.code(), Some(2));
}
