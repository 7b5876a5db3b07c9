//! A correction reaches what the public sees (issue 43): `rerate`, `merge`
//! and `period --revise` leave the output folder holding the corrected
//! latest period; `next` takes that list and refuses one a correction
//! superseded; `period` on an unchanged data folder publishes the record's
//! current list; a refusal names what differs; the errata say what
//! happened, in the same bytes from any folder.

use std::path::{Path, PathBuf};

use super::{event_without_newcomers, ok, query, Folder};
use crate::common::copy_tree;
use crate::common::{assert_same_publication, sheet_rows, stderr};
use crate::year::federation::result_fixed;

/// A chain of two recorded periods, the last published into `output`.
fn published_chain(seed: u64) -> Folder {
    let f = Folder::chain(120, 8, seed, 2);
    ok(&f.run(&["period"]));
    f
}

/// The first report of the data folder whose first decisive game can be
/// fixed to a draw, and that fixed report written as `NAME-fixed.xlsx`
/// beside the data folder: (its event's code, the fixed file).
fn a_fixed_report(f: &Folder) -> (String, PathBuf) {
    let rated = f.query("SELECT code FROM events WHERE disposition = 'rated'");
    let mut reports = Vec::new();
    for state in std::fs::read_dir(f.data().join("reports")).unwrap() {
        reports.extend(std::fs::read_dir(state.unwrap().path()).unwrap().map(|e| e.unwrap().path()));
    }
    reports.sort();
    for report in reports {
        let code = report.file_stem().unwrap().to_string_lossy().to_string();
        if !rated.iter().any(|r| r[0] == code) {
            continue;
        }
        let stamp = crate::common::date(1993, 8, 1);
        if let Some(bytes) = result_fixed(&std::fs::read(&report).unwrap(), stamp) {
            let fixed = f.root.path().join(format!("{code}-fixed.xlsx"));
            std::fs::write(&fixed, bytes).unwrap();
            return (code, fixed);
        }
    }
    panic!("no report with a decisive game to fix");
}

#[test]
fn a_report_that_replaces_an_events_is_said_replaced() {
    let f = Folder::generated(150, 10, 71);
    ok(&f.run(&["period"]));
    let (code, fixed) = a_fixed_report(&f);
    ok(&f.run(&["rerate", "--from", "August 1993", "--add", fixed.to_str().unwrap()]));
    let said = [["report replaced".to_string(), format!("report replaced: {code} (by {code}-fixed.xlsx)")]];
    assert_eq!(f.query("SELECT what, detail FROM corrections"), said);
    let lines = sheet_rows(&f.out().join("errata/errata.xlsx"), "Errata");
    let why = format!("event {code} corrected: its report replaced");
    assert!(lines[1..].iter().any(|l| l[8] == why), "{lines:?}");
    let summary = sheet_rows(&f.out().join("errata/errata.xlsx"), "Summary");
    assert_eq!(summary[0][..2], ["Correction", "report replaced"]);
}

/// `period --revise` of the first period of `f`'s chain, one report taken
/// out, from the data folder `revised` beside it (with the record), the
/// corrected latest period published into `out`.
fn revise_first(f: &Folder, code: &str, out: &Path) -> std::process::Output {
    let r = ratebook::record::Record::open(&f.record(), ratebook::record::Access::Read).unwrap();
    let first = r.input_files(r.periods().unwrap()[0].id).unwrap();
    drop(r);
    let revised = f.root.path().join("revised");
    for (name, bytes) in first.iter().filter(|(name, _)| !name.ends_with(&format!("/{code}.xlsx"))) {
        let path = revised.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, bytes).unwrap();
    }
    std::fs::rename(f.record(), revised.join("record.sqlite")).unwrap();
    let (revised, out) = (revised.to_str().unwrap(), out.to_str().unwrap());
    crate::common::ratebook(&["period", "--revise", "--data", revised, "--out", out])
}

#[test]
fn the_same_correction_made_from_two_folders_gives_the_same_errata_without_a_folder_named() {
    let (a, b) = (published_chain(72), published_chain(72));
    let code = event_without_newcomers(&a.record());
    for f in [&a, &b] {
        ok(&revise_first(f, &code, &f.out()));
    }
    for name in ["errata/errata.pdf", "errata/errata.xlsx"] {
        let (one, two) = (std::fs::read(a.out().join(name)).unwrap(), std::fs::read(b.out().join(name)).unwrap());
        assert!(one == two, "{name} differs between the two folders");
        let root = a.root.path().display().to_string();
        assert!(!String::from_utf8_lossy(&one).contains(&root), "{name} names the officer's folder");
    }
    let detail = &sheet_rows(&a.out().join("errata/errata.xlsx"), "Summary")[1];
    assert_eq!(detail[1], format!("August 1993 revised; withdrawn {code}"));
    assert_same_publication(&a.out(), &b.out());
}

#[test]
fn a_comment_or_blank_lines_in_period_toml_are_no_change_of_inputs() {
    let f = Folder::generated(100, 6, 73);
    ok(&f.run(&["period"]));
    let before = std::fs::read(f.record()).unwrap();
    let settings = f.data().join("period.toml");
    let text = std::fs::read_to_string(&settings).unwrap();
    std::fs::write(&settings, format!("# checked by the treasurer\n\n{text}\n\n")).unwrap();
    let run = f.run(&["period"]);
    ok(&run);
    assert!(stderr(&run).contains("was recorded already"), "{}", stderr(&run));
    assert_eq!(std::fs::read(f.record()).unwrap(), before, "nothing recorded");
}

#[test]
fn a_refusal_of_changed_inputs_names_each_file_and_setting_that_differs() {
    let f = Folder::generated(100, 6, 74);
    ok(&f.run(&["period"]));
    let settings = f.data().join("period.toml");
    let text = std::fs::read_to_string(&settings).unwrap();
    let top = text.lines().find(|l| l.starts_with("top ")).expect("period.toml sets the top list's size").to_string();
    std::fs::write(&settings, text.replace(&top, "top = 50")).unwrap();
    let gone = f.a_report();
    std::fs::remove_file(&gone).unwrap();
    let gone = gone.strip_prefix(f.data()).unwrap().to_string_lossy().to_string();
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let said = stderr(&run);
    assert!(said.contains("period.toml: lists.top 60 → 50") && said.contains(&format!("{gone} gone")), "{said}");
    assert!(said.contains("--revise"), "{said}");
}

#[test]
fn period_on_an_unchanged_data_folder_after_a_correction_publishes_the_records_corrected_list() {
    let f = published_chain(75);
    let code = event_without_newcomers(&f.record());
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", &code]));
    let corrected = f.root.path().join("corrected");
    copy_tree(&f.out(), &corrected);
    let record = std::fs::read(f.record()).unwrap();
    // The data folder holds August 1994 as its first publication had it.
    let run = f.run(&["period"]);
    ok(&run);
    assert!(stderr(&run).contains("holds the inputs of revision 1"), "{}", stderr(&run));
    assert!(stderr(&run).contains("published revision 2 again"), "{}", stderr(&run));
    assert_eq!(std::fs::read(f.record()).unwrap(), record, "nothing recorded");
    assert_same_publication(&f.out(), &corrected);
    assert!(f.out().join("errata/errata.pdf").is_file(), "the correction's errata stay");
}

#[test]
fn next_takes_the_corrected_list_and_refuses_a_publication_a_correction_superseded() {
    let f = published_chain(76);
    let copy = f.root.path().join("copy");
    copy_tree(&f.out(), &copy);
    let code = event_without_newcomers(&f.record());
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", &code]));
    let settings = std::fs::read(f.data().join("period.toml")).unwrap();
    let refused = |from: &Path| {
        let run = f.run(&["next", "--from", from.to_str().unwrap()]);
        assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
        let said = stderr(&run);
        assert!(said.contains("August 1994 revision 1") && said.contains(&f.out().display().to_string()), "{said}");
        assert_eq!(std::fs::read(f.data().join("period.toml")).unwrap(), settings, "nothing changed");
    };
    // By the record's token in the copy, and by its player file without it.
    refused(&copy);
    std::fs::remove_file(copy.join(".ratebook-record")).unwrap();
    refused(&copy);
    ok(&f.run(&["next", "--from", f.out().to_str().unwrap()]));
    let taken = std::fs::read(f.data().join("players.xlsx")).unwrap();
    assert!(taken == std::fs::read(f.out().join("players.xlsx")).unwrap(), "the corrected list starts August 1995");
}

#[test]
fn a_correction_after_next_says_which_player_file_starts_the_next_period() {
    let f = published_chain(77);
    ok(&f.run(&["next", "--from", f.out().to_str().unwrap()]));
    let code = event_without_newcomers(&f.record());
    let run = f.run(&["rerate", "--from", "August 1993", "--withdraw", &code]);
    ok(&run);
    let corrected = f.out().join("players.xlsx");
    let said = stderr(&run);
    assert!(said.contains("before this correction") && said.contains(&corrected.display().to_string()), "{said}");
    // `period` refuses the old list, naming the corrected one.
    let run = f.run(&["period", "--out", f.root.path().join("august-1995").to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains(&corrected.display().to_string()), "{}", stderr(&run));
    std::fs::copy(&corrected, f.data().join("players.xlsx")).unwrap();
    ok(&f.run(&["period", "--out", f.root.path().join("august-1995").to_str().unwrap()]));
    let starts = query(&f.record(), "SELECT period FROM periods ORDER BY \"end\"");
    assert_eq!(starts.last().unwrap()[0], "December 1994", "the period `next` started: {starts:?}");
}

#[test]
fn a_period_that_switches_rule_sets_refuses_the_list_a_correction_superseded_too() {
    let f = published_chain(78);
    ok(&f.run(&["next", "--from", f.out().to_str().unwrap()]));
    let code = event_without_newcomers(&f.record());
    ok(&f.run(&["rerate", "--from", "August 1993", "--withdraw", &code]));
    let settings = f.data().join("period.toml");
    let text = std::fs::read_to_string(&settings).unwrap();
    let system = text.lines().find(|l| l.starts_with("system")).unwrap().to_string();
    std::fs::write(&settings, text.replace(&system, "system = \"glicko2\"")).unwrap();
    let out = f.root.path().join("december");
    let run = f.run(&["period", "--out", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let corrected = f.out().join("players.xlsx").display().to_string();
    assert!(stderr(&run).contains(&corrected), "{}", stderr(&run));
    assert!(!out.exists(), "nothing published");
}

#[test]
fn a_report_rated_in_an_earlier_period_is_an_error_at_its_code_not_rated_again() {
    let f = published_chain(79);
    ok(&f.run(&["next", "--from", f.out().to_str().unwrap()]));
    // A report `next` archived, put back among December's.
    let rated = f.query("SELECT code FROM events WHERE period = 'August 1994' AND disposition = 'rated' ORDER BY code");
    let code = &rated[0][0];
    let archive = f.data().join("archive/August-1994/reports");
    let state = std::fs::read_dir(&archive)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|dir| dir.join(format!("{code}.xlsx")).is_file())
        .expect("the report is archived");
    let back = f.data().join("reports").join(state.file_name().unwrap());
    std::fs::create_dir_all(&back).unwrap();
    std::fs::copy(state.join(format!("{code}.xlsx")), back.join(format!("{code}.xlsx"))).unwrap();
    let out = f.root.path().join("december");
    let run = f.run(&["period", "--out", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let said = format!("event {code} was rated in August 1994 already");
    assert!(stderr(&run).contains(&said) && stderr(&run).contains("rated-before"), "{}", stderr(&run));
    ok(&f.run(&["period", "--out", out.to_str().unwrap(), "--skip-invalid"]));
    let events = f.query(&format!("SELECT period, disposition FROM events WHERE code = '{code}' ORDER BY period"));
    assert_eq!(events, [["August 1994", "rated"], ["December 1994", "not-rated"]], "rated once");
}
