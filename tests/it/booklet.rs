//! The booklet from a generated period: every section, every state, Tables 1
//! and 2, and the Top Players in the same order as ratings.xlsx.

use crate::common::*;

#[test]
fn the_booklet_shows_every_section_and_matches_the_workbook() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let out = root.path().join("output");
    let run =
        ratebook(&["generate", "--out", data.to_str().unwrap(), "--players", "600", "--events", "30", "--seed", "11"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let pdf = std::fs::read(out.join("booklet.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"));

    let booklet = ratebook::commands::booklet_data(&data).unwrap();
    let text = ratebook::publish::booklet::booklet_text(&booklet, None).unwrap();
    for title in [
        "Ratings",
        "Contents",
        "Top Players",
        "Top Under 20",
        "Top Under 16",
        "Top Under 12",
        "Top Females",
        "Top Improvers",
        "Events Rated This Period",
        "Events Not Rated or Deferred",
        "The Rating System",
        "Table 1",
        "Table 2",
    ] {
        assert!(text.contains(title), "the booklet has {title}");
    }
    let config = ratebook::ingest::DataFolder::open(&data).unwrap().config;
    for (_, name) in &config.states {
        assert!(text.contains(name.as_str()), "the booklet names {name}");
    }
    for value in ["677", "\u{2212}677", "589", "0-3", "736+", "620-735", "279-290"] {
        assert!(text.contains(value), "Tables 1 and 2 show {value}");
    }

    // The Top Players, in the workbook's order, appear in that order in the booklet.
    let sheet = sheet_rows(&out.join("ratings.xlsx"), "Top Players");
    let (name, id) = (column(&sheet, "Name"), column(&sheet, "ID"));
    let names: Vec<&str> = sheet[1..].iter().map(|r| r[name].as_str()).collect();
    assert!(names.len() >= 20, "a real top list ({} rows)", names.len());
    let listed: Vec<&str> = booklet.lists[0].rows.iter().map(|r| r.name.as_str()).collect();
    // The booklet adds the ID to a name that a namesake shares.
    let expected: Vec<String> =
        sheet[1..]
            .iter()
            .zip(&listed)
            .map(|(r, l)| {
                if l.ends_with(&format!(" ({})", r[id])) {
                    format!("{} ({})", r[name], r[id])
                } else {
                    r[name].clone()
                }
            })
            .collect();
    assert_eq!(listed, expected, "the booklet's data is the workbook's list");
    // The statistics are the publication's, as the workbook prints them:
    // each table a sheet of the same rows (the first column's texts alike).
    assert!(booklet.statistics.tables.len() >= 3, "the booklet's data has the statistics");
    for table in &booklet.statistics.tables {
        let sheet = sheet_rows(&out.join("ratings.xlsx"), &table.name);
        assert_eq!(sheet[0], table.columns, "{}'s headings", table.name);
        let firsts: Vec<&str> = sheet[1..].iter().map(|r| r[0].as_str()).collect();
        let printed: Vec<&str> = table.rows.iter().map(|r| r[0].as_str()).collect();
        assert_eq!(firsts, printed, "{}'s rows", table.name);
    }
    // From the first top player's line (past the contents page) to the next list.
    let first = names[0].split(',').next().unwrap();
    let section = &text[text.find(first).unwrap()..];
    let section = &section[..section.find("Top Under").unwrap_or(section.len())];
    let mut from = 0;
    for name in &names {
        let surname = name.split(',').next().unwrap();
        let at = section[from..]
            .find(surname)
            .unwrap_or_else(|| panic!("{name} in the Top Players pages after position {from}"));
        from += at + surname.len();
    }
}
