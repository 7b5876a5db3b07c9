//! The worked examples of the NZCF rules (the source's own numbers where it gives them), as unit tests.

use super::*;

fn game(opponent: u32, rating: f64, score: f64, ro: f64) -> GameCalc {
    let (d, table, expectancy) = game_expectancy(ro, rating);
    GameCalc { opponent, rating, score, d, table, expectancy }
}

fn player(status: Status, rating: Option<f64>, games: u32, score: f64, opp_avg: Option<f64>) -> Player {
    let mut p = Player::new(1, "Test", "Player");
    p.status = status;
    p.rating = rating;
    p.games = games;
    p.score = score;
    p.opp_avg = opp_avg;
    p
}

/// Ro 1800 scores 4/5 against 1900, 1850, 1800, 1750 and 2000.
fn strong_tournament(running: f64, winner: bool) -> Tournament {
    let ro = 1800.0;
    let games = vec![
        game(1, 1900.0, 1.0, ro),
        game(2, 1850.0, 1.0, ro),
        game(3, 1800.0, 0.5, ro),
        game(4, 1750.0, 1.0, ro),
        game(5, 2000.0, 0.5, ro),
    ];
    tournament(0, games, ro, running, winner)
}

#[test]
fn k_falls_as_the_rating_rises() {
    assert_eq!(k_factor(1800.0), 24.0);
    assert_eq!(k_factor(2200.0), 16.0);
    assert_eq!(k_factor(1500.0), 30.0);
}

#[test]
fn each_game_expectancy_is_kept_within_10_and_90() {
    assert_eq!(game_expectancy(1800.0, 1900.0), (100, 36, 36));
    assert_eq!(game_expectancy(1800.0, 1750.0), (-50, 57, 57));
    assert_eq!(game_expectancy(2000.0, 1500.0), (-500, 96, 90));
    assert_eq!(game_expectancy(1500.0, 2000.0), (500, 4, 10));
    assert_eq!(game_expectancy(1800.0, 1800.4), (0, 50, 50));
}

#[test]
fn a_bonus_cut_by_the_gain_limit() {
    // We = .36 + .43 + .50 + .57 + .24 = 2.10; Pa = 80%, Pe = 42%: factor 3.8 → 3.
    let t = strong_tournament(1800.0, false);
    assert!((t.we - 2.10).abs() < 1e-9);
    assert!((t.pa - 80.0).abs() < 1e-9 && (t.pe - 42.0).abs() < 1e-9);
    assert_eq!(t.factor, Ok(3.0));
    assert!((t.plain - 45.6).abs() < 1e-9); // 24 × 1.90
    assert!((t.with_bonus - 136.8).abs() < 1e-9); // 24 × 3 × 1.90
                                                  // Rp = 1800 + Dp(.80) − Dp(.42) = 1800 + 240 + 57 = 2097; L = 30 × 297 / 100 = 89.1.
    assert_eq!((t.da, t.de), (240, -57));
    assert_eq!(t.rp, 2097.0);
    assert!((t.limit - 89.1).abs() < 1e-9);
    assert!(t.limited);
    assert!((t.change - 89.1).abs() < 1e-9);
    assert!((t.bonus - 43.5).abs() < 1e-9);
}

#[test]
fn no_bonus_under_four_games_over_2200_or_below_the_margin() {
    assert_eq!(bonus_factor(3, 1800.0, 100.0, 50.0), Err(NoBonus::FewGames));
    assert_eq!(bonus_factor(5, 2201.0, 100.0, 50.0), Err(NoBonus::Over2200));
    assert_eq!(bonus_factor(5, 2200.0, 70.0, 50.0), Ok(2.0));
    assert_eq!(bonus_factor(5, 1800.0, 59.0, 50.0), Err(NoBonus::BelowMargin));
    assert_eq!(bonus_factor(5, 1800.0, 60.0, 50.0), Ok(1.0));
    assert_eq!(bonus_factor(5, 1800.0, 75.0, 50.0), Ok(2.5));
}

#[test]
fn a_bonus_never_takes_a_player_past_2200() {
    // 2150 + 60 with the bonus passes 2200: cut to 50.
    assert_eq!(cut_at_2200(2150.0, 20.0, 60.0), 50.0);
    // Already past 2200 without the bonus: the plain gain stands, no more.
    assert_eq!(cut_at_2200(2190.0, 32.8, 98.4), 32.8);
    // Under the ceiling: the whole bonus.
    assert_eq!(cut_at_2200(2000.0, 20.0, 60.0), 60.0);
}

#[test]
fn the_2200_cut_inside_a_tournament() {
    // The strong tournament at a running rating of 2150 (Ro 1800 earlier in the period):
    // 136.8 would pass 2200, so 50; the gain limit (89.1) is not reached.
    let t = strong_tournament(2150.0, false);
    assert_eq!(t.cut_at_2200, Some(50.0));
    assert!(!t.limited);
    assert!((t.change - 50.0).abs() < 1e-9);
    assert!((t.bonus - 4.4).abs() < 1e-9);
}

#[test]
fn a_winner_loses_no_points() {
    // Ro 2000 scores 3/4 against four 1500s: each game expects .96, kept at .90.
    let ro = 2000.0;
    let games =
        || vec![game(1, 1500.0, 1.0, ro), game(2, 1500.0, 1.0, ro), game(3, 1500.0, 0.5, ro), game(4, 1500.0, 0.5, ro)];
    let loser = tournament(0, games(), ro, ro, false);
    assert!((loser.we - 3.6).abs() < 1e-9);
    assert!((loser.change - -12.0).abs() < 1e-9); // 20 × (3 − 3.6)
    let winner = tournament(0, games(), ro, ro, true);
    assert!(winner.loss_waived);
    assert_eq!(winner.change, 0.0);
}

#[test]
fn the_gain_limit_grows_with_rounds_and_performance() {
    assert!((gain_limit(5, 2097.0, 1800.0) - 89.1).abs() < 1e-9);
    assert!((gain_limit(9, 1900.0, 1800.0) - 50.0).abs() < 1e-9);
    assert_eq!(gain_limit(4, 1800.0, 1800.0), 0.0);
}

#[test]
fn the_period_cap_keeps_the_gain_within_the_period_performance() {
    // +120 over 10 games scoring 6 against an expectation of 5: Pa .60 → 72, Pe .50 → 0.
    let (rn, cap) = period_cap(1800.0, 120.0, 10, 6.0, 5.0);
    let cap = cap.unwrap();
    assert_eq!(cap.rp, 1872.0);
    assert!(cap.capped);
    assert_eq!(rn, 1872.0);
    // Never below Ro because of the cap: performance 1786 (Pa .48 → −14, Pe .50 → 0).
    let (rn, cap) = period_cap(1800.0, 5.0, 25, 12.0, 12.5);
    assert_eq!(cap.unwrap().rp, 1786.0);
    assert_eq!(rn, 1800.0);
    // Losses are not capped.
    assert_eq!(period_cap(1800.0, -30.0, 5, 1.0, 2.5), (1770.0, None));
}

#[test]
fn provisional_rating_is_the_performance_over_all_games() {
    // 3/5 against 1600s: P .60 → Dp 72, Rp 1672.
    let newcomer = player(Status::New, None, 0, 0.0, None);
    let s = provisional_performance(&newcomer, vec![], 5, 8000.0, 3.0);
    assert_eq!((s.percent, s.dp, s.rp), (Some(60), Some(72), Some(1672.0)));
    assert_eq!(s.status, Status::Provisional);
    // Carried games count: 6 earlier at 1500 scoring 2, then 10 at 1700 scoring 6.
    let earlier = player(Status::Provisional, Some(1400.0), 6, 2.0, Some(1500.0));
    let s = provisional_performance(&earlier, vec![], 10, 17000.0, 6.0);
    assert_eq!(s.g, 16);
    assert!((s.ar - 1625.0).abs() < 1e-9); // (9000 + 17000) / 16
    assert_eq!(s.percent, Some(50)); // 8 / 16
    assert_eq!(s.rp, Some(1625.0));
    assert_eq!(s.status, Status::Provisional); // 15 or more: established from the next period
    let reached = Player { status: s.status, rating: s.rp, games: s.g, ..earlier.clone() };
    assert!(is_established(&reached));
    assert!(!is_established(&earlier));
}

#[test]
fn zero_and_full_scores_give_no_rating() {
    let newcomer = player(Status::New, None, 0, 0.0, None);
    let zero = provisional_performance(&newcomer, vec![], 4, 6400.0, 0.0);
    assert_eq!((zero.rp, zero.status), (None, Status::Unrated));
    let full = provisional_performance(&newcomer, vec![], 4, 6400.0, 4.0);
    assert_eq!((full.rp, full.status), (None, Status::Unrated));
}

#[test]
fn ninety_seconds_a_move_in_the_first_control() {
    let ok = |s: &str| Nzcf.time_control(&TimeControl::parse(s).unwrap());
    assert!(ok("40/3600:1800").is_ok()); // exactly 90 s a move
    assert!(ok("40/7200:1800").is_ok());
    assert!(ok("40/3000+15:900").is_ok()); // 3000 + 40 × 15 = 3600
    assert!(ok("5400+30").is_ok()); // 120 s a move over 60 moves
    assert!(ok("40/3000:1800").is_err()); // 75 s a move
    assert!(ok("3600").is_err()); // 60 s a move over 60 moves
    assert!(ok("1500+10").is_err());
}

#[test]
fn remarks_that_keep_a_game_unrated() {
    assert_eq!(unrated_remark(Some("adjudicated")), Some("adjudicated"));
    assert_eq!(unrated_remark(Some("adjudication: white wins")), Some("adjudicated"));
    assert_eq!(unrated_remark(Some("v computer")), Some("against a computer"));
    assert_eq!(unrated_remark(Some("late start")), None);
    assert_eq!(unrated_remark(None), None);
}

#[test]
fn printed_ratings() {
    assert_eq!(Nzcf.printed(&player(Status::Confirmed, Some(1889.1), 40, 0.0, None)), "1889");
    assert_eq!(Nzcf.printed(&player(Status::Provisional, Some(1672.0), 5, 3.0, None)), "1672p");
    assert_eq!(Nzcf.printed(&player(Status::Unrated, None, 4, 0.0, None)), "Unr");
    assert_eq!(Nzcf.printed(&player(Status::New, None, 0, 0.0, None)), "");
}

#[test]
fn half_rated_rule_for_events_not_run_by_the_federation() {
    let rated = player(Status::Confirmed, Some(1800.0), 40, 0.0, None);
    let unrated = player(Status::Unrated, None, 3, 1.0, None);
    let event = |federation_event, playing| EventEntrants { federation_event, entrants: 4, playing };
    // 1 rated of 4 (two newcomers): not rated.
    let club = event(false, vec![Some(&rated), None, None, Some(&unrated)]);
    let why = Nzcf.event(&club).unwrap_err().why;
    assert_eq!(why, "not an NZCF event, and only 1 of its 4 players are rated (at least half must be)");
    // Half is enough; an NZCF event needs nothing.
    assert!(Nzcf.event(&event(false, vec![Some(&rated), Some(&rated), None, None])).is_ok());
    assert!(Nzcf.event(&event(true, vec![None, None, None, None])).is_ok());
    // Entrants who appear nowhere in the results count among the players, never as rated.
    assert!(Nzcf.event(&event(false, vec![Some(&rated)])).is_err());
    assert_eq!(Nzcf.game(Some("adjudicated")).map(|n| n.why), Some("adjudicated".to_string()));
    assert_eq!(Nzcf.game(Some("late start")), None);
}

#[test]
fn expected_score_is_table_2_kept_within_10_and_90() {
    let rated = |r| player(Status::Confirmed, Some(r), 40, 0.0, None);
    assert_eq!(Nzcf.expected_score(&rated(1800.0), &rated(1900.0)), Some(0.36));
    assert_eq!(Nzcf.expected_score(&rated(1900.0), &rated(1800.0)), Some(0.64));
    // Table 2 gives .00 and 1.00 at 736: the game counts .10 and .90 (rule 4.3).
    assert_eq!(Nzcf.expected_score(&rated(1000.0), &rated(1800.0)), Some(0.10));
    assert_eq!(Nzcf.expected_score(&rated(1800.0), &rated(1000.0)), Some(0.90));
    let new = player(Status::New, None, 0, 0.0, None);
    assert_eq!(Nzcf.expected_score(&new, &rated(1800.0)), None);
}
