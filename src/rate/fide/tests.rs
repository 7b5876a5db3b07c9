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
    let file = PlayerFile {
        players: vec![strong, young, weak],
        extra_columns: vec!["RD".into()],
        origin: None,
        lists: Vec::new(),
    };
    let adopted = Fide.adopt(file, &config);
    assert_eq!(adopted.extra_columns, ["RD", "K", "Pool"]);
    let k: Vec<&ExtraValue> = adopted.players.iter().map(|p| &p.extra[1]).collect();
    assert_eq!(k, [&ExtraValue::Number(10.0), &ExtraValue::Number(40.0), &ExtraValue::Empty]);
    assert_eq!(adopted.players[0].rating, Some(2413.0), "whole ratings");
    assert_eq!(adopted.players[1].status, Status::Confirmed, "no provisional rating");
    assert_eq!((adopted.players[2].rating, adopted.players[2].status), (None, Status::Unrated), "below the floor");
}

/// A federation keeping FIDE's standard and rapid lists: its period.toml.
fn two_fide_lists() -> PeriodConfig {
    let text = "federation = \"F\"\nperiod = \"April 2026\"\npublished = 2026-04-01\nstart = 2026-03-01\n\
                end = 2026-03-31\nactive_since = 2025-01-01\n[states]\nV = \"Victoria\"\n\
                [rating_lists.standard]\nsystem = \"fide\"\n[rating_lists.rapid]\nsystem = \"fide\"\n";
    PeriodConfig::parse(text).unwrap()
}

/// A player rated `standard` (K 10 from 2400) and `rapid` (with `games`
/// rapid games, K as `k` gives it), by his ID.
fn listed(id: u32, standard: Option<f64>, rapid: Option<f64>, games: u32, k: Option<f64>) -> Player {
    use crate::model::lists::ListState;
    let mut p = Player::new(id, &format!("P{id}"), "");
    (p.rating, p.status, p.games) = (standard, if standard.is_some() { Status::Confirmed } else { Status::New }, 60);
    let k_of =
        |r: Option<f64>| r.map_or(ExtraValue::Empty, |r| ExtraValue::Number(if r >= 2400.0 { 10.0 } else { 20.0 }));
    p.extra = vec![k_of(standard), ExtraValue::Empty];
    p.birth_date = Some(d(1980, 1, 1));
    let mut state = ListState::new(2);
    if let Some(r) = rapid {
        (state.rating, state.status, state.games) = (Some(r), Status::Confirmed, games);
        state.extra[0] = k.map_or(ExtraValue::Empty, ExtraValue::Number);
    }
    p.lists = vec![state];
    p
}

/// The rapid list of a month: one rapid event (25 + 10) of six players:
/// P1 rapid 2650 (K 10), P2 2040 (K 20), P3 unrated on the rapid list but
/// rated 1900 on the standard one, P4 1800, P5 2100, P6 2300 with 50 rapid
/// games and no K in the file (standard 2450, K 10 there).
fn rapid_month() -> ValidPeriod {
    use crate::model::lists::{ListColumns, WhichList};
    use crate::model::Outcome;
    use crate::validate::{Disposition, Event, Game};
    let config = two_fide_lists();
    let file = PlayerFile {
        players: vec![
            listed(1, Some(2680.0), Some(2650.0), 200, Some(10.0)),
            listed(2, Some(2010.0), Some(2040.0), 80, Some(20.0)),
            listed(3, Some(1900.0), None, 0, None),
            listed(4, Some(1750.0), Some(1800.0), 45, Some(20.0)),
            listed(5, Some(2120.0), Some(2100.0), 90, Some(20.0)),
            listed(6, Some(2450.0), Some(2300.0), 50, None),
        ],
        extra_columns: vec!["K".into(), "Pool".into()],
        origin: None,
        lists: vec![ListColumns { name: "rapid".into(), extra_columns: vec!["K".into(), "Pool".into()] }],
    };
    let rapid = crate::rate::lists::place(&config, 1);
    assert_eq!(rapid, WhichList::Other(0));
    let view = file.list_view(rapid, crate::rate::lists::start_from(&config, 1));
    assert_eq!(view.started, [2], "P3 starts from his standard rating (7.2.1)");
    let game = |round, white, black, white_score| Game {
        round: Some(round),
        white,
        black: Some(black),
        outcome: Outcome::Played { white_score },
        remarks: None,
    };
    let event = Event {
        code: "R1".into(),
        name: "Rapid".into(),
        state: "V".into(),
        start: d(2026, 3, 14),
        end: d(2026, 3, 14),
        rounds: 2,
        kind: crate::model::EventKind::Swiss,
        time_control: "1500+10".into(),
        rate_of_play: TimeControl::parse("1500+10").ok(),
        federation_event: false,
        file: "R1.xlsx".into(),
        disposition: Disposition::Rated,
        list: None,
        entrants: 6,
        games: vec![game(1, 1, 2, 1.0), game(1, 3, 4, 1.0), game(1, 5, 6, 0.5), game(2, 1, 5, 1.0), game(2, 3, 2, 0.5)],
    };
    ValidPeriod {
        config: config.for_list(1),
        players: view.file,
        newcomers: 0,
        newcomer_entries: Vec::new(),
        events: vec![event],
        unreadable: Vec::new(),
        inputs: Default::default(),
        switched: None,
        deferred_entrants: Vec::new(),
    }
}

#[test]
fn the_rapid_list_by_the_rapid_and_blitz_regulations() {
    let period = rapid_month();
    assert!(!period.config.rates_standard_play());
    let ratings = Fide.rate(&period);
    let calc = |p: usize| match ratings.trace::<FideCalc>(p) {
        Some(FideCalc::Rated(c)) => c.clone(),
        other => panic!("player {p}: {other:?}"),
    };
    // P1 (2650) v P2 (2040): 610 apart, P1 above 2600: not rated for either (7.3.1).
    // P1 beat P5 (2100): D 550 counts as 400, PD .92; 10 × .08 = 0.8 → +1.
    let p1 = calc(0);
    assert_eq!((p1.excluded.len(), p1.games.len(), p1.k_used), (1, 1, 10));
    assert_eq!((p1.change, p1.new), (1, Some(2651.0)));
    // P2 drew P3, rated 1900 from his standard rating: D 140, PD .69; 20 × −.19 = −3.8 → −4.
    let p2 = calc(1);
    assert_eq!((p2.excluded.len(), p2.games.len(), p2.change, p2.new), (1, 1, -4, Some(2036.0)));
    // P3: rated as a rated player from 1900 with no rapid games: K 40 (new to
    // the list); beat P4 (D 100, PD .64) and drew P2 (D −140, PD .31):
    // 40 × (.36 + .19) = 22 → 1922.
    let p3 = calc(2);
    assert_eq!((p3.own, p3.k, p3.change, p3.new), (1900.0, (40, KReason::New), 22, Some(1922.0)));
    // P4: lost to P3 at PD .36: 20 × −.36 = −7.2 → −7.
    assert_eq!(calc(3).new, Some(1793.0));
    // P5: lost to P1 (PD .08) and drew P6 (D −200, PD .24): 20 × .18 = 3.6 → +4.
    assert_eq!(calc(4).new, Some(2104.0));
    // P6: the rapid list's K, from his 50 rapid games and 2300, is 20 (his
    // standard K of 10 is the standard list's); drew P5 at PD .76: −5.2 → −5.
    let p6 = calc(5);
    assert_eq!((p6.k, p6.new), ((20, KReason::Standard), Some(2295.0)));
    // The new state: rapid games counted on the rapid list, K written.
    let new = &ratings.players;
    assert_eq!((new[2].games, new[2].status), (2, Status::Confirmed));
    assert_eq!(new[2].extra[0], ExtraValue::Number(40.0));
    // The explanation says which regulations and why a game did not count.
    let text = Fide.explain(&period, &ratings, 0).to_text();
    assert!(text.contains("Rapid and Blitz Rating Regulations"), "{text}");
    assert!(text.contains("600 points or more apart"), "{text}");
    // The same month on the standard list counts P1 v P2 (400-point rule).
    let mut standard = period.clone();
    standard.config = two_fide_lists().for_list(0);
    let ratings = Fide.rate(&standard);
    match ratings.trace::<FideCalc>(0) {
        Some(FideCalc::Rated(c)) => assert_eq!((c.excluded.len(), c.games.len()), (0, 2)),
        other => panic!("{other:?}"),
    }
    // K × n ≤ 700 holds on these lists too: 40 blitz games at K 20 give 17.
    assert_eq!(capped(20, 40), 17);
}
