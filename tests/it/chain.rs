//! `ratebook generate --periods K`: a chain of consecutive periods, each
//! generated from the player file the one before published and recorded in
//! the data folder's record.

use std::path::Path;

use crate::common::{ratebook, stderr};
use ratebook::formats::player_file::read_player_file;
use ratebook::model::PlayerFile;
use ratebook::record::Record;

/// Generates `periods` periods of the small chain into `dir`.
fn generate(dir: &Path, periods: u32) {
    let o = ratebook(&[
        "generate",
        "--out",
        &dir.display().to_string(),
        "--players",
        "200",
        "--events",
        "12",
        "--seed",
        "7",
        "--periods",
        &periods.to_string(),
    ]);
    assert!(o.status.success(), "generate failed:\n{}", stderr(&o));
}

/// Reads a player file from bytes.
fn player_file(bytes: &[u8], dir: &Path) -> PlayerFile {
    let path = dir.join("players-read.xlsx");
    std::fs::write(&path, bytes).unwrap();
    let (file, diagnostics) = read_player_file(&path, "players.xlsx");
    assert!(diagnostics.iter().all(|d| d.severity != ratebook::diag::Severity::Error), "{diagnostics:?}");
    file
}

#[test]
fn chain_of_three_periods_is_recorded_each_from_the_file_the_one_before_published() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    generate(&data, 3);

    let record = Record::open(&data.join("record.sqlite"), ratebook::record::Access::Read).unwrap();
    let rows: Vec<(String, String, String)> = {
        let mut stmt =
            record.connection().prepare("SELECT period, published, \"end\" FROM periods ORDER BY \"end\"").unwrap();
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap();
        rows.collect::<Result<_, _>>().unwrap()
    };
    let expected: Vec<(String, String, String)> =
        (1993..=1995).map(|y| (format!("August {y}"), format!("{y}-08-01"), format!("{y}-07-31"))).collect();
    assert_eq!(rows, expected);

    // The folder keeps the last period's inputs, which the record holds unchanged.
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    assert!(toml.contains("\"August 1995\""), "{toml}");
    let out = root.path().join("out");
    let o = ratebook(&["period", "--data", &data.display().to_string(), "--out", &out.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("August 1995 was recorded already, from these very input files"), "{}", stderr(&o));

    // Period 2's player file is the one publishing period 1 wrote: publish
    // period 1 again on its own (`--periods 1` writes the chain's first folder).
    let first = root.path().join("first");
    generate(&first, 1);
    let first_out = root.path().join("first-out");
    let o = ratebook(&["period", "--data", &first.display().to_string(), "--out", &first_out.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let published = player_file(&std::fs::read(first_out.join("players.xlsx")).unwrap(), &first);
    let periods = record.periods().unwrap();
    assert_eq!(periods.len(), 3);
    let inputs = record.input_files(periods[1].id).unwrap();
    let (_, second) = inputs.iter().find(|(path, _)| path == "players.xlsx").expect("period 2's player file recorded");
    assert_eq!(player_file(second, root.path()), published);
    let first_inputs = record.input_files(periods[0].id).unwrap();
    let (_, first_file) = first_inputs.iter().find(|(path, _)| path == "players.xlsx").unwrap();
    assert_eq!(first_file, &std::fs::read(first.join("players.xlsx")).unwrap(), "period 1 is the plain folder");

    // An active player: rated in every period, with games in the later ones.
    let id: u32 = record
        .connection()
        .query_row(
            "SELECT player_id FROM ratings WHERE games_period > 0 AND change IS NOT NULL AND change <> 0
             GROUP BY player_id HAVING COUNT(*) = 2 ORDER BY player_id LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let o = ratebook(&["history", &id.to_string(), "--data", &data.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("August 199")).collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (line, year) in lines.iter().zip(1993..) {
        assert!(line.starts_with(&format!("August {year}")), "{text}");
    }
    let changes: Vec<&str> = lines.iter().map(|l| l.split_whitespace().nth(4).unwrap_or("")).collect();
    assert!(changes[1..].iter().all(|c| c.starts_with('+') || c.starts_with('-')), "{text}");
    assert!(changes[1..].iter().any(|c| *c != "+0" && *c != "-0"), "{text}");
}

#[test]
fn chain_is_regenerated_whole() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    generate(&data, 2);
    generate(&data, 2);
    let record = Record::open(&data.join("record.sqlite"), ratebook::record::Access::Read).unwrap();
    let periods: Vec<(String, i64)> = record.periods().unwrap().into_iter().map(|p| (p.period, p.revision)).collect();
    assert_eq!(periods, [("August 1993".to_string(), 1), ("August 1994".to_string(), 1)]);
}

/// An event code names one event across the chain: a later period's events
/// of a year an earlier period numbered go on from its numbers (the sample
/// once gave August 1994's events of late 1993 the codes V93001… that
/// August 1993 had rated, which the record then refused as rated twice).
#[test]
fn a_chains_event_codes_each_name_one_event() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let o = ratebook(&[
        "generate",
        "--out",
        &data.display().to_string(),
        "--players",
        "3000",
        "--events",
        "150",
        "--seed",
        "1993",
        "--periods",
        "2",
    ]);
    assert!(o.status.success(), "generate failed:\n{}", stderr(&o));
    let record = Record::open(&data.join("record.sqlite"), ratebook::record::Access::Read).unwrap();
    let mut stmt = record
        .connection()
        .prepare("SELECT code, group_concat(period, ' and ') FROM events GROUP BY code HAVING COUNT(*) > 1")
        .unwrap();
    let twice: Vec<(String, String)> =
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<Result<_, _>>().unwrap();
    assert!(twice.is_empty(), "codes given to two events: {twice:?}");
    let late: i64 = record
        .connection()
        .query_row("SELECT COUNT(*) FROM events WHERE period = 'August 1994' AND code LIKE '_93%'", [], |r| r.get(0))
        .unwrap();
    assert!(late > 0, "the second period has events of 1993, numbered after the first period's");
}
