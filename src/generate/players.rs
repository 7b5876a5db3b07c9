//! The synthetic player file: players across the seven states with statuses,
//! records and last-played dates consistent with the ACF rules, plus what the
//! file does not show: each player's true strength and how often he plays.

use chrono::NaiveDate;
use rand::seq::IndexedRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{day_between, draw_state, names, normal, Region};
use crate::model::system::SystemName;
use crate::model::{ExtraValue, Gender, Player, PlayerFile, Status};
use crate::rate::tables;

/// The player file and the hidden facts the events are drawn from, by index
/// into `file.players`.
pub(super) struct Population {
    pub file: PlayerFile,
    /// The sample's rule set (whose people's names are drawn), its regions,
    /// and the index into them of each player's.
    pub system: SystemName,
    pub regions: &'static [Region],
    pub state: Vec<usize>,
    /// True playing strength, on the rating scale.
    pub strength: Vec<f64>,
    /// Relative chance of entering an event; 0 for players who have stopped
    /// playing (they must not appear in this period's events).
    pub activity: Vec<f64>,
    /// Under 20 at the age date.
    pub junior: Vec<bool>,
}

impl Population {
    /// The rating a tournament director would seed by: published ratings only.
    pub fn seeding_rating(&self, i: usize) -> Option<f64> {
        let p = &self.file.players[i];
        if p.status.is_rated() {
            p.rating
        } else {
            None
        }
    }
}

/// The date junior ages are taken at (period.toml's `age_date`).
fn age_date() -> NaiveDate {
    super::date(1993, 1, 1)
}

/// A birth date for someone `age` whole years old at the age date.
fn birth_date(rng: &mut ChaCha8Rng, age: i32) -> NaiveDate {
    let latest = age_date() - chrono::Duration::days((age as f64 * 365.25).ceil() as i64);
    let earliest = age_date() - chrono::Duration::days(((age + 1) as f64 * 365.25).floor() as i64 - 1);
    day_between(rng, earliest, latest)
}

/// Rounds to the nearest half point.
fn half(x: f64) -> f64 {
    (x * 2.0).round() / 2.0
}

/// Table 1's Dp for a score of `score` in `games`, the percentage rounded half
/// up and kept within .01 … .99 as the rules do.
fn performance_difference(score: f64, games: u32) -> f64 {
    let percent = ((score / games as f64) * 100.0 + 0.5).floor().clamp(1.0, 99.0);
    tables::dp(percent as u32) as f64
}

/// The least score a partially-rated player needs in `games` to hold a rating
/// (2/30 of the games), in half points.
fn least_rated_score(games: u32) -> f64 {
    (games as f64 * 2.0 / 30.0 * 2.0).ceil() / 2.0
}

/// Generates `count` players. Every player draws from `rng` in order, so the
/// result depends on the seed alone.
pub(super) fn population(rng: &mut ChaCha8Rng, count: usize, system: SystemName) -> Population {
    let regions = super::regions(system);
    let mut pop = Population {
        system,
        file: PlayerFile {
            players: Vec::with_capacity(count),
            extra_columns: vec!["Email".to_string()],
            origin: None,
            lists: Vec::new(),
        },
        regions,
        state: Vec::with_capacity(count),
        strength: Vec::with_capacity(count),
        activity: Vec::with_capacity(count),
        junior: Vec::with_capacity(count),
    };
    let mut next_id = 3000u32;
    let mut next_fide = 3_200_010u64;
    for i in 0..count {
        let id = next_id;
        next_id += 1 + match rng.random_range(0..100) {
            0..=79 => 0,
            80..=94 => rng.random_range(1..=3),
            _ => rng.random_range(4..=25),
        };
        let state = draw_state(rng, regions);
        let status = match rng.random_range(0..100) {
            0..=59 => Status::Confirmed,
            60..=74 => Status::Provisional,
            75..=84 => Status::Unrated,
            _ => Status::New,
        };
        let (junior_share, youngest) = match status {
            Status::Confirmed => (0.15, 12),
            Status::Provisional => (0.35, 9),
            Status::Unrated => (0.40, 7),
            Status::New => (0.45, 6),
        };
        let junior = rng.random_bool(junior_share);
        let gender = if rng.random_bool(0.13) { Gender::Female } else { Gender::Male };
        let long = i % 1000 == 7 || i % 1000 == 531;
        let (surname, first_names) = names::person(rng, gender, long, system.as_str());
        let age = if junior {
            rng.random_range(youngest..=19)
        } else {
            (20.0 + normal(rng, 0.0, 22.0).abs()).min(85.0) as i32
        };

        let mut p = Player::new(id, &surname, &first_names);
        p.gender = Some(gender);
        p.birth_date = if rng.random_bool(0.05) { None } else { Some(birth_date(rng, age)) };
        p.state = Some(regions[state].0.to_string());
        if rng.random_bool(0.55) {
            p.club = names::clubs(regions[state].0).choose(rng).map(|c| c.to_string());
        }
        p.status = status;
        record(rng, &mut p, junior.then_some(age));

        // Players with few games who stopped more than two years before the
        // list is published: the maintenance rule removes them.
        let lapsed = matches!(status, Status::Provisional | Status::Unrated) && rng.random_bool(0.04);
        // Established players who have not played for years: kept, not listed.
        let retired = status == Status::Confirmed && rng.random_bool(0.05);
        p.last_played = match status {
            Status::New => None,
            _ if lapsed => Some(day_between(rng, super::date(1988, 2, 1), super::date(1991, 7, 20))),
            _ if retired => Some(day_between(rng, super::date(1986, 6, 1), super::date(1991, 3, 31))),
            _ => {
                // Skewed towards the recent past: the later of two draws.
                // Only the lapsed players above are due for removal.
                let from = if p.games < 30 { super::date(1991, 8, 1) } else { super::date(1991, 4, 1) };
                let to = super::date(1993, 3, 31);
                Some(day_between(rng, from, to).max(day_between(rng, from, to)))
            }
        };
        if status == Status::Confirmed && p.rating.is_some_and(|r| r >= 1950.0) && rng.random_bool(0.65) {
            next_fide += rng.random_range(1..=60);
            p.fide_id = Some(next_fide);
        }
        let email = if rng.random_bool(0.12) {
            const DOMAINS: [&str; 6] = [
                "ozemail.com.au",
                "bigpond.com",
                "unimelb.edu.au",
                "netspace.net.au",
                "iinet.net.au",
                "ozonline.com.au",
            ];
            let initial = names::ascii_fold(&first_names).chars().next().unwrap_or('x');
            let domain = DOMAINS.choose(rng).copied().unwrap_or("ozemail.com.au");
            ExtraValue::Text(format!("{initial}{}@{domain}", names::ascii_fold(&surname)))
        } else {
            ExtraValue::Empty
        };
        p.extra = vec![email];

        let gain = if junior { rng.random_range(0.0..120.0) } else { 0.0 };
        let strength = match status {
            Status::Confirmed => p.rating.unwrap_or(1450.0) + normal(rng, 0.0, 50.0) + gain,
            Status::Provisional => p.rating.unwrap_or(1300.0) + normal(rng, 0.0, 90.0) + gain,
            Status::Unrated => {
                p.rating.or(p.opp_avg.map(|a| a - 150.0)).unwrap_or(1100.0) + normal(rng, 0.0, 150.0) + gain
            }
            Status::New if junior => rng.random_range(1000.0..1400.0),
            Status::New => rng.random_range(1200.0..1600.0),
        };
        let activity = if lapsed {
            0.0
        } else if retired {
            0.08
        } else if status == Status::New {
            if junior {
                0.8
            } else {
                0.5
            }
        } else {
            normal(rng, 0.0, 0.8).exp() * if junior { 1.3 } else { 1.0 }
        };
        pop.file.players.push(p);
        pop.state.push(state);
        pop.strength.push(strength.clamp(300.0, 2750.0));
        pop.activity.push(activity);
        pop.junior.push(junior);
    }
    pop
}

/// Fills rating, games, score and opponents' average for the player's status;
/// `junior_age` is the age of a junior.
fn record(rng: &mut ChaCha8Rng, p: &mut Player, junior_age: Option<i32>) {
    let to_grid = |x: f64| (x * 20.0).round() / 20.0;
    let tenth = |x: f64| (x * 10.0).round() / 10.0;
    match p.status {
        Status::Confirmed => {
            // Juniors' ratings grow with age; adults' are N(1450, 350),
            // redrawn (rather than piled up at the bounds) outside 500-2600.
            let (mean, sd) = match junior_age {
                Some(age) => (800.0 + 45.0 * age as f64, 300.0),
                None => (1450.0, 350.0),
            };
            let mut rating = normal(rng, mean, sd);
            for _ in 0..10 {
                if (500.0..=2600.0).contains(&rating) {
                    break;
                }
                rating = normal(rng, mean, sd);
            }
            let rating = to_grid(rating.clamp(500.0, 2600.0));
            // Games beyond the first thirty: exponential, mean 70.
            let extra = -(1.0 - rng.random_range(0.0f64..1.0)).ln() * 70.0;
            let games = 30 + extra.min(870.0) as u32;
            let share = normal(rng, 0.5, 0.1).clamp(0.15, 0.85);
            let score = half(share * games as f64).clamp(least_rated_score(games), games as f64 - 0.5);
            p.rating = Some(rating);
            p.games = games;
            p.score = score;
            p.opp_avg = Some(tenth(rating - performance_difference(score, games)));
        }
        Status::Provisional => {
            let games = rng.random_range(9..=29);
            // Juniors meet opponents nearer their own age's strength.
            let mean = junior_age.map_or(1350.0, |age| 750.0 + 40.0 * age as f64);
            let opp_avg = tenth(normal(rng, mean, 250.0).clamp(700.0, 2200.0));
            let share = normal(rng, 0.45, 0.18);
            let score = half(share * games as f64).clamp(least_rated_score(games), games as f64 - 0.5);
            p.games = games;
            p.score = score;
            p.opp_avg = Some(opp_avg);
            p.rating = Some(tenth(opp_avg + performance_difference(score, games)));
        }
        Status::Unrated => {
            let mean = junior_age.map_or(1250.0, |age| 700.0 + 40.0 * age as f64);
            let opp_avg = tenth(normal(rng, mean, 250.0).clamp(600.0, 2000.0));
            let (games, score) = if rng.random_bool(0.8) {
                let games = rng.random_range(1..=8);
                (games, half(rng.random_range(0.0..1.0) * games as f64))
            } else {
                // Nine games or more with a score outside the limits.
                let games = rng.random_range(9..=14);
                let score = if rng.random_bool(0.3) {
                    games as f64
                } else if least_rated_score(games) > 0.5 && rng.random_bool(0.5) {
                    0.5
                } else {
                    0.0
                };
                (games, score)
            };
            p.games = games;
            p.score = score;
            p.opp_avg = Some(opp_avg);
            // A performance rating, when the player has one worth keeping.
            let performance = tenth(opp_avg + performance_difference(score, games));
            if rng.random_bool(0.6) && performance >= 400.0 {
                p.rating = Some(performance);
            }
        }
        Status::New => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn generate_population_statuses_are_consistent() {
        let mut rng = ChaCha8Rng::seed_from_u64(1993);
        let pop = population(&mut rng, 3000, SystemName::Acf);
        let players = &pop.file.players;
        let mut ids: Vec<u32> = players.iter().map(|p| p.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), players.len(), "IDs unique and ascending");
        let share = |s: Status| players.iter().filter(|p| p.status == s).count() as f64 / players.len() as f64;
        assert!((share(Status::Confirmed) - 0.60).abs() < 0.04);
        assert!((share(Status::New) - 0.15).abs() < 0.03);
        for p in players {
            match p.status {
                Status::Confirmed => assert!(p.games >= 30 && p.rating.is_some_and(|r| (500.0..=2600.0).contains(&r))),
                Status::Provisional => {
                    assert!((9..30).contains(&p.games));
                    assert!(p.score >= 2.0 / 30.0 * p.games as f64 && p.score < p.games as f64, "{p:?}");
                }
                Status::Unrated => {
                    let outside = p.score < 2.0 / 30.0 * p.games as f64 || p.score == p.games as f64;
                    assert!(p.games >= 1 && (p.games < 9 || outside), "{p:?}");
                }
                Status::New => assert!(p.games == 0 && p.rating.is_none() && p.last_played.is_none()),
            }
        }
        let cutoff = super::super::date(1991, 8, 1);
        let removable = players.iter().filter(|p| p.games < 30 && p.last_played.is_some_and(|d| d < cutoff)).count();
        assert!((10..=80).contains(&removable), "{removable} removable players");
        let juniors = pop.junior.iter().filter(|j| **j).count() as f64 / players.len() as f64;
        assert!((0.2..0.3).contains(&juniors), "{juniors}");
    }
}
