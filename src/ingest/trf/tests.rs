//! Whole-file tests of the TRF reader: the real files of tests/fixtures/real,
//! encodings, the sidecar, matching, and inputs that must not make it panic.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::*;
use crate::diag::Severity;
use crate::formats::report::RawGame;
use crate::model::{Outcome, Player, PlayerFile};

const FIDE: &[u8] = include_bytes!("../../../tests/fixtures/real/fide_example1.trf");
const ARMSTRONG: &[u8] = include_bytes!("../../../tests/fixtures/real/armstrong_2011.tab");
const MASTERS: &[u8] = include_bytes!("../../../tests/fixtures/real/bunratty_masters_2011.tab");
const MAJOR: &[u8] = include_bytes!("../../../tests/fixtures/real/bunratty_major_2011.tab");
const MINOR: &[u8] = include_bytes!("../../../tests/fixtures/real/bunratty_minor_2011.tab");
const CHALLENGERS: &[u8] = include_bytes!("../../../tests/fixtures/real/bunratty_challengers_2011.tab");
const INTERMEDIATE: &[u8] = include_bytes!("../../../tests/fixtures/real/irish_intermediate_champs_2011.tab");
const JUNIOR: &[u8] = include_bytes!("../../../tests/fixtures/real/irish_junior_champs_2011.tab");

const NATIONAL: &str = "code = \"Q11002\"\nstate = \"Q\"\ntime_control = \"5400+10\"\nids = \"national\"\n";
const BY_FIDE: &str = "code = \"V05001\"\nstate = \"V\"\ntime_control = \"40/7200:3600\"\n";

fn sidecar(text: &str) -> Sidecar {
    let mut d = Vec::new();
    let s = sidecar::parse(text, "reports/x.toml", &mut d);
    assert!(d.is_empty(), "{d:?}");
    s.unwrap()
}

fn read_with(bytes: &[u8], side: &str, file: &PlayerFile) -> (Option<RawReport>, Vec<Diagnostic>) {
    let matcher = Matcher::new(file);
    let mut d = Vec::new();
    let r = read_text(bytes, "reports/x.trf", Some(sidecar(side)), &matcher, &mut d);
    (r, d)
}

fn errors(d: &[Diagnostic]) -> Vec<&Diagnostic> {
    d.iter().filter(|d| d.is_error()).collect()
}

fn games(r: &RawReport) -> &[RawGame] {
    match &r.results {
        RawResults::Games(g) => g,
        RawResults::Crosstable(_) => panic!("TRF gives games"),
    }
}

/// Each start number's points from the games, and whether a bye is among them.
fn points(r: &RawReport) -> HashMap<u32, (f64, bool)> {
    let mut out: HashMap<u32, (f64, bool)> = r.players.iter().map(|p| (p.no, (0.0, false))).collect();
    for g in games(r) {
        let (w, b) = (g.white.value, g.black.as_ref().map(|b| b.value));
        match g.outcome.value {
            Outcome::Played { white_score } | Outcome::PlayedUnrated { white_score } => {
                out.get_mut(&w).unwrap().0 += white_score;
                out.get_mut(&b.unwrap()).unwrap().0 += 1.0 - white_score;
            }
            Outcome::Forfeit { white_points, black_points } => {
                out.get_mut(&w).unwrap().0 += white_points;
                out.get_mut(&b.unwrap()).unwrap().0 += black_points;
            }
            Outcome::Bye { points } => {
                let e = out.get_mut(&w).unwrap();
                e.0 += points;
                e.1 = true;
            }
        }
    }
    out
}

/// The points column of each 001 line, read independently of the reader.
fn points_column(bytes: &[u8]) -> HashMap<u32, f64> {
    let text = text::decode(bytes).unwrap();
    text::lines(&text)
        .into_iter()
        .filter(|l| l.starts_with("001") && !l.contains("spielfrei"))
        .map(|l| {
            let c: Vec<char> = l.chars().collect();
            let field = |a: usize, b: usize| c[a..b].iter().collect::<String>().trim().to_string();
            (field(4, 8).parse().unwrap(), field(80, 84).parse().unwrap())
        })
        .collect()
}

#[test]
fn every_real_file_reads_without_errors_and_adds_up() {
    let empty = PlayerFile::default();
    let files: [(&str, &[u8], &str, usize, u32); 8] = [
        ("fide_example1", FIDE, BY_FIDE, 283, 7),
        ("armstrong", ARMSTRONG, NATIONAL, 160, 11),
        ("masters", MASTERS, NATIONAL, 34, 6),
        ("major", MAJOR, NATIONAL, 56, 6),
        ("minor", MINOR, NATIONAL, 103, 6),
        ("challengers", CHALLENGERS, NATIONAL, 63, 6),
        ("intermediate", INTERMEDIATE, NATIONAL, 21, 5),
        ("junior", JUNIOR, NATIONAL, 34, 5),
    ];
    for (name, bytes, side, players, rounds) in files {
        let (r, d) = read_with(bytes, side, &empty);
        assert!(errors(&d).is_empty(), "{name}: {:#?}", errors(&d));
        let r = r.unwrap_or_else(|| panic!("{name} gives a report"));
        assert_eq!(r.players.len(), players, "{name}");
        assert_eq!(r.event.rounds.as_ref().unwrap().value, rounds, "{name}");
        let column = points_column(bytes);
        for (no, (scored, _)) in points(&r) {
            assert_eq!(scored, column[&no], "{name}: No {no}'s games give {scored}, the points column {}", column[&no]);
        }
    }
}

#[test]
fn the_fide_example_in_detail() {
    let (r, d) = read_with(FIDE, BY_FIDE, &PlayerFile::default());
    let r = r.unwrap();
    let ev = &r.event;
    assert_eq!(ev.name.as_deref(), Some("9. Karl-Mala-Gedenkturnier"));
    assert_eq!(ev.start.as_ref().unwrap().value, NaiveDate::from_ymd_opt(2005, 7, 28).unwrap());
    assert_eq!(ev.end.as_ref().unwrap().value, NaiveDate::from_ymd_opt(2005, 7, 31).unwrap());
    assert_eq!(ev.end.as_ref().unwrap().at, Location::line("reports/x.trf", 5, 5));
    assert_eq!(ev.kind, EventKind::Swiss);
    // 284 lines, one of them the "spielfrei" placeholder.
    assert!(d.iter().any(|d| d.code == Code::ByePlayer && d.location.line == Some((297, 15))));
    assert_eq!(
        d.iter().filter(|d| d.code == Code::UnmatchedPlayer).count(),
        283,
        "an empty player file matches nobody"
    );
    let p1 = &r.players[0];
    assert_eq!((p1.no, p1.surname.as_str(), p1.first_names.as_str(), p1.id), (1, "Vasquez", "Rodrigo", None));
    assert_eq!(p1.birth_date, NaiveDate::from_ymd_opt(1969, 12, 6));
    assert_eq!(p1.name_at, Location::line("reports/x.trf", 14, 15));
    let helena = r.players.iter().find(|p| p.surname == "Fischer").unwrap();
    assert_eq!(helena.gender, Some(Gender::Female), "sex f");
    let g = games(&r);
    let count = |f: &dyn Fn(&Outcome) -> bool| g.iter().filter(|g| f(&g.outcome.value)).count();
    assert_eq!(count(&|o| matches!(o, Outcome::Played { .. })), 970);
    assert_eq!(count(&|o| matches!(o, Outcome::Forfeit { .. })), 10);
    assert_eq!(
        count(&|o| matches!(o, Outcome::Bye { .. })),
        1,
        "No 282's 0000 - + (the placeholder's own line is left out)"
    );
    let forfeit = g.iter().find(|g| g.white.value == 13 || g.black.as_ref().is_some_and(|b| b.value == 13)).unwrap();
    assert_eq!(
        forfeit.outcome.value,
        Outcome::Forfeit { white_points: 0.0, black_points: 1.0 },
        "13 lost round 1 to 153 without play"
    );
}

#[test]
fn matching_by_fide_id_then_by_name_and_birth_date() {
    let mut by_fide = Player::new(500, "Vasquez", "R.");
    by_fide.fide_id = Some(3400042);
    let by_name = {
        let mut p = Player::new(501, "Leinberger", "Benjamin");
        p.birth_date = NaiveDate::from_ymd_opt(1971, 7, 11);
        p
    };
    let other_birth = {
        let mut p = Player::new(502, "Schirrmacher", "Nils");
        p.birth_date = NaiveDate::from_ymd_opt(1950, 1, 1);
        p
    };
    let twins = [Player::new(503, "Schirrmacher", "Stephan"), Player::new(504, "Schirrmacher", "Stephan")];
    let file = PlayerFile {
        players: [vec![by_fide, by_name, other_birth], twins.to_vec()].concat(),
        extra_columns: vec![],
        origin: None,
        lists: Vec::new(),
    };
    let (r, d) = read_with(FIDE, BY_FIDE, &file);
    let r = r.unwrap();
    let id = |no: u32| r.players.iter().find(|p| p.no == no).unwrap().id;
    assert_eq!(id(1), Some(500), "FIDE ID 3400042");
    assert_eq!(id(281), Some(501), "no FIDE ID: name and birth date");
    assert_eq!(id(282), None, "the birth dates differ");
    assert_eq!(id(283), None, "two candidates");
    let ambiguous: Vec<&Diagnostic> = d.iter().filter(|d| d.code == Code::AmbiguousPlayer).collect();
    assert_eq!(ambiguous.len(), 1);
    assert_eq!(ambiguous[0].severity, Severity::Error);
    assert_eq!(ambiguous[0].location, Location::line("reports/x.trf", 296, 15));
    assert!(
        ambiguous[0].message.contains("503 Schirrmacher, Stephan") && ambiguous[0].message.contains("504"),
        "{}",
        ambiguous[0].message
    );
    let unmatched = d.iter().find(|d| d.code == Code::UnmatchedPlayer && d.location.line == Some((295, 15))).unwrap();
    assert_eq!(unmatched.severity, Severity::Warning);
    assert!(
        unmatched.message.contains("Schirrmacher,Nils") && unmatched.message.contains("new player"),
        "{}",
        unmatched.message
    );
}

#[test]
fn national_ids_are_taken_as_given_and_blank_ones_matched_by_name() {
    let file = PlayerFile {
        players: vec![Player::new(9001, "Short", "Nigel")],
        extra_columns: vec![],
        origin: None,
        lists: Vec::new(),
    };
    let (r, d) = read_with(MASTERS, NATIONAL, &file);
    let r = r.unwrap();
    assert_eq!(r.players[0].id, Some(9001), "Short, Nigel by name");
    assert_eq!(r.players[1].id, None, "Kosten, Tony: nobody of that name");
    assert_eq!(d.iter().filter(|d| d.code == Code::UnmatchedPlayer).count(), 33);
    let (r, _) = read_with(JUNIOR, NATIONAL, &PlayerFile::default());
    let r = r.unwrap();
    assert_eq!(r.players[0].id, Some(4191), "the ID column as it stands (validation checks it)");
    assert_eq!(r.players[0].id_at, Location::line("reports/x.trf", 15, 58));
}

#[test]
fn latin1_utf8_and_a_byte_order_mark_read_alike() {
    let (latin1, _) = read_with(JUNIOR, NATIONAL, &PlayerFile::default());
    let latin1 = latin1.unwrap();
    let names: Vec<String> = latin1.players.iter().map(|p| format!("{}, {}", p.surname, p.first_names)).collect();
    for n in ["Morgan, Mícheál", "Ó Muireagáin, Colm", "Ní Mhuireagáin, Eibhia", "McBride, Seán Patrick"] {
        assert!(names.contains(&n.to_string()), "{n} in {names:?}");
    }
    let utf8 = text::decode(JUNIOR).unwrap();
    let (from_utf8, d) = read_with(utf8.as_bytes(), NATIONAL, &PlayerFile::default());
    assert!(errors(&d).is_empty(), "{d:?}");
    assert_eq!(from_utf8.unwrap(), latin1, "the same report from UTF-8");
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), utf8.as_bytes()].concat();
    let (from_bom, _) = read_with(&with_bom, NATIONAL, &PlayerFile::default());
    assert_eq!(from_bom.unwrap(), latin1, "the same report with a byte-order mark");
    let lf_only = utf8.replace("\r\n", "\n");
    let (from_lf, _) = read_with(lf_only.as_bytes(), NATIONAL, &PlayerFile::default());
    assert_eq!(from_lf.unwrap(), latin1, "the same report with LF line ends");
    let mut utf16 = vec![0xFF, 0xFE];
    for u in utf8.encode_utf16() {
        utf16.extend(u.to_le_bytes());
    }
    let (from_utf16, _) = read_with(&utf16, NATIONAL, &PlayerFile::default());
    assert_eq!(from_utf16.unwrap(), latin1, "the same report from UTF-16");
}

#[test]
fn two_digit_years_read_as_yy_mm_dd_with_a_warning() {
    let (r, d) = read_with(ARMSTRONG, NATIONAL, &PlayerFile::default());
    let r = r.unwrap();
    assert_eq!(r.event.start.as_ref().unwrap().value, NaiveDate::from_ymd_opt(2010, 9, 13).unwrap());
    assert_eq!(r.event.end.as_ref().unwrap().value, NaiveDate::from_ymd_opt(2011, 3, 13).unwrap());
    let warnings: Vec<&Diagnostic> = d.iter().filter(|d| d.code == Code::BadDate).collect();
    assert_eq!(warnings.len(), 2);
    assert!(warnings.iter().all(|w| w.severity == Severity::Warning));
    assert_eq!(r.event.kind, EventKind::Team, "013 team lines");
    // The sidecar's dates override 042/052, and then nothing is guessed.
    let side = format!("{NATIONAL}start = 2010-09-13\nend = \"13.03.2011\"\n");
    let (r, d) = read_with(ARMSTRONG, &side, &PlayerFile::default());
    assert!(!d.iter().any(|d| d.code == Code::BadDate));
    assert_eq!(r.unwrap().event.end.unwrap().value, NaiveDate::from_ymd_opt(2011, 3, 13).unwrap());
}

#[test]
fn the_icu_byes_take_the_points_the_file_implies() {
    let (r, _) = read_with(JUNIOR, NATIONAL, &PlayerFile::default());
    let r = r.unwrap();
    let byes = |no: u32| -> Vec<(u32, f64)> {
        games(&r)
            .iter()
            .filter_map(|g| match g.outcome.value {
                Outcome::Bye { points } if g.white.value == no => Some((g.round.value, points)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(byes(14), vec![(4, 0.5), (5, 0.5)], "2.0 points, 1 from games");
    assert_eq!(byes(24), vec![(4, 1.0)]);
    assert_eq!(byes(4), vec![(1, 0.5)]);
}

#[test]
fn without_a_sidecar_the_file_is_an_error_naming_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bunratty.tab");
    std::fs::write(&path, MASTERS).unwrap();
    let empty = PlayerFile::default();
    let (r, d) = read_trf(&path, "reports/bunratty.tab", &Matcher::new(&empty));
    assert!(r.is_none());
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].code, d[0].severity), (Code::MissingSidecar, Severity::Error));
    assert_eq!(d[0].location, Location::file("reports/bunratty.tab"));
    assert!(d[0].message.contains("reports/bunratty.toml"));
    let hint = d[0].hint.as_deref().unwrap();
    for key in ["code", "state", "time_control", "ids"] {
        assert!(hint.contains(key), "{key} in {hint}");
    }

    std::fs::write(dir.path().join("bunratty.toml"), "code = \"Q1\"\nstate = \"Q\"\ncolour = \"red\"\n").unwrap();
    let (r, d) = read_trf(&path, "reports/bunratty.tab", &Matcher::new(&empty));
    assert!(r.is_none());
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].location, Location::line("reports/bunratty.toml", 3, 1));
    assert!(d[0].message.contains("colour"));

    std::fs::write(dir.path().join("bunratty.toml"), "code = \"Q1\"\nstate = \"Q\"\n").unwrap();
    let (r, d) = read_trf(&path, "reports/bunratty.tab", &Matcher::new(&empty));
    assert!(r.is_none());
    assert!(d[0].message.contains("time_control"), "{}", d[0].message);

    std::fs::write(dir.path().join("bunratty.toml"), NATIONAL).unwrap();
    let (r, d) = read_trf(&path, "reports/bunratty.tab", &Matcher::new(&empty));
    assert!(errors(&d).is_empty(), "{d:?}");
    let r = r.unwrap();
    assert_eq!(r.event.code.unwrap().value, "Q11002");
    assert_eq!(
        r.event.state.unwrap().at,
        Location::file("reports/bunratty.tab"),
        "findings about sidecar values invalidate this report"
    );
}

#[test]
fn a_time_control_from_trf26_line_222() {
    let text = String::from_utf8_lossy(MASTERS).replacen("122 ", "222 5400+30\r\n122 ", 1);
    let (r, d) = read_with(text.as_bytes(), "code = \"Q1\"\nstate = \"Q\"\n", &PlayerFile::default());
    assert!(errors(&d).is_empty(), "{d:?}");
    let tc = r.unwrap().event.time_control.unwrap();
    assert_eq!((tc.value.as_str(), tc.at.line), ("5400+30", Some((12, 5))));
}

#[test]
fn disagreeing_sides_are_errors_at_their_line_and_column() {
    // No 1 beat No 17 in round 1; make No 17's line say it won too.
    let text = String::from_utf8_lossy(MASTERS).into_owned();
    let lines: Vec<&str> = text.split("\r\n").collect();
    let l17 = lines.iter().position(|l| l.starts_with("001   17")).unwrap();
    let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    assert_eq!(&changed[l17][91..99], "   1 b 0");
    changed[l17].replace_range(98..99, "1");
    let (r, d) = read_with(changed.join("\r\n").as_bytes(), NATIONAL, &PlayerFile::default());
    assert!(r.is_some(), "still a report, with errors");
    let e = errors(&d);
    assert!(
        e.iter()
            .any(|d| d.code == Code::ResultsDisagree
                && d.location == Location::line("reports/x.trf", l17 as u32 + 1, 99)),
        "{e:#?}"
    );
}

#[test]
fn no_input_makes_it_panic() {
    let empty = PlayerFile::default();
    let mut inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"\xEF\xBB\xBF".to_vec(),
        b"\xFF\xFE".to_vec(),
        b"PK\x03\x04\x00\x00".to_vec(),
        vec![0xFF; 300],
        b"012 x\n001".to_vec(),
        b"001 abcdefghijklmnopqrstuvwxyz0123456789".repeat(20),
        "001    1 m    É, É                              1800 IRL        1234 1965/06/25  1.5    1    1 w 1"
            .as_bytes()
            .to_vec(),
    ];
    // Every real file cut short at many places.
    for bytes in [FIDE, MASTERS, JUNIOR] {
        for cut in (0..bytes.len()).step_by(97) {
            inputs.push(bytes[..cut].to_vec());
        }
    }
    // Digits swapped for letters and blanks, field by field.
    let mut mangled = MASTERS.to_vec();
    for (i, b) in mangled.iter_mut().enumerate() {
        if b.is_ascii_digit() && i % 7 == 0 {
            *b = if i % 2 == 0 { b'x' } else { b' ' };
        }
    }
    inputs.push(mangled);
    for input in &inputs {
        let (_, d) = read_with(input, NATIONAL, &empty);
        for diag in d.iter().filter(|d| d.is_error()) {
            assert!(!diag.message.is_empty() && diag.hint.is_some(), "{diag}");
        }
    }
    let (r, d) = read_with(b"", NATIONAL, &empty);
    assert!(r.is_none());
    assert_eq!(d[0].code, Code::TrfSyntax);
}

#[test]
fn exports_of_pairing_programs_read_without_errors() {
    // Files that earlier versions refused (tests/fixtures/real/README.md):
    // name, bytes, players, rounds, warnings about the points column and 240 records.
    let files: [(&str, &[u8], usize, u32, usize); 9] = [
        ("lichess_2020_06", include_bytes!("../../../tests/fixtures/real/lichess_2020_06.trf"), 13, 10, 0),
        ("lichess_2021_03", include_bytes!("../../../tests/fixtures/real/lichess_2021_03.trf"), 9, 9, 0),
        ("lichess_bullet_2020", include_bytes!("../../../tests/fixtures/real/lichess_bullet_2020.trf"), 112, 21, 0),
        ("javafo_gros_2010", include_bytes!("../../../tests/fixtures/real/javafo_gros_2010.trf"), 52, 9, 1),
        (
            "gre_friendship_cup_2024",
            include_bytes!("../../../tests/fixtures/real/gre_friendship_cup_2024.trf"),
            129,
            7,
            12,
        ),
        ("gre_crete_champ_2025", include_bytes!("../../../tests/fixtures/real/gre_crete_champ_2025.trf"), 163, 4, 8),
        ("tec_trf26_grandmommy", include_bytes!("../../../tests/fixtures/real/tec_trf26_grandmommy.trf"), 249, 14, 0),
        ("sharly_trf26_byes", include_bytes!("../../../tests/fixtures/real/sharly_trf26_byes.trf"), 16, 5, 0),
        (
            "sharly_trf26_team_partial",
            include_bytes!("../../../tests/fixtures/real/sharly_trf26_team_partial.trf"),
            26,
            3,
            0,
        ),
    ];
    for (name, bytes, players, rounds, disagree) in files {
        let (r, d) = read_with(bytes, BY_FIDE, &PlayerFile::default());
        assert!(errors(&d).is_empty(), "{name}: {:#?}", errors(&d));
        let r = r.unwrap_or_else(|| panic!("{name} gives a report"));
        assert_eq!(r.players.len(), players, "{name}");
        assert_eq!(r.event.rounds.as_ref().unwrap().value, rounds, "{name}");
        assert!(r.event.start.is_some() && r.event.end.is_some(), "{name}: dates read");
        let found: Vec<&Diagnostic> = d.iter().filter(|d| d.code == Code::ResultsDisagree).collect();
        assert_eq!(found.len(), disagree, "{name}: {found:#?}");
        assert!(found.iter().all(|d| d.severity == Severity::Warning && d.location.line.is_some()), "{name}");
    }
}

#[test]
fn a_name_without_a_comma_is_the_surname() {
    let javafo: &[u8] = include_bytes!("../../../tests/fixtures/real/javafo_gros_2010.trf");
    // No 1, Mirzoev Azer, is in the player file by his FIDE ID; No 30 is new.
    let mut known = Player::new(700, "Mirzoev", "Azer");
    known.fide_id = Some(13400304);
    let file = PlayerFile { players: vec![known], extra_columns: vec![], origin: None, lists: Vec::new() };
    let (r, d) = read_with(javafo, BY_FIDE, &file);
    let r = r.unwrap();
    let p1 = &r.players[0];
    assert_eq!((p1.id, p1.surname.as_str(), p1.first_names.as_str()), (Some(700), "Mirzoev Azer", ""));
    let at = |line: u32| {
        d.iter()
            .find(|d| d.code == Code::MissingField && d.location.line == Some((line, 15)))
            .unwrap_or_else(|| panic!("a finding at line {line}: {d:#?}"))
    };
    assert_eq!(at(14).severity, Severity::Warning);
    assert!(
        at(14).message.ends_with("has no comma: read whole as the surname, with no first names"),
        "{}",
        at(14).message
    );
    assert!(at(14).hint.as_deref().unwrap().contains("\"Surname, First names\""));
    assert!(
        at(43).message.contains("a new player, so joins the player file without first names"),
        "{}",
        at(43).message
    );
    assert!(!d.iter().any(|d| d.code == Code::MissingField && d.location.line == Some((19, 15))), "No 6 has a comma");
}
