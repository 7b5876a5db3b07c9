//! The site's pages in Chromium at a phone's width (390 CSS px): no page
//! scrolls sideways, and a player page draws its chart and shows the
//! calculation.

use std::path::PathBuf;

use super::{site_page, with_page};

/// The largest file in a folder of the site (the likeliest to overflow).
pub(super) fn largest(dir: &str) -> String {
    let root = crate::site::generated().site();
    let files = crate::site::files(&root.join(dir));
    let (_, file) = files
        .iter()
        .map(|f| (std::fs::metadata(root.join(dir).join(f)).unwrap().len(), f.clone()))
        .max()
        .unwrap_or_else(|| panic!("files in {dir}"));
    format!("{dir}/{}", file.display())
}

fn fits(page: &std::path::Path) {
    let rel = page.display();
    with_page(page, 390, true, |p| {
        super::checks::draw_the_calculator(p);
        p.next_frame().unwrap();
        let w = p.eval("[document.documentElement.scrollWidth, document.documentElement.clientWidth]").unwrap();
        let (scroll, client) = (w[0].as_i64().unwrap(), w[1].as_i64().unwrap());
        assert!(client > 300 && client <= 390, "{rel}: laid out {client} px wide (no viewport meta?)");
        if scroll > client {
            // Name what sticks out, to make the failure useful.
            let wide = p
                .eval(
                    "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > \
                     document.documentElement.clientWidth + 1).slice(0, 5).map(e => e.outerHTML.slice(0, 120))",
                )
                .unwrap();
            panic!("{rel} scrolls sideways at 390 px ({scroll} > {client}): {wide}");
        }
    });
}

/// Every kind of page, comparison.html and the calculator (its form and
/// answer drawn) among them.
#[test]
fn no_page_scrolls_sideways_on_a_phone() {
    for page in super::checks::every_kind() {
        fits(&page);
    }
}

#[test]
fn a_player_page_draws_the_chart_and_shows_the_calculation() {
    let page: PathBuf = site_page(&largest("players"));
    with_page(&page, 390, true, |p| {
        let chart = p
            .eval(
                "(() => { const s = document.querySelector('figure.chart svg'); const r = s.getBoundingClientRect();\
                 return [Math.round(r.width), Math.round(r.height), s.querySelectorAll('polyline').length,\
                 document.querySelector('figure.chart figcaption').textContent.length]; })()",
            )
            .unwrap();
        let n = |i: usize| chart[i].as_i64().unwrap();
        assert!(n(0) >= 300 && n(0) <= 390 && n(1) >= 100, "the chart is drawn {}×{} px", n(0), n(1));
        assert!(n(2) >= 1 && n(3) >= 20, "a line and a caption: {chart}");
        let facts = p
            .eval(
                "[[...document.querySelectorAll('h2')].map(h => h.textContent),\
                 document.querySelectorAll('ol.calculation li').length,\
                 document.querySelector('ol.calculation').checkVisibility()]",
            )
            .unwrap();
        let headings: Vec<&str> = facts[0].as_array().unwrap().iter().map(|h| h.as_str().unwrap()).collect();
        assert!(headings.contains(&"Games this period") && headings.contains(&"The calculation"), "{headings:?}");
        assert!(facts[1].as_i64().unwrap() >= 5 && facts[2] == true, "{facts}");
    });
}

#[test]
fn the_largest_event_page_gives_place_a_narrow_column_and_its_games_a_line_a_round_on_a_phone() {
    with_page(&site_page(&largest("events")), 390, true, |p| {
        p.next_frame().unwrap();
        let m = p
            .eval(
                "(() => { const w = s => Math.round(document.querySelector(s).getBoundingClientRect().width);\
                 const h = s => [...document.querySelectorAll(s)].reduce((a, e) => a + e.getBoundingClientRect().height, 0);\
                 return [w('table.standings th'), w('table.standings'), h('main table.list:not(.games)'),\
                 document.documentElement.scrollHeight, document.querySelectorAll('details.round').length,\
                 document.querySelectorAll('details.round[open]').length]; })()",
            )
            .unwrap();
        let n = |i: usize| m[i].as_f64().unwrap();
        assert!(n(0) <= 0.15 * n(1), "Place takes {} of {} px", n(0), n(1));
        assert!(n(4) >= 2.0 && n(5) == 0.0, "a closed section a round: {m}");
        // Beyond the two tables of players, the page is the facts and a line a round.
        assert!(n(3) <= n(2) + 900.0 + 40.0 * n(4), "the page is {} px long, its tables {} px", n(3), n(2));
    });
}

/// comparison.html's chart keeps every label inside it, the last period's
/// too ("August 1996", once cut to "August 1"), on a phone and a desktop.
#[test]
fn the_comparisons_chart_labels_stay_inside_the_chart() {
    for width in [390, 1280] {
        with_page(&super::checks::comparison(), width, true, |p| {
            p.next_frame().unwrap();
            let sticking_out = p
                .eval(
                    "(() => { const svg = document.querySelector('figure svg').getBoundingClientRect();\
                     return [...document.querySelectorAll('figure svg text')].filter(t => { const b = t.getBoundingClientRect();\
                     return b.left < svg.left - 0.5 || b.right > svg.right + 0.5; }).map(t => t.textContent); })()",
                )
                .unwrap();
            assert_eq!(sticking_out, serde_json::json!([]), "labels cut at {width} px");
        });
    }
}
