//! `ratebook handicap` on the source's three matches (fixtures in
//! tests/fixtures/handicap/, grades = the printed ratings × 10): their points
//! starts (0.5, 2.5, 0.5, all to the home side) and results, as a card, as
//! JSON, and as the Handicap sheet written beside the match.

use std::path::{Path, PathBuf};

use crate::common::*;

/// One board: (home name, home grade, home result), (away name, away grade, away result).
type Row<'a> = (u32, (&'a str, f64, f64), (&'a str, f64, f64));

/// Holme Valley v Hudd Rooks, 06/03/2007.
const HOLME_VALLEY: [Row; 6] = [
    (1, ("KEELY Leo A", 160.0, 1.0), ("PARSONS Matthew", 125.0, 0.0)),
    (2, ("GRIST James", 95.0, 0.0), ("AGUIRRE Antonio", 125.0, 1.0)),
    (3, ("THOMPSON Stewart V.", 95.0, 1.0), ("SHAH Mehool", 90.0, 0.0)),
    (4, ("DOUGLAS Peter", 80.0, 1.0), ("CZERWINSKI Peter", 85.0, 0.0)),
    (5, ("BATTYE Norman", 60.0, 0.0), ("ROJINSKY Mark", 80.0, 1.0)),
    (6, ("FROGATT Joe", 50.0, 0.0), ("HUGHES Jon", 65.0, 1.0)),
];

/// Netherton B v Wakefield, 14/02/2007.
const NETHERTON_B: [Row; 6] = [
    (1, ("COUPE Alan D", 120.0, 1.0), ("SKINNER Simon", 130.0, 0.0)),
    (2, ("WARD John", 95.0, 0.0), ("WATERHOUSE Mark", 125.0, 1.0)),
    (3, ("LUMLEY William F", 85.0, 0.5), ("SHELMERDINE Mark", 100.0, 0.5)),
    (4, ("NEWSOME John V", 70.0, 0.0), ("JOHNSON, I", 90.0, 1.0)),
    (5, ("COUPE David A", 60.0, 0.5), ("HEPWORTH D", 85.0, 0.5)),
    (6, ("MOLD Roland", 50.0, 0.5), ("HAINSWORTH John G", 80.0, 0.5)),
];

/// Wakefield v Netherton A, 22/01/2007.
const WAKEFIELD: [Row; 6] = [
    (1, ("SKINNER Simon", 130.0, 0.0), ("SHAW Peter", 180.0, 1.0)),
    (2, ("WATERHOUSE Mark", 125.0, 0.5), ("EDWARDS Nickolas J", 145.0, 0.5)),
    (3, ("TINKER Chris R", 120.0, 1.0), ("RIGBY Nicholas T", 120.0, 0.0)),
    (4, ("HOLLOWAY A", 100.0, 0.0), ("JACKSON Paul H", 105.0, 1.0)),
    (5, ("JOHNSON, I", 90.0, 0.0), ("ROUTLEDGE Adam", 80.0, 1.0)),
    (6, ("HEPWORTH D", 85.0, 1.0), ("TANNA Yeshurun", 50.0, 0.0)),
];

const FIXTURES: [(&str, &[Row]); 3] = [
    ("holme-valley-v-hudd-rooks", &HOLME_VALLEY),
    ("netherton-b-v-wakefield", &NETHERTON_B),
    ("wakefield-v-netherton-a", &WAKEFIELD),
];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/handicap").join(format!("{name}.xlsx"))
}

/// Writes a match sheet; `results` false leaves the result columns out.
fn write_match(path: &Path, rows: &[Row], results: bool) {
    let mut wb = rust_xlsxwriter::Workbook::new();
    wb.set_properties(&rust_xlsxwriter::DocProperties::new().set_creation_datetime(&date(2007, 7, 4)));
    let sheet = wb.add_worksheet();
    sheet.set_name("Match").unwrap();
    let header = ["Board", "Home player", "Home grade", "Away player", "Away grade", "Home result", "Away result"];
    let columns = if results { 7 } else { 5 };
    for (c, h) in header.iter().take(columns).enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (i, (board, home, away)) in rows.iter().enumerate() {
        let r = i as u32 + 1;
        sheet.write_number(r, 0, *board).unwrap();
        sheet.write_string(r, 1, home.0).unwrap();
        sheet.write_number(r, 2, home.1).unwrap();
        sheet.write_string(r, 3, away.0).unwrap();
        sheet.write_number(r, 4, away.1).unwrap();
        if results {
            sheet.write_number(r, 5, home.2).unwrap();
            sheet.write_number(r, 6, away.2).unwrap();
        }
    }
    wb.save(path).unwrap();
}

/// Copies a fixture into a fresh folder.
fn copy_fixture(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{name}.xlsx"));
    std::fs::copy(fixture(name), &path).unwrap();
    (dir, path)
}

/// Runs `handicap` on the match at `path`, the card going to `cards/` beside it.
fn handicap(path: &Path, more: &[&str]) -> std::process::Output {
    let cards = path.parent().unwrap().join("cards");
    let mut args = vec![std::ffi::OsStr::new("handicap"), path.as_os_str(), "--out".as_ref(), cards.as_os_str()];
    args.extend(more.iter().map(std::ffi::OsStr::new));
    ratebook(&args)
}

fn json(path: &Path) -> serde_json::Value {
    let out = handicap(path, &["--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn the_fixtures_hold_the_sources_matches() {
    for (name, rows) in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh.xlsx");
        write_match(&fresh, rows, true);
        assert_eq!(sheet_rows(&fixture(name), "Match"), sheet_rows(&fresh, "Match"), "{name}");
    }
}

#[test]
fn the_three_matches_give_their_printed_starts_and_results() {
    let expected = [
        // (home total, away total, start, home score, away score, outcome)
        (14.0, 8.0, 0.5, 3.5, 3.0, "home"),
        (26.0, 0.0, 2.5, 5.0, 3.5, "home"),
        (13.5, 9.0, 0.5, 3.0, 3.5, "away"),
    ];
    for ((name, _), e) in FIXTURES.iter().zip(expected) {
        let (_dir, path) = copy_fixture(name);
        let j = json(&path);
        assert_eq!(j["home_total"], e.0, "{name}: {j}");
        assert_eq!(j["away_total"], e.1, "{name}: {j}");
        assert_eq!(j["start"], e.2, "{name}: {j}");
        assert_eq!(j["start_to"], "home", "{name}: {j}");
        assert_eq!(j["home_score"], e.3, "{name}: {j}");
        assert_eq!(j["away_score"], e.4, "{name}: {j}");
        assert_eq!(j["outcome"], e.5, "{name}: {j}");
    }
}

#[test]
fn the_card_is_printed_and_written_where_out_says() {
    let (dir, path) = copy_fixture("holme-valley-v-hudd-rooks");
    let out = handicap(&path, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("KEELY Leo A"), "{text}");
    assert!(text.contains("Points start: 14 − 8 = 6, ÷ 10 = 0.6 → 0.5 to the home team"), "{text}");
    assert!(text.contains("Result: home 3 + 0.5 = 3.5, away 3"), "{text}");
    assert!(text.contains("The home team wins 3.5 – 3"), "{text}");
    let card = dir.path().join("cards/holme-valley-v-hudd-rooks-handicap.xlsx");
    assert!(!dir.path().join("holme-valley-v-hudd-rooks-handicap.xlsx").exists(), "nothing beside the match");
    let rows = sheet_rows(&card, "Handicap");
    assert_eq!(rows[0], ["Board", "Home player", "Rating", "Adj", "Result", "Away player", "Rating", "Adj", "Result"]);
    assert_eq!(rows[1], ["1", "KEELY Leo A", "16", "", "1", "PARSONS Matthew", "12.5", "7", "0"]);
    assert_eq!(rows[7][1], "Adjustment total");
    assert_eq!((rows[7][3].as_str(), rows[7][7].as_str()), ("14", "8"));
    assert_eq!((rows[8][1].as_str(), rows[8][4].as_str()), ("Points start", "0.5"));
    assert_eq!((rows[9][1].as_str(), rows[9][4].as_str(), rows[9][8].as_str()), ("Result", "3.5", "3"));
    // The same match gives the same bytes.
    let first = std::fs::read(&card).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert!(handicap(&path, &[]).status.success());
    assert_eq!(first, std::fs::read(&card).unwrap());
}

#[test]
fn without_results_only_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fixture.xlsx");
    write_match(&path, &NETHERTON_B, false);
    let j = json(&path);
    assert_eq!(
        (j["home_total"].as_f64(), j["start"].as_f64(), j["start_to"].as_str()),
        (Some(26.0), Some(2.5), Some("home"))
    );
    assert!(j.get("outcome").is_none(), "{j}");
}

#[test]
fn boards_out_of_order_are_named_and_bad_sheets_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("swapped.xlsx");
    let mut rows = HOLME_VALLEY;
    rows.swap(0, 1);
    rows[0].0 = 1;
    rows[1].0 = 2;
    write_match(&path, &rows, true);
    let out = handicap(&path, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let warnings = stderr(&out);
    assert!(warnings.contains("board 2: the home player (rating 16) is rated above board 1's (9.5)"), "{warnings}");

    let bad = dir.path().join("bad.xlsx");
    let mut wb = rust_xlsxwriter::Workbook::new();
    let sheet = wb.add_worksheet();
    sheet.set_name("Match").unwrap();
    for (c, h) in ["Board", "Home player", "Home grade", "Away player"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    wb.save(&bad).unwrap();
    let out = handicap(&bad, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no column \"Away grade\""), "{}", stderr(&out));
    let missing = ratebook(&["handicap", "/nonexistent/match.xlsx"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn the_card_goes_to_handicap_in_the_current_folder_by_default() {
    let (dir, path) = copy_fixture("netherton-b-v-wakefield");
    let work = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(crate::common::binary())
        .arg("handicap")
        .arg(&path)
        .current_dir(work.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(work.path().join("handicap/netherton-b-v-wakefield-handicap.xlsx").is_file());
    let beside: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(beside, ["netherton-b-v-wakefield.xlsx"], "the match's folder is left as it was");
}

#[test]
fn the_json_holds_every_board() {
    let (_dir, path) = copy_fixture("holme-valley-v-hudd-rooks");
    let j = json(&path);
    let boards = j["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 6, "{j}");
    let first = &boards[0];
    assert_eq!(first["board"], 1);
    assert_eq!(first["home"]["name"], "KEELY Leo A");
    assert_eq!((first["home"]["grade"].as_f64(), first["home"]["rating"].as_f64()), (Some(160.0), Some(16.0)));
    assert_eq!((first["home"]["adjustment"].as_f64(), first["home"]["result"].as_f64()), (Some(0.0), Some(1.0)));
    assert_eq!((first["away"]["rating"].as_f64(), first["away"]["adjustment"].as_f64()), (Some(12.5), Some(7.0)));
    let adjustments: f64 = boards.iter().map(|b| b["away"]["adjustment"].as_f64().unwrap()).sum();
    assert_eq!(Some(adjustments), j["away_total"].as_f64());
}

#[test]
fn the_template_is_a_match_the_handicap_reads() {
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("team");
    std::fs::create_dir(&work).unwrap();
    let out = std::process::Command::new(crate::common::binary())
        .args(["template", "--handicap"])
        .current_dir(&work)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let path = work.join("match.xlsx");
    let rows = sheet_rows(&path, "Match");
    assert_eq!(
        rows[0],
        ["Board", "Home player", "Home grade", "Away player", "Away grade", "Home result", "Away result"]
    );
    assert!(!sheet_rows(&path, "Notes").is_empty());
    // The worked example is the source's first match: 14 − 8 gives the home team 0.5.
    let j = json(&path);
    assert_eq!(
        (j["start"].as_f64(), j["start_to"].as_str(), j["outcome"].as_str()),
        (Some(0.5), Some("home"), Some("home"))
    );
}
