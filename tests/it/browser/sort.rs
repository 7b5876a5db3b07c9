//! The index's sortable headings and state filter in Chromium, by keyboard:
//! a heading sorts the list by its column (again to reverse; Name puts the
//! name order back), the state filter keeps one state's players and works
//! with the search box, each within 200 ms in the page, also on a list of
//! world size (the sample's rows repeated past 200,000); and the lists'
//! headings and names read whole at a phone's width and a desktop's.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::cdp::Page;
use super::{site_page, with_page};

/// The rows #found shows: (rating value or none, state, name), in order.
fn shown(p: &mut Page) -> Vec<(Option<f64>, String, String)> {
    let v = p
        .eval(
            "document.getElementById('found').hidden ? null : [...document.querySelectorAll('#found tbody tr')]\
             .map(r => [r.cells[0].textContent, r.cells[3].textContent, r.cells[4].textContent])",
        )
        .unwrap();
    let Some(rows) = v.as_array() else { return Vec::new() };
    rows.iter()
        .map(|r| {
            let s = |i: usize| r[i].as_str().unwrap().to_string();
            let rating = s(0).trim_end_matches('p').parse::<f64>().ok();
            (rating, s(1), s(2))
        })
        .collect()
}

/// Focuses the sort button of `column` in the visible table and presses
/// Enter; the sort must take under 200 ms in the page.
fn sort_by(p: &mut Page, column: &str) -> f64 {
    let table = if p.eval("document.getElementById('found').hidden").unwrap() == true { "players" } else { "found" };
    p.eval(&format!("document.querySelector('#{table} button[data-column={column}]').focus()")).unwrap();
    p.press("Enter").unwrap();
    p.next_frame().unwrap();
    let ms = p.eval("window.__lastSortMs").unwrap().as_f64().expect("search.js sets __lastSortMs");
    let parts = p.eval("JSON.stringify(window.__searchTiming)").unwrap();
    eprintln!("sort by {column}: {ms:.1} ms ({parts})");
    assert!(ms < 200.0, "sorting by {column} took {ms} ms ({parts})");
    ms
}

/// Chooses `state` (a code, or "" for all) in the state filter.
fn choose_state(p: &mut Page, state: &str) -> f64 {
    p.eval(&format!(
        "(() => {{ const s = document.getElementById('state'); s.value = {state:?};\
         s.dispatchEvent(new Event('change')); }})()"
    ))
    .unwrap();
    p.next_frame().unwrap();
    let ms = p.eval("window.__lastFilterMs").unwrap().as_f64().unwrap();
    assert!(ms < 200.0, "filtering by state {state:?} took {ms} ms");
    ms
}

fn ratings(rows: &[(Option<f64>, String, String)]) -> Vec<Option<f64>> {
    rows.iter().map(|r| r.0).collect()
}

/// The checks of sorting and filtering, on the index at `page`.
fn sorts_and_filters(page: &Path) {
    with_page(page, 390, true, |p| {
        // A reader clicks once the page is ready: its idle work (reading the
        // rows, the likeliest sort) done.
        p.eval(
            "new Promise(r => requestIdleCallback(() => requestIdleCallback(() => requestIdleCallback(() => r(0)))))",
        )
        .unwrap();
        // Rating: highest first, the players without a rating last.
        let first = sort_by(p, "rating");
        eprintln!("the first sort's parts: {}", p.eval("JSON.stringify(window.__searchTiming)").unwrap());
        let rows = shown(p);
        assert!(rows.len() >= 100, "{} rows shown", rows.len());
        let rated: Vec<f64> = ratings(&rows).into_iter().flatten().collect();
        assert!(rated.windows(2).all(|w| w[0] >= w[1]), "not highest first: {rated:?}");
        let aria = p.eval("document.querySelector('#found th[aria-sort]').textContent").unwrap();
        assert_eq!(aria, "Rating", "aria-sort marks the column");
        // Again: lowest first.
        let again = sort_by(p, "rating");
        let rated: Vec<f64> = ratings(&shown(p)).into_iter().flatten().collect();
        assert!(rated.windows(2).all(|w| w[0] <= w[1]), "not lowest first: {rated:?}");
        assert_eq!(
            p.eval("document.querySelector('#found th[aria-sort]').getAttribute('aria-sort')").unwrap(),
            "ascending"
        );
        // "Show more" adds the next rows.
        let before = shown(p).len();
        p.eval("document.getElementById('more').click()").unwrap();
        assert!(shown(p).len() > before, "Show more adds rows");
        // The state filter keeps one state, in the order chosen, and works with the search.
        let state = choose_state(p, "V");
        let rows = shown(p);
        assert!(!rows.is_empty() && rows.iter().all(|r| r.1 == "V"), "{rows:?}");
        let rated: Vec<f64> = ratings(&rows).into_iter().flatten().collect();
        assert!(rated.windows(2).all(|w| w[0] <= w[1]), "the state's players lowest first: {rated:?}");
        p.eval("document.getElementById('q').focus()").unwrap();
        let (name, surname) = (rows[0].2.clone(), rows[0].2.split(',').next().unwrap().to_string());
        p.type_keys(&surname).unwrap();
        p.next_frame().unwrap();
        let found = shown(p);
        assert!(found.iter().all(|r| r.1 == "V") && found.iter().any(|r| r.2 == name), "{surname}: {found:?}");
        p.press("Escape").unwrap();
        p.next_frame().unwrap();
        choose_state(p, "");
        // Name puts the name order back: the whole list again.
        let name = sort_by(p, "name");
        let back = p.eval("[document.getElementById('found').hidden, document.getElementById('list').inert]").unwrap();
        assert_eq!(back, serde_json::json!([true, false]), "Name brings the list back");
        // Name again: Z to A.
        sort_by(p, "name");
        let names: Vec<String> = shown(p).into_iter().map(|r| r.2).collect();
        assert!(names.len() > 10, "{names:?}");
        eprintln!(
            "{}: sort {first:.1} ms, reversed {again:.1} ms, state {state:.1} ms, name {name:.1} ms",
            page.display()
        );
    });
}

#[test]
fn a_heading_sorts_the_list_and_the_state_filter_keeps_one_state() {
    sorts_and_filters(&site_page("index.html"));
}

/// The sample's index with its rows repeated until it lists `rows` players,
/// beside its stylesheet and script: the page a world-sized list makes,
/// without generating the world.
fn world_index(rows: usize) -> PathBuf {
    let site = crate::site::generated().site();
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    let between = |from: &str, to: &str| -> (usize, usize) {
        let start = page.find(from).unwrap_or_else(|| panic!("{from} in index.html"));
        let end = start + page[start..].find(to).unwrap_or_else(|| panic!("{to} after {from}"));
        (start, end)
    };
    let (chunks_at, list_end) = between("<div class=\"c\">", "</div>\n<script id=\"keys\"");
    let keys_tag = "<script id=\"keys\" type=\"text/plain\">";
    let sort_tag = "<script id=\"sort\" type=\"text/plain\">";
    let (keys_at, keys_end) = between(keys_tag, "</script>");
    let (sort_at, sort_end) = between(sort_tag, "</script>");
    let keys = &page[keys_at + keys_tag.len()..keys_end];
    let sort = &page[sort_at + sort_tag.len()..sort_end];
    let n = keys.lines().count();
    let times = rows.div_ceil(n);
    let repeat = |text: &str| vec![text; times].join("\n");
    let world = format!(
        "{}{}{}{keys_tag}{}</script>\n{sort_tag}{}{}",
        &page[..chunks_at],
        vec![&page[chunks_at..list_end]; times].concat(),
        &page[list_end..keys_at],
        repeat(keys),
        repeat(sort),
        &page[sort_end..],
    );
    let dir = tempfile::Builder::new().prefix("ratebook-world-index-").tempdir().unwrap().keep();
    std::fs::write(dir.join("index.html"), world).unwrap();
    for file in ["site.css", "search.js"] {
        std::fs::copy(site.join(file), dir.join(file)).unwrap();
    }
    eprintln!("a world-sized index: {} rows", n * times);
    dir.join("index.html")
}

#[test]
fn sorting_and_filtering_a_world_sized_list_take_under_200_ms() {
    if super::browser().is_none() {
        return;
    }
    let page = world_index(200_000);
    sorts_and_filters(&page);
    let _ = std::fs::remove_dir_all(page.parent().unwrap());
}

/// The headings of the lists on `rel` that do not show whole at `width`.
fn cut_headings(rel: &str, width: u32) -> Vec<String> {
    let mut cut = Vec::new();
    with_page(&site_page(rel), width, true, |p| {
        p.next_frame().unwrap();
        let v: Value = p
            .eval(
                "[...document.querySelectorAll('table.list th')].filter(th => { if (th.offsetParent === null) return false;\
                   const r = document.createRange(); r.selectNodeContents(th);\
                   const text = r.getBoundingClientRect(), cell = th.getBoundingClientRect();\
                   return text.right > cell.right + 0.5 || text.left < cell.left - 0.5; }).map(th => th.textContent)",
            )
            .unwrap();
        cut = v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    });
    cut
}

#[test]
fn list_headings_are_whole_on_a_phone_and_a_desktop() {
    for rel in ["index.html", "top.html"] {
        for width in [390, 1280] {
            let cut = cut_headings(rel, width);
            assert!(cut.is_empty(), "{rel} at {width} px cuts the headings {cut:?}");
        }
    }
}

#[test]
fn names_wrap_between_words_never_inside_one_on_a_phone() {
    for rel in ["top.html", "index.html"] {
        with_page(&site_page(rel), 390, true, |p| {
            p.next_frame().unwrap();
            // Every word of a name (split at spaces and after hyphens) on one line.
            let broken = p
                .eval(
                    "[...document.querySelectorAll('table.list td a')].slice(0, 400).filter(a => {\
                       const t = a.firstChild; if (!t) return false; const re = /[^\\s-]+-?/g; let m;\
                       while ((m = re.exec(t.data))) { const r = document.createRange();\
                         r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);\
                         const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));\
                         if (tops.size > 1) return true; }\
                       return false; }).map(a => a.textContent)",
                )
                .unwrap();
            assert_eq!(broken, serde_json::json!([]), "{rel}: names broken inside a word at 390 px");
        });
    }
}

#[test]
fn the_chart_labels_read_apart_in_the_page_text() {
    let page = crate::site::generated()
        .site()
        .join("players")
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| std::fs::read_to_string(p).unwrap().contains("<figure class=\"chart\""))
        .min()
        .expect("a player page with a chart");
    with_page(&page, 390, true, |p| {
        let text = p.eval("document.querySelector('figure.chart svg').parentNode.innerText").unwrap();
        let text = text.as_str().unwrap();
        let periods: Vec<&str> = text.lines().filter(|l| l.starts_with("Aug ")).collect();
        assert!(periods.len() >= 2, "{text}");
        assert!(!text.contains("1993Aug") && !text.contains("1994Aug"), "{text}");
        // On the page, too, the labels stand apart.
        let gaps = p
            .eval(
                "(() => { const r = [...document.querySelectorAll('figure.chart svg text[text-anchor]')]\
                 .filter(t => /[0-9]{4}/.test(t.textContent) && !/^[0-9]+$/.test(t.textContent))\
                 .map(t => t.getBoundingClientRect()); return r.slice(1).map((b, i) => b.left - r[i].right); })()",
            )
            .unwrap();
        assert!(gaps.as_array().unwrap().iter().all(|g| g.as_f64().unwrap() >= 4.0), "labels too close: {gaps}");
    });
}
