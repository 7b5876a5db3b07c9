//! `[rating_lists.NAME]`: the rating lists a federation keeps (standard,
//! rapid, blitz …), each declared once with its rule set (`system`), its
//! own settings (`[rating_lists.NAME.rules]`), the rates of play it takes
//! (`play`), where its rates of play begin and end when not FIDE's
//! (`minutes`), and whether a newcomer to it starts from his rating on
//! another list (`start_from`). Every mistake is named at its line. A
//! folder without the table keeps one list, as before, from `system` and
//! `[rules]`. (`[lists]` is another thing: the sizes of the booklet's top
//! lists, which every rating list prints.)

use super::rules::RuleSettings;
use crate::model::rate_of_play::{lower_words, upper_words, RateBoundaries, RateOfPlay};
use crate::model::system::SystemName;

/// The keys of a `[rating_lists.NAME]` table.
const KEYS: [&str; 5] = ["system", "play", "minutes", "start_from", "rules"];

/// One rating list, as `[rating_lists.NAME]` declares it.
#[derive(Debug, Clone)]
pub struct RatingList {
    /// The table's name (`rapid`): the list's columns in the player file
    /// start with it (`Rapid rating`).
    pub name: String,
    pub system: SystemName,
    /// `[rating_lists.NAME.rules]`: the rule set's settings for this list.
    pub rules: RuleSettings,
    /// The rates of play it takes, slowest first, next to each other.
    pub play: Vec<RateOfPlay>,
    /// `minutes`: where its rates of play begin and end, when it moves FIDE's.
    pub minutes: Minutes,
    /// `start_from`: as written (`None`: the rule set's own rule, see
    /// [`StartFrom`]).
    pub start_from: Option<StartFrom>,
    /// The line of its heading (0 for a list built in memory).
    pub line: u32,
}

/// Two lists are the same when they say the same, wherever they stand.
impl PartialEq for RatingList {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, self.system, &self.rules, &self.play, self.minutes, &self.start_from)
            == (&other.name, other.system, &other.rules, &other.play, other.minutes, &other.start_from)
    }
}

impl RatingList {
    /// A list named `name` under `system`, taking `play`, FIDE's boundaries, no settings.
    pub fn new(name: &str, system: SystemName, play: &[RateOfPlay]) -> RatingList {
        RatingList {
            name: name.to_string(),
            system,
            rules: RuleSettings::default(),
            play: play.to_vec(),
            minutes: Minutes::default(),
            start_from: None,
            line: 0,
        }
    }

    /// The slowest and the fastest rate of play it takes.
    fn ends(&self) -> (RateOfPlay, RateOfPlay) {
        (self.play[0], *self.play.last().expect("a list takes a rate of play"))
    }
}

/// Where a newcomer to a list starts (`start_from`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartFrom {
    /// From his rating on the list of this name, when he is rated there.
    List(String),
    /// New, whatever the rule set would do (`start_from = "none"`).
    Nobody,
}

/// A list's `minutes`: the bounds of its rates of play that it moves, in
/// seconds for 60 moves, with the word it was given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Minutes {
    pub lower: Option<Bound>,
    pub upper: Option<Bound>,
}

/// A bound of a list's time for 60 moves, in whole seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    AtLeast(u64),
    MoreThan(u64),
    LessThan(u64),
    AtMost(u64),
}

impl Bound {
    /// The key `minutes` writes it under.
    pub fn key(self) -> &'static str {
        match self {
            Bound::AtLeast(_) => "at_least",
            Bound::MoreThan(_) => "more_than",
            Bound::LessThan(_) => "less_than",
            Bound::AtMost(_) => "at_most",
        }
    }

    fn seconds(self) -> u64 {
        match self {
            Bound::AtLeast(s) | Bound::MoreThan(s) | Bound::LessThan(s) | Bound::AtMost(s) => s,
        }
    }

    /// The boundary it sets: the first second of the slower side.
    pub fn cut(self) -> u64 {
        match self {
            Bound::AtLeast(s) | Bound::LessThan(s) => s,
            Bound::MoreThan(s) | Bound::AtMost(s) => s + 1,
        }
    }

    /// The minutes as `period.toml` writes them: `10`, `7.5`.
    pub fn minutes(self) -> toml::Value {
        let s = self.seconds();
        if s.is_multiple_of(60) {
            toml::Value::Integer((s / 60) as i64)
        } else {
            toml::Value::Float(s as f64 / 60.0)
        }
    }
}

impl super::PeriodConfig {
    /// The position in `rating_lists` of the main list (the one whose
    /// columns in the player file are `Rating`, `Status` …: the list that
    /// takes standard play, else the first); `None` without lists.
    pub fn main_list(&self) -> Option<usize> {
        main_index(&self.rating_lists)
    }

    /// The configuration list `k` is rated with: its rule set, its settings
    /// and its rates of play in place of the main list's.
    pub fn for_list(&self, k: usize) -> super::PeriodConfig {
        let list = &self.rating_lists[k];
        super::PeriodConfig { system: list.system, rules: list.rules.clone(), play: list.play.clone(), ..self.clone() }
    }

    /// The names of the rating lists beside the main one, whose columns in
    /// the player file carry their names (`Rapid rating`); none for a
    /// folder that keeps one list.
    pub fn other_lists(&self) -> Vec<String> {
        let main = self.main_list();
        self.rating_lists.iter().enumerate().filter(|(k, _)| Some(*k) != main).map(|(_, l)| l.name.clone()).collect()
    }

    /// Whether the list this configuration rates takes standard play (a
    /// folder with one list does).
    pub fn rates_standard_play(&self) -> bool {
        self.play.is_empty() || self.play.contains(&RateOfPlay::Standard)
    }
}

/// The main list among `lists`: the one that takes standard play, else the first.
fn main_index(lists: &[RatingList]) -> Option<usize> {
    lists.iter().position(|l| l.play.contains(&RateOfPlay::Standard)).or((!lists.is_empty()).then_some(0))
}

/// The main list among `lists` ([`main_index`]).
pub(super) fn main(lists: &[RatingList]) -> Option<&RatingList> {
    main_index(lists).map(|k| &lists[k])
}

/// Reads a declared `[rating_lists]` ([`read`]) and refuses the top-level
/// settings that each list now holds itself (`given`: whether `system`,
/// `[rules]` and `[switch]` stand at the top); also the main list's rates
/// of play, which the configuration as read rates.
pub(super) fn declared(
    value: &toml::Value,
    text: &str,
    given: [(&str, bool); 3],
    errors: &mut Vec<String>,
) -> (Vec<RatingList>, RateBoundaries, Vec<RateOfPlay>) {
    for (key, _) in given.iter().filter(|(_, given)| *given) {
        let at = super::keys::line_of(text, key).map(|n| format!("line {n}: ")).unwrap_or_default();
        errors.push(format!(
            "{at}`{key}` stands at the top of period.toml and [rating_lists] declares the lists: each list has its own (`system` and [rating_lists.NAME.rules]; a switch per list is not built yet): remove the top-level `{key}`"
        ));
    }
    let (lists, boundaries) = read(value, text, errors);
    let play = main(&lists).map(|l| l.play.clone()).unwrap_or_default();
    (lists, boundaries, play)
}

/// Reads `[rating_lists]` (the whole table, `value`) from `text`: the
/// lists, in the file's order, and the boundaries of the rates of play
/// they set. Each mistake goes to `errors`, at its line.
pub(super) fn read(value: &toml::Value, text: &str, errors: &mut Vec<String>) -> (Vec<RatingList>, RateBoundaries) {
    let lines = Lines::of(text);
    let Some(table) = value.as_table() else {
        errors.push(format!(
            "{}`rating_lists` must be tables, one a list: [rating_lists.standard], [rating_lists.rapid] …",
            lines.at(&["rating_lists"])
        ));
        return (Vec::new(), RateBoundaries::FIDE);
    };
    if table.is_empty() {
        errors.push(format!(
            "{}[rating_lists] names no list: declare each as [rating_lists.NAME] with its system, or remove the table to keep one list",
            lines.at(&["rating_lists"])
        ));
    }
    let mut lists: Vec<RatingList> = Vec::new();
    for (name, value) in table {
        if let Some(list) = read_list(name, value, &lines, errors) {
            lists.push(list);
        }
    }
    for (k, list) in lists.iter().enumerate() {
        if let Some(first) = lists[..k].iter().find(|l| l.name.eq_ignore_ascii_case(&list.name)) {
            errors.push(format!(
                "{}[rating_lists.{}] and [rating_lists.{}] (line {}) are one name to the player file, whose columns start with it regardless of case: rename one",
                lines.at(&["rating_lists", &list.name]),
                list.name,
                first.name,
                first.line
            ));
        }
    }
    let names: Vec<&str> = lists.iter().map(|l| l.name.as_str()).collect();
    for list in &lists {
        if let Some(StartFrom::List(from)) = &list.start_from {
            let at = lines.at(&["rating_lists", &list.name, "start_from"]);
            if from == &list.name {
                errors.push(format!("{at}[rating_lists.{from}] starts from itself: name another list, or \"none\""));
            } else if !names.contains(&from.as_str()) {
                errors.push(format!(
                    "{at}[rating_lists.{}] start_from = \"{from}\" names no list: the lists are {}, or \"none\"",
                    list.name,
                    names.join(", ")
                ));
            }
        }
    }
    claimed_once(&lists, &lines, errors);
    let boundaries = boundaries(&lists, &lines, errors);
    (lists, boundaries)
}

/// One `[rating_lists.NAME]` table (`None` when it cannot be read at all).
fn read_list(name: &str, value: &toml::Value, lines: &Lines, errors: &mut Vec<String>) -> Option<RatingList> {
    let at = |key: Option<&str>| match key {
        Some(key) => lines.at(&["rating_lists", name, key]),
        None => lines.at(&["rating_lists", name]),
    };
    let shown = crate::diag::escape_controls(name);
    let mut chars = name.chars();
    let simple =
        chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !simple {
        errors.push(format!(
            "{}[rating_lists] \"{shown}\": a list's name is letters, digits and _ (such as rapid or quick_play): its columns in the player file start with it",
            at(None)
        ));
        return None;
    }
    let Some(table) = value.as_table() else {
        errors.push(format!(
            "{}`rating_lists.{name}` must be a table: [rating_lists.{name}] with system = \"…\" under it",
            at(None)
        ));
        return None;
    };
    for key in table.keys().filter(|k| !KEYS.contains(&k.as_str())) {
        errors.push(format!(
            "{}[rating_lists.{name}] has an unknown setting `{}`: the settings are {}",
            at(Some(key)),
            crate::diag::escape_controls(key),
            KEYS.join(", ")
        ));
    }
    let system = match table.get("system") {
        None => {
            errors.push(format!(
                "{}[rating_lists.{name}] names no rule set: add system = \"…\" ({})",
                at(None),
                SystemName::listed()
            ));
            None
        }
        Some(value) => {
            let named = value.as_str().and_then(SystemName::parse);
            if named.is_none() {
                errors.push(format!(
                    "{}[rating_lists.{name}] system = {value}: use {}",
                    at(Some("system")),
                    SystemName::listed()
                ));
            }
            named
        }
    };
    let play = read_play(name, table.get("play"), &at(Some("play")), &at(None), errors);
    let minutes = match (table.get("minutes"), &play) {
        (Some(value), Some(play)) => read_minutes(name, value, play, lines, errors),
        _ => Minutes::default(),
    };
    let start_from = match table.get("start_from") {
        None => None,
        Some(toml::Value::String(s)) if s.trim() == "none" => Some(StartFrom::Nobody),
        Some(toml::Value::String(s)) => Some(StartFrom::List(s.trim().to_string())),
        Some(other) => {
            errors.push(format!(
                "{}[rating_lists.{name}] start_from = {other}: name a list in quotes (\"standard\"), or \"none\"",
                at(Some("start_from"))
            ));
            None
        }
    };
    let rules = match table.get("rules") {
        None => RuleSettings::default(),
        Some(toml::Value::Table(rules)) => {
            let mut settings = RuleSettings::new(rules.clone());
            settings.lines = rules
                .keys()
                .map(|k| (k.clone(), lines.line(&["rating_lists", name, "rules", k]).unwrap_or(0)))
                .collect();
            settings
        }
        Some(other) => {
            errors.push(format!(
                "{}[rating_lists.{name}] rules = {other}: the rule set's settings are a table, [rating_lists.{name}.rules]",
                at(Some("rules"))
            ));
            RuleSettings::default()
        }
    };
    Some(RatingList {
        name: name.to_string(),
        // (A stand-in when it names none, its error said, so that the checks
        // across the lists still run.)
        system: system.unwrap_or(SystemName::Acf),
        rules,
        play: play?,
        minutes,
        start_from,
        line: lines.line(&["rating_lists", name]).unwrap_or(0),
    })
}

/// `play`: the rates of play a list takes (by default the one it is named
/// after), slowest first, each once and next to each other.
fn read_play(
    name: &str,
    value: Option<&toml::Value>,
    at: &str,
    heading: &str,
    errors: &mut Vec<String>,
) -> Option<Vec<RateOfPlay>> {
    let example = "play = [\"rapid\"] or play = [\"rapid\", \"blitz\"] (standard, rapid, blitz)";
    let Some(value) = value else {
        return match RateOfPlay::parse(name) {
            Some(rate) => Some(vec![rate]),
            None => {
                errors.push(format!("{heading}[rating_lists.{name}] takes no rate of play: add {example}"));
                None
            }
        };
    };
    let words: Option<Vec<&str>> = value.as_array().and_then(|a| a.iter().map(toml::Value::as_str).collect());
    let rates: Option<Vec<RateOfPlay>> = words.as_ref().and_then(|w| w.iter().map(|w| RateOfPlay::parse(w)).collect());
    let Some(mut rates) = rates.filter(|r| !r.is_empty()) else {
        errors.push(format!("{at}[rating_lists.{name}] play = {value}: write {example}"));
        return None;
    };
    rates.sort_by(|a, b| b.cmp(a));
    let before = rates.len();
    rates.dedup();
    if rates.len() != before {
        errors.push(format!("{at}[rating_lists.{name}] play = {value} names a rate of play twice: name each once"));
        return None;
    }
    if rates.windows(2).any(|w| w[0].faster() != Some(w[1])) {
        errors.push(format!(
            "{at}[rating_lists.{name}] play = {value} skips a rate of play: a list takes rates next to each other (standard and rapid, rapid and blitz), since its time controls run from one bound to another"
        ));
        return None;
    }
    Some(rates)
}

/// `minutes = { more_than = 10, less_than = 60 }`: where the list's rates
/// begin (`at_least` or `more_than`) and end (`less_than` or `at_most`).
fn read_minutes(
    name: &str,
    value: &toml::Value,
    play: &[RateOfPlay],
    lines: &Lines,
    errors: &mut Vec<String>,
) -> Minutes {
    let at = |key: &str| lines.at(&["rating_lists", name, "minutes", key]);
    let heading = lines.at(&["rating_lists", name, "minutes"]);
    let Some(table) = value.as_table() else {
        errors.push(format!(
            "{heading}[rating_lists.{name}] minutes = {value}: write minutes = {{ more_than = 10, less_than = 60 }} (a player's minutes for 60 moves)"
        ));
        return Minutes::default();
    };
    let mut minutes = Minutes::default();
    for (key, value) in table {
        let seconds = match value {
            toml::Value::Integer(m) => u64::try_from(*m).ok().filter(|m| *m > 0 && *m <= 100_000).map(|m| m * 60),
            toml::Value::Float(m) if m.is_finite() && *m > 0.0 && *m <= 100_000.0 => {
                let s = m * 60.0;
                ((s - s.round()).abs() < 1e-6).then(|| s.round() as u64)
            }
            _ => None,
        };
        let bound = match key.as_str() {
            "at_least" => seconds.map(Bound::AtLeast),
            "more_than" => seconds.map(Bound::MoreThan),
            "less_than" => seconds.map(Bound::LessThan),
            "at_most" => seconds.map(Bound::AtMost),
            _ => {
                errors.push(format!(
                    "{}[rating_lists.{name}] minutes has an unknown bound `{}`: the bounds are at_least or more_than (where the list begins), less_than or at_most (where it ends)",
                    at(key),
                    crate::diag::escape_controls(key)
                ));
                continue;
            }
        };
        let Some(bound) = bound else {
            errors.push(format!(
                "{}[rating_lists.{name}] minutes.{key} = {value}: a number of minutes above 0, in whole seconds (10, 7.5)",
                at(key)
            ));
            continue;
        };
        let lower = matches!(bound, Bound::AtLeast(_) | Bound::MoreThan(_));
        let slot = if lower { &mut minutes.lower } else { &mut minutes.upper };
        if let Some(other) = slot.replace(bound) {
            errors.push(format!(
                "{}[rating_lists.{name}] minutes gives both {} and {key}: give one",
                at(key),
                other.key()
            ));
        }
        let (slowest, fastest) = (play[0], *play.last().expect("a list takes a rate of play"));
        if lower && fastest == RateOfPlay::Blitz {
            errors.push(format!(
                "{}[rating_lists.{name}] minutes.{key}: the list takes blitz, which begins at no time at all; its rule set says how fast a game it rates",
                at(key)
            ));
        } else if !lower && slowest == RateOfPlay::Standard {
            errors.push(format!(
                "{}[rating_lists.{name}] minutes.{key}: the list takes standard play, which has no end",
                at(key)
            ));
        }
    }
    minutes
}

/// Each rate of play goes to one list.
fn claimed_once(lists: &[RatingList], lines: &Lines, errors: &mut Vec<String>) {
    for rate in RateOfPlay::ALL {
        let claims: Vec<&RatingList> = lists.iter().filter(|l| l.play.contains(&rate)).collect();
        if let [first, second, ..] = claims[..] {
            errors.push(format!(
                "{}{rate} play is taken by both [rating_lists.{}] and [rating_lists.{}] (line {}): each rate of play goes to one list",
                lines.at(&["rating_lists", &second.name]),
                first.name,
                second.name,
                first.line
            ));
        }
    }
}

/// The boundaries of the rates of play: FIDE's, moved where a list's
/// `minutes` moves one. Two lists on either side of one boundary that both
/// set it must agree: otherwise a gap (a time control no list takes) or an
/// overlap (one both take) is an error naming both.
fn boundaries(lists: &[RatingList], lines: &Lines, errors: &mut Vec<String>) -> RateBoundaries {
    let mut cuts = RateBoundaries::FIDE;
    // Each boundary, with the rate of play below it and above it.
    for (below, above) in [(RateOfPlay::Blitz, RateOfPlay::Rapid), (RateOfPlay::Rapid, RateOfPlay::Standard)] {
        let upper = lists.iter().find(|l| l.ends().0 == below).and_then(|l| l.minutes.upper.map(|b| (l, b)));
        let lower = lists.iter().find(|l| l.ends().1 == above).and_then(|l| l.minutes.lower.map(|b| (l, b)));
        let cut = match (upper, lower) {
            (Some((ul, ub)), Some((ll, lb))) if ub.cut() != lb.cut() => {
                let (from, to) = (ub.cut().min(lb.cut()), ub.cut().max(lb.cut()));
                let what = if ub.cut() < lb.cut() { "a gap: no list takes" } else { "an overlap: both lists take" };
                errors.push(format!(
                    "{}[rating_lists.{}] minutes.{} = {} and [rating_lists.{}] minutes.{} = {} (line {}) leave {what} a time for 60 moves of {} and {}: make the two bounds meet",
                    lines.at(&["rating_lists", &ll.name, "minutes", lb.key()]),
                    ll.name,
                    lb.key(),
                    lb.minutes(),
                    ul.name,
                    ub.key(),
                    ub.minutes(),
                    lines.line(&["rating_lists", &ul.name, "minutes", ub.key()]).unwrap_or(0),
                    lower_words(from),
                    upper_words(to)
                ));
                None
            }
            (Some((_, b)), _) | (None, Some((_, b))) => Some(b.cut()),
            (None, None) => None,
        };
        if let Some(cut) = cut {
            match below {
                RateOfPlay::Blitz => cuts.rapid_from = cut,
                _ => cuts.standard_from = cut,
            }
        }
    }
    if cuts.rapid_from > cuts.standard_from
        || (cuts.rapid_from == cuts.standard_from && lists.iter().any(|l| l.play.contains(&RateOfPlay::Rapid)))
    {
        let at = lists
            .iter()
            .find(|l| l.minutes != Minutes::default())
            .map(|l| lines.at(&["rating_lists", &l.name, "minutes"]));
        errors.push(format!(
            "{}the lists' minutes leave rapid play empty ({} and {}): rapid must begin before standard does",
            at.unwrap_or_default(),
            lower_words(cuts.rapid_from),
            upper_words(cuts.standard_from)
        ));
    }
    cuts
}

/// Writes the lists as `period.toml` holds them.
pub(super) fn write(lists: &[RatingList]) -> String {
    let quoted = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut out = String::new();
    for (k, list) in lists.iter().enumerate() {
        let heading = format!("[rating_lists.{}]", list.name);
        let comment = if k == 0 { "# a rating list: its rule set, the rates of play it takes" } else { "" };
        out += &format!("\n{}\n", format!("{heading:<35} {comment}").trim_end());
        out += &format!("system = {}\n", quoted(list.system.as_str()));
        let play: Vec<String> = list.play.iter().map(|r| quoted(r.as_str())).collect();
        out += &format!("play = [{}]\n", play.join(", "));
        let bounds: Vec<String> = [list.minutes.lower, list.minutes.upper]
            .into_iter()
            .flatten()
            .map(|b| format!("{} = {}", b.key(), b.minutes()))
            .collect();
        if !bounds.is_empty() {
            out += &format!("minutes = {{ {} }}\n", bounds.join(", "));
        }
        match &list.start_from {
            Some(StartFrom::List(name)) => out += &format!("start_from = {}\n", quoted(name)),
            Some(StartFrom::Nobody) => out += "start_from = \"none\"\n",
            None => {}
        }
        if !list.rules.table.is_empty() {
            out += &format!("\n[rating_lists.{}.rules]\n{}", list.name, list.rules.to_toml());
        }
    }
    out
}

/// The line of each key of `period.toml` (a dotted path of tables and keys),
/// from its spans as toml_edit reads them.
struct Lines<'a> {
    text: &'a str,
    doc: Option<toml_edit::ImDocument<&'a str>>,
}

impl<'a> Lines<'a> {
    fn of(text: &'a str) -> Lines<'a> {
        Lines { text, doc: toml_edit::ImDocument::parse(text).ok() }
    }

    /// The one-based line of `path` (a table's heading, or a key), or of
    /// the nearest table above it that has one.
    fn line(&self, path: &[&str]) -> Option<u32> {
        let doc = self.doc.as_ref()?;
        let mut item = doc.as_item();
        let mut found = None;
        for key in path {
            let (k, next) = item.as_table_like()?.get_key_value(key)?;
            if let Some(span) = k.span().or_else(|| next.span()) {
                found = Some(span.start);
            }
            item = next;
        }
        found.map(|offset| self.text[..offset].matches('\n').count() as u32 + 1)
    }

    /// "line N: " for `path`, or nothing when it cannot be found.
    fn at(&self, path: &[&str]) -> String {
        self.line(path).map(|n| format!("line {n}: ")).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
