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
    // v and Δ as the paper prints them, from g and E rounded as above (1.7790 and −0.4839 unrounded).
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
    assert!((sure - 1.0 / (1.0 + 10f64.powf(-0.5))).abs() < 1e-7);
    // The 10^(…/400) form of the same.
    let g = g((200f64 * 200.0 * 2.0).sqrt() / SCALE);
    assert!((expected(1700.0, 200.0, 1500.0, 200.0) - 1.0 / (1.0 + 10f64.powf(-g * 200.0 / 400.0))).abs() < 1e-7);
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
    let file = PlayerFile {
        players: vec![a, b, c],
        extra_columns: vec!["RD".into(), "Volatility".into()],
        origin: None,
        lists: Vec::new(),
    };
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
    let file = PlayerFile {
        players: vec![rated, few, unrated],
        extra_columns: vec!["K".into()],
        origin: None,
        lists: Vec::new(),
    };
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

/// A period of `n` players (some new, some idle) and `games` random games
/// in one rated event, from the seed.
fn random_period(seed: u64, n: usize, games: usize) -> ValidPeriod {
    use crate::model::Outcome;
    use crate::validate::{Disposition, Event, Game};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let players: Vec<Player> = (0..n)
        .map(|i| {
            let mut p = Player::new(i as u32 + 1, &format!("P{i}"), "");
            if rng.random_bool(0.85) {
                p.rating = Some(rng.random_range(900.0..2400.0));
                p.status = Status::Confirmed;
                p.extra = vec![
                    ExtraValue::Number(rng.random_range(30.0..300.0)),
                    ExtraValue::Number(rng.random_range(0.03..0.09)),
                ];
            } else {
                p.extra = vec![ExtraValue::Empty, ExtraValue::Empty];
            }
            p
        })
        .collect();
    // Players in the last tenth play no game: their RD grows.
    let playing = n - n / 10;
    let games: Vec<Game> = (0..games)
        .map(|_| {
            let white = rng.random_range(0..playing);
            let black = (white + rng.random_range(1..playing)) % playing;
            let white_score = [0.0, 0.5, 1.0][rng.random_range(0..3)];
            Game {
                round: None,
                white: white as u32 + 1,
                black: Some(black as u32 + 1),
                outcome: Outcome::Played { white_score },
                remarks: None,
            }
        })
        .collect();
    let config = PeriodConfig::example(SystemName::Glicko2);
    let event = Event {
        code: "E1".into(),
        name: "Random".into(),
        state: "V".into(),
        start: config.start,
        end: config.end,
        rounds: 1,
        kind: crate::model::EventKind::Swiss,
        time_control: "60".into(),
        rate_of_play: None,
        federation_event: true,
        file: "E1.xlsx".into(),
        disposition: Disposition::Rated,
        list: None,
        entrants: playing,
        games,
    };
    ValidPeriod {
        config,
        players: PlayerFile {
            players,
            extra_columns: vec!["RD".into(), "Volatility".into()],
            origin: None,
            lists: Vec::new(),
        },
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
fn random_periods_agree_with_skillratings_player_by_player() {
    use skillratings::glicko2::{decay_deviation, glicko2_rating_period, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    let config = Glicko2Config { tau: 0.5, convergence_tolerance: EPSILON };
    let theirs = |p: &Player| match (p.rating, &p.extra[..]) {
        (Some(rating), [ExtraValue::Number(deviation), ExtraValue::Number(volatility)]) => {
            Glicko2Rating { rating, deviation: *deviation, volatility: *volatility }
        }
        _ => Glicko2Rating::new(),
    };
    let mut compared = 0;
    for seed in 0..20 {
        let period = random_period(seed, 60, 300);
        let ratings = Glicko2.rate(&period);
        let start = &period.players.players;
        let index = crate::rate::games::GameIndex::build(&period);
        for (p, after) in ratings.players.iter().enumerate() {
            let games = index.of(p);
            let expected = if games.is_empty() {
                if start[p].rating.is_none() {
                    assert_eq!(after.rating, None, "a new player who did not play stays without a rating");
                    continue;
                }
                decay_deviation(&theirs(&start[p]))
            } else {
                let results: Vec<(Glicko2Rating, Outcomes)> = games
                    .iter()
                    .map(|g| {
                        let outcome = match g.score {
                            s if s > 0.75 => Outcomes::WIN,
                            s if s < 0.25 => Outcomes::LOSS,
                            _ => Outcomes::DRAW,
                        };
                        (theirs(&start[g.opponent as usize]), outcome)
                    })
                    .collect();
                glicko2_rating_period(&theirs(&start[p]), &results, &config)
            };
            let number = |k: usize| match after.extra[k] {
                ExtraValue::Number(v) => v,
                ref other => panic!("{other:?}"),
            };
            let who = format!("seed {seed}, player {}", after.id);
            assert!(
                (after.rating.unwrap() - expected.rating).abs() < 1e-6,
                "{who}: rating {:?} ≠ {}",
                after.rating,
                expected.rating
            );
            assert!((number(0) - expected.deviation).abs() < 1e-6, "{who}: RD {} ≠ {}", number(0), expected.deviation);
            assert!((number(1) - expected.volatility).abs() < 1e-9, "{who}: σ {} ≠ {}", number(1), expected.volatility);
            compared += 1;
        }
    }
    assert!(compared > 1000, "{compared} players compared");
}

#[test]
fn glickmans_expected_outcome_agrees_with_skillratings() {
    use skillratings::glicko2::{expected_score, Glicko2Rating};
    for (r1, rd1, r2, rd2) in
        [(1700.0, 200.0, 1500.0, 200.0), (1400.0, 30.0, 2100.0, 300.0), (1500.0, 350.0, 1500.0, 50.0)]
    {
        let (one, _) = expected_score(
            &Glicko2Rating { rating: r1, deviation: rd1, volatility: 0.06 },
            &Glicko2Rating { rating: r2, deviation: rd2, volatility: 0.06 },
        );
        assert!((expected(r1, rd1, r2, rd2) - one).abs() < 1e-12);
    }
}
