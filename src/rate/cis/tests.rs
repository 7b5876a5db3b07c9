//! The worked examples of the CIS rules (the source's own numbers where it gives them), as unit tests.

use super::*;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

const SEPT: (u32, u32) = (9, 1);

#[test]
fn initial_rating_by_age() {
    let birth = d(2015, 3, 10);
    assert_eq!(initial_rating(birth, d(2020, 3, 10)), 600); // 5
    assert_eq!(initial_rating(birth, d(2021, 3, 10)), 600); // exactly 6
    assert_eq!(initial_rating(birth, d(2021, 4, 9)), 600); // a month not yet complete
    assert_eq!(initial_rating(birth, d(2021, 4, 10)), 604); // 1 month: 604.17
    assert_eq!(initial_rating(birth, d(2022, 4, 10)), 654); // 13 months: 654.17
    assert_eq!(initial_rating(birth, d(2024, 3, 25)), 750); // 36 months
    assert_eq!(initial_rating(birth, d(2027, 2, 10)), 895); // 71 months: 895.83, rounded down
    assert_eq!(initial_rating(birth, d(2027, 3, 10)), 900); // 12
    assert_eq!(initial_rating(birth, d(2040, 1, 1)), 900);
    assert_eq!(INITIAL_RATINGS[0], 600);
    assert_eq!(INITIAL_RATINGS[3], 612);
    assert_eq!(INITIAL_RATINGS[72], 900);
}

#[test]
fn linear_elo_720_v_750_gives_one_and_a_half_not_the_sources_three() {
    // The source divides by 10 (−3); K = 40 and 400 points = 100% give −1.5.
    assert!((elo_change(750.0, 720.0, 0.5) - -1.5).abs() < 1e-9);
    assert!((elo_change(720.0, 750.0, 0.5) - 1.5).abs() < 1e-9);
    assert!((elo_change(750.0, 720.0, 1.0) - 18.5).abs() < 1e-9);
    assert!((elo_change(750.0, 720.0, 0.0) - -21.5).abs() < 1e-9);
    // A draw gives (opponent − own) / 20.
    assert!((elo_change(800.0, 700.0, 0.5) - -5.0).abs() < 1e-9);
}

#[test]
fn differences_beyond_400_count_as_400() {
    assert_eq!(expected(1300.0, 800.0), 1.0);
    assert_eq!(elo_change(1300.0, 800.0, 1.0), 0.0);
    assert_eq!(expected(700.0, 1200.0), 0.0);
    assert!((elo_change(700.0, 1200.0, 0.5) - 20.0).abs() < 1e-9);
}

#[test]
fn one_lesson_bonus_a_month_and_45_a_school_year() {
    let mut c = Counters::default();
    assert_eq!(c.lesson(d(2023, 9, 5), SEPT), Ok(5.0));
    assert!(c.lesson(d(2023, 9, 20), SEPT).is_err()); // same month
    for m in [10, 11, 12] {
        assert_eq!(c.lesson(d(2023, m, 3), SEPT), Ok(5.0));
    }
    for m in 1..=5 {
        assert_eq!(c.lesson(d(2024, m, 3), SEPT), Ok(5.0));
    }
    // Nine bonuses (45 points) this school year: June's lesson earns none.
    assert!(c.lesson(d(2024, 6, 3), SEPT).is_err());
    // A new school year starts on 1 September.
    assert_eq!(c.lesson(d(2024, 9, 3), SEPT), Ok(5.0));
}

#[test]
fn counters_from_the_history_carry_across_periods() {
    let row = |kind, date, bonus| HistoryEntry {
        id: 1,
        date,
        kind,
        event: String::new(),
        opponent: None,
        opponent_rating: None,
        result: None,
        change: 0.0,
        bonus,
        rating: None,
        note: String::new(),
    };
    let rows = [
        row(HistoryKind::Renewal, d(2023, 9, 10), 30.0),
        row(HistoryKind::Lesson, d(2023, 10, 1), 5.0),
        row(HistoryKind::Lesson, d(2023, 11, 1), 0.0),
    ];
    let mut c = Counters::from_history(&rows, SEPT);
    assert!(c.renewal(d(2024, 5, 1), SEPT).is_err()); // same school year
    assert_eq!(c.renewal(d(2024, 9, 1), SEPT), Ok(30.0));
    assert!(c.lesson(d(2023, 10, 20), SEPT).is_err());
    assert_eq!(c.lesson(d(2023, 11, 20), SEPT), Ok(5.0)); // November's row gave no bonus
}

#[test]
fn activity_bonus_at_most_20_a_month() {
    let mut c = Counters::default();
    let total: f64 = (0..25).map(|_| c.activity(d(2024, 3, 9))).sum();
    assert_eq!(total, 20.0);
    assert_eq!(c.activity(d(2024, 4, 1)), 1.0);
}

#[test]
fn a_draw_between_720_and_750_plus_activity() {
    let game =
        |rating| CisGame { date: d(2024, 3, 9), event: 0, opponent: 1, opponent_rating: Some(rating), score: 0.5 };
    let low = PlayerPeriod { rating: Some(720.0), games: vec![game(750.0)], ..Default::default() };
    let high = PlayerPeriod { rating: Some(750.0), games: vec![game(720.0)], ..Default::default() };
    let r = run_period(&low, start_rating(&low, d(2024, 3, 31)), SEPT);
    assert_eq!(r.rating, Some(722.5));
    let r = run_period(&high, start_rating(&high, d(2024, 3, 31)), SEPT);
    assert_eq!(r.rating, Some(749.5));
    assert_eq!((r.steps[0].change, r.steps[0].bonus), (-1.5, 1.0));
}

#[test]
fn a_newcomer_with_age_rating_lesson_and_renewal() {
    // Born 2015-09-20; first event, a lesson on 2024-03-05: 8 years 5 months,
    // 29 months past 6: 600 + ⌊1450/12⌋ = 720; lesson +5; renewal +30 → 755.
    let p = PlayerPeriod {
        birth: Some(d(2015, 9, 20)),
        lessons: vec![d(2024, 3, 5)],
        renewals: vec![d(2024, 3, 12)],
        ..Default::default()
    };
    let start = start_rating(&p, d(2024, 3, 31));
    assert_eq!(start, Some(StartRating::Enters { date: d(2024, 3, 5), months: 101, rating: 720 }));
    let r = run_period(&p, start, SEPT);
    assert_eq!(r.steps.len(), 3);
    assert_eq!(r.steps[0].rating, Some(720.0));
    assert_eq!(r.steps[1].rating, Some(725.0));
    assert_eq!(r.steps[2].rating, Some(755.0));
    assert_eq!(r.rating, Some(755.0));
}

#[test]
fn a_renewal_raises_a_low_rating_to_the_age_rating() {
    // 650 at age 10 (the age rating is 800): +30 is 680, raised to 800.
    let p = PlayerPeriod {
        birth: Some(d(2014, 3, 1)),
        rating: Some(650.0),
        renewals: vec![d(2024, 3, 1)],
        ..Default::default()
    };
    let r = run_period(&p, start_rating(&p, d(2024, 3, 31)), SEPT);
    assert_eq!(r.steps[0].bonus, 150.0);
    assert_eq!(r.rating, Some(800.0));
    // A second renewal in the same school year earns nothing.
    let p = PlayerPeriod { renewals: vec![d(2024, 3, 1), d(2024, 4, 1)], ..p };
    let r = run_period(&p, start_rating(&p, d(2024, 4, 30)), SEPT);
    assert_eq!(r.steps[1].bonus, 0.0);
    assert_eq!(r.rating, Some(800.0));
}

#[test]
fn games_against_players_without_a_cis_rating_earn_activity_only() {
    let game = CisGame { date: d(2024, 3, 9), event: 0, opponent: 1, opponent_rating: None, score: 1.0 };
    let p = PlayerPeriod { rating: Some(700.0), games: vec![game], ..Default::default() };
    let r = run_period(&p, start_rating(&p, d(2024, 3, 31)), SEPT);
    assert_eq!(r.rating, Some(701.0));
    // Without a birth date there is no initial rating: the game is only recorded.
    let game = CisGame { date: d(2024, 3, 9), event: 0, opponent: 1, opponent_rating: Some(700.0), score: 1.0 };
    let p = PlayerPeriod { games: vec![game], ..Default::default() };
    let r = run_period(&p, start_rating(&p, d(2024, 3, 31)), SEPT);
    assert_eq!(r.rating, None);
    assert_eq!(r.steps.len(), 1);
    assert!(r.steps[0].note.contains("no birth date"));
}

#[test]
fn a_heavy_loser_stops_at_the_floor() {
    // Rated 160, he loses to a player rated 0: E = ½ + 160/800 = .7, each
    // loss −28 and +1 for the game. Every game uses the start rating, so the
    // third loss would take him to 79: the rating stays at 100.
    let loss = CisGame { date: d(2024, 3, 9), event: 0, opponent: 1, opponent_rating: Some(0.0), score: 0.0 };
    let p = PlayerPeriod { rating: Some(160.0), games: vec![loss.clone(); 5], ..Default::default() };
    let r = run_period(&p, start_rating(&p, d(2024, 3, 31)), SEPT);
    let steps: Vec<Option<f64>> = r.steps.iter().map(|s| s.rating).collect();
    assert_eq!(steps, [Some(133.0), Some(106.0), Some(FLOOR), Some(FLOOR), Some(FLOOR)]);
    assert!(r.steps[2].note.contains("79 would be below the floor: kept at 100"), "{}", r.steps[2].note);
    assert_eq!(r.steps[2].change, -28.0, "the Elo change is shown as it is");
    // A win after the floor counts from it: 40 × (1 − ½) + 1.
    let win = CisGame { score: 1.0, opponent_rating: Some(160.0), ..loss.clone() };
    let p = PlayerPeriod { games: vec![loss.clone(), loss.clone(), loss, win], ..p };
    let r = run_period(&p, start_rating(&p, d(2024, 3, 31)), SEPT);
    assert_eq!(r.rating, Some(FLOOR + 21.0));
}

#[test]
fn expected_score_is_linear_within_400() {
    let rated = |r| {
        let mut p = Player::new(1, "Test", "Player");
        p.status = Status::Confirmed;
        p.rating = Some(r);
        p
    };
    assert_eq!(Cis.expected_score(&rated(1500.0), &rated(1300.0)), Some(0.75));
    assert_eq!(Cis.expected_score(&rated(1300.0), &rated(1500.0)), Some(0.25));
    assert_eq!(Cis.expected_score(&rated(1500.0), &rated(900.0)), Some(1.0));
    assert_eq!(Cis.expected_score(&Player::new(2, "No", "Rating"), &rated(900.0)), None);
}
