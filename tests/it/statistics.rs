//! The statistics: every table of ratings.xlsx recomputed by plain loops
//! from the published player file and the record (read with calamine and
//! rusqlite), `ratebook stats --json` against the site's statistics.json,
//! the site's page against the workbook, and the cases a user expects
//! handled: no record, no birth date, an empty band.

use std::path::Path;

use chrono::NaiveDate;

use crate::common::{ratebook, sheet_rows, stderr};
use ratebook::model::dates::age_at;

/// Generates a chain of `periods` small periods into `data` and publishes
/// the last again into `out` (the record holds it already: nothing new is
/// recorded, the outputs are written with its statistics).
fn chain(data: &Path, out: &Path, periods: u32) {
    let o = ratebook(&[
        "generate",
        "--out",
        &data.display().to_string(),
        "--players",
        "400",
        "--events",
        "16",
        "--seed",
        "11",
        "--periods",
        &periods.to_string(),
    ]);
    assert!(o.status.success(), "generate failed:\n{}", stderr(&o));
    let o = ratebook(&["period", "--data", &data.display().to_string(), "--out", &out.display().to_string()]);
    assert!(o.status.success(), "period failed:\n{}", stderr(&o));
}

/// linear interpolation between the closest ranks of sorted values.
fn quantile(sorted: &[f64], p: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * p;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    sorted[lo] + (h - h.floor()) * (sorted[hi] - sorted[lo])
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// The mean of the `n` highest, when there are `n`.
fn top_mean(values: &[f64], n: usize) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_by(|a, b| b.total_cmp(a));
    (v.len() >= n).then(|| mean(&v[..n]))
}

/// A workbook cell's number ("" is none).
fn number(text: &str) -> Option<f64> {
    (!text.is_empty()).then(|| text.parse().unwrap_or_else(|_| panic!("a number, not {text:?}")))
}

fn assert_figure(got: &str, want: Option<f64>, what: &str) {
    match (number(got), want) {
        (Some(g), Some(w)) => assert!((g - w).abs() < 0.051, "{what}: workbook {g}, recomputed {w}"),
        (None, None) => {}
        (g, w) => panic!("{what}: workbook {g:?}, recomputed {w:?}"),
    }
}

/// A pool player recomputed from the published player file.
struct Pooled {
    rating: f64,
    age: Option<u32>,
    state: String,
}

#[test]
fn statistics_agree_with_a_recomputation_from_the_player_file_and_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    chain(&data, &out, 3);
    let config = ratebook::ingest::DataFolder::open(&data).unwrap().config;
    let ratings = out.join("ratings.xlsx");

    // The rated pool from players.xlsx: confirmed, active, the printed (rounded) rating.
    let rows = sheet_rows(&out.join("players.xlsx"), "Players");
    let col = |name: &str| rows[0].iter().position(|h| h == name).unwrap();
    let (status, rating, last, birth, state) =
        (col("Status"), col("Rating"), col("Last played"), col("Birth date"), col("State"));
    let day = |t: &str| NaiveDate::parse_from_str(t, "%Y-%m-%d").ok();
    let active = |r: &Vec<String>| day(&r[last]).is_some_and(|d| d >= config.active_since);
    let pool: Vec<Pooled> = rows[1..]
        .iter()
        .filter(|r| r[status] == "confirmed" && !r[rating].is_empty() && active(r))
        .map(|r| Pooled {
            rating: (r[rating].parse::<f64>().unwrap() + 0.5).floor(),
            age: day(&r[birth]).map(|b| age_at(b, config.age_date)),
            state: r[state].clone(),
        })
        .collect();
    assert!(pool.len() > 100, "a pool to measure: {}", pool.len());
    let mut sorted: Vec<f64> = pool.iter().map(|p| p.rating).collect();
    sorted.sort_by(f64::total_cmp);

    // Percentiles.
    let sheet = sheet_rows(&ratings, "Percentiles");
    assert_eq!(sheet[0], ["Percentile", "Rating"]);
    assert_eq!(sheet.len(), 10);
    for row in &sheet[1..] {
        let p: f64 = row[0].parse().unwrap();
        // A figure to one decimal, as the median is printed (the 50th is it).
        let at = (quantile(&sorted, p / 100.0) * 10.0).round() / 10.0;
        assert_eq!(row[1], at.to_string(), "percentile {p}");
    }

    // By Age: every band, the unknown birth dates in their own row.
    let sheet = sheet_rows(&ratings, "By Age");
    let bounds = &config.statistics.age_bands;
    let band_of = |age: Option<u32>| age.map(|a| bounds.iter().take_while(|&&b| a >= b).count());
    // After the bands, the lists' age groups that no band counts (65 and over beside 65–79, 80 and over).
    let mut groups: Vec<(String, Box<dyn Fn(u32) -> bool>)> = Vec::new();
    for &n in config.lists.juniors.iter().filter(|&&n| Some(&n) != bounds.first()) {
        groups.push((format!("Under {n}"), Box::new(move |a| a < n)));
    }
    for &n in config.lists.seniors.iter().filter(|&&n| Some(&n) != bounds.last()) {
        groups.push((format!("{n} and over"), Box::new(move |a| a >= n)));
    }
    assert!(groups.iter().any(|g| g.0 == "65 and over"), "the default lists' 65 and over");
    assert_eq!(sheet.len(), 1 + bounds.len() + 2 + groups.len(), "{sheet:?}");
    for ((label, member), row) in groups.iter().zip(&sheet[1 + bounds.len() + 2..]) {
        assert_eq!(&row[0], label);
        let mut members: Vec<f64> =
            pool.iter().filter(|p| p.age.is_some_and(|a| member(a))).map(|p| p.rating).collect();
        members.sort_by(f64::total_cmp);
        assert_eq!(row[1], members.len().to_string(), "players of {label}");
        let figures = (!members.is_empty()).then(|| (mean(&members), quantile(&members, 0.5)));
        assert_figure(&row[4], figures.map(|f| f.0), &format!("mean of {label}"));
        assert_figure(&row[5], figures.map(|f| f.1), &format!("median of {label}"));
    }
    for (k, row) in sheet[1..1 + bounds.len() + 2].iter().enumerate() {
        let band = if k == bounds.len() + 1 { None } else { Some(k) };
        let mut members: Vec<f64> = pool.iter().filter(|p| band_of(p.age) == band).map(|p| p.rating).collect();
        members.sort_by(f64::total_cmp);
        assert_eq!(row[1], members.len().to_string(), "players of {}", row[0]);
        let figures = (!members.is_empty()).then(|| (mean(&members), quantile(&members, 0.5)));
        assert_figure(&row[4], figures.map(|f| f.0), &format!("mean of {}", row[0]));
        assert_figure(&row[5], figures.map(|f| f.1), &format!("median of {}", row[0]));
        assert_figure(&row[6], top_mean(&members, config.statistics.top_average), &format!("top of {}", row[0]));
    }

    // By State: the pool and its figures, ranked by the top average.
    let sheet = sheet_rows(&ratings, "By State");
    let at = |h: &str| sheet[0].iter().position(|c| c == h).unwrap_or_else(|| panic!("{h} in {:?}", sheet[0]));
    let (pooled_at, top_at, median_at) = (at("Rated pool"), at("Top-10 average"), at("Median"));
    let (top_rank_at, median_rank_at) = (at("Rank by top-10 average"), at("Rank by median"));
    let mut previous_top = f64::INFINITY;
    // Each state's median, for the ranks by median.
    let mut medians: Vec<(String, f64)> = Vec::new();
    for row in &sheet[1..] {
        let mut members: Vec<f64> = pool.iter().filter(|p| p.state == row[0]).map(|p| p.rating).collect();
        members.sort_by(f64::total_cmp);
        assert_eq!(row[pooled_at], members.len().to_string(), "rated pool of {}", row[0]);
        let top = top_mean(&members, config.statistics.top_average);
        assert_figure(&row[top_at], top, &format!("top of {}", row[0]));
        if let Some(t) = number(&row[top_at]) {
            assert!(t <= previous_top + 0.05, "By State is ranked by the top average");
            previous_top = t;
            assert_eq!(
                row[top_rank_at],
                (sheet[1..].iter().position(|r| r[top_at] == row[top_at]).unwrap() + 1).to_string()
            );
        }
        if !members.is_empty() {
            medians.push((row[0].clone(), number(&row[median_at]).unwrap()));
        }
    }
    for row in &sheet[1..] {
        let Some(&(_, m)) = medians.iter().find(|(s, _)| *s == row[0]) else { continue };
        let above = medians.iter().filter(|(_, other)| *other > m).count();
        assert_eq!(row[median_rank_at], (above + 1).to_string(), "rank by median of {}", row[0]);
    }

    // Top Over 65: the pool's players aged 65 or more, best first.
    let sheet = sheet_rows(&ratings, "Top Over 65");
    let mut seniors: Vec<f64> = pool.iter().filter(|p| p.age.is_some_and(|a| a >= 65)).map(|p| p.rating).collect();
    seniors.sort_by(|a, b| b.total_cmp(a));
    seniors.truncate(config.lists.senior_size);
    let (age_col, rating_col) = (sheet[0].iter().position(|h| h == "Age").unwrap(), 1);
    let listed: Vec<f64> = sheet[1..].iter().map(|r| r[rating_col].parse().unwrap()).collect();
    assert_eq!(listed, seniors);
    assert!(sheet[1..].iter().all(|r| r[age_col].parse::<u32>().unwrap() >= 65));

    // Trends, from the record by plain loops over its rows.
    let db = rusqlite::Connection::open(data.join("record.sqlite")).unwrap();
    let mut stmt = db
        .prepare(
            "SELECT c.period, d.active_since, l.status, l.printed, l.rating, p.last_played, l.player_id
             FROM current_revision c JOIN revision_detail d ON d.revision_id = c.id
             JOIN player_line l ON l.revision_id = c.id
             JOIN player_detail p ON p.revision_id = c.id AND p.player_id = l.player_id
             ORDER BY c.\"end\"",
        )
        .unwrap();
    let mut by_period: Vec<(String, Vec<f64>)> = Vec::new();
    // Each period's pool by player, for the drift.
    let mut pools: Vec<std::collections::HashMap<u32, f64>> = Vec::new();
    let lines = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Option<f64>>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, u32>(6)?,
            ))
        })
        .unwrap();
    for line in lines {
        let (period, since, status, printed, value, last, id) = line.unwrap();
        if by_period.last().is_none_or(|(p, _)| *p != period) {
            by_period.push((period.clone(), Vec::new()));
            pools.push(Default::default());
        }
        if status == "confirmed" && value.is_some() && last.is_some_and(|l| l >= since) {
            by_period.last_mut().unwrap().1.push(printed.parse().unwrap());
            pools.last_mut().unwrap().insert(id, printed.parse().unwrap());
        }
    }
    let sheet = sheet_rows(&ratings, "Trends");
    assert_eq!(sheet.len() - 1, by_period.len(), "one row per recorded period");
    let heading = |h: &str| sheet[0].iter().position(|c| c == h).unwrap();
    for (k, (row, (period, ratings))) in sheet[1..].iter().zip(&by_period).enumerate() {
        // Drift: the mean change of the players in this pool and the one before.
        let drift = (k > 0).then(|| {
            let changes: Vec<f64> =
                pools[k].iter().filter_map(|(id, now)| pools[k - 1].get(id).map(|then| now - then)).collect();
            mean(&changes)
        });
        assert_figure(&row[heading("Drift")], drift, &format!("drift of {period}"));
        let mut sorted = ratings.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(&row[0], period);
        assert_eq!(row[heading("Rated pool")], ratings.len().to_string(), "{period}");
        assert_figure(&row[heading("Mean")], Some(mean(ratings)), period);
        assert_figure(&row[heading("Median")], Some(quantile(&sorted, 0.5)), period);
        assert_figure(&row[heading("Top-100 average")], top_mean(ratings, 100), period);
    }

    // Change of the Mean: the last two pools by plain loops; its effects add up to the printed change.
    let sheet = sheet_rows(&ratings, "Change of the Mean");
    let (was, is) = (&pools[pools.len() - 2], &pools[pools.len() - 1]);
    let stayed: Vec<u32> = is.keys().filter(|id| was.contains_key(id)).copied().collect();
    let entered: Vec<f64> = is.iter().filter(|(id, _)| !was.contains_key(id)).map(|(_, r)| *r).collect();
    let left: Vec<f64> = was.iter().filter(|(id, _)| !is.contains_key(id)).map(|(_, r)| *r).collect();
    let row_of =
        |what: &str| sheet.iter().find(|r| r[0].starts_with(what)).unwrap_or_else(|| panic!("{what}: {sheet:?}"));
    let both = row_of("In both pools");
    assert_eq!(both[1], stayed.len().to_string());
    assert_figure(&both[2], Some(mean(&stayed.iter().map(|id| was[id]).collect::<Vec<_>>())), "their mean before");
    assert_figure(&both[3], Some(mean(&stayed.iter().map(|id| is[id]).collect::<Vec<_>>())), "their mean now");
    let trend_rows = sheet_rows(&ratings, "Trends");
    let drift_at = trend_rows[0].iter().position(|h| h == "Drift").unwrap();
    assert_eq!(both[4], trend_rows.last().unwrap()[drift_at], "the drift");
    assert_eq!(row_of("Entered")[1], entered.len().to_string());
    assert_figure(&row_of("Entered")[3], (!entered.is_empty()).then(|| mean(&entered)), "entrants' mean");
    assert_eq!(row_of("Left")[1], left.len().to_string());
    let whole = row_of("The rated pool");
    let tenths = |t: &str| (number(t).unwrap_or(0.0) * 10.0).round() as i64;
    let effects: i64 = sheet[1..4].iter().map(|r| tenths(&r[5])).sum();
    assert_eq!(effects, tenths(&whole[3]) - tenths(&whole[2]), "the effects add up to the printed change: {sheet:?}");
    assert_eq!(tenths(&whole[4]), tenths(&whole[3]) - tenths(&whole[2]));

    // A list fewer qualify for than its size says how many do.
    let top = std::fs::read_to_string(out.join("site/top.html")).unwrap();
    for &n in &config.lists.seniors {
        let qualifying = pool.iter().filter(|p| p.age.is_some_and(|a| a >= n)).count();
        let said = format!("only {qualifying} players qualify");
        let section = top.split(&format!("<h2>Top Over {n}</h2>")).nth(1).unwrap().split("</table>").next().unwrap();
        assert_eq!(
            section.contains(&said),
            qualifying < config.lists.senior_size && qualifying > 1,
            "Top Over {n}: {qualifying}"
        );
    }

    // `ratebook stats --json` reads the same from the record alone.
    let o = ratebook(&["stats", "--json", "--data", &data.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let published = std::fs::read(out.join("site/downloads/statistics.json")).unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&published));
    let o = ratebook(&["stats", "--data", &data.display().to_string()]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("Trends") && text.contains("By Age") && text.contains("By State"), "{text}");

    // The site prints the workbook's cells.
    let page = std::fs::read_to_string(out.join("site/statistics.html")).unwrap();
    assert!(text.contains("Change of the Mean"), "{text}");
    let trends = sheet_rows(&ratings, "Trends");
    let json: serde_json::Value = serde_json::from_slice(&published).unwrap();
    let tables = json["tables"].as_array().unwrap();
    let trends_json = tables.iter().find(|t| t["name"] == "Trends").unwrap();
    for (row, json_row) in trends[1..].iter().zip(trends_json["rows"].as_array().unwrap()) {
        assert!(page.contains(&format!("<th scope=\"row\">{}", row[0])), "{}", row[0]);
        let mean = &json_row[heading("Mean")];
        assert_figure(&row[heading("Mean")], mean.as_f64(), "statistics.json's mean");
        assert!(
            page.contains(&format!(">{:.1}<", mean.as_f64().unwrap()))
                || page.contains(&format!(">{:.1}\n", mean.as_f64().unwrap()))
        );
    }
    // Each player's page shows his standing and his meetings.
    let best = sheet_rows(&ratings, "Top Players");
    let id = &best[1][best[0].iter().position(|h| h == "ID").unwrap()];
    let player = std::fs::read_to_string(out.join(format!("site/players/{id}.html"))).unwrap();
    assert!(player.contains("<dt>Percentile<dd>100.0%"), "the best player's percentile");
    assert!(player.contains("<dt>Age band"), "his age band");
    assert!(player.contains("Against each opponent"), "his meetings");
}

#[test]
fn without_a_record_the_trends_are_this_period_alone_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    chain(&data, &out, 1);
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let toml = toml.replace("record       = \"record.sqlite\"", "record       = false");
    assert!(toml.contains("record       = false"), "{toml}");
    std::fs::write(data.join("period.toml"), toml).unwrap();
    let fresh = dir.path().join("fresh");
    let o = ratebook(&["period", "--data", &data.display().to_string(), "--out", &fresh.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fresh.join("site/downloads/statistics.json")).unwrap()).unwrap();
    let trends = json["tables"].as_array().unwrap().iter().find(|t| t["name"] == "Trends").unwrap();
    assert_eq!(trends["rows"].as_array().unwrap().len(), 1);
    assert!(trends["note"].as_str().unwrap().contains("this period alone"), "{trends}");
    let this = json["tables"].as_array().unwrap().iter().find(|t| t["name"] == "This Period").unwrap();
    let rows = this["rows"].as_array().unwrap();
    let count = |what: &str| rows.iter().find(|r| r[0].as_str().unwrap().starts_with(what)).unwrap()[1].as_u64();
    assert_eq!(count("New"), count("Listed"), "without a record every listed player is new");
    // `stats` needs a record, and says so.
    let o = ratebook(&["stats", "--data", &data.display().to_string()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("record = false"), "{}", stderr(&o));
}

#[test]
fn players_without_a_birth_date_have_their_own_row_and_an_empty_band_no_figures() {
    let dir = tempfile::tempdir().unwrap();
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    chain(&data, &out, 1);
    // Nobody under 12 in a pool where nobody's birth date is known.
    let file = data.join("players.xlsx");
    let (mut players, _) = ratebook::formats::player_file::read_player_file(&file, "players.xlsx");
    for p in &mut players.players {
        p.birth_date = None;
    }
    ratebook::formats::player_file::write_player_file(&file, &players, crate::common::date(1996, 4, 1)).unwrap();
    let toml = std::fs::read_to_string(data.join("period.toml"))
        .unwrap()
        .replace("record       = \"record.sqlite\"", "record       = false");
    std::fs::write(data.join("period.toml"), toml).unwrap();
    let fresh = dir.path().join("fresh");
    let o = ratebook(&["period", "--data", &data.display().to_string(), "--out", &fresh.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let sheet = sheet_rows(&fresh.join("ratings.xlsx"), "By Age");
    let unknown = sheet.iter().find(|r| r[0] == "Age unknown").expect("a row for unknown birth dates");
    let this = sheet_rows(&fresh.join("ratings.xlsx"), "This Period");
    let pool = &this.iter().find(|r| r[0] == "Rated pool").unwrap()[1];
    assert_eq!(&unknown[1], pool, "every pool player counted there");
    let under = &sheet[1];
    assert_eq!(under[0], "Under 12");
    assert_eq!(under[1], "0");
    assert_eq!(&under[4..9], ["", "", "", "", ""], "an empty band prints no figures: {under:?}");
}

#[test]
fn imported_lists_count_in_the_trends() {
    let dir = tempfile::tempdir().unwrap();
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    chain(&data, &out, 1);
    // Two lists published before the recorded period, from its player file.
    let (players, _) = ratebook::formats::player_file::read_player_file(&data.join("players.xlsx"), "players.xlsx");
    let mut files = Vec::new();
    for (month, published) in [(1, crate::common::date(1993, 1, 1)), (2, crate::common::date(1993, 2, 1))] {
        let path = dir.path().join(format!("list-{month}.xlsx"));
        ratebook::formats::player_file::write_player_file(&path, &players, published).unwrap();
        files.push(path.display().to_string());
    }
    let data_arg = data.display().to_string();
    let mut args = vec!["record", "import", "--data", &data_arg];
    args.extend(files.iter().map(String::as_str));
    let o = ratebook(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = ratebook(&["stats", "--json", "--data", &data_arg]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let trends = json["tables"].as_array().unwrap().iter().find(|t| t["name"] == "Trends").unwrap();
    let columns: Vec<&str> = trends["columns"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    let at = |h: &str| columns.iter().position(|c| *c == h).unwrap();
    let rows = trends["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "{trends}");
    assert_eq!(rows[0][0], "January 1993");
    for row in &rows[..2] {
        // The players who played within period.toml's span before the list's end.
        assert!(row[at("Rated pool")].as_u64().unwrap() > 50, "{row}");
        assert!(row[at("Mean")].as_f64().is_some(), "{row}");
    }
    // The same ratings a month apart: no drift.
    assert_eq!(rows[1][at("Drift")].as_f64(), Some(0.0), "{}", rows[1]);
}

#[test]
fn the_best_player_is_named_as_the_lists_name_him_and_ratings_print_whole() {
    use crate::common::{column, entrant, event, player, Fixture, AUGUST_1993};
    use ratebook::model::Status;
    // Victoria's best two share a name; ten confirmed players draw in pairs.
    let f = Fixture::new(AUGUST_1993);
    let mut players = vec![
        player(100, "Smith", "John", "V", Status::Confirmed, Some(2000.4), 40),
        player(101, "SMITH", "John", "V", Status::Confirmed, Some(1900.0), 40),
    ];
    players
        .extend((0..8).map(|i| player(102 + i, &format!("Other{i}"), "Ann", "V", Status::Confirmed, Some(1500.0), 40)));
    f.players(players.clone());
    // A provisional player above them all: first by place, not in the rated pool.
    let mut file = players.clone();
    file.push(player(110, "Rising", "Ray", "V", Status::Provisional, Some(2300.0), 12));
    f.players(file);
    let entrants = players.iter().enumerate().map(|(i, p)| entrant(i as u32 + 1, p)).collect();
    let games = (0..5u32).map(|k| (1, 2 * k + 1, Some(2 * k + 2), "½-½")).collect();
    f.report(&event("V93001", "V", crate::common::date(1993, 6, 6), entrants, games));
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));

    let ratings = f.out().join("ratings.xlsx");
    let top = sheet_rows(&ratings, "Top Players");
    let (name, printed) = (top[1][column(&top, "Name")].clone(), top[1][column(&top, "Rating")].clone());
    assert_eq!(name, "Smith, John");
    for sheet in ["By State", "By Age"] {
        let rows = sheet_rows(&ratings, sheet);
        let (best, rating) = (column(&rows, "Best"), column(&rows, "Best rating"));
        let row = rows[1..].iter().find(|r| !r[best].is_empty()).unwrap_or_else(|| panic!("{sheet}: a best player"));
        assert_eq!(row[best], "Smith, John (100)", "{sheet}: the namesake told apart by his ID, as the lists do");
        assert_eq!(row[rating], printed, "{sheet}: his rating as the lists print it");
    }
    // The site's page prints the same cells (as the booklet does): no rating with a decimal.
    let page = std::fs::read_to_string(f.out().join("site/statistics.html")).unwrap();
    assert!(page.contains("Smith, John (100)"), "{page}");
    assert!(page.contains(&format!(">{printed}<")) && !page.contains(&format!("{printed}.0")), "{page}");
    // `stats` reads the recorded period: the same name, the rating whole.
    let o = f.run(&["stats", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let by_state = json["tables"].as_array().unwrap().iter().find(|t| t["name"] == "By State").unwrap();
    let columns = by_state["columns"].as_array().unwrap();
    let at = |h: &str| columns.iter().position(|c| c == h).unwrap();
    let v = by_state["rows"].as_array().unwrap().iter().find(|r| r[0] == "V").unwrap();
    assert_eq!(v[at("Best")], "Smith, John (100)");
    assert_eq!(v[at("Best rating")].to_string(), printed, "a whole number in statistics.json");
    // Smith's page: his place counts the 11 players with a published rating,
    // his percentile the 10 of the rated pool, and the page says so.
    let page = std::fs::read_to_string(f.out().join("site/players/100.html")).unwrap();
    assert!(
        page.contains("<dt>Percentile<dd>100.0%: the share of the rated pool (the 10 confirmed players active since"),
        "{page}"
    );
    assert!(
        page.contains("<dt>Place<dd>2 of 11 active players with a published rating (provisional or confirmed); 2 of 11 in Victoria"),
        "{page}"
    );
    // Percentiles are figures of the pool, printed as its median is: the
    // 50th percentile and Trends' median are one number.
    let percentiles = sheet_rows(&ratings, "Percentiles");
    let trends = sheet_rows(&ratings, "Trends");
    let median_at = trends[0].iter().position(|h| h == "Median").unwrap();
    let fiftieth = percentiles.iter().find(|r| r[0] == "50").unwrap();
    assert_eq!(fiftieth[1], trends.last().unwrap()[median_at], "{percentiles:?} {trends:?}");
}
