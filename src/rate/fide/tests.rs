//! The checks of today.md computed from FIDE's regulations (B.02, 1 March
//! 2024), and the rules they rest on, as unit tests.

use super::*;
use crate::model::Status;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// A game of a player rated `own` against a rated opponent.
fn game(own: f64, opponent: f64, score: f64) -> RatedGame {
    let d = round_half_away(own - opponent);
    RatedGame { event: 0, opponent: 0, score, rating: opponent, d, pd: pd(d) }
}

fn change_of(own: f64, k: u32, games: &[(f64, f64)]) -> Change {
    let games = games.iter().map(|&(o, s)| game(own, o, s)).collect();
    change(own, (k, KReason::File), games, Vec::new())
}

#[test]
fn a_rated_player_with_k_20() {
    // 2100: 1600 won, 2500 drawn, 2050 lost: PD .92 + .08 + .57 = 1.57; 20 × (1.5 − 1.57) = −1.4 → −1.
    let c = change_of(2100.0, 20, &[(1600.0, 1.0), (2500.0, 0.5), (2050.0, 0.0)]);
    let pds: Vec<f64> = c.games.iter().map(|g| g.pd).collect();
    assert_eq!(pds, [0.92, 0.08, 0.57]);
    assert!((c.expected - 1.57).abs() < 1e-9);
    assert!((c.exact + 1.4).abs() < 1e-9);
    assert_eq!(c.change, -1);
    assert_eq!(c.new, Some(2099.0));
    // 500 counts as 400; −400 is 400 already.
    assert!(c.games[0].capped() && !c.games[1].capped() && !c.games[2].capped());
}

#[test]
fn a_junior_with_k_40() {
    // 1850, born 2010, in a period ending 2026: K 40; 1850 won, 1900 won: PD .50 + .43; 40 × 1.07 = 42.8 → +43.
    let k = k_for(1850.0, 60, Some(d(2010, 5, 17)), false, d(2026, 4, 1));
    assert_eq!(k, (40, KReason::Junior));
    let c = change_of(1850.0, k.0, &[(1850.0, 1.0), (1900.0, 1.0)]);
    assert!((c.expected - 0.93).abs() < 1e-9);
    assert_eq!(c.change, 43);
    // The end of the year of his 18th birthday: junior through 2028, not in 2029.
    assert_eq!(k_for(1850.0, 60, Some(d(2010, 5, 17)), false, d(2028, 12, 31)).1, KReason::Junior);
    assert_eq!(k_for(1850.0, 60, Some(d(2010, 5, 17)), false, d(2029, 1, 1)), (20, KReason::Standard));
    // A junior at 2300 or more has K 20.
    assert_eq!(k_for(2300.0, 60, Some(d(2010, 5, 17)), false, d(2026, 4, 1)), (20, KReason::Standard));
}

#[test]
fn k_10_from_2400_for_good() {
    // 2450, K 10: 2350 drawn: PD .64; 10 × −.14 = −1.4 → −1.
    let c = change_of(2450.0, 10, &[(2350.0, 0.5)]);
    assert_eq!(c.games[0].pd, 0.64);
    assert_eq!(c.change, -1);
    assert_eq!(k_for(2450.0, 100, None, false, d(2026, 1, 1)), (10, KReason::Reached2400));
    // Below 2400 again, once reached: still 10.
    assert_eq!(k_for(2380.0, 100, None, true, d(2026, 1, 1)), (10, KReason::Reached2400));
    assert_eq!(k_for(2380.0, 100, None, false, d(2026, 1, 1)), (20, KReason::Standard));
    assert_eq!(k_for(2380.0, 29, None, false, d(2026, 1, 1)), (40, KReason::New));
}

#[test]
fn k_times_games_at_most_700() {
    // A junior (K 40) with 20 games: 35 × 20 = 700.
    assert_eq!(capped(40, 20), 35);
    assert_eq!(capped(40, 17), 40); // 680
    assert_eq!(capped(40, 18), 38); // 720 > 700: 38 × 18 = 684
    assert_eq!(capped(20, 35), 20);
    assert_eq!(capped(20, 36), 19);
    let games: Vec<(f64, f64)> = (0..20).map(|_| (1850.0, 1.0)).collect();
    let c = change_of(1850.0, 40, &games);
    assert_eq!(c.k_used, 35);
    assert_eq!(c.change, 350); // 35 × 20 × (1 − .50)
}

#[test]
fn the_change_rounds_half_away_from_zero() {
    // K 10, a loss at PD .25: −2.5 → −3; a win at PD .75: +2.5 → +3.
    assert_eq!(change_of(1800.0, 10, &[(1990.0, 0.0)]).change, -3);
    assert_eq!(change_of(1990.0, 10, &[(1800.0, 1.0)]).change, 3);
}

#[test]
fn table_8_1_b_with_the_400_point_rule() {
    assert_eq!(pd(0), 0.50);
    assert_eq!(pd(3), 0.50);
    assert_eq!(pd(4), 0.51);
    assert_eq!(pd(-4), 0.49);
    assert_eq!(pd(279), 0.84);
    assert_eq!(pd(400), 0.92);
    assert_eq!(pd(735), 0.92, "736 and more count as 400");
    assert_eq!(pd(-2000), 0.08);
}

#[test]
fn table_8_1_a_whole() {
    assert_eq!(dp(100), 800);
    assert_eq!(dp(0), -800);
    assert_eq!(dp(99), 677);
    assert_eq!(dp(50), 0);
    assert_eq!(dp(57), 50);
    for p in 0..=100 {
        assert_eq!(dp(p), -dp(100 - p), "p = {p}");
    }
    let t = Fide.tables();
    assert_eq!((t.table1.len(), t.table1[0].p.as_str(), t.table1[0].dp), (101, "1.00", 800));
}

fn pooled(y: i32, m: u32, games: u32, score: f64, ratings: f64) -> PoolEntry {
    PoolEntry { date: d(y, m, 15), games, score, ratings }
}

#[test]
fn a_first_rating_with_two_hypothetical_draws() {
    // 3 from 5 against 8000: Ra = 11600 / 7 = 1657.14, p = 4/7 = .57, dp 50: 1707.
    let i = initial(&[pooled(2026, 3, 5, 3.0, 8000.0)]).unwrap();
    assert!((i.ra - 11600.0 / 7.0).abs() < 1e-9);
    assert_eq!((i.percent, i.dp, i.ru, i.capped, i.published), (57, 50, 1707, false, true));
    // Fewer than 5 games: none yet.
    assert!(initial(&[pooled(2026, 3, 4, 3.0, 6400.0)]).is_none());
    // At most 2200.
    let i = initial(&[pooled(2026, 3, 5, 5.0, 12000.0)]).unwrap();
    assert_eq!((i.ru, i.capped), (2200, true));
    // Below 1400: not published. Ra = 10600 / 7 = 1514.3, p = 1/7 = .14, dp −309: 1205.
    let i = initial(&[pooled(2026, 3, 5, 0.0, 7000.0)]).unwrap();
    assert_eq!((i.dp, i.ru, i.published), (-309, 1205, false));
}

#[test]
fn games_are_pooled_for_26_months() {
    let end = d(2026, 7, 31);
    let old = pooled(2024, 5, 2, 1.0, 3200.0); // 26 months before 31 July 2026 is 31 May 2024: dropped
    let kept = pooled(2024, 6, 2, 1.0, 3400.0);
    let this = Some(pooled(2026, 7, 1, 1.0, 1700.0));
    let f = first_rating(vec![old, kept], this, Vec::new(), Vec::new(), end);
    assert_eq!(f.dropped, [old]);
    assert_eq!(f.kept, [kept]);
    assert!(f.initial.is_none(), "3 games within 26 months");
    let f = first_rating(vec![kept, pooled(2025, 6, 2, 2.0, 3000.0)], this, Vec::new(), Vec::new(), end);
    assert_eq!(f.initial.unwrap().games, 5);
}

#[test]
fn expected_scores_need_two_published_ratings() {
    let mut a = Player::new(1, "A", "");
    let mut b = Player::new(2, "B", "");
    assert_eq!(Fide.expected_score(&a, &b), None);
    (a.rating, a.status) = (Some(2100.0), Status::Confirmed);
    (b.rating, b.status) = (Some(1600.0), Status::Confirmed);
    assert_eq!(Fide.expected_score(&a, &b), Some(0.92));
    assert_eq!(Fide.expected_score(&b, &a), Some(0.08));
    b.status = Status::Unrated;
    assert_eq!(Fide.expected_score(&a, &b), None);
}

#[test]
fn a_file_of_another_rule_set_adopted() {
    let config = PeriodConfig::example(SystemName::Fide);
    let mut strong = Player::new(1, "Strong", "");
    (strong.rating, strong.status, strong.games) = (Some(2412.6), Status::Confirmed, 200);
    let mut young = Player::new(2, "Young", "");
    (young.rating, young.status, young.games, young.birth_date) =
        (Some(1650.4), Status::Provisional, 12, Some(d(1980, 1, 1)));
    let mut weak = Player::new(3, "Weak", "");
    (weak.rating, weak.status, weak.games) = (Some(1210.0), Status::Confirmed, 80);
    let file = PlayerFile { players: vec![strong, young, weak], extra_columns: vec!["RD".into()], origin: None, lists: Vec::new() };
    let adopted = Fide.adopt(file, &config);
    assert_eq!(adopted.extra_columns, ["RD", "K", "Pool"]);
    let k: Vec<&ExtraValue> = adopted.players.iter().map(|p| &p.extra[1]).collect();
    assert_eq!(k, [&ExtraValue::Number(10.0), &ExtraValue::Number(40.0), &ExtraValue::Empty]);
    assert_eq!(adopted.players[0].rating, Some(2413.0), "whole ratings");
    assert_eq!(adopted.players[1].status, Status::Confirmed, "no provisional rating");
    assert_eq!((adopted.players[2].rating, adopted.players[2].status), (None, Status::Unrated), "below the floor");
}
