//! Finding a TRF player in the player file: by our ID when the file holds
//! national IDs, by the player file's `FIDE ID` column when it holds FIDE IDs,
//! then by surname and first names (and birth date when both sides have
//! one). Names compare without case, accents or punctuation, and German
//! umlauts match their `ae`/`oe`/`ue` spellings.

use std::collections::HashMap;

use crate::formats::trf::dates::Birth;
use crate::model::names::fold;
use crate::model::{Player, PlayerFile};

/// The player file, indexed for matching. Built once per data folder.
pub struct Matcher<'a> {
    file: &'a PlayerFile,
    by_fide: HashMap<u64, Vec<usize>>,
    by_name: HashMap<String, Vec<usize>>,
}

/// What a TRF line matched.
#[derive(Debug, Clone, PartialEq)]
pub enum Match {
    /// Our ID, as given (national) or found.
    Id(u32),
    /// Nobody: a newcomer.
    None,
    /// More than one player fits: indexes into the player file.
    Ambiguous(Vec<usize>),
}

/// Who to look for.
pub struct Wanted<'w> {
    pub surname: &'w str,
    pub first_names: &'w str,
    pub birth: Birth,
    pub fide_id: Option<u64>,
    pub national_id: Option<u32>,
}

impl<'a> Matcher<'a> {
    pub fn new(file: &'a PlayerFile) -> Matcher<'a> {
        let mut by_fide: HashMap<u64, Vec<usize>> = HashMap::new();
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, p) in file.players.iter().enumerate() {
            if let Some(f) = p.fide_id.filter(|&f| f != 0) {
                by_fide.entry(f).or_default().push(i);
            }
            for key in name_keys(&p.surname, &p.first_names) {
                let list = by_name.entry(key).or_default();
                if !list.contains(&i) {
                    list.push(i);
                }
            }
        }
        Matcher { file, by_fide, by_name }
    }

    pub fn player(&self, index: usize) -> &Player {
        &self.file.players[index]
    }

    /// Finds `w`: by national ID, else by FIDE ID, else by name.
    pub fn find(&self, w: &Wanted) -> Match {
        if let Some(id) = w.national_id {
            return Match::Id(id);
        }
        if let Some(fide) = w.fide_id {
            match self.by_fide.get(&fide).map(Vec::as_slice) {
                Some([one]) => return Match::Id(self.file.players[*one].id),
                Some(many) if many.len() > 1 => return Match::Ambiguous(many.to_vec()),
                _ => {}
            }
        }
        let mut candidates: Vec<usize> = Vec::new();
        for key in name_keys(w.surname, w.first_names) {
            for &i in self.by_name.get(&key).into_iter().flatten() {
                if !candidates.contains(&i) {
                    candidates.push(i);
                }
            }
        }
        candidates.retain(|&i| {
            let p = &self.file.players[i];
            // A player with another FIDE ID is someone else of the same name.
            let same_fide = match (w.fide_id, p.fide_id.filter(|&f| f != 0)) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            };
            same_fide && w.birth.fits(p.birth_date)
        });
        candidates.sort_by_key(|&i| self.file.players[i].id);
        match candidates.as_slice() {
            [] => Match::None,
            [one] => Match::Id(self.file.players[*one].id),
            _ => Match::Ambiguous(candidates),
        }
    }
}

/// Keys a name is found under: accents dropped, and (when it has umlauts)
/// also with ä, ö, ü written ae, oe, ue.
fn name_keys(surname: &str, first_names: &str) -> Vec<String> {
    let plain = format!("{}|{}", fold(surname, false), fold(first_names, false));
    let german = format!("{}|{}", fold(surname, true), fold(first_names, true));
    if plain == german {
        vec![plain]
    } else {
        vec![plain, german]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn file() -> PlayerFile {
        let mut players = vec![
            Player::new(10, "Brühl", "Andreas"),
            Player::new(11, "O'Brien", "Pat"),
            Player::new(12, "Murphy", "John"),
            Player::new(13, "Murphy", "John"),
            Player::new(14, "Vasquez", "Rodrigo"),
            Player::new(15, "Ní Mhuireagáin", "Eibhia"),
        ];
        players[2].birth_date = NaiveDate::from_ymd_opt(1970, 1, 2);
        players[3].birth_date = NaiveDate::from_ymd_opt(1981, 5, 6);
        players[4].fide_id = Some(3400042);
        PlayerFile { players, extra_columns: vec![], origin: None, lists: Vec::new() }
    }

    fn want<'w>(surname: &'w str, first: &'w str) -> Wanted<'w> {
        Wanted { surname, first_names: first, birth: Birth::Unknown, fide_id: None, national_id: None }
    }

    #[test]
    fn names_fold() {
        assert_eq!(fold("Ní Mhuireagáin", false), "ni mhuireagain");
        assert_eq!(fold("O'Brien", false), "obrien");
        assert_eq!(fold("  Müller-Lüdenscheidt ", true), "mueller luedenscheidt");
        assert_eq!(fold("John P.", false), "john p");
    }

    #[test]
    fn by_fide_id_then_by_name_and_birth_date() {
        let f = file();
        let m = Matcher::new(&f);
        assert_eq!(m.find(&Wanted { fide_id: Some(3400042), ..want("Someone", "Else") }), Match::Id(14));
        assert_eq!(
            m.find(&Wanted { fide_id: Some(3400043), ..want("Vasquez", "Rodrigo") }),
            Match::None,
            "another FIDE ID: someone else"
        );
        assert_eq!(m.find(&Wanted { fide_id: Some(99), ..want("Bruehl", "Andreas") }), Match::Id(10), "umlaut as ue");
        assert_eq!(m.find(&want("OBrien", "Pat")), Match::Id(11));
        assert_eq!(m.find(&want("Ni Mhuireagain", "Eibhia")), Match::Id(15));
        assert_eq!(m.find(&want("Murphy", "John")), Match::Ambiguous(vec![2, 3]));
        let born = |y, mo, d| Birth::Date(NaiveDate::from_ymd_opt(y, mo, d).unwrap());
        assert_eq!(m.find(&Wanted { birth: born(1981, 5, 6), ..want("Murphy", "John") }), Match::Id(13));
        assert_eq!(m.find(&Wanted { birth: Birth::Year(1970), ..want("Murphy", "John") }), Match::Id(12));
        assert_eq!(m.find(&Wanted { birth: born(1990, 1, 1), ..want("Murphy", "John") }), Match::None);
        assert_eq!(m.find(&want("Nobody", "Here")), Match::None);
        assert_eq!(
            m.find(&Wanted { national_id: Some(777), ..want("Murphy", "John") }),
            Match::Id(777),
            "a national ID is taken as given"
        );
    }

    #[test]
    fn a_fide_id_twice_in_the_player_file_is_ambiguous() {
        let mut f = file();
        f.players[0].fide_id = Some(3400042);
        let m = Matcher::new(&f);
        assert_eq!(
            m.find(&Wanted { fide_id: Some(3400042), ..want("Vasquez", "Rodrigo") }),
            Match::Ambiguous(vec![0, 4])
        );
    }
}
