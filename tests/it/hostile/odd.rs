//! Odd and hostile reports (issue 26): event codes that collide on a disk
//! that ignores case, are too long to name a page or hold control
//! characters; a name too long for a cell once printed whole; TRF exports
//! named `.trfx` or `.txt`; full reports saved under hidden or lock files'
//! names; an OpenDocument sheet whose markup repeats one cell millions of
//! times. Each is read, or is an error `check` finds, never skipped in
//! silence, and never the end of the run.

use super::*;

/// A data folder with two reports of the codes given, written as `NAME.xlsx`.
fn reports_coded(codes: &[(&str, &str)]) -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let dir = f.data().join("reports/V");
    std::fs::create_dir_all(&dir).unwrap();
    for (file, code) in codes {
        let report = four_player_event(code, "V");
        ratebook::formats::report::write::write_report(&dir.join(file), &report, date(1993, 8, 1)).unwrap();
    }
    f
}

#[test]
fn event_codes_differing_only_in_case_are_one_code_used_twice() {
    let f = reports_coded(&[("V93001.xlsx", "V93001"), ("v93001-copy.xlsx", "v93001")]);
    let check = bounded(&["check"], &f.data(), None);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    let out = stdout(&check);
    assert_eq!(lines_with(&out, "error[duplicate-event-code]").len(), 2, "{out}");
}

#[test]
fn an_event_code_too_long_for_a_page_name_or_with_control_characters_is_found_by_check() {
    let long = "V".repeat(251);
    for (code, said) in [
        (long.as_str(), "251 characters long, more than a code may have (50)"),
        ("V93\u{0}001", "control character (U+0000)"),
        ("V93\u{202E}001", "direction override"),
    ] {
        let f = reports_coded(&[("V93001.xlsx", code)]);
        let check = bounded(&["check"], &f.data(), None);
        assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
        assert!(stdout(&check).contains(said), "{}", stdout(&check));
        // `period` refuses it the same way, rather than failing while publishing.
        let period = bounded(&["period"], &f.data(), Some(&f.out()));
        assert_eq!(period.status.code(), Some(1), "{}", stderr(&period));
    }
}

#[test]
fn a_name_too_long_for_a_cell_once_printed_whole_is_found_by_check_at_its_cell() {
    let f = Fixture::new(AUGUST_1993);
    let mut all = players();
    // Each part fits a cell; "Surname, First names" does not.
    all[0].surname = "S".repeat(20_000);
    all[0].first_names = "F".repeat(20_000);
    f.players(all);
    f.report(&four_player_event("V93001", "V"));
    let check = bounded(&["check"], &f.data(), None);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    let out = stdout(&check);
    assert!(
        lines_with(&out, "error[bad-value] sheet Players, cell B2")
            .iter()
            .any(|l| l.contains("40002 characters long as the lists print it")),
        "{}",
        &out[..out.len().min(3000)]
    );
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(
        period.status.code(),
        Some(1),
        "refused as check found, not failing while publishing: {}",
        stderr(&period)
    );
}

#[test]
fn a_trf_export_named_trfx_or_txt_with_its_sidecar_is_read() {
    let trf = |name: &str| -> String {
        let f = crate::trf::fixture_of(&["fide_example1.trf"]);
        let dir = f.data().join("reports");
        let report = walk_files(&dir).into_iter().find(|p| p.extension().is_some_and(|e| e == "trf")).unwrap();
        std::fs::rename(&report, report.with_file_name(name)).unwrap();
        let run = f.run(&["period"]);
        assert!(run.status.success(), "{name}: {}", stderr(&run));
        // The events rated and the ratings, as the record holds them.
        let record = f.data().join("record.sqlite");
        let events = crate::record::query(&record, "SELECT code, disposition FROM events");
        let ratings = crate::record::query(&record, "SELECT player_id, rating FROM ratings ORDER BY player_id");
        format!("{events:?} {ratings:?}")
    };
    let read_as_trf = trf("fide_example1.trf");
    assert!(read_as_trf.contains("\"rated\"]"), "{read_as_trf}");
    for name in ["fide_example1.trfx", "fide_example1.txt", "fide_example1.TXT"] {
        assert_eq!(trf(name), read_as_trf, "{name} is read as the .trf is");
    }
}

/// Every file under `dir`.
fn walk_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk_files(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn a_full_report_saved_under_a_hidden_or_lock_files_name_is_an_error_naming_it() {
    for name in [".V93002.xlsx", "~$V93002.xlsx"] {
        let f = two_reports();
        f.report(&four_player_event("V93002", "V"));
        let dir = f.data().join("reports/V");
        std::fs::rename(dir.join("V93002.xlsx"), dir.join(name)).unwrap();
        // A real lock file (a few bytes, no workbook) stays a note.
        std::fs::write(dir.join("~$W93001.xlsx"), b"\x05officer").unwrap();
        let check = bounded(&["check"], &f.data(), None);
        assert_eq!(check.status.code(), Some(1), "{name}: {}", stderr(&check));
        let out = stdout(&check);
        assert!(
            out.contains(&format!("reports/V/{name}")) && out.contains("saved under a hidden or lock file's name"),
            "{out}"
        );
        assert!(out.contains("rename it V93002.xlsx"), "{out}");
        assert!(!out.contains("reports/W/~$W93001.xlsx\n  error"), "{out}");
    }
}

/// An OpenDocument report whose one row and cell are marked repeated
/// `rows` × `columns` times.
fn repeated_ods(rows: u32, columns: u32) -> Vec<u8> {
    use std::io::Write as _;
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Event"><table:table-row table:number-rows-repeated="{rows}"><table:table-cell table:number-columns-repeated="{columns}" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>"#
    );
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("mimetype", stored).unwrap();
    zip.write_all(b"application/vnd.oasis.opendocument.spreadsheet").unwrap();
    let deflated = zip::write::SimpleFileOptions::default();
    zip.start_file("content.xml", deflated).unwrap();
    zip.write_all(content.as_bytes()).unwrap();
    zip.start_file("META-INF/manifest.xml", deflated).unwrap();
    zip.write_all(br#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#).unwrap();
    zip.finish().unwrap().into_inner()
}

#[test]
fn an_ods_report_claiming_millions_of_repeated_cells_is_an_error_in_bounded_memory() {
    // (70 rows: under the most a sheet may hold, but a million cells from one.)
    for rows in [70, 3_000, 5_000, 1_000_000] {
        let f = two_reports();
        let bytes = repeated_ods(rows, 16_000);
        assert!(bytes.len() < 4_000, "{} bytes", bytes.len());
        std::fs::write(f.data().join("reports/V/V93009.ods"), &bytes).unwrap();
        let started = Instant::now();
        let check = bounded(&["check"], &f.data(), None);
        assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
        let out = stdout(&check);
        assert!(out.contains(&format!("sheet Event claims {rows} rows × 16000 columns of repeated cells")), "{out}");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }
    let peak = children_peak_rss();
    assert!(peak < 1536 << 20, "a child of the tests peaked at {} MiB", peak >> 20);
}
