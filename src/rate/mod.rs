//! Rating: a validated period → new ratings, under one rule set behind the
//! [`RatingSystem`] trait. The pipeline never knows which system runs; each
//! system is the eligibility policy validation asks, computes every player's
//! new state with the trace of how it got there, explains one player's
//! calculation from that trace and supplies its tables.
//!
//! Each rule set is a folder (`acf/`, `nzcf/`, `ecf/`, `cis/`, `fide/`,
//! `glicko2/`): its rules in
//! `mod.rs`, `explain.rs` formatting the trace its `rate` returned into an
//! [`Explanation`], and the source's worked examples in `tests.rs`.
//! They share [`common`], [`games`] and [`tables`], never each other's
//! modules. The list of rule sets is [`with_rule_sets!`](crate::with_rule_sets):
//! it declares the folders and gives [`SystemName::rules`].

pub mod calculator;
pub mod common;
pub mod explanation;
pub mod games;
pub mod lists;
pub mod tables;

use std::any::Any;
use std::fmt::Debug;

use crate::config::{PeriodConfig, RuleSettings};
pub use crate::formats::workbook::OutputTable;
use crate::ingest::extras::SideFile;
use crate::model::system::SystemName;
pub use crate::model::words::{LegendEntry, RulesText, Words};
use crate::model::{Player, PlayerFile};
use crate::rate::tables::SystemTables;
use crate::validate::{EligibilityPolicy, ValidPeriod};
pub use calculator::Calculator;
pub use explanation::Explanation;

/// `system`'s ratings of `period`, as every command rates a period: each
/// player's count of games kept within what the next period's player file
/// may hold ([`crate::validate::players::MAX_GAMES`]; a count there stays
/// there), so that no published file is refused for its count.
pub fn rate_period(system: &dyn RatingSystem, period: &ValidPeriod) -> Ratings {
    let mut ratings = system.rate(period);
    for player in &mut ratings.players {
        player.games = player.games.min(crate::validate::players::MAX_GAMES);
    }
    ratings
}

/// The lists print ratings rounded as the rule sets round them.
pub use common::round_half_up;

/// Declares each rule set's folder and maps its name to it. (`cargo fmt`
/// does not follow modules a macro declares: `rustfmt --edition 2021
/// src/rate/*/mod.rs` formats the folders.)
macro_rules! rule_sets {
    ($($name:ident => $ty:ident: $title:literal,)*) => {
        $(pub mod $name;)*

        /// The rule set of this name: the one place a name in `period.toml`,
        /// the record or on the command line becomes a rule set (the
        /// period's own is [`configured`]).
        pub fn rule_set(name: SystemName) -> &'static dyn RatingSystem {
            match name {
                $(SystemName::$ty => &$name::$ty,)*
            }
        }
    };
}

crate::with_rule_sets!(rule_sets);

/// The rule set a period is rated under, as its configuration names it.
pub fn configured(config: &PeriodConfig) -> &'static dyn RatingSystem {
    rule_set(config.system)
}

/// Validates a period's settings once, when its configuration is read:
/// `[rules]` by the period's rule set and each `[rating_lists.NAME.rules]`
/// by its list's ([`RatingSystem::validate_settings`]). The configuration
/// then carries their typed settings and the findings about them, as does
/// every copy made of it (a rating list's, the next period's); settings
/// the same rule set validated already are kept. Gives the period's rule
/// set ([`configured`]).
pub fn configure(config: &mut PeriodConfig) -> &'static dyn RatingSystem {
    let system = configured(config);
    if !config.rules.is_validated(config.system) {
        system.validate_settings(&mut config.rules);
    }
    for list in &mut config.rating_lists {
        if !list.rules.is_validated(list.system) {
            rule_set(list.system).validate_settings(&mut list.rules);
        }
    }
    system
}

/// One row of the Calculations sheet: a player's calculation in one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Calculation {
    pub player_id: u32,
    pub event: String,
    /// 1 for partially-rated players (performance rating), 2 for established players.
    pub stage: u8,
    /// Games that counted.
    pub games: u32,
    pub score: f64,
    /// Average (clamped) rating of the opponents in those games.
    pub opp_avg: f64,
    /// Expected score (stage 2).
    pub expected: Option<f64>,
    /// Bonus points (stage 2).
    pub bonus: Option<f64>,
    /// Rating change from this event (stage 2).
    pub change: Option<f64>,
}

impl Calculation {
    /// A performance-rating row (stage 1): what counted in one event.
    pub fn performance(player_id: u32, event: &str, part: &common::EventPart) -> Calculation {
        Calculation {
            player_id,
            event: event.to_string(),
            stage: 1,
            games: part.games,
            score: part.score,
            opp_avg: part.opp_sum / part.games as f64,
            expected: None,
            bonus: None,
            change: None,
        }
    }
}

/// What a rule set's `rate` worked out for one player, kept so that
/// `explain` (and later the site and the record) reads it instead of working
/// it out again. Each rule set has its own type, which it reads back with
/// [`Ratings::trace`].
pub trait Trace: Any + Debug + Send + Sync {}

impl<T: Any + Debug + Send + Sync> Trace for T {}

/// The expected score of the player at one position of a player file
/// against the player at another ([`RatingSystem::predictor`]).
pub type Predictor<'a> = Box<dyn Fn(usize, usize) -> Option<f64> + Send + Sync + 'a>;

/// The result of rating a period.
#[derive(Debug)]
pub struct Ratings {
    /// Every player's record after the period, aligned with the period's player file.
    pub players: Vec<Player>,
    /// Whether the maintenance rule removes the player from the file.
    pub removed: Vec<bool>,
    /// One row per player per event that counted.
    pub calculations: Vec<Calculation>,
    /// Each player's trace, aligned with `players`; `None` for a player with
    /// nothing to explain beyond his status.
    pub traces: Vec<Option<Box<dyn Trace>>>,
    /// The names of the players' `extra` values in the new player file, when
    /// the rule set adds columns of its own (ECF's seasons, CIS's `Joined`);
    /// `None` keeps the old file's columns.
    pub extra_columns: Option<Vec<String>>,
    /// Workbooks the rule set publishes beside the standard outputs (a
    /// carried side file among them).
    pub outputs: Vec<OutputTable>,
    /// Wall time of the rule set's stages (e.g. `stage1`, `stage2`), for `--timings`.
    pub stage_times: Vec<(&'static str, std::time::Duration)>,
}

impl Ratings {
    /// Games that counted this period, by player position: the
    /// calculations summed by player.
    pub fn games_this_period(&self) -> Vec<u32> {
        let mut games: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        for c in &self.calculations {
            *games.entry(c.player_id).or_default() += c.games;
        }
        self.players.iter().map(|p| games.get(&p.id).copied().unwrap_or(0)).collect()
    }

    /// Player `p`'s trace as the rule set's type `T` (`None` when `rate` kept none).
    pub fn trace<T: Trace>(&self, p: usize) -> Option<&T> {
        let trace: &dyn Any = self.traces.get(p)?.as_deref()?;
        trace.downcast_ref()
    }
}

/// A rule set: the eligibility policy validation asks (time controls, event
/// and game rules, input checks), then the rating itself.
pub trait RatingSystem: EligibilityPolicy {
    /// The rule set's name, as in `period.toml`.
    fn name(&self) -> SystemName;
    /// The name as text, e.g. "acf" (the booklet's data carries it).
    fn id(&self) -> &'static str {
        self.name().as_str()
    }
    /// The files beside the reports this rule set reads, and which of them
    /// `next` carries from the output folder (none by default).
    fn inputs(&self) -> &'static [SideFile] {
        &[]
    }
    /// Validates its settings (period.toml's `[rules]`, or a rating list's),
    /// once per configuration ([`configure`]): keeps in `rules` its typed
    /// settings and the findings about them, each at its line
    /// ([`RuleSettings::validate`]), which its rating, adoption, calculator
    /// and check read from then on. By default the rule set has no settings
    /// and every key is unknown ([`EligibilityPolicy::check_settings`]).
    fn validate_settings(&self, rules: &mut RuleSettings) {
        let findings = self.check_settings(rules);
        rules.validate(self.name(), (), findings);
    }
    /// New ratings for every player of the period, each with his trace.
    fn rate(&self, period: &ValidPeriod) -> Ratings;
    /// The calculation of player `p` (his index in the period's players),
    /// step by step, from the trace `rate` returned.
    fn explain(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation;
    /// The rating as lists print it (`1572`, `1111p`, `2R`, `Unr`); empty for
    /// players who are not listed.
    fn printed(&self, player: &Player) -> String;
    /// Player `p`'s rating as his opponents' calculations counted it this
    /// period, as the lists print it (the site's game lists show it). By
    /// default his rating at the start of the period.
    fn counted_rating(&self, period: &ValidPeriod, ratings: &Ratings, p: usize) -> String {
        let _ = ratings;
        self.printed(&period.players.players[p])
    }
    /// The score `player` is expected to make against `opponent` (0 to 1,
    /// a draw counting half) from both players' states at the start of the
    /// period, as this rule set predicts a game: what `compare` scores each
    /// system by. `None` where the rule set predicts nothing for the pair
    /// (either side without a published rating).
    fn expected_score(&self, player: &Player, opponent: &Player) -> Option<f64> {
        let _ = (player, opponent);
        None
    }
    /// How this rule set predicts the games between the players of
    /// `players` (a player file at the start of a period): the expected
    /// score of player `a` against player `b`, by their positions in the
    /// file, as [`expected_score`](RatingSystem::expected_score) gives it.
    /// A rule set whose prediction reads its own columns (Glicko-2's RD)
    /// finds them here, once per file. Call this, not `expected_score`.
    fn predictor<'a>(&'a self, players: &'a PlayerFile) -> Predictor<'a> {
        Box::new(move |a, b| self.expected_score(&players.players[a], &players.players[b]))
    }
    /// The player file's columns this rule set keeps its players' state in
    /// beyond the common ones (ECF's seasons, CIS's `Joined`, FIDE's `K`,
    /// Glicko-2's `RD` and `Volatility`): a file with another rule set's
    /// columns and without this one's was written under another rule set.
    fn state_columns(&self) -> &'static [&'static str] {
        &[]
    }
    /// The lowest rating it publishes (FIDE's 1400; the floor Glicko-2,
    /// CIS and the ECF keep a rating at), when it has one: `compare` and a
    /// switch name it as the reason a player moves.
    fn floor(&self) -> Option<f64> {
        None
    }
    /// Its scale against the Elo scale most rule sets share (the ECF's
    /// grades: Elo = 7.5 × grade + 700): a first state made from a list of
    /// another scale takes the ratings through it.
    fn scale(&self) -> crate::switch::Scale {
        crate::switch::Scale::ELO
    }
    /// This rule set's starting state for a player file written under
    /// another rule set (its ratings on a comparable scale, its own state
    /// columns): what `compare` and a switch of systems start from. Every
    /// player keeps his rating, games and details; the rule set adds its
    /// own columns and fills them from his record (Glicko-2: an RD and a
    /// volatility; FIDE: K from his games, birth date and rating, whole
    /// ratings, the 1400 floor). The other rule set's columns are carried
    /// unchanged. The four rule sets of 1993 keep the file as it is.
    fn adopt(&self, players: PlayerFile, config: &PeriodConfig) -> PlayerFile {
        let _ = config;
        players
    }
    /// Each player's rating deviation after the period, aligned with
    /// `ratings.players`, for a rule set whose ratings have one (Glicko-2's
    /// RD): the top lists print it beside the rating. `None` by default.
    fn deviations(&self, ratings: &Ratings) -> Option<Vec<Option<f64>>> {
        let _ = ratings;
        None
    }
    /// Whether a newcomer to a list of `play` (its rates of play) that this
    /// rule set rates starts from his rating on the federation's standard
    /// list when he has one, unless the list's `start_from` says otherwise
    /// ([`lists::start_from`]): FIDE's rapid and blitz regulations (7.2.1)
    /// say so. No by default.
    fn starts_from_standard(&self, play: &[crate::model::rate_of_play::RateOfPlay]) -> bool {
        let _ = play;
        false
    }
    /// The tables the booklet prints.
    fn tables(&self) -> SystemTables;
    /// The words its outputs print (its number's name, its statuses, its
    /// histogram band).
    fn words(&self) -> Words;
    /// Its rules in one text, with its legend: the booklet's rules section
    /// and the site's `rules.html` print it.
    fn rules_text(&self) -> RulesText;
    /// Its part of the site's what-if calculator (its script, its tables
    /// and settings, what it leaves out), for games of the period `next`.
    fn calculator(&self, next: &PeriodConfig) -> Calculator;
    /// The state the calculator starts a player from in the period `next`:
    /// his record after this period (the new player file's line, `columns`
    /// its extra columns), with no more of his birth date than `next.birth`
    /// lets a page show.
    fn calculator_state(&self, player: &Player, columns: &[String], next: &PeriodConfig) -> serde_json::Value;
}

/// Player `p`'s calculation as `explain` prints it and his page shows it:
/// the rule set's explanation, and, in a period that changes the rule set,
/// what the change did to him, said apart from what his games did.
pub fn explain(system: &dyn RatingSystem, period: &ValidPeriod, ratings: &Ratings, p: usize) -> Explanation {
    let mut explanation = system.explain(period, ratings, p);
    if let Some(note) = switch_note(system, period, p) {
        let at = explanation.lines.iter().position(|l| l.kind != explanation::LineKind::Heading).unwrap_or(0);
        let mut said = Explanation::default();
        said.text(0, note);
        said.blank();
        explanation.lines.splice(at..at, said.lines);
    }
    explanation
}

/// What the change of rule set did to player `p` of a period that changes
/// it: his published rating on the last list and at the start of this
/// period, the difference said to come from the switch, not his games.
fn switch_note(system: &dyn RatingSystem, period: &ValidPeriod, p: usize) -> Option<String> {
    let switched = period.switched.as_ref()?;
    let start = &period.players.players[p];
    let before = switched.before.get(&start.id).copied().flatten();
    let now = start.published_rating();
    let from = switched.from.map(|f| format!(" from {f}")).unwrap_or_default();
    let changed = format!("The rating system changed with this list{from} to {}", switched.to);
    Some(match (before, now) {
        (Some(b), Some(n)) => {
            let moved = round_half_up(n) - round_half_up(b);
            format!(
                "{changed}: the last list printed {}; he starts this period at {} under the new rules, {} that comes from the change of system, not from his games (not counted in his change, nor among the improvers).",
                round_half_up(b),
                system.printed(start),
                if moved == 0 { "no difference".to_string() } else { format!("{moved:+}") }
            )
        }
        (Some(b), None) => format!(
            "{changed}: the last list printed {}; the new rules publish no rating for him at the start of this period.",
            round_half_up(b)
        ),
        (None, Some(_)) => format!(
            "{changed}: the last list published no rating for him; the new rules start him at {} (a first rating from the change of system, not from this period's games).",
            system.printed(start)
        ),
        (None, None) => return None,
    })
}

/// The rule sets' part of the booklet (served as `system.typ`): the legend
/// and the rules section, from [`RatingSystem::rules`] in the booklet's data.
pub const BOOKLET_PART: &str = include_str!("booklet.typ");

/// The new player file and the players the maintenance rule removes.
pub fn split_player_file(
    period: &crate::validate::ValidPeriod,
    ratings: &Ratings,
) -> (crate::model::PlayerFile, crate::model::PlayerFile) {
    let mut kept = crate::model::PlayerFile {
        players: Vec::new(),
        extra_columns: period.players.extra_columns.clone(),
        origin: None,
        lists: period.players.lists.clone(),
    };
    let mut removed = kept.clone();
    for (p, gone) in ratings.players.iter().zip(&ratings.removed) {
        if *gone {
            removed.players.push(p.clone());
        } else {
            kept.players.push(p.clone());
        }
    }
    (kept, removed)
}
