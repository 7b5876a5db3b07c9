//! Tests of the booklet: a small but complete fixture rendered and read back,
//! reproducibility, the template diagnostics, and a national-sized fixture.
//!
//! `BOOKLET_PREVIEW=/tmp/booklet cargo test --lib booklet -- --ignored preview`
//! writes the fixtures' PDFs into that folder to look at. Timing:
//! `BOOKLET_N=200000 … --ignored timing_split` (the made-up fixture), or
//! `BOOKLET_DATA=/tmp/w BOOKLET_JSON=/tmp/w.json … --ignored dump_template_data`
//! once, then `BOOKLET_JSON=/tmp/w.json BOOKLET_PDF=1 … --ignored timing_data`
//! (a generated period; `BOOKLET_TEMPLATES` tries a copy of the templates).

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::fixtures::*;
use super::*;
use crate::publish::booklet_data::*;

fn text_of(data: &BookletData) -> String {
    booklet_text(data, None).unwrap_or_else(|e| panic!("the booklet did not typeset:\n{e}"))
}

fn repo_templates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")
}

#[test]
fn pdf_is_reproducible() {
    let data = fixture();
    let first = render_booklet(&data, None).unwrap();
    let second = render_booklet(&data, None).unwrap();
    assert!(first.starts_with(b"%PDF"), "not a PDF");
    assert!(first == second, "two renders of the same data differ");
}

#[test]
fn pdf_date_comes_from_the_published_date() {
    let pdf = render_booklet(&fixture(), None).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("D:19930801"), "the PDF's creation date is not 1 August 1993");
}

#[test]
fn text_has_every_section_in_order() {
    let data = fixture();
    let text = text_of(&data);
    let mut at = 0;
    for title in [
        "Ratings",
        "August 1993",
        "1 August 1993",
        "All players active since 1 January 1992",
        "Contents",
        "Top Players",
        "Top Under 20",
        "Ages as at 1 January 1993",
        "Top Under 12",
        "Top Females",
        "Top Improvers",
        "Active Players",
        "Victoria",
        "Western Australia",
        "Australian Capital Territory",
        "Events Rated This Period",
        "Events Not Rated or Deferred",
        "The Rating System",
        "Table 1",
        "Table 2",
    ] {
        // Past the contents page, every title appears after the one before.
        let found = text[at..].find(title).map(|i| i + at);
        assert!(found.is_some(), "{title:?} missing (or out of order) in:\n{text}");
        if title == "Contents" {
            // Skip the contents themselves: start again after "About this booklet".
            at = text.find("About this booklet").expect("introduction");
        } else {
            at = found.unwrap();
        }
    }
}

#[test]
fn text_has_names_states_events_and_tables() {
    let data = fixture();
    let text = text_of(&data);
    for needle in [
        "Australian Chess Federation",
        "Đorđević, Zoë",
        "Müller-Lüdenscheidt-Ångstr",
        "1111p",
        "2R",
        "Unr",
        "D'Souza, Christine",
        "V93019 Victorian Major",
        "V93020 MCC Easter Open (late)",
        "A93115",
        "time control too fast: 5 minutes a game",
        "late",
        // Tables 1 and 2, from the data.
        ".99 677",
        ".21 \u{2212}230",
        ".01 \u{2212}677",
        "198-206 .76 .24",
        "736+ 1.00 .00",
        // The worked examples' right answers.
        "1055",
        "54.60",
        "1011.5",
        "1010",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
    for state in &data.states {
        assert!(text.matches(state.name.as_str()).count() >= 2, "{} should head its list and its events", state.name);
    }
}

#[test]
fn top_players_print_in_order() {
    let data = fixture();
    let text = text_of(&data);
    // The Top Players table starts at its column heads, after the contents.
    let start = text.find("Rating Games State Name").expect("the Top Players table");
    let end = text[start..].find("Top Under 20").map(|i| i + start).expect("the next list");
    let section = &text[start..end];
    let mut at = 0;
    for r in &data.lists[0].rows {
        // The first letters of the name: a long name may wrap.
        let line = format!("{} {} {} {}", r.rating, r.texts[0], r.state, r.name.chars().take(8).collect::<String>());
        let found = section[at..].find(&line);
        assert!(found.is_some(), "{line:?} missing or out of order in:\n{section}");
        at += found.unwrap();
    }
    assert!(section.contains("1 2577 32 V Rogers, Ian"));
    assert!(section.contains("\n2433 12 A Solomon, Stephen"), "a tie shares its place:\n{section}");
}

#[test]
fn state_lists_show_each_players_line() {
    let data = fixture();
    let text = text_of(&data);
    for s in &data.states {
        for p in &s.players {
            // The first letters of the name: a long name may wrap.
            let line = format!("{} {} {}", p.rating, p.games, p.name.chars().take(8).collect::<String>());
            assert!(text.contains(&line), "{line:?} missing from the {} list:\n{text}", s.name);
        }
    }
}

#[test]
fn broken_template_reports_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("booklet.typ"),
        "#let data = json(\"/data.json\")\n= #data.federation\n#frobnicate(data)\n",
    )
    .unwrap();
    let err = render_booklet(&fixture(), Some(dir.path())).unwrap_err();
    let message = err.to_string();
    let expected = format!("{}:3:2: error: unknown variable: frobnicate", dir.path().join("booklet.typ").display());
    assert!(message.starts_with(&expected), "got:\n{message}");
    assert!(matches!(err, BookletError::Typeset { .. }));
}

#[test]
fn error_in_a_part_names_the_part_and_the_call() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("parts")).unwrap();
    std::fs::write(dir.path().join("booklet.typ"), "#import \"parts/bad.typ\": f\n#f(1)\n").unwrap();
    std::fs::write(dir.path().join("parts/bad.typ"), "#let f(x) = x.nonexistent\n").unwrap();
    let message = render_booklet(&fixture(), Some(dir.path())).unwrap_err().to_string();
    let part = dir.path().join("parts").join("bad.typ");
    assert!(message.starts_with(&format!("{}:1:15: error: ", part.display())), "got:\n{message}");
    let call = dir.path().join("booklet.typ");
    assert!(message.contains(&format!("\n  note: while calling `f` at {}:2:2", call.display())), "got:\n{message}");
}

#[test]
fn diagnostics_carry_typsts_hints() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("booklet.typ"), "#let total = 1\n#let games = 2\n#(total-games)\n").unwrap();
    let message = render_booklet(&fixture(), Some(dir.path())).unwrap_err().to_string();
    let file = dir.path().join("booklet.typ");
    assert!(
        message.starts_with(&format!("{}:3:3: error: unknown variable: total-games", file.display())),
        "got:\n{message}"
    );
    assert!(message.contains("\n  hint: "), "got:\n{message}");
}

#[test]
fn a_file_outside_the_templates_folder_is_refused_without_naming_a_root_option() {
    let dir = tempfile::tempdir().unwrap();
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(dir.path().join("outside.typ"), "#let x = 1\n").unwrap();
    std::fs::write(templates.join("booklet.typ"), "#import \"../outside.typ\": x\n#x\n").unwrap();
    let message = render_booklet(&fixture(), Some(&templates)).unwrap_err().to_string();
    assert!(message.contains("error: "), "got:\n{message}");
    assert!(!message.contains("--root"), "ratebook has no --root option; got:\n{message}");
}

#[test]
fn missing_templates_folder_is_an_error() {
    let err = render_booklet(&fixture(), Some(Path::new("/nonexistent/templates"))).unwrap_err();
    assert!(matches!(err, BookletError::Templates { .. }), "{err}");
}

#[test]
fn bad_published_date_is_an_error() {
    let mut data = fixture();
    data.published = "August 1993".into();
    assert!(matches!(render_booklet(&data, None), Err(BookletError::PublishedDate(_))));
}

#[test]
fn repo_templates_folder_gives_the_embedded_booklet() {
    let data = fixture();
    let from_folder = render_booklet(&data, Some(&repo_templates())).unwrap();
    let embedded = render_booklet(&data, None).unwrap();
    assert!(from_folder == embedded, "templates/ and the embedded copy differ: is a part missing from EMBEDDED?");
}

#[test]
fn every_template_file_is_embedded() {
    let root = repo_templates();
    let mut on_disk = Vec::new();
    for dir in [root.clone(), root.join("parts")] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "typ") {
                on_disk.push(path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let embedded: Vec<&str> = world::embedded_names().collect();
    for name in &on_disk {
        assert!(embedded.contains(&name.as_str()), "templates/{name} is not embedded");
    }
}

#[test]
fn a_system_prints_its_own_rules_text_and_legend() {
    let mut data = fixture();
    let nzcf = crate::rate::rule_set(crate::model::system::SystemName::Nzcf);
    data.system = "nzcf".into();
    data.rules = nzcf.rules_text();
    data.words = nzcf.words();
    let text = text_of(&data);
    assert!(text.contains("The Rating System"));
    assert!(text.contains("NZCF Rating Regulations"));
    assert!(text.contains("an established rating: the player had 15"), "the NZCF legend");
    assert!(!text.contains("confirmed"), "no ACF word");
    assert!(text.contains("198-206 .76 .24"));
}

#[test]
fn empty_booklet_still_typesets() {
    let mut data = fixture();
    for l in &mut data.lists {
        l.rows.clear();
    }
    for s in &mut data.states {
        s.players.clear();
    }
    data.events_rated.clear();
    data.events_not_rated.clear();
    data.tables = SystemTables::default();
    let text = text_of(&data);
    assert!(text.contains("No events were rated this period."));
}

/// Typesets `data` and checks that typst gave no warning and that no text
/// runs past the right margin (a name too long for its column would).
pub(super) fn check_layout(data: &BookletData) -> String {
    use typst::layout::{Abs, Transform};
    let world = world_for(data, None, published_date(&data.published).ok()).unwrap();
    let warned = typeset(&world, typst_pdf::pdf).unwrap();
    let warnings = format_diagnostics(&world, &warned.warnings);
    assert!(warnings.is_empty(), "typst warned:\n{}", warnings.join("\n"));
    let document = warned.output;
    for (i, page) in document.pages().iter().enumerate() {
        let limit = page.frame.width() - Abs::mm(15.0);
        text::walk(&page.frame, Transform::identity(), &mut |origin, item| {
            let right = origin.x + item.width();
            assert!(right <= limit, "page {}: {:?} runs past the margin", i + 1, item.text);
        });
        // The state lists' columns (the template's 16 mm margins, three
        // columns, 5 mm gutters): no entry may run into the next column.
        let page_text = text::frames_text(std::iter::once(&page.frame));
        if page_text.contains("Active Players \u{b7}") {
            let (left, gutter) = (Abs::mm(16.0), Abs::mm(5.0));
            let width = (page.frame.width() - left * 2.0 - gutter * 2.0) / 3.0;
            text::walk(&page.frame, Transform::identity(), &mut |origin, item| {
                if origin.y < Abs::mm(21.0) || origin.x < left {
                    return; // the running head
                }
                let column = ((origin.x - left) / (width + gutter)).floor();
                let edge = left + (width + gutter) * column + width + Abs::pt(0.5);
                let right = origin.x + item.width();
                assert!(right <= edge, "page {}: {:?} runs into the next column", i + 1, item.text);
            });
        }
    }
    text::frames_text(document.pages().iter().map(|page| &page.frame))
}

#[test]
fn fixture_typesets_without_warnings_inside_the_margins() {
    check_layout(&fixture());
}

#[test]
fn national_list_typesets_every_state() {
    let data = big_fixture(3000);
    let started = Instant::now();
    let text = check_layout(&data);
    eprintln!("3,000 players typeset in {:.2?}", started.elapsed());
    for s in &data.states {
        assert!(text.contains(s.name.as_str()));
        let last = s.players.last().unwrap();
        assert!(text.contains(last.name.split(' ').next().unwrap()));
    }
    // The pages of the state lists are filled in advance: every one but the
    // last is full (three columns of about 75 lines), none spilled over.
    let pages: Vec<&str> = text.split("\n\n").filter(|page| page.contains("Active Players \u{b7}")).collect();
    assert!(pages.len() > 5, "{} pages of state lists", pages.len());
    for (i, page) in pages[..pages.len() - 1].iter().enumerate() {
        let lines = page.lines().count();
        assert!(lines > 200, "state list page {} has only {lines} lines:\n{page}", i + 1);
    }
    // Every player's line, in order, state by state.
    let mut at = 0;
    for s in &data.states {
        for p in &s.players {
            // (The first letters of the name: a long one is cut.)
            let line = format!("\n{} {} {}", p.rating, p.games, p.name.chars().take(12).collect::<String>());
            let found = text[at..].find(&line);
            if found.is_none() {
                let near = text[at..].find(p.name.split(' ').next().unwrap()).map(|i| at + i).unwrap_or(at);
                panic!(
                    "{line:?} missing or out of order ({}): {:?}",
                    s.name,
                    &text[near.saturating_sub(200)..near + 200]
                );
            }
            at += found.unwrap() + 1;
        }
    }
}

#[test]
fn a_booklet_without_states_or_events_typesets() {
    let mut data = fixture();
    data.lists.clear();
    data.states.clear();
    data.events_rated.clear();
    data.events_not_rated.clear();
    let text = check_layout(&data);
    assert!(text.contains("No events were rated this period."));
}

#[test]
fn a_line_break_in_a_name_does_not_break_the_lists() {
    let mut data = fixture();
    data.states[0].players[1].name = "Johansen,\nDarryl".into();
    data.events_rated[0].events[0].name = "Victorian\nMajor".into();
    let text = check_layout(&data);
    assert!(text.contains("2452 42 Johansen, Darryl\n2577 32 Rogers, Ian"), "{text}");
    assert!(
        text.contains("V93019 Victorian Major 5\u{2013}6 Jun\nV93020 MCC Easter Open (late) 5\u{2013}6 Jun"),
        "{text}"
    );
}

/// Writes the fixtures' PDFs into `$BOOKLET_PREVIEW` and prints timings
/// (`BOOKLET_PLAYERS=3000,200000` chooses the sizes of the big fixture).
#[test]
#[ignore]
fn preview() {
    let dir = PathBuf::from(std::env::var("BOOKLET_PREVIEW").unwrap_or_else(|_| "/tmp/booklet".into()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut small = fixture();
    small.tables = crate::rate::tables::booklet_tables();
    std::fs::write(dir.join("small.pdf"), render_booklet(&small, None).unwrap()).unwrap();
    let sizes: Vec<usize> = std::env::var("BOOKLET_PLAYERS")
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|_| vec![3000, 12000]);
    for n in sizes {
        let data = big_fixture(n);
        let started = Instant::now();
        let pdf = render_booklet(&data, None).unwrap();
        eprintln!("{n} players: {:.2?}, {} bytes", started.elapsed(), pdf.len());
        std::fs::write(dir.join(format!("big-{n}.pdf")), pdf).unwrap();
    }
}

/// Times typesetting and PDF export apart (`BOOKLET_N` players, default 50,000).
#[test]
#[ignore]
fn timing_split() {
    let n: usize = std::env::var("BOOKLET_N").ok().and_then(|v| v.parse().ok()).unwrap_or(50000);
    let templates = std::env::var("BOOKLET_TEMPLATES").ok().map(PathBuf::from);
    let data = big_fixture(n);
    let t = Instant::now();
    let world = world_for(&data, templates.as_deref(), published_date(&data.published).ok()).unwrap();
    let doc = match typeset(&world, typst_pdf::pdf) {
        Ok(warned) => warned.output,
        Err(e) => panic!("{e}"),
    };
    eprintln!("typeset {n}: {:.2?}, {} pages", t.elapsed(), doc.pages().len());
    let t = Instant::now();
    let pdf = typst_pdf::pdf(&doc, &PdfOptions::default()).unwrap();
    eprintln!("pdf: {:.2?} {}", t.elapsed(), pdf.len());
    if let Ok(dir) = std::env::var("BOOKLET_PREVIEW") {
        std::fs::write(Path::new(&dir).join(format!("timing-{n}.pdf")), &pdf).unwrap();
    }
}

/// Writes a booklet with no lists, states or events into `$BOOKLET_PREVIEW`.
#[test]
#[ignore]
fn preview_empty() {
    let dir = PathBuf::from(std::env::var("BOOKLET_PREVIEW").unwrap_or_else(|_| "/tmp/booklet".into()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut data = fixture();
    data.lists.clear();
    data.states.clear();
    data.events_rated.clear();
    data.events_not_rated.clear();
    std::fs::write(dir.join("empty.pdf"), render_booklet(&data, None).unwrap()).unwrap();
}

/// Writes the template data of the data folder `$BOOKLET_DATA` to
/// `$BOOKLET_JSON` (`/data.json`) and `$BOOKLET_JSON.lists` (`/lists.json`),
/// for `timing_data`.
#[test]
#[ignore]
fn dump_template_data() {
    let dir = std::env::var("BOOKLET_DATA").unwrap();
    let out = std::env::var("BOOKLET_JSON").unwrap();
    let data = crate::commands::booklet_data(Path::new(&dir)).unwrap();
    std::fs::write(&out, serde_json::to_vec(&view::TemplateData::new(&data)).unwrap()).unwrap();
    std::fs::write(format!("{out}.lists"), serde_json::to_vec(&view::ListColumns::new(&data)).unwrap()).unwrap();
}

/// Typesets the template data in `$BOOKLET_JSON` (see `dump_template_data`)
/// with the templates in `$BOOKLET_TEMPLATES` (default: the embedded ones) and
/// prints how long it took; with `$BOOKLET_PDF`, also the PDF export
/// (`$BOOKLET_UNTAGGED`: without tags), with `$BOOKLET_TEXT` the text, and
/// with `$BOOKLET_ROUNDS=n`, n − 1 warm-up runs first.
#[test]
#[ignore]
fn timing_data() {
    let dir = std::env::var("BOOKLET_TEMPLATES").ok().map(PathBuf::from);
    let path = std::env::var("BOOKLET_JSON").unwrap();
    let json = std::fs::read(&path).unwrap();
    let lists = std::fs::read(format!("{path}.lists")).unwrap();
    let world =
        BookletWorld::new(dir.as_deref(), json, lists, published_date("1993-08-01").ok(), BOOKLET_PART).unwrap();
    let rounds: usize = std::env::var("BOOKLET_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    for _ in 1..rounds {
        let t = Instant::now();
        let pages = typeset(&world, typst_pdf::pdf).map(|doc| doc.output.pages().len());
        eprintln!("warm-up: {:.2?}, {pages:?} pages", t.elapsed());
    }
    let t = Instant::now();
    match typeset(&world, typst_pdf::pdf) {
        Ok(doc) => {
            let doc = doc.output;
            eprintln!("typeset: {:.2?}, {} pages", t.elapsed(), doc.pages().len());
            if std::env::var("BOOKLET_PDF").is_ok() {
                let t = Instant::now();
                let tagged = std::env::var("BOOKLET_UNTAGGED").is_err();
                let pdf = typst_pdf::pdf(&doc, &PdfOptions { tagged, ..PdfOptions::default() }).unwrap();
                eprintln!("pdf: {:.2?}, {} bytes", t.elapsed(), pdf.len());
            }
            if std::env::var("BOOKLET_TEXT").is_ok() {
                eprintln!("{}", text::frames_text(doc.pages().iter().map(|page| &page.frame)));
            }
        }
        Err(e) => eprintln!("{e}"),
    }
}
