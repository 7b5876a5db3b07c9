//! What a sample data folder needs beyond the ACF one for another rule set
//! (`generate --system`): `period.toml` naming the system, ratings on its
//! scale, the player file's columns of its own and the files beside the
//! reports. Drawn from a generator of its own (seeded from the options), so
//! the reports are the same for every system and the sample can be switched
//! from one system to another by editing `system` in `period.toml`.

use chrono::{Datelike, NaiveDate};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{date, day_between, normal};
use crate::config::PeriodConfig;
use crate::model::system::SystemName;
use crate::model::{ExtraValue, Player, PlayerFile, Status};
use crate::rate::{cis, ecf};

/// How many months before the ACF's period (April to July, published on 1
/// August) the federation's falls: NZCF's 1 July list covers March to June,
/// the ECF's season ends on 31 May. The reports are drawn as for ACF and
/// moved this much earlier.
pub(super) fn months_earlier(system: SystemName) -> u32 {
    match system {
        SystemName::Nzcf => 1,
        SystemName::Ecf => 2,
        _ => 0,
    }
}

/// period.toml of the first period of a sample for `system`: the
/// federation's name, its list's dates and its junior lists' ages.
pub(crate) fn sample_config(system: SystemName) -> PeriodConfig {
    let mut config = PeriodConfig::example(system);
    config.states = super::regions(system).iter().map(|(code, name, _)| (code.to_string(), name.to_string())).collect();
    match system {
        SystemName::Nzcf => {
            // Lists on 1 March, 1 July and 1 November, each of the four months before.
            config.federation = "New Zealand Chess Federation".into();
            config.period = "July 1993".into();
            config.published = date(1993, 7, 1);
            config.start = date(1993, 3, 1);
            config.end = date(1993, 6, 30);
        }
        SystemName::Ecf => {
            // One grading list a season (1 June to 31 May), published in August;
            // juniors by age on 1 September, as the junior bonus takes it.
            // The British Chess Federation graded English chess until it
            // took the ECF's name in 2005; its unions are the sample's regions.
            config.federation = "British Chess Federation".into();
            config.start = date(1992, 6, 1);
            config.end = date(1993, 5, 31);
            config.age_date = date(1992, 9, 1);
            config.lists.juniors = vec![18, 15, 11];
        }
        SystemName::Cis => {
            // Pupils: the junior lists go down to primary school ages.
            config.federation = "Chess in Schools".into();
            config.lists.juniors = vec![14, 12, 10];
            // Its one setting written out: the day a school year starts.
            let mut table = toml::Table::new();
            table.insert(crate::rate::cis::policy::SCHOOL_YEAR_START.into(), toml::Value::String("09-01".into()));
            config.rules = crate::config::RuleSettings::new(table);
        }
        SystemName::Fide => {
            // A national federation rating with FIDE's Elo: FIDE's junior ages.
            config.federation = "National Chess Federation".into();
            config.lists.juniors = vec![20, 18, 16, 14];
        }
        SystemName::Glicko2 => {
            // The Australian federation's Glicko-2, its settings written out.
            let settings = crate::rate::glicko2::Settings::default();
            let mut table = toml::Table::new();
            table.insert("tau".into(), toml::Value::Float(settings.tau));
            table.insert("initial_rating".into(), toml::Value::Float(settings.initial_rating));
            table.insert("initial_rd".into(), toml::Value::Float(settings.initial_rd));
            table.insert("initial_volatility".into(), toml::Value::Float(settings.initial_volatility));
            table.insert("provisional_rd".into(), toml::Value::Float(settings.provisional_rd));
            config.rules = crate::config::RuleSettings::new(table);
        }
        _ => {}
    }
    config
}

/// A rating on the ACF's scale on FIDE's: FIDE's adjustment of 1 March 2024
/// (R + 0.4 × (2000 − R) from 1000 to 2000), whole.
pub(super) fn fide_rating(rating: f64) -> f64 {
    let raised = if (1000.0..2000.0).contains(&rating) { rating + 0.4 * (2000.0 - rating) } else { rating };
    raised.round()
}

/// Added to the seed for this module's generator.
const SEED_OFFSET: u64 = 0x5359_5354;

/// The period being generated (as in `PeriodConfig::example`).
const START: (i32, u32, u32) = (1993, 4, 1);
const END: (i32, u32, u32) = (1993, 7, 31);

/// ECF grade for a rating on the Elo scale: (rating − 600) / 8, whole, at least 0.
pub(super) fn ecf_grade(rating: f64) -> f64 {
    ((rating - 600.0) / 8.0).round().max(0.0)
}

/// CIS rating for a rating on the ACF scale: 600 at 800, a quarter of each point above, at least 400.
pub(super) fn cis_rating(rating: f64) -> f64 {
    (600.0 + (rating - 800.0) / 4.0).round().max(400.0)
}

/// Files written beside the reports, as (file name, sheet rows of ID and date).
pub(super) struct SideFiles {
    pub dated: Vec<(&'static str, Vec<(u32, NaiveDate)>)>,
}

/// Rewrites the player file for `system` and draws the files beside it.
pub(super) fn adapt(system: SystemName, file: &mut PlayerFile, seed: u64) -> SideFiles {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(SEED_OFFSET));
    match system {
        SystemName::Ecf => {
            file.extra_columns.extend(ecf::SEASON_COLUMNS.iter().map(|c| c.to_string()));
            for p in &mut file.players {
                no_provisional(p);
                p.rating = p.rating.map(ecf_grade);
                p.opp_avg = p.opp_avg.map(ecf_grade);
                let seasons = ecf_seasons(&mut rng, p);
                p.extra.extend(seasons);
            }
            SideFiles { dated: Vec::new() }
        }
        SystemName::Cis => {
            file.extra_columns.push(cis::JOINED_COLUMN.to_string());
            let mut side = CisSide::new(0);
            for p in &mut file.players {
                no_provisional(p);
                p.rating = p.rating.map(cis_rating);
                p.opp_avg = p.opp_avg.map(cis_rating);
                let joined = p.status.is_rated().then(|| day_between(&mut rng, date(1990, 9, 1), date(1993, 3, 31)));
                p.extra.push(joined.map_or(ExtraValue::Empty, ExtraValue::Date));
                side.draw(&mut rng, p, joined);
            }
            side.finish()
        }
        // FIDE's scale, then FIDE's state (K; under 1400 unrated).
        SystemName::Fide => {
            for p in &mut file.players {
                p.rating = p.rating.map(fide_rating);
                p.opp_avg = p.opp_avg.map(fide_rating);
            }
            *file = crate::rate::rule_set(SystemName::Fide).adopt(std::mem::take(file), &sample_config(system));
            SideFiles { dated: Vec::new() }
        }
        // The ACF's scale, with each rated player's RD and volatility.
        SystemName::Glicko2 => {
            *file = crate::rate::rule_set(SystemName::Glicko2).adopt(std::mem::take(file), &sample_config(system));
            SideFiles { dated: Vec::new() }
        }
        // The ACF's scale and nothing beside the reports (acf, nzcf, and any
        // rule set added without a sample of its own).
        _ => SideFiles { dated: Vec::new() },
    }
}

/// The files beside the reports of a period `years` after the first, for a
/// player file that is already on `system`'s scale (the one the period before
/// published). Drawn from this module's generator for `seed`.
pub(super) fn later(system: SystemName, file: &PlayerFile, seed: u64, years: u32) -> SideFiles {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(SEED_OFFSET));
    match system {
        SystemName::Cis => {
            let column = file.extra_columns.iter().position(|c| c == cis::JOINED_COLUMN);
            let mut side = CisSide::new(years);
            for p in &file.players {
                let joined = column.and_then(|c| match p.extra.get(c) {
                    Some(ExtraValue::Date(d)) => Some(*d),
                    _ => None,
                });
                side.draw(&mut rng, p, joined);
            }
            side.finish()
        }
        _ => SideFiles { dated: Vec::new() },
    }
}

/// ECF and CIS have no provisional status: a player the ACF sample rates
/// provisionally holds a grade (a CIS rating) like any other.
fn no_provisional(p: &mut Player) {
    if p.status == Status::Provisional {
        p.status = Status::Confirmed;
    }
}

/// A rating on `system`'s scale back on the ACF's (the scale strengths are drawn on).
pub(super) fn acf_scale(system: SystemName, rating: f64) -> f64 {
    match system {
        SystemName::Ecf => rating * 8.0 + 600.0,
        SystemName::Cis => (rating - 600.0) * 4.0 + 800.0,
        SystemName::Fide if rating < 2000.0 => (rating - 800.0) / 0.6,
        _ => rating,
    }
}

/// CIS lessons and membership renewals of one period, drawn player by player.
struct CisSide {
    start: NaiveDate,
    end: NaiveDate,
    lessons: Vec<(u32, NaiveDate)>,
    renewals: Vec<(u32, NaiveDate)>,
}

impl CisSide {
    /// The period `years` after the first.
    fn new(years: u32) -> CisSide {
        let later = |d: NaiveDate| super::years_later(d, years);
        CisSide {
            start: later(date(START.0, START.1, START.2)),
            end: later(date(END.0, END.1, END.2)),
            lessons: Vec::new(),
            renewals: Vec::new(),
        }
    }

    /// A junior's lessons in the period and his renewal, if any; `joined` is
    /// when he joined.
    fn draw(&mut self, rng: &mut ChaCha8Rng, p: &Player, joined: Option<NaiveDate>) {
        let (start, end) = (self.start, self.end);
        let Some(age) = p.birth_date.map(|b| crate::model::dates::age_at(b, start)) else { return };
        if age >= 18 {
            return;
        }
        if rng.random_bool(0.4) {
            let mut month = start;
            while month <= end {
                if rng.random_bool(0.7) {
                    self.lessons.push((p.id, month + chrono::Duration::days(rng.random_range(0..25))));
                    // Now and then a second lesson in the month: no second bonus.
                    if rng.random_bool(0.1) {
                        self.lessons.push((p.id, month + chrono::Duration::days(27)));
                    }
                }
                month = month.checked_add_months(chrono::Months::new(1)).expect("a month later");
            }
        }
        if p.status.is_rated() && rng.random_bool(0.3) {
            // Memberships renew around the anniversary of joining.
            let day = joined.map_or(15, |j| j.day().min(28));
            let month = rng.random_range(START.1..=END.1);
            self.renewals.push((p.id, date(start.year(), month, day)));
            if rng.random_bool(0.05) {
                // A second renewal in the same school year earns nothing.
                self.renewals.push((p.id, date(start.year(), END.1, 30)));
            }
        }
    }

    fn finish(mut self) -> SideFiles {
        self.lessons.sort_by_key(|&(id, d)| (d, id));
        self.renewals.sort_by_key(|&(id, d)| (d, id));
        SideFiles { dated: vec![("lessons.xlsx", self.lessons), ("renewals.xlsx", self.renewals)] }
    }
}

/// Games and points of the two seasons before, for a player with a record.
fn ecf_seasons(rng: &mut ChaCha8Rng, p: &Player) -> Vec<ExtraValue> {
    let Some(grade) = p.rating else { return vec![ExtraValue::Empty; 4] };
    let season = |rng: &mut ChaCha8Rng| {
        if !rng.random_bool(0.75) {
            return [ExtraValue::Empty, ExtraValue::Empty];
        }
        let games = rng.random_range(1..=24u32);
        let points = (games as f64 * (grade + normal(rng, 0.0, 12.0))).round();
        [ExtraValue::Number(games as f64), ExtraValue::Number(points)]
    };
    let prev = season(rng);
    let prev2 = season(rng);
    prev.into_iter().chain(prev2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_move_to_each_systems_scale() {
        assert_eq!(ecf_grade(1800.0), 150.0);
        assert_eq!(ecf_grade(500.0), 0.0);
        assert_eq!(cis_rating(800.0), 600.0);
        assert_eq!(cis_rating(2000.0), 900.0);
        assert_eq!(cis_rating(0.0), 400.0);
        assert_eq!(fide_rating(1600.0), 1760.0);
        assert_eq!(fide_rating(900.0), 900.0);
        assert_eq!(acf_scale(SystemName::Fide, 1760.0), 1600.0);
    }
}
