//! ratings.xlsx read back as a spreadsheet program reads it: under every
//! rule set its numbers are number cells (a list's rating, grade and RD, a
//! statistic's figures), so that a sheet sorts them as numbers, and the
//! printed rating's mark (`p`, `?`, `4R`, `Unr`) stands in a column of its own.

use calamine::{Data, Reader};

use crate::common::*;

/// The columns whose text may look like a number and is text all the same.
const TEXT_COLUMNS: [&str; 3] = ["Time control", "Code", "File"];

/// Every list sheet's headings start so (after `Place`, in a ranked list).
fn is_list(headings: &[String], rating: &str) -> bool {
    let from = usize::from(headings.first().is_some_and(|h| h == "Place"));
    headings.get(from).is_some_and(|h| h == rating) && headings.get(from + 1).is_some_and(|h| h == "Mark")
}

#[test]
fn every_rule_sets_numbers_are_numbers_and_the_mark_has_its_own_column() {
    let root = tempfile::tempdir().unwrap();
    // The marks each rule set prints beside a number or instead of one.
    let systems: [(&str, &str, &[&str]); 6] = [
        ("acf", "Rating", &["p"]),
        ("nzcf", "Rating", &["p"]),
        ("ecf", "Grade", &[]),
        ("cis", "Rating", &[]),
        ("fide", "Rating", &[]),
        ("glicko2", "Rating", &["?"]),
    ];
    for (system, rating, marks) in systems {
        let data = root.path().join(format!("data-{system}"));
        let out = root.path().join(format!("out-{system}"));
        let (data_arg, out_arg) = (data.to_str().unwrap(), out.to_str().unwrap());
        let run = ratebook(&[
            "generate",
            "--out",
            data_arg,
            "--players",
            "300",
            "--events",
            "16",
            "--seed",
            "5",
            "--system",
            system,
        ]);
        assert!(run.status.success(), "{system}: {}", stderr(&run));
        let run = ratebook(&["period", "--data", data_arg, "--out", out_arg]);
        assert!(run.status.success(), "{system}: {}", stderr(&run));
        let mut wb = calamine::open_workbook_auto(out.join("ratings.xlsx")).unwrap();
        let (mut lists, mut numbers, mut marked) = (0, 0, std::collections::BTreeSet::new());
        for name in wb.sheet_names() {
            let range = wb.worksheet_range(&name).unwrap();
            let rows: Vec<&[Data]> = range.rows().collect();
            let headings: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
            // No number is stored as text, in any sheet.
            for row in &rows[1..] {
                for (cell, heading) in row.iter().zip(&headings) {
                    if let Data::String(text) = cell {
                        let numeric = text.trim().trim_start_matches('+').parse::<f64>().is_ok();
                        assert!(
                            !numeric || TEXT_COLUMNS.contains(&heading.as_str()),
                            "{system}: {name}, column {heading}: the number {text:?} is stored as text"
                        );
                    }
                }
            }
            if !is_list(&headings, rating) {
                continue;
            }
            lists += 1;
            let at = headings.iter().position(|h| h == rating).unwrap();
            for row in &rows[1..] {
                let (value, mark, status) = (&row[at], &row[at + 1], row[at + 2].to_string());
                match value {
                    Data::Float(_) | Data::Int(_) => numbers += 1,
                    Data::Empty => assert!(
                        status == "unrated" || status == "ungraded",
                        "{system}: {name}: only an unrated player has no number ({row:?})"
                    ),
                    other => panic!("{system}: {name}: the {rating} {other:?} is not a number cell"),
                }
                match mark {
                    Data::Empty => {}
                    Data::String(m) => {
                        marked.insert(m.clone());
                    }
                    other => panic!("{system}: {name}: the mark {other:?} is not text"),
                }
            }
            for figure in ["Games", "Age", "Increase", "RD", "Change", "ID", "Place"] {
                if let Some(k) = headings.iter().position(|h| h == figure) {
                    for row in &rows[1..] {
                        assert!(
                            matches!(row[k], Data::Float(_) | Data::Int(_) | Data::Empty),
                            "{system}: {name}: {figure} {:?} is a number",
                            row[k]
                        );
                    }
                }
            }
        }
        assert!(lists >= 5 && numbers > 100, "{system}: {lists} list sheets, {numbers} numbers");
        for mark in marks {
            assert!(marked.contains(*mark), "{system}: a provisional rating's mark {mark} in {marked:?}");
        }
        for mark in &marked {
            let known = marks.contains(&mark.as_str()) || mark == "Unr" || mark.ends_with('R');
            assert!(known, "{system}: the mark {mark:?} is one the rule set prints");
        }
        if system == "glicko2" {
            let top = sheet_rows(&out.join("ratings.xlsx"), "Top Players");
            assert!(top[0].iter().any(|h| h == "RD"), "glicko2's RD beside the rating: {:?}", top[0]);
        }
    }
}
