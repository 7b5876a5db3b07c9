//! The third round of hostile input (issue 36, items 8 to 12): a previous
//! site file replaced by a pipe or a link, list settings given twice or out
//! of all proportion, Excel's 29 February 1900 and birth dates after the
//! age date, a disk that fills up, a record that is a device, and a report
//! whose file name is not text. Each ends quickly, in a plain word.

use std::os::unix::ffi::OsStrExt;

use super::*;

/// A published two-report folder.
fn published() -> Fixture {
    let f = two_reports();
    let first = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    f
}

#[test]
fn a_previous_site_file_that_is_a_pipe_or_a_link_is_written_afresh() {
    let f = published();
    let site = f.out().join("site");
    // A pipe where the index was (reading it would wait for a writer).
    let index = site.join("index.html");
    let index_bytes = std::fs::read(&index).unwrap();
    std::fs::remove_file(&index).unwrap();
    let fifo = std::ffi::CString::new(index.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0, "mkfifo");
    // A link where the rules page was, to a file outside with its bytes.
    let rules = site.join("rules.html");
    let outside = f.root.path().join("outside.html");
    std::fs::rename(&rules, &outside).unwrap();
    std::os::unix::fs::symlink(&outside, &rules).unwrap();

    for run in 0..2 {
        let again = bounded(&["period"], &f.data(), Some(&f.out()));
        assert_eq!(again.status.code(), Some(0), "run {run}: {}", stderr(&again));
        for (page, bytes) in [(&index, &index_bytes), (&rules, &std::fs::read(&outside).unwrap())] {
            let kind = std::fs::symlink_metadata(page).unwrap().file_type();
            assert!(kind.is_file(), "run {run}: {} is a regular file again, not {kind:?}", page.display());
            assert_eq!(&std::fs::read(page).unwrap(), bytes, "run {run}: {}", page.display());
        }
    }
}

/// `check` of `two_reports` with `[lists]` or `[statistics]` settings `extra`.
fn check_with_settings(extra: &str) -> Output {
    let f = two_reports();
    let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    std::fs::write(f.data().join("period.toml"), format!("{toml}\n{extra}\n")).unwrap();
    bounded(&["check"], &f.data(), None)
}

#[test]
fn list_ages_given_twice_or_absurd_list_settings_are_refused_by_check_at_their_line() {
    let toml = std::fs::read_to_string(two_reports().data().join("period.toml")).unwrap();
    let lists_line = toml.lines().position(|l| l.starts_with("[lists]")).unwrap() + 1;
    let toml = toml.replace("[lists]", "[lists]\nseniors = [80, 50, 50]");
    let f = two_reports();
    std::fs::write(f.data().join("period.toml"), toml).unwrap();
    let said = format!("line {}: [lists] seniors = [80, 50, 50]: each age once", lists_line + 1);
    let check = bounded(&["check"], &f.data(), None);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert!(lines_with(&stdout(&check), "error[bad-settings]").iter().any(|l| l.contains(&said)), "{}", stdout(&check));
    // The period is refused before anything is read, not at its end.
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(period.status.code(), Some(2), "{}", stderr(&period));
    assert!(stderr(&period).contains(&said), "{}", stderr(&period));
    assert!(!f.out().exists(), "nothing published");

    let many: Vec<String> = (1..=3000).map(|a| a.to_string()).collect();
    let check = check_with_settings(&format!("[statistics]\nage_bands = [{}]", many.join(", ")));
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert!(stdout(&check).contains("at most 30"), "{}", stdout(&check));
}

#[test]
fn excels_29_february_1900_and_a_birth_after_the_age_date_are_errors_at_the_cell() {
    use rust_xlsxwriter::{Format, Workbook};
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    f.report(&four_player_event("V93001", "V"));
    // The player file again, with a date cell of serial 60 and a birth
    // after the age date (1993-01-01), as a spreadsheet would hold them.
    let path = f.data().join("players.xlsx");
    let mut rows = sheet_rows(&path, "Players");
    let birth = column(&rows, "Birth date");
    rows[1][birth] = String::new();
    rows[2][birth] = "1993-03-04".into();
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Players").unwrap();
    let date = Format::new().set_num_format("yyyy-mm-dd");
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            let (r, c) = (r as u32, c as u16);
            match text.parse::<f64>() {
                Ok(n) if r > 0 => sheet.write_number(r, c, n).unwrap(),
                _ => sheet.write_string(r, c, text).unwrap(),
            };
        }
    }
    sheet.write_number_with_format(1, birth as u16, 60.0, &date).unwrap();
    let day = chrono::NaiveDate::from_ymd_opt(1993, 3, 4).unwrap();
    sheet.write_date_with_format(2, birth as u16, &day, &date).unwrap();
    workbook.save(&path).unwrap();

    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}{}", stderr(&check));
    let cell = |row: u32| format!("cell {}{row}", (b'A' + birth as u8) as char);
    let leap = lines_with(&out, "1900-02-29");
    assert!(leap.iter().any(|l| l.contains(&cell(2)) && l.contains("never was")), "{out}");
    let late = lines_with(&out, "after the age date");
    assert!(late.iter().any(|l| l.contains(&cell(3)) && l.contains("1993-03-04")), "{out}");
}

#[test]
fn a_full_disk_is_said_plainly() {
    let f = two_reports();
    let disk = f.root.path().join("disk");
    std::fs::create_dir(&disk).unwrap();
    let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", "size=96k", "tmpfs"]).arg(&disk).output();
    if !mounted.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: a small tmpfs cannot be mounted here (not root?), so no disk can be filled");
        return;
    }
    struct Unmount<'a>(&'a Path);
    impl Drop for Unmount<'_> {
        fn drop(&mut self) {
            Command::new("umount").arg(self.0).output().ok();
        }
    }
    let _unmount = Unmount(&disk);
    let out = disk.join("output");
    let run = bounded(&["period"], &f.data(), Some(&out));
    let said = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{said}");
    assert!(said.contains("the disk is full") && said.contains("make room"), "{said}");
    for raw in ["ZipWriter", "Os {", "code: 28"] {
        assert!(!said.contains(raw), "no raw message ({raw}): {said}");
    }
    assert!(!out.join("booklet.pdf").exists(), "nothing published");
}

#[test]
fn a_record_that_is_a_device_is_refused_plainly() {
    let f = two_reports();
    std::os::unix::fs::symlink("/dev/null", f.data().join("record.sqlite")).unwrap();
    let run = bounded(&["period"], &f.data(), Some(&f.out()));
    let said = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{said}");
    assert!(said.contains("is not a file") && said.contains("record"), "{said}");
    assert!(!said.contains("Error code"), "{said}");
    assert!(!Path::new("/dev/.null.lock").exists(), "no lock file beside the device");
}

#[test]
fn a_report_whose_file_name_is_not_text_is_an_error_naming_it() {
    let f = two_reports();
    let w = f.data().join("reports/W");
    let name = std::ffi::OsStr::from_bytes(b"W93001-\xff\xfe.xlsx");
    std::fs::rename(w.join("W93001.xlsx"), w.join(name)).unwrap();
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    let found = lines_with(&out, "not text");
    assert!(!found.is_empty(), "{out}");
    // Not read under a name with replacement characters.
    assert!(!out.contains("W93001 (") && !out.contains("event W93001"), "{out}");
}

#[test]
fn a_csv_player_file_wider_than_a_spreadsheet_is_refused_at_its_line() {
    let f = two_reports();
    let mut text = String::from("ID,Surname,First names,Gender,Birth date,State,Rating,Status,Games");
    for c in 0..20_000 {
        text.push_str(&format!(",Extra {c}"));
    }
    text.push_str("\n900,Host0,Ile,M,1960-05-17,W,1600,confirmed,40\n");
    std::fs::remove_file(f.data().join("players.xlsx")).unwrap();
    std::fs::write(f.data().join("players.csv"), text).unwrap();
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}{}", stderr(&check));
    let found = lines_with(&out, "20009 columns, more than a spreadsheet holds (16384)");
    assert!(found.iter().any(|l| l.contains("line 1")), "{out}");
}

#[test]
fn a_trf_of_more_player_lines_than_four_digits_number_is_refused_at_the_first_too_many() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("012 Too Big Open\n042 01. 05. 1993\n052 03. 05. 1993\n122 40/120, 60\n");
    for no in 1..=10_050u32 {
        let name = format!("Player{no},Big");
        text.push_str(&format!("001 {no:>4}      {name:<33} 1500 AUS {:>11} {:<10}  0.0 {no:>4}\n", "", ""));
    }
    std::fs::write(dir.path().join("big.trf"), text).unwrap();
    std::fs::write(
        dir.path().join("big.toml"),
        "code = \"V93999\"\nstate = \"V\"\ntime_control = \"40/7200:3600\"\nids = \"fide\"\n",
    )
    .unwrap();
    let mut command = Command::new(binary());
    command.arg("check").arg("big.trf").current_dir(dir.path());
    let run = run_bounded(&mut command).expect("check ends");
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let found = lines_with(&out, "more than 9999 player lines");
    assert!(found.iter().any(|l| l.contains("line 10004")), "{}", &out[..out.len().min(3000)]);
}
