//! The published site in a real browser: headless Chromium driven over the
//! DevTools protocol (`cdp`, shared with `examples/screenshots.rs`), one
//! Chromium per test binary, each test in its own tab on the site that
//! `site::generated` publishes. Without Chromium the tests say so on stderr
//! and pass, except under CI (the `CI` variable set), where they fail.

mod calculator;
#[path = "../../support/cdp.rs"]
pub mod cdp;
mod checks;
mod pages;
mod search;
mod sort;
mod what_if;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use cdp::{file_url, find_chromium, Browser, Page};

static BROWSER: OnceLock<Option<Mutex<Browser>>> = OnceLock::new();

extern "C" fn close_browser() {
    if let Some(Some(b)) = BROWSER.get() {
        if let Ok(mut b) = b.try_lock() {
            b.shutdown();
        }
    }
}

/// The shared Chromium, launched on first use; None (after saying so) when
/// there is none and CI is not set.
pub fn browser() -> Option<&'static Mutex<Browser>> {
    BROWSER
        .get_or_init(|| match find_chromium() {
            Some(path) => {
                let profile = tempfile::Builder::new().prefix("ratebook-chromium-").tempdir().unwrap().keep();
                let b =
                    Browser::launch_in(&path, &profile).unwrap_or_else(|e| panic!("launching {}: {e}", path.display()));
                // SAFETY: registers a plain function, run once at exit.
                unsafe { libc::atexit(close_browser) };
                Some(Mutex::new(b))
            }
            None if std::env::var_os("CI").is_some() => {
                panic!("CI is set and there is no chromium on PATH (nor $CHROMIUM): apt-get install -y chromium")
            }
            None => {
                // Straight to stderr: the test harness captures only eprintln!.
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED: the browser tests of the site (no chromium on PATH; set CHROMIUM or install it)"
                );
                None
            }
        })
        .as_ref()
}

/// A page of the generated site.
pub fn site_page(rel: &str) -> PathBuf {
    let path = crate::site::generated().site().join(rel);
    assert!(path.is_file(), "{}", path.display());
    path
}

/// Runs `f` on a fresh tab of `width` CSS px showing `page`, scripts on or off;
/// afterwards no script may have failed and every request must have been for
/// a file (nothing fetched from elsewhere).
pub fn with_page(page: &Path, width: u32, scripts: bool, f: impl FnOnce(&mut Page)) {
    let Some(b) = browser() else { return };
    let mut b = b.lock().unwrap_or_else(|e| e.into_inner()); // one failed test must not poison the rest
    let mut p = b.new_page(width, 844).unwrap();
    if !scripts {
        p.call("Emulation.setScriptExecutionDisabled", serde_json::json!({ "value": true })).unwrap();
    }
    let _ = p.js_errors(); // a failed earlier test may have left some
    let _ = p.requested_urls();
    p.goto(&file_url(page)).unwrap();
    f(&mut p);
    let errors = p.js_errors();
    let requests = p.requested_urls();
    p.close().unwrap();
    assert!(!requests.is_empty(), "no request seen for {}", page.display());
    let foreign: Vec<&String> = requests.iter().filter(|u| !u.starts_with("file://")).collect();
    assert_eq!(errors, Vec::<String>::new(), "script errors on {}", page.display());
    assert!(foreign.is_empty(), "{} fetched from elsewhere: {foreign:?}", page.display());
}
