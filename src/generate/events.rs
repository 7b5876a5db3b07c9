//! Plans the period's events: kind, state, dates, time control, name, code
//! and entrants (with their start numbers and true strengths). Planning runs
//! in one thread from the master generator; the games are played later, each
//! event from its own generator (see `play`).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate, Weekday};
use rand::distr::weighted::WeightedIndex;
use rand::distr::Distribution;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::codes::{next_code, Numbers};
use super::players::Population;
use super::{date, day_between, draw_state, names};
use crate::formats::report::write::ReportPlayer;
use crate::model::Gender;

/// How an event is run, which decides its size, dates, names and layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A big open over a long weekend, with interstate players.
    Open,
    /// A two-day weekend Swiss, sometimes rating-limited.
    Weekender,
    /// A Swiss played one round a week at a club.
    ClubSwiss,
    /// A juniors-only Swiss.
    Junior,
    /// A one-day rapid Swiss (an "allegro").
    Rapid,
    /// A club's graded round robin, one round a week.
    ClubRoundRobin,
    /// A state's closed championship or masters: the strongest players.
    ClosedRoundRobin,
    /// Two players, several games.
    Match,
}

impl Kind {
    /// (kind, weight in percent) of an ordinary event.
    const MIX: [(Kind, u32); 8] = [
        (Kind::Open, 6),
        (Kind::Weekender, 33),
        (Kind::ClubSwiss, 18),
        (Kind::Junior, 6),
        (Kind::Rapid, 12),
        (Kind::ClubRoundRobin, 11),
        (Kind::ClosedRoundRobin, 4),
        (Kind::Match, 3),
    ];

    pub fn is_round_robin(self) -> bool {
        matches!(self, Kind::ClubRoundRobin | Kind::ClosedRoundRobin)
    }
}

/// When the event ended relative to the period (acf.md, eligibility).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Timing {
    InPeriod,
    /// Ended in the period before this one: rated now.
    Late,
    /// Ended earlier still: not rated.
    TooLate,
    /// Ends after the period: deferred.
    Deferred,
}

/// Everything about an event except its games.
#[derive(Debug, Clone)]
pub(super) struct EventPlan {
    pub kind: Kind,
    pub timing: Timing,
    pub code: String,
    pub name: String,
    pub state: String,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub rounds: u32,
    pub time_control: String,
    pub event_type: Option<String>,
    pub handicap: bool,
    pub fixed_opening: bool,
    pub approved: bool,
    pub submitted: Option<NaiveDate>,
    /// In start-number order.
    pub players: Vec<ReportPlayer>,
    /// True strength of each player, by start number - 1.
    pub strength: Vec<f64>,
    /// The stream of this event's own random generator.
    pub stream: u64,
}

/// An entrant as planned: his report row, true strength and the rating he
/// is seeded by (published ratings only).
type Entrant = (ReportPlayer, f64, Option<f64>);

/// What is decided about an event before its entrants.
#[derive(Debug, Clone)]
struct Draft {
    kind: Kind,
    state: usize,
    timing: Timing,
    handicap: bool,
    fixed_opening: bool,
    approved: bool,
    too_fast: bool,
}

/// Players an event can draw from, weighted by how often they play.
struct Pool {
    members: Vec<u32>,
    weights: Option<WeightedIndex<f64>>,
}

impl Pool {
    fn new(members: Vec<u32>, activity: &[f64]) -> Pool {
        let weights = WeightedIndex::new(members.iter().map(|&m| activity[m as usize])).ok();
        Pool { members, weights }
    }

    fn draw(&self, rng: &mut ChaCha8Rng) -> Option<u32> {
        self.weights.as_ref().map(|w| self.members[w.sample(rng)])
    }
}

/// The pools of every state, their juniors and clubs, and the strongest
/// active players of each state.
struct Pools {
    states: Vec<Pool>,
    juniors: Vec<Pool>,
    clubs: BTreeMap<(usize, String), Pool>,
    /// Confirmed active players of each state, strongest first (at most 60).
    top: Vec<Vec<u32>>,
    everyone: Pool,
}

impl Pools {
    fn new(pop: &Population) -> Pools {
        let n = pop.file.players.len();
        let mut by_state: Vec<Vec<u32>> = vec![Vec::new(); pop.regions.len()];
        let mut juniors: Vec<Vec<u32>> = vec![Vec::new(); pop.regions.len()];
        let mut clubs: BTreeMap<(usize, String), Vec<u32>> = BTreeMap::new();
        for i in 0..n {
            if pop.activity[i] <= 0.0 {
                continue;
            }
            let s = pop.state[i];
            by_state[s].push(i as u32);
            if pop.junior[i] {
                juniors[s].push(i as u32);
            }
            if let Some(club) = &pop.file.players[i].club {
                clubs.entry((s, club.clone())).or_default().push(i as u32);
            }
        }
        let top = by_state
            .iter()
            .map(|members| {
                let mut rated: Vec<u32> = members
                    .iter()
                    .copied()
                    .filter(|&m| {
                        pop.file.players[m as usize].status == crate::model::Status::Confirmed
                            && pop.activity[m as usize] > 0.1
                    })
                    .collect();
                rated.sort_by(|&a, &b| {
                    let (ra, rb) = (pop.file.players[a as usize].rating, pop.file.players[b as usize].rating);
                    rb.partial_cmp(&ra).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(&b))
                });
                rated.truncate(60);
                rated
            })
            .collect();
        let everyone = Pool::new((0..n as u32).filter(|&i| pop.activity[i as usize] > 0.0).collect(), &pop.activity);
        Pools {
            states: by_state.into_iter().map(|m| Pool::new(m, &pop.activity)).collect(),
            juniors: juniors.into_iter().map(|m| Pool::new(m, &pop.activity)).collect(),
            clubs: clubs.into_iter().map(|(k, m)| (k, Pool::new(m, &pop.activity))).collect(),
            top,
            everyone,
        }
    }
}

/// Adds up to `seats` distinct players from `source` that `accept` takes.
fn fill(
    rng: &mut ChaCha8Rng,
    chosen: &mut Vec<u32>,
    seats: usize,
    mut source: impl FnMut(&mut ChaCha8Rng) -> Option<u32>,
    accept: impl Fn(u32) -> bool,
) {
    for _ in 0..seats {
        for _attempt in 0..40 {
            match source(rng) {
                Some(p) if !chosen.contains(&p) && accept(p) => {
                    chosen.push(p);
                    break;
                }
                Some(_) => {}
                None => return,
            }
        }
    }
}

/// How many events of a special sort a folder of `count` events gets: `base`
/// in the default 150, in proportion otherwise.
fn scaled(base: usize, count: usize) -> usize {
    (base * count + 75) / 150
}

/// `count` kinds in the proportions of [`Kind::MIX`] (largest remainders
/// round up), in the order of the mix.
pub(super) fn kind_mix(count: usize) -> Vec<Kind> {
    let total: usize = Kind::MIX.iter().map(|(_, w)| *w as usize).sum();
    let mut shares: Vec<(usize, usize, usize)> = Kind::MIX
        .iter()
        .enumerate()
        .map(|(k, (_, w))| (k, count * *w as usize / total, count * *w as usize % total))
        .collect();
    let missing = count - shares.iter().map(|s| s.1).sum::<usize>();
    let mut by_remainder: Vec<usize> = (0..shares.len()).collect();
    by_remainder.sort_by_key(|&k| (std::cmp::Reverse(shares[k].2), k));
    for &k in by_remainder.iter().take(missing) {
        shares[k].1 += 1;
    }
    shares.iter().flat_map(|&(k, n, _)| std::iter::repeat_n(Kind::MIX[k].0, n)).collect()
}

/// Plans `count` events.
pub(super) fn plan(rng: &mut ChaCha8Rng, pop: &Population, count: usize) -> Vec<EventPlan> {
    let pools = Pools::new(pop);
    let mut kinds = kind_mix(count);
    kinds.shuffle(rng);
    let mut drafts: Vec<Draft> = kinds
        .into_iter()
        .map(|kind| Draft {
            kind,
            state: draw_state(rng, pop.regions),
            timing: Timing::InPeriod,
            handicap: false,
            fixed_opening: false,
            approved: true,
            too_fast: false,
        })
        .collect();

    // The special events, each a different one.
    let mut order: Vec<usize> = (0..count).collect();
    order.shuffle(rng);
    let mut special = order.into_iter();
    for (timing, base) in [(Timing::Late, 3), (Timing::TooLate, 2), (Timing::Deferred, 2)] {
        for k in special.by_ref().take(scaled(base, count)) {
            drafts[k].timing = timing;
        }
    }
    for k in special.by_ref().take(scaled(1, count)) {
        drafts[k].kind = Kind::ClubSwiss;
        drafts[k].handicap = true;
    }
    for k in special.by_ref().take(scaled(1, count)) {
        drafts[k].kind = Kind::ClubSwiss;
        drafts[k].fixed_opening = true;
    }
    for k in special.by_ref().take(scaled(1, count)) {
        drafts[k].kind = Kind::Weekender;
        drafts[k].approved = false;
    }
    for k in special.by_ref().take(scaled(2, count)) {
        drafts[k].kind = Kind::Rapid;
        drafts[k].too_fast = true;
    }

    let mut plans: Vec<EventPlan> = drafts.iter().map(|d| plan_event(rng, pop, &pools, d)).collect();
    number(&mut plans, &mut Numbers::new());
    vary_names(&mut plans);
    plans
}

/// Codes in order of the end date, after the numbers `taken` (which it
/// then holds too); and each event's stream, in that order.
pub(super) fn number(plans: &mut [EventPlan], taken: &mut Numbers) {
    // By code (the ACF's states' codes are in `[states]` order). A stable
    // sort: ties keep the order they were planned in.
    plans.sort_by(|a, b| (&a.state, a.end, a.start).cmp(&(&b.state, b.end, b.start)));
    for (stream, plan) in plans.iter_mut().enumerate() {
        plan.code = next_code(taken, &plan.state, plan.end.year());
        plan.stream = stream as u64 + 1;
    }
}

/// One or two reports spell a player's first name the short way ("Rob" for
/// "Robert"): a warning for the checker, never an error.
fn vary_names(plans: &mut [EventPlan]) {
    let mut varied: Vec<u32> = Vec::new();
    for plan in plans.iter_mut().filter(|p| p.timing == Timing::InPeriod && !p.kind.is_round_robin()) {
        if varied.len() == 2 {
            break;
        }
        let pick = plan
            .players
            .iter_mut()
            .find(|p| p.id.is_some_and(|id| !varied.contains(&id)) && names::nickname(&p.first_names).is_some());
        if let Some(player) = pick {
            player.first_names = names::nickname(&player.first_names).unwrap_or_default();
            varied.extend(player.id);
        }
    }
}

/// The latest day on or before `day` that is a `weekday`, moved a week later
/// when that falls before `from`.
pub(super) fn snap(day: NaiveDate, weekday: Weekday, from: NaiveDate) -> NaiveDate {
    let back = (7 + day.weekday().num_days_from_monday() - weekday.num_days_from_monday()) % 7;
    let snapped = day - chrono::Duration::days(back as i64);
    if snapped < from {
        snapped + chrono::Duration::days(7)
    } else {
        snapped
    }
}

fn plan_event(rng: &mut ChaCha8Rng, pop: &Population, pools: &Pools, d: &Draft) -> EventPlan {
    let state = pop.regions[d.state].0;
    let club = names::clubs(state).choose(rng).map(String::as_str).unwrap_or("City");
    let town = names::towns(state).choose(rng).map(String::as_str).unwrap_or("Capital");

    // Size, rounds and the rating limit of limited sections.
    let (mut size, mut rounds) = match d.kind {
        Kind::Open => (rng.random_range(40..=120), [6, 7, 7, 7, 8, 9].choose(rng).copied().unwrap_or(7)),
        Kind::Weekender => (rng.random_range(16..=60), [5, 5, 6, 6, 7].choose(rng).copied().unwrap_or(6)),
        Kind::ClubSwiss => (rng.random_range(10..=36), rng.random_range(7..=9)),
        Kind::Junior => (rng.random_range(12..=60), rng.random_range(5..=7)),
        Kind::Rapid => (rng.random_range(12..=60), rng.random_range(5..=7)),
        Kind::ClubRoundRobin => (rng.random_range(6..=12), 0),
        Kind::ClosedRoundRobin => ([8, 10, 10, 12, 9].choose(rng).copied().unwrap_or(10), 0),
        Kind::Match => (2, 2 * rng.random_range(2..=4)),
    };
    let limit = match d.kind {
        Kind::Weekender | Kind::Rapid if rng.random_bool(0.15) => {
            Some(*[1200, 1600, 1600, 1800, 2000].choose(rng).unwrap_or(&1600))
        }
        _ => None,
    };

    // Entrants from the player file.
    let newcomer_share = match d.kind {
        Kind::Open if rng.random_bool(0.3) => 0.03,
        Kind::Weekender | Kind::Rapid if rng.random_bool(0.5) => 0.05,
        Kind::ClubSwiss if rng.random_bool(0.4) => 0.05,
        Kind::Junior if rng.random_bool(0.7) => 0.08,
        _ => 0.0,
    };
    let newcomers = if newcomer_share > 0.0 { ((size as f64 * newcomer_share).round() as usize).max(1) } else { 0 };
    let chosen = choose_players(rng, pop, pools, d, club, size, newcomers, limit);

    // Entrants with what the report will show.
    let detailed = rng.random_bool(0.6);
    let mut entrants: Vec<Entrant> = chosen
        .iter()
        .map(|&i| {
            let p = &pop.file.players[i as usize];
            let row = ReportPlayer {
                no: 0,
                id: Some(p.id),
                surname: p.surname.clone(),
                first_names: p.first_names.clone(),
                gender: if detailed { p.gender } else { None },
                birth_date: if detailed { p.birth_date } else { None },
                state: if detailed { p.state.clone() } else { None },
                club: if detailed { p.club.clone() } else { None },
            };
            (row, pop.strength[i as usize], pop.seeding_rating(i as usize))
        })
        .collect();
    let junior_event = d.kind == Kind::Junior;
    for _ in 0..newcomers {
        entrants.push(newcomer(rng, pop.system.as_str(), state, club, junior_event));
    }
    size = entrants.len();

    // Start numbers: Swiss events seed by rating; tables and matches are drawn.
    if d.kind.is_round_robin() || d.kind == Kind::Match {
        entrants.shuffle(rng);
    } else {
        entrants.sort_by(|a, b| {
            let rating = |e: &Entrant| e.2.unwrap_or(f64::NEG_INFINITY);
            rating(b)
                .total_cmp(&rating(a))
                .then_with(|| a.0.surname.cmp(&b.0.surname))
                .then_with(|| a.0.first_names.cmp(&b.0.first_names))
        });
    }
    for (k, e) in entrants.iter_mut().enumerate() {
        e.0.no = k as u32 + 1;
    }
    if d.kind.is_round_robin() {
        rounds = if size % 2 == 0 { size.saturating_sub(1) } else { size } as u32;
    } else if d.kind != Kind::Match {
        rounds = rounds.min(size.saturating_sub(1).max(1) as u32);
    }

    let (start, end, submitted) = dates(rng, d, rounds);

    let time_control = time_control(rng, d);
    let name = event_name(rng, d, state, club, town, end, limit, &entrants);
    let event_type = match d.kind {
        k if k.is_round_robin() => Some("round robin".to_string()),
        Kind::Match => Some("match".to_string()),
        _ if rng.random_bool(0.1) => None,
        _ => Some("swiss".to_string()),
    };

    let (players, strength): (Vec<ReportPlayer>, Vec<f64>) = entrants.into_iter().map(|(p, s, _)| (p, s)).unzip();
    EventPlan {
        kind: d.kind,
        timing: d.timing,
        code: String::new(),
        name,
        state: state.to_string(),
        start,
        end,
        rounds,
        time_control,
        event_type,
        handicap: d.handicap,
        fixed_opening: d.fixed_opening,
        approved: d.approved,
        submitted,
        players,
        strength,
        stream: 0,
    }
}

/// Players from the file for an event of `size` seats, `newcomers` of which
/// go to players without an ID: from the state (opens also from other
/// states), the club, the juniors or the strongest, as the kind demands.
#[allow(clippy::too_many_arguments)]
fn choose_players(
    rng: &mut ChaCha8Rng,
    pop: &Population,
    pools: &Pools,
    d: &Draft,
    club: &str,
    size: usize,
    newcomers: usize,
    limit: Option<u32>,
) -> Vec<u32> {
    let known = size - newcomers;
    let mut chosen: Vec<u32> = Vec::with_capacity(size);
    let under = |limit: Option<u32>| {
        move |p: u32| limit.is_none_or(|l| pop.seeding_rating(p as usize).is_none_or(|r| r < l as f64))
    };
    let state_pool = &pools.states[d.state];
    match d.kind {
        Kind::Open => fill(
            rng,
            &mut chosen,
            known,
            |rng| {
                if rng.random_bool(0.2) {
                    pools.states[draw_state(rng, pop.regions)].draw(rng)
                } else {
                    state_pool.draw(rng)
                }
            },
            |_| true,
        ),
        Kind::Weekender | Kind::Rapid => fill(
            rng,
            &mut chosen,
            known,
            |rng| {
                if rng.random_bool(0.05) {
                    pools.states[draw_state(rng, pop.regions)].draw(rng)
                } else {
                    state_pool.draw(rng)
                }
            },
            under(limit),
        ),
        Kind::ClubSwiss => {
            let members = pools.clubs.get(&(d.state, club.to_string()));
            fill(
                rng,
                &mut chosen,
                known,
                |rng| match members {
                    Some(m) if rng.random_bool(0.65) => m.draw(rng),
                    _ => state_pool.draw(rng),
                },
                |_| true,
            )
        }
        Kind::Junior => fill(rng, &mut chosen, known, |rng| pools.juniors[d.state].draw(rng), |_| true),
        Kind::ClubRoundRobin => {
            // A graded table: the strongest of a wider field make the A grade.
            let members = pools.clubs.get(&(d.state, club.to_string()));
            let mut field = Vec::new();
            fill(
                rng,
                &mut field,
                size * 3,
                |rng| match members {
                    Some(m) if rng.random_bool(0.7) => m.draw(rng),
                    _ => state_pool.draw(rng),
                },
                |_| true,
            );
            field.sort_by(|&a, &b| pop.strength[b as usize].total_cmp(&pop.strength[a as usize]).then(a.cmp(&b)));
            let grade = if rng.random_bool(0.6) { 0 } else { 1 };
            let from = (grade * size).min(field.len().saturating_sub(size));
            chosen.extend(field.iter().skip(from).take(size));
        }
        Kind::ClosedRoundRobin => {
            let top = &pools.top[d.state];
            let field: Vec<u32> = top.iter().take(size * 2).copied().collect();
            fill(rng, &mut chosen, size, |rng| field.choose(rng).copied(), |_| true);
        }
        Kind::Match => {
            let top = &pools.top[d.state];
            if top.len() >= 2 {
                let k = rng.random_range(0..top.len() - 1);
                chosen.extend([top[k], top[k + 1]]);
            }
        }
    }
    // Small states may not fill an event: complete it from anywhere.
    let least = match d.kind {
        Kind::Match => 2,
        k if k.is_round_robin() => 4,
        _ => 6,
    };
    if chosen.len() + newcomers < least {
        let missing = least - chosen.len() - newcomers;
        fill(rng, &mut chosen, missing, |rng| pools.everyone.draw(rng), |_| true);
    }
    chosen
}

/// (start, end, submitted) of an event of `rounds` rounds: weekenders end on
/// a Sunday, club events run one round a week on a club night, and the end
/// falls where the draft's timing puts it.
fn dates(rng: &mut ChaCha8Rng, d: &Draft, rounds: u32) -> (NaiveDate, NaiveDate, Option<NaiveDate>) {
    let (from, to) = match d.timing {
        Timing::InPeriod => (date(1993, 4, 1), date(1993, 7, 31)),
        Timing::Late => (date(1992, 12, 1), date(1993, 3, 31)),
        Timing::TooLate => (date(1992, 5, 1), date(1992, 11, 30)),
        Timing::Deferred => (date(1993, 8, 1), date(1993, 9, 30)),
    };
    let night = *[Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri].choose(rng).unwrap_or(&Weekday::Tue);
    let day = day_between(rng, from, to);
    let (end, days) = match d.kind {
        Kind::Open => {
            let days = rng.random_range(3..=5);
            (snap(day, if days > 3 { Weekday::Mon } else { Weekday::Sun }, from), days)
        }
        Kind::Weekender => (snap(day, Weekday::Sun, from), 2),
        Kind::Junior => (snap(day, Weekday::Sun, from), rng.random_range(1..=2)),
        Kind::Rapid => (snap(day, if rng.random_bool(0.5) { Weekday::Sat } else { Weekday::Sun }, from), 1),
        Kind::ClubSwiss | Kind::ClubRoundRobin => (snap(day, night, from), 7 * (rounds as i64 - 1) + 1),
        Kind::ClosedRoundRobin => (day, rounds as i64 + rounds as i64 / 3),
        Kind::Match => (day, 2 * (rounds as i64 - 1) + 1),
    };
    let start = end - chrono::Duration::days(days - 1);
    let submitted = match d.timing {
        Timing::InPeriod => {
            Some((end + chrono::Duration::days(rng.random_range(3..=35))).min(date(1993, 7, 31)).max(end))
        }
        // Late reports came in after the previous list had closed.
        Timing::Late => {
            Some(day_between(rng, date(1993, 4, 2), date(1993, 6, 30)).max(end + chrono::Duration::days(3)))
        }
        Timing::TooLate => Some(day_between(rng, date(1993, 4, 2), date(1993, 7, 20))),
        Timing::Deferred => None,
    };
    (start, end, submitted)
}

/// A time control for the kind: standard for most, rapid for allegros, and
/// too fast to rate for the draft that asks for it.
fn time_control(rng: &mut ChaCha8Rng, d: &Draft) -> String {
    let pick =
        |rng: &mut ChaCha8Rng, options: &[&str]| options.choose(rng).copied().unwrap_or("40/7200:1800").to_string();
    match d.kind {
        Kind::Rapid if d.too_fast => "1500+10".to_string(),
        Kind::Rapid => pick(rng, &["3600", "3600+0"]),
        Kind::Open | Kind::ClosedRoundRobin => pick(rng, &["40/7200:1800", "40/7200:1800", "40/9000:3600"]),
        Kind::Weekender => pick(rng, &["5400+30", "40/6000:1800", "40/7200:1800"]),
        Kind::ClubSwiss | Kind::ClubRoundRobin => {
            pick(rng, &["40/7200:1800", "40/7200:1800", "40/6000:1800", "5400+30"])
        }
        Kind::Junior => pick(rng, &["5400+30", "5400+30", "3600", "40/6000:1800"]),
        Kind::Match => "40/7200:1800".to_string(),
    }
}

/// A plausible name for the event: its town or club, season or month, and
/// what sort of event it is.
#[allow(clippy::too_many_arguments)]
fn event_name(
    rng: &mut ChaCha8Rng,
    d: &Draft,
    state: &str,
    club: &str,
    town: &str,
    end: NaiveDate,
    limit: Option<u32>,
    entrants: &[Entrant],
) -> String {
    let adjective = names::state_adjective(state);
    let season = names::season(state, end.month());
    let month = names::month_name(end.month());
    let limited = |l: u32| format!("Under {l}");
    match d.kind {
        _ if d.handicap => format!("{club} Handicap Tournament"),
        _ if d.fixed_opening => {
            format!(
                "{club} Thematic Tournament ({})",
                names::themes().choose(rng).map(String::as_str).unwrap_or("King's Gambit")
            )
        }
        Kind::Open => names::opens(state).choose(rng).map(String::as_str).unwrap_or("Open").to_string(),
        Kind::Weekender => match limit {
            Some(l) => format!("{town} {} {season} Cup", limited(l)),
            None => match rng.random_range(0..4) {
                0 => format!("{town} Weekender"),
                1 => format!("{town} {season} Cup"),
                2 => format!("{town} {month} Weekender"),
                _ => format!("{town} Open"),
            },
        },
        Kind::ClubSwiss => match rng.random_range(0..3) {
            0 => format!("{club} Club Championship"),
            1 => format!("{club} {season} Swiss"),
            _ => format!("{club} {month} Cup"),
        },
        Kind::Junior => match rng.random_range(0..3) {
            0 => format!("{adjective} Junior Championship"),
            1 => format!("{town} Junior Open"),
            _ => format!("{town} Schools Championship"),
        },
        Kind::Rapid if d.too_fast => format!("{club} Quickplay"),
        Kind::Rapid => match limit {
            Some(l) => format!("{} Allegro", limited(l)),
            None => match rng.random_range(0..3) {
                0 => format!("{club} Allegro"),
                1 => format!("{town} Rapidplay"),
                _ => format!("{adjective} Rapidplay Championship"),
            },
        },
        Kind::ClubRoundRobin => match rng.random_range(0..3) {
            0 => format!("{club} Club Championship"),
            1 => format!("{club} A Grade"),
            _ => format!("{club} Reserves"),
        },
        Kind::ClosedRoundRobin => match rng.random_range(0..3) {
            0 => format!("{adjective} Closed Championship"),
            1 => format!("{town} Masters"),
            _ => format!("{adjective} Championship Final"),
        },
        Kind::Match => match entrants {
            [a, b] => format!("{} v {} Match", a.0.surname, b.0.surname),
            _ => format!("{town} Match"),
        },
    }
}

/// A player new to rating, entered without an ID: full details so the
/// checker can register him.
fn newcomer(rng: &mut ChaCha8Rng, system: &str, state: &str, club: &str, junior: bool) -> Entrant {
    let junior = junior || rng.random_bool(0.45);
    let gender = if rng.random_bool(if junior { 0.18 } else { 0.1 }) { Gender::Female } else { Gender::Male };
    let (surname, first_names) = names::person(rng, gender, false, system);
    let age = if junior { rng.random_range(7..=17) } else { rng.random_range(20..=70) };
    let born = day_between(rng, date(1992 - age, 1, 2), date(1992 - age, 12, 31));
    let strength = if junior { rng.random_range(1000.0..1400.0) } else { rng.random_range(1200.0..1600.0) };
    let row = ReportPlayer {
        no: 0,
        id: None,
        surname,
        first_names,
        gender: Some(gender),
        birth_date: Some(born),
        state: if rng.random_bool(0.7) { Some(state.to_string()) } else { None },
        club: if rng.random_bool(0.3) { Some(club.to_string()) } else { None },
    };
    (row, strength, None)
}
