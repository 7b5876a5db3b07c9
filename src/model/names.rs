//! Names as ratebook compares and sorts them: column and field names
//! (ignoring case, spacing and `_`/`-`); players' names folded for telling
//! whether two are the same person's (case, accents and punctuation set
//! aside); and players' names in the order of a real Unicode collation
//! (ICU4X) for the period's locale, so that `Ångström`, `Đorđević` and
//! `Šimić` stand among the A, D and S names.

use std::cmp::Ordering;

use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed, CollatorPreferences};
use icu_locale_core::Locale;

/// Column and field names compare ignoring case, surrounding spaces and the
/// difference between space, `_` and `-`.
pub fn normalise(name: &str) -> String {
    let lowered = name.trim().to_lowercase();
    let spaced: String = lowered.chars().map(|c| if c == '_' || c == '-' { ' ' } else { c }).collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How [`fold_letters`] folds the letters that name comparisons disagree on.
#[derive(Debug, Clone, Copy, Default)]
pub struct LetterFolding {
    /// `ä`, `ö`, `ü` as `ae`, `oe`, `ue` (German written without umlauts:
    /// Müller as Mueller) rather than `a`, `o`, `u`.
    pub umlauts_as_e: bool,
    /// Cyrillic letters kept as they are: `й` is a letter of its own, not
    /// `и` with a mark (Андрей is not Андреи), and so are `ё`, `ї`, `ў`.
    pub cyrillic_whole: bool,
}

/// The one letter folding every name comparison starts from: lower case,
/// letters decomposed and their marks dropped (`é` → `e`, `ś` → `s`), the
/// letters that do not decompose spelt out (`ø` → `o`, `đ` → `d`, `ł` →
/// `l`, `ß` → `ss`, `æ` → `ae`, `œ` → `oe`, `þ` → `th` …). Everything that
/// is not a letter is left as it is, for [`fold`] (identity), the site's
/// search and the generator's e-mail addresses to treat as each needs.
pub fn fold_letters(text: &str, how: LetterFolding) -> String {
    use unicode_normalization::char::{decompose_canonical, is_combining_mark};
    use unicode_normalization::UnicodeNormalization;
    let mut out = String::with_capacity(text.len());
    for c in text.nfc().flat_map(char::to_lowercase) {
        match c {
            'ä' | 'ö' | 'ü' if how.umlauts_as_e => {
                decompose_canonical(c, |d| out.extend(Some(d).filter(|d| !is_combining_mark(*d))));
                out.push('e');
            }
            '\u{400}'..='\u{52f}' if how.cyrillic_whole => out.push(c),
            _ => decompose_canonical(c, |d| match d {
                'ø' => out.push('o'),
                'đ' | 'ð' => out.push('d'),
                'ł' => out.push('l'),
                'ß' => out.push_str("ss"),
                'æ' => out.push_str("ae"),
                'œ' => out.push_str("oe"),
                'þ' => out.push_str("th"),
                'ħ' => out.push('h'),
                'ı' => out.push('i'),
                'ŧ' => out.push('t'),
                'ŋ' => out.push('n'),
                'ĸ' => out.push('k'),
                'ſ' => out.push('s'),
                d if is_combining_mark(d) => {}
                d => out.push(d),
            }),
        }
    }
    out
}

/// A player's name as identity matching compares it ("the same person?"):
/// [`fold_letters`] with Cyrillic letters whole, apostrophes dropped (so
/// O'Brien is OBrien, as it is often typed), any other run of non-letters
/// one space (P.J. is P J, the initials of Peter John; Müller-Lüdenscheidt
/// two words). The site's search (`publish::site::fold`) differs in making
/// an apostrophe a space too, as its `search.js` does with what is typed.
pub fn fold(name: &str, umlauts_as_e: bool) -> String {
    let letters = fold_letters(name, LetterFolding { umlauts_as_e, cyrillic_whole: true });
    let words: String = letters
        .chars()
        .filter(|c| !matches!(c, '\'' | '’' | '‘' | 'ʼ' | '`' | '´'))
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    words.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether two sets of first names can be the same person's: case, accents
/// and punctuation aside, word by word, where a single letter stands for any
/// name it begins ("J." for "Joseph"), and one may stop before the other
/// ("Joseph" for "Joseph Andrew"). Blank agrees with nothing but blank.
pub fn first_names_agree(a: &str, b: &str) -> bool {
    a == b || folded_first_names_agree(&fold(a, false), &fold(b, false))
}

/// [`first_names_agree`] for first names [`fold`]ed already.
pub fn folded_first_names_agree(a: &str, b: &str) -> bool {
    if a.is_empty() || b.is_empty() {
        return a == b;
    }
    a.split(' ').zip(b.split(' ')).all(|(p, q)| {
        p == q || (p.chars().count() == 1 && q.starts_with(p)) || (q.chars().count() == 1 && p.starts_with(q))
    })
}

/// Whether two names, (surname, first names), can be the same person's:
/// the same surname once case, accents and punctuation are set aside, and
/// first names that agree ([`first_names_agree`]).
pub fn same_person(a: (&str, &str), b: (&str, &str)) -> bool {
    (a.0 == b.0 || fold(a.0, false) == fold(b.0, false)) && first_names_agree(a.1, b.1)
}

/// Pairs of players of a file who may be one person recorded twice: names
/// that can be the same person's ([`same_person`]) and birth dates that do not
/// differ, where either the birth dates agree or the names are written
/// differently (accents, case, an initial for a first name). Two players of
/// the same name without birth dates are namesakes, not a finding. Returns
/// (earlier, later) positions in the file, and why.
pub fn likely_duplicates(players: &[crate::model::Player]) -> Vec<(usize, usize, &'static str)> {
    use std::collections::HashMap;
    // Only names with the same surname and first initial can agree.
    let folded: Vec<(String, String)> =
        players.iter().map(|p| (fold(&p.surname, false), fold(&p.first_names, false))).collect();
    let mut buckets: HashMap<(&str, Option<char>), Vec<usize>> = HashMap::new();
    for (i, (surname, first)) in folded.iter().enumerate() {
        buckets.entry((surname.as_str(), first.chars().next())).or_default().push(i);
    }
    /// Beyond this many players in one bucket, only equal birth dates are compared.
    const PAIRWISE: usize = 400;
    let mut found = Vec::new();
    let mut keys: Vec<_> = buckets.keys().copied().collect();
    keys.sort_unstable();
    for key in keys {
        let bucket = &buckets[&key];
        let groups: Vec<Vec<usize>> = if bucket.len() <= PAIRWISE {
            vec![bucket.clone()]
        } else {
            let mut by_birth: HashMap<chrono::NaiveDate, Vec<usize>> = HashMap::new();
            for &i in bucket {
                if let Some(b) = players[i].birth_date {
                    by_birth.entry(b).or_default().push(i);
                }
            }
            by_birth.into_values().filter(|g| g.len() <= PAIRWISE).collect()
        };
        for group in groups {
            for (k, &i) in group.iter().enumerate() {
                for &j in &group[k + 1..] {
                    let (a, b) = (&players[i], &players[j]);
                    let births = (a.birth_date, b.birth_date);
                    if matches!(births, (Some(x), Some(y)) if x != y)
                        || !first_names_agree(&a.first_names, &b.first_names)
                    {
                        continue;
                    }
                    let written_alike = a.surname == b.surname && a.first_names == b.first_names;
                    let same_birth = births.0.is_some() && births.0 == births.1;
                    // Without a birth date to agree, only the same names written
                    // differently (not one with a middle name the other lacks).
                    let same_words = folded[i].1.split(' ').count() == folded[j].1.split(' ').count();
                    let why = match (same_birth, written_alike) {
                        (true, true) => "the same name and birth date",
                        (true, false) => "the same birth date and names that differ only in case, accents or initials",
                        (false, false) if same_words => "names that differ only in case, accents or initials",
                        _ => continue,
                    };
                    found.push((i.min(j), i.max(j), why));
                }
            }
        }
    }
    found.sort_unstable();
    found
}

/// The order players' names are listed in: surname, then first names, each
/// compared by the Unicode collation of one locale (`period.toml`'s
/// `collation`; the root collation by default).
pub struct NameOrder {
    collator: CollatorBorrowed<'static>,
}

impl NameOrder {
    /// The collation of `locale`, a BCP 47 tag such as `und` (the root
    /// collation), `en`, `sv` or `de-u-co-phonebk`.
    pub fn new(locale: &str) -> Result<NameOrder, String> {
        let parsed: Locale = locale
            .parse()
            .map_err(|e| format!("\"{locale}\" is not a BCP 47 language tag ({e}); use e.g. und, en, sv or de"))?;
        let prefs = CollatorPreferences::from(&parsed);
        let collator = Collator::try_new(prefs, CollatorOptions::default())
            .map_err(|e| format!("no collation for \"{locale}\": {e}"))?;
        Ok(NameOrder { collator })
    }

    /// A key that orders (surname, first names) as the collation does:
    /// surnames first, then first names. Keys compare as bytes.
    pub fn key(&self, surname: &str, first_names: &str) -> Vec<u8> {
        let mut key = Vec::with_capacity(2 * (surname.len() + first_names.len()) + 8);
        let Ok(()) = self.collator.write_sort_key_to(surname, &mut key);
        // Sort keys hold no zero byte: a zero ends the surname, so that
        // "Smith" sorts before "Smithson" whatever the first names.
        key.push(0);
        let Ok(()) = self.collator.write_sort_key_to(first_names, &mut key);
        key
    }

    /// Compares two names as [`NameOrder::key`] orders them.
    pub fn compare(&self, a: (&str, &str), b: (&str, &str)) -> Ordering {
        self.collator.compare(a.0, b.0).then_with(|| self.collator.compare(a.1, b.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_person_across_accents_case_and_initials() {
        assert!(same_person(("Sørensen", "Søren"), ("SORENSEN", "soren")));
        assert!(same_person(("Hanna", "J."), ("Hanna", "Joseph")));
        assert!(same_person(("Hanna", "Joseph"), ("Hanna", "Joseph Andrew")));
        assert!(same_person(("Hanna", "J A"), ("Hanna", "Joseph Andrew")));
        assert!(same_person(("O'Brien", "Pat"), ("OBrien", "Pat")));
        assert!(!same_person(("Hanna", "Joseph"), ("Hanna", "John")));
        assert!(!same_person(("Hanna", "J"), ("Hanna", "Andrew")));
        assert!(!same_person(("McKenzie", "Steve"), ("McKenzie", "Stephen")), "a nickname is another name");
        assert!(!same_person(("Hanna", ""), ("Hanna", "Joseph")));
        assert!(!same_person(("Hannah", "Joseph"), ("Hanna", "Joseph")));
    }

    /// The tricky names of the three foldings' users; the site's search and
    /// the generator's e-mail addresses have the same table in their tests.
    #[test]
    fn identity_folds_the_tricky_names() {
        let table = [
            ("O'Brien", "obrien"),
            ("O’Brien", "obrien"),
            ("P.J.", "p j"),
            ("Müller-Lüdenscheidt", "muller ludenscheidt"),
            ("Łukasz", "lukasz"),
            ("Øyvind", "oyvind"),
            ("Đorđe", "dorde"),
            ("Straße", "strasse"),
            ("Ní Mhuireagáin", "ni mhuireagain"),
            ("Андрей Семёнов", "андрей семёнов"),
            ("Андреи\u{306}", "андрей"),
        ];
        for (name, folded) in table {
            assert_eq!(fold(name, false), folded, "{name}");
        }
        assert_eq!(fold("Müller", true), "mueller");
        assert_eq!(fold("Mu\u{308}ller", true), "mueller", "decomposed as composed");
        assert_eq!(fold("Mueller", true), fold("Müller", true));
        assert_ne!(fold("Андрей", false), fold("Андреи", false), "й is a letter of its own");
        assert!(same_person(("Hanna", "P.J."), ("Hanna", "Peter John")), "dotted initials are words");
        assert!(same_person(("Hanna", "P.J."), ("Hanna", "PJ")));
    }

    #[test]
    fn likely_duplicates_in_a_player_file() {
        use crate::model::Player;
        let born = |y| chrono::NaiveDate::from_ymd_opt(y, 5, 1);
        let p = |id, s: &str, f: &str, b| {
            let mut p = Player::new(id, s, f);
            p.birth_date = b;
            p
        };
        let players = vec![
            p(1, "Hanna", "Joseph", born(1975)),
            p(2, "Hanna", "Joseph", born(1975)),
            p(3, "Sørensen", "Søren", None),
            p(4, "Sorensen", "Soren", born(1980)),
            p(5, "Smith", "J", born(1960)),
            p(6, "Smith", "John", None),
            p(7, "Smith", "John", born(1961)),
            p(8, "Brown", "Alan", None),
            p(9, "Brown", "Alan", None),
            p(10, "Dwyer", "Stephen", None),
            p(11, "Dwyer", "Stephen Benjamin", None),
        ];
        let found: Vec<(u32, u32)> =
            likely_duplicates(&players).iter().map(|&(i, j, _)| (players[i].id, players[j].id)).collect();
        assert_eq!(
            found,
            [(1, 2), (3, 4), (5, 6)],
            "namesakes without birth dates (8, 9; 10, 11) and other births (5, 7) are not"
        );
    }

    #[test]
    fn names_sort_by_their_letter_not_their_character_code() {
        let order = NameOrder::new("und").unwrap();
        let mut names = vec!["Zieliński", "Ångström", "Sutton", "Šimić", "Sørensen", "Đorđević", "Dunn", "Abbott"];
        names.sort_by_key(|n| order.key(n, ""));
        assert_eq!(names, ["Abbott", "Ångström", "Đorđević", "Dunn", "Šimić", "Sørensen", "Sutton", "Zieliński"]);
    }

    #[test]
    fn surnames_first_then_first_names() {
        let order = NameOrder::new("und").unwrap();
        let mut names = vec![("Smithson", "Adam"), ("Smith", "Zoë"), ("Smith", "Ann"), ("smith", "Bob")];
        names.sort_by_key(|(s, f)| order.key(s, f));
        assert_eq!(names[0], ("smith", "Bob"));
        assert_eq!(names[1..], [("Smith", "Ann"), ("Smith", "Zoë"), ("Smithson", "Adam")]);
        for w in names.windows(2) {
            assert_eq!(order.compare(w[0], w[1]), Ordering::Less);
        }
    }

    #[test]
    fn a_locale_tailors_the_order() {
        // Swedish puts Å after Z; the root collation beside A.
        let sv = NameOrder::new("sv").unwrap();
        assert!(sv.key("Ångström", "") > sv.key("Zieliński", ""));
        assert!(NameOrder::new("not a tag!").is_err());
    }

    #[test]
    fn names_normalise() {
        assert_eq!(normalise("  First_names "), "first names");
        assert_eq!(normalise("Opp-Avg"), "opp avg");
        assert_eq!(normalise("Birth  Date"), "birth date");
    }
}
