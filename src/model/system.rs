//! The rule sets by name: [`SystemName`] is what `period.toml`'s `system` and
//! the command line's `--system` hold, and [`with_rule_sets!`](crate::with_rule_sets)
//! is the one list of them. Adding a rule set is its folder `src/rate/NAME/`
//! and one line in that list.

/// The list of rule sets, one line each: `name => Type: "Title"`, where
/// `name` is the rule set's name in `period.toml`, the record and on the
/// command line (the key in files), `Type` the type in `src/rate/name/`
/// that implements `rate::RatingSystem`, and `Title` the name people read
/// in every output and message. Calls `$then!` with the list; [`SystemName`]
/// and `rate`'s modules are made from it.
#[macro_export]
macro_rules! with_rule_sets {
    ($then:ident) => {
        $then! {
            acf => Acf: "ACF (1993)",
            nzcf => Nzcf: "NZCF (1985–2007)",
            ecf => Ecf: "ECF grading",
            cis => Cis: "CIS rating",
            fide => Fide: "FIDE Elo (2024)",
            glicko2 => Glicko2: "Glicko-2",
        }
    };
}

macro_rules! system_names {
    ($($name:ident => $ty:ident: $title:literal,)*) => {
        /// Which rule set computes the ratings.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum, serde::Deserialize, serde::Serialize)]
        #[serde(rename_all = "lowercase")]
        pub enum SystemName {
            $($ty,)*
        }

        impl SystemName {
            /// Every rule set, in the list's order.
            pub const ALL: &[SystemName] = &[$(SystemName::$ty,)*];

            /// The name in `period.toml` and on the command line, e.g. "acf".
            pub fn as_str(self) -> &'static str {
                match self {
                    $(SystemName::$ty => stringify!($name),)*
                }
            }

            /// The name people read, in every output and message: "FIDE Elo
            /// (2024)", "Glicko-2", "ACF (1993)" (what `Display` prints).
            pub fn title(self) -> &'static str {
                match self {
                    $(SystemName::$ty => $title,)*
                }
            }
        }
    };
}

with_rule_sets!(system_names);

impl SystemName {
    /// The rule set with this name (ignoring case and surrounding spaces).
    pub fn parse(name: &str) -> Option<SystemName> {
        let name = name.trim();
        SystemName::ALL.iter().copied().find(|s| s.as_str().eq_ignore_ascii_case(name))
    }

    /// "acf, nzcf, ecf or cis", for messages.
    pub fn listed() -> String {
        let names: Vec<&str> = SystemName::ALL.iter().map(|s| s.as_str()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
}

/// The title people read ([`SystemName::title`]); the key in files is
/// [`SystemName::as_str`].
impl std::fmt::Display for SystemName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_list() {
        assert_eq!(SystemName::parse(" NZCF "), Some(SystemName::Nzcf));
        assert_eq!(SystemName::parse("fide"), Some(SystemName::Fide));
        assert_eq!(SystemName::parse("elo"), None);
        assert_eq!(SystemName::listed(), "acf, nzcf, ecf, cis, fide or glicko2");
        assert_eq!(SystemName::Cis.as_str(), "cis");
        assert_eq!(SystemName::Fide.to_string(), "FIDE Elo (2024)");
        assert_eq!(SystemName::Glicko2.title(), "Glicko-2");
    }
}
