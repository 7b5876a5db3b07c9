//! Tests of the lists as a player and an officer read them: guide words and
//! column headings on the state pages, ratings whose digits line up, names
//! never hyphenated, long first names shortened to initials, a surname never
//! cut (only an absurd name is, with an ellipsis), the last page's
//! columns even, and the events' dates.

use typst::layout::{Abs, Transform};

use super::fixtures::*;
use super::tests::check_layout;
use super::*;
use crate::publish::booklet_data::*;

/// A rating as a state list prints it, with the figure spaces before it.
struct Rating {
    text: String,
    /// Where its digits end (`None` for `Unr`).
    digits_end: Option<Abs>,
    x: Abs,
    y: Abs,
}

/// Each page's text, and the ratings set in its state-list columns (none on
/// a page that is not a state list's): the first text of each line of a
/// column, when it is a rating.
fn pages_of(data: &BookletData) -> Vec<(String, Vec<Rating>)> {
    let world = world_for(data, None, published_date(&data.published).ok()).unwrap();
    let document = typeset(&world, typst_pdf::pdf).unwrap().output;
    document
        .pages()
        .iter()
        .map(|page| {
            let text = text::frames_text(std::iter::once(&page.frame));
            let mut ratings = Vec::new();
            if text.contains("Rating Gms Name") {
                // The runs of each column's lines, between the running head
                // and the foot.
                let mut lines = std::collections::BTreeMap::<(i64, i64), Vec<(Abs, &typst::text::TextItem)>>::new();
                text::walk(&page.frame, Transform::identity(), &mut |origin, item| {
                    let body = origin.y > Abs::mm(21.0) && origin.y < page.frame.height() - Abs::mm(18.0);
                    if body && !item.text.trim().is_empty() {
                        let key = (column_of(origin.x), (origin.y.to_pt() * 10.0).round() as i64);
                        lines.entry(key).or_default().push((origin.x, item));
                    }
                });
                for ((_, y), mut runs) in lines {
                    runs.sort_by(|a, b| a.0.to_raw().total_cmp(&b.0.to_raw()));
                    let (x, item) = runs[0];
                    let shown = item.text.trim_start_matches('\u{2007}');
                    if !is_rating(shown) {
                        continue;
                    }
                    // The advances of the glyphs up to the last digit's.
                    let last_digit = item.text.rfind(|c: char| c.is_ascii_digit());
                    let digits_end = last_digit.map(|at| {
                        let advance: Abs = item
                            .glyphs
                            .iter()
                            .filter(|g| (g.range.start as usize) <= at)
                            .map(|g| g.x_advance.at(item.size))
                            .sum();
                        x + advance
                    });
                    ratings.push(Rating { text: shown.to_string(), digits_end, x, y: Abs::pt(y as f64 / 10.0) });
                }
            }
            (text, ratings)
        })
        .collect()
}

/// Whether `text` is a rating as the lists print it: `1572`, `1111p`, `2R`,
/// `Unr`.
fn is_rating(text: &str) -> bool {
    let digits = text.trim_end_matches(['p', 'R']);
    text == "Unr"
        || (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && text.len() - digits.len() <= 1)
}

/// The template's state-list columns: 16 mm margins, three columns, 5 mm
/// gutters on A4, as (left margin, column and gutter).
fn columns() -> (Abs, Abs) {
    let (left, gutter) = (Abs::mm(16.0), Abs::mm(5.0));
    (left, (Abs::mm(210.0) - left * 2.0 - gutter * 2.0) / 3.0 + gutter)
}

/// The column of a state list a position is in.
fn column_of(x: Abs) -> i64 {
    let (left, step) = columns();
    ((x - left) / step).floor() as i64
}

/// The name of a state list's line ("1572 12 Name"), if it is one.
fn listed_name(line: &str) -> Option<&str> {
    let line = line.trim_start_matches(['\u{2007}', ' ']);
    let (rating, rest) = line.split_once(' ')?;
    let (games, name) = rest.trim_start_matches(['\u{2007}', ' ']).split_once(' ')?;
    (is_rating(rating) && games.bytes().all(|b| b.is_ascii_digit()))
        .then(|| name.trim_start_matches(['\u{2002}', '\u{2006}']))
}

#[test]
fn state_pages_name_their_first_and_last_player_in_the_head() {
    let data = big_fixture(3000);
    let pages = pages_of(&data);
    let lists: Vec<&String> = pages.iter().map(|(text, _)| text).filter(|t| t.contains("Rating Gms Name")).collect();
    assert!(lists.len() > 5, "{} state-list pages", lists.len());
    for page in &lists {
        let head = page.lines().next().unwrap();
        let names: Vec<&str> = page.lines().filter_map(listed_name).collect();
        let (first, last) = (names.first().unwrap(), names.last().unwrap());
        // A guide word is the name, or the start of a long one and an
        // ellipsis.
        let (left, rest) = head.split_once(" Active Players").expect("the section between the guide words");
        let guide =
            |word: &str, name: &str| word == name || word.strip_suffix('\u{2026}').is_some_and(|w| name.starts_with(w));
        assert!(guide(left, first), "the head {head:?} does not start with the page's first name {first:?}");
        let cut_last = last.char_indices().any(|(i, _)| i > 4 && rest.ends_with(&format!("{}\u{2026}", &last[..i])));
        assert!(rest.ends_with(last) || cut_last, "the head {head:?} does not end with the page's last name {last:?}");
        // Every column has its headings.
        assert!(page.matches("Rating Gms Name").count() >= 1, "{page}");
    }
    // A full page has three columns, each headed.
    assert!(lists[0].matches("Rating Gms Name").count() == 3, "{}", lists[0]);
}

#[test]
fn provisional_and_confirmed_ratings_end_their_digits_at_the_same_x() {
    let mut data = fixture();
    data.states[0].players.push(player("987p", 3, "Zhou, Adam"));
    let pages = pages_of(&data);
    let ratings: Vec<&Rating> = pages.iter().flat_map(|(_, r)| r.iter()).collect();
    for text in ["1111p", "2452", "2R", "900p", "987p", "1383", "Unr", "1085p"] {
        assert!(ratings.iter().any(|r| r.text == text), "{text} not set as a rating of its own");
    }
    let mut ends = std::collections::BTreeMap::<i64, Vec<(&str, Abs)>>::new();
    for r in &ratings {
        if let Some(end) = r.digits_end {
            ends.entry(column_of(r.x)).or_default().push((&r.text, end));
        }
    }
    for column in ends.values() {
        let (first, x) = column[0];
        for (text, end) in column {
            assert!((*end - x).abs() < Abs::pt(0.01), "the digits of {text} end at {end:?}, those of {first} at {x:?}");
        }
    }
}

#[test]
fn names_are_never_hyphenated() {
    let mut data = fixture();
    let long = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegeundsorgfaltigkeitbeschutzen, Hubert Blaine";
    data.states[1].players[5].name = long.into();
    data.lists[0].rows[5].name = long.into();
    let text = check_layout(&data);
    let names: Vec<&str> = data
        .states
        .iter()
        .flat_map(|s| s.players.iter().map(|p| p.name.as_str()))
        .chain(data.lists.iter().flat_map(|l| l.rows.iter().map(|r| r.name.as_str())))
        .collect();
    for line in text.lines().filter(|l| l.ends_with('-')) {
        let word = line.rsplit(' ').next().unwrap();
        let stem = word.trim_end_matches('-');
        for name in &names {
            assert!(!name.contains(stem) || name.contains(word), "{name:?} is hyphenated: {line:?}");
        }
    }
    // Too long for its column, it is cut.
    assert!(text.contains("Wolfeschlegelsteinhausen"), "{text}");
    assert!(text.lines().any(|l| l.contains("Wolfeschlegel") && l.ends_with('\u{2026}')), "{text}");
}

#[test]
fn long_first_names_become_initials_and_a_surname_is_never_cut() {
    let mut data = fixture();
    let long_first = "Gallagher, Christopher Trevor Maximilian Bartholomew";
    let long_surname = "Vanderhorst-Papadimitriou, Katherine Elizabeth";
    data.states[0].players[1].name = long_first.into();
    data.states[1].players[0].name = long_surname.into();
    data.states[2].players[0].name = format!("{long_surname} (3054)");
    data.lists[0].rows[1].name = long_first.into();
    let text = check_layout(&data);
    let ours = |l: &&str| l.contains("Gallagher") || l.contains("Vanderhorst");
    assert!(text.lines().filter(ours).all(|l| !l.contains('\u{2026}')), "a real-length name is cut: {text}");
    // The first names give way from the last, to initials; the first one
    // stays whole while there is room for it.
    let shortened: Vec<&str> = text.lines().filter(|l| l.contains("Gallagher, C")).collect();
    assert_eq!(shortened.len(), 2, "in the state list and in Top Players: {text}");
    assert!(shortened.iter().all(|l| l.ends_with(" B.")), "{shortened:?}");
    assert!(!text.contains("Bartholomew"), "{text}");
    // The surname is whole (set smaller when it must be), the namesake's ID kept.
    assert!(text.lines().any(|l| l.contains("Vanderhorst-Papadimitriou, K")), "{text}");
    assert!(text.lines().any(|l| l.contains("Vanderhorst-Papadimitriou, K") && l.ends_with("(3054)")), "{text}");
}

#[test]
fn the_last_page_of_a_list_is_balanced_across_its_columns() {
    // One state, so that the rows alone fill the columns; 150 players is
    // under one page, 700 over three.
    for players in [150, 700] {
        let mut data = big_fixture(players);
        let all: Vec<StateRow> = data.states.drain(..).flat_map(|s| s.players).collect();
        data.states = vec![StateSection {
            code: "V".into(),
            name: "Victoria".into(),
            players: all[..players.min(all.len())].to_vec(),
        }];
        let pages = pages_of(&data);
        let lists: Vec<&Vec<Rating>> = pages.iter().map(|(_, r)| r).filter(|r| !r.is_empty()).collect();
        let last = lists.last().unwrap();
        let mut rows = std::collections::BTreeMap::<i64, (usize, Abs)>::new();
        for r in last.iter() {
            let column = rows.entry(column_of(r.x)).or_default();
            *column = (column.0 + 1, column.1.max(r.y));
        }
        let counts: Vec<usize> = rows.values().map(|c| c.0).collect();
        assert_eq!(counts.len(), 3, "{players} players: the last page's columns hold {counts:?} rows");
        // The columns end within a line of each other (the first may start
        // with the state's bar, which takes two lines)...
        let ends: Vec<Abs> = rows.values().map(|c| c.1).collect();
        let pitch = Abs::pt(8.0 * 1.174);
        let spread = ends.iter().copied().fold(Abs::zero(), Abs::max) - ends.iter().copied().fold(Abs::inf(), Abs::min);
        assert!(spread <= pitch * 1.01, "{players} players: the last page's columns end at {ends:?}");
        // ... and without it, they differ by a row at most.
        if lists.len() > 1 {
            let (most, least) = (counts.iter().max().unwrap(), counts.iter().min().unwrap());
            assert!(most - least <= 1, "{players} players: the last page's columns hold {counts:?} rows");
        }
        let total: usize = lists.iter().map(|r| r.len()).sum();
        assert_eq!(total, players, "every player once");
        // The rows of a column stand one under the other.
        let tops: Vec<Abs> = last.iter().filter(|r| column_of(r.x) == 0).map(|r| r.y).collect();
        assert!(tops.windows(2).all(|w| w[1] > w[0]));
    }
}

#[test]
fn events_show_their_dates() {
    let mut data = fixture();
    let weekender = |code: &str, dates: &str| EventLine {
        code: code.into(),
        name: "Sydney Weekender".into(),
        state: "N".into(),
        dates: dates.into(),
        note: String::new(),
    };
    data.events_rated.push(StateEvents {
        code: "N".into(),
        name: "New South Wales".into(),
        events: vec![weekender("N93003", "3\u{2013}4 Apr"), weekender("N93017", "15\u{2013}16 May")],
    });
    data.events_not_rated[0].dates = "30 Dec 1992 \u{2013} 2 Jan 1993".into();
    let text = check_layout(&data);
    assert!(text.contains("N93003 Sydney Weekender 3\u{2013}4 Apr\n"), "{text}");
    assert!(text.contains("N93017 Sydney Weekender 15\u{2013}16 May\n"), "{text}");
    assert!(text.contains("Code Event State Dates Reason"), "{text}");
    assert!(text.contains("A93115 Tuggeranong Blitz A 30 Dec 1992 \u{2013} 2 Jan 1993"), "{text}");
}

#[test]
fn a_ten_thousand_character_name_is_cut_and_adds_no_page() {
    let plain = fixture();
    let pages = |data: &BookletData| pages_of(data).len();
    let mut data = fixture();
    let spaced = "Abcdefghij ".repeat(1000);
    let solid = "X".repeat(10_000);
    data.states[0].players[1].name = format!("Johansen, {spaced}");
    data.states[1].players[0].name = format!("{solid}, Charlie");
    data.states[2].players[0].name = format!("Abramov, Alex\u{1b}[2J\t{solid} (3054)");
    data.lists[0].rows[1].name = format!("Johansen, {spaced}");
    data.lists[4].rows[0].name = solid.clone();
    data.events_rated[0].events[0].name = spaced.clone();
    data.events_rated[0].events[1].note = solid.clone();
    data.events_not_rated[0].name = solid.clone();
    data.events_not_rated[1].note = spaced.clone();
    // No text runs over, no warning.
    let text = check_layout(&data);
    assert_eq!(pages(&data), pages(&plain), "the long names added pages");
    assert!(text.lines().any(|l| l.contains("Johansen, Abcdefghij") && l.ends_with('\u{2026}')), "{text}");
    assert!(text.lines().any(|l| l.contains("XXXXXXX\u{2026}")), "{text}");
    // A namesake's ID survives the cut; a control character is a space.
    assert!(text.lines().any(|l| l.contains("Abramov, Alex [2J X") && l.ends_with("\u{2026} (3054)")), "{text}");
    assert!(!text.contains(&"Abcdefghij ".repeat(30)), "a name is printed whole");
}

#[test]
fn a_lists_figure_heading_stands_apart_from_the_rating_heading() {
    let data = big_fixture(600);
    let world = world_for(&data, None, published_date(&data.published).ok()).unwrap();
    let document = typeset(&world, typst_pdf::pdf).unwrap().output;
    let mut pairs = 0;
    for page in document.pages() {
        // (text, left, right, baseline) of the headings.
        let mut heads: Vec<(String, Abs, Abs, Abs)> = Vec::new();
        text::walk(&page.frame, Transform::identity(), &mut |origin, item| {
            if ["Rating", "Increase"].contains(&item.text.as_str()) {
                let width: Abs = item.glyphs.iter().map(|g| g.x_advance.at(item.size)).sum();
                heads.push((item.text.to_string(), origin.x, origin.x + width, origin.y));
            }
        });
        for (_, _, rating_right, y) in heads.iter().filter(|h| h.0 == "Rating") {
            for (_, left, _, _) in heads.iter().filter(|h| h.0 == "Increase" && (h.3 - *y).abs() < Abs::pt(0.5)) {
                pairs += 1;
                assert!(
                    *left - *rating_right >= Abs::pt(2.0),
                    "\"Rating\" ends at {rating_right:?}, \"Increase\" starts at {left:?}"
                );
            }
        }
    }
    assert!(pairs >= 1, "Top Improvers' headings were found");
}

#[test]
fn about_this_booklet_is_never_split_from_its_last_lines() {
    let mut data = big_fixture(600);
    // More lists than the fixture's (the sample's seniors' and more): a
    // contents that leaves the introduction less room than it takes.
    for age in [40, 45, 50, 55, 60, 65, 70, 75, 80] {
        let mut over = data.lists[1].clone();
        over.title = format!("Top Over {age}");
        data.lists.push(over);
    }
    let pages = pages_of(&data);
    let about = pages.iter().position(|(text, _)| text.contains("About this booklet")).expect("the introduction");
    assert!(
        pages[about].0.contains("Please check your entry"),
        "the introduction runs onto the next page:\n{}",
        pages[about + 1].0
    );
    // What the number after a name is, in the legend and over the state lists.
    let said = pages
        .iter()
        .filter(|(text, _)| {
            text.contains("in brackets after a name") && text.replace('\u{2019}', "'").contains("is the player's ID")
        })
        .count();
    assert_eq!(said, 2, "the introduction and the state lists say what the number after a name is: {}", pages[about].0);
    // The officer's words are set as the rest of the text is: a typographic
    // apostrophe, not the straight one of the rule set's words.
    let about_text = &pages[about].0;
    assert!(about_text.contains("state\u{2019}s") && !about_text.contains("state's"), "{about_text}");
}
