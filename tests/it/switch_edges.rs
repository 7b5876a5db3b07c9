//! The edges of a switch (issue 46): a player the ACF rules removed stays
//! removed through a Glicko-2 and a FIDE period and comes back under the
//! ACF rules with his games when he plays again (he once came back as new
//! with 0 games: the switches had carried him through); a rated player
//! added by hand takes the new rule set's starting state, as `adopt` gives
//! the others, instead of refusing the switch.

use std::path::Path;

use crate::common::{date, entrant, event, ratebook, read_players, stderr};
use crate::record::query;
use crate::switch::history_and_next;
use ratebook::model::Status;

/// `period.toml` of `data` rated under `system`, without `[rules]`.
fn rate_under(data: &Path, system: &str) {
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let mut out = Vec::new();
    let mut in_rules = false;
    for line in toml.lines() {
        if line.starts_with('[') {
            in_rules = line.starts_with("[rules]");
        }
        if !in_rules {
            out.push(if line.starts_with("system ") { format!("system = \"{system}\"") } else { line.to_string() });
        }
    }
    std::fs::write(data.join("period.toml"), out.join("\n") + "\n").unwrap();
}

fn publish(data: &Path, out: &Path) {
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
}

fn next(data: &Path, out: &Path) {
    let run = ratebook(&["next", "--data", data.to_str().unwrap(), "--from", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
}

#[test]
fn a_player_the_acf_rules_removed_comes_back_under_them_with_his_games_after_glicko2_and_fide() {
    let root = tempfile::tempdir().unwrap();
    let data = history_and_next(root.path(), "glicko2");
    let record = data.join("record.sqlite");
    let outs: Vec<_> = ["glicko2", "fide", "acf"].iter().map(|s| root.path().join(format!("out-{s}"))).collect();
    publish(&data, &outs[0]);
    // A player the ACF rules removed with the last ACF list, rated then,
    // who plays no game under Glicko-2.
    let removed = query(
        &record,
        "SELECT player_id, games_total FROM ratings WHERE period = 'August 1996' AND status = 'removed'
         AND rating IS NOT NULL
         AND player_id NOT IN (SELECT white_id FROM games WHERE period = 'August 1997')
         AND player_id NOT IN (SELECT black_id FROM games WHERE period = 'August 1997')
         ORDER BY player_id LIMIT 1",
    );
    let (id, games): (u32, u32) = (removed[0][0].parse().unwrap(), removed[0][1].parse().unwrap());
    next(&data, &outs[0]);
    rate_under(&data, "fide");
    publish(&data, &outs[1]);
    next(&data, &outs[1]);
    rate_under(&data, "acf");
    // He plays again: one game against a player of the file.
    let file = read_players(&data.join("players.xlsx"));
    assert!(file.players.iter().all(|p| p.id != id), "{id} is not in the player file: he was removed");
    let opponent = file.players.iter().find(|p| p.status.is_rated() && p.state.as_deref() == Some("V")).unwrap();
    let config = ratebook::ingest::DataFolder::open(&data).unwrap().config;
    let mut back = ratebook::model::Player::new(id, "Returning", "Player");
    back.gender = opponent.gender;
    let report = event(
        "V99001",
        "V",
        config.end - chrono::Duration::days(10),
        vec![entrant(1, opponent), entrant(2, &back)],
        vec![(1, 1, Some(2), "1-0")],
    );
    std::fs::create_dir_all(data.join("reports").join("V")).unwrap();
    ratebook::formats::report::write::write_report(&data.join("reports/V/V99001.xlsx"), &report, date(1990, 1, 1))
        .unwrap();
    publish(&data, &outs[2]);
    let line = query(
        &record,
        &format!(
            "SELECT r.status, r.games_total, r.games_period FROM ratings r JOIN periods p ON p.period = r.period AND p.current = 1
             WHERE r.player_id = {id} ORDER BY p.\"end\" DESC LIMIT 1"
        ),
    );
    assert_eq!(line[0][2], "1", "he played one game");
    assert_ne!(line[0][0], "new", "{id} came back as new: {line:?}");
    let total: u32 = line[0][1].parse().unwrap();
    assert_eq!(total, games + 1, "{id} keeps the {games} games he was removed with, and his new one");
    let systems = query(&record, "SELECT system FROM periods WHERE current = 1 ORDER BY \"end\"");
    let systems: Vec<&str> = systems.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(systems[systems.len() - 3..], ["glicko2", "fide", "acf"]);
}

#[test]
fn a_switch_to_glicko2_takes_a_rated_player_added_by_hand_as_adopt_does() {
    let root = tempfile::tempdir().unwrap();
    let data = history_and_next(root.path(), "glicko2");
    // The officer adds a rated player by hand to the last ACF list.
    let mut file = read_players(&data.join("players.xlsx"));
    let mut added = ratebook::model::Player::new(99_001, "Byhand", "Added");
    added.state = Some("V".to_string());
    added.status = Status::Confirmed;
    added.rating = Some(1700.0);
    added.games = 40;
    added.extra = vec![ratebook::model::ExtraValue::Empty; file.extra_columns.len()];
    file.players.push(added);
    ratebook::formats::player_file::write_player_file(&data.join("players.xlsx"), &file, date(1996, 8, 1)).unwrap();
    let out = root.path().join("output");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "the switch refused a player added by hand: {}", stderr(&run));
    let published = read_players(&out.join("players.xlsx"));
    let at = |name: &str| published.extra_columns.iter().position(|c| c == name).unwrap();
    let p = published.players.iter().find(|p| p.id == 99_001).expect("he is on the list");
    assert_eq!(p.rating, Some(1700.0), "he did not play: his rating stands");
    // Glicko2::adopt's RD for 40 games (50, the least), grown by an idle period, and its volatility.
    let settings = ratebook::rate::glicko2::Settings::default();
    let rd = ratebook::rate::glicko2::adopted_rd(40, &settings);
    let number = |v: &ratebook::model::ExtraValue| match v {
        ratebook::model::ExtraValue::Number(x) => *x,
        other => panic!("{other:?}"),
    };
    let grown =
        ratebook::rate::glicko2::math::idle_rd(ratebook::rate::glicko2::State { rating: 1700.0, rd, volatility: 0.06 });
    assert!((number(&p.extra[at("RD")]) - grown).abs() < 1e-9, "{:?}", p.extra);
    assert_eq!(number(&p.extra[at("Volatility")]), 0.06);
}
