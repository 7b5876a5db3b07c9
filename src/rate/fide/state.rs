//! A FIDE player's state from period to period: K (kept in the player
//! file's `K` column, as FIDE's lists publish it, so that 10 also keeps the
//! 2400 mark), rated games to date (`Games`), and an unrated player's pool
//! (`Pool`). How K is chosen, how the new state is written, the checks of
//! those columns, and the state of a file written under another rule set.

use chrono::NaiveDate;

use super::{junior, Columns, FideCalc, PoolEntry, FLOOR, K_COLUMN, K_VALUES, POOL_COLUMN};
use crate::config::PeriodConfig;
use crate::diag::{Code, Diagnostic, Location};
use crate::model::system::SystemName;
use crate::model::{ExtraValue, Player, PlayerFile, Status};
use crate::rate::common::{extra_number, num, round_half_away, with_columns, written_for_another};
use crate::validate::ValidPeriod;

/// Why a player has his K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KReason {
    /// The player file's `K` column gives it.
    File,
    /// 40: fewer than 30 rated games.
    New,
    /// 40: until the end of the year of his 18th birthday, rated under 2300.
    Junior,
    /// 20: rated under 2400.
    Standard,
    /// 10: his published rating has reached 2400, for good.
    Reached2400,
}

impl KReason {
    /// The reason in words, for `explain`.
    pub fn words(self) -> &'static str {
        match self {
            KReason::File => "as the player file gives it",
            KReason::New => "fewer than 30 rated games",
            KReason::Junior => "a junior (to the end of the year he turns 18) rated under 2300",
            KReason::Standard => "rated under 2400",
            KReason::Reached2400 => "his published rating has reached 2400: 10 for good",
        }
    }
}

/// K is 10 for good once a published rating reaches this (8.3.3).
pub const K10_FROM: f64 = 2400.0;
/// K is 40 with fewer rated games than this, and for a junior rated under `JUNIOR_K40_BELOW`.
pub const K40_GAMES: u32 = 30;
pub const JUNIOR_K40_BELOW: f64 = 2300.0;

/// K (8.3.3) for a player rated `rating` with `games` rated games to date,
/// born on `birth`, whose published rating has (or has not) reached 2400,
/// on the day `on`.
pub fn k_for(rating: f64, games: u32, birth: Option<NaiveDate>, reached_2400: bool, on: NaiveDate) -> (u32, KReason) {
    if reached_2400 || rating >= K10_FROM {
        (10, KReason::Reached2400)
    } else if games < K40_GAMES {
        (40, KReason::New)
    } else if junior(birth, on) && rating < JUNIOR_K40_BELOW {
        (40, KReason::Junior)
    } else {
        (20, KReason::Standard)
    }
}

/// Writes the player's new state into his record: rating, status, games to
/// date, K and pool (`at`: the positions of `K` and `Pool` in the new
/// file's extra columns).
pub(super) fn record(next: &mut Player, calc: &FideCalc, at: &[usize], start: &Player) {
    let (k_at, pool_at) = (at[0], at[1]);
    let number = |v: u32| ExtraValue::Number(v as f64);
    match calc {
        FideCalc::Rated(c) => {
            next.games = start.games + c.games.len() as u32;
            next.extra[pool_at] = ExtraValue::Empty;
            match (c.new, c.next_k) {
                (Some(r), Some((k, _))) => {
                    next.rating = Some(r);
                    next.status = Status::Confirmed;
                    next.extra[k_at] = number(k);
                }
                _ => {
                    next.rating = None;
                    next.status = Status::Unrated;
                    next.extra[k_at] = ExtraValue::Empty;
                }
            }
        }
        FideCalc::Unrated(f) => match (&f.initial, f.next_k) {
            (Some(i), Some((k, _))) if i.published => {
                next.rating = Some(i.ru as f64);
                next.status = Status::Confirmed;
                next.games = start.games + i.games;
                next.extra[k_at] = number(k);
                next.extra[pool_at] = ExtraValue::Empty;
            }
            _ => {
                let mut pool = f.kept.clone();
                pool.extend(f.this);
                next.extra[k_at] = ExtraValue::Empty;
                next.extra[pool_at] =
                    if pool.is_empty() { ExtraValue::Empty } else { ExtraValue::Text(PoolEntry::join(&pool)) };
            }
        },
    }
}

/// The checks of the player file's FIDE columns: a file written for
/// another rule set, a K FIDE does not use, a pool that cannot be read.
pub(super) fn check(period: &ValidPeriod) -> Vec<Diagnostic> {
    let mut findings: Vec<Diagnostic> =
        written_for_another(period, SystemName::Fide, &[K_COLUMN]).into_iter().collect();
    let columns = Columns::of(period);
    let origin = period.players.origin.as_ref();
    let at = |p: usize, c: usize| {
        origin
            .and_then(|o| o.extra_cell(p, c))
            .unwrap_or_else(|| Location::sheet(crate::output_folder::names::PLAYERS, "Players"))
    };
    for (p, player) in period.players.players.iter().enumerate() {
        // (FIDE publishes no rating below its floor: such a player is unrated.)
        if let Some(r) = player.rating.filter(|r| player.status.is_rated() && *r < FLOOR) {
            let cell = origin.and_then(|o| o.cell(p, "Rating"));
            findings.push(
                Diagnostic::error(
                    Code::OutOfRange,
                    cell.unwrap_or_else(|| Location::sheet(crate::output_folder::names::PLAYERS, "Players")),
                    format!("player {} is rated {} under FIDE's floor of {FLOOR}", player.id, num(r)),
                )
                .with_hint("a FIDE rating is 1400 or more: correct it, or make the player unrated (status unrated, rating blank)"),
            );
        }
        if let Some(c) = columns.k {
            let wrong = match extra_number(player.extra.get(c)) {
                Err(shown) => Some(shown),
                Ok(Some(k)) if !(k.fract() == 0.0 && K_VALUES.contains(&(k as u32))) => Some(num(k)),
                Ok(_) => None,
            };
            if let Some(shown) = wrong {
                findings.push(
                    Diagnostic::error(
                        Code::BadValue,
                        at(p, c),
                        format!("player {}: K {shown} is not one FIDE uses", player.id),
                    )
                    .with_hint(
                        "FIDE's K is 40 (new or junior), 20 or 10 (once rated 2400), or blank to let the rules choose; the cap K × games ≤ 700 is applied each period, never written",
                    ),
                );
            }
        }
        if let Some(c) = columns.pool {
            if let Some(ExtraValue::Text(text)) = player.extra.get(c) {
                let dated = PoolEntry::parse_all(text).and_then(|pool| match pool.iter().find(|e| e.date > period.config.end) {
                    Some(late) => Err(format!(
                        "the entry dated {} is after the period's end ({}): an entry is dated by the first pooled event of its period",
                        late.date, period.config.end
                    )),
                    None => Ok(()),
                });
                if let Err(why) = dated {
                    findings.push(
                        Diagnostic::error(
                            Code::BadValue,
                            at(p, c),
                            format!("player {}: {POOL_COLUMN}: {why}", player.id),
                        )
                        .with_hint(format!(
                            "the Pool column is written by ratebook: copy it from the last period's output/{}",
                            crate::output_folder::names::PLAYERS
                        )),
                    );
                }
            }
        }
    }
    findings
}

/// FIDE's starting state for a player file written under another rule set:
/// ratings whole, those under 1400 unrated, no provisional rating, and each
/// rated player's K from his games, birth date and rating (10 from 2400) on
/// the period's first day; an unrated player starts with an empty pool.
pub(super) fn adopt(mut file: PlayerFile, config: &PeriodConfig) -> PlayerFile {
    let (names, at) = with_columns(&file.extra_columns, &[K_COLUMN, POOL_COLUMN]);
    for p in &mut file.players {
        p.extra.resize(names.len(), ExtraValue::Empty);
        let given_k =
            extra_number(p.extra.get(at[0])).ok().flatten().map(|k| k as u32).filter(|k| K_VALUES.contains(k));
        match p.published_rating().map(|r| round_half_away(r) as f64) {
            Some(r) if r >= FLOOR => {
                p.rating = Some(r);
                p.status = Status::Confirmed;
                let k = given_k.unwrap_or_else(|| k_for(r, p.games, p.birth_date, false, config.start).0);
                p.extra[at[0]] = ExtraValue::Number(k as f64);
            }
            Some(_) => {
                p.rating = None;
                p.status = Status::Unrated;
                p.extra[at[0]] = ExtraValue::Empty;
            }
            None => p.extra[at[0]] = ExtraValue::Empty,
        }
    }
    file.extra_columns = names;
    file
}
