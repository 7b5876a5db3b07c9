//! A published statistic as data: its name (the sheet's name in
//! ratings.xlsx, the heading in the booklet and on the site), its column
//! headings and its cells. Every output prints these same cells, so their
//! figures agree.

use serde::Serialize;

/// One cell: a count, a figure printed to one decimal, a rating printed
/// whole as the lists print it, a text, or nothing (a band with no players
/// has no mean: it prints empty, not zero).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Cell {
    Empty,
    Count(u64),
    /// Rounded to one decimal when made ([`Cell::figure`]).
    Figure(f64),
    /// A rating as the lists print it (`2611`): [`Cell::rating`].
    Rating(i64),
    Text(String),
}

impl Cell {
    /// A figure to one decimal, or empty.
    pub fn figure(value: Option<f64>) -> Cell {
        match value {
            Some(v) if v.is_finite() => Cell::Figure((v * 10.0).round() / 10.0 + 0.0),
            _ => Cell::Empty,
        }
    }

    /// A rating rounded as the lists round it (half up), printed whole.
    pub fn rating(value: f64) -> Cell {
        if value.is_finite() {
            Cell::Rating(crate::rate::round_half_up(value))
        } else {
            Cell::Empty
        }
    }

    pub fn text(text: impl Into<String>) -> Cell {
        Cell::Text(text.into())
    }

    /// The cell as printed: `1572.3`, `12`, `Under 12`, or nothing.
    pub fn printed(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Count(n) => n.to_string(),
            Cell::Figure(x) => format!("{x:.1}"),
            Cell::Rating(r) => r.to_string(),
            Cell::Text(t) => t.clone(),
        }
    }

    /// The cell as a number, when it is one.
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Count(n) => Some(*n as f64),
            Cell::Figure(x) => Some(*x),
            Cell::Rating(r) => Some(*r as f64),
            _ => None,
        }
    }
}

/// A statistic's table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatTable {
    /// `By Age`, `Trends`…: the sheet's name in ratings.xlsx.
    pub name: String,
    /// A line under the heading: what the table counts, and what it lacks.
    pub note: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

impl StatTable {
    pub fn new(name: &str, note: impl Into<String>, columns: &[&str]) -> StatTable {
        StatTable {
            name: name.to_string(),
            note: note.into(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// The cells of the column headed `heading`, row by row.
    pub fn column(&self, heading: &str) -> Option<Vec<&Cell>> {
        let k = self.columns.iter().position(|c| c == heading)?;
        Some(self.rows.iter().map(|r| &r[k]).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_prints_to_one_decimal_and_a_missing_one_empty() {
        assert_eq!(Cell::figure(Some(1572.25)).printed(), "1572.3");
        assert_eq!(Cell::figure(Some(-0.04)).printed(), "0.0");
        assert_eq!(Cell::figure(None).printed(), "");
        assert_eq!(Cell::figure(Some(f64::NAN)), Cell::Empty);
        // A rating prints as the lists print it.
        assert_eq!(Cell::rating(2611.0).printed(), "2611");
        assert_eq!(Cell::rating(1830.5).printed(), "1831");
        assert_eq!(
            serde_json::to_string(&vec![Cell::Empty, Cell::Count(3), Cell::figure(Some(2.0))]).unwrap(),
            "[null,3,2.0]"
        );
    }
}
