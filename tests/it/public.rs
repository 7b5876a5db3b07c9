//! What the public site may show (site.md, "What is public"): a generated
//! period whose player file carries e-mail, phone, address and note columns
//! and a birth date for every player is published with the birth year (the
//! default) and with `[site] birth = "none"`; every file under `site/`
//! (pages, CSV, JSON, TXT, the workbook's XML and the booklet's text) is
//! scanned for each player's private details. The site stands alone: every
//! link resolves inside `site/`.

use std::collections::BTreeSet;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};
use ratebook::model::{ExtraValue, PlayerFile};

use crate::common::{ratebook, read_players, stderr};
use crate::site::{files, links, remove_when_done};

/// The private details of one player, as the player file holds them.
struct Private {
    email: String,
    phone: String,
    address: String,
    note: String,
    birth: NaiveDate,
}

struct Published {
    private: Vec<Private>,
    /// Published with the birth year, and with `birth = "none"`.
    year: PathBuf,
    none: PathBuf,
}

fn published() -> &'static Published {
    static P: OnceLock<Published> = OnceLock::new();
    P.get_or_init(|| {
        let root = tempfile::Builder::new().prefix("ratebook-public-").tempdir().unwrap().keep();
        remove_when_done(root.clone());
        let data = root.join("data");
        let d = data.to_str().unwrap();
        let o = ratebook(&["generate", "--out", d, "--players", "300", "--events", "16", "--seed", "30"]);
        assert!(o.status.success(), "{}", stderr(&o));
        // Every player gets a birth date and the columns an officer's file carries.
        let path = data.join("players.xlsx");
        let mut file: PlayerFile = read_players(&path);
        let known: Vec<String> = file.extra_columns.clone();
        for column in ["E-mail address", "Phone", "Address", "Notes"] {
            if !known.iter().any(|k| k == column) {
                file.extra_columns.push(column.to_string());
            }
        }
        let at = |name: &str| file.extra_columns.iter().position(|c| c == name).unwrap();
        let (email, phone, address, note) = (at("E-mail address"), at("Phone"), at("Address"), at("Notes"));
        let mut private = Vec::new();
        for (k, p) in file.players.iter_mut().enumerate() {
            p.extra.resize(file.extra_columns.len(), ExtraValue::Empty);
            let birth = p.birth_date.unwrap_or_else(|| {
                NaiveDate::from_ymd_opt(1925 + (k % 60) as i32, 1 + (k % 12) as u32, 1 + (k % 28) as u32).unwrap()
            });
            p.birth_date = Some(birth);
            let details = Private {
                email: format!("p{}.private@example.org", p.id),
                phone: format!("+61 3 9{:07}", 1_000_000 + p.id),
                address: format!("{} Secretstreet, Melbourne", 10 + p.id),
                note: format!("note-private-{}", p.id),
                birth,
            };
            p.extra[email] = ExtraValue::Text(details.email.clone());
            p.extra[phone] = ExtraValue::Text(details.phone.clone());
            p.extra[address] = ExtraValue::Text(details.address.clone());
            p.extra[note] = ExtraValue::Text(details.note.clone());
            private.push(details);
        }
        ratebook::formats::player_file::write_player_file(&path, &file, NaiveDate::from_ymd_opt(1993, 4, 1).unwrap())
            .unwrap();
        let (year, none) = (root.join("year"), root.join("none"));
        let publish = |out: &Path| {
            let o = ratebook(&["period", "--data", d, "--out", out.to_str().unwrap()]);
            assert!(o.status.success(), "{}", stderr(&o));
        };
        publish(&year);
        let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
        std::fs::write(data.join("period.toml"), format!("{toml}\n[site]\nbirth = \"none\"\n")).unwrap();
        std::fs::remove_file(data.join("record.sqlite")).ok();
        publish(&none);
        Published { private, year, none }
    })
}

/// The text of every file under `site`, by path: pages and lists as they
/// are, each XML part of a workbook, and the booklet's text (pdftotext).
fn texts(site: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for rel in files(site) {
        let path = site.join(&rel);
        match rel.extension().and_then(|e| e.to_str()) {
            Some("xlsx") => {
                let mut zip = zip::ZipArchive::new(std::fs::File::open(&path).unwrap()).unwrap();
                for i in 0..zip.len() {
                    let mut part = zip.by_index(i).unwrap();
                    let name = part.name().unwrap().to_string();
                    let mut text = String::new();
                    part.read_to_string(&mut text).unwrap();
                    out.push((rel.join(name), text));
                }
            }
            Some("pdf") => match pdf_text(&path) {
                Some(text) => out.push((rel, text)),
                None if std::env::var_os("CI").is_some() => {
                    panic!("pdftotext is needed (apt-get install poppler-utils)")
                }
                None => eprintln!("NOTE: {} not scanned: no pdftotext (apt-get install poppler-utils)", rel.display()),
            },
            _ => out.push((rel, String::from_utf8_lossy(&std::fs::read(&path).unwrap()).to_string())),
        }
    }
    out
}

fn pdf_text(path: &Path) -> Option<String> {
    let o = Command::new("pdftotext").args([path.to_str().unwrap(), "-"]).output().ok()?;
    o.status.success().then(|| String::from_utf8_lossy(&o.stdout).to_string())
}

/// The ways a birth date may be written.
fn written_dates(d: NaiveDate) -> Vec<String> {
    vec![
        d.to_string(),
        d.format("%d/%m/%Y").to_string(),
        d.format("%-d/%-m/%Y").to_string(),
        d.format("%-d %B %Y").to_string(),
        d.format("%B %-d, %Y").to_string(),
    ]
}

fn assert_nothing_private(site: &Path, private: &[Private]) {
    let texts = texts(site);
    assert!(texts.len() > 300, "{} files", texts.len());
    for (rel, text) in &texts {
        for p in private {
            for secret in [&p.email, &p.phone, &p.address, &p.note] {
                assert!(!text.contains(secret.as_str()), "{} shows {secret}", rel.display());
            }
            for date in written_dates(p.birth) {
                assert!(!text.contains(&date), "{} shows the birth date {date}", rel.display());
            }
        }
        let lower = text.to_lowercase();
        for word in ["e-mail address", "secretstreet", "birth date", "date of birth"] {
            assert!(!lower.contains(word), "{} mentions {word}", rel.display());
        }
    }
    // The booklet and the public workbook are among the downloads; the
    // officer's own files are not.
    for name in ["booklet.pdf", "ratings.xlsx"] {
        assert!(site.join("downloads").join(name).is_file(), "downloads/{name}");
    }
    for (rel, _) in &texts {
        let name = rel.to_string_lossy();
        assert!(!["players.xlsx", "removed.xlsx", "validation.txt", "record.sqlite"].iter().any(|f| name.contains(f)));
    }
}

#[test]
fn the_site_holds_no_e_mail_address_and_no_birth_date() {
    let p = published();
    assert_nothing_private(&p.year.join("site"), &p.private);
    // The birth year is published, as FIDE's lists give it.
    let csv = std::fs::read_to_string(p.year.join("site/downloads/ratings.csv")).unwrap();
    assert!(csv.lines().next().unwrap().contains(",Birth year,"), "{}", csv.lines().next().unwrap());
    let top = std::fs::read_to_string(p.year.join("site/top.html")).unwrap();
    assert!(top.contains(">Age<"), "the junior lists show ages");
}

#[test]
fn with_birth_none_no_birth_year_and_no_age_is_published() {
    let p = published();
    let site = p.none.join("site");
    assert_nothing_private(&site, &p.private);
    let csv = std::fs::read_to_string(site.join("downloads/ratings.csv")).unwrap();
    assert!(!csv.to_lowercase().contains("birth"), "{}", csv.lines().next().unwrap());
    let json = std::fs::read_to_string(site.join("downloads/ratings.json")).unwrap();
    assert!(!json.contains("birth"));
    let txt = std::fs::read_to_string(site.join("downloads/ratings-fide.txt")).unwrap();
    for line in txt.lines().skip(1) {
        assert_eq!(line[126..132].trim(), "", "a B-day in {line}");
    }
    let years: BTreeSet<String> = p.private.iter().map(|x| x.birth.year().to_string()).collect();
    assert!(years.len() > 10);
    for (rel, text) in texts(&site) {
        let lower = text.to_lowercase();
        assert!(!lower.contains(">age<"), "{} shows ages", rel.display());
    }
    // The junior lists print no age (the booklet prints the same lists).
    let rows = crate::common::sheet_rows(&p.none.join("ratings.xlsx"), "Top Under 20");
    assert!(!rows[0].iter().any(|h| h == "Age"), "{:?}", rows[0]);
    // No player is named (nor his rating given) beside an age band: By Age
    // has no best player, in the workbook and in the site's statistics.
    let rows = crate::common::sheet_rows(&p.none.join("ratings.xlsx"), "By Age");
    assert!(!rows.iter().flatten().any(|h| h.starts_with("Best")), "{:?}", rows[0]);
    let with_year = crate::common::sheet_rows(&p.year.join("ratings.xlsx"), "By Age");
    assert!(with_year[0].iter().any(|h| h == "Best"), "with the birth year it is shown: {:?}", with_year[0]);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site.join("downloads/statistics.json")).unwrap()).unwrap();
    let mut by_age = Vec::new();
    find_tables(&json, "By Age", &mut by_age);
    assert!(!by_age.is_empty(), "statistics.json has By Age");
    for table in by_age {
        let columns = table["columns"].as_array().unwrap();
        assert!(!columns.iter().any(|c| c.as_str().unwrap().starts_with("Best")), "{columns:?}");
    }
}

/// Every object under `value` whose `name` is `name`.
fn find_tables<'a>(value: &'a serde_json::Value, name: &str, found: &mut Vec<&'a serde_json::Value>) {
    match value {
        serde_json::Value::Object(map) => {
            if map.get("name").and_then(|n| n.as_str()) == Some(name) {
                found.push(value);
            }
            map.values().for_each(|v| find_tables(v, name, found));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| find_tables(v, name, found)),
        _ => {}
    }
}

#[test]
fn every_link_of_the_site_stays_inside_it() {
    let p = published();
    for out in [&p.year, &p.none] {
        let site = out.join("site");
        let mut checked = 0;
        for rel in files(&site).into_iter().filter(|f| f.extension().is_some_and(|e| e == "html")) {
            let html = std::fs::read_to_string(site.join(&rel)).unwrap();
            for link in links(&html) {
                let path = link.split('#').next().unwrap();
                if path.is_empty() {
                    continue;
                }
                let mut at = site.join(rel.parent().unwrap());
                for part in path.split('/') {
                    match part {
                        "." | "" => {}
                        ".." => {
                            assert!(at != site, "{}: {link} leads out of site/", rel.display());
                            at.pop();
                        }
                        name => at.push(name),
                    }
                }
                assert!(at.starts_with(&site), "{}: {link} leads out of site/", rel.display());
                assert!(at.is_file(), "{}: broken link {link}", rel.display());
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked} links");
    }
}
