//! Hostile input and faults (issue 17): folders that cannot be read, links
//! that loop or lead out, pipes and devices among the reports, absurd values
//! in the player file, a report built to exhaust memory, player-file columns
//! that would be dropped, an output folder over the inputs, control
//! characters in names, and a publication killed at every step of its
//! commit. Each ends in a clear finding or a complete publication, quickly.

mod commit;
mod odd;
mod round3;
mod small;
mod text;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use ratebook::model::{Player, Status};

use crate::common::copy_tree;
use crate::common::*;

/// The longest any run here may take: a run still going is killed, and the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// Runs `command`, killing it after [`PATIENCE`]; `None` if it had to be killed.
pub fn run_bounded(command: &mut Command) -> Option<Output> {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // Read the pipes on threads, so a chatty child never blocks on a full pipe.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).ok();
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).ok();
        v
    });
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(Output { status, stdout: out.join().unwrap(), stderr: err.join().unwrap() });
        }
        if started.elapsed() > PATIENCE {
            child.kill().ok();
            child.wait().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The binary with `args`, bounded in time; panics naming the run if it hung.
fn bounded(args: &[&str], data: &Path, out: Option<&Path>) -> Output {
    let mut command = Command::new(binary());
    command.args(args).arg("--data").arg(data);
    if let Some(out) = out {
        command.arg("--out").arg(out);
    }
    run_bounded(&mut command).unwrap_or_else(|| panic!("{args:?} on {} ran past {PATIENCE:?}", data.display()))
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Exit 0 or 1 (never a panic's 101 or an abort), and no panic message.
fn assert_sound(o: &Output, what: &str) {
    let err = stderr(o);
    assert!(matches!(o.status.code(), Some(0) | Some(1)), "{what} exited {:?}: {err}", o.status);
    assert!(!err.contains("panicked"), "{what} panicked: {err}");
}

fn players() -> Vec<Player> {
    (0..4).map(|i| player(900 + i, &format!("Host{i}"), "Ile", "W", Status::Confirmed, Some(1600.0), 40)).collect()
}

/// A four-player event of `state` with the players of [`players`].
fn four_player_event(code: &str, state: &str) -> ratebook::formats::report::write::EventReport {
    let entrants = players().iter().enumerate().map(|(i, p)| entrant(i as u32 + 1, p)).collect();
    event(code, state, date(1993, 5, 2), entrants, vec![(1, 1, Some(2), "1-0"), (1, 3, Some(4), "½-½")])
}

/// A data folder with two reports, one in `reports/V`, one in `reports/W`.
fn two_reports() -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    f.report(&four_player_event("V93001", "V"));
    f.report(&four_player_event("W93001", "W"));
    f
}

/// The lines of `text` that hold `needle`.
fn lines_with<'a>(text: &'a str, needle: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.contains(needle)).collect()
}

// --- Item 1: folders that cannot be read --------------------------------

/// The binary and a copy of the fixture in a temporary folder that any user
/// may enter, so that `nobody` (uid 65534) can run it; `None` without setpriv.
struct Unprivileged {
    dir: tempfile::TempDir,
}

impl Unprivileged {
    fn new(f: &Fixture) -> Option<Unprivileged> {
        if Command::new("setpriv").arg("--version").output().is_err() {
            eprintln!("skipped: setpriv is not installed, so the binary cannot be run as another user");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(binary(), dir.path().join("ratebook")).unwrap();
        copy_tree(&f.data(), &dir.path().join("data"));
        std::fs::create_dir(dir.path().join("output")).unwrap();
        open_to_all(dir.path());
        Some(Unprivileged { dir })
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn run(&self, args: &[&str]) -> Output {
        let mut command = Command::new("setpriv");
        command
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(self.dir.path().join("ratebook"))
            .args(args)
            .arg("--data")
            .arg(self.data());
        if args[0] == "period" {
            command.arg("--out").arg(self.dir.path().join("output"));
        }
        run_bounded(&mut command).expect("the run ends")
    }
}

/// Every folder under `dir` open to all, every file readable and writable by all.
fn open_to_all(dir: &Path) {
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            open_to_all(&path);
        } else {
            let mode = if path.file_name().unwrap() == "ratebook" { 0o755 } else { 0o666 };
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        }
    }
}

#[test]
fn an_unreadable_reports_subfolder_is_an_error_naming_it() {
    let f = two_reports();
    let Some(u) = Unprivileged::new(&f) else { return };
    std::fs::set_permissions(u.data().join("reports/V"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let check = u.run(&["check"]);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}{}", stderr(&check));
    let found = lines_with(&out, "error[unreadable-folder]");
    assert!(found.len() == 1 && out.contains("reports/V\n"), "{out}");
    assert!(found[0].contains("cannot read this folder"), "{out}");
    let period = u.run(&["period"]);
    assert_eq!(period.status.code(), Some(1), "period publishes without the V reports: {}", stderr(&period));
    assert!(stderr(&period).contains("reports/V"), "{}", stderr(&period));
}

#[test]
fn an_unreadable_reports_folder_is_an_error_naming_it() {
    let f = two_reports();
    let Some(u) = Unprivileged::new(&f) else { return };
    std::fs::set_permissions(u.data().join("reports"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let check = u.run(&["check"]);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}{}", stderr(&check));
    assert!(out.contains("reports\n  error[unreadable-folder]"), "{out}");
    let period = u.run(&["period"]);
    assert_eq!(period.status.code(), Some(1), "period publishes 0 events: {}", stderr(&period));
}

// --- Item 8: links, pipes and devices among the reports ------------------

#[test]
fn links_pipes_and_devices_in_the_reports_end_quickly_each_with_a_finding() {
    let f = two_reports();
    let w = f.data().join("reports/W");
    let outside = f.root.path().join("elsewhere.xlsx");
    std::fs::copy(w.join("W93001.xlsx"), &outside).unwrap();
    std::os::unix::fs::symlink("..", w.join("up1")).unwrap();
    std::os::unix::fs::symlink("..", w.join("up2")).unwrap();
    std::os::unix::fs::symlink("loop.xlsx", w.join("loop.xlsx")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", w.join("zero.xlsx")).unwrap();
    std::os::unix::fs::symlink(&outside, w.join("W93002.xlsx")).unwrap();
    let fifo = std::ffi::CString::new(w.join("x.xlsx").to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0, "mkfifo");

    let started = Instant::now();
    let check = bounded(&["check"], &f.data(), None);
    assert!(started.elapsed() < Duration::from_secs(10), "check took {:?}", started.elapsed());
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}{}", stderr(&check));
    for (file, says) in [
        ("reports/W/loop.xlsx", "a link that leads nowhere"),
        ("reports/W/zero.xlsx", "outside the data folder"),
        ("reports/W/W93002.xlsx", "outside the data folder"),
        ("reports/W/x.xlsx", "not a regular file"),
    ] {
        let at = out.find(&format!("{file}\n")).unwrap_or_else(|| panic!("no finding for {file}: {out}"));
        assert!(out[at..].lines().nth(1).unwrap().contains(says), "{file} should say {says:?}: {out}");
    }
    // Each report read once, however many ways lead to it.
    assert!(!out.contains("duplicate-event-code"), "a report was read twice: {out}");
    assert!(out.contains("2 reports") || !out.contains("reports read"), "{out}");
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_eq!(period.status.code(), Some(1), "{}", stderr(&period));
}

// --- Items 2 and 3: the player file's values -----------------------------

#[test]
fn a_player_without_a_known_state_is_an_error_at_the_state_cell() {
    let f = Fixture::new(AUGUST_1993);
    let mut ps = players();
    ps[1].state = None;
    ps[2].state = Some("Vic".into());
    f.players(ps);
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    // State is the sixth column (F); the players are on rows 3 and 4.
    let found = lines_with(&out, "error[unknown-state]");
    assert!(found.iter().any(|l| l.contains("cell F3") && l.contains("Host1") && l.contains("no state")), "{out}");
    assert!(found.iter().any(|l| l.contains("cell F4") && l.contains("\"VIC\"")), "{out}");
    assert!(out.contains("hint: ") && out.contains("use one of"), "{out}");
}

#[test]
fn absurd_player_values_are_errors_at_their_cells_and_period_refuses_them() {
    let f = Fixture::new(AUGUST_1993);
    let mut ps: Vec<Player> = (0..9)
        .map(|i| player(800 + i, &format!("Absurd{i}"), "Value", "W", Status::Confirmed, Some(1600.0), 40))
        .collect();
    ps[0].rating = Some(1e300);
    ps[1].rating = Some(1e18);
    ps[2].rating = Some(2e9);
    ps[3].rating = Some(-5.0);
    ps[4].birth_date = Some(date(2100, 1, 1));
    ps[5].score = 50.0;
    ps[6].last_played = Some(date(2050, 6, 1));
    ps[7].status = Status::Unrated;
    ps[7].opp_avg = Some(-99999.0);
    f.players(ps);
    f.report(&four_player_event("W93001", "W"));
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    // Columns: H Rating, E Birth date, K Score, M Last played, L Opp avg; rows 2 to 9.
    for (cell, who) in [
        ("H2", "Absurd0"),
        ("H3", "Absurd1"),
        ("H4", "Absurd2"),
        ("H5", "Absurd3"),
        ("E6", "Absurd4"),
        ("K7", "Absurd5"),
        ("M8", "Absurd6"),
        ("L9", "Absurd7"),
    ] {
        assert!(
            lines_with(&out, "error[out-of-range]").iter().any(|l| l.contains(cell) && l.contains(who)),
            "no out-of-range error at {cell} for {who}: {out}"
        );
    }
    assert!(!out.contains("Absurd8"), "a sound player is not named: {out}");
    let period = bounded(&["period"], &f.data(), Some(&f.out()));
    assert_sound(&period, "period");
    assert_eq!(period.status.code(), Some(1), "{}", stderr(&period));
}

// --- Item 4: a small report that would cost gigabytes --------------------

/// Peak resident memory of the largest child this process has waited for, in bytes.
pub fn children_peak_rss() -> u64 {
    // SAFETY: getrusage fills the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) }, 0);
    usage.ru_maxrss as u64 * 1024
}

/// An xlsx report whose Games sheet has a million cells, every one the same
/// 32,000-character shared string: a few megabytes that would be tens of
/// gigabytes as text.
fn shared_string_bomb() -> Vec<u8> {
    use std::io::Write;
    let good = {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("good.xlsx");
        ratebook::formats::report::write::write_report(&path, &four_player_event("W93009", "W"), date(1993, 8, 1))
            .unwrap();
        std::fs::read(path).unwrap()
    };
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(good)).unwrap();
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    let mut wrote_strings = false;
    let games_sheet = {
        // The Games sheet is the workbook's third.
        "xl/worksheets/sheet3.xml"
    };
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let name = entry.name().unwrap().to_string();
        let mut content = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut content).unwrap();
        out.start_file(name.clone(), options).unwrap();
        if name == games_sheet {
            let mut xml = String::from(
                r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
            );
            for r in 1..=10_000u32 {
                xml.push_str(&format!("<row r=\"{r}\">"));
                for c in 0..100u32 {
                    xml.push_str(&format!("<c r=\"{}\" t=\"s\"><v>0</v></c>", ratebook::diag::a1(r - 1, c)));
                }
                xml.push_str("</row>");
            }
            xml.push_str("</sheetData></worksheet>");
            out.write_all(xml.as_bytes()).unwrap();
        } else if name == "xl/sharedStrings.xml" {
            wrote_strings = true;
            let text = "x".repeat(32_000);
            let xml = format!(
                r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>{text}</t></si></sst>"#
            );
            out.write_all(xml.as_bytes()).unwrap();
        } else {
            out.write_all(&content).unwrap();
        }
    }
    assert!(wrote_strings, "the report has shared strings");
    out.finish().unwrap().into_inner()
}

#[test]
fn a_report_of_a_million_long_shared_strings_is_a_data_error_in_bounded_memory() {
    let f = Fixture::new(AUGUST_1993);
    f.players(players());
    let dir = f.data().join("reports/W");
    std::fs::create_dir_all(&dir).unwrap();
    let bomb = shared_string_bomb();
    assert!(bomb.len() < 8_000_000, "the bomb is small: {} bytes", bomb.len());
    std::fs::write(dir.join("W93009.xlsx"), &bomb).unwrap();
    let check = bounded(&["check"], &f.data(), None);
    let out = stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}{}", stderr(&check));
    assert!(out.contains("reports/W/W93009.xlsx\n  error["), "{out}");
    let peak = children_peak_rss();
    assert!(peak < 1536 << 20, "a child of the tests peaked at {} MiB", peak >> 20);
}

// --- Item 7: player-file columns that would be lost ----------------------

/// Writes players.xlsx with ratebook's columns, then `extra` columns (header,
/// value per row; a value starting with `=` is a formula).
fn players_with_columns(f: &Fixture, extra: &[(&str, &str)]) {
    use rust_xlsxwriter::{Formula, Workbook};
    let mut wb = Workbook::new();
    let s = wb.add_worksheet();
    s.set_name("Players").unwrap();
    let known = ["ID", "Surname", "First names", "Gender", "Birth date", "State", "Rating", "Status", "Games"];
    for (c, h) in known.iter().chain(extra.iter().map(|(h, _)| h)).enumerate() {
        if !h.is_empty() {
            s.write_string(0, c as u16, *h).unwrap();
        }
    }
    for (r, p) in players().iter().enumerate() {
        let r = r as u32 + 1;
        s.write_number(r, 0, p.id).unwrap();
        s.write_string(r, 1, &p.surname).unwrap();
        s.write_string(r, 2, &p.first_names).unwrap();
        s.write_string(r, 3, "M").unwrap();
        s.write_string(r, 4, "1960-05-17").unwrap();
        s.write_string(r, 5, "W").unwrap();
        s.write_number(r, 6, 1600).unwrap();
        s.write_string(r, 7, "Confirmed").unwrap();
        s.write_number(r, 8, 40).unwrap();
        for (k, (_, v)) in extra.iter().enumerate() {
            let c = (known.len() + k) as u16;
            match v.strip_prefix('=') {
                Some(formula) => s.write_formula(r, c, Formula::new(formula).set_result("7")).unwrap(),
                None => s.write_string(r, c, *v).unwrap(),
            };
        }
    }
    wb.save(f.data().join("players.xlsx")).unwrap();
}

#[test]
fn player_file_columns_that_would_be_lost_are_refused_naming_the_column() {
    for (extra, cell, says) in [
        (vec![("Club", "Box Hill"), ("club", "Box Hill CC")], "cell K1", "two columns are headed \"club\""),
        (vec![("Rating ", "1700")], "cell J1", "two columns are headed \"Rating\""),
        (vec![("Club", "Box Hill"), ("", "unheaded")], "cell K2", "column K has values but no heading"),
        (vec![("Grade", "=1+6")], "cell J2", "column \"Grade\" holds formulas"),
    ] {
        let f = Fixture::new(AUGUST_1993);
        players_with_columns(&f, &extra);
        f.report(&four_player_event("W93001", "W"));
        let before = std::fs::read(f.data().join("players.xlsx")).unwrap();
        let check = bounded(&["check"], &f.data(), None);
        let out = stdout(&check);
        assert_eq!(check.status.code(), Some(1), "{extra:?}: {out}");
        assert!(
            out.lines().any(|l| l.contains("error[") && l.contains(cell) && l.contains(says)),
            "{extra:?}: expected {says:?} at {cell}: {out}"
        );
        let period = bounded(&["period"], &f.data(), Some(&f.out()));
        assert_eq!(period.status.code(), Some(1), "{extra:?}: {}", stderr(&period));
        assert!(!f.out().join("players.xlsx").exists(), "{extra:?}: a player file was published");
        assert_eq!(std::fs::read(f.data().join("players.xlsx")).unwrap(), before);
    }
}

// --- Item 12: an output folder over the inputs ---------------------------

#[test]
fn an_output_folder_that_is_in_or_over_the_data_folder_is_refused() {
    let f = two_reports();
    let players = f.data().join("players.xlsx");
    let before = std::fs::read(&players).unwrap();
    let data = f.data();
    for (out, says) in [
        (data.clone(), "is the data folder"),
        (data.join("published"), "lies inside the data folder"),
        (f.root.path().to_path_buf(), "holds the data folder"),
        (data.join("reports/../."), "is the data folder"),
    ] {
        let period = bounded(&["period"], &data, Some(&out));
        let err = stderr(&period);
        assert_eq!(period.status.code(), Some(2), "--out {}: {err}", out.display());
        assert!(err.contains(says) && err.contains("publish somewhere else"), "--out {}: {err}", out.display());
        assert_eq!(std::fs::read(&players).unwrap(), before, "--out {}: the player file changed", out.display());
        assert!(!data.join("published").exists() && !data.join("validation.txt").exists());
    }
}
