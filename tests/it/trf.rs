//! FIDE TRF and the ICU's Krause `.tab` exports, end to end: the real files of
//! tests/fixtures/real (each alone, and all together in one period) go
//! through `ratebook period`; each player's points from the games ratebook
//! derived equal the file's points column; forfeits, unrated results and byes
//! never count; and the ratings equal those from the same event written in
//! the workbook layout. The files are read here a second time, by a small
//! reader of this test's own, so the two sides do not share code.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use chrono::NaiveDate;
use ratebook::config::PeriodConfig;
use ratebook::formats::report::write::{write_report, EventReport, ReportGame, ReportPlayer, ReportResults};
use ratebook::formats::report::RawResults;
use ratebook::model::{Gender, Outcome, Player, PlayerFile, Status};

use crate::common::*;

pub(crate) const REAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real");

const ALL: [&str; 8] = [
    "fide_example1.trf",
    "armstrong_2011.tab",
    "bunratty_masters_2011.tab",
    "bunratty_major_2011.tab",
    "bunratty_minor_2011.tab",
    "bunratty_challengers_2011.tab",
    "irish_intermediate_champs_2011.tab",
    "irish_junior_champs_2011.tab",
];

/// One round field: opponent (`None` for blanks or 0000), whether it was
/// `0000`, colour, result.
#[derive(Debug, Clone, Copy)]
struct Field {
    opponent: Option<u32>,
    zero: bool,
    colour: char,
    result: char,
}

impl Field {
    fn played(&self) -> bool {
        self.opponent.is_some() && matches!(self.result, '1' | '=' | '0')
    }
}

#[derive(Debug, Clone)]
struct Line {
    no: u32,
    surname: String,
    first_names: String,
    gender: Option<Gender>,
    rating: f64,
    id: Option<u64>,
    birth: Option<NaiveDate>,
    points: f64,
    rounds: Vec<Field>,
}

/// A real file and its sidecar, read by this test.
#[derive(Debug, Clone)]
struct Real {
    file: String,
    bytes: Vec<u8>,
    sidecar: String,
    code: String,
    state: String,
    time_control: String,
    national: bool,
    kind: Option<String>,
    name: String,
    start: NaiveDate,
    end: NaiveDate,
    lines: Vec<Line>,
}

pub(crate) fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

fn header_date(text: &str) -> NaiveDate {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    // Two-digit years are YY.MM.DD, TRF's order for round dates.
    let formats: &[&str] = if t.len() == 8 { &["%y.%m.%d"] } else { &["%d.%m.%Y", "%Y/%m/%d", "%Y-%m-%d"] };
    formats.iter().find_map(|f| NaiveDate::parse_from_str(&t, f).ok()).unwrap_or_else(|| panic!("a date: {text}"))
}

fn read_real(file: &str) -> Real {
    let path = Path::new(REAL).join(file);
    let bytes = std::fs::read(&path).unwrap();
    let sidecar = std::fs::read_to_string(path.with_extension("toml")).unwrap();
    let table: toml::Table = toml::from_str(&sidecar).unwrap();
    let key = |k: &str| table.get(k).and_then(|v| v.as_str()).map(str::to_string);
    let text = decode(&bytes);
    let (mut name, mut start, mut end) = (String::new(), None, None);
    let mut lines = Vec::new();
    for l in text.lines() {
        let c: Vec<char> = l.chars().collect();
        let field =
            |a: usize, b: usize| c.get(a - 1..b.min(c.len())).map(|s| s.iter().collect::<String>()).unwrap_or_default();
        match field(1, 4).as_str() {
            "012 " => name = field(5, 200).trim().to_string(),
            "042 " => start = Some(header_date(&field(5, 40))),
            "052 " => end = Some(header_date(&field(5, 40))),
            "001 " if !l.contains("spielfrei") => {
                let full = field(15, 47);
                let (surname, first) = full.trim().split_once(',').unwrap();
                let sex = field(10, 10);
                let mut rounds = Vec::new();
                let mut at = 92;
                while at <= c.len() {
                    let opp = field(at, at + 3);
                    rounds.push(Field {
                        opponent: opp.trim().parse::<u32>().ok().filter(|&n| n > 0),
                        zero: opp.trim() == "0000",
                        colour: field(at + 5, at + 5).chars().next().unwrap_or(' '),
                        result: field(at + 7, at + 7).chars().next().unwrap_or(' '),
                    });
                    at += 10;
                }
                lines.push(Line {
                    no: field(5, 8).trim().parse().unwrap(),
                    surname: surname.trim().to_string(),
                    first_names: first.trim().to_string(),
                    gender: match sex.as_str() {
                        "m" | "M" => Some(Gender::Male),
                        "w" | "W" | "f" | "F" => Some(Gender::Female),
                        _ if field(11, 13).trim().starts_with('w') => Some(Gender::Female),
                        _ => None,
                    },
                    rating: field(49, 52).trim().parse().unwrap_or(0.0),
                    id: field(58, 68).trim().parse().ok(),
                    birth: ["%Y.%m.%d", "%Y/%m/%d"]
                        .iter()
                        .find_map(|f| NaiveDate::parse_from_str(field(70, 79).trim(), f).ok()),
                    points: field(81, 84).trim().parse().unwrap(),
                    rounds,
                });
            }
            _ => {}
        }
    }
    Real {
        file: file.to_string(),
        bytes,
        sidecar,
        code: key("code").unwrap(),
        state: key("state").unwrap(),
        time_control: key("time_control").unwrap(),
        national: key("ids").as_deref() == Some("national"),
        kind: key("type"),
        name,
        start: start.unwrap(),
        end: end.unwrap(),
        lines,
    }
}

/// The period of the fixtures: long enough for 2005 and 2011.
fn period_toml() -> String {
    let config = PeriodConfig {
        active_since: date(2004, 1, 1),
        states: [("N", "New South Wales"), ("Q", "Queensland"), ("V", "Victoria"), ("W", "Western Australia")]
            .iter()
            .map(|(c, n)| (c.to_string(), n.to_string()))
            .collect(),
        ..period_config("January 2012", "2012-01-01", "2005-01-01", "2011-12-31")
    };
    PeriodConfig { age_date: date(2012, 1, 1), ..config }.to_toml()
}

/// The player file built from the real files' own player lines (their ratings
/// as confirmed ratings, FIDE IDs in the FIDE ID column), and the ID each line
/// should end up with (`None` for a newcomer). Lines without an ID are in the
/// file when their start number is odd (found by name), newcomers when even.
/// Built from every real file, also when a fixture holds only some of them:
/// the Bunratty sections carry no ratings of their own, but many of their
/// players have one in the ICU's other files.
struct Players {
    file: Vec<Player>,
    expected: HashMap<(String, u32), Option<u32>>,
}

fn fide_our_id(no: u32) -> u32 {
    100_000 + no
}

fn build_players(reals: &[Real]) -> Players {
    let mut file: BTreeMap<u32, Player> = BTreeMap::new();
    let make = |id: u32, l: &Line, state: &str| {
        let mut p = Player::new(id, &l.surname, &l.first_names);
        p.gender = l.gender;
        p.birth_date = l.birth;
        p.state = Some(state.to_string());
        if l.rating > 0.0 {
            p.rating = Some(l.rating);
            p.status = Status::Confirmed;
            p.games = 30;
            p.last_played = Some(date(2004, 12, 31));
        }
        p
    };
    // Players with an ID first, then the odd-numbered ones without.
    for r in reals {
        for l in &r.lines {
            match (l.id, r.national) {
                (Some(id), true) => {
                    let id = id as u32;
                    let p = file.entry(id).or_insert_with(|| make(id, l, &r.state));
                    if p.rating.is_none() && l.rating > 0.0 {
                        *p = make(id, l, &r.state);
                    }
                }
                (Some(fide), false) => {
                    let mut p = make(fide_our_id(l.no), l, &r.state);
                    p.fide_id = Some(fide);
                    file.insert(p.id, p);
                }
                _ => {}
            }
        }
    }
    let mut next = 200_000;
    for r in reals {
        for l in r.lines.iter().filter(|l| l.id.is_none() && l.no % 2 == 1) {
            if find_by_name(file.values(), l).is_none() {
                let id = if r.national { next } else { fide_our_id(l.no) };
                next += 1;
                file.insert(id, make(id, l, &r.state));
            }
        }
    }
    let mut expected = HashMap::new();
    for r in reals {
        for l in &r.lines {
            let id = match (l.id, r.national) {
                (Some(id), true) => Some(id as u32),
                (Some(_), false) => Some(fide_our_id(l.no)),
                (None, _) => find_by_name(file.values(), l),
            };
            expected.insert((r.code.clone(), l.no), id);
        }
    }
    Players { file: file.into_values().collect(), expected }
}

fn find_by_name<'a>(players: impl Iterator<Item = &'a Player>, l: &Line) -> Option<u32> {
    let found: Vec<u32> = players
        .filter(|p| p.surname == l.surname && p.first_names == l.first_names)
        .filter(|p| p.birth_date.is_none() || l.birth.is_none() || p.birth_date == l.birth)
        .map(|p| p.id)
        .collect();
    assert!(found.len() <= 1, "{} {} is ambiguous in the fixture", l.surname, l.first_names);
    found.first().copied()
}

/// The same event in the workbook layout: players, games and byes as this
/// test reads the TRF.
fn as_workbook(r: &Real, players: &Players) -> EventReport {
    let by_no: HashMap<u32, &Line> = r.lines.iter().map(|l| (l.no, l)).collect();
    let mut games = Vec::new();
    let mut rounds = 0;
    for l in &r.lines {
        let explicit: f64 = l
            .rounds
            .iter()
            .map(|f| match f.result {
                '1' | '+' => 1.0,
                '=' => 0.5,
                _ => 0.0,
            })
            .sum();
        let mut left = l.points - explicit;
        for (i, f) in l.rounds.iter().enumerate() {
            let round = i as u32 + 1;
            match f.opponent {
                Some(o) if l.no < o => {
                    let other = by_no[&o].rounds[i];
                    let l_white = f.colour == 'w' || other.colour == 'b' || (f.colour != 'b' && other.colour != 'w');
                    let (white, black, w) = if l_white { (l.no, o, f.result) } else { (o, l.no, other.result) };
                    let result = match (w, f.result, other.result) {
                        ('1', ..) => "1-0",
                        ('0', ..) => "0-1",
                        ('=', ..) => "½-½",
                        ('+', ..) => "1F-0F",
                        (_, '-', '-') => "0F-0F",
                        ('-', ..) => "0F-1F",
                        other => panic!("{}: result {other:?}", r.file),
                    };
                    games.push(ReportGame {
                        round,
                        white,
                        black: Some(black),
                        result: result.to_string(),
                        remarks: None,
                    });
                    rounds = rounds.max(round);
                }
                Some(_) => {}
                None if f.zero || f.colour == '-' || f.result != ' ' => {
                    let points = match f.result {
                        '+' | '1' | 'F' => 1.0,
                        '=' | 'H' => 0.5,
                        ' ' | 'U' => {
                            let p = if left >= 1.0 {
                                1.0
                            } else if left >= 0.5 {
                                0.5
                            } else {
                                0.0
                            };
                            left -= p;
                            p
                        }
                        _ => 0.0,
                    };
                    let token = if points == 1.0 {
                        "1"
                    } else if points == 0.5 {
                        "½"
                    } else {
                        "0"
                    };
                    games.push(ReportGame {
                        round,
                        white: l.no,
                        black: None,
                        result: token.to_string(),
                        remarks: None,
                    });
                    rounds = rounds.max(round);
                }
                None => {}
            }
        }
    }
    EventReport {
        code: r.code.clone(),
        name: r.name.clone(),
        state: r.state.clone(),
        start: r.start,
        end: r.end,
        rounds,
        time_control: r.time_control.clone(),
        event_type: r.kind.clone(),
        handicap: false,
        fixed_opening: false,
        approved: true,
        federation_event: true,
        submitted: None,
        players: r
            .lines
            .iter()
            .map(|l| ReportPlayer {
                no: l.no,
                id: players.expected[&(r.code.clone(), l.no)],
                surname: l.surname.clone(),
                first_names: l.first_names.clone(),
                gender: l.gender,
                birth_date: l.birth,
                state: None,
                club: None,
            })
            .collect(),
        results: ReportResults::Games(games),
    }
}

/// A data folder with the real files (as TRF, or as workbooks), their player file.
fn fixture(reals: &[Real], players: &Players, as_workbooks: bool) -> Fixture {
    let f = Fixture::new(AUGUST_1993);
    std::fs::write(f.data().join("period.toml"), period_toml()).unwrap();
    let file = PlayerFile { players: players.file.clone(), extra_columns: vec![], origin: None, lists: Vec::new() };
    ratebook::formats::player_file::write_player_file(&f.data().join("players.xlsx"), &file, date(2012, 1, 1)).unwrap();
    for r in reals {
        let dir = f.data().join("reports").join(&r.state);
        std::fs::create_dir_all(&dir).unwrap();
        if as_workbooks {
            write_report(&dir.join(format!("{}.xlsx", r.code)), &as_workbook(r, players), date(2012, 1, 1)).unwrap();
        } else {
            std::fs::write(dir.join(&r.file), &r.bytes).unwrap();
            std::fs::write(dir.join(&r.file).with_extension("toml"), &r.sidecar).unwrap();
        }
    }
    f
}

/// A data folder with the real TRF files named, and the player file of them all.
pub(crate) fn fixture_of(files: &[&str]) -> Fixture {
    let reals: Vec<Real> = files.iter().map(|f| read_real(f)).collect();
    fixture(&reals, &build_players(&ALL.map(read_real)), false)
}

pub(crate) fn run_period(f: &Fixture) -> String {
    let run = f.run(&["period"]);
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap_or_default();
    assert!(run.status.success(), "{}\n{validation}", stderr(&run));
    validation
}

/// (ID, event) → (games, score) of the Calculations sheet.
fn calculations(out: &Path) -> BTreeMap<(u32, String), (u32, f64)> {
    sheet_rows(&out.join("ratings.xlsx"), "Calculations")
        .into_iter()
        .skip(1)
        .map(|r| ((r[0].parse().unwrap(), r[2].clone()), (r[4].parse().unwrap(), r[5].parse().unwrap())))
        .collect()
}

/// Runs the real files through `period`, checks what the brief asks, and
/// returns the fixture.
fn check_real(files: &[&str]) -> Fixture {
    let reals: Vec<Real> = files.iter().map(|f| read_real(f)).collect();
    let players = build_players(&ALL.map(read_real));
    let trf = fixture(&reals, &players, false);
    let validation = run_period(&trf);
    for r in &reals {
        assert!(!validation.contains(&format!("{}\n  error", r.file)), "{validation}");
    }
    assert!(!validation.contains("not a tournament report"), "sidecars are not reports: {validation}");
    let events = sheet_rows(&trf.out().join("ratings.xlsx"), "Events");
    for r in &reals {
        let row = events.iter().find(|e| e[0] == r.code).unwrap_or_else(|| panic!("{} in Events", r.code));
        assert_eq!(row[11], "yes", "{} rated: {row:?}", r.code);
        assert_eq!(row[8], r.lines.len().to_string(), "{}: players", r.code);
        let played = r.lines.iter().flat_map(|l| l.rounds.iter()).filter(|f| f.played()).count() / 2;
        assert_eq!(row[9], played.to_string(), "{}: games played", r.code);
    }

    // The points of the games ratebook derived equal the points column where no bye is involved.
    let raw = read_folder(&trf.data());
    let mut compared = 0;
    for r in &reals {
        let report = raw.reports.iter().find(|x| x.file.ends_with(&r.file)).unwrap();
        let RawResults::Games(games) = &report.results else { panic!("games") };
        let mut points: HashMap<u32, f64> = HashMap::new();
        let mut byes: HashMap<u32, bool> = HashMap::new();
        for g in games {
            let (w, b) = (g.white.value, g.black.as_ref().map(|b| b.value));
            match g.outcome.value {
                Outcome::Played { white_score } | Outcome::PlayedUnrated { white_score } => {
                    *points.entry(w).or_default() += white_score;
                    *points.entry(b.unwrap()).or_default() += 1.0 - white_score;
                }
                Outcome::Forfeit { white_points, black_points } => {
                    *points.entry(w).or_default() += white_points;
                    *points.entry(b.unwrap()).or_default() += black_points;
                }
                Outcome::Bye { .. } => {
                    byes.insert(w, true);
                }
            }
        }
        for l in &r.lines {
            if !byes.contains_key(&l.no) {
                assert_eq!(points.get(&l.no).copied().unwrap_or(0.0), l.points, "{}: No {}", r.file, l.no);
                compared += 1;
            }
        }
        // Every entrant got the ID this test expects (or none: a newcomer).
        for e in &report.players {
            assert_eq!(e.id, players.expected[&(r.code.clone(), e.no)], "{}: No {}", r.file, e.no);
        }
    }
    assert!(compared > 0);

    // Forfeits and byes never count: each calculation's games are played games.
    let confirmed: HashMap<u32, bool> = players.file.iter().map(|p| (p.id, p.status == Status::Confirmed)).collect();
    let calc = calculations(&trf.out());
    assert!(!calc.is_empty(), "somebody was rated");
    for r in &reals {
        for l in &r.lines {
            let Some(id) = players.expected[&(r.code.clone(), l.no)] else { continue };
            let played: Vec<u32> = l.rounds.iter().filter(|f| f.played()).map(|f| f.opponent.unwrap()).collect();
            let against_confirmed = played
                .iter()
                .filter(|o| players.expected[&(r.code.clone(), **o)].is_some_and(|oid| confirmed[&oid]))
                .count() as u32;
            match calc.get(&(id, r.code.clone())) {
                Some(&(games, _)) => {
                    assert!(
                        games <= played.len() as u32,
                        "{}: No {} counted {games} of {} played games",
                        r.file,
                        l.no,
                        played.len()
                    );
                    if confirmed[&id] {
                        assert!(games >= against_confirmed, "{}: No {}: {games} < {against_confirmed}", r.file, l.no);
                    }
                }
                None => {
                    assert!(!confirmed[&id] || against_confirmed == 0, "{}: No {} has no calculation", r.file, l.no)
                }
            }
        }
    }

    // The same events typed into the workbook layout give the same ratings.
    let workbooks = fixture(&reals, &players, true);
    run_period(&workbooks);
    let ours = read_players(&trf.out().join("players.xlsx"));
    let theirs = read_players(&workbooks.out().join("players.xlsx"));
    assert_eq!(ours.players.len(), theirs.players.len());
    for (a, b) in ours.players.iter().zip(&theirs.players) {
        assert_eq!(
            (a.id, a.status, a.games),
            (b.id, b.status, b.games),
            "{} vs {}",
            a.display_name(),
            b.display_name()
        );
        let same = match (a.rating, b.rating) {
            (Some(x), Some(y)) => (x - y).abs() < 1e-9,
            (x, y) => x == y,
        };
        assert!(same, "{}: rating {:?} from the TRF, {:?} from the workbook", a.display_name(), a.rating, b.rating);
    }
    assert_eq!(calc, calculations(&workbooks.out()), "Calculations sheets agree");
    trf
}

#[test]
fn fide_example_alone() {
    let f = check_real(&["fide_example1.trf"]);
    let calc = calculations(&f.out());
    // No 13 lost his only game without play: nothing to rate.
    assert!(!calc.keys().any(|(id, _)| *id == fide_our_id(13)));
    // No 1 played 7 games against rated players.
    assert_eq!(calc[&(fide_our_id(1), "V05001".to_string())].0, 7);
}

#[test]
fn armstrong_alone() {
    check_real(&["armstrong_2011.tab"]);
}

#[test]
fn bunratty_masters_alone() {
    check_real(&["bunratty_masters_2011.tab"]);
}

#[test]
fn bunratty_major_alone() {
    check_real(&["bunratty_major_2011.tab"]);
}

#[test]
fn bunratty_minor_alone() {
    check_real(&["bunratty_minor_2011.tab"]);
}

#[test]
fn bunratty_challengers_alone() {
    check_real(&["bunratty_challengers_2011.tab"]);
}

#[test]
fn irish_intermediate_alone() {
    check_real(&["irish_intermediate_champs_2011.tab"]);
}

#[test]
fn irish_junior_alone() {
    check_real(&["irish_junior_champs_2011.tab"]);
}

#[test]
fn all_real_files_in_one_period() {
    let f = check_real(&ALL);
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert!(validation.contains("8 events rated"), "{validation}");
    // Bunratty Masters carries no IDs; its players who are in the ICU's other files are found by name.
    let raw = read_folder(&f.data());
    let masters = raw.reports.iter().find(|r| r.file.ends_with("bunratty_masters_2011.tab")).unwrap();
    let cafolla = masters.players.iter().find(|p| p.surname == "Cafolla").unwrap();
    assert_eq!(cafolla.id, Some(159), "the ID armstrong_2011.tab gives him");
}

/// A copy of a real file with the text of one round field changed.
fn edit_field(bytes: &[u8], no: u32, round: usize, new: &str) -> Vec<u8> {
    let text = decode(bytes);
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let l = lines.iter().position(|l| l.starts_with("001") && l[4..8].trim() == no.to_string()).unwrap();
    let at = 91 + 10 * (round - 1);
    lines[l].replace_range(at..at + 8, new);
    lines.join("\n").into_bytes()
}

#[test]
fn unrated_results_and_forfeits_never_count() {
    // Round 4 of the FIDE example: No 1 (black) beat No 21. Write it as
    // played but not rated (W/L), and No 2's round-4 loss to 25 as a forfeit.
    let mut real = read_real("fide_example1.trf");
    assert_eq!((real.lines[0].rounds[3].opponent, real.lines[0].rounds[3].result), (Some(21), '1'));
    assert_eq!((real.lines[1].rounds[3].opponent, real.lines[1].rounds[3].result), (Some(25), '0'));
    let players = build_players(&ALL.map(read_real));
    let before = fixture(std::slice::from_ref(&real), &players, false);
    run_period(&before);
    let mut bytes = edit_field(&real.bytes, 1, 4, "  21 b W");
    bytes = edit_field(&bytes, 21, 4, "   1 w L");
    bytes = edit_field(&bytes, 2, 4, "  25 - -");
    bytes = edit_field(&bytes, 25, 4, "   2 - +");
    real.bytes = bytes;
    let after = fixture(std::slice::from_ref(&real), &players, false);
    let validation = run_period(&after);
    assert!(!validation.contains("error["), "{validation}");
    let (b, a) = (calculations(&before.out()), calculations(&after.out()));
    let event = "V05001".to_string();
    for no in [1, 21, 2, 25] {
        let key = (fide_our_id(no), event.clone());
        assert_eq!(a[&key].0 + 1, b[&key].0, "No {no}: one game fewer counts");
    }
    let key = (fide_our_id(1), event.clone());
    assert_eq!(a[&key].1 + 1.0, b[&key].1, "No 1's unrated win scores nothing for ratings");
    let events = sheet_rows(&after.out().join("ratings.xlsx"), "Events");
    assert_eq!(events[1][9], "968", "970 games over the board, 2 of them no longer rated");
}

#[test]
fn check_names_trf_problems_by_line_and_column() {
    let real = read_real("bunratty_masters_2011.tab");
    let players = build_players(&ALL.map(read_real));
    let f = fixture(std::slice::from_ref(&real), &players, false);
    let dir = f.data().join("reports").join("Q");
    // No 17 claims to have beaten No 1 in round 1 as well.
    std::fs::write(dir.join("bunratty_masters_2011.tab"), edit_field(&real.bytes, 17, 1, "   1 b 1")).unwrap();
    // A second TRF without its sidecar, and a stray TOML that belongs to no report.
    std::fs::write(dir.join("copy.trf"), &real.bytes).unwrap();
    std::fs::write(dir.join("notes.toml"), "x = 1\n").unwrap();
    let run = f.run(&["check"]);
    assert_eq!(run.status.code(), Some(1));
    let err = findings(&run);
    assert!(err.contains("reports/Q/bunratty_masters_2011.tab"), "{err}");
    assert!(err.contains("error[results-disagree] line 30, column 99: round 1: No 1 has \"1\" against No 17"), "{err}");
    assert!(
        err.contains("warning[results-disagree] line 30, column 81"),
        "17's points no longer add up (only a warning): {err}"
    );
    assert!(err.contains("error[missing-sidecar]") && err.contains("reports/Q/copy.toml"), "{err}");
    assert!(err.contains("reports/Q/notes.toml") && err.contains("not a tournament report"), "{err}");
    assert!(!err.contains("bunratty_masters_2011.toml"), "the sidecar is read with its report: {err}");

    // --skip-invalid publishes without them.
    let run = f.run(&["period", "--skip-invalid"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let validation = std::fs::read_to_string(f.out().join("validation.txt")).unwrap();
    assert!(validation.contains("note[skipped-invalid]"), "{validation}");
}

#[test]
fn a_byte_order_mark_and_utf8_give_the_same_period() {
    let real = read_real("irish_junior_champs_2011.tab");
    let players = build_players(&ALL.map(read_real));
    let latin1 = fixture(std::slice::from_ref(&real), &players, false);
    run_period(&latin1);
    let mut bom = real.clone();
    bom.bytes = [b"\xEF\xBB\xBF".as_slice(), decode(&real.bytes).as_bytes()].concat();
    let utf8 = fixture(std::slice::from_ref(&bom), &players, false);
    run_period(&utf8);
    for name in ["players.xlsx", "ratings.xlsx"] {
        assert_eq!(
            std::fs::read(latin1.out().join(name)).unwrap(),
            std::fs::read(utf8.out().join(name)).unwrap(),
            "{name}"
        );
    }
}

/// Reads a data folder as the period run does, with its rule set's inputs.
fn read_folder(dir: &std::path::Path) -> ratebook::ingest::RawData {
    let folder = ratebook::ingest::DataFolder::open(dir).unwrap();
    folder.read(ratebook::rate::configured(&folder.config).inputs()).unwrap().0
}
