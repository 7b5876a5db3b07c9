//! The index's search box in Chromium: typed names find players regardless of
//! case and accents (typed with or without them), one filter takes under
//! 200 ms in the page, Escape brings the list back, the box is reached by
//! keyboard, and with scripts off the whole list is there.

use std::time::Instant;

use serde_json::Value;

use super::cdp::Page;
use super::{site_page, with_page};

/// The names (link texts) of the rows shown in the results table.
fn found(p: &mut Page) -> Vec<String> {
    let v: Value = p
        .eval(
            "document.getElementById('found').hidden ? [] : [...document.querySelectorAll('#found tbody tr')]\
             .filter(r => r.checkVisibility()).map(r => r.querySelector('a').textContent)",
        )
        .unwrap();
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// The active players (from ratings.json): (surname, first names, ID).
fn active_players() -> Vec<(String, String, u64)> {
    let text = std::fs::read_to_string(site_page("downloads/ratings.json")).unwrap();
    let json: Value = serde_json::from_str(&text).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .filter(|p| p["active"] == true)
        .map(|p| {
            let s = |k: &str| p[k].as_str().unwrap().to_string();
            (s("surname"), s("first_names"), p["id"].as_u64().unwrap())
        })
        .collect()
}

/// Types `query` key by key into the focused box (replacing what it holds) and
/// returns the names found; the in-page filter must take under 200 ms.
fn search(p: &mut Page, query: &str) -> Vec<String> {
    p.eval("document.getElementById('q').select()").unwrap();
    let t = Instant::now();
    p.type_keys(query).unwrap();
    p.next_frame().unwrap();
    let wall = t.elapsed().as_millis();
    let rows = found(p);
    let filter_ms = p.eval("window.__lastFilterMs").unwrap().as_f64().expect("search.js sets __lastFilterMs");
    eprintln!(
        "search {query:?}: {} rows, last filter {filter_ms:.1} ms, {wall} ms for {} keys",
        rows.len(),
        query.len()
    );
    assert!(filter_ms < 200.0, "{query:?}: the filter took {filter_ms} ms");
    rows
}

#[test]
fn typing_a_name_without_its_accents_finds_the_player() {
    let players = active_players();
    // Accented surnames of the sample, each with the ASCII form a user types.
    let mut accented: Vec<(String, String)> = players
        .iter()
        .filter(|(surname, _, _)| !surname.is_ascii())
        .map(|(surname, first, _)| (format!("{surname}, {first}"), ratebook::publish::site::fold(surname)))
        .collect();
    accented.sort();
    accented.dedup_by(|a, b| a.1 == b.1);
    assert!(accented.len() >= 3, "the generated sample has accented surnames: {accented:?}");
    assert!(accented.iter().any(|(name, _)| name.starts_with("Sørensen")), "a Sørensen in the sample");
    with_page(&site_page("index.html"), 390, true, |p| {
        p.eval("document.getElementById('q').focus()").unwrap();
        for (name, query) in accented.iter().filter(|(n, _)| n.starts_with("Sørensen")).chain(&accented) {
            assert!(query.is_ascii() && !query.is_empty(), "{query:?}");
            let rows = search(p, query);
            assert!(rows.contains(name), "{query:?} does not find {name}: {rows:?}");
            let upper = search(p, &query.to_uppercase());
            assert!(upper.contains(name), "{query:?} in capitals does not find {name}: {upper:?}");
            // Typed with its accents, folded by search.js.
            let surname = name.split(", ").next().unwrap();
            let typed = search(p, surname);
            assert!(typed.contains(name), "{surname:?} does not find {name}: {typed:?}");
        }
        // By ID, and by a surname and first-name prefix together.
        let (surname, first, id) = &players[players.len() / 2];
        let rows = search(p, &id.to_string());
        assert!(rows.contains(&format!("{surname}, {first}")), "ID {id}: {rows:?}");
        // A query matching nobody says so and shows no row.
        assert!(search(p, "zzqx").is_empty());
        assert_eq!(p.eval("document.getElementById('count').textContent").unwrap(), "No player matches.");
        // Escape empties the box: the whole list is back.
        p.press("Escape").unwrap();
        p.next_frame().unwrap();
        let back = p.eval("[document.getElementById('found').hidden, document.getElementById('list').inert]").unwrap();
        assert_eq!(back, serde_json::json!([true, false]), "after Escape");
    });
}

#[test]
fn filtering_the_whole_list_takes_under_200_ms() {
    with_page(&site_page("index.html"), 390, true, |p| {
        p.eval("document.getElementById('q').focus()").unwrap();
        // One letter matches most players: the most rows cloned.
        for query in ["a", "e", "n"] {
            let rows = search(p, query);
            assert!(rows.len() > 100, "{query:?}: {} rows", rows.len());
        }
    });
}

#[test]
fn tab_reaches_the_search_box() {
    with_page(&site_page("index.html"), 1280, true, |p| {
        let mut presses = 0;
        while p.eval("document.activeElement.id").unwrap() != "q" {
            presses += 1;
            assert!(presses <= 10, "10 presses of Tab do not reach the search box");
            p.press("Tab").unwrap();
        }
        eprintln!("Tab reaches the search box after {presses} presses");
        p.type_keys("sorensen").unwrap();
        p.next_frame().unwrap();
        assert!(found(p).iter().any(|n| n.starts_with("Sørensen")), "typing after Tab searches");
    });
}

#[test]
fn with_scripts_off_the_whole_list_is_there() {
    let active = active_players().len();
    with_page(&site_page("index.html"), 390, false, |p| {
        // DevTools' own evaluation runs while the page's scripts do not.
        let state = p
            .eval(
                "[document.querySelectorAll('#list tbody tr').length, typeof window.__lastFilterMs,\
                 document.getElementById('found').hidden, document.getElementById('list').offsetHeight > 1000]",
            )
            .unwrap();
        assert_eq!(state, serde_json::json!([active, "undefined", true, true]));
    });
}

/// Every player with a page (from the player file the site was published
/// with): (surname, first names, ID, on the list).
fn players_with_pages() -> Vec<(String, String, u64, bool)> {
    let text = std::fs::read_to_string(site_page("downloads/ratings.json")).unwrap();
    let json: Value = serde_json::from_str(&text).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().unwrap().to_string();
            (s("surname"), s("first_names"), p["id"].as_u64().unwrap(), p["active"] == true)
        })
        .collect()
}

/// `oshea` finds O'Shea: a name's apostrophe is dropped, typed or not.
#[test]
fn a_name_with_an_apostrophe_is_found_without_it() {
    let players = players_with_pages();
    let (surname, first, _, _) = players
        .iter()
        .find(|(s, _, _, on)| *on && s.contains('\''))
        .expect("the generated sample has an active O'… (O'Brien, O'Neill, O'Shea)");
    let name = format!("{surname}, {first}");
    with_page(&site_page("index.html"), 390, true, |p| {
        p.eval("document.getElementById('q').focus()").unwrap();
        let bare = surname.replace('\'', "").to_lowercase();
        for query in [bare.as_str(), &surname.to_lowercase(), &surname.replace('\'', " ").to_lowercase()] {
            let rows = search(p, query);
            assert!(rows.contains(&name), "{query:?} does not find {name}: {rows:?}");
        }
    });
}

/// A player with a page who is not on the list (not active) is found
/// too, after those on it, and marked as not on it.
#[test]
fn search_finds_the_players_not_on_the_list_and_marks_them() {
    let players = players_with_pages();
    let (surname, first, id, _) =
        players.iter().find(|(s, f, _, on)| !on && s.is_ascii() && !f.is_empty()).expect("an inactive player");
    with_page(&site_page("index.html"), 390, true, |p| {
        p.eval("document.getElementById('q').focus()").unwrap();
        let rows = search(p, &id.to_string());
        assert_eq!(rows, [format!("{surname}, {first}")], "by ID");
        let shown = p
            .eval(
                "[document.querySelector('#found tbody tr').textContent, document.getElementById('count').textContent]",
            )
            .unwrap();
        assert!(shown[0].as_str().unwrap().contains("(inactive, not on the list)"), "{shown}");
        assert_eq!(shown[1], "1 player, not on the list");
        let link = p.eval("document.querySelector('#found tbody tr a').getAttribute('href')").unwrap();
        assert_eq!(link, format!("players/{id}.html"));
        assert!(site_page(&format!("players/{id}.html")).is_file());
    });
}

/// A query one letter off a name finds nobody but suggests the name:
/// `babich` suggests Babić.
#[test]
fn a_near_miss_suggests_the_names_nearest_it() {
    let players = players_with_pages();
    let keys: Vec<String> = players
        .iter()
        .map(|(s, f, id, _)| format!("{} {id}", ratebook::publish::site::fold(&format!("{s} {f}"))))
        .collect();
    // An active player's surname of six letters or more with an h added
    // (babic → babich), where no name holds the result.
    let (name, typo) = players
        .iter()
        .filter(|(s, _, _, on)| *on && !s.contains(' '))
        .map(|(s, f, _, _)| (format!("{s}, {f}"), format!("{}h", ratebook::publish::site::fold(s))))
        .find(|(_, typo)| typo.len() >= 6 && !keys.iter().any(|k| k.contains(typo.as_str())))
        .expect("a surname to misspell");
    with_page(&site_page("index.html"), 390, true, |p| {
        p.eval("document.getElementById('q').focus()").unwrap();
        assert!(search(p, &typo).is_empty(), "{typo:?} finds nobody");
        assert_eq!(p.eval("document.getElementById('count').textContent").unwrap(), "No player matches.");
        let said = p
            .eval("document.getElementById('suggest').hidden ? '' : document.getElementById('suggest').textContent")
            .unwrap();
        let said = said.as_str().unwrap();
        assert!(said.starts_with("Did you mean ") && said.contains(&name), "{typo:?}: {said:?}");
        // Nothing near: no suggestion.
        search(p, "zzqx");
        assert_eq!(p.eval("document.getElementById('suggest').hidden").unwrap(), true);
    });
}
