//! Readers never panic: a committed corpus of nasty files (tests/fixtures/nasty)
//! and deterministic mutations of a valid report (truncated, byte-flipped,
//! XML-mangled) all give exit 0 or 1 with a clear message, never a crash;
//! and a mangled-input corpus (reports, TRF files, player files,
//! period.toml) never panics, hangs or takes much memory.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use ratebook::model::{Player, Status};

use crate::common::*;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/nasty")
}

fn players() -> Vec<Player> {
    (0..4).map(|i| player(700 + i, &format!("Nasty{i}"), "Test", "W", Status::Confirmed, Some(1600.0), 40)).collect()
}

fn good_report() -> ratebook::formats::report::write::EventReport {
    let ps = players();
    let entrants = ps.iter().enumerate().map(|(i, p)| entrant(i as u32 + 1, p)).collect();
    event(
        "W93001",
        "W",
        date(1993, 5, 2),
        entrants,
        vec![(1, 1, Some(2), "1-0"), (1, 3, Some(4), "½-½"), (2, 1, Some(3), "0-1"), (2, 2, Some(4), "1F-0F")],
    )
}

fn good_bytes() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("good.xlsx");
    ratebook::formats::report::write::write_report(&path, &good_report(), date(1993, 8, 1)).unwrap();
    std::fs::read(path).unwrap()
}

/// Rewrites every entry of a zip archive through `edit(name, bytes)`.
pub fn rezip(bytes: &[u8], edit: impl Fn(&str, Vec<u8>) -> Vec<u8>) -> Vec<u8> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let name = entry.name().unwrap().to_string();
        let mut content = Vec::new();
        entry.read_to_end(&mut content).unwrap();
        out.start_file(name.clone(), zip::write::SimpleFileOptions::default()).unwrap();
        out.write_all(&edit(&name, content)).unwrap();
    }
    out.finish().unwrap().into_inner()
}

/// Truncated, byte-flipped and XML-mangled copies of a valid report.
fn mutations() -> Vec<(String, Vec<u8>)> {
    let base = good_bytes();
    let mut out = Vec::new();
    for k in 0..40 {
        out.push((format!("cut{k:02}.xlsx"), base[..base.len() * k / 40].to_vec()));
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for k in 0..150 {
        let mut b = base.clone();
        for _ in 0..rng.random_range(1..8) {
            let at = rng.random_range(0..b.len());
            b[at] ^= rng.random_range(1..=255u8);
        }
        out.push((format!("flip{k:03}.xlsx"), b));
    }
    type Mangle = (&'static str, fn(String) -> String);
    let mangles: [Mangle; 6] = [
        ("halfxml", |s| s[..s.len() / 2].to_string()),
        ("badtags", |s| s.replace("<c ", "<c<")),
        ("nocloses", |s| s.replace("</row>", "")),
        ("letters", |s| s.replace("<v>", "<v>x")),
        ("bigrefs", |s| s.replace("r=\"A", "r=\"XFD1048577")),
        ("garbage", |s| format!("{s}\u{0}\u{1}<<<&&&")),
    ];
    for (name, mangle) in mangles {
        let b = rezip(&base, |entry, content| {
            if entry.ends_with(".xml") && entry.contains("sheet") {
                mangle(String::from_utf8_lossy(&content).to_string()).into_bytes()
            } else {
                content
            }
        });
        out.push((format!("xml-{name}.xlsx"), b));
    }
    out
}

#[test]
fn mutated_reports_never_crash_the_reader() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in mutations() {
        let path = dir.path().join(&name);
        std::fs::write(&path, &bytes).unwrap();
        let (report, diags) = ratebook::formats::report::read::read_report(&path, &name);
        if report.is_none() {
            assert!(diags.iter().any(|d| d.is_error()), "{name}: no report and no error");
        }
        for d in &diags {
            assert_eq!(d.location.file, name);
            assert!(!d.message.is_empty());
        }
    }
}

#[test]
fn mutated_reports_never_crash_check_or_period() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let dir = f.data().join("reports/W");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in mutations().into_iter().step_by(4) {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    f.report(&good_report());
    for args in [&["check"][..], &["period"], &["period", "--skip-invalid", "--revise"]] {
        let run = f.run(args);
        let code = run.status.code();
        assert!(matches!(code, Some(0) | Some(1)), "{args:?} exited {code:?}: {}", stderr(&run));
        assert!(!stderr(&run).contains("RUST_BACKTRACE"), "{args:?} panicked: {}", stderr(&run));
    }
}

#[test]
fn the_nasty_corpus_gives_clear_findings() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let dir = f.data().join("reports/W");
    std::fs::create_dir_all(&dir).unwrap();
    let mut names: Vec<_> = std::fs::read_dir(corpus_dir()).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    assert!(names.len() >= 12, "the corpus is in tests/fixtures/nasty");
    for path in names {
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    let run = f.run(&["check"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(!stderr(&run).contains("panicked"), "{}", stderr(&run));
    insta::assert_snapshot!("nasty_corpus", findings(&run));
}

/// One case of the mangled-input corpus: a data folder whose `kind` of input
/// (report, TRF, player file, period.toml) is replaced by `bytes`.
struct Case {
    name: String,
    kind: &'static str,
    bytes: Vec<u8>,
}

/// Deterministic mutations of `base`: cut at `cuts` places, bytes flipped `flips` times.
fn mutate(prefix: &str, kind: &'static str, base: &[u8], cuts: usize, flips: usize, seed: u64) -> Vec<Case> {
    let mut out = Vec::new();
    for k in 0..cuts {
        let bytes = base[..base.len() * k / cuts].to_vec();
        out.push(Case { name: format!("{prefix}-cut{k:02}"), kind, bytes });
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for k in 0..flips {
        let mut b = base.to_vec();
        for _ in 0..rng.random_range(1..8) {
            let at = rng.random_range(0..b.len());
            b[at] = if rng.random_bool(0.5) { b[at] ^ rng.random_range(1..=255u8) } else { b"0 -\n\x1b,.9"[at % 8] };
        }
        out.push(Case { name: format!("{prefix}-flip{k:03}"), kind, bytes: b });
    }
    out
}

/// Mangled reports, TRF files, player files and period.toml files.
fn corpus() -> Vec<Case> {
    let mut cases: Vec<Case> =
        mutations().into_iter().map(|(name, bytes)| Case { name, kind: "report", bytes }).collect();
    let trf =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/real/fide_example1.trf")).unwrap();
    cases.extend(mutate("trf", "trf", &trf, 15, 25, 11));
    // Whole lines repeated, dropped and swapped.
    let text = String::from_utf8_lossy(&trf).to_string();
    let lines: Vec<&str> = text.lines().collect();
    for k in 0..10usize {
        let mut l = lines.clone();
        let (a, b) = ((k * 37) % l.len(), (k * 91 + 13) % l.len());
        match k % 3 {
            0 => l.insert(a, lines[b]),
            1 => drop(l.remove(a)),
            _ => l.swap(a, b),
        }
        cases.push(Case { name: format!("trf-lines{k:02}"), kind: "trf", bytes: l.join("\n").into_bytes() });
    }
    let players_bytes = {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("players.xlsx");
        let file =
            ratebook::model::PlayerFile { players: players(), extra_columns: vec![], origin: None, lists: Vec::new() };
        ratebook::formats::player_file::write_player_file(&path, &file, date(1993, 4, 1)).unwrap();
        std::fs::read(path).unwrap()
    };
    cases.extend(mutate("players", "players", &players_bytes, 10, 20, 13));
    let toml = period_toml(AUGUST_1993.0, AUGUST_1993.1, AUGUST_1993.2, AUGUST_1993.3);
    cases.extend(mutate("toml", "toml", toml.as_bytes(), 10, 20, 17));
    cases
}

#[test]
fn the_mangled_input_corpus_never_panics_hangs_or_blows_up() {
    let cases = corpus();
    assert!(cases.len() >= 200, "{} cases", cases.len());
    let good_report = good_bytes();
    let trf_sidecar =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/real/fide_example1.toml")).unwrap();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let f = Fixture::new(AUGUST_1993);
                f.players(players());
                let w = f.data().join("reports/W");
                std::fs::create_dir_all(&w).unwrap();
                std::fs::write(w.join("W93001.xlsx"), &good_report).unwrap();
                match case.kind {
                    "report" => std::fs::write(w.join("W93002.xlsx"), &case.bytes).unwrap(),
                    "trf" => {
                        std::fs::write(w.join("e.trf"), &case.bytes).unwrap();
                        std::fs::write(w.join("e.toml"), &trf_sidecar).unwrap();
                    }
                    "players" => std::fs::write(f.data().join("players.xlsx"), &case.bytes).unwrap(),
                    _ => std::fs::write(f.data().join("period.toml"), &case.bytes).unwrap(),
                }
                // Every case is checked; every tenth is also published.
                let runs: &[&[&str]] = if i % 10 == 0 { &[&["check"], &["period"]] } else { &[&["check"]] };
                for args in runs {
                    let mut command = std::process::Command::new(binary());
                    command.args(*args).arg("--data").arg(f.data());
                    if args[0] == "period" {
                        command.arg("--out").arg(f.out());
                    }
                    let problem = match crate::hostile::run_bounded(&mut command) {
                        None => Some("hung (killed after 20 s)".to_string()),
                        Some(o) => {
                            let err = stderr(&o);
                            // Only a period.toml that is no settings at all stops the command (exit 2).
                            let allowed = matches!(o.status.code(), Some(0) | Some(1))
                                || (case.kind == "toml" && args[0] == "period" && o.status.code() == Some(2));
                            (!allowed || err.contains("panicked"))
                                .then(|| format!("exited {:?}: {}", o.status, &err[..err.len().min(400)]))
                        }
                    };
                    if let Some(p) = problem {
                        failures.lock().unwrap().push(format!("{} ({args:?}): {p}", case.name));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let peak = crate::hostile::children_peak_rss();
    eprintln!(
        "mangled-input corpus: {} cases, {} failures, {:?}, peak child memory {} MiB",
        cases.len(),
        failures.len(),
        started.elapsed(),
        peak >> 20
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(peak < 1536 << 20, "a run peaked at {} MiB", peak >> 20);
}

/// Writes the corpus. Run once with `RATEBOOK_WRITE_CORPUS=1 cargo test --test it write_nasty_corpus -- --ignored`.
#[test]
#[ignore]
fn write_nasty_corpus() {
    if std::env::var("RATEBOOK_WRITE_CORPUS").is_err() {
        return;
    }
    use rust_xlsxwriter::{Formula, Workbook};
    let dir = corpus_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let good = good_bytes();
    let stamp = date(1993, 8, 1);
    let save = |name: &str, wb: &mut Workbook| {
        let props = rust_xlsxwriter::DocProperties::new().set_creation_datetime(&stamp);
        wb.set_properties(&props);
        wb.save(dir.join(name)).unwrap();
    };
    std::fs::write(dir.join("empty.xlsx"), b"").unwrap();
    std::fs::write(dir.join("not-a-workbook.xlsx"), "Round,White,Black,Result\n1,1,2,1-0\n").unwrap();
    std::fs::write(dir.join("truncated.xlsx"), &good[..good.len() * 2 / 3]).unwrap();
    std::fs::write(dir.join("xlsx-named.xls"), &good).unwrap();

    // Formulas with cached values, merged cells, text in number columns, odd dates.
    let event_sheet = |wb: &mut Workbook, rows: &[(&str, &str)]| {
        let s = wb.add_worksheet();
        s.set_name("Event").unwrap();
        for (i, (k, v)) in rows.iter().enumerate() {
            s.write_string(i as u32, 0, *k).unwrap();
            s.write_string(i as u32, 1, *v).unwrap();
        }
    };
    let base_event: Vec<(&str, &str)> = vec![
        ("Code", "W93101"),
        ("Name", "Nasty Open"),
        ("State", "W"),
        ("Start", "1993-05-01"),
        ("End", "1993-05-02"),
        ("Rounds", "2"),
        ("Time control", "40/7200:1800"),
    ];
    let players_sheet = |wb: &mut Workbook, rows: &[[&str; 4]]| {
        let s = wb.add_worksheet();
        s.set_name("Players").unwrap();
        for (c, h) in ["No", "ID", "Surname", "First names"].iter().enumerate() {
            s.write_string(0, c as u16, *h).unwrap();
        }
        for (r, row) in rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                s.write_string(r as u32 + 1, c as u16, *v).unwrap();
            }
        }
    };
    let games_sheet = |wb: &mut Workbook, rows: &[[&str; 4]]| {
        let s = wb.add_worksheet();
        s.set_name("Games").unwrap();
        for (c, h) in ["Round", "White", "Black", "Result"].iter().enumerate() {
            s.write_string(0, c as u16, *h).unwrap();
        }
        for (r, row) in rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                if !v.is_empty() {
                    s.write_string(r as u32 + 1, c as u16, *v).unwrap();
                }
            }
        }
    };
    let four = [
        ["1", "700", "Nasty0", "Test"],
        ["2", "701", "Nasty1", "Test"],
        ["3", "702", "Nasty2", "Test"],
        ["4", "703", "Nasty3", "Test"],
    ];

    let mut wb = Workbook::new();
    event_sheet(&mut wb, &base_event);
    wb.worksheet_from_name("Event").unwrap().write_formula(5, 1, Formula::new("=1+1").set_result("2")).unwrap();
    players_sheet(&mut wb, &four);
    games_sheet(&mut wb, &[["1", "1", "2", "1-0"], ["1", "3", "4", "0-1"]]);
    wb.worksheet_from_name("Games")
        .unwrap()
        .write_formula(2, 3, Formula::new("=\"0-\"&\"1\"").set_result("0-1"))
        .unwrap();
    save("formulas.xlsx", &mut wb);

    let mut wb = Workbook::new();
    event_sheet(&mut wb, &base_event);
    let merged = rust_xlsxwriter::Format::new();
    wb.worksheet_from_name("Event")
        .unwrap()
        .merge_range(1, 1, 1, 4, "Nasty Open (merged over four cells)", &merged)
        .unwrap();
    players_sheet(&mut wb, &four);
    games_sheet(&mut wb, &[["1", "1", "2", "1-0"], ["1", "3", "4", "½-½"]]);
    wb.worksheet_from_name("Games").unwrap().merge_range(3, 0, 3, 3, "Round 2 was not played", &merged).unwrap();
    save("merged-cells.xlsx", &mut wb);

    let mut wb = Workbook::new();
    let mut ev = base_event.clone();
    ev[5] = ("Rounds", "seven");
    event_sheet(&mut wb, &ev);
    players_sheet(
        &mut wb,
        &[["one", "700", "Nasty0", "Test"], ["2", "70l", "Nasty1", "Test"], ["3", "702.5", "Nasty2", "Test"]],
    );
    games_sheet(&mut wb, &[["1", "1", "2", "1-0"], ["first", "2", "3", "1-0"], ["1", "3.5", "", "bye"]]);
    save("text-in-numbers.xlsx", &mut wb);

    let mut wb = Workbook::new();
    let mut ev = base_event.clone();
    ev[3] = ("Start", "31/02/1993");
    ev[4] = ("End", "next Tuesday");
    event_sheet(&mut wb, &ev);
    let s = wb.add_worksheet();
    s.set_name("Players").unwrap();
    for (c, h) in ["No", "ID", "Surname", "First names", "Gender", "Birth date"].iter().enumerate() {
        s.write_string(0, c as u16, *h).unwrap();
    }
    for (r, (born, gender)) in
        [("1980-13-01", "M"), ("01.02.1981", "X"), ("1982", "F"), ("2/3/1983", "m")].iter().enumerate()
    {
        let r = r as u32 + 1;
        s.write_number(r, 0, r).unwrap();
        s.write_string(r, 2, format!("Newcomer{r}")).unwrap();
        s.write_string(r, 3, "Dated").unwrap();
        s.write_string(r, 4, *gender).unwrap();
        s.write_string(r, 5, *born).unwrap();
    }
    games_sheet(&mut wb, &[["1", "1", "2", "1-0"], ["1", "3", "4", "0-1"]]);
    save("dates.xlsx", &mut wb);

    let mut wb = Workbook::new();
    event_sheet(&mut wb, &base_event);
    let long = "Wolfeschlegelsteinhausenbergerdorff-".repeat(8);
    let names = [
        ["1", "", long.as_str(), "Hubert Blaine Zeus Xerxes Yancy Quincy Ulysses"],
        ["2", "", "Đorđević", "Zoë Ångström-Müller"],
        ["3", "", "王", "小明"],
        ["4", "", "O\u{2019}Brien\u{200b}", "Seán ♞"],
    ];
    players_sheet(&mut wb, &names);
    games_sheet(&mut wb, &[["1", "1", "2", "1-0"], ["1", "3", "4", "½-½"]]);
    save("long-unicode-names.xlsx", &mut wb);

    let mut wb = Workbook::new();
    event_sheet(&mut wb, &base_event);
    players_sheet(&mut wb, &four);
    let s = wb.worksheet_from_name("Players").unwrap();
    for c in 4..400u16 {
        s.write_string(0, c, format!("Extra {c}")).unwrap();
        s.write_number(1, c, c).unwrap();
    }
    games_sheet(&mut wb, &[["1", "1", "2", "1-0"], ["1", "3", "4", "0-1"]]);
    save("hundreds-of-columns.xlsx", &mut wb);

    let mut wb = Workbook::new();
    for name in ["Event", "Players", "Games"] {
        wb.add_worksheet().set_name(name).unwrap();
    }
    save("empty-sheets.xlsx", &mut wb);

    let mut wb = Workbook::new();
    event_sheet(&mut wb, &base_event);
    save("only-event-sheet.xlsx", &mut wb);

    // A real OpenDocument spreadsheet (.ods), written by hand: every reader accepts .ods.
    let cell = |v: &str| -> String {
        if v.parse::<f64>().is_ok() {
            format!(
                r#"<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p></table:table-cell>"#
            )
        } else if v.len() == 10 && v.as_bytes()[4] == b'-' {
            format!(
                r#"<table:table-cell office:value-type="date" office:date-value="{v}"><text:p>{v}</text:p></table:table-cell>"#
            )
        } else {
            format!(r#"<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>"#)
        }
    };
    let table = |name: &str, rows: Vec<Vec<&str>>| -> String {
        let body: String = rows
            .iter()
            .map(|r| format!("<table:table-row>{}</table:table-row>", r.iter().map(|v| cell(v)).collect::<String>()))
            .collect();
        format!(r#"<table:table table:name="{name}">{body}</table:table>"#)
    };
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet>{}{}{}</office:spreadsheet></office:body></office:document-content>"#,
        table(
            "Event",
            vec![
                vec!["Code", "W93102"],
                vec!["Name", "OpenDocument Cup"],
                vec!["State", "W"],
                vec!["Start", "1993-05-08"],
                vec!["End", "1993-05-09"],
                vec!["Rounds", "1"],
                vec!["Time control", "5400+30"]
            ]
        ),
        table(
            "Players",
            vec![
                vec!["No", "ID", "Surname", "First names"],
                vec!["1", "700", "Nasty0", "Test"],
                vec!["2", "701", "Nasty1", "Test"]
            ]
        ),
        table("Games", vec![vec!["Round", "White", "Black", "Result"], vec!["1", "1", "2", "½-½"]]),
    );
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    z.start_file("mimetype", stored).unwrap();
    z.write_all(b"application/vnd.oasis.opendocument.spreadsheet").unwrap();
    z.start_file("content.xml", zip::write::SimpleFileOptions::default()).unwrap();
    z.write_all(content.as_bytes()).unwrap();
    z.start_file("META-INF/manifest.xml", zip::write::SimpleFileOptions::default()).unwrap();
    z.write_all(br#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#).unwrap();
    std::fs::write(dir.join("opendocument.ods"), z.finish().unwrap().into_inner()).unwrap();
}
