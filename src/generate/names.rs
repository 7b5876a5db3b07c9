//! Names for the synthetic data: people (surnames and first names of the many
//! origins found in Australian chess, some accented, a few very long), clubs
//! and towns of each state, and tournament names. The lists themselves are
//! data, in `names.toml` beside this file.

use rand::seq::IndexedRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use crate::model::Gender;

/// Surnames and first names of one origin.
#[derive(Deserialize)]
struct Origin {
    /// Share of the population, in percent.
    weight: u32,
    /// Share in another federation's sample, by rule set (`ecf`, `nzcf`, `cis`).
    #[serde(default)]
    weights: std::collections::BTreeMap<String, u32>,
    surnames: Vec<String>,
    /// First names; none: the English lists.
    #[serde(default)]
    male: Vec<String>,
    #[serde(default)]
    female: Vec<String>,
    /// Whether women take the feminine form of the surname (Kowalski → Kowalska).
    feminine_surnames: bool,
    /// Chance that a first name is an English one instead.
    anglo_first: f64,
    /// Chance of a second first name from the same list.
    middle: f64,
}

/// What events and clubs of one state are called.
#[derive(Deserialize)]
struct State {
    /// "Victorian" (Open, Championship…).
    adjective: String,
    clubs: Vec<String>,
    towns: Vec<String>,
    opens: Vec<String>,
    /// In the northern hemisphere (England, Washington): summer in July.
    #[serde(default)]
    northern: bool,
}

/// Everything in `names.toml`.
#[derive(Deserialize)]
struct Names {
    anglo_male: Vec<String>,
    anglo_female: Vec<String>,
    /// A few very long names, given to a handful of players.
    long_surnames: Vec<String>,
    long_male: Vec<String>,
    long_female: Vec<String>,
    /// Openings of thematic tournaments.
    themes: Vec<String>,
    /// Short forms of first names, for the reports that spell a name differently.
    nicknames: Vec<(String, String)>,
    origins: Vec<Origin>,
    /// By state code; `*` for a code not listed.
    states: std::collections::BTreeMap<String, State>,
}

/// The lists, read once from the file compiled into the binary.
fn names() -> &'static Names {
    static NAMES: std::sync::OnceLock<Names> = std::sync::OnceLock::new();
    NAMES
        .get_or_init(|| toml::from_str(include_str!("names.toml")).expect("names.toml is valid (a unit test reads it)"))
}

/// One of `list`, or `default` when it is empty.
fn one_of<'a>(rng: &mut ChaCha8Rng, list: &'a [String], default: &'a str) -> &'a str {
    list.choose(rng).map(String::as_str).unwrap_or(default)
}

fn state(code: &str) -> &'static State {
    let states = &names().states;
    states.get(code).or_else(|| states.get("*")).expect("names.toml lists a state \"*\"")
}

/// The short form of the first of `first_names`, when it has one.
pub fn nickname(first_names: &str) -> Option<String> {
    let mut words = first_names.splitn(2, ' ');
    let first = words.next()?;
    let short = &names().nicknames.iter().find(|(full, _)| full == first)?.1;
    Some(match words.next() {
        Some(rest) => format!("{short} {rest}"),
        None => short.to_string(),
    })
}

fn feminine(surname: &str) -> String {
    if let Some(stem) = surname.strip_suffix("ski") {
        format!("{stem}ska")
    } else if let Some(stem) = surname.strip_suffix("ov") {
        format!("{stem}ova")
    } else if let Some(stem) = surname.strip_suffix("ev") {
        format!("{stem}eva")
    } else if let Some(stem) = surname.strip_suffix("in") {
        format!("{stem}ina")
    } else {
        surname.to_string()
    }
}

/// The list a person's first names come from: the origin's own, or English.
fn first_names_list(rng: &mut ChaCha8Rng, origin: &'static Origin, gender: Gender) -> &'static [String] {
    let anglo = rng.random_bool(origin.anglo_first);
    let (male, female) = if anglo || origin.male.is_empty() {
        (&names().anglo_male, &names().anglo_female)
    } else {
        (&origin.male, &origin.female)
    };
    if gender == Gender::Male {
        male
    } else {
        female
    }
}

/// A person's (surname, first names) among the people of `system`'s sample
/// (`ecf`: England's). `long` gives one of the few very long
/// double-barrelled names.
pub fn person(rng: &mut ChaCha8Rng, gender: Gender, long: bool, system: &str) -> (String, String) {
    if long {
        let surname = one_of(rng, &names().long_surnames, "Montgomery-Wolstenholme");
        let list = if gender == Gender::Male { &names().long_male } else { &names().long_female };
        return (surname.to_string(), one_of(rng, list, "Alexandra").to_string());
    }
    let origins = &names().origins;
    let weight = |o: &Origin| o.weights.get(system).copied().unwrap_or(o.weight);
    let total: u32 = origins.iter().map(weight).sum();
    let mut pick = rng.random_range(0..total);
    let origin = origins
        .iter()
        .find(|o| {
            if pick < weight(o) {
                true
            } else {
                pick -= weight(o);
                false
            }
        })
        .unwrap_or(&origins[0]);
    let base = one_of(rng, &origin.surnames, "Smith");
    let surname = if origin.feminine_surnames && gender == Gender::Female { feminine(base) } else { base.to_string() };
    let list = first_names_list(rng, origin, gender);
    let mut first = one_of(rng, list, "Alex").to_string();
    if rng.random_bool(origin.middle) {
        let second = one_of(rng, list, "Alex");
        if second != first {
            first = format!("{first} {second}");
        }
    }
    (surname, first)
}

/// The letters of `text` as ASCII, for e-mail addresses: the one letter
/// folding ([`crate::model::names::fold_letters`]), then ASCII letters kept
/// and everything else dropped (`Đorđević` → `dordevic`).
pub fn ascii_fold(text: &str) -> String {
    let letters = crate::model::names::fold_letters(text, Default::default());
    letters.chars().filter(char::is_ascii_alphabetic).collect()
}

/// What a state is called in event names ("Victorian Open").
pub fn state_adjective(code: &str) -> &'static str {
    &state(code).adjective
}

/// Chess clubs of a state.
pub fn clubs(code: &str) -> &'static [String] {
    &state(code).clubs
}

/// Towns of a state where weekenders are held.
pub fn towns(code: &str) -> &'static [String] {
    &state(code).towns
}

/// The big opens of a state.
pub fn opens(code: &str) -> &'static [String] {
    &state(code).opens
}

/// Openings of thematic tournaments.
pub fn themes() -> &'static [String] {
    &names().themes
}

/// The season an event's end date falls in, in the state `code`'s hemisphere.
pub fn season(code: &str, month: u32) -> &'static str {
    // Six months on in the north.
    let month = if state(code).northern { (month + 5) % 12 + 1 } else { month };
    match month {
        3..=5 => "Autumn",
        6..=8 => "Winter",
        9..=11 => "Spring",
        _ => "Summer",
    }
}

/// The English name of a month.
pub fn month_name(month: u32) -> &'static str {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    MONTHS[(month as usize + 11) % 12]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn generate_names_nicknames_and_feminine_forms() {
        assert_eq!(nickname("Robert James").as_deref(), Some("Rob James"));
        assert_eq!(nickname("Zoë"), None);
        assert_eq!(feminine("Kowalski"), "Kowalska");
        assert_eq!(feminine("Ivanov"), "Ivanova");
        assert_eq!(ascii_fold("Đorđević"), "dordevic");
        for (name, folded) in [("O'Brien", "obrien"), ("P.J.", "pj"), ("Łukasz", "lukasz"), ("Øyvind", "oyvind")] {
            assert_eq!(ascii_fold(name), folded, "{name}");
        }
        assert_eq!(
            (ascii_fold("Müller"), ascii_fold("Straße"), ascii_fold("Андрей")),
            ("muller".into(), "strasse".into(), "".into())
        );
        assert_eq!(names().origins.iter().map(|o| o.weight).sum::<u32>(), 100);
        for system in ["ecf", "nzcf", "cis"] {
            assert_eq!(names().origins.iter().map(|o| o.weights[system]).sum::<u32>(), 100, "{system}");
        }
        assert_eq!(state_adjective("V"), "Victorian");
        assert_eq!(clubs("X"), ["City"]);
        assert_eq!((season("V", 7), season("SCCU", 7), season("SEA", 1)), ("Winter", "Summer", "Winter"));
        // Every sample's regions have clubs, towns and opens of their own.
        for &system in crate::model::system::SystemName::ALL {
            for (code, _, _) in super::super::regions(system) {
                assert!(names().states.contains_key(*code), "names.toml lists {code}");
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..1000 {
            let (s, f) = person(&mut rng, Gender::Female, false, "acf");
            assert!(!s.is_empty() && !f.is_empty());
        }
    }
}
