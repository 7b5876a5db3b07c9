//! Each rule set period after period and in its own words: for NZCF, ECF,
//! CIS, FIDE and Glicko-2, `generate --periods 4` publishes and records four periods, and
//! `period` publishes the last again; then every output (the booklet's
//! text, the workbooks' headings and statuses, the site's pages, `explain`
//! and `history`) is read for another rule set's words: the ACF legend,
//! "confirmed" where the rule set has no such status, "provisional" where
//! it has none, and "rating" in ECF's grading list; and a sample of NZCF,
//! ECF or CIS names its own federation's regions and officer, never the
//! ACF's states or its "ratings officer", and never calls its regions,
//! unions or districts "states".

use std::path::Path;

use crate::common::{ratebook, read_players, sheet_rows, stderr};

/// Words no output of `system` may hold (lower case).
fn foreign_words(system: &str) -> Vec<&'static str> {
    // The ACF legend.
    let mut words = vec!["30 or more rated games", "9 to 29 games", "confirmed"];
    // The legend's provisional sample, where no rating is marked p (under
    // NZCF a player may hold 1111p: its sample's did once its names changed).
    if system != "nzcf" {
        words.push("1111p");
    }
    match system {
        "ecf" => words.extend(["provisional", "rating"]),
        "cis" | "fide" => words.push("provisional"),
        _ => {}
    }
    // The ACF sample's federation, states and officer, in a sample of another federation.
    if ["nzcf", "ecf", "cis"].contains(&system) {
        words.extend(["ratings officer", "australia", "new south wales", "queensland", "tasmania"]);
    }
    words
}

/// Whole words no output of `system` may hold: a federation whose parts
/// are regions (NZCF), unions (the British federation's, ECF grading) or
/// school districts (CIS) never calls them states ("state lists", "By
/// State", a "State" column).
fn foreign_whole_words(system: &str) -> &'static [&'static str] {
    if ["nzcf", "ecf", "cis"].contains(&system) {
        &["state", "states"]
    } else {
        &[]
    }
}

/// Whether `text` (lower case) holds `word` as a word of its own.
fn says_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic()).any(|w| w == word)
}

/// A sample of another federation than the ACF names its own regions:
/// period.toml's `[states]`, the player file's State column and the
/// reports' folders hold no code of the ACF's states.
fn assert_own_regions(system: &str, data: &Path) {
    let acf: Vec<String> = ratebook::config::default_states().into_iter().map(|(code, _)| code).collect();
    let config = ratebook::ingest::DataFolder::open(data).unwrap().config;
    let codes: Vec<&String> = config.states.iter().map(|(code, _)| code).collect();
    assert!(codes.iter().all(|c| !acf.contains(c)), "{system}: period.toml's states {codes:?}");
    let file = read_players(&data.join("players.xlsx"));
    for p in &file.players {
        let state = p.state.as_ref().expect("every sample player has a state");
        assert!(codes.contains(&state), "{system}: player {} of state {state}", p.id);
    }
    for entry in std::fs::read_dir(data.join("reports")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(codes.iter().any(|c| **c == name), "{system}: reports/{name}");
    }
}

/// Every text a reader sees in the outputs of the data folder `data`,
/// published into `out`, each with where it is.
fn every_output(data: &Path, out: &Path) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    let booklet = ratebook::commands::booklet_data(data).unwrap();
    texts.push(("booklet".to_string(), ratebook::publish::booklet::booklet_text(&booklet, None).unwrap()));
    let book = out.join("ratings.xlsx");
    let sheets = {
        use calamine::Reader;
        calamine::open_workbook_auto(&book).unwrap().sheet_names().to_vec()
    };
    for sheet in sheets {
        let rows = sheet_rows(&book, &sheet);
        let mut seen = rows[0].join(" | ");
        if let Some(status) = rows[0].iter().position(|h| h == "Status") {
            seen += &rows[1..].iter().map(|r| format!(" {}", r[status])).collect::<String>();
        }
        texts.push((format!("ratings.xlsx, sheet {sheet}"), seen));
    }
    let players = sheet_rows(&out.join("players.xlsx"), "Players");
    let status = players[0].iter().position(|h| h == "Status").unwrap();
    texts.push(("players.xlsx, Status".into(), players[1..].iter().map(|r| format!("{} ", r[status])).collect()));
    for entry in walkdir(&out.join("site")) {
        if entry.extension().is_some_and(|e| e == "html") && !entry.ends_with("downloads.html") {
            // (downloads.html names the CSV's columns and FIDE's rating-list format.)
            let html = std::fs::read_to_string(&entry).unwrap();
            texts.push((entry.display().to_string(), visible_text(&html)));
        }
    }
    let file = read_players(&data.join("players.xlsx"));
    for p in file.players.iter().take(40) {
        let id = p.id.to_string();
        let run = ratebook(&["explain", &id, "--data", data.to_str().unwrap()]);
        assert!(run.status.success(), "explain {id}: {}", stderr(&run));
        texts.push((format!("explain {id}"), String::from_utf8(run.stdout).unwrap()));
    }
    let first = file.players[0].id.to_string();
    let run = ratebook(&["history", &first, "--data", data.to_str().unwrap()]);
    assert!(run.status.success(), "history {first}: {}", stderr(&run));
    texts.push((format!("history {first}"), String::from_utf8(run.stdout).unwrap()));
    texts
}

/// Files under `dir`, in no particular order.
fn walkdir(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walkdir(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// A page's text without its tags (attributes, scripts' names and classes
/// are not read), nor the data of its scripts (a player's record for the
/// what-if calculator, as JSON), which no reader sees.
fn visible_text(html: &str) -> String {
    let mut html = html.to_string();
    while let Some(start) = html.find("<script") {
        let end = html[start..].find("</script>").map_or(html.len(), |e| start + e + "</script>".len());
        html.replace_range(start..end, " ");
    }
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// Generates four periods of `system`, publishes the last again, and reads
/// every output for other rule sets' words.
fn four_periods_in_its_own_words(system: &str) {
    let (texts, data) = four_periods(system);
    if ["nzcf", "ecf", "cis"].contains(&system) {
        assert_own_regions(system, &data.path());
    }
    if system == "ecf" {
        // The 1993 sample is the British federation's, as docs/systems.md says.
        assert!(texts.iter().any(|(_, t)| t.contains("British Chess Federation")), "ecf: the federation's name");
        assert!(!texts.iter().any(|(_, t)| t.contains("English Chess Federation")), "ecf: the ECF's name in 1993");
    }
    for (place, text) in texts {
        let lower = text.to_lowercase();
        for word in foreign_words(system) {
            assert!(!lower.contains(word), "{system}: {place} says \"{word}\":\n{text}");
        }
        for word in foreign_whole_words(system) {
            if says_word(&lower, word) {
                let at = lower.match_indices(word).map(|(i, _)| i).find(|&i| {
                    let before = lower[..i].chars().next_back().is_none_or(|c| !c.is_alphabetic());
                    let after = lower[i + word.len()..].chars().next().is_none_or(|c| !c.is_alphabetic());
                    before && after
                });
                let at = at.unwrap_or(0);
                let (from, to) = (lower.floor_char_boundary(at.saturating_sub(80)), lower.ceil_char_boundary(at + 80));
                panic!("{system}: {place} says \"{word}\": …{}…", &text[from..to.min(text.len())]);
            }
        }
    }
}

/// The data folder `root`/data, removed when dropped.
struct DataFolder(tempfile::TempDir);

impl DataFolder {
    fn path(&self) -> std::path::PathBuf {
        self.0.path().join("data")
    }
}

/// Generates four periods of `system`, publishes the last again, and gives
/// every output's text, with the data folder.
fn four_periods(system: &str) -> (Vec<(String, String)>, DataFolder) {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let run = ratebook(&[
        "generate",
        "--out",
        data.to_str().unwrap(),
        "--players",
        "150",
        "--events",
        "10",
        "--seed",
        "11",
        "--system",
        system,
        "--periods",
        "4",
    ]);
    assert!(run.status.success(), "{system}: {}", stderr(&run));
    let said = String::from_utf8_lossy(&run.stdout).to_string() + &stderr(&run);
    assert_eq!(said.matches("recorded").count(), 4, "{system}: four periods recorded: {said}");
    let out = root.path().join("out");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{system}: the last period published again: {}", stderr(&run));
    // The record holds the four periods: the first player's history has a line for each.
    let texts = every_output(&data, &out);
    let (_, history) = texts.last().unwrap();
    let periods = history.lines().filter(|l| ["1993", "1994", "1995", "1996"].iter().any(|y| l.contains(y)));
    assert_eq!(periods.count(), 4, "{system}: {history}");
    (texts, DataFolder(root))
}

#[test]
fn acf_outputs_hold_the_words_the_others_must_not() {
    // The reading finds the words where they belong: in the ACF's outputs.
    let (texts, _) = four_periods("acf");
    for word in foreign_words("ecf") {
        assert!(texts.iter().any(|(_, t)| t.to_lowercase().contains(word)), "acf's outputs say \"{word}\"");
    }
    for word in foreign_whole_words("ecf") {
        assert!(texts.iter().any(|(_, t)| says_word(&t.to_lowercase(), word)), "acf's outputs say \"{word}\"");
    }
}

#[test]
fn nzcf_four_periods_in_its_own_words() {
    four_periods_in_its_own_words("nzcf");
}

#[test]
fn ecf_four_periods_in_its_own_words() {
    four_periods_in_its_own_words("ecf");
}

#[test]
fn cis_four_periods_in_its_own_words() {
    four_periods_in_its_own_words("cis");
}

#[test]
fn fide_four_periods_in_its_own_words() {
    four_periods_in_its_own_words("fide");
}

#[test]
fn glicko2_four_periods_in_its_own_words() {
    four_periods_in_its_own_words("glicko2");
}
