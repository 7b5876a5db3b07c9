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

/// Lower case, letters without accents, punctuation dropped (hyphens become
/// spaces), single spaces.
pub fn fold(name: &str, umlauts_as_e: bool) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        let mapped: &str = match c {
            'ä' if umlauts_as_e => "ae",
            'ö' if umlauts_as_e => "oe",
            'ü' if umlauts_as_e => "ue",
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ą' | 'ă' => "a",
            'æ' => "ae",
            'ç' | 'ć' | 'č' | 'ĉ' => "c",
            'ď' | 'đ' | 'ð' => "d",
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' | 'ė' => "e",
            'ğ' | 'ģ' => "g",
            'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' => "i",
            'ķ' => "k",
            'ł' | 'ľ' | 'ĺ' | 'ļ' => "l",
            'ñ' | 'ń' | 'ň' | 'ņ' => "n",
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
            'œ' => "oe",
            'ř' | 'ŕ' => "r",
            'ś' | 'š' | 'ş' | 'ș' => "s",
            'ß' => "ss",
            'ť' | 'ţ' | 'ț' => "t",
            'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => "u",
            'ý' | 'ÿ' => "y",
            'ź' | 'ż' | 'ž' => "z",
            'þ' => "th",
            '-' | '‐' | '–' | '_' | '/' | ',' => " ",
            c if c.is_alphanumeric() || c.is_whitespace() => {
                out.push(c);
                continue;
            }
            _ => "",
        };
        out.push_str(mapped);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
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
