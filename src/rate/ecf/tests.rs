//! The worked examples of the ECF rules (the source's own numbers where it gives them), as unit tests.

use super::*;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

#[test]
fn the_40_point_rule() {
    // 120 beats a 180: counted as 160, +50.
    assert_eq!(game_points(Some(120.0), 180.0, 1.0), (160.0, 210.0));
    // 120 loses to a 60: counted as 80, −50.
    assert_eq!(game_points(Some(120.0), 60.0, 0.0), (80.0, 30.0));
    // Within 40: as it is; a draw adds nothing.
    assert_eq!(game_points(Some(120.0), 150.0, 0.5), (150.0, 150.0));
    // No grade: the opponent's grade as it is.
    assert_eq!(game_points(None, 180.0, 1.0), (180.0, 230.0));
}

#[test]
fn thirty_games_or_the_seasons_before() {
    let season = |games, points| Season { games, points };
    // 30 this season: only this season.
    let c = grade_over(season(30, 3600.0), season(10, 2000.0), season(10, 2000.0)).unwrap();
    assert_eq!((c.games, c.grade), (30, 120));
    // 10 + 12, then 8 of 20 from the season before: 2000 × 8 / 20 = 800.
    let c = grade_over(season(10, 1300.0), season(12, 1500.0), season(20, 2000.0)).unwrap();
    assert_eq!(c.from_prev2_games, 8);
    assert_eq!(c.from_prev2_points, 800.0);
    assert_eq!((c.games, c.points), (30, 3600.0));
    assert_eq!(c.grade, 120);
    // Fewer than 30 in all: everything, averaged.
    let c = grade_over(season(5, 500.0), season(3, 330.0), season(2, 190.0)).unwrap();
    assert_eq!((c.games, c.points, c.grade), (10, 1020.0, 102));
    // Whole numbers, half up: 1275 / 10 = 127.5 → 128.
    assert_eq!(grade_over(season(10, 1275.0), Season::default(), Season::default()).unwrap().grade, 128);
    assert!(grade_over(Season::default(), Season::default(), Season::default()).is_none());
}

#[test]
fn the_9_game_12_month_publication_rule() {
    let season = |games| Season { games, points: 100.0 * games as f64 };
    assert!(publishable(season(9), season(0), season(0)));
    assert!(publishable(season(1), season(4), season(4)));
    assert!(!publishable(season(0), season(20), season(20))); // no game in the last twelve months
    assert!(!publishable(season(3), season(3), season(2))); // 8 in three seasons
}

#[test]
fn junior_bonus_by_age_on_1_september() {
    let list = d(2024, 8, 1);
    assert_eq!(bonus_date(list), d(2023, 9, 1));
    assert_eq!(bonus_date(d(2024, 9, 1)), d(2024, 9, 1));
    assert_eq!(junior_bonus(Some(d(2012, 10, 1)), list), Some((10, 10))); // 10 on 1 September 2023
    assert_eq!(junior_bonus(Some(d(2012, 9, 1)), list), Some((11, 8)));
    assert_eq!(junior_bonus(Some(d(2008, 9, 2)), list), Some((14, 8)));
    assert_eq!(junior_bonus(Some(d(2008, 9, 1)), list), Some((15, 6)));
    assert_eq!(junior_bonus(Some(d(2005, 9, 2)), list), Some((17, 6)));
    assert_eq!(junior_bonus(Some(d(2005, 9, 1)), list), None); // 18
    assert_eq!(junior_bonus(None, list), None);
}

#[test]
fn a_season_with_the_rule_and_a_bonus() {
    let mut junior = Player::new(1, "Young", "Ann");
    junior.status = Status::Confirmed;
    junior.rating = Some(120.0);
    junior.birth_date = Some(d(2012, 10, 1));
    let mut strong = Player::new(2, "Strong", "Sam");
    strong.status = Status::Confirmed;
    strong.rating = Some(180.0);
    let mut weak = Player::new(3, "Weak", "Will");
    weak.status = Status::Confirmed;
    weak.rating = Some(60.0);
    let newcomer = Player::new(4, "New", "Ned");
    let start = vec![junior.clone(), strong, weak, newcomer];
    let games: Vec<GameRef> = (0..9)
        .map(|i| match i % 3 {
            0 => GameRef { event: 0, opponent: 1, score: 1.0 },
            1 => GameRef { event: 0, opponent: 2, score: 0.0 },
            _ => GameRef { event: 0, opponent: 3, score: 1.0 },
        })
        .collect();
    let s = season(&junior, &games, &start, Season::default(), Season::default(), d(2024, 8, 1));
    // Three wins over the 180 (210 each), three losses to the 60 (30 each); the newcomer has no grade.
    assert_eq!(s.games.len(), 6);
    assert_eq!(s.not_used.len(), 3);
    assert!(!s.published); // 6 games in three seasons
    let s = season(&junior, &games, &start, Season { games: 3, points: 360.0 }, Season::default(), d(2024, 8, 1));
    let c = s.calc.as_ref().unwrap();
    assert_eq!((c.games, c.points), (9, 1080.0)); // 630 + 90 + 360
    assert_eq!(c.grade, 120);
    assert_eq!(s.junior, Some((10, 10)));
    assert_eq!(s.grade, Some(130));
}

#[test]
fn season_columns_accept_numbers_text_and_blanks() {
    assert_eq!(season_value(None), Ok(0.0));
    assert_eq!(season_value(Some(&ExtraValue::Empty)), Ok(0.0));
    assert_eq!(season_value(Some(&ExtraValue::Number(12.0))), Ok(12.0));
    assert_eq!(season_value(Some(&ExtraValue::Text("1500,5".into()))), Ok(1500.5));
    assert!(season_value(Some(&ExtraValue::Text("lots".into()))).is_err());
}

#[test]
fn a_grade_below_the_floor_is_published_as_the_floor() {
    // A player graded 10 loses nine games to players graded 0: 0 − 50 each.
    let mut weak = Player::new(1, "Weak", "Will");
    weak.status = Status::Confirmed;
    weak.rating = Some(10.0);
    let mut other = Player::new(2, "Other", "Olga");
    other.status = Status::Confirmed;
    other.rating = Some(0.0);
    let start = vec![weak.clone(), other];
    let games = vec![GameRef { event: 0, opponent: 1, score: 0.0 }; 9];
    let s = season(&weak, &games, &start, Season::default(), Season::default(), d(2024, 8, 1));
    assert_eq!(s.calc.as_ref().unwrap().grade, -50);
    assert_eq!(s.grade, Some(FLOOR));
}

#[test]
fn expected_score_is_the_score_that_keeps_the_grade() {
    let graded = |g| {
        let mut p = Player::new(1, "Test", "Player");
        p.status = Status::Confirmed;
        p.rating = Some(g);
        p
    };
    // 150 against 130: the game is worth 130 + 50 (2s − 1), 150 at s = .70.
    assert_eq!(Ecf.expected_score(&graded(150.0), &graded(130.0)), Some(0.7));
    assert_eq!(Ecf.expected_score(&graded(130.0), &graded(150.0)), Some(0.3));
    // The 40-point rule: 60 apart counts as 40.
    assert_eq!(Ecf.expected_score(&graded(160.0), &graded(100.0)), Some(0.9));
    assert_eq!(Ecf.expected_score(&Player::new(2, "No", "Grade"), &graded(100.0)), None);
}
