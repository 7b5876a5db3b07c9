//! The worked examples of the ACF rules (the source's own numbers where it gives them), as unit tests.

use super::*;

fn player(status: Status, rating: Option<f64>, games: u32, score: f64, opp_avg: Option<f64>) -> Player {
    let mut p = Player::new(1, "Test", "Player");
    p.status = status;
    p.rating = rating;
    p.games = games;
    p.score = score;
    p.opp_avg = opp_avg;
    p
}

#[test]
fn smith_first_period_is_1010_unrated_4r() {
    let smith = player(Status::New, None, 0, 0.0, None);
    let s = performance(&smith, vec![], 5, 1250.0 * 5.0, 1.0);
    assert_eq!(s.percent, 20);
    assert_eq!(s.dp, -240);
    assert_eq!(s.rp, 1010.0);
    assert_eq!(s.status, Status::Unrated);
    let mut after = smith.clone();
    after.status = s.status;
    after.games = s.g;
    after.rating = Some(s.rp);
    assert_eq!(Acf.printed(&after), "4R");
}

#[test]
fn smith_second_period_is_1055_not_the_sources_1050() {
    // The source prints 1050, but its own numbers give 1285 + (−230) = 1055.
    let smith = player(Status::Unrated, Some(1010.0), 5, 1.0, Some(1250.0));
    let s = performance(&smith, vec![], 7, 9170.0, 1.5);
    assert_eq!(s.ar, 1285.0);
    assert_eq!(s.percent, 21); // 2.5 / 12 = .208 → .21
    assert_eq!(s.dp, -230);
    assert_eq!(s.rp, 1055.0);
    assert_eq!(s.status, Status::Provisional);
}

#[test]
fn brown_first_event_gains_1_5() {
    let e = event_change(0, 7, 1.5, 1250.0, 1010.0);
    assert_eq!(e.d, 240);
    assert_eq!(e.expected_percent, 20);
    assert!((e.expected - 1.40).abs() < 1e-9);
    assert_eq!(e.bonus, 0.0);
    assert!((e.change - 1.5).abs() < 1e-9);
    assert_eq!(round_half_up(1010.0 + e.change), 1012);
}

#[test]
fn brown_second_event_is_54_60_not_the_sources_52_50() {
    // The source reads .25 from Table 2 for D = 198.5; its own table gives .24 for 198-206.
    let e = event_change(0, 7, 4.0, 1210.0, 1011.5);
    assert_eq!(e.d, 199);
    assert_eq!(e.expected_percent, 24);
    assert!((e.expected - 1.68).abs() < 1e-9);
    assert!((e.bonus - 19.80).abs() < 1e-9);
    assert!((e.change - 54.60).abs() < 1e-9);
}

#[test]
fn the_336_rule_clamps_both_ways() {
    assert_eq!(clamp_336(2400.0, Some(1051.0)), 1387.0);
    assert_eq!(clamp_336(1051.0, Some(2400.0)), 2064.0);
    assert_eq!(clamp_336(2400.0, None), 2400.0);
    let smith = event_change(0, 1, 0.5, 1387.0, 1051.0);
    assert!((1051.0 + smith.change - 1056.7).abs() < 1e-9);
    let jones = event_change(0, 1, 0.5, 2064.0, 2400.0);
    assert!((2400.0 + jones.change - 2394.3).abs() < 1e-9);
}

#[test]
fn statuses_and_their_limits() {
    assert_eq!(status_after(8, 4.0), Status::Unrated);
    assert_eq!(status_after(9, 4.0), Status::Provisional);
    assert_eq!(status_after(29, 4.0), Status::Provisional);
    assert_eq!(status_after(30, 2.0), Status::Confirmed); // exactly 2/30
    assert_eq!(status_after(30, 1.5), Status::Unrated); // below 2/30
    assert_eq!(status_after(12, 12.0), Status::Unrated); // 100%
    assert_eq!(status_after(12, 11.5), Status::Provisional);
}

#[test]
fn percentages_round_half_up_and_stay_within_table_1() {
    assert_eq!(percent_score(2.5, 12), 21);
    assert_eq!(percent_score(1.0, 8), 13); // .125 → .13
    assert_eq!(percent_score(0.0, 10), 1);
    assert_eq!(percent_score(10.0, 10), 99);
}

#[test]
fn bonus_thresholds_by_games() {
    assert_eq!(bonus(5, 3.0), 0.0);
    assert!((bonus(6, 1.5) - 7.5).abs() < 1e-9);
    assert_eq!(bonus(10, 1.0), 0.0);
    assert!((bonus(11, 2.5) - 7.5).abs() < 1e-9);
    assert_eq!(bonus(15, 2.0), 0.0);
    assert!((bonus(16, 3.5) - 7.5).abs() < 1e-9);
}

#[test]
fn d_rounds_half_away_from_zero() {
    assert_eq!(round_half_away(198.5), 199);
    assert_eq!(round_half_away(-198.5), -199);
    assert_eq!(round_half_away(198.4), 198);
    assert_eq!(round_half_up(1011.5), 1012);
    assert_eq!(round_half_up(1056.7), 1057);
}

#[test]
fn printed_ratings() {
    let p = |status, rating, games| player(status, rating, games, 0.0, None);
    assert_eq!(Acf.printed(&p(Status::Confirmed, Some(1571.5), 40)), "1572");
    assert_eq!(Acf.printed(&p(Status::Provisional, Some(1111.2), 12)), "1111p");
    assert_eq!(Acf.printed(&p(Status::Unrated, Some(1010.0), 7)), "2R");
    assert_eq!(Acf.printed(&p(Status::Unrated, None, 0)), "9R");
    assert_eq!(Acf.printed(&p(Status::Unrated, Some(900.0), 12)), "Unr");
    assert_eq!(Acf.printed(&p(Status::New, None, 0)), "");
}

#[test]
fn time_controls_of_the_acf_rules() {
    let ok = |s: &str| Acf.time_control(&TimeControl::parse(s).unwrap());
    assert!(ok("40/7200:1800").is_ok()); // 3 minutes a move
    assert!(ok("30/3600:1800").is_ok()); // exactly 2 minutes a move at move 30
    assert!(ok("3600").is_ok()); // rapid: 60 minutes for all moves
    assert!(ok("5400+30").is_ok());
    assert!(ok("3000+10").is_ok()); // 50 minutes + 60 × 10 s = 60 minutes
    assert!(ok("1500+10").is_err());
    assert!(ok("300+3").is_err());
    assert!(ok("20/1800:900").is_err()); // 45 minutes for 60 moves, first control before move 30
                                         // acf.md: the rapid clause is one sudden-death control, whatever the total.
    assert!(ok("20/3600:1800").is_err()); // first control at move 20, 90 minutes in all
    assert!(ok("40/4799:1800").is_err()); // just under 2 minutes a move
    assert!(ok("60/3600").is_err()); // a repeating control, not sudden death
    assert!(ok("3600").is_ok() && ok("3000+10").is_ok() && ok("2999+10").is_err());
}

#[test]
fn expected_score_reads_table_2_within_336() {
    let rated = |r| player(Status::Confirmed, Some(r), 40, 0.0, None);
    // D = 336: the lower rated expects .12, the higher .88.
    assert_eq!(Acf.expected_score(&rated(1500.0), &rated(1836.0)), Some(0.12));
    assert_eq!(Acf.expected_score(&rated(1836.0), &rated(1500.0)), Some(0.88));
    // An opponent 600 above counts as 336 above, as stage 2 counts him.
    assert_eq!(Acf.expected_score(&rated(1500.0), &rated(2100.0)), Some(0.12));
    assert_eq!(Acf.expected_score(&rated(1500.0), &rated(1500.0)), Some(0.5));
    let provisional = player(Status::Provisional, Some(1600.0), 12, 6.0, None);
    assert_eq!(Acf.expected_score(&provisional, &rated(1600.0)), Some(0.5));
    // Without a published rating on either side, nothing is predicted.
    let unrated = player(Status::Unrated, Some(1400.0), 5, 2.0, None);
    assert_eq!(Acf.expected_score(&unrated, &rated(1500.0)), None);
    assert_eq!(Acf.expected_score(&rated(1500.0), &unrated), None);
}
