//! Who played: every entrant's ID must be in the player file, a name that
//! differs from the file's is a warning showing both, a newcomer without an
//! ID needs enough details to be added to the file, and nobody may appear
//! twice in one event.

use std::collections::HashMap;

use crate::config::PeriodConfig;
use crate::diag::{Code, Diagnostic};
use crate::formats::report::RawEntrant;
use crate::model::names::{first_names_agree, fold, folded_first_names_agree};
use crate::model::{Player, PlayerFile};

/// Looks players up by ID and by name.
pub struct PlayerIndex {
    by_id: HashMap<u32, usize>,
    /// By surname with case, accents and punctuation set aside.
    by_surname: HashMap<String, Vec<usize>>,
    /// By that surname and the first letter of the first names folded alike:
    /// first names agree only when their first letters do.
    by_surname_initial: HashMap<(String, char), Vec<usize>>,
    /// Each player's first names, [`fold`]ed once (by position in the file).
    folded_first_names: Vec<String>,
}

impl PlayerIndex {
    pub fn new(file: &PlayerFile) -> PlayerIndex {
        let mut by_id = HashMap::with_capacity(file.players.len());
        let mut by_surname: HashMap<String, Vec<usize>> = HashMap::new();
        let mut by_surname_initial: HashMap<(String, char), Vec<usize>> = HashMap::new();
        let mut folded_first_names = Vec::with_capacity(file.players.len());
        for (i, p) in file.players.iter().enumerate() {
            by_id.insert(p.id, i);
            let surname = fold(&p.surname, false);
            let first_names = fold(&p.first_names, false);
            if let Some(initial) = first_names.chars().next() {
                by_surname_initial.entry((surname.clone(), initial)).or_default().push(i);
            }
            by_surname.entry(surname).or_default().push(i);
            folded_first_names.push(first_names);
        }
        PlayerIndex { by_id, by_surname, by_surname_initial, folded_first_names }
    }

    pub fn get(&self, id: u32) -> Option<usize> {
        self.by_id.get(&id).copied()
    }

    /// The players of the file whose name can be this one's (initials
    /// allowed), in file order.
    pub fn named<'f>(&self, file: &'f PlayerFile, surname: &str, first_names: &str) -> Vec<&'f Player> {
        let surname = fold(surname, false);
        let wanted = fold(first_names, false);
        let Some(initial) = wanted.chars().next() else {
            // Blank: everyone of the surname; nothing but punctuation: those
            // whose first names are nothing but punctuation too.
            let found = self.by_surname.get(&surname).map_or(&[][..], Vec::as_slice);
            let blank = first_names.trim().is_empty();
            return found
                .iter()
                .filter(|&&i| blank || self.folded_first_names[i].is_empty())
                .map(|&i| &file.players[i])
                .collect();
        };
        let Some(found) = self.by_surname_initial.get(&(surname, initial)) else { return Vec::new() };
        found
            .iter()
            .filter(|&&i| folded_first_names_agree(&self.folded_first_names[i], &wanted))
            .map(|&i| &file.players[i])
            .collect()
    }
}

/// "Hanna, Joseph (ID 3054, born 1975-03-02, V)" for findings.
fn described(p: &Player) -> String {
    let mut s = format!("{} (ID {}", p.display_name(), p.id);
    if let Some(b) = p.birth_date {
        s += &format!(", born {b}");
    }
    if let Some(state) = &p.state {
        s += &format!(", {state}");
    }
    s + ")"
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
            let first: &RawEntrant = &entrants[other];
            diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateStartNumber,
                    e.no_at.clone(),
                    format!(
                        "start number {} is used twice (also at {})",
                        e.no,
                        super::results::where_also(&first.no_at)
                    ),
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
                        // Case, accents and initials are no difference.
                        let surname_differs =
                            known.surname != e.surname && fold(&known.surname, false) != fold(&e.surname, false);
                        let first_differs =
                            !e.first_names.is_empty() && !first_names_agree(&known.first_names, &e.first_names);
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
                                .with_hint("check that the ID is the player's; if it is and the player's name has changed, tell the ratings officer, who keeps the player file"),
                            );
                        }
                        players.push(Some(p));
                    }
                    None => {
                        let same_name: Vec<String> = index
                            .named(file, &e.surname, &e.first_names)
                            .iter()
                            .filter(|p| !e.first_names.is_empty() || p.first_names.is_empty())
                            .map(|p| p.id.to_string())
                            .collect();
                        let hint = if same_name.is_empty() {
                            format!("check the ID; for a player new to the rating list leave ID blank and fill in name, gender and birth date; a player the maintenance rule removed is in the last publication's {} (copy the player's row into the player file)", crate::output_folder::names::REMOVED)
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
                if !e.declared_new {
                    if let Some(finding) = known_already(e, file, index) {
                        diagnostics.push(finding);
                    }
                }
                // A TRF file (located by line) has one name field: its reader warns instead.
                if e.first_names.is_empty() && e.name_at.line.is_none() {
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
                if let Some(b) = e.birth_date.filter(|&b| b > config.published.min(config.age_date)) {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::OutOfRange,
                            e.name_at.clone(),
                            format!(
                                "new player {} (No {}) is born on {b}, after the age date ({}), at which ages are taken",
                                entrant_name(e),
                                e.no,
                                config.age_date
                            ),
                        )
                        .with_hint("correct the birth date, or leave it blank"),
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
                                e.state_at.clone(),
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

/// A newcomer (no ID) whose name is in the player file already: an error
/// naming the candidates when a birth date agrees too (he is almost surely one
/// of them), a warning when a birth date is missing on either side. Nothing
/// when every candidate's birth date differs: a namesake.
fn known_already(e: &RawEntrant, file: &PlayerFile, index: &PlayerIndex) -> Option<Diagnostic> {
    if e.first_names.trim().is_empty() {
        return None;
    }
    let named = index.named(file, &e.surname, &e.first_names);
    let same_birth: Vec<&Player> =
        named.iter().copied().filter(|p| p.birth_date.is_some() && p.birth_date == e.birth_date).collect();
    let unknown_birth: Vec<&Player> =
        named.iter().copied().filter(|p| p.birth_date.is_none() || e.birth_date.is_none()).collect();
    let list = |players: &[&Player]| players.iter().map(|p| described(p)).collect::<Vec<_>>().join(" or ");
    let how = |ids: &[&Player]| {
        let ids: Vec<String> = ids.iter().map(|p| p.id.to_string()).collect();
        format!(
            "write the player's ID ({}) in the ID cell; if this is someone else with the same name, write \"{}\" in the ID cell",
            ids.join(" or "),
            crate::formats::report::players::NEW_PLAYER
        )
    };
    if !same_birth.is_empty() {
        return Some(
            Diagnostic::error(
                Code::KnownPlayerWithoutId,
                e.id_at.clone(),
                format!(
                    "No {} {} has no ID, but the player file has {} with the same name and birth date",
                    e.no,
                    entrant_name(e),
                    list(&same_birth)
                ),
            )
            .with_hint(how(&same_birth)),
        );
    }
    if !unknown_birth.is_empty() {
        return Some(
            Diagnostic::warning(
                Code::KnownPlayerWithoutId,
                e.id_at.clone(),
                format!("No {} {} has no ID; the player file has {}", e.no, entrant_name(e), list(&unknown_birth)),
            )
            .with_hint(how(&unknown_birth)),
        );
    }
    None
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
    use super::*;
    use crate::diag::Location;
    use chrono::NaiveDate;

    fn entrant(surname: &str, first: &str, birth: Option<NaiveDate>, new: bool) -> RawEntrant {
        RawEntrant {
            no: 7,
            id: None,
            surname: surname.into(),
            first_names: first.into(),
            gender: None,
            birth_date: birth,
            state: None,
            club: None,
            no_at: Location::file("r.xlsx"),
            id_at: Location::cell("r.xlsx", "Players", 7, 1),
            name_at: Location::file("r.xlsx"),
            state_at: Location::file("r.xlsx"),
            declared_new: new,
        }
    }

    #[test]
    fn a_known_player_typed_without_his_id_is_found() {
        let born = NaiveDate::from_ymd_opt(1975, 3, 2);
        let mut hanna = Player::new(3054, "Hanna", "Joseph");
        hanna.birth_date = born;
        let mut other = Player::new(3055, "Hanna", "Joseph");
        other.birth_date = NaiveDate::from_ymd_opt(1990, 1, 1);
        let file = PlayerFile { players: vec![hanna, other], extra_columns: vec![], origin: None, lists: Vec::new() };
        let index = PlayerIndex::new(&file);
        let found = known_already(&entrant("HANNA", "J.", born, false), &file, &index).unwrap();
        assert!(found.is_error());
        assert!(found.message.contains("ID 3054") && !found.message.contains("3055"), "{}", found.message);
        assert!(found.hint.as_deref().unwrap().contains("\"new\""));
        assert!(known_already(&entrant("Hanna", "Joseph", NaiveDate::from_ymd_opt(2000, 1, 1), false), &file, &index)
            .is_none());
        let unsure = known_already(&entrant("Hanna", "Joseph", None, false), &file, &index).unwrap();
        assert!(!unsure.is_error() && unsure.message.contains("3054") && unsure.message.contains("3055"));
    }
}
