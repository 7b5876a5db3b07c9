//! Pairings: a Swiss round by score groups (top half against bottom half,
//! avoiding rematches where possible) and the round-robin schedule (Berger
//! tables by the circle method).

/// How many candidate pairings one round may try before giving up on
/// avoiding rematches.
const SEARCH_BUDGET: u32 = 20_000;

/// Pairs the players of `order` (ranked: score descending, then start
/// number) for one round. `score` and `met` are indexed by player. Returns
/// (higher ranked, lower ranked) pairs, top board first. An odd player out
/// must have been removed beforehand.
pub fn swiss_round(order: &[usize], score: &[f64], met: &[Vec<u32>]) -> Vec<(usize, usize)> {
    let mut used = vec![false; order.len()];
    let mut pairs = Vec::with_capacity(order.len() / 2);
    let mut budget = SEARCH_BUDGET;
    if search(order, score, met, &mut used, &mut pairs, &mut budget) {
        return pairs;
    }
    // No rematch-free pairing found in time: pair greedily, new opponents first.
    used.iter_mut().for_each(|u| *u = false);
    pairs.clear();
    while let Some(first) = (0..order.len()).find(|&k| !used[k]) {
        used[first] = true;
        let candidates = candidates(order, score, &used, first);
        let Some(&pick) = candidates.iter().find(|&&c| !has_met(met, order[first], order[c])).or(candidates.first())
        else {
            break;
        };
        used[pick] = true;
        pairs.push((order[first], order[pick]));
    }
    pairs
}

fn has_met(met: &[Vec<u32>], a: usize, b: usize) -> bool {
    met[a].contains(&(b as u32))
}

/// Depth-first search for a pairing without rematches, trying the natural
/// opponent first.
fn search(
    order: &[usize],
    score: &[f64],
    met: &[Vec<u32>],
    used: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    budget: &mut u32,
) -> bool {
    let Some(first) = (0..order.len()).find(|&k| !used[k]) else {
        return true;
    };
    used[first] = true;
    for c in candidates(order, score, used, first) {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        if has_met(met, order[first], order[c]) {
            continue;
        }
        used[c] = true;
        pairs.push((order[first], order[c]));
        if search(order, score, met, used, pairs, budget) {
            return true;
        }
        pairs.pop();
        used[c] = false;
    }
    used[first] = false;
    false
}

/// Positions in `order` that `first` may meet, best first: in his score
/// group, the player half the group below him, then those further down the
/// group, then those above; then the players of lower groups, in order.
fn candidates(order: &[usize], score: &[f64], used: &[bool], first: usize) -> Vec<usize> {
    let rest: Vec<usize> = (first + 1..order.len()).filter(|&k| !used[k]).collect();
    let own = score[order[first]];
    let group = rest.iter().take_while(|&&k| score[order[k]] == own).count();
    if group == 0 {
        return rest;
    }
    // The group has group + 1 players with `first`; his natural opponent is
    // the first of the bottom half.
    let half = group.div_ceil(2) - 1;
    let mut out = Vec::with_capacity(rest.len());
    out.extend_from_slice(&rest[half..group]);
    out.extend(rest[..half].iter().rev());
    out.extend_from_slice(&rest[group..]);
    out
}

/// The rounds of a round robin for `n` players: for each round, (white,
/// black) pairs of player indices. With an odd `n`, one player sits out
/// each round.
pub fn round_robin(n: usize) -> Vec<Vec<(usize, usize)>> {
    let m = n + n % 2;
    if m < 2 {
        return Vec::new();
    }
    // Circle method: the last seat stays, the others rotate.
    let mut seats: Vec<usize> = (0..m).collect();
    let mut rounds = Vec::with_capacity(m - 1);
    for r in 0..m - 1 {
        let mut pairs = Vec::with_capacity(m / 2);
        for i in 0..m / 2 {
            let (a, b) = (seats[i], seats[m - 1 - i]);
            if a >= n || b >= n {
                continue;
            }
            // Alternate colours: the fixed seat swaps every round, the
            // others by board.
            let swap = if i == 0 { r % 2 == 1 } else { i % 2 == 1 };
            pairs.push(if swap { (b, a) } else { (a, b) });
        }
        rounds.push(pairs);
        seats[..m - 1].rotate_right(1);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generate_pairing_round_robin_meets_everyone_once() {
        for n in 2..=13 {
            let rounds = round_robin(n);
            assert_eq!(rounds.len(), n + n % 2 - 1);
            let mut seen = vec![vec![0; n]; n];
            for round in &rounds {
                let mut busy = vec![false; n];
                for &(a, b) in round {
                    assert!(!busy[a] && !busy[b]);
                    busy[a] = true;
                    busy[b] = true;
                    seen[a][b] += 1;
                    seen[b][a] += 1;
                }
            }
            for (a, row) in seen.iter().enumerate() {
                for (b, &count) in row.iter().enumerate() {
                    assert_eq!(count, usize::from(a != b), "n={n} {a} v {b}");
                }
            }
        }
    }

    #[test]
    fn generate_pairing_swiss_pairs_top_half_against_bottom_half() {
        let order: Vec<usize> = (0..8).collect();
        let score = vec![0.0; 8];
        let met = vec![Vec::new(); 8];
        assert_eq!(swiss_round(&order, &score, &met), [(0, 4), (1, 5), (2, 6), (3, 7)]);
        // Two groups of three: the odd one floats down.
        let score = vec![1.0, 1.0, 1.0, 0.0, 0.0, 0.0];
        let order: Vec<usize> = (0..6).collect();
        let met = vec![Vec::new(); 6];
        assert_eq!(swiss_round(&order, &score, &met), [(0, 1), (2, 3), (4, 5)]);
    }

    #[test]
    fn generate_pairing_swiss_avoids_rematches() {
        let order: Vec<usize> = (0..4).collect();
        let score = vec![0.0; 4];
        let mut met = vec![Vec::new(); 4];
        met[0].push(2);
        met[2].push(0);
        let pairs = swiss_round(&order, &score, &met);
        assert_eq!(pairs, [(0, 3), (1, 2)]);
    }
}
