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

use super::*;
use crate::publish::booklet_data::*;
use crate::rate::tables::{Table1Line, Table2Line};

fn row(place: Option<u32>, rating: &str, games: u32, state: &str, name: &str) -> RankedRow {
    RankedRow { place, rating: rating.into(), games, age: None, increase: None, state: state.into(), name: name.into() }
}

fn player(rating: &str, games: u32, name: &str) -> StateRow {
    let value = rating.trim_end_matches('p').parse::<f64>().ok().map(|v| v + 0.25);
    StateRow { rating: rating.into(), games, name: name.into(), value }
}

fn event(code: &str, name: &str, state: &str, note: &str) -> EventLine {
    EventLine {
        code: code.into(),
        name: name.into(),
        state: state.into(),
        dates: "5\u{2013}6 Jun".into(),
        note: note.into(),
    }
}

/// A small booklet with every part: three states, every kind of list, long
/// and accented names, events rated and not, and a few rows of each table.
pub(super) fn fixture() -> BookletData {
    let top = RankedList {
        title: "Top Players".into(),
        subtitle: String::new(),
        kind: ListKind::Top,
        rows: vec![
            row(Some(1), "2577", 32, "V", "Rogers, Ian"),
            row(Some(2), "2452", 42, "V", "Johansen, Darryl"),
            row(Some(3), "2433", 31, "W", "Đorđević, Zoë"),
            row(None, "2433", 12, "A", "Solomon, Stephen"),
            row(Some(5), "2389", 29, "W", "Müller-Lüdenscheidt-Ångström, Anna-Maria"),
            row(Some(6), "2301", 9, "W", "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"),
        ],
    };
    let mut u20 = RankedList {
        title: "Top Under 20".into(),
        subtitle: "Ages as at 1 January 1993".into(),
        kind: ListKind::Junior,
        rows: vec![
            row(Some(1), "2276", 16, "V", "Wallace, John-Paul"),
            row(Some(2), "2115", 19, "A", "Speck, Nicholas S"),
            row(Some(3), "1877", 15, "W", "Tao, Trevor"),
        ],
    };
    for (r, age) in u20.rows.iter_mut().zip([19, 18, 15]) {
        r.age = Some(age);
    }
    let mut u12 = RankedList {
        title: "Top Under 12".into(),
        subtitle: "Ages as at 1 January 1993".into(),
        kind: ListKind::Junior,
        rows: vec![row(Some(1), "1294", 8, "A", "McDougall, William")],
    };
    u12.rows[0].age = Some(11);
    let females = RankedList {
        title: "Top Females".into(),
        subtitle: String::new(),
        kind: ListKind::Top,
        rows: vec![
            row(Some(1), "2096", 0, "V", "Feldman, Irene"),
            row(Some(2), "2092", 3, "W", "Aladjova-Wills, Katrin"),
        ],
    };
    let mut improvers = RankedList {
        title: "Top Improvers".into(),
        subtitle: String::new(),
        kind: ListKind::Improvers,
        rows: vec![
            row(Some(1), "1817", 58, "V", "Beaumont, David"),
            row(Some(2), "1518", 20, "W", "Ryan, Reg"),
            row(Some(3), "1377", 12, "A", "Zeve, Ladislav Jnr"),
            row(Some(4), "1290", 40, "W", "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"),
        ],
    };
    for (r, gain) in improvers.rows.iter_mut().zip([354, 237, 234, 109]) {
        r.increase = Some(gain);
    }
    let states = vec![
        StateSection {
            code: "V".into(),
            name: "Victoria".into(),
            players: vec![
                player("1111p", 6, "Beaumont, David"),
                player("2452", 42, "Johansen, Darryl"),
                player("2577", 32, "Rogers, Ian"),
                player("2R", 7, "Wouters, Eddy"),
            ],
        },
        StateSection {
            code: "W".into(),
            name: "Western Australia".into(),
            players: vec![
                player("1572", 11, "Andrews, Charlie"),
                player("Unr", 2, "Angelos, Bradley"),
                player("2433", 31, "Đorđević, Zoë"),
                player("2389", 29, "Müller-Lüdenscheidt-Ångström, Anna-Maria"),
                player("1085p", 9, "D'Souza, Christine"),
                player("7R", 2, "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"),
            ],
        },
        StateSection {
            code: "A".into(),
            name: "Australian Capital Territory".into(),
            players: vec![
                player("1383", 15, "Abramov, Alex"),
                player("2433", 12, "Solomon, Stephen"),
                player("900p", 9, "Cavazzoni, Antonio"),
            ],
        },
    ];
    BookletData {
        federation: "Australian Chess Federation".into(),
        period: "August 1993".into(),
        published: "1993-08-01".into(),
        published_long: "1 August 1993".into(),
        active_since_long: "1 January 1992".into(),
        age_date_long: "1 January 1993".into(),
        system: "acf".into(),
        lists: vec![top, u20, u12, females, improvers],
        states,
        events_rated: vec![
            StateEvents {
                code: "V".into(),
                name: "Victoria".into(),
                events: vec![
                    event("V93019", "Victorian Major", "V", ""),
                    event("V93020", "MCC Easter Open", "V", "late"),
                ],
            },
            StateEvents {
                code: "W".into(),
                name: "Western Australia".into(),
                events: vec![event("W93005", "Foundation Day", "W", "")],
            },
            StateEvents { code: "A".into(), name: "Australian Capital Territory".into(), events: vec![] },
        ],
        events_not_rated: vec![
            event("A93115", "Tuggeranong Blitz", "A", "time control too fast: 5 minutes a game"),
            event("V93040", "Box Hill Spring Open", "V", "deferred: ends after the period"),
        ],
        tables: SystemTables {
            table1: [(".99", 677), (".75", 193), (".50", 0), (".21", -230), (".20", -240), (".01", -677)]
                .into_iter()
                .map(|(p, dp)| Table1Line { p: p.into(), dp })
                .collect(),
            table2: [
                ("0-3", ".50", ".50"),
                ("198-206", ".76", ".24"),
                ("236-245", ".80", ".20"),
                ("736+", "1.00", ".00"),
            ]
            .into_iter()
            .map(|(d, h, l)| Table2Line { difference: d.into(), higher: h.into(), lower: l.into() })
            .collect(),
        },
        totals: Totals { active_players: 13, rated_events: 3, games_rated: 1234 },
    }
}

/// A national-sized booklet: `players` made-up players across seven states,
/// 60-row lists, about a hundred events, and the full tables.
pub(super) fn big_fixture(players: usize) -> BookletData {
    const SURNAMES: &[&str] = &[
        "Smith",
        "Nguyen",
        "Jones",
        "Williams",
        "Brown",
        "Wilson",
        "Taylor",
        "Johnson",
        "White",
        "Martin",
        "Anderson",
        "Thompson",
        "Tran",
        "Walker",
        "Harris",
        "Lee",
        "Ryan",
        "Robinson",
        "Kelly",
        "King",
        "Papadopoulos",
        "Kowalczyk",
        "O'Sullivan",
        "Đorđević",
        "Müller",
        "Østergaard",
        "Van Der Kooy",
        "Radosavljevic",
        "Schwarzenegger-Lindqvist",
        "Abdurakhmanov",
        "Fitzgerald-Smythe",
        "Zhang",
        "Wang",
        "Chen",
        "Ivanchuk",
        "Jamieson",
        "Leskiewicz",
        "Szuveges",
        "Rozycki",
        "Ngata",
        "Pizzato",
    ];
    const FIRST: &[&str] = &[
        "Ian",
        "Darryl",
        "Zoë",
        "Anna-Maria",
        "Stephen",
        "Mikhail",
        "Robert",
        "Aleksandar",
        "Guy",
        "Haydn J",
        "John-Paul",
        "Arvids",
        "Naum",
        "Tim",
        "Terrey I",
        "Murray D",
        "Michael",
        "Maxwell",
        "Leonid",
        "Gregory",
        "Bill",
        "Douglas G",
        "Craig",
        "Chloé",
        "Søren",
        "Thi Thu Hương",
        "Ana Lucía",
        "Krzysztof",
        "Eu-Jin",
    ];
    const STATES: &[(&str, &str)] = &[
        ("N", "New South Wales"),
        ("V", "Victoria"),
        ("Q", "Queensland"),
        ("S", "South Australia"),
        ("W", "Western Australia"),
        ("A", "Australian Capital Territory"),
        ("T", "Tasmania"),
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut by_state: Vec<Vec<StateRow>> = vec![Vec::new(); STATES.len()];
    let mut all = Vec::new();
    for _ in 0..players {
        let s = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 4, 5, 6][next(13) as usize];
        let name =
            format!("{}, {}", SURNAMES[next(SURNAMES.len() as u64) as usize], FIRST[next(FIRST.len() as u64) as usize]);
        let games = next(40) as u32;
        let kind = next(20);
        let value = 600.0 + (next(900) + next(900)) as f64 + next(100) as f64 / 100.0;
        let (rating, value) = match kind {
            0 => ("Unr".to_string(), None),
            1 | 2 => (format!("{}R", 1 + next(8)), None),
            3..=5 => (format!("{}p", value.round()), Some(value)),
            _ => (format!("{}", value.round()), Some(value)),
        };
        all.push((value.unwrap_or(0.0), games, STATES[s].0, name.clone()));
        by_state[s].push(StateRow { rating, games, name, value });
    }
    for rows in &mut by_state {
        rows.sort_by(|a, b| a.name.cmp(&b.name));
    }
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    let ranked = |title: &str, subtitle: &str, kind: ListKind, skip: usize| RankedList {
        title: title.into(),
        subtitle: subtitle.into(),
        kind,
        rows: all
            .iter()
            .skip(skip)
            .take(60)
            .enumerate()
            .map(|(i, (v, games, state, name))| RankedRow {
                place: Some(i as u32 + 1),
                rating: format!("{}", v.round()),
                games: *games,
                age: (kind == ListKind::Junior).then_some(10 + (i as u32 % 9)),
                increase: (kind == ListKind::Improvers).then_some(400 - 5 * i as i64),
                state: state.to_string(),
                name: name.clone(),
            })
            .collect(),
    };
    let lists = vec![
        ranked("Top Players", "", ListKind::Top, 0),
        ranked("Top Under 20", "Ages as at 1 January 1993", ListKind::Junior, 40),
        ranked("Top Under 16", "Ages as at 1 January 1993", ListKind::Junior, 300),
        ranked("Top Under 12", "Ages as at 1 January 1993", ListKind::Junior, 900),
        ranked("Top Females", "", ListKind::Top, 20),
        ranked("Top Improvers", "", ListKind::Improvers, 500),
    ];
    let states = STATES
        .iter()
        .zip(by_state)
        .map(|((code, name), players)| StateSection { code: code.to_string(), name: name.to_string(), players })
        .collect();
    let events_rated = STATES
        .iter()
        .map(|(code, name)| StateEvents {
            code: code.to_string(),
            name: name.to_string(),
            events: (0..14)
                .map(|i| {
                    let note = if i == 3 { "late" } else { "" };
                    event(
                        &format!("{code}931{i:02}"),
                        &format!("{name} Club Championship Division {}", i + 1),
                        code,
                        note,
                    )
                })
                .collect(),
        })
        .collect();
    let mut data = fixture();
    data.lists = lists;
    data.states = states;
    data.events_rated = events_rated;
    data.tables = crate::rate::tables::booklet_tables();
    data.totals = Totals { active_players: players as u32, rated_events: 98, games_rated: 21_345 };
    data
}

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
        "Müller-Lüdenscheidt-",
        "Ångström, Anna-Maria",
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
        let line = format!("{} {} {} {}", r.rating, r.games, r.state, r.name.chars().take(8).collect::<String>());
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
fn other_systems_get_the_generic_section() {
    let mut data = fixture();
    data.system = "nzcf".into();
    let text = text_of(&data);
    assert!(text.contains("The Rating System"));
    assert!(text.contains("NZCF"));
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
fn check_layout(data: &BookletData) -> String {
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
            let line = format!("\n{} {} {}", p.rating, p.games, p.name.split(' ').next().unwrap());
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
    assert!(text.contains("V93019 Victorian Major\nV93020 MCC Easter Open"), "{text}");
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
    let world = BookletWorld::new(dir.as_deref(), json, lists, published_date("1993-08-01").ok(), GENERIC_BOOKLET_PART)
        .unwrap();
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
