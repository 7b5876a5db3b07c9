//! The published site (`OUTPUT/site/`, site.md) read as files, no browser: on
//! a generated two-period chain, every page the spec lists exists and links
//! back to the index, every internal link resolves, nothing points elsewhere,
//! the downloads hold the new player file, player pages stay small and show
//! the printed rating, a chart and the calculation, and two runs give the same
//! bytes. The browser tests (`browser/`) open the same site.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use crate::common::{column, ratebook, read_players, sheet_rows, stderr};

/// A generated chain (`generate --periods 2`) published twice, into `out` and
/// `again`, once per test binary; removed when the binary exits.
pub struct Generated {
    pub data: PathBuf,
    pub out: PathBuf,
    pub again: PathBuf,
}

impl Generated {
    pub fn site(&self) -> PathBuf {
        self.out.join("site")
    }
}

/// Folders to delete when the test binary exits (statics are never dropped).
static AT_EXIT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

extern "C" fn remove_at_exit() {
    for dir in AT_EXIT.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Deletes `dir` when the test binary exits (on Linux, where `libc` is a dependency).
pub fn remove_when_done(dir: PathBuf) {
    static REGISTERED: OnceLock<()> = OnceLock::new();
    REGISTERED.get_or_init(|| {
        // SAFETY: registers a plain function; it only removes folders.
        #[cfg(target_os = "linux")]
        unsafe {
            libc::atexit(remove_at_exit);
        }
    });
    AT_EXIT.lock().unwrap_or_else(|e| e.into_inner()).push(dir);
}

pub fn generated() -> &'static Generated {
    static G: OnceLock<Generated> = OnceLock::new();
    G.get_or_init(|| {
        let root = tempfile::Builder::new().prefix("ratebook-site-").tempdir().unwrap().keep();
        remove_when_done(root.clone());
        let data = root.join("data");
        let run = |args: &[&str]| {
            let o = ratebook(args);
            assert!(o.status.success(), "ratebook {args:?}: {}", stderr(&o));
        };
        let d = data.to_str().unwrap();
        run(&["generate", "--out", d, "--players", "300", "--events", "16", "--periods", "2"]);
        let (out, again) = (root.join("out"), root.join("again"));
        run(&["period", "--data", d, "--out", out.to_str().unwrap()]);
        run(&["period", "--data", d, "--out", again.to_str().unwrap()]);
        Generated { data, out, again }
    })
}

/// Every file under `dir`, as paths relative to it, sorted.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let (path, rel) = (entry.path(), rel.join(entry.file_name()));
            if path.is_dir() {
                walk(&path, &rel, out);
            } else {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, Path::new(""), &mut out);
    out.sort();
    out
}

/// Undoes the HTML escapes minijinja writes in attributes (`&#x2f;`, `&amp;` …).
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let end = rest[at..].find(';').map(|e| at + e).unwrap_or_else(|| panic!("a bare & in {text:?}"));
        let entity = &rest[at + 1..end];
        let c = match entity {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ if entity.starts_with("#x") => char::from_u32(u32::from_str_radix(&entity[2..], 16).unwrap()).unwrap(),
            _ if entity.starts_with('#') => char::from_u32(entity[1..].parse().unwrap()).unwrap(),
            _ => panic!("an unknown entity &{entity}; in {text:?}"),
        };
        out.push(c);
        rest = &rest[end + 1..];
    }
    out + rest
}

/// The values of every `href` and `src` attribute of a page, unescaped.
pub fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in [" href=", " src="] {
        for (at, _) in html.match_indices(attr) {
            let rest = &html[at + attr.len()..];
            let quote = rest.chars().next().unwrap();
            assert!(quote == '"' || quote == '\'', "an unquoted attribute: {}", &rest[..rest.len().min(60)]);
            let end = rest[1..].find(quote).unwrap();
            out.push(unescape(&rest[1..1 + end]));
        }
    }
    out
}

/// `rel` joined to `base` with `..` resolved; None when it climbs above the root.
fn resolve(base: &Path, rel: &str) -> Option<PathBuf> {
    let mut parts: Vec<String> = Vec::new();
    for c in base.join(rel).components() {
        match c {
            Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(parts.iter().collect())
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_page_the_spec_lists_is_there() {
    let g = generated();
    let site = g.site();
    for page in ["index.html", "top.html", "events.html", "rules.html", "downloads.html", "site.css", "search.js"] {
        assert!(site.join(page).is_file(), "{page}");
    }
    // A page for every player of the new player file and every state among them.
    let players = read_players(&g.out.join("players.xlsx"));
    assert!(players.players.len() >= 300, "{} players", players.players.len());
    let mut states = BTreeSet::new();
    for p in &players.players {
        assert!(site.join(format!("players/{}.html", p.id)).is_file(), "no page for player {}", p.id);
        states.extend(p.state.clone());
    }
    assert!(states.len() >= 5, "{states:?}");
    for state in &states {
        assert!(site.join(format!("states/{state}.html")).is_file(), "no page for state {state}");
    }
    // Every event of the data folder (reports/STATE/CODE.*) has its page.
    let mut events = 0;
    for state in std::fs::read_dir(g.data.join("reports")).unwrap() {
        for report in std::fs::read_dir(state.unwrap().path()).unwrap() {
            let path = report.unwrap().path();
            let code = path.file_stem().unwrap().to_str().unwrap().to_string();
            assert!(site.join(format!("events/{code}.html")).is_file(), "no page for event {code}");
            events += 1;
        }
    }
    assert_eq!(events, 16);
    // The index lists the active players, each linked to his page.
    let index = read(&site.join("index.html"));
    let csv = read(&site.join("downloads/ratings.csv"));
    let json: serde_json::Value = serde_json::from_str(&read(&site.join("downloads/ratings.json"))).unwrap();
    let active: Vec<u64> =
        json.as_array().unwrap().iter().filter(|p| p["active"] == true).map(|p| p["id"].as_u64().unwrap()).collect();
    assert!(active.len() >= 250, "{} active", active.len());
    for id in &active {
        assert!(index.contains(&format!("href=\"players/{id}.html\"")), "player {id} not in index.html");
    }
    assert!(csv.lines().count() > active.len());
}

/// Every page names the site's icon, which is there (no page load asks a
/// web server for a /favicon.ico it does not have).
#[test]
fn every_page_names_the_sites_icon() {
    let site = generated().site();
    let icon = read(&site.join("favicon.svg"));
    assert!(icon.starts_with("<svg") && icon.contains("viewBox"), "{icon}");
    for rel in files(&site).into_iter().filter(|f| f.extension().is_some_and(|e| e == "html")) {
        let up = "../".repeat(rel.components().count() - 1);
        let link = format!("<link rel=\"icon\" href=\"{up}favicon.svg\" type=\"image/svg+xml\">");
        assert!(read(&site.join(&rel)).contains(&link), "{}: no {link}", rel.display());
    }
}

#[test]
fn every_internal_link_resolves_and_none_points_elsewhere() {
    let g = generated();
    let site = g.site();
    let (mut pages, mut checked) = (0, 0);
    let mut ids: BTreeMap<PathBuf, String> = BTreeMap::new();
    for rel in files(&site).into_iter().filter(|f| f.extension().is_some_and(|e| e == "html")) {
        pages += 1;
        let html = read(&site.join(&rel));
        let dir = rel.parent().unwrap();
        let mut to_index = false;
        for link in links(&html) {
            let lower = link.to_ascii_lowercase();
            assert!(!(lower.starts_with("//") || lower.contains(':')), "{}: a link elsewhere: {link}", rel.display());
            let (path, fragment) = link.split_once('#').unwrap_or((&link, ""));
            assert!(!path.contains('?'), "{}: {link}", rel.display());
            let target = if path.is_empty() {
                rel.clone()
            } else {
                // Relative to site/, and inside it: the site stands alone.
                let within_out = resolve(&Path::new("site").join(dir), path)
                    .unwrap_or_else(|| panic!("{}: {link} climbs out of the output folder", rel.display()));
                assert!(g.out.join(&within_out).is_file(), "{}: broken link {link}", rel.display());
                within_out
                    .strip_prefix("site")
                    .unwrap_or_else(|_| panic!("{}: {link} leads out of site/", rel.display()))
                    .to_path_buf()
            };
            to_index |= target == Path::new("index.html") && rel != Path::new("index.html");
            if !fragment.is_empty() {
                let text = ids.entry(target.clone()).or_insert_with(|| read(&site.join(&target)));
                assert!(
                    text.contains(&format!("id=\"{fragment}\"")),
                    "{}: no #{fragment} in {}",
                    rel.display(),
                    target.display()
                );
            }
            checked += 1;
        }
        assert!(to_index || rel == Path::new("index.html"), "{} does not link back to index.html", rel.display());
    }
    assert!(pages > 340 && checked > 10_000, "{pages} pages, {checked} links");
    let css = read(&site.join("site.css"));
    assert!(!css.contains("url(") && !css.contains("@import"), "the stylesheet fetches something");
    let js = read(&site.join("search.js"));
    for call in ["fetch(", "XMLHttpRequest", "import(", "http:", "https:"] {
        assert!(!js.contains(call), "search.js: {call}");
    }
}

#[test]
fn downloads_hold_the_new_player_file() {
    let g = generated();
    let dir = g.site().join("downloads");
    let players = read_players(&g.out.join("players.xlsx"));
    let expected: BTreeSet<u32> = players.players.iter().map(|p| p.id).collect();

    let mut csv = csv::Reader::from_path(dir.join("ratings.csv")).unwrap();
    let id = csv.headers().unwrap().iter().position(|h| h == "ID").expect("an ID column");
    let ids: Vec<u32> = csv.records().map(|r| r.unwrap()[id].parse().unwrap()).collect();
    assert_eq!(ids.len(), expected.len(), "one row a player");
    assert_eq!(ids.iter().copied().collect::<BTreeSet<_>>(), expected);

    let json: serde_json::Value = serde_json::from_str(&read(&dir.join("ratings.json"))).unwrap();
    let rows = json.as_array().expect("a JSON array");
    assert_eq!(rows.len(), expected.len());
    assert_eq!(rows.iter().map(|r| r["id"].as_u64().unwrap() as u32).collect::<BTreeSet<_>>(), expected);

    let txt = std::fs::read(dir.join("ratings-fide.txt")).unwrap();
    assert!(txt.is_ascii(), "ratings-fide.txt is ASCII");
    let text = String::from_utf8(txt).unwrap();
    assert!(text.ends_with("\r\n"));
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(lines.len(), expected.len() + 1, "a header and a line a player");
    for (n, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), 136, "line {}: {line:?}", n + 1);
        assert!(!line.contains('\n') && !line.contains('\r'), "line {}", n + 1);
    }
    assert!(lines[0].starts_with("ID Number      Name"), "{}", lines[0]);
    let txt_ids: BTreeSet<u32> = lines[1..].iter().map(|l| l[..15].trim().parse().unwrap()).collect();
    assert_eq!(txt_ids, expected);
}

#[test]
fn player_pages_are_small() {
    let site = generated().site();
    let mut largest = (0, PathBuf::new());
    for rel in files(&site.join("players")) {
        let size = std::fs::metadata(site.join("players").join(&rel)).unwrap().len();
        largest = largest.max((size, rel));
    }
    eprintln!("largest player page: {} ({} bytes)", largest.1.display(), largest.0);
    assert!(largest.0 > 0 && largest.0 <= 40 * 1024, "{} is {} bytes", largest.1.display(), largest.0);
}

#[test]
fn two_runs_give_the_same_site() {
    let g = generated();
    let (a, b) = (g.site(), g.again.join("site"));
    let (fa, fb) = (files(&a), files(&b));
    assert_eq!(fa, fb, "the same files");
    assert!(fa.len() > 340);
    for rel in &fa {
        assert!(
            std::fs::read(a.join(rel)).unwrap() == std::fs::read(b.join(rel)).unwrap(),
            "{} differs",
            rel.display()
        );
    }
}

/// Each active player's page shows his printed rating as ratings.xlsx does, a
/// chart and the calculation (every state sheet, every fifth player).
#[test]
fn player_pages_show_the_printed_rating_a_chart_and_the_calculation() {
    let g = generated();
    let players = read_players(&g.out.join("players.xlsx"));
    let mut sheets: BTreeSet<String> = BTreeSet::new();
    for p in &players.players {
        sheets.extend(p.state.clone());
    }
    let names = ratebook_state_names(&g.data);
    let (mut seen, mut charts) = (0, 0);
    for code in sheets {
        let name = names.get(&code).unwrap_or_else(|| panic!("a name for state {code}"));
        let rows = sheet_rows(&g.out.join("ratings.xlsx"), name);
        let (id, status) = (column(&rows, "ID"), column(&rows, "Status"));
        let (rating, mark) = (column(&rows, "Rating"), column(&rows, "Mark"));
        for row in rows[1..].iter().filter(|r| !r[id].is_empty()).step_by(5) {
            let page = read(&g.site().join(format!("players/{}.html", row[id])));
            // The number and its mark are the printed rating (`1111` and `p`: `1111p`).
            let shown = format!("<strong class=\"rating\">{}{}</strong>", row[rating], row[mark]);
            assert!(page.contains(&shown), "player {}: no {shown}", row[id]);
            // An unrated player has no rating to chart.
            if row[status] != "unrated" {
                let chart = page
                    .split_once("<figure class=\"chart\"")
                    .map(|(_, c)| c)
                    .unwrap_or_else(|| panic!("player {}: no chart", row[id]));
                let chart = &chart[..chart.find("</figure>").expect("the figure closes")];
                for part in ["<svg", "<polyline", "<figcaption"] {
                    assert!(chart.contains(part), "player {}: no {part} in {chart}", row[id]);
                }
                charts += 1;
            }
            let calc = page
                .split_once("<ol class=\"calculation\">")
                .map(|(_, c)| c)
                .unwrap_or_else(|| panic!("player {}: no calculation", row[id]));
            assert!(calc[..calc.find("</ol>").unwrap()].matches("<li").count() >= 3, "player {}", row[id]);
            seen += 1;
        }
    }
    assert!(seen >= 50 && charts >= 40, "{seen} players checked, {charts} charts");
}

/// The states' names by code, from the data folder's period.toml.
fn ratebook_state_names(data: &Path) -> BTreeMap<String, String> {
    let config: toml::Value = toml::from_str(&read(&data.join("period.toml"))).unwrap();
    let states = config.get("states").and_then(|s| s.as_table()).expect("[states] in period.toml");
    states.iter().map(|(code, name)| (code.clone(), name.as_str().unwrap().to_string())).collect()
}

/// A re-run into the same folder writes only the pages whose content
/// changed: with the same inputs, none (every page is the previous run's
/// file, the same inode); with one report less, the pages it touched (every
/// file of the same bytes is still the previous run's), and the site is byte
/// for byte the one a first run into an empty folder makes.
#[test]
fn a_rerun_rewrites_only_the_pages_that_changed() {
    use std::os::unix::fs::MetadataExt;
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let copy = ratebook(&["generate", "--out", data.to_str().unwrap(), "--players", "300", "--events", "16"]);
    assert!(copy.status.success(), "{}", stderr(&copy));
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let toml: String = toml
        .lines()
        .map(|l| if l.starts_with("record ") { "record = false" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(data.join("period.toml"), toml).unwrap();
    let (out, fresh) = (root.path().join("out"), root.path().join("fresh"));
    let publish = |out: &Path| {
        let o = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    publish(&out);
    let site = out.join("site");
    let held = || -> BTreeMap<PathBuf, (u64, Vec<u8>)> {
        files(&site)
            .into_iter()
            .map(|rel| {
                let path = site.join(&rel);
                (rel, (std::fs::metadata(&path).unwrap().ino(), std::fs::read(&path).unwrap()))
            })
            .collect()
    };
    let before = held();
    publish(&out);
    // (The booklet and the workbook among the downloads are the new
    // publication's own files under a second name.)
    let outputs = [Path::new("downloads/booklet.pdf"), Path::new("downloads/ratings.xlsx")];
    for (rel, (inode, bytes)) in held() {
        assert_eq!(before[&rel].1, bytes, "{}", rel.display());
        assert!(outputs.contains(&rel.as_path()) || before[&rel].0 == inode, "{} was written again", rel.display());
    }

    // One report less: its event's players' pages change, the others do not.
    let mut reports = files(&data.join("reports"));
    reports.retain(|r| r.extension().is_some_and(|e| e == "xlsx"));
    std::fs::remove_file(data.join("reports").join(&reports[0])).unwrap();
    publish(&out);
    publish(&fresh);

    let (after, first) = (files(&site), files(&fresh.join("site")));
    assert_eq!(after, first, "the same files as a first run's");
    let (mut kept, mut written) = (0, 0);
    for rel in &after {
        let path = site.join(rel);
        let bytes = std::fs::read(&path).unwrap();
        assert!(
            bytes == std::fs::read(fresh.join("site").join(rel)).unwrap(),
            "{} differs from a first run's",
            rel.display()
        );
        match before.get(rel) {
            Some((inode, old)) if *old == bytes => {
                assert_eq!(std::fs::metadata(&path).unwrap().ino(), *inode, "{} was written again", rel.display());
                kept += 1;
            }
            _ => written += 1,
        }
    }
    assert!(kept > 10 && written > 0, "kept {kept}, written {written}");
}
