//! A federation that keeps a rating list per rate of play (issue 45): the
//! folder `generate --lists` writes, read back by the library; each event
//! sent to its list; each list rated, published and recorded, period after
//! period.

use std::path::{Path, PathBuf};

use ratebook::config::{PeriodConfig, StartFrom};
use ratebook::model::rate_of_play::RateOfPlay;
use ratebook::model::system::SystemName;
use ratebook::model::time_control::TimeControl;

use crate::common::*;

/// Generates a small folder in `dir` with `args` after the common ones.
fn generate(dir: &Path, args: &[&str]) -> (PathBuf, std::process::Output) {
    let data = dir.join("data");
    let mut all = vec!["generate", "--out", data.to_str().unwrap(), "--players", "600", "--events", "60"];
    all.extend(args);
    let run = ratebook(&all);
    (data, run)
}

/// Every report of the folder, each with its time control's rate of play.
fn calendar(data: &Path, config: &PeriodConfig) -> Vec<RateOfPlay> {
    let mut rates = Vec::new();
    for state in std::fs::read_dir(data.join("reports")).unwrap() {
        for report in std::fs::read_dir(state.unwrap().path()).unwrap() {
            let path = report.unwrap().path();
            let (report, _) = ratebook::formats::report::read::read_report(&path, "report.xlsx");
            let text = report.unwrap().event.time_control.unwrap().value;
            rates.push(config.boundaries.rate_of(&TimeControl::parse(&text).unwrap()));
        }
    }
    rates
}

#[test]
fn generate_writes_three_lists_a_calendar_of_three_rates_and_each_lists_columns() {
    let dir = tempfile::tempdir().unwrap();
    let (data, run) = generate(dir.path(), &["--system", "fide", "--lists", "standard,rapid,blitz"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let config = PeriodConfig::parse(&std::fs::read_to_string(data.join("period.toml")).unwrap()).unwrap();
    let names: Vec<&str> = config.rating_lists.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["standard", "rapid", "blitz"]);
    assert!(config.rating_lists.iter().all(|l| l.system == SystemName::Fide));
    assert_eq!(config.rating_lists[1].start_from, Some(StartFrom::List("standard".into())));
    assert_eq!(config.other_lists(), ["rapid", "blitz"]);

    // About a fifth of the events rapid and a tenth blitz.
    let rates = calendar(&data, &config);
    let share = |rate| rates.iter().filter(|r| **r == rate).count() * 100 / rates.len();
    assert_eq!(rates.len(), 60);
    assert!((17..=23).contains(&share(RateOfPlay::Rapid)), "rapid {}%", share(RateOfPlay::Rapid));
    assert!((8..=12).contains(&share(RateOfPlay::Blitz)), "blitz {}%", share(RateOfPlay::Blitz));

    // The player file holds each list's columns, FIDE's K and Pool among them.
    let bytes = std::fs::read(data.join("players.xlsx")).unwrap();
    let (file, findings) = ratebook::formats::player_file::read_player_file_bytes_with_lists(
        &bytes,
        "players.xlsx",
        &config.other_lists(),
    );
    assert!(findings.iter().all(|d| !d.is_error()), "{findings:#?}");
    let lists: Vec<(&str, Vec<&str>)> =
        file.lists.iter().map(|l| (l.name.as_str(), l.extra_columns.iter().map(String::as_str).collect())).collect();
    assert_eq!(lists, [("rapid", vec!["K", "Pool"]), ("blitz", vec!["K", "Pool"])]);
    let rated = |k: usize| file.players.iter().filter(|p| p.lists[k].status.is_rated()).count();
    let standard = file.players.iter().filter(|p| p.status.is_rated()).count();
    assert!(rated(0) * 100 / standard > 35 && rated(0) * 100 / standard < 75, "rapid {} of {standard}", rated(0));
    assert!(rated(1) < rated(0), "fewer blitz ratings than rapid ones");
    assert!(
        file.players.iter().all(|p| p.lists[0].rating.is_none_or(|r| r >= 1400.0)),
        "FIDE's floor on the rapid list"
    );
}

/// The record's rows of `sql` (each row's columns joined by `|`).
fn rows(record: &Path, sql: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(record).unwrap();
    let mut stmt = conn.prepare(sql).unwrap();
    let n = stmt.column_count();
    let rows = stmt
        .query_map([], |r| {
            let cells: Vec<String> = (0..n)
                .map(|i| match r.get_ref(i).unwrap() {
                    rusqlite::types::ValueRef::Null => "NULL".to_string(),
                    rusqlite::types::ValueRef::Integer(v) => v.to_string(),
                    rusqlite::types::ValueRef::Real(v) => v.to_string(),
                    rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                    rusqlite::types::ValueRef::Blob(b) => format!("{} bytes", b.len()),
                })
                .collect();
            Ok(cells.join("|"))
        })
        .unwrap();
    rows.map(Result::unwrap).collect()
}

/// Every row of every table of the record, in order: what "unchanged"
/// compares (a revision's output folder aside: publishing it again into
/// another folder says where it is).
fn dump(record: &Path) -> Vec<String> {
    let tables = rows(record, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    let select = |t: &str| match t {
        "revision" => {
            "SELECT 'revision', id, period, revision, inputs_sha256, outputs_sha256, state FROM revision".into()
        }
        t => format!("SELECT '{t}', * FROM \"{t}\""),
    };
    let mut all: Vec<String> = tables.iter().flat_map(|t| rows(record, &select(t))).collect();
    all.sort();
    all
}

/// A FIDE federation with three lists over `periods` periods, published
/// and recorded by `generate`.
fn three_lists(dir: &Path, periods: &str) -> PathBuf {
    let (data, run) = generate(dir, &["--system", "fide", "--lists", "standard,rapid,blitz", "--periods", periods]);
    assert!(run.status.success(), "{}", stderr(&run));
    data
}

#[test]
fn three_lists_are_rated_published_and_recorded_period_after_period() {
    let dir = tempfile::tempdir().unwrap();
    let data = three_lists(dir.path(), "3");
    let record = data.join("record.sqlite");
    assert_eq!(rows(&record, "SELECT period FROM periods").len(), 3);
    // Each period keeps its two other lists, each player's line on each.
    let kept = rows(
        &record,
        "SELECT r.period, l.list, COUNT(*) = (SELECT COUNT(*) FROM player_line p WHERE p.revision_id = r.id),
                SUM(l.games_period) > 0
         FROM list_line l JOIN revision r ON r.id = l.revision_id GROUP BY r.id, l.list ORDER BY r.id, l.list",
    );
    assert_eq!(kept.len(), 6, "{kept:?}");
    assert!(kept.iter().all(|row| row.ends_with("|1|1")), "every player on each list, games on each: {kept:?}");
    // Every rated event is on its list, and each list's games are its players' games.
    let lists = rows(&record, "SELECT DISTINCT list FROM event_line WHERE disposition IN ('rated', 'late') ORDER BY 1");
    assert_eq!(lists, ["blitz", "rapid", "standard"]);
    // No player's games on a list are more than his games in that list's events.
    let played = "WITH r AS (SELECT id FROM revision WHERE period = 'August 1995'),
         played AS (SELECT COALESCE(e.list, 'standard') AS list, p.id AS player, COUNT(*) AS games
                     FROM game_line g JOIN r ON r.id = g.revision_id
                     JOIN event_line e ON e.revision_id = g.revision_id AND e.code = g.event
                     JOIN (SELECT white_id AS id FROM game_line UNION SELECT black_id FROM game_line) p
                       ON p.id IN (g.white_id, g.black_id)
                     GROUP BY 1, 2),
         lines AS (SELECT list, player_id, games_period FROM list_line WHERE revision_id IN (SELECT id FROM r)
                   UNION ALL SELECT 'standard', player_id, games_period FROM player_line
                   WHERE revision_id IN (SELECT id FROM r))
         SELECT l.list, SUM(l.games_period > COALESCE(p.games, 0)), SUM(l.games_period > 0)
         FROM lines l LEFT JOIN played p ON p.list = l.list AND p.player = l.player_id
         GROUP BY l.list ORDER BY 1";
    let each = rows(&record, played);
    assert_eq!(each.len(), 3, "{each:?}");
    for list in &each {
        let cells: Vec<&str> = list.split('|').collect();
        assert_eq!(cells[1], "0", "a player's games on {} are games of its events: {each:?}", cells[0]);
        assert!(cells[2].parse::<u32>().unwrap() > 20, "players with games on {}: {each:?}", cells[0]);
    }

    // The last period published again: the record unchanged.
    let before = dump(&record);
    let out = dir.path().join("out");
    let run = ratebook(&["period", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(stderr(&run).contains("the record is unchanged"), "{}", stderr(&run));
    assert!(stderr(&run).contains(" standard, "), "the events rated on each list: {}", stderr(&run));
    let after = dump(&record);
    let changed: Vec<&String> = after.iter().filter(|row| !before.contains(row)).take(5).collect();
    assert!(after.len() == before.len() && changed.is_empty(), "the record is unchanged: {changed:?}");

    // The next player file carries each list as rated: a rapid player's line is his file's row.
    let config = PeriodConfig::parse(&std::fs::read_to_string(data.join("period.toml")).unwrap()).unwrap();
    let bytes = std::fs::read(out.join("players.xlsx")).unwrap();
    let (file, findings) = ratebook::formats::player_file::read_player_file_bytes_with_lists(
        &bytes,
        "players.xlsx",
        &config.other_lists(),
    );
    assert!(findings.iter().all(|d| !d.is_error()), "{findings:#?}");
    let lines = rows(
        &record,
        "SELECT l.player_id, l.rating, l.games_total FROM list_line l JOIN current_revision c ON c.id = l.revision_id
         WHERE c.period = 'August 1995' AND l.list = 'rapid' AND l.games_period > 0 AND l.status <> 'removed'",
    );
    assert!(lines.len() > 50, "{} rapid players this period", lines.len());
    for line in &lines {
        let cells: Vec<&str> = line.split('|').collect();
        let id: u32 = cells[0].parse().unwrap();
        let p = file.players.iter().find(|p| p.id == id).unwrap_or_else(|| panic!("{id} in the file"));
        let rating: Option<f64> = cells[1].parse().ok();
        let same = match (p.lists[0].rating, rating) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-6,
            (a, b) => a.is_none() && b.is_none(),
        };
        assert!(same, "{id}'s rapid rating: {:?} in the file, {rating:?} recorded", p.lists[0].rating);
        assert_eq!(p.lists[0].games.to_string(), cells[2], "{id}'s rapid games");
    }
}

#[test]
fn a_newcomer_to_the_rapid_list_starts_from_his_standard_rating_only_by_playing_there() {
    let dir = tempfile::tempdir().unwrap();
    let data = three_lists(dir.path(), "2");
    let record = data.join("record.sqlite");
    // Rated on the standard list and not on the rapid one after August 1993.
    let newcomers = |played: &str| -> u32 {
        let sql = format!(
            "SELECT COUNT(*) FROM list_line l JOIN revision r ON r.id = l.revision_id AND r.period = 'August 1994'
             JOIN list_line b ON b.player_id = l.player_id AND b.list = 'rapid'
             JOIN revision rb ON rb.id = b.revision_id AND rb.period = 'August 1993'
             JOIN player_line pb ON pb.revision_id = rb.id AND pb.player_id = l.player_id
             WHERE l.list = 'rapid' AND l.games_period {played} AND b.status NOT IN ('provisional', 'confirmed')
               AND pb.status IN ('provisional', 'confirmed') AND l.status IN ('provisional', 'confirmed')"
        );
        rows(&record, &sql)[0].parse().unwrap()
    };
    assert_eq!(newcomers("= 0"), 0, "no rapid rating for one who played no rapid game");
    assert!(newcomers("> 0") > 0, "standard-rated newcomers to the rapid list are rated there (FIDE's 7.2.1)");
}

#[test]
fn the_lists_on_the_command_line_are_rates_of_play_with_standard_among_them() {
    let dir = tempfile::tempdir().unwrap();
    let (_, run) = generate(dir.path(), &["--lists", "standard,bullet"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("\"bullet\" is no rate of play"), "{}", stderr(&run));
    let (_, run) = generate(dir.path(), &["--lists", "rapid,blitz"]);
    assert!(!run.status.success());
    assert!(stderr(&run).contains("--lists names no standard list"), "{}", stderr(&run));
}

#[test]
fn standard_alone_is_the_folder_without_lists() {
    let dir = tempfile::tempdir().unwrap();
    let (one, run) = generate(&dir.path().join("one"), &[]);
    assert!(run.status.success(), "{}", stderr(&run));
    let (standard, run) = generate(&dir.path().join("standard"), &["--lists", "standard"]);
    assert!(run.status.success(), "{}", stderr(&run));
    for file in ["period.toml", "players.xlsx", "reports/V/V93001.xlsx"] {
        assert_eq!(std::fs::read(one.join(file)).unwrap(), std::fs::read(standard.join(file)).unwrap(), "{file}");
    }
}

#[test]
fn check_says_each_events_list_and_does_not_rate_a_rate_no_list_takes() {
    let dir = tempfile::tempdir().unwrap();
    let (data, run) = generate(dir.path(), &["--lists", "standard,rapid,blitz"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let settings = data.join("period.toml");
    let toml = std::fs::read_to_string(&settings).unwrap();
    let blitz = toml.find("[rating_lists.blitz]").expect("a blitz list");
    let rest = &toml[blitz + 1..];
    let end = rest.find("\n[").map_or(toml.len(), |e| blitz + 1 + e + 1);
    std::fs::write(&settings, format!("{}{}", &toml[..blitz], &toml[end..])).unwrap();
    let config = PeriodConfig::read(&std::fs::read_to_string(&settings).unwrap()).unwrap();
    assert_eq!(config.rating_lists.len(), 2);
    let rates = calendar(&data, &config);
    let count = |r: RateOfPlay| rates.iter().filter(|&&x| x == r).count();
    assert!(count(RateOfPlay::Blitz) > 0 && count(RateOfPlay::Rapid) > 0, "{rates:?}");
    let run = ratebook(&["check", "--data", data.to_str().unwrap()]);
    let said = findings(&run);
    let lines = |text: &str| said.lines().filter(|l| l.contains("note[") && l.contains(text)).count();
    assert_eq!(lines("the rapid list"), count(RateOfPlay::Rapid), "{said}");
    assert_eq!(lines("the standard list"), count(RateOfPlay::Standard), "{said}");
    assert_eq!(
        lines("not rated: a blitz event, and the federation keeps no blitz list"),
        count(RateOfPlay::Blitz),
        "{said}"
    );
    assert!(said.contains("sheet Event, cell B7: rapid ("), "at the time-control cell: {said}");
    assert!(said.contains("more than 10 minutes and less than 60 minutes for 60 moves): the rapid list"), "{said}");
}

/// Copies the workbook `from` to `to` with every `was` in its XML made `now`.
fn workbook_with(from: &Path, to: &Path, was: &str, now: &str) {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(from).unwrap()).unwrap();
    let mut out = zip::ZipWriter::new(std::fs::File::create(to).unwrap());
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let mut replaced = 0;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let name = entry.name().unwrap().to_string();
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
        if name.ends_with(".xml") {
            let text = String::from_utf8(bytes).unwrap();
            replaced += text.matches(was).count();
            bytes = text.replace(was, now).into_bytes();
        }
        out.start_file(name, stored).unwrap();
        std::io::Write::write_all(&mut out, &bytes).unwrap();
    }
    out.finish().unwrap();
    assert!(replaced > 0, "{was} in {}", from.display());
}

/// The report of `code` in the data folder, and its time control as written.
fn report_of(data: &Path, code: &str) -> (PathBuf, String) {
    let state = &code[..1];
    let path = data.join("reports").join(state).join(format!("{code}.xlsx"));
    let (report, _) = ratebook::formats::report::read::read_report(&path, "report.xlsx");
    (path, report.unwrap().event.time_control.unwrap().value)
}

#[test]
fn a_correction_that_makes_a_rapid_event_standard_rerates_both_lists() {
    let dir = tempfile::tempdir().unwrap();
    let data = three_lists(dir.path(), "2");
    let record = data.join("record.sqlite");
    let rapid = rows(
        &record,
        "SELECT e.code FROM event_line e JOIN current_revision c ON c.id = e.revision_id
         WHERE c.period = 'August 1994' AND e.list = 'rapid' AND e.disposition = 'rated' ORDER BY e.code LIMIT 1",
    );
    let code = &rapid[0];
    let (path, time_control) = report_of(&data, code);
    let corrected = dir.path().join(format!("{code}.xlsx"));
    workbook_with(&path, &corrected, &format!(">{time_control}<"), ">5400+30<");
    // Each list's games of the event's players, before.
    let games = |list: &str| -> u32 {
        let lines = if list == "standard" { "player_line" } else { "list_line" };
        let on = if list == "standard" { String::new() } else { format!("AND l.list = '{list}'") };
        let sql = format!(
            "SELECT COALESCE(SUM(l.games_period), 0) FROM {lines} l JOIN current_revision c ON c.id = l.revision_id
             WHERE c.period = 'August 1994' {on} AND l.player_id IN
               (SELECT white_id FROM games WHERE period = 'August 1994' AND event = '{code}'
                UNION SELECT black_id FROM games WHERE period = 'August 1994' AND event = '{code}')"
        );
        rows(&record, &sql)[0].parse().unwrap()
    };
    let (standard, rapid) = (games("standard"), games("rapid"));

    let out = dir.path().join("out");
    let run = ratebook(&[
        "rerate",
        "--from",
        "August 1994",
        "--add",
        corrected.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let list = rows(
        &record,
        &format!(
            "SELECT e.list FROM event_line e JOIN current_revision c ON c.id = e.revision_id
             WHERE c.period = 'August 1994' AND e.code = '{code}'"
        ),
    );
    assert_eq!(list, ["standard"], "{code} is on the standard list now");
    let moved = rows(&record, &format!("SELECT COUNT(*) FROM games WHERE period = 'August 1994' AND event = '{code}'"));
    let moved: u32 = moved[0].parse().unwrap();
    assert!(moved > 0);
    assert!(games("rapid") < rapid, "the rapid list re-rated without {code}: {} < {rapid}", games("rapid"));
    assert!(games("standard") > standard, "the standard list re-rated with it: {} > {standard}", games("standard"));
    // The corrected latest period is published with both lists re-rated.
    assert!(out.join("players.xlsx").is_file() && out.join("booklet.pdf").is_file());
}

#[test]
fn fide_rates_blitz_of_more_than_three_minutes_only() {
    let dir = tempfile::tempdir().unwrap();
    let (data, run) = generate(dir.path(), &["--system", "fide", "--lists", "standard,rapid,blitz"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let config = PeriodConfig::parse(&std::fs::read_to_string(data.join("period.toml")).unwrap()).unwrap();
    // A blitz report at 3 minutes a player, and one at 3 minutes and 2 seconds a move.
    let mut blitz = Vec::new();
    for state in std::fs::read_dir(data.join("reports")).unwrap() {
        for report in std::fs::read_dir(state.unwrap().path()).unwrap() {
            let path = report.unwrap().path();
            let code = path.file_stem().unwrap().to_string_lossy().to_string();
            let (_, tc) = report_of(&data, &code);
            if config.boundaries.rate_of(&TimeControl::parse(&tc).unwrap()) == RateOfPlay::Blitz {
                blitz.push((path, tc));
            }
        }
    }
    assert!(blitz.len() >= 2, "{blitz:?}");
    let (three, tc) = &blitz[0];
    let copy = dir.path().join("three.xlsx");
    workbook_with(three, &copy, &format!(">{tc}<"), ">180<");
    std::fs::copy(&copy, three).unwrap();
    let (increment, tc) = &blitz[1];
    workbook_with(increment, &copy, &format!(">{tc}<"), ">180+2<");
    std::fs::copy(&copy, increment).unwrap();
    let run = ratebook(&["check", "--data", data.to_str().unwrap()]);
    let said = findings(&run);
    let code = |path: &Path| path.file_stem().unwrap().to_string_lossy().to_string();
    let line = |path: &Path| {
        let file = format!("{}.xlsx", code(path));
        let at = said.find(&file).unwrap_or_else(|| panic!("{file} in {said}"));
        said[at..].lines().take(6).collect::<Vec<_>>().join("\n")
    };
    assert!(
        line(three)
            .contains("not rated: time control 180: FIDE rates blitz play with more than 3 and at most 10 minutes"),
        "{}",
        line(three)
    );
    assert!(line(increment).contains(": the blitz list"), "{}", line(increment));
}

#[test]
fn withdrawing_a_rapid_event_rerates_the_rapid_list_alone_through_the_later_periods() {
    let dir = tempfile::tempdir().unwrap();
    let data = three_lists(dir.path(), "2");
    let record = data.join("record.sqlite");
    let code = rows(
        &record,
        "SELECT e.code FROM event_line e JOIN current_revision c ON c.id = e.revision_id
         WHERE c.period = 'August 1993' AND e.list = 'rapid' AND e.disposition = 'rated' ORDER BY e.code LIMIT 1",
    )
    .remove(0);
    let lines = |table: &str| {
        rows(
            &record,
            &format!(
                "SELECT c.period, l.* FROM {table} l JOIN current_revision c ON c.id = l.revision_id
                 WHERE c.period = 'August 1994' ORDER BY l.player_id"
            ),
        )
        .into_iter()
        .map(|row| row.split('|').skip(2).collect::<Vec<_>>().join("|"))
        .collect::<Vec<_>>()
    };
    let (standard, others) = (lines("player_line"), lines("list_line"));
    let out = dir.path().join("out");
    let args = ["rerate", "--from", "August 1993", "--withdraw", &code, "--data", data.to_str().unwrap()];
    let run = ratebook(&[&args[..], &["--out", out.to_str().unwrap()]].concat());
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(rows(&record, "SELECT COUNT(*) FROM periods WHERE current = 1 AND revision = 2"), ["2"]);
    assert_eq!(lines("player_line"), standard, "the standard list does not move for a rapid event");
    let after = lines("list_line");
    let changed = after.iter().filter(|l| !others.contains(l)).count();
    assert!(changed > 0, "August 1994's rapid list re-rated from August 1993's corrected one");
    let blitz_changed = after.iter().filter(|l| l.starts_with("blitz|") && !others.contains(l)).count();
    assert_eq!(blitz_changed, 0, "nor does the blitz list");
    // The event's players idle on the rapid list in August 1994 carry their corrected rating into it.
    let carried = rows(
        &record,
        &format!(
            "SELECT a.rating = b.rating, a.rating <> o.rating
             FROM list_line a JOIN current_revision ca ON ca.id = a.revision_id AND ca.period = 'August 1993'
             JOIN list_line b ON b.player_id = a.player_id AND b.list = 'rapid'
             JOIN current_revision cb ON cb.id = b.revision_id AND cb.period = 'August 1994'
             JOIN list_line o ON o.player_id = a.player_id AND o.list = 'rapid'
             JOIN revision ro ON ro.id = o.revision_id AND ro.period = 'August 1993' AND ro.revision = 1
             WHERE a.list = 'rapid' AND b.games_period = 0 AND a.rating IS NOT NULL AND a.player_id IN
               (SELECT g.white_id FROM game_line g WHERE g.revision_id = ro.id AND g.event = '{code}'
                UNION SELECT g.black_id FROM game_line g WHERE g.revision_id = ro.id AND g.event = '{code}')"
        ),
    );
    assert!(carried.iter().all(|r| r.starts_with("1|")), "{carried:?}");
    assert!(carried.iter().any(|r| r == "1|1"), "one at least whose rating the correction moved: {carried:?}");
    // The errata say so, list by list: rapid lines, no standard or blitz ones.
    let errata = sheet_rows(&out.join("errata").join("errata.xlsx"), "Errata");
    let periods: Vec<&str> = errata.iter().skip(1).map(|row| row[0].as_str()).collect();
    assert!(periods.contains(&"August 1993, rapid list"), "{periods:?}");
    assert!(periods.iter().all(|p| p.ends_with(", rapid list")), "{periods:?}");
    let pdf = std::process::Command::new("pdftotext").arg(out.join("errata").join("errata.pdf")).arg("-").output();
    match pdf {
        Ok(pdf) => {
            assert!(String::from_utf8_lossy(&pdf.stdout).contains("August 1993, rapid list:"), "the PDF's section")
        }
        Err(_) if std::env::var_os("CI").is_some() => panic!("pdftotext is needed (apt-get install poppler-utils)"),
        Err(_) => eprintln!("NOTE: errata.pdf not read: no pdftotext (apt-get install poppler-utils)"),
    }
}
