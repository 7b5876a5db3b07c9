//! The comparison as one table, computed once: a row per measure, a column
//! per rule set. The terminal, the page and the workbook all print it (the
//! workbook with numbers as numbers).

use super::Comparison;

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
    pub label: &'static str,
    /// What the measure is, in a sentence (the page's and the workbook's note).
    pub note: &'static str,
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
            Format::Signed if v.abs() < 0.05 => "0.0".to_string(),
            Format::Signed => format!("{v:+.1}"),
        }
    }
}

impl Comparison {
    /// Each rule set's heading: its name, the recorded one marked.
    pub fn headings(&self) -> Vec<String> {
        self.systems
            .iter()
            .map(|s| if s.recorded { format!("{} (recorded)", s.system) } else { s.system.to_string() })
            .collect()
    }

    /// The table's rows.
    pub fn rows(&self) -> Vec<Row> {
        let s = &self.systems;
        let each = |f: &dyn Fn(&super::SystemScores) -> Option<f64>| s.iter().map(f).collect::<Vec<_>>();
        let mean_drift = |c: &super::SystemScores| {
            let d: Vec<f64> = c.drift.iter().flatten().copied().collect();
            super::scores::mean_sd(&d).map(|(m, _)| m)
        };
        vec![
            Row {
                label: "Games predicted",
                note: "games between two players every rule set rated at the start of the period",
                values: each(&|c| Some(c.prediction.games as f64)),
                format: Format::Whole,
            },
            Row {
                label: "Mean log-loss",
                note: "binomial deviance of the expected scores (lower is better; 0.693 is a coin)",
                values: each(&|c| c.log_loss),
                format: Format::Decimals(4),
            },
            Row {
                label: "Brier score",
                note: "mean squared error of the expected scores (lower is better; 0.25 is a coin)",
                values: each(&|c| c.brier),
                format: Format::Decimals(4),
            },
            Row {
                label: "Favourite won",
                note: "share of the decisive games won by the player expected to score more",
                values: each(&|c| c.favourite_share),
                format: Format::Percent,
            },
            Row {
                label: "Drift per period",
                note: "mean change of the players rated at a period's start and end, averaged over the periods",
                values: each(&mean_drift),
                format: Format::Signed,
            },
            Row {
                label: "Rated players at the end",
                note: "players with a published rating on the last list",
                values: each(&|c| Some(c.players as f64)),
                format: Format::Whole,
            },
            Row {
                label: "Mean at the end",
                note: "the mean published rating on the last list",
                values: each(&|c| c.mean),
                format: Format::Decimals(1),
            },
            Row {
                label: "Spread at the end",
                note: "the standard deviation of the published ratings on the last list",
                values: each(&|c| c.spread),
                format: Format::Decimals(1),
            },
            Row {
                label: "Mean shift",
                note: "the rating minus the recorded one, over the players rated on both last lists",
                values: each(&|c| c.against_recorded.mean_shift),
                format: Format::Signed,
            },
            Row {
                label: "Rank correlation, top 100",
                note: "Spearman's correlation with the recorded order of the recorded list's top 100",
                values: each(&|c| c.against_recorded.top_rank_correlation),
                format: Format::Decimals(3),
            },
        ]
    }

    /// The comparison as the terminal prints it: the table, then each rule
    /// set's biggest movers.
    pub fn to_text(&self) -> String {
        let first = self.periods.first().map_or("", String::as_str);
        let last = self.periods.last().map_or("", String::as_str);
        let mut out = format!(
            "{} re-rated under {} rule sets: {} periods, {first} to {last}; {} games predicted from the ratings at each period's start\n\n",
            self.federation,
            self.systems.len(),
            self.periods.len(),
            self.games
        );
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
        for column in self.systems.iter().filter(|c| !c.against_recorded.movers.is_empty()) {
            out += &format!("\nBiggest movers under {} against the recorded list:\n", column.system);
            for m in &column.against_recorded.movers {
                out += &format!(
                    "  {:>8}  {:<32} {:>6} → {:>6}  ({})\n",
                    m.id,
                    m.name,
                    Format::Whole.print(Some(m.recorded)),
                    Format::Whole.print(Some(m.rating)),
                    Format::Signed.print(Some(m.shift))
                );
            }
        }
        out
    }
}
