//! Names as ratebook compares them: column and field names (ignoring case,
//! spacing and `_`/`-`).

/// Column and field names compare ignoring case, surrounding spaces and the
/// difference between space, `_` and `-`.
pub fn normalise(name: &str) -> String {
    let lowered = name.trim().to_lowercase();
    let spaced: String = lowered.chars().map(|c| if c == '_' || c == '-' { ' ' } else { c }).collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_normalise() {
        assert_eq!(normalise("  First_names "), "first names");
        assert_eq!(normalise("Opp-Avg"), "opp avg");
        assert_eq!(normalise("Birth  Date"), "birth date");
    }
}
