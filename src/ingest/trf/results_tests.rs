//! Tests of reading results from TRF lines: what is only derived or
//! repeated and disagrees is a warning; what makes a game unknowable an error.

use super::*;
use crate::diag::Severity;
use crate::formats::trf::parse::{parse, TrfFile};

fn line(no: u32, points: &str, rounds: &[&str]) -> String {
    let mut s = format!(
        "001 {no:>4} m    {:<33} 1800 IRL {:>11} {:<10} {points:>4} {:>4}  ",
        format!("Player{no}, Test"),
        no,
        "",
        1
    );
    for r in rounds {
        s.push_str(&format!("{r:<8}  "));
    }
    s.trim_end().to_string()
}

fn read(lines: &[String]) -> (TrfFile, Vec<RawGame>, Vec<Diagnostic>) {
    let mut d = Vec::new();
    let trf = parse(&lines.join("\n"), "r.trf", &mut d);
    assert!(d.is_empty(), "{d:?}");
    let players: Vec<&PlayerLine> = trf.players.iter().filter(|p| !is_bye_placeholder(&p.name)).collect();
    let placeholders: Vec<u32> = trf.players.iter().filter(|p| is_bye_placeholder(&p.name)).map(|p| p.no).collect();
    let unplayed = unplayed_rounds(&trf, &players, &placeholders);
    let g = games(&trf, &players, &placeholders, &unplayed, "r.trf", &mut d);
    (trf.clone(), g, d)
}

fn outcomes(g: &[RawGame]) -> Vec<(u32, u32, Option<u32>, Outcome)> {
    g.iter().map(|g| (g.round.value, g.white.value, g.black.as_ref().map(|b| b.value), g.outcome.value)).collect()
}

#[test]
fn every_result_code() {
    let (_, g, d) = read(&[
        line(
            1,
            "6.5",
            &[
                "   2 w 1", "   3 b =", "   4 w +", "   2 b W", "   3 w D", "0000 - H", "0000 - F", "0000 - U",
                "0000 - Z", "        ",
            ],
        ),
        line(
            2,
            "2.0",
            &[
                "   1 b 0", "   4 w =", "   3 b 0", "   1 w L", "   4 b =", "0000 - -", "   3 w -", "   4 b 1",
                "        ",
            ],
        ),
        line(
            3,
            "3.0",
            &[
                "   4 w 0", "   1 w =", "   2 w 1", "   4 b 0", "   1 b D", "   4 b 1", "   2 b -", "0000 - Z",
                "        ",
            ],
        ),
        line(
            4,
            "3.0",
            &["   3 b 1", "   2 b =", "   1 b -", "   3 w 1", "   2 w =", "   3 w 0", "        ", "   2 w 0"],
        ),
    ]);
    assert!(d.is_empty(), "{d:?}");
    let played = |w| Outcome::Played { white_score: w };
    let unrated = |w| Outcome::PlayedUnrated { white_score: w };
    let forfeit = |w, b| Outcome::Forfeit { white_points: w, black_points: b };
    let bye = |points| Outcome::Bye { points };
    assert_eq!(
        outcomes(&g),
        vec![
            (1, 1, Some(2), played(1.0)),
            (1, 3, Some(4), played(0.0)),
            (2, 2, Some(4), played(0.5)),
            (2, 3, Some(1), played(0.5)),
            (3, 1, Some(4), forfeit(1.0, 0.0)),
            (3, 3, Some(2), played(1.0)),
            (4, 2, Some(1), unrated(0.0)),
            (4, 4, Some(3), played(1.0)),
            (5, 1, Some(3), unrated(0.5)),
            (5, 4, Some(2), played(0.5)),
            (6, 1, None, bye(0.5)),
            (6, 2, None, bye(0.0)),
            (6, 4, Some(3), played(0.0)),
            (7, 1, None, bye(1.0)),
            (7, 2, Some(3), forfeit(0.0, 0.0)),
            (8, 1, None, bye(1.0)),
            (8, 3, None, bye(0.0)),
            (8, 4, Some(2), played(0.0)),
            (9, 1, None, bye(0.0)),
        ]
    );
}

#[test]
fn both_sides_must_agree() {
    let (_, g, d) = read(&[
        line(1, "1.0", &["   2 w 1", "   3 w 1", "   2 w 1", "   9 w 1"]),
        line(2, "1.0", &["   1 b 1", "   3 w 1", "   1 w 0"]),
        line(3, "1.0", &["        ", "   2 b 0"]),
    ]);
    assert!(g.iter().all(|g| g.black.is_none() || g.round.value == 2 && g.white.value == 2), "{:?}", outcomes(&g));
    let found: Vec<(Code, (u32, u32))> = d.iter().map(|d| (d.code, d.location.line.unwrap())).collect();
    assert!(found.contains(&(Code::ResultsDisagree, (2, 99))), "1 against 1: {found:?}");
    assert!(found.contains(&(Code::ResultsDisagree, (1, 102))), "3 does not name 1: {found:?}");
    assert!(found.contains(&(Code::ResultsDisagree, (2, 117))), "both white: {found:?}");
    assert!(found.contains(&(Code::UnknownStartNumber, (1, 122))), "no player 9: {found:?}");
}

#[test]
fn byes_without_a_code_take_the_points_the_file_implies() {
    // The ICU's exports: "0000 -  " and "     -  " with no result code.
    let (_, g, d) = read(&[
        line(1, "2.0", &["0000 -  ", "   2 w 1", "     -  "]),
        line(2, "1.5", &["0000 -  ", "   1 b 0", "0000 - U"]),
        line(3, "0.5", &["     -  ", "     -  ", "     -  "]),
    ]);
    assert!(d.is_empty(), "{d:?}");
    let byes: Vec<(u32, u32, Outcome)> =
        g.iter().filter(|g| g.black.is_none()).map(|g| (g.white.value, g.round.value, g.outcome.value)).collect();
    let bye = |points| Outcome::Bye { points };
    assert!(byes.contains(&(1, 1, bye(0.5))) && byes.contains(&(1, 3, bye(0.5))), "{byes:?}");
    assert!(byes.contains(&(2, 3, bye(1.0))) && byes.contains(&(2, 1, bye(0.5))), "U takes the win: {byes:?}");
    assert!(
        byes.contains(&(3, 1, bye(0.5))) && byes.contains(&(3, 2, bye(0.0))) && byes.contains(&(3, 3, bye(0.0))),
        "{byes:?}"
    );
}

#[test]
fn a_points_column_that_disagrees_is_a_warning_and_the_results_are_rated() {
    let (_, g, d) = read(&[line(1, "2.0", &["   2 w 1"]), line(2, "0.0", &["   1 b 0"])]);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(
        (d[0].severity, d[0].code, d[0].location.line),
        (Severity::Warning, Code::ResultsDisagree, Some((1, 81)))
    );
    assert!(d[0].message.contains("2 points") && d[0].message.contains("add up to 1"), "{}", d[0].message);
    assert!(d[0].hint.as_deref().unwrap().contains("correct the points to 1"), "{:?}", d[0].hint);
    assert_eq!(outcomes(&g), vec![(1, 1, Some(2), Outcome::Played { white_score: 1.0 })]);
    let (_, g, d) = read(&[line(1, "3.0", &["0000 -  "])]);
    assert_eq!(d.len(), 1, "one bye cannot give 3 points: {d:?}");
    assert_eq!(d[0].severity, Severity::Warning);
    assert_eq!(outcomes(&g), vec![(1, 1, None, Outcome::Bye { points: 0.0 })], "a bye without a code gives nothing");
    let (_, _, d) = read(&[line(1, "", &["0000 -  "])]);
    assert!(d.is_empty(), "no points column, nothing to check");
}

#[test]
fn a_team_bye_the_points_column_counts_is_a_warning() {
    // Swiss-Manager's team exports: the team's bye round written "0000 - -"
    // (no game for this player), counted as a point in the points column.
    let (_, g, d) = read(&[line(1, "2.0", &["   2 w 1", "0000 - -"]), line(2, "0.0", &["   1 b 0", "0000 - -"])]);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].severity, d[0].location.line), (Severity::Warning, Some((1, 81))));
    assert!(d[0].message.contains("2 points") && d[0].message.contains("add up to 1"), "{}", d[0].message);
    assert_eq!(
        outcomes(&g),
        vec![
            (1, 1, Some(2), Outcome::Played { white_score: 1.0 }),
            (2, 1, None, Outcome::Bye { points: 0.0 }),
            (2, 2, None, Outcome::Bye { points: 0.0 })
        ]
    );
}

#[test]
fn a_240_record_against_a_game_both_lines_agree_on_is_a_warning() {
    let (_, g, d) = read(&[
        line(1, "1.5", &["   2 w 1", "0000 - H"]),
        line(2, "0.0", &["   1 b 0", "0000 - -"]),
        line(3, "0.5", &["        ", "        "]),
        "240 H   1    1    3".to_string(),
        "240 H   2    2    1".to_string(),
        "240 F   2    9".to_string(),
    ]);
    let found: Vec<(Severity, Code, (u32, u32))> =
        d.iter().map(|d| (d.severity, d.code, d.location.line.unwrap())).collect();
    assert_eq!(
        found,
        vec![
            (Severity::Warning, Code::ResultsDisagree, (4, 11)),
            (Severity::Warning, Code::ResultsDisagree, (5, 11)),
            (Severity::Warning, Code::UnknownStartNumber, (6, 11)),
        ],
        "{d:#?}"
    );
    assert!(d[0].message.contains("a game against No 2 there (\"1\"): the game counts"), "{}", d[0].message);
    assert!(d[1].message.contains("a bye (\"-\") there"), "{}", d[1].message);
    assert_eq!(
        outcomes(&g),
        vec![
            (1, 1, Some(2), Outcome::Played { white_score: 1.0 }),
            (1, 3, None, Outcome::Bye { points: 0.5 }),
            (2, 1, None, Outcome::Bye { points: 0.5 }),
            (2, 2, None, Outcome::Bye { points: 0.0 }),
        ],
        "the game counts; No 3's blank round takes the record's bye; No 1's repeats his line"
    );
}

/// A TRF26 310 team line: number at 5-7, members from position 74, 5 apart.
fn team(no: u32, members: &[u32]) -> String {
    let members: Vec<String> = members.iter().map(|m| format!("{m:>4}")).collect();
    format!(
        "310 {no:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}",
        format!("Team {no}"),
        "T",
        "0",
        "0.0",
        "0.0",
        no,
        members.join(" ")
    )
}

#[test]
fn in_a_team_event_240_records_name_teams() {
    // Team 1 (Nos 1, 2) has a bye in round 2; team 2 (Nos 3, 4) played round 1.
    let (trf, g, d) = read(&[
        line(1, "1.0", &["   3 w 1", "0000 - -"]),
        line(2, "0.5", &["   4 b =", "0000 - -"]),
        line(3, "0.0", &["   1 b 0", "        "]),
        line(4, "0.5", &["   2 w =", "        "]),
        team(1, &[1, 2]),
        team(2, &[3, 4]),
        "240 F   2    1".to_string(),
        "240 H   1    2".to_string(),
        "240 H   1    7".to_string(),
    ]);
    assert_eq!(trf.team_lines.len(), 2);
    assert_eq!(trf.team_lines[1].members, vec![3, 4]);
    let found: Vec<(Severity, (u32, u32))> = d.iter().map(|d| (d.severity, d.location.line.unwrap())).collect();
    assert_eq!(found, vec![(Severity::Warning, (8, 11)), (Severity::Warning, (8, 11)), (Severity::Warning, (9, 11))]);
    assert!(d[0].message.contains("team 2 (line 6)") && d[0].message.contains("member No 3"), "{}", d[0].message);
    assert!(d[1].message.contains("member No 4"), "{}", d[1].message);
    assert!(d[2].message.contains("team 7 has no 310 line"), "{}", d[2].message);
    assert_eq!(g.iter().filter(|g| g.black.is_some()).count(), 2, "both games count");
    assert_eq!(g.iter().filter(|g| g.black.is_none()).count(), 2, "Nos 1 and 2's own 0000 - -, nothing added");
}

#[test]
fn a_round_paired_without_any_result_is_a_warning_and_not_rated() {
    let (_, g, d) = read(&[
        line(1, "1.0", &["   2 w 1", "   3 b  ", "0000 - U"]),
        line(2, "0.0", &["   1 b 0", "   4 w  "]),
        line(3, "0.0", &["   4 w 0", "   1 w  "]),
        line(4, "1.0", &["   3 b 1", "   2 b  "]),
    ]);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!((d[0].severity, d[0].code, d[0].location.line), (Severity::Warning, Code::BadResult, Some((1, 102))));
    assert!(d[0].message.contains("round 2 is paired (2 boards) but has no results"), "{}", d[0].message);
    assert!(g.iter().all(|g| g.round.value != 2), "{:?}", outcomes(&g));
    assert_eq!(g.len(), 3, "round 1's two games and the round-3 bye");
    // One game without a result among games with results stays an error.
    let (_, _, d) = read(&[
        line(1, "1.0", &["   2 w 1", "   3 b  "]),
        line(2, "1.0", &["   1 b 0", "   4 w 1"]),
        line(3, "1.0", &["   4 w 1", "   1 w  "]),
        line(4, "0.0", &["   3 b 0", "   2 b 0"]),
    ]);
    let errors: Vec<(Code, (u32, u32))> =
        d.iter().filter(|d| d.is_error()).map(|d| (d.code, d.location.line.unwrap())).collect();
    assert_eq!(errors, vec![(Code::BadResult, (1, 109))], "{d:#?}");
}

#[test]
fn trf26_scoring_and_bye_records() {
    let mut lines = vec![
        "162 W 3.0    D 1.0    L 0.0".to_string(),
        line(1, "4.0", &["   2 w 1", "        ", "0000 -  "]),
        line(2, "3.0", &["   1 b 0", "0000 - F"]),
    ];
    lines.push("240 H 002    1".to_string());
    let (_, g, d) = read(&lines);
    assert!(d.is_empty(), "{d:?}");
    let byes: Vec<(u32, u32, f64)> = g
        .iter()
        .filter_map(|g| match g.outcome.value {
            Outcome::Bye { points } => Some((g.white.value, g.round.value, points)),
            _ => None,
        })
        .collect();
    assert_eq!(byes, vec![(1, 2, 0.5), (2, 2, 1.0), (1, 3, 0.0)]);
}

#[test]
fn a_bye_placeholder_is_not_a_player() {
    let (_, g, d) = read(&[
        line(1, "2.0", &["   2 w 1", "   3 w +"]),
        line(2, "0.0", &["   1 b 0", "        "]),
        format!("001    3      {:<33}", "spielfrei"),
    ]);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(outcomes(&g)[1], (2, 1, None, Outcome::Bye { points: 1.0 }));
    assert!(is_bye_placeholder("Spielfrei") && is_bye_placeholder(" BYE ") && !is_bye_placeholder("Bye, John"));
}
