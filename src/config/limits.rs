//! The bounds of `period.toml`'s list and statistics settings: the ages of
//! the junior and senior lists, each once and in order, and sizes a
//! booklet, a workbook and a site can hold. A setting out of bounds is an
//! error naming its line and what would be right.

use super::{ListSizes, StatisticsSettings};

/// At most this many junior lists, and as many senior lists.
pub const MOST_AGE_LISTS: usize = 10;
/// At most this many age bands (`[statistics] age_bands`).
pub const MOST_AGE_BANDS: usize = 30;
/// No age above this one.
pub const OLDEST_AGE: u32 = 120;
/// No list longer than this (`top`, `junior_size`, …).
pub const LONGEST_LIST: usize = 100_000;

/// No federation's or period's name longer than this many characters: it
/// heads every page of the booklet, every sheet of the workbooks and the
/// site, and a workbook cell holds at most 32,767.
pub const LONGEST_NAME: usize = 200;

/// Refuses a name (`period`, `federation`, `next --name`) longer than
/// [`LONGEST_NAME`] characters.
pub fn name(key: &str, value: &str) -> Result<(), String> {
    let chars = value.trim().chars().count();
    if chars > LONGEST_NAME {
        return Err(format!(
            "`{key}` is {chars} characters long: at most {LONGEST_NAME} (it heads every page, sheet and workbook the period publishes)"
        ));
    }
    Ok(())
}

/// Checks the ages and sizes of `[lists]` and `[statistics]`; `text` is
/// `period.toml`'s, for the line the error names.
pub fn check(lists: &ListSizes, statistics: &StatisticsSettings, text: &str) -> Result<(), String> {
    let at = |section: &str, key: &str| match line_of(text, section, key) {
        Some(line) => format!("line {line}: "),
        None => String::new(),
    };
    for (key, ages, falling, example) in
        [("juniors", &lists.juniors, true, "[20, 16, 12]"), ("seniors", &lists.seniors, false, "[50, 65, 80]")]
    {
        if ages.len() > MOST_AGE_LISTS {
            return Err(format!(
                "{}[lists] {key} names {} lists: at most {MOST_AGE_LISTS} (such as {example})",
                at("lists", key),
                ages.len()
            ));
        }
        if let Some(age) = ages.iter().find(|&&a| a == 0 || a > OLDEST_AGE) {
            return Err(format!(
                "{}[lists] {key} holds the age {age}: ages are 1 to {OLDEST_AGE} (such as {example})",
                at("lists", key)
            ));
        }
        let in_order = ages.windows(2).all(|w| if falling { w[0] > w[1] } else { w[0] < w[1] });
        if !in_order {
            let order = if falling { "falling (the widest list first)" } else { "rising" };
            return Err(format!(
                "{}[lists] {key} = {ages:?}: each age once, in {order} order (such as {example}): each gives a list and its own sheet",
                at("lists", key)
            ));
        }
    }
    for (key, size) in [
        ("top", lists.top),
        ("junior_size", lists.junior_size),
        ("senior_size", lists.senior_size),
        ("females", lists.females),
        ("improvers", lists.improvers),
    ] {
        if size > LONGEST_LIST {
            return Err(format!("{}[lists] {key} = {size}: at most {LONGEST_LIST} players", at("lists", key)));
        }
    }
    let bands = &statistics.age_bands;
    if bands.windows(2).any(|w| w[0] >= w[1]) || bands.first() == Some(&0) {
        return Err(format!(
            "{}[statistics] age_bands must be lower bounds in rising order, above 0 (such as [12, 16, 20, 25, 50, 65, 80]), not {bands:?}",
            at("statistics", "age_bands")
        ));
    }
    if bands.len() > MOST_AGE_BANDS || bands.iter().any(|&b| b > OLDEST_AGE) {
        return Err(format!(
            "{}[statistics] age_bands names {} bands: at most {MOST_AGE_BANDS}, each bound 1 to {OLDEST_AGE} (such as [12, 16, 20, 25, 50, 65, 80])",
            at("statistics", "age_bands"),
            bands.len()
        ));
    }
    if statistics.top_average > LONGEST_LIST {
        return Err(format!(
            "{}[statistics] top_average = {}: at most {LONGEST_LIST}",
            at("statistics", "top_average"),
            statistics.top_average
        ));
    }
    Ok(())
}

/// The line (from 1) where `key` is set in the table `[section]` of `text`.
fn line_of(text: &str, section: &str, key: &str) -> Option<usize> {
    let mut current = String::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.split(']').next()) {
            current = name.trim().to_string();
        } else if current == section {
            let Some((name, _)) = line.split_once('=') else { continue };
            if name.trim() == key {
                return Some(n + 1);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(lists: &str, statistics: &str) -> Result<(), String> {
        let text = format!("[lists]\n{lists}\n\n[statistics]\n{statistics}\n");
        let lists: ListSizes = toml::from_str(&format!("{lists}\n")).unwrap();
        let statistics: StatisticsSettings = toml::from_str(&format!("{statistics}\n")).unwrap();
        check(&lists, &statistics, &text)
    }

    #[test]
    fn a_name_longer_than_a_page_heading_holds_is_an_error_at_its_line() {
        let long = "x".repeat(100_000);
        let text = crate::config::PeriodConfig::example(crate::model::system::SystemName::Acf).to_toml().replacen(
            "period       = \"August 1993\"",
            &format!("period = \"{long}\""),
            1,
        );
        let errors = crate::config::PeriodConfig::read(&text).unwrap_err();
        let line = text.lines().position(|l| l.starts_with("period =")).unwrap() + 1;
        assert_eq!(
            errors,
            [format!("line {line}: `period` is 100000 characters long: at most {LONGEST_NAME} (it heads every page, sheet and workbook the period publishes)")]
        );
        assert!(name("period", &"y".repeat(LONGEST_NAME)).is_ok());
    }

    #[test]
    fn ages_given_twice_or_out_of_order_are_errors_at_their_line() {
        assert_eq!(with("juniors = [20, 16, 12]\nseniors = [50, 65]", ""), Ok(()));
        let err = with("top = 60\nseniors = [80, 50, 50]", "").unwrap_err();
        assert!(err.starts_with("line 3: [lists] seniors = [80, 50, 50]: each age once, in rising order"), "{err}");
        let err = with("juniors = [20, 20]", "").unwrap_err();
        assert!(err.starts_with("line 2: [lists] juniors") && err.contains("[20, 16, 12]"), "{err}");
    }

    #[test]
    fn absurd_sizes_are_refused_with_their_limits() {
        let many: Vec<String> = (1..=3000).map(|a| (a % 120 + 1).to_string()).collect();
        let err = with(&format!("seniors = [{}]", many.join(", ")), "").unwrap_err();
        assert!(err.contains("3000 lists: at most 10"), "{err}");
        let bands: Vec<String> = (1..=5000).map(|a| a.to_string()).collect();
        let err = with("", &format!("age_bands = [{}]", bands.join(", "))).unwrap_err();
        assert!(err.contains("line 5: [statistics] age_bands names 5000 bands: at most 30"), "{err}");
        assert!(with("top = 5000000", "").unwrap_err().contains("[lists] top = 5000000: at most 100000"));
    }
}
