//! Building fixture data folders and running the binary on them.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::NaiveDate;
use ratebook::config::PeriodConfig;
use ratebook::formats::report::write::{write_report, EventReport, ReportGame, ReportPlayer, ReportResults};
use ratebook::model::system::SystemName;
use ratebook::model::{Player, PlayerFile, Status};

pub fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// The settings of an ACF period (the example's, with this name and these dates).
pub fn period_config(name: &str, published: &str, start: &str, end: &str) -> PeriodConfig {
    let day = |text: &str| NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap();
    PeriodConfig {
        period: name.to_string(),
        published: day(published),
        start: day(start),
        end: day(end),
        age_date: date(1993, 1, 1),
        ..PeriodConfig::example(SystemName::Acf)
    }
}

/// period.toml for an ACF period.
pub fn period_toml(name: &str, published: &str, start: &str, end: &str) -> String {
    period_config(name, published, start, end).to_toml()
}

pub const AUGUST_1993: (&str, &str, &str, &str) = ("August 1993", "1993-08-01", "1993-04-01", "1993-07-31");
pub const DECEMBER_1993: (&str, &str, &str, &str) = ("December 1993", "1993-12-01", "1993-08-01", "1993-11-30");

/// A fixture data folder being built.
pub struct Fixture {
    pub root: tempfile::TempDir,
}

impl Fixture {
    pub fn new(period: (&str, &str, &str, &str)) -> Fixture {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("data/reports")).unwrap();
        let mut toml = period_toml(period.0, period.1, period.2, period.3);
        if std::env::var_os("RATEBOOK_BIN").is_some() {
            // An older binary does not know `collation` (its default is the same).
            toml = toml.lines().filter(|l| !l.starts_with("collation")).map(|l| format!("{l}\n")).collect();
        }
        std::fs::write(root.path().join("data/period.toml"), toml).unwrap();
        Fixture { root }
    }

    pub fn data(&self) -> PathBuf {
        self.root.path().join("data")
    }

    pub fn out(&self) -> PathBuf {
        self.root.path().join("output")
    }

    pub fn players(&self, players: Vec<Player>) {
        let file = PlayerFile { players, extra_columns: vec![], origin: None, lists: Vec::new() };
        ratebook::formats::player_file::write_player_file(&self.data().join("players.xlsx"), &file, date(1993, 4, 1))
            .unwrap();
    }

    pub fn report(&self, report: &EventReport) {
        let dir = self.data().join("reports").join(&report.state);
        std::fs::create_dir_all(&dir).unwrap();
        write_report(&dir.join(format!("{}.xlsx", report.code)), report, date(1993, 8, 1)).unwrap();
    }

    /// Runs the binary with `args`, the data and output folders of this fixture appended.
    pub fn run(&self, args: &[&str]) -> Output {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.extend(["--data".to_string(), self.data().display().to_string()]);
        if args[0] == "period" {
            all.extend(["--out".to_string(), self.out().display().to_string()]);
        }
        ratebook(&all)
    }
}

pub fn ratebook<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(binary()).args(args).output().expect("the binary runs")
}

/// The binary under test: `RATEBOOK_BIN` when set (to show that a test fails
/// on an older build), otherwise the one cargo built.
pub fn binary() -> PathBuf {
    std::env::var_os("RATEBOOK_BIN").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_ratebook")))
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// What `check` printed after its opening sentence (which names the
/// fixture's temporary folder): the findings, the summary, the newcomers.
pub fn findings(o: &Output) -> String {
    let out = String::from_utf8_lossy(&o.stdout);
    out.split_once("\n\n").map(|(_, rest)| rest.to_string()).unwrap_or_else(|| out.to_string())
}

/// A player of the file with a status and rating.
pub fn player(
    id: u32,
    surname: &str,
    first: &str,
    state: &str,
    status: Status,
    rating: Option<f64>,
    games: u32,
) -> Player {
    let mut p = Player::new(id, surname, first);
    p.state = Some(state.to_string());
    p.status = status;
    p.rating = rating;
    p.games = games;
    p.gender = Some(ratebook::model::Gender::Male);
    p.birth_date = Some(date(1960, 5, 17));
    if status != Status::New {
        p.last_played = Some(date(1993, 2, 14));
    }
    p
}

pub fn entrant(no: u32, p: &Player) -> ReportPlayer {
    ReportPlayer {
        no,
        id: Some(p.id),
        surname: p.surname.clone(),
        first_names: p.first_names.clone(),
        gender: p.gender,
        birth_date: p.birth_date,
        state: None,
        club: None,
    }
}

/// An eligible Swiss-style event in `state` played in the given rounds, games as
/// (round, white No, black No or none, result).
pub fn event(
    code: &str,
    state: &str,
    end: NaiveDate,
    players: Vec<ReportPlayer>,
    games: Vec<(u32, u32, Option<u32>, &str)>,
) -> EventReport {
    let rounds = games.iter().map(|g| g.0).max().unwrap_or(1);
    EventReport {
        code: code.to_string(),
        name: format!("Test event {code}"),
        state: state.to_string(),
        start: end - chrono::Duration::days(2),
        end,
        rounds,
        time_control: "40/7200:1800".to_string(),
        event_type: Some("swiss".to_string()),
        handicap: false,
        fixed_opening: false,
        approved: true,
        federation_event: true,
        submitted: Some(end + chrono::Duration::days(5)),
        players,
        results: ReportResults::Games(
            games
                .into_iter()
                .map(|(round, white, black, result)| ReportGame {
                    round,
                    white,
                    black,
                    result: result.to_string(),
                    remarks: None,
                })
                .collect(),
        ),
    }
}

/// Reads a player file written by ratebook.
pub fn read_players(path: &Path) -> PlayerFile {
    let (file, diags) = ratebook::formats::player_file::read_player_file(path, "players.xlsx");
    // Warnings (such as fixtures' namesakes) are not the point here.
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    file
}

pub fn find(file: &PlayerFile, id: u32) -> &Player {
    file.players.iter().find(|p| p.id == id).unwrap_or_else(|| panic!("player {id} in the file"))
}

/// The position of the column headed `header` in a sheet's first row.
pub fn column(rows: &[Vec<String>], header: &str) -> usize {
    rows[0].iter().position(|h| h == header).unwrap_or_else(|| panic!("a column {header} in {:?}", rows[0]))
}

/// Cell texts of a sheet of an xlsx file, by rows.
pub fn sheet_rows(path: &Path, sheet: &str) -> Vec<Vec<String>> {
    use calamine::Reader;
    let mut wb = calamine::open_workbook_auto(path).unwrap();
    let range = wb.worksheet_range(sheet).unwrap();
    range
        .rows()
        .map(|r| r.iter().map(|c| ratebook::formats::sheet::cell_text(c).unwrap_or_default()).collect())
        .collect()
}

/// Every file of a publication in the output folder `out`, by its path
/// there, but for its hidden marks and a correction's `errata/` (none when
/// there is no such folder).
pub fn publication_files(out: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let mut pending: Vec<PathBuf> = out.is_dir().then(|| out.to_path_buf()).into_iter().collect();
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().to_string();
            let path = entry.path();
            let relative = path.strip_prefix(out).unwrap().to_string_lossy().to_string();
            if name.starts_with('.') || relative == "errata" {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else {
                files.insert(relative, std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// The two output folders hold the same publication, byte for byte (their
/// hidden marks and a correction's errata aside): the files that differ
/// are named.
pub fn assert_same_publication(a: &Path, b: &Path) {
    let (a_files, b_files) = (publication_files(a), publication_files(b));
    let names = |files: &std::collections::BTreeMap<String, Vec<u8>>| files.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&a_files), names(&b_files), "the same files in {} and {}", a.display(), b.display());
    let differ: Vec<&String> =
        a_files.iter().filter(|(name, bytes)| b_files[*name] != **bytes).map(|(n, _)| n).collect();
    assert!(differ.is_empty(), "{} and {} differ in {differ:?}", a.display(), b.display());
}

/// A copy of the folder `from` at `to` (made if need be), file by file.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
