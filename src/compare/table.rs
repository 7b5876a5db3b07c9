//! The comparison as one table, computed once: a row per measure, a column
//! per rule set. The terminal, the page and the workbook all print it (the
//! workbook with numbers as numbers), and the verdict and the movers beside
//! it.

use super::{Comparison, SystemScores, MOVERS};
use crate::switch::shift::{signed, THRESHOLD, TOP};

/// How a row's numbers print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Whole,
    Decimals(usize),
    /// A share as a percentage with one decimal.
    Percent,
    /// With its sign (a change), one decimal.
    Signed,
}

/// One measure across the rule sets.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub label: String,
    /// What the measure is, in a sentence (the page's and the workbook's note).
    pub note: String,
    pub values: Vec<Option<f64>>,
    pub format: Format,
}

impl Format {
    /// `value` as the row prints it ("–" when there is none).
    pub fn print(self, value: Option<f64>) -> String {
        let Some(v) = value else { return "–".to_string() };
        match self {
            Format::Whole => format!("{}", v.round() as i64),
            Format::Decimals(d) => format!("{v:.d$}"),
            Format::Percent => format!("{:.1}%", v * 100.0),
            Format::Signed => signed(v),
        }
    }
}

impl Comparison {
    /// Each rule set's heading: its name, the recorded one marked.
    pub fn headings(&self) -> Vec<String> {
        self.systems
            .iter()
            .map(|s| if s.recorded { format!("{}, recorded", s.system) } else { s.system.to_string() })
            .collect()
    }

    /// The table's rows.
    pub fn rows(&self) -> Vec<Row> {
        let s = &self.systems;
        let each = |f: &dyn Fn(&SystemScores) -> Option<f64>| s.iter().map(f).collect::<Vec<_>>();
        let count = |f: &dyn Fn(&SystemScores) -> usize| s.iter().map(|c| Some(f(c) as f64)).collect::<Vec<_>>();
        let mean_drift = |c: &SystemScores| {
            let d: Vec<f64> = c.drift.iter().flatten().copied().collect();
            super::scores::mean_sd(&d).map(|(m, _)| m)
        };
        vec![
            Row {
                label: "Games predicted".to_string(),
                note: "games between two players every rule set rated at the start of the period".to_string(),
                values: each(&|c| Some(c.prediction.games as f64)),
                format: Format::Whole,
            },
            Row {
                label: "Mean log-loss".to_string(),
                note: "binomial deviance of the expected scores (lower is better; 0.693 is a coin)".to_string(),
                values: each(&|c| c.log_loss),
                format: Format::Decimals(4),
            },
            Row {
                label: "Brier score".to_string(),
                note: "mean squared error of the expected scores (lower is better; 0.25 is a coin)".to_string(),
                values: each(&|c| c.brier),
                format: Format::Decimals(4),
            },
            Row {
                label: "Favourite won".to_string(),
                note: "share of the decisive games won by the player expected to score more".to_string(),
                values: each(&|c| c.favourite_share),
                format: Format::Percent,
            },
            Row {
                label: "Drift per period".to_string(),
                note: "mean change of the players rated at a period's start and end, averaged over the periods".to_string(),
                values: each(&mean_drift),
                format: Format::Signed,
            },
            Row {
                label: "Rated players at the end".to_string(),
                note: "players with a published rating on the last list: the recorded list's players (its removals stand, as a switch keeps them) under each rule set".to_string(),
                values: count(&|c| c.against_recorded.rated_after),
                format: Format::Whole,
            },
            Row {
                label: "Mean at the end".to_string(),
                note: "the mean published rating on that list".to_string(),
                values: each(&|c| c.against_recorded.mean_after),
                format: Format::Decimals(1),
            },
            Row {
                label: "Spread at the end".to_string(),
                note: "the standard deviation of the published ratings on that list".to_string(),
                values: each(&|c| c.against_recorded.spread_after),
                format: Format::Decimals(1),
            },
            Row {
                label: "Rated on both lists".to_string(),
                note: "players with a published rating on the recorded last list and on this one".to_string(),
                values: count(&|c| c.against_recorded.both),
                format: Format::Whole,
            },
            Row {
                label: "Mean shift".to_string(),
                note: "the rating minus the recorded one, over the players rated on both lists (what a switch prints)".to_string(),
                values: each(&|c| c.against_recorded.mean_shift),
                format: Format::Signed,
            },
            Row {
                label: format!("Up by more than {THRESHOLD:.0}"),
                note: format!("players rated on both lists whose rating is higher by more than {THRESHOLD:.0} points"),
                values: count(&|c| c.against_recorded.up),
                format: Format::Whole,
            },
            Row {
                label: format!("Down by more than {THRESHOLD:.0}"),
                note: format!("players rated on both lists whose rating is lower by more than {THRESHOLD:.0} points"),
                values: count(&|c| c.against_recorded.down),
                format: Format::Whole,
            },
            Row {
                label: format!("Within {THRESHOLD:.0}"),
                note: format!("players rated on both lists whose rating moves by {THRESHOLD:.0} points or less"),
                values: count(&|c| c.against_recorded.unchanged),
                format: Format::Whole,
            },
            Row {
                label: "First ratings".to_string(),
                note: "players the recorded list publishes no rating for, rated under this rule set".to_string(),
                values: count(&|c| c.against_recorded.gained),
                format: Format::Whole,
            },
            Row {
                label: "Ratings lost".to_string(),
                note: "players rated on the recorded list, without a published rating under this rule set".to_string(),
                values: count(&|c| c.against_recorded.lost),
                format: Format::Whole,
            },
            Row {
                label: format!("Rank correlation, top {TOP}"),
                note: format!("Spearman's correlation with the recorded order of the recorded list's top {TOP}"),
                values: each(&|c| c.against_recorded.top_rank_correlation),
                format: Format::Decimals(3),
            },
        ]
    }

    /// The opening line: what was re-rated.
    pub fn introduction(&self) -> String {
        let first = self.periods.first().map_or("", String::as_str);
        let last = self.periods.last().map_or("", String::as_str);
        format!(
            "{} re-rated under {} rule sets: {} periods, {first} to {last}; {} games in {} events predicted from the ratings at each period's start",
            self.federation,
            self.systems.len(),
            self.periods.len(),
            self.games,
            self.events
        ) + &self.on_the_main_list()
    }

    /// For a federation that keeps several rating lists: which one was compared.
    fn on_the_main_list(&self) -> String {
        if self.lists_beside.is_empty() {
            return String::new();
        }
        format!(
            " (its main list; the {} list{} beside it not compared: a comparison per list is not built yet)",
            self.lists_beside.join(" and "),
            if self.lists_beside.len() == 1 { "" } else { "s" }
        )
    }

    /// The verdict in sentences; without a game every rule set predicted,
    /// why there is none.
    pub fn verdict_sentences(&self) -> Vec<String> {
        match &self.verdict {
            Some(verdict) => verdict.sentences(),
            None => {
                let none: Vec<String> = self
                    .systems
                    .iter()
                    .filter(|c| c.against_recorded.rated_after == 0)
                    .map(|c| c.system.to_string())
                    .collect();
                let why = match none.as_slice() {
                    [] => String::new(),
                    names => format!(" ({} rated no player of this history)", names.join(", ")),
                };
                vec![format!(
                    "No game was played between two players every rule set had rated{why}: the rule sets cannot be scored against each other; compare the others without it."
                )]
            }
        }
    }

    /// The rule sets other than the recorded one, each with what a switch
    /// to it would do to the recorded list, in words.
    pub fn moves(&self) -> Vec<(&SystemScores, String)> {
        self.systems
            .iter()
            .filter(|c| !c.recorded)
            .map(|c| {
                (c, format!("Under {}, against the recorded list: {}.", c.system, c.against_recorded.summary(c.title)))
            })
            .collect()
    }

    /// The comparison as the terminal prints it: the table, the verdict,
    /// then what each rule set does to the list and its biggest movers.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n\n", self.introduction());
        let headings = self.headings();
        let rows = self.rows();
        let cells: Vec<Vec<String>> =
            rows.iter().map(|r| r.values.iter().map(|v| r.format.print(*v)).collect()).collect();
        let label_width = rows.iter().map(|r| r.label.chars().count()).max().unwrap_or(0);
        let widths: Vec<usize> = (0..headings.len())
            .map(|c| cells.iter().map(|r| r[c].chars().count()).chain([headings[c].chars().count()]).max().unwrap_or(0))
            .collect();
        out += &format!("{:label_width$}", "");
        for (h, w) in headings.iter().zip(&widths) {
            out += &format!("  {h:>w$}");
        }
        out.push('\n');
        for (row, cells) in rows.iter().zip(&cells) {
            out += &format!("{:label_width$}", row.label);
            for (c, w) in cells.iter().zip(&widths) {
                out += &format!("  {c:>w$}");
            }
            out.push('\n');
        }
        out.push('\n');
        for sentence in self.verdict_sentences() {
            out += &format!("{sentence}\n");
        }
        for (column, said) in self.moves() {
            out += &format!("\n{said}\n");
            out += &column.against_recorded.biggest_text(MOVERS, "Biggest movers", "; comparison.xlsx lists every one");
        }
        out
    }
}
