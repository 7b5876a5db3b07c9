//! The rule sets by name: [`SystemName`] is what `period.toml`'s `system` and
//! the command line's `--system` hold, and [`with_rule_sets!`](crate::with_rule_sets)
//! is the one list of them. Adding a rule set is its folder `src/rate/NAME/`
//! and one line in that list.

/// The list of rule sets, one line each: `name => Type`, where `name` is the
/// rule set's name in `period.toml` and on the command line, and `Type` the
/// type in `src/rate/name/` that implements `rate::RatingSystem`. Calls
/// `$then!` with the list; [`SystemName`] and `rate`'s modules are made from it.
#[macro_export]
macro_rules! with_rule_sets {
    ($then:ident) => {
        $then! {
            acf => Acf,
            nzcf => Nzcf,
            ecf => Ecf,
            cis => Cis,
            fide => Fide,
            glicko2 => Glicko2,
        }
    };
}

macro_rules! system_names {
    ($($name:ident => $ty:ident,)*) => {
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

impl std::fmt::Display for SystemName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
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
        assert_eq!(SystemName::Cis.to_string(), "cis");
    }
}
