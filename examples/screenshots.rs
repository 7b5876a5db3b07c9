//! `make screenshots`: pictures of the published site for review, taken with
//! headless Chromium through the browser tests' DevTools client: the index at
//! a phone's width (390 px) and on a desktop (1280 px), the top lists and the
//! page of the top player (his chart and calculation) at 390 px.
//!
//! Usage: `cargo run --example screenshots [-- SITE [FOLDER]]`, SITE
//! defaulting to `output/site` (`make period` writes it) and FOLDER to
//! `screenshots/` (git-ignored).

#[path = "../tests/support/cdp.rs"]
mod cdp;

use std::path::{Path, PathBuf};

fn main() {
    let mut args = std::env::args().skip(1);
    let site = PathBuf::from(args.next().unwrap_or_else(|| "output/site".into()));
    let folder = PathBuf::from(args.next().unwrap_or_else(|| "screenshots".into()));
    if let Err(e) = run(&site, &folder) {
        eprintln!("screenshots: {e}");
        std::process::exit(1);
    }
}

fn run(site: &Path, folder: &Path) -> Result<(), String> {
    if !site.join("index.html").is_file() {
        return Err(format!("no {}: run `make period` first", site.join("index.html").display()));
    }
    let chromium = cdp::find_chromium().ok_or("no chromium on PATH (set CHROMIUM or install it)")?;
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let player = top_player(site)?;
    let mut browser = cdp::Browser::launch(&chromium)?;
    let shots: [(&str, PathBuf, u32, u32); 4] = [
        ("index-390.png", site.join("index.html"), 390, 844),
        ("index-desktop.png", site.join("index.html"), 1280, 900),
        ("top-390.png", site.join("top.html"), 390, 1200),
        ("player-390.png", site.join("players").join(&player), 390, 1800),
    ];
    for (name, page, width, height) in shots {
        let mut p = browser.new_page(width, height)?;
        p.goto(&cdp::file_url(&page))?;
        p.next_frame()?;
        let png = p.screenshot(false)?;
        p.close()?;
        let path = folder.join(name);
        std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {} ({} at {width}×{height})", path.display(), page.display());
    }
    Ok(())
}

/// The file name of the first player page top.html links to.
fn top_player(site: &Path) -> Result<String, String> {
    let top = std::fs::read_to_string(site.join("top.html")).map_err(|e| format!("top.html: {e}"))?;
    let at = top.find("players/").ok_or("no player linked from top.html")?;
    let rest = &top[at + "players/".len()..];
    let end = rest.find('"').ok_or("an unterminated link in top.html")?;
    Ok(rest[..end].to_string())
}
