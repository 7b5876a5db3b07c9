//! Glickman's worked example and the rules around it, as unit tests; and
//! random periods checked player by player against the `skillratings` crate.

use super::math::*;
use super::*;

#[test]
fn glickmans_example() {
    let player = State { rating: 1500.0, rd: 200.0, volatility: 0.06 };
    let games = [
        (State { rating: 1400.0, rd: 30.0, volatility: 0.06 }, 1.0),
        (State { rating: 1550.0, rd: 100.0, volatility: 0.06 }, 0.0),
        (State { rating: 1700.0, rd: 300.0, volatility: 0.06 }, 0.0),
    ];
    let p = rate(player, &games, 0.5);
    // Step 3's g and E, as the paper prints them.
    let g: Vec<f64> = p.games.iter().map(|s| (s.g * 10000.0).round() / 10000.0).collect();
    let e: Vec<f64> = p.games.iter().map(|s| (s.e * 1000.0).round() / 1000.0).collect();
    assert_eq!(g, [0.9955, 0.9531, 0.7242]);
    assert_eq!(e, [0.639, 0.432, 0.303]);
    // v and Δ as the paper prints them, from g and E rounded as above (1.7790 and −0.4840 unrounded).
    assert!((p.v - 1.7785).abs() < 0.001, "v = {}", p.v);
    assert!((p.delta + 0.4834).abs() < 0.001, "Δ = {}", p.delta);
    // The paper's 0.05999 (0.0599960 unrounded).
    assert!((p.volatility - 0.05999).abs() < 0.00001, "σ′ = {}", p.volatility);
    assert!((p.phi_star - 1.152862).abs() < 0.00001, "φ* = {}", p.phi_star);
    // In full precision: 1464.05 and 151.52 (the paper's 1464.06 rounds μ′ to −0.2069 first).
    assert!((p.new.rating - 1464.05).abs() < 0.005, "r′ = {}", p.new.rating);
    assert!((p.new.rd - 151.52).abs() < 0.005, "RD′ = {}", p.new.rd);
}

#[test]
fn an_idle_players_rd_grows() {
    let s = State { rating: 1700.0, rd: 80.0, volatility: 0.06 };
    let rd = idle_rd(s);
    assert!((rd - SCALE * ((80.0 / SCALE).powi(2) + 0.0036f64).sqrt()).abs() < 1e-9);
    assert!(rd > 80.0);
    // Never above the initial RD: a long absence stops at 350.
    let mut rd = 80.0;
    for _ in 0..5000 {
        rd = idle_rd(State { rd, ..s }).min(350.0);
    }
    assert_eq!(rd, 350.0);
}

#[test]
fn expected_outcome_with_both_deviations() {
    // Equal ratings: one half, whatever the deviations.
    assert_eq!(expected(1500.0, 50.0, 1500.0, 300.0), 0.5);
    // 200 points with no uncertainty: Elo's 0.76; with RDs of 200 each, less sure.
    let sure = expected(1700.0, 0.0, 1500.0, 0.0);
    assert!((sure - 1.0 / (1.0 + 10f64.powf(-0.5))).abs() < 1e-12);
    let unsure = expected(1700.0, 200.0, 1500.0, 200.0);
    assert!(unsure < sure && unsure > 0.5);
    assert!((expected(1500.0, 200.0, 1700.0, 200.0) + unsure - 1.0).abs() < 1e-12);
}

#[test]
fn the_predictor_reads_rd_from_the_file() {
    let mut a = Player::new(1, "A", "");
    (a.rating, a.status, a.extra) =
        (Some(1700.0), Status::Confirmed, vec![ExtraValue::Number(200.0), ExtraValue::Number(0.06)]);
    let mut b = Player::new(2, "B", "");
    (b.rating, b.status, b.extra) =
        (Some(1500.0), Status::Provisional, vec![ExtraValue::Number(200.0), ExtraValue::Number(0.06)]);
    let c = Player::new(3, "C", "");
    let file =
        PlayerFile { players: vec![a, b, c], extra_columns: vec!["RD".into(), "Volatility".into()], origin: None };
    let predict = Glicko2.predictor(&file);
    assert_eq!(predict(0, 1), Some(expected(1700.0, 200.0, 1500.0, 200.0)));
    assert_eq!(predict(0, 2), None, "no prediction for a player without a rating");
}

#[test]
fn a_file_of_another_rule_set_adopted() {
    let config = PeriodConfig::example(SystemName::Glicko2);
    let mut rated = Player::new(1, "Rated", "");
    (rated.rating, rated.status, rated.games) = (Some(1812.5), Status::Confirmed, 200);
    let mut few = Player::new(2, "Few", "");
    (few.rating, few.status, few.games) = (Some(1400.0), Status::Provisional, 5);
    let unrated = Player::new(3, "Unrated", "");
    let file = PlayerFile { players: vec![rated, few, unrated], extra_columns: vec!["K".into()], origin: None };
    let adopted = Glicko2.adopt(file, &config);
    assert_eq!(adopted.extra_columns, ["K", "RD", "Volatility"]);
    let rd = |p: usize| match adopted.players[p].extra[1] {
        ExtraValue::Number(rd) => rd,
        ref other => panic!("{other:?}"),
    };
    assert_eq!(rd(0), 50.0, "many games: the smallest RD");
    assert!(rd(1) > 100.0 && rd(1) < 350.0, "{}", rd(1));
    assert_eq!(adopted.players[1].status, Status::Provisional);
    assert_eq!(adopted.players[0].extra[2], ExtraValue::Number(0.06));
    assert_eq!(adopted.players[2].extra[1], ExtraValue::Empty);
    assert_eq!(adopted_rd(0, &Settings::default()), 350.0);
}

#[test]
fn a_collapse_stops_at_the_floor() {
    // A weak newcomer (RD 350) losing ten games to 300s falls below zero
    // by Glickman's steps; the list keeps him at the floor.
    let newcomer = State { rating: 150.0, rd: 350.0, volatility: 0.06 };
    let games = [(State { rating: 300.0, rd: 50.0, volatility: 0.06 }, 0.0); 10];
    let p = rate(newcomer, &games, 0.5);
    assert!(p.new.rating < 0.0, "r′ = {}", p.new.rating);
    assert_eq!(p.new.rating.max(FLOOR), 100.0);
}
