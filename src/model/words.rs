//! The words a rule set's outputs print: what its number is called (ACF's
//! "rating", ECF's "grade"), its list, its statuses ("confirmed",
//! "established", or none beyond rated and unrated) and the band its
//! histograms count in. Each rule set gives one [`Words`] behind
//! `RatingSystem::words` (in `rate`); the booklet, the
//! workbooks, the site, `explain` and `history` print from it and never ask
//! which rule set ran. [`RulesText`] is its one text of its rules.

use serde::Serialize;

use super::Status;

/// One rule set's vocabulary, lower case unless the field says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Words {
    /// The number a player holds: "rating", "grade".
    pub rating: &'static str,
    /// Its plural: "ratings", "grades".
    pub ratings: &'static str,
    /// As a heading: "Rating", "Grade".
    pub rating_title: &'static str,
    /// As a heading, plural: "Ratings", "Grades".
    pub ratings_title: &'static str,
    /// The publication: "rating list", "grading list".
    pub list: &'static str,
    /// A player or event with one, a game that counted: "rated", "graded".
    pub rated: &'static str,
    /// A player without one: "unrated", "ungraded".
    pub unrated: &'static str,
    /// The status of a player whose number is established ("confirmed",
    /// "established"); a rule set without such a status says `rated`.
    pub confirmed: &'static str,
    /// The status of a provisional number, when the rule set has one.
    pub provisional: Option<&'static str>,
    /// The width of a histogram's band on this scale.
    pub band: u32,
    /// Who keeps the list, by title: "ratings officer" (the ACF's states'),
    /// "rating officer" (the NZCF's), "grader" (the ECF's counties'),
    /// "rating coordinator" (Chess in Schools').
    pub officer: &'static str,
    /// Whose officer a player writes to: "your state's", "the federation's".
    pub officer_of: &'static str,
    /// What the federation's parts (`[states]`) are called: "state" (the
    /// ACF's), "region" (the NZCF's), "union" (the unions of the British
    /// federation, whose counties graded English chess), "district" (Chess
    /// in Schools' school districts); its plural, and both as headings.
    pub region: &'static str,
    pub regions: &'static str,
    pub region_title: &'static str,
    pub regions_title: &'static str,
}

impl Words {
    /// The word for a status (the player file's `Status` column, the
    /// workbook, the site, `explain`, `history`).
    pub fn status(&self, status: Status) -> &'static str {
        match status {
            Status::New => "new",
            Status::Unrated => self.unrated,
            Status::Provisional => self.provisional.unwrap_or(self.confirmed),
            Status::Confirmed => self.confirmed,
        }
    }

    /// Whether the status says more than that the player has a number: true
    /// for a rule set with statuses of its own (provisional, confirmed), and
    /// for players without one.
    pub fn status_tells(&self, status: Status) -> bool {
        self.provisional.is_some() || !status.is_rated()
    }
}

/// A rule set's one text of its rules, which the booklet's rules section
/// and the site's `rules.html` both print, and its legend of how the lists
/// print a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RulesText {
    /// typst markup: headings, paragraphs, lists, formulas, and the calls
    /// `#example[title][body]`, `#note[body]`, `#rule-table(header, rows)`
    /// and `#legend`, which both printers know.
    pub text: &'static str,
    pub legend: &'static [LegendEntry],
}

/// One line of a legend: a number as the lists print it and what it means
/// (typst markup without blocks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LegendEntry {
    pub sample: &'static str,
    pub meaning: &'static str,
}

/// The ACF's words, which rule sets with ratings, provisional and confirmed, share.
pub const ACF: Words = Words {
    rating: "rating",
    ratings: "ratings",
    rating_title: "Rating",
    ratings_title: "Ratings",
    list: "rating list",
    rated: "rated",
    unrated: "unrated",
    confirmed: "confirmed",
    provisional: Some("provisional"),
    band: 100,
    officer: "ratings officer",
    officer_of: "your state's",
    region: "state",
    regions: "states",
    region_title: "State",
    regions_title: "States",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_in_a_rule_sets_words() {
        let nzcf = Words { confirmed: "established", ..ACF };
        assert_eq!(nzcf.status(Status::Confirmed), "established");
        assert_eq!(nzcf.status(Status::Provisional), "provisional");
        let ecf = Words { rated: "graded", unrated: "ungraded", confirmed: "graded", provisional: None, ..ACF };
        assert_eq!(ecf.status(Status::Confirmed), "graded");
        assert_eq!(ecf.status(Status::Unrated), "ungraded");
        assert!(!ecf.status_tells(Status::Confirmed));
        assert!(ecf.status_tells(Status::Unrated));
        assert!(nzcf.status_tells(Status::Confirmed));
    }
}
