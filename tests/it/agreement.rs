//! One figure, one number: the change, the games rated and This Period's
//! counts as every output prints them (the booklet, ratings.xlsx,
//! players.xlsx, the site, `statistics.json`, `stats` and the record).

use std::path::Path;

use crate::common::{column, ratebook, read_players, sheet_rows, stderr};
use crate::record::query;

/// Runs ratebook and insists it succeeded.
fn ok(args: &[&str]) -> String {
    let o = ratebook(args);
    assert!(o.status.success(), "{args:?} failed:\n{}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Generates `periods` small periods into `data`.
fn generate(data: &Path, periods: u32) {
    let data = data.display().to_string();
    ok(&[
        "generate",
        "--out",
        &data,
        "--players",
        "400",
        "--events",
        "16",
        "--seed",
        "37",
        "--periods",
        &periods.to_string(),
    ]);
}

/// A This Period row's count in ratings.xlsx.
fn this_period(ratings: &Path, what: &str) -> u64 {
    let sheet = sheet_rows(ratings, "This Period");
    let row = sheet.iter().find(|r| r[0] == what).unwrap_or_else(|| panic!("no row {what}: {sheet:?}"));
    row[1].parse().unwrap()
}

#[test]
fn the_change_is_taken_against_the_record_in_every_output() {
    let dir = tempfile::tempdir().unwrap();
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    generate(&data, 2);
    // The officer edits a rating in the player file the record's last
    // period started from: the record published another one the period
    // before. Every output takes the change against the record's.
    let config = ratebook::ingest::DataFolder::open(&data).unwrap().config;
    let path = data.join("players.xlsx");
    let mut file = read_players(&path);
    let p = file
        .players
        .iter_mut()
        .find(|p| p.status == ratebook::model::Status::Confirmed && p.last_played >= Some(config.active_since))
        .expect("a confirmed active player");
    let id = p.id;
    *p.rating.as_mut().unwrap() += 100.0;
    ratebook::formats::player_file::write_player_file(
        &path,
        &file,
        chrono::NaiveDate::from_ymd_opt(1994, 8, 1).unwrap(),
    )
    .unwrap();
    ok(&["period", "--data", &data.display().to_string(), "--out", &out.display().to_string(), "--revise"]);

    let record = data.join("record.sqlite");
    let line = |period: &str| {
        query(&record, &format!("SELECT rating, change FROM ratings WHERE period = '{period}' AND player_id = {id}"))
    };
    let (before, now) = (line("August 1993"), line("August 1994"));
    let round = |t: &str| (t.parse::<f64>().unwrap() + 0.5).floor();
    let expected = round(&now[0][0]) - round(&before[0][0]);
    assert_eq!(now[0][1].parse::<f64>().unwrap(), expected, "the record's change is against its August 1993 line");

    // players.xlsx and ratings.xlsx (his state's sheet) print the same change.
    let next = sheet_rows(&out.join("players.xlsx"), "Players");
    let row = next.iter().find(|r| r[0] == id.to_string()).unwrap();
    assert_eq!(row[column(&next, "Change")].parse::<f64>().unwrap(), expected, "players.xlsx");
    let state = config.state_name(&row[column(&next, "State")]).unwrap();
    let sheet = sheet_rows(&out.join("ratings.xlsx"), state);
    let row = sheet.iter().find(|r| r[column(&sheet, "ID")] == id.to_string()).expect("listed on his state's sheet");
    assert_eq!(row[column(&sheet, "Change")].parse::<f64>().unwrap(), expected, "ratings.xlsx");
    // His page on the site.
    let page = std::fs::read_to_string(out.join("site/players").join(format!("{id}.html"))).unwrap();
    let said = if expected > 0.0 { format!("+{expected}") } else { format!("{expected}") };
    assert!(page.contains(&format!("{said} since the last list")), "the site says {said}");
}

#[test]
fn the_games_rated_and_this_periods_counts_agree_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    generate(&data, 2);
    ok(&["period", "--data", &data.display().to_string(), "--out", &out.display().to_string()]);
    let ratings = out.join("ratings.xlsx");

    // The games rated: the games played in the events rated, one line each
    // in the record, on the cover and in About, in This Period, in Trends
    // and in `stats`.
    let recorded: u64 = query(&data.join("record.sqlite"), "SELECT COUNT(*) FROM games WHERE period = 'August 1994'")
        [0][0]
        .parse()
        .unwrap();
    let booklet = ratebook::commands::booklet_data(&data).unwrap();
    assert_eq!(booklet.totals.games_rated as u64, recorded, "the booklet's cover and About");
    assert_eq!(this_period(&ratings, "Games rated"), recorded, "This Period");
    let trends = sheet_rows(&ratings, "Trends");
    let last = trends.last().unwrap();
    assert_eq!(last[column(&trends, "Games rated")].parse::<u64>().unwrap(), recorded, "Trends");
    let stats = ok(&["stats", "--data", &data.display().to_string()]);
    let line = stats.lines().find(|l| l.starts_with("August 1994")).unwrap();
    assert!(line.split_whitespace().any(|w| w == recorded.to_string()), "stats: {line}");

    // This Period's changes are the listed players' (the heading counts them).
    let listed = this_period(&ratings, "Listed");
    let sheet = sheet_rows(&ratings, "This Period");
    let changes: u64 =
        sheet.iter().filter(|r| r[0].starts_with("Rating changes")).map(|r| r[1].parse::<u64>().unwrap()).sum();
    assert!(changes <= listed, "{changes} changes counted among {listed} listed players");
    let with_change = sheet_rows(&out.join("players.xlsx"), "Players");
    let at = column(&with_change, "Change");
    assert!(changes < (with_change.len() - 1) as u64, "not the whole player file's: {}", with_change.len());
    assert!(with_change[1..].iter().filter(|r| !r[at].is_empty()).count() as u64 >= changes);
}

#[test]
fn this_periods_counts_are_the_lists_counted_again_and_every_output_prints_them() {
    let dir = tempfile::tempdir().unwrap();
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    generate(&data, 2);
    ok(&["period", "--data", &data.display().to_string(), "--out", &out.display().to_string()]);
    let config = ratebook::ingest::DataFolder::open(&data).unwrap().config;
    let ratings = out.join("ratings.xlsx");

    // The listed players: every state's sheet of ratings.xlsx, one row each.
    let listed: Vec<Vec<String>> = config
        .states
        .iter()
        .flat_map(|(_, name)| {
            let sheet = sheet_rows(&ratings, name);
            let at = column(&sheet, "Change");
            sheet[1..].iter().map(|r| vec![r[column(&sheet, "ID")].clone(), r[at].clone()]).collect::<Vec<_>>()
        })
        .collect();
    assert!(listed.len() > 100, "a list to count: {}", listed.len());
    assert_eq!(this_period(&ratings, "Listed"), listed.len() as u64, "This Period's Listed");
    let booklet = ratebook::commands::booklet_data(&data).unwrap();
    assert_eq!(booklet.totals.active_players as u64, listed.len() as u64, "the cover's and About's active players");
    let index = std::fs::read_to_string(out.join("site/index.html")).unwrap();
    assert_eq!(index.matches("<td><a href=\"players/").count(), listed.len(), "the site's index lists them");

    // Each band of rating changes counts the listed players whose printed
    // change (in the lists' Change column) falls in it, and only them.
    let changes: Vec<i64> = listed.iter().filter(|r| !r[1].is_empty()).map(|r| r[1].parse().unwrap()).collect();
    let sheet = sheet_rows(&ratings, "This Period");
    let mut counted = 0;
    for row in sheet.iter().filter(|r| r[0].starts_with("Rating changes")) {
        let band = row[0].rsplit(' ').next().unwrap();
        let (lo, hi) = match band.split_once('–') {
            Some((lo, hi)) => (lo.parse::<i64>().unwrap(), hi.parse::<i64>().unwrap()),
            None if row[0].contains(" over ") => (band.parse::<i64>().unwrap() + 1, i64::MAX),
            None => (band.parse().unwrap(), band.parse().unwrap()),
        };
        let expected = changes.iter().filter(|c| (lo..=hi).contains(&c.abs())).count();
        assert_eq!(row[1], expected.to_string(), "{}", row[0]);
        counted += expected;
    }
    assert_eq!(counted, changes.len(), "the bands cover every listed player with a change");

    // Removed by maintenance: the rows of removed.xlsx.
    let removed = sheet_rows(&out.join("removed.xlsx"), "Players");
    assert_eq!(this_period(&ratings, "Removed by maintenance"), (removed.len() - 1) as u64);
    // A removed player's page draws the rating its caption and table print
    // for this period: the chart's last point stands at its right edge.
    let id_at = column(&removed, "ID");
    let mut charts = 0;
    for row in &removed[1..] {
        let page = std::fs::read_to_string(out.join(format!("site/players/{}.html", row[id_at]))).unwrap();
        let xs = |tag: &str| -> Vec<f64> {
            page.split(tag).skip(1).map(|rest| rest.split('"').next().unwrap().parse::<f64>().unwrap()).collect()
        };
        let (Some(last_point), Some(right_edge)) =
            (xs("<circle cx=\"").last().copied(), xs("<text x=\"").into_iter().reduce(f64::max))
        else {
            continue;
        };
        charts += 1;
        assert_eq!(last_point, right_edge, "player {}'s chart stops before this period", row[id_at]);
    }
    assert!(charts > 0, "removed players with a chart to check");

    // statistics.html and statistics.json print the workbook's This Period.
    let page = std::fs::read_to_string(out.join("site/statistics.html")).unwrap();
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("site/downloads/statistics.json")).unwrap()).unwrap();
    let table = json["tables"].as_array().unwrap().iter().find(|t| t["name"] == "This Period").unwrap();
    let rows = table["rows"].as_array().unwrap();
    assert_eq!(rows.len(), sheet.len() - 1);
    for (row, json_row) in sheet[1..].iter().zip(rows) {
        assert!(page.contains(&format!("<th scope=\"row\">{}<td class=\"num\">{}<", row[0], row[1])), "{row:?}");
        assert_eq!((json_row[0].as_str().unwrap(), json_row[1].to_string()), (row[0].as_str(), row[1].clone()));
    }
}
