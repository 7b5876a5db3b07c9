//! The site against the webmaster's tools: every kind of page (and
//! `compare --out`'s comparison.html) valid HTML by the Nu HTML Checker
//! (`vnu.jar`, run with the machine's Java), and no axe violation
//! (axe-core, injected into Chromium) at a phone's width and a desktop's,
//! the what-if calculator's form and answer drawn; at a phone's width the
//! statistics' chart labels must stay legible. `.ci/run` installs both from
//! npm into `~/.cache/ratebook-web-tools` (or set `VNU_JAR`, `AXE_CORE`);
//! without them these tests say so and pass, except under CI, where they fail.

use std::io::Write;
use std::path::PathBuf;

use super::{site_page, with_page};

/// A tool file: the variable `var` names it, or the npm folder `.ci/run` installs into.
fn tool(var: &str, in_npm: &str) -> Option<PathBuf> {
    let path = match std::env::var_os(var) {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(std::env::var_os("HOME")?).join(".cache/ratebook-web-tools/node_modules").join(in_npm),
    };
    if path.is_file() {
        return Some(path);
    }
    if std::env::var_os("CI").is_some() {
        panic!("CI is set and there is no {} (set {var}, or run .ci/run, which installs it)", path.display());
    }
    let _ = writeln!(std::io::stderr(), "SKIPPED: a check of the site ({} not found; set {var})", path.display());
    None
}

/// One page of each kind the site has (the largest player, event and state
/// pages), and the comparison of rule sets `compare --out` writes.
pub(super) fn every_kind() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> =
        ["index.html", "top.html", "events.html", "statistics.html", "rules.html", "downloads.html", "calculator.html"]
            .map(site_page)
            .into();
    for dir in ["players", "events", "states"] {
        pages.push(site_page(&super::pages::largest(dir)));
    }
    pages.push(comparison());
    pages.extend(with_lists());
    pages
}

/// The pages a federation of three lists adds or changes: a player's page
/// with his three lines and charts, the top lists, a list's statistics, the
/// downloads of every list and a state's page with a column per list.
fn with_lists() -> Vec<PathBuf> {
    let site = crate::list_outputs::three_lists().out.join("site");
    let page = |rel: &str| {
        let path = site.join(rel);
        assert!(path.is_file(), "{}", path.display());
        path
    };
    // The player on most lists with the most games: the richest page.
    let players = std::fs::read_dir(site.join("players")).unwrap().map(|e| e.unwrap().path());
    let richest = players
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .max_by_key(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            (text.matches("<svg").count(), text.len(), p.clone())
        })
        .unwrap();
    let mut pages = vec![richest];
    pages.extend(["top.html", "statistics-rapid.html", "downloads.html", "states/V.html"].map(page));
    pages
}

/// `compare --out`'s comparison.html of the generated chain, made once.
pub(super) fn comparison() -> PathBuf {
    static PAGE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let g = crate::site::generated();
        let out = g.out.parent().unwrap().join("comparison");
        let o = crate::common::ratebook(&[
            "compare",
            "--system",
            "fide",
            "--system",
            "glicko2",
            "--data",
            g.data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "compare: {}", crate::common::stderr(&o));
        out.join("comparison.html")
    })
    .clone()
}

#[test]
fn every_kind_of_page_is_valid_html_by_the_nu_checker() {
    let Some(vnu) = tool("VNU_JAR", "vnu-jar/build/dist/vnu.jar") else { return };
    let pages: Vec<PathBuf> = every_kind();
    let o = std::process::Command::new("java")
        .arg("-jar")
        .arg(&vnu)
        .args(["--errors-only", "--format", "gnu"])
        .args(&pages)
        .output()
        .expect("java runs (apt-get install -y default-jre-headless)");
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success() && said.trim().is_empty(), "the Nu checker finds errors:\n{said}");
}

/// axe's violations on the page open in `p`, as `id (impact): targets`.
fn axe_violations(p: &mut super::cdp::Page, axe: &str) -> Vec<String> {
    p.eval(axe).unwrap();
    let found = p
        .eval(
            "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => \
             `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`))",
        )
        .unwrap();
    found.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// Gives the what-if calculator of the page open in `p`, if it has one, a
/// rating and a game, so that its form and its answer are both drawn.
pub(super) fn draw_the_calculator(p: &mut super::cdp::Page) {
    p.eval(
        "(() => { if (!window.__calculator) return; const own = document.getElementById('wi-rating');\
         if (own && !own.value) own.value = '1500'; document.querySelector('.wi-rating').value = '1650';\
         window.__calculator.now(); })()",
    )
    .unwrap();
}

#[test]
fn no_axe_violation_on_any_kind_of_page_at_a_phones_width_or_a_desktops() {
    let Some(axe) = tool("AXE_CORE", "axe-core/axe.min.js") else { return };
    let axe = std::fs::read_to_string(axe).unwrap();
    let mut found = Vec::new();
    for width in [390, 1280] {
        for page in every_kind() {
            with_page(&page, width, true, |p| {
                draw_the_calculator(p);
                p.next_frame().unwrap();
                let name = page.file_name().unwrap().to_string_lossy().into_owned();
                found.extend(axe_violations(p, &axe).into_iter().map(|v| format!("{name} at {width} px: {v}")));
            });
        }
    }
    assert!(found.is_empty(), "axe finds:\n{}", found.join("\n"));
}

#[test]
fn the_statistics_chart_labels_are_legible_at_a_phones_width() {
    with_page(&site_page("statistics.html"), 390, true, |p| {
        p.next_frame().unwrap();
        let heights = p
            .eval(
                "[...document.querySelectorAll('svg text')].filter(t => t.textContent.trim())\
                 .map(t => Math.round(t.getBoundingClientRect().height * 10) / 10)",
            )
            .unwrap();
        let heights: Vec<f64> = heights.as_array().unwrap().iter().map(|h| h.as_f64().unwrap()).collect();
        assert!(!heights.is_empty(), "the charts have labels");
        let smallest = heights.iter().cloned().fold(f64::INFINITY, f64::min);
        assert!(smallest >= 10.0, "chart labels {smallest} px high at 390 px (legible: 10 px or more)");
    });
}
