//! Plays a planned event: pairs the rounds, draws each game's result from the
//! players' true strengths (Elo expectancy, with draws that grow rarer as the
//! gap widens), and assembles the report. Every event draws from its own
//! generator, so events can be played in any order, in parallel, with the
//! same result.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::events::{EventPlan, Kind};
use super::pairing;
use crate::formats::report::write::{EventReport, ReportGame, ReportResults};
use crate::model::results::{self, Meaning, Notation};

/// White's advantage, in rating points.
const WHITE_EDGE: f64 = 30.0;

/// The generator of event `plan` for the folder's `seed`.
fn event_rng(seed: u64, plan: &EventPlan) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(plan.stream);
    rng
}

/// White's score in a game between players of true strengths `white` and
/// `black`: 1, ½ or 0.
pub(super) fn game(rng: &mut ChaCha8Rng, white: f64, black: f64) -> f64 {
    let gap = white - black + WHITE_EDGE;
    let expected = 1.0 / (1.0 + 10f64.powf(-gap / 400.0));
    // Stronger players draw more; a wide gap leaves little room for a draw.
    let level = ((white + black) / 2.0 - 1000.0) / 1500.0;
    let base = (0.12 + 0.3 * level).clamp(0.08, 0.45);
    let draw = (base * (-gap.abs() / 500.0).exp()).min(2.0 * expected.min(1.0 - expected));
    let u: f64 = rng.random_range(0.0..1.0);
    if u < expected - draw / 2.0 {
        1.0
    } else if u < expected + draw / 2.0 {
        0.5
    } else {
        0.0
    }
}

/// The report of a planned event and the number of games in it (pairings
/// of two players, played or forfeited; byes are not games).
pub(super) fn play(plan: &EventPlan, seed: u64) -> (EventReport, usize) {
    let mut rng = event_rng(seed, plan);
    let (results, games) = match plan.kind {
        Kind::ClubRoundRobin | Kind::ClosedRoundRobin => {
            let cells = crosstable(&mut rng, &plan.strength);
            let n = cells.len();
            (ReportResults::Crosstable { cells, totals: true }, n * n.saturating_sub(1) / 2)
        }
        Kind::Match => {
            let games = match_games(&mut rng, &plan.strength, plan.rounds);
            let count = games.len();
            (ReportResults::Games(games), count)
        }
        _ => {
            let games = swiss(&mut rng, &plan.strength, plan.rounds);
            let count = games.iter().filter(|g| g.black.is_some()).count();
            (ReportResults::Games(games), count)
        }
    };
    let report = EventReport {
        code: plan.code.clone(),
        name: plan.name.clone(),
        state: plan.state.clone(),
        start: plan.start,
        end: plan.end,
        rounds: plan.rounds,
        time_control: plan.time_control.clone(),
        event_type: plan.event_type.clone(),
        handicap: plan.handicap,
        fixed_opening: plan.fixed_opening,
        approved: plan.approved,
        federation_event: true,
        submitted: plan.submitted,
        players: plan.players.clone(),
        results,
    };
    (report, games)
}

/// The token of a played game, White's score `white`; a draw written `draw`
/// (the table's `½-½` or one of its other spellings).
fn token(white: f64, draw: &'static str) -> &'static str {
    if white == 0.5 {
        draw
    } else {
        written(Notation::Pairing, Meaning::Played(white))
    }
}

/// The token the result table gives `meaning` in `notation`.
fn written(notation: Notation, meaning: Meaning) -> &'static str {
    results::token(notation, meaning).expect("the result table has a token for every result generate writes")
}

/// A Swiss event's rows: byes for the odd player out, about one game in a
/// hundred lost by default, and now and then a player who withdraws.
fn swiss(rng: &mut ChaCha8Rng, strength: &[f64], rounds: u32) -> Vec<ReportGame> {
    let n = strength.len();
    let draw_token = if rng.random_bool(0.85) { "½-½" } else { "1/2-1/2" };
    // A full point for the odd player out, or (some clubs) a bye without points.
    let bye_points = if rng.random_bool(0.75) { 1.0 } else { 0.0 };
    let bye_token = written(Notation::ByeRow, Meaning::Bye(Some(bye_points)));
    let mut score = vec![0.0f64; n];
    let mut met: Vec<Vec<u32>> = vec![Vec::with_capacity(rounds as usize); n];
    let mut balance = vec![0i32; n];
    let mut last_white: Vec<Option<bool>> = vec![None; n];
    let mut had_bye = vec![false; n];
    // The last round each player plays.
    let mut last_round = vec![rounds; n];
    if rounds >= 3 && n >= 8 && rng.random_bool(0.15) {
        for _ in 0..rng.random_range(1..=2) {
            let who = rng.random_range(0..n);
            last_round[who] = rng.random_range(1..rounds);
        }
    }

    let mut rows = Vec::with_capacity(rounds as usize * n.div_ceil(2));
    for round in 1..=rounds {
        let mut order: Vec<usize> = (0..n).filter(|&i| last_round[i] >= round).collect();
        order.sort_by(|&a, &b| score[b].total_cmp(&score[a]).then(a.cmp(&b)));
        if order.len() < 2 {
            break;
        }
        let mut bye = None;
        if order.len() % 2 == 1 {
            let pos = order.iter().rposition(|&i| !had_bye[i]).unwrap_or(order.len() - 1);
            let who = order.remove(pos);
            had_bye[who] = true;
            score[who] += bye_points;
            bye = Some(who);
        }
        for (board, (a, b)) in pairing::swiss_round(&order, &score, &met).into_iter().enumerate() {
            let a_white = match balance[a].cmp(&balance[b]) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => match last_white[a] {
                    Some(was_white) => !was_white,
                    None => board % 2 == 0,
                },
            };
            let (white, black) = if a_white { (a, b) } else { (b, a) };
            let (result, white_points) = if rng.random_bool(0.01) {
                if rng.random_bool(0.5) {
                    ("1F-0F", 1.0)
                } else {
                    ("0F-1F", 0.0)
                }
            } else {
                let s = game(rng, strength[white], strength[black]);
                (token(s, draw_token), s)
            };
            score[white] += white_points;
            score[black] += 1.0 - white_points;
            met[white].push(black as u32);
            met[black].push(white as u32);
            balance[white] += 1;
            balance[black] -= 1;
            last_white[white] = Some(true);
            last_white[black] = Some(false);
            rows.push(ReportGame {
                round,
                white: white as u32 + 1,
                black: Some(black as u32 + 1),
                result: result.to_string(),
                remarks: None,
            });
        }
        if let Some(who) = bye {
            rows.push(ReportGame {
                round,
                white: who as u32 + 1,
                black: None,
                result: bye_token.to_string(),
                remarks: None,
            });
        }
    }
    rows
}

/// A round robin's crosstable: every pair plays once; now and then one game
/// is won without play (`1*`/`0*`).
fn crosstable(rng: &mut ChaCha8Rng, strength: &[f64]) -> Vec<Vec<String>> {
    let n = strength.len();
    let mut cells = vec![vec![String::new(); n]; n];
    for (i, row) in cells.iter_mut().enumerate() {
        row[i] = written(Notation::Crosstable, Meaning::Unplayed).to_string();
    }
    let schedule = pairing::round_robin(n);
    let forfeit =
        if rng.random_bool(0.12) { schedule.choose(rng).and_then(|round| round.choose(rng)).copied() } else { None };
    for &(white, black) in schedule.iter().flatten() {
        let (w, b) = if Some((white, black)) == forfeit {
            let won = if rng.random_bool(0.5) { 1.0 } else { 0.0 };
            (Meaning::Forfeit(won, 1.0 - won), Meaning::Forfeit(1.0 - won, won))
        } else {
            let s = game(rng, strength[white], strength[black]);
            (Meaning::Played(s), Meaning::Played(1.0 - s))
        };
        let (w, b) = (written(Notation::Crosstable, w), written(Notation::Crosstable, b));
        cells[white][black] = w.to_string();
        cells[black][white] = b.to_string();
    }
    cells
}

/// A match of `games` games, colours alternating.
fn match_games(rng: &mut ChaCha8Rng, strength: &[f64], games: u32) -> Vec<ReportGame> {
    if strength.len() < 2 {
        return Vec::new();
    }
    let first_white = rng.random_range(0..2usize);
    (1..=games)
        .map(|round| {
            let white = (first_white + round as usize - 1) % 2;
            let black = 1 - white;
            let s = game(rng, strength[white], strength[black]);
            ReportGame {
                round,
                white: white as u32 + 1,
                black: Some(black as u32 + 1),
                result: token(s, "½-½").to_string(),
                remarks: None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generate_game_expectancy_and_draws_follow_strength() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut even, mut even_draws, mut gap) = (0.0, 0, 0.0);
        for _ in 0..20_000 {
            let s = game(&mut rng, 1800.0, 1800.0);
            even += s;
            even_draws += usize::from(s == 0.5);
            gap += game(&mut rng, 2000.0, 1400.0);
        }
        let (even, gap) = (even / 20_000.0, gap / 20_000.0);
        assert!((0.52..0.56).contains(&even), "white's edge {even}");
        assert!((0.95..0.99).contains(&gap), "600 points apart {gap}");
        assert!(even_draws > 4000, "{even_draws} draws between equals");
    }
}
