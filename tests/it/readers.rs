//! What a trial of the sample stumbled on (issue 47), each pinned: an
//! opponent removed from the player file in an earlier period is named on
//! a player's page as the record last named him.

use crate::common::*;
use ratebook::model::{Player, Status};

/// A player's page names, from the record, an opponent of an earlier period
/// whom this period's player file no longer holds (not "ID 4754").
#[test]
fn a_removed_opponent_is_named_from_the_record() {
    let f = Fixture::new(AUGUST_1993);
    let players: Vec<Player> = vec![
        player(4750, "Hanna", "Joseph", "V", Status::Confirmed, Some(1500.0), 40),
        player(4754, "O'Shea", "Brendan", "V", Status::Confirmed, Some(1450.0), 40),
        player(4755, "Nguyen", "Lan", "V", Status::Confirmed, Some(1550.0), 40),
    ];
    f.players(players.clone());
    let all = |ids: &[usize]| ids.iter().enumerate().map(|(k, &i)| entrant(k as u32 + 1, &players[i])).collect();
    f.report(&event("V93001", "V", date(1993, 5, 30), all(&[0, 1]), vec![(1, 1, Some(2), "1-0")]));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));

    // December 1993: O'Shea is no longer in the player file; Hanna plays Nguyen.
    let data = f.data();
    let (name, published, start, end) = DECEMBER_1993;
    std::fs::write(data.join("period.toml"), period_toml(name, published, start, end)).unwrap();
    let mut file = read_players(&f.out().join("players.xlsx"));
    file.players.retain(|p| p.id != 4754);
    ratebook::formats::player_file::write_player_file(&data.join("players.xlsx"), &file, date(1993, 8, 1)).unwrap();
    std::fs::remove_dir_all(data.join("reports/V")).unwrap();
    f.report(&event("V93101", "V", date(1993, 10, 3), all(&[0, 2]), vec![(1, 1, Some(2), "½-½")]));
    let out = f.root.path().join("december");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));

    let page = std::fs::read_to_string(out.join("site/players/4750.html")).unwrap();
    let table = &page[page.find("Against each opponent").expect("the meetings")..];
    assert!(!table.contains("ID 4754"), "named by his ID: {table}");
    assert!(table.contains("O&#x27;Shea, Brendan") || table.contains("O'Shea, Brendan"), "{table}");
    assert!(!table.contains("href=\"4754.html\""), "no page of his to link: {table}");
    assert!(table.contains("href=\"4755.html\""), "Nguyen is linked: {table}");
}
