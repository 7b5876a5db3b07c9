//! The outputs of a federation that keeps three rating lists (issue 45,
//! item 5), through the binary on `generate --system fide --lists
//! standard,rapid,blitz` and `period`: the booklet has a part per list, the
//! workbook a sheet set per list with `Events` once, the site each player's
//! lists side by side with a chart per list, and the downloads come per
//! list; each list's figures alike in every output.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common::*;

/// A FIDE federation with three lists over two periods (published and
/// recorded by `generate`), the last period published again into `out`.
pub struct ThreeLists {
    pub data: PathBuf,
    pub out: PathBuf,
}

/// The folder and its publication, made once for every test that reads it.
pub fn three_lists() -> &'static ThreeLists {
    static MADE: OnceLock<ThreeLists> = OnceLock::new();
    MADE.get_or_init(|| {
        let root = tempfile::Builder::new().prefix("ratebook-lists-").tempdir().unwrap().keep();
        crate::site::remove_when_done(root.clone());
        let (data, out) = (root.join("data"), root.join("out"));
        let d = data.to_str().unwrap();
        let args = ["generate", "--out", d, "--system", "fide", "--lists", "standard,rapid,blitz"];
        let run = ratebook(&[&args[..], &["--players", "500", "--events", "50", "--periods", "2"]].concat());
        assert!(run.status.success(), "{}", stderr(&run));
        let run = ratebook(&["period", "--data", d, "--out", out.to_str().unwrap()]);
        assert!(run.status.success(), "{}", stderr(&run));
        ThreeLists { data, out }
    })
}

/// The sheet names of a workbook, in order.
fn sheet_names(path: &Path) -> Vec<String> {
    use calamine::Reader;
    calamine::open_workbook_auto(path).unwrap().sheet_names().to_vec()
}

#[test]
fn the_workbook_has_a_sheet_set_per_list_and_the_events_once_with_their_list() {
    let t = three_lists();
    let book = t.out.join("ratings.xlsx");
    let names = sheet_names(&book);
    assert!(names.iter().all(|n| n.encode_utf16().count() <= 31), "Excel's 31 characters: {names:?}");
    let at = |name: &str| names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name} in {names:?}"));
    // The main list's sheets keep their names and come first; then each list's.
    assert!(at("Top Players") < at("Events") && at("Events") < at("Calculations"));
    assert!(at("Calculations") < at("Rapid Top Players") && at("Rapid Top Players") < at("Blitz Top Players"));
    for name in ["Rapid Calculations", "Blitz Calculations", "Rapid Trends", "Blitz By Age", "Rapid Victoria"] {
        at(name);
    }
    assert_eq!(names.iter().filter(|n| n.ends_with("Events")).count(), 1, "Events once: {names:?}");
    // Events: every event with its list, and the other lists' events rated.
    let events = sheet_rows(&book, "Events");
    let (list, rated, code) = (column(&events, "List"), column(&events, "Rated"), column(&events, "Code"));
    let on = |l: &str| events[1..].iter().filter(|r| r[list] == l && r[rated] == "yes").count();
    assert!(on("standard") > 10 && on("rapid") > 3 && on("blitz") > 1, "{:?}", &events[..5]);
    // A rapid event's calculations are on the rapid sheet, not the standard one.
    let rapid: Vec<&str> =
        events[1..].iter().filter(|r| r[list] == "rapid" && r[rated] == "yes").map(|r| r[code].as_str()).collect();
    let calculated = |sheet: &str| -> Vec<String> {
        let rows = sheet_rows(&book, sheet);
        let event = column(&rows, "Event");
        rows[1..].iter().map(|r| r[event].clone()).collect()
    };
    let (standard, on_rapid) = (calculated("Calculations"), calculated("Rapid Calculations"));
    assert!(rapid.iter().all(|e| on_rapid.iter().any(|c| c == e)), "each rapid event calculated on its list");
    assert!(rapid.iter().all(|e| !standard.iter().any(|c| c == e)), "and not on the standard list");
}

#[test]
fn the_booklet_has_a_part_per_list_with_the_workbooks_figures() {
    let t = three_lists();
    let booklet = ratebook::commands::booklet_data(&t.data).unwrap();
    let titles: Vec<&str> = booklet.parts.iter().map(|p| p.heading.title.as_str()).collect();
    assert_eq!(titles, ["Rapid List", "Blitz List"]);
    assert_eq!(booklet.part.as_ref().map(|p| p.title.as_str()), Some("Standard List"));
    for (part, sheet) in booklet.parts.iter().zip(["Rapid Top Players", "Blitz Top Players"]) {
        assert_eq!(part.heading.system, "FIDE Elo (2024)");
        assert!(part.heading.totals.rated_events > 0 && part.heading.totals.games_rated > 0);
        assert!(!part.data.statistics.tables.is_empty(), "{}'s statistics", part.heading.title);
        // The part's top list is the workbook's, rating for rating.
        let rows = sheet_rows(&t.out.join("ratings.xlsx"), sheet);
        let rating = column(&rows, "Rating");
        let printed: Vec<&str> = part.data.lists[0].rows.iter().map(|r| r.rating.as_str()).collect();
        let listed: Vec<&str> = rows[1..].iter().map(|r| r[rating].as_str()).collect();
        assert!(!printed.is_empty());
        assert_eq!(printed.iter().map(|r| r.trim_end_matches('p')).collect::<Vec<_>>(), listed, "{sheet}");
    }
    // Every event rated on its list is among the rated, saying its list.
    let notes: Vec<&str> = booklet.events_rated.iter().flat_map(|s| s.events.iter()).map(|e| e.note.as_str()).collect();
    for list in ["standard list", "rapid list", "blitz list"] {
        assert!(notes.iter().any(|n| n.starts_with(list)), "{list} among {notes:?}");
    }
    assert!(
        booklet.events_not_rated.iter().all(|e| !e.note.contains("rated on the")),
        "{:?}",
        booklet.events_not_rated
    );
    let text = ratebook::publish::booklet::booklet_text(&booklet, None).unwrap();
    for heading in ["Standard List", "Rapid List", "Blitz List", "Rated under FIDE Elo (2024)"] {
        assert!(text.contains(heading), "the booklet prints {heading}");
    }
}

#[test]
fn each_players_page_shows_his_lists_side_by_side_with_a_chart_each() {
    let t = three_lists();
    let site = t.out.join("site");
    // A player rated on all three lists, who played rapid this period.
    let csv = |name: &str| std::fs::read_to_string(site.join("downloads").join(name)).unwrap();
    let (standard, rapid, blitz) = (csv("ratings.csv"), csv("ratings-rapid.csv"), csv("ratings-blitz.csv"));
    let rated = |text: &str| -> std::collections::HashMap<String, String> {
        let mut rows = csv::Reader::from_reader(text.as_bytes());
        let headers = rows.headers().unwrap().clone();
        let (id, rating) =
            (headers.iter().position(|h| h == "ID").unwrap(), headers.iter().position(|h| h == "Rating").unwrap());
        rows.records()
            .map(|r| r.unwrap())
            .filter(|r| !r[rating].is_empty())
            .map(|r| (r[id].to_string(), r[rating].to_string()))
            .collect()
    };
    let (s, r, b) = (rated(&standard), rated(&rapid), rated(&blitz));
    assert!(r.len() > 50 && b.len() > 20, "{} rapid, {} blitz", r.len(), b.len());
    assert_ne!(r, s, "the rapid list is its own");
    let mut checked = 0;
    for id in s.keys().filter(|id| r.contains_key(*id) && b.contains_key(*id)).take(5) {
        let page = std::fs::read_to_string(site.join("players").join(format!("{id}.html"))).unwrap();
        assert!(page.contains("Ratings on each list"), "{id}'s page");
        for list in ["Standard", "Rapid", "Blitz"] {
            assert!(page.contains(&format!("<th scope=\"row\">{list}<td class=\"num\">")), "{id}: {list}'s line");
            assert!(page.contains(&format!("<h2>{list} rating history</h2>")), "{id}: {list}'s chart");
        }
        // The rapid line prints the rapid download's rating.
        let rapid: f64 = r[id].parse().unwrap();
        let line = page.split("<th scope=\"row\">Rapid<td class=\"num\">").nth(1).unwrap();
        let printed: String = line.chars().take_while(char::is_ascii_digit).collect();
        assert_eq!(printed.parse::<f64>().unwrap(), rapid.round(), "{id}'s rapid rating");
        assert_eq!(page.matches("<svg").count(), 3, "{id}: a chart per list");
        checked += 1;
    }
    assert_eq!(checked, 5);
    // A rapid event's page says its list and shows the changes the rapid list made.
    let events = sheet_rows(&t.out.join("ratings.xlsx"), "Events");
    let (list, code) = (column(&events, "List"), column(&events, "Code"));
    let rapid = events[1..].iter().find(|r| r[list] == "rapid").map(|r| r[code].clone()).unwrap();
    let page = std::fs::read_to_string(site.join("events").join(format!("{rapid}.html"))).unwrap();
    assert!(page.contains("rated on the rapid list"), "{rapid}'s page says its list");
    assert!(page.contains("rating change from it"), "{rapid}'s page shows the rapid list's changes");
    // A state's page has a column per list.
    let state = std::fs::read_to_string(site.join("states").join("V.html")).unwrap();
    assert!(
        state.contains("<th scope=\"col\">Standard<th scope=\"col\">Rapid<th scope=\"col\">Blitz<th"),
        "V's columns"
    );
    // Top lists and statistics of each list; the downloads page offers each list's files.
    let top = std::fs::read_to_string(site.join("top.html")).unwrap();
    assert!(top.contains("<h2>Rapid Top Players</h2>") && top.contains("<h2>Blitz Top Players</h2>"));
    let statistics = std::fs::read_to_string(site.join("statistics.html")).unwrap();
    assert!(statistics.contains("href=\"statistics-rapid.html\""));
    assert!(std::fs::read_to_string(site.join("statistics-blitz.html")).unwrap().contains("Statistics: Blitz list"));
    let downloads = std::fs::read_to_string(site.join("downloads.html")).unwrap();
    for file in ["ratings-rapid.csv", "ratings-rapid.json", "ratings-fide-rapid.txt", "ratings-fide-blitz.txt"] {
        assert!(downloads.contains(&format!("href=\"downloads/{file}\"")), "{file} offered");
        assert!(site.join("downloads").join(file).is_file(), "{file} written");
    }
}
