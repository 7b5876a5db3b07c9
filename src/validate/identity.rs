//! Who played: every entrant's ID must be in the player file, a name that
//! differs from the file's is a warning showing both, a newcomer without an
//! ID needs enough details to be added to the file, and nobody may appear
//! twice in one event.

use std::collections::HashMap;

use crate::config::PeriodConfig;
use crate::diag::{Code, Diagnostic};
use crate::formats::report::RawEntrant;
use crate::model::PlayerFile;

/// Looks players up by ID and by name.
pub struct PlayerIndex {
    by_id: HashMap<u32, usize>,
    by_name: HashMap<String, Vec<usize>>,
}

/// A name for comparing: lower case, single spaces.
fn name_key(surname: &str, first_names: &str) -> String {
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    format!("{}|{}", norm(surname), norm(first_names))
}

/// Whether two names are the same once case and spacing are set aside (as
/// their [`name_key`]s would compare, without building them: this runs for
/// every entrant of every report).
fn same_name(a: &str, b: &str) -> bool {
    if !(a.is_ascii() && b.is_ascii()) {
        // Lower-casing beyond ASCII depends on a letter's place in its word.
        return name_key(a, "") == name_key(b, "");
    }
    let (mut x, mut y) = (a.split_whitespace(), b.split_whitespace());
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) if p.eq_ignore_ascii_case(q) => {}
            _ => return false,
        }
    }
}

impl PlayerIndex {
    pub fn new(file: &PlayerFile) -> PlayerIndex {
        let mut by_id = HashMap::with_capacity(file.players.len());
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, p) in file.players.iter().enumerate() {
            by_id.insert(p.id, i);
            by_name.entry(name_key(&p.surname, &p.first_names)).or_default().push(i);
        }
        PlayerIndex { by_id, by_name }
    }

    pub fn get(&self, id: u32) -> Option<usize> {
        self.by_id.get(&id).copied()
    }
}

/// The entrants of one event, checked: for each entrant its index in the
/// player file (`None` for a newcomer), and start number → entrant index.
pub struct Entrants {
    pub players: Vec<Option<usize>>,
    pub by_number: HashMap<u32, usize>,
}

pub fn check_entrants(
    entrants: &[RawEntrant],
    file: &PlayerFile,
    index: &PlayerIndex,
    config: &PeriodConfig,
    diagnostics: &mut Vec<Diagnostic>,
) -> Entrants {
    let mut players = Vec::with_capacity(entrants.len());
    let mut by_number = HashMap::with_capacity(entrants.len());
    let mut ids_seen: HashMap<u32, u32> = HashMap::new();
    for (i, e) in entrants.iter().enumerate() {
        if let Some(&other) = by_number.get(&e.no) {
            let _: usize = other;
            diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateStartNumber,
                    e.no_at.clone(),
                    format!("start number {} is used twice", e.no),
                )
                .with_hint("give every player in the event a different No"),
            );
        } else {
            by_number.insert(e.no, i);
        }
        match e.id {
            Some(id) => {
                if let Some(first_no) = ids_seen.insert(id, e.no) {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::DuplicatePlayerInEvent,
                            e.id_at.clone(),
                            format!("ID {id} is entered twice in this event (also as No {first_no})"),
                        )
                        .with_hint("a player plays under one start number: merge the two entries"),
                    );
                }
                match index.get(id) {
                    Some(p) => {
                        let known = &file.players[p];
                        let surname_differs = !same_name(&known.surname, &e.surname);
                        let first_differs = !e.first_names.is_empty() && !same_name(&known.first_names, &e.first_names);
                        if surname_differs || first_differs {
                            let shown = if e.first_names.is_empty() {
                                e.surname.clone()
                            } else {
                                format!("{}, {}", e.surname, e.first_names)
                            };
                            diagnostics.push(
                                Diagnostic::warning(
                                    Code::NameMismatch,
                                    e.name_at.clone(),
                                    format!("ID {id} is \"{}\" in the player file, but \"{shown}\" here", known.display_name()),
                                )
                                .with_hint("check that the ID is right; if the player's name has changed, correct the player file"),
                            );
                        }
                        players.push(Some(p));
                    }
                    None => {
                        let same_name = index
                            .by_name
                            .get(&name_key(&e.surname, &e.first_names))
                            .map(|v| v.iter().map(|&p| file.players[p].id.to_string()).collect::<Vec<_>>())
                            .unwrap_or_default();
                        let hint = if same_name.is_empty() {
                            "check the ID; for a player new to the rating list leave ID blank and fill in name, gender and birth date".to_string()
                        } else {
                            format!(
                                "the player file has {} {} as ID {}",
                                e.first_names,
                                e.surname,
                                same_name.join(" or ")
                            )
                        };
                        diagnostics.push(
                            Diagnostic::error(
                                Code::UnknownPlayerId,
                                e.id_at.clone(),
                                format!("ID {id} is not in the player file"),
                            )
                            .with_hint(hint),
                        );
                        players.push(None);
                    }
                }
            }
            None => {
                if e.first_names.is_empty() {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::MissingField,
                            e.name_at.clone(),
                            format!("new player {} (No {}) has no first names", e.surname, e.no),
                        )
                        .with_hint("a player without an ID joins the player file: fill in First names")
                        .in_group("new players with no first names", format!("{} (No {})", e.surname, e.no)),
                    );
                }
                let mut missing = Vec::new();
                if e.gender.is_none() {
                    missing.push("gender");
                }
                if e.birth_date.is_none() {
                    missing.push("birth date");
                }
                if !missing.is_empty() {
                    diagnostics.push(
                        Diagnostic::warning(
                            Code::MissingDetail,
                            e.name_at.clone(),
                            format!("new player {} (No {}) has no {}", entrant_name(e), e.no, missing.join(" or ")),
                        )
                        .with_hint("fill them in: they place the player in the junior and female lists")
                        .in_group(
                            format!("new players with no {}", missing.join(" or ")),
                            format!("{} (No {})", entrant_name(e), e.no),
                        ),
                    );
                }
                if let Some(state) = &e.state {
                    if config.state_name(state).is_none() {
                        diagnostics.push(
                            Diagnostic::error(
                                Code::UnknownState,
                                e.name_at.clone(),
                                format!("state \"{state}\" of new player {} is not a state code", e.surname),
                            )
                            .with_hint(format!("use one of {}", state_codes(config))),
                        );
                    }
                }
                players.push(None);
            }
        }
    }
    Entrants { players, by_number }
}

/// "Surname, First names" of an entrant (just the surname when that is all there is).
fn entrant_name(e: &RawEntrant) -> String {
    if e.first_names.is_empty() {
        e.surname.clone()
    } else {
        format!("{}, {}", e.surname, e.first_names)
    }
}

/// "A, N, Q, …" for hints.
pub fn state_codes(config: &PeriodConfig) -> String {
    config.states.iter().map(|(c, _)| c.as_str()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::{name_key, same_name};

    #[test]
    fn same_name_sets_case_and_spacing_aside_as_name_key_does() {
        let pairs = [
            ("Smith", "smith"),
            ("  Van  der Berg ", "van der berg"),
            ("Smith", "Smyth"),
            ("Smith", "Smith Jones"),
            ("", "  "),
            ("Ann-Marie", "ann marie"),
            ("ΟΔΟΣ", "οδος"),
            ("Öztürk", "ÖZTÜRK"),
            ("Öztürk", "Ozturk"),
            ("a\u{b}b", "A B"),
        ];
        for (a, b) in pairs {
            assert_eq!(same_name(a, b), name_key(a, "") == name_key(b, ""), "{a:?} v {b:?}");
        }
        assert!(same_name("  Van  der Berg ", "van der berg"));
        assert!(!same_name("Smith", "Smyth"));
    }
}
