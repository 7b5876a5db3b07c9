//! The what-if calculator in Chromium against the rule sets themselves: for
//! each of the six, a site published under it (`generate --system`), whose
//! `calculator.html` is given 200 random records and games through its form;
//! every answer (the rating as printed before and after, each game's
//! expected score and change to the two decimals shown, and every line of
//! the calculation that is not about one game) must be the Rust rule set's,
//! which rates the same games through the `rate` and `explain` a period
//! uses (`what_if`).

use std::path::PathBuf;
use std::sync::Mutex;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use ratebook::model::system::SystemName;
use ratebook::publish::site::calculator::SiteCalculator;

use super::what_if::{answer, case, Answer};
use super::with_page;
use crate::common::{ratebook, stderr};

/// Random cases fed to each rule set's calculator.
const CASES: usize = 200;

/// Fills the calculator's form with a record, games and check boxes, works
/// the answer out at once and reads it back from the page.
const FILL: &str = r#"window.__fill = function (state, games, options) {
  for (var k in state) {
    var e = document.getElementById('wi-' + k);
    if (e) e.value = state[k] === null ? '' : String(state[k]);
  }
  var body = document.querySelector('table.wi-entry tbody'), add = document.querySelector('.wi-add');
  while (body.rows.length < games.length) add.click();
  while (body.rows.length > games.length) body.rows[body.rows.length - 1].querySelector('.wi-remove').click();
  games.forEach(function (g, i) {
    var row = body.rows[i];
    row.querySelector('.wi-rating').value = g.rating === null ? '' : String(g.rating);
    var rd = row.querySelector('.wi-rd');
    if (rd) rd.value = g.rd === null ? '' : String(g.rd);
    row.querySelector('.wi-result').value = String(g.score);
  });
  for (var o in options) document.getElementById('wi-' + o).checked = options[o];
  window.__calculator.now();
  var result = document.querySelector('.what-if-result'), error = result.querySelector('.wi-error');
  if (error) return { error: error.textContent };
  return {
    before: result.querySelector('[data-wi=before]').getAttribute('data-printed'),
    after: result.querySelector('[data-wi=after]').getAttribute('data-printed'),
    rows: [].map.call(result.querySelectorAll('table.wi-answer tbody tr'), function (tr) {
      return [tr.querySelector('.expected').textContent, tr.querySelector('.change').textContent];
    }),
    lines: [].filter.call(result.querySelectorAll('ol.wi-steps li'), function (li) {
      return /^(heading|step|text) /.test(li.className);
    }).map(function (li) { return [li.className, li.textContent]; })
  };
};"#;

/// Sites published under each rule set, made once per test binary.
static SITES: Mutex<Vec<(SystemName, PathBuf)>> = Mutex::new(Vec::new());

/// The data folder of a sample published under `system` (its site in `out/site`).
fn published(system: SystemName) -> PathBuf {
    let mut sites = SITES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, root)) = sites.iter().find(|(s, _)| *s == system) {
        return root.clone();
    }
    let root = tempfile::Builder::new().prefix("ratebook-calculator-").tempdir().unwrap().keep();
    crate::site::remove_when_done(root.clone());
    let (data, out) = (root.join("data"), root.join("out"));
    let run = |args: &[&str]| {
        let o = ratebook(args);
        assert!(o.status.success(), "ratebook {args:?}: {}", stderr(&o));
    };
    let (d, o) = (data.to_str().unwrap(), out.to_str().unwrap());
    run(&["generate", "--out", d, "--system", system.as_str(), "--players", "120", "--events", "6"]);
    run(&["period", "--data", d, "--out", o]);
    sites.push((system, root.clone()));
    root
}

/// Steps each rule set's random cases must reach (in the rule set's own
/// answers), so that the comparison covers its branches: a bonus and none,
/// the limits, the caps, first ratings, the pool, juniors, the floors.
fn branches(system: SystemName) -> &'static [&'static str] {
    match system {
        SystemName::Acf => &[
            "Stage 1:",
            "Stage 2:",
            "BP = 15",
            "no bonus: fewer than 6 games",
            "no bonus: Sa − Se is not above",
            ", rounded to",
            "(provisionally rated",
            "fewer than 9 games: unrated",
            "9 to 29 games",
            "30 games or more",
            "No game against a rated opponent",
        ],
        SystemName::Nzcf => &[
            "Provisional: performance",
            "An established player",
            "bonus: Pa − Pe",
            "at most 3:",
            "no bonus (fewer than 4 games)",
            "no bonus (rated over 2200)",
            "no bonus (Pa is not 10 points above Pe)",
            "ΔR cut to",
            "not reached",
            "loses no points",
            "would keep a loss away",
            "Period performance",
            "nor the cap below Ro",
            "a 100% score gives no Dp",
            "established from the next period",
            "gives no rating",
        ],
        SystemName::Ecf => &[
            "graded ",
            "no grade (opponents'",
            "Games not used",
            "last season's",
            "pro rata",
            "Junior bonus",
            "Not published",
            "Published grade",
        ],
        SystemName::Fide => &[
            "(as the player file gives it)",
            "(fewer than 30 rated games)",
            "(rated under 2400)",
            "is over 700",
            "Games not counted",
            "New rating:",
            "K next period",
            "pooled: ",
            "dropped, older than",
            "pooled games of the 5 needed",
            "First rating",
            "No games against rated opponents",
        ],
        SystemName::Glicko2 => &["a new player's, from the settings", "New volatility", "New rating"],
        SystemName::Cis => &["At the start of the period: CIS rating", "New rating"],
    }
}

/// The calculator of `system`'s site against the rule set, on `CASES` random cases.
fn agrees(system: SystemName, seed: u64) {
    let root = published(system);
    let config = ratebook::ingest::DataFolder::open(&root.join("data")).unwrap().config;
    let next = SiteCalculator::new(ratebook::rate::rule_set(system), &config).next;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cases: Vec<_> = (0..CASES).map(|_| case(system, &mut rng, &next)).collect();
    let page = root.join("out/site/calculator.html");
    let mut differ: Vec<String> = Vec::new();
    let mut compared = 0;
    let answers: Vec<Answer> = cases.iter().map(|c| answer(system, c, &next)).collect();
    let missed: Vec<&&str> = branches(system)
        .iter()
        .filter(|b| !answers.iter().any(|a| a.lines.iter().any(|(_, text)| text.contains(**b))))
        .collect();
    assert!(missed.is_empty(), "{system}: no random case reaches {missed:?}");
    with_page(&page, 390, true, |p| {
        p.eval(FILL).unwrap();
        for (i, c) in cases.iter().enumerate() {
            let games: Vec<Value> =
                c.games.iter().map(|g| json!({ "rating": g.rating, "rd": g.rd, "score": g.score })).collect();
            let js = format!("__fill({}, {}, {})", c.form, Value::Array(games), c.options);
            let got = p.eval(&js).unwrap_or_else(|e| panic!("{system} case {i}: {e}"));
            if let Some(why) = difference(&got, &answers[i]) {
                differ.push(format!("{system} case {i} ({:?}, games {:?}): {why}", c.form, c.games));
            }
            compared += 1;
        }
    });
    if super::browser().is_none() {
        return;
    }
    assert_eq!(compared, CASES, "{system}: every case compared");
    assert!(
        differ.is_empty(),
        "{} of {CASES} answers differ:\n{}",
        differ.len(),
        differ[..differ.len().min(4)].join("\n\n")
    );
}

/// What differs between the page's answer and the rule set's, if anything.
fn difference(got: &Value, want: &Answer) -> Option<String> {
    if let Some(error) = got.get("error") {
        return Some(format!("the page says {error}"));
    }
    let text = |k: &str| got[k].as_str().unwrap_or_default().to_string();
    let pairs = |k: &str| -> Vec<(String, String)> {
        got[k]
            .as_array()
            .map(|a| {
                a.iter().map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_str().unwrap().to_string())).collect()
            })
            .unwrap_or_default()
    };
    let (before, after, rows, lines) = (text("before"), text("after"), pairs("rows"), pairs("lines"));
    if (before.as_str(), after.as_str()) != (want.before.as_str(), want.after.as_str()) {
        return Some(format!("printed {before} → {after}, the rule set {} → {}", want.before, want.after));
    }
    if rows != want.rows {
        return Some(format!("games (expected, change): page {rows:?}\nrule set {:?}", want.rows));
    }
    if lines != want.lines {
        let at = lines.iter().zip(&want.lines).position(|(a, b)| a != b).unwrap_or(lines.len().min(want.lines.len()));
        return Some(format!(
            "line {at}: page {:?}\nrule set {:?}\n(page {} lines, rule set {})",
            lines.get(at),
            want.lines.get(at),
            lines.len(),
            want.lines.len()
        ));
    }
    None
}

#[test]
fn the_calculator_agrees_with_the_acf_rules() {
    agrees(SystemName::Acf, 4701);
}

#[test]
fn the_calculator_agrees_with_the_nzcf_rules() {
    agrees(SystemName::Nzcf, 4702);
}

#[test]
fn the_calculator_agrees_with_ecf_grading() {
    agrees(SystemName::Ecf, 4703);
}

#[test]
fn the_calculator_agrees_with_the_cis_rating() {
    agrees(SystemName::Cis, 4704);
}

#[test]
fn the_calculator_agrees_with_fides_elo() {
    agrees(SystemName::Fide, 4705);
}

#[test]
fn the_calculator_agrees_with_glicko2() {
    agrees(SystemName::Glicko2, 4706);
}

/// A player's page: its calculator starts from his record after this
/// period (the new player file's line, filled in), and answers as a game is
/// typed into it, on a phone, exactly as the rule set rates that game.
#[test]
fn a_players_page_calculator_starts_from_his_record_and_answers_as_you_type() {
    let g = crate::site::generated();
    let file = crate::common::read_players(&g.out.join("players.xlsx"));
    let player = file
        .players
        .iter()
        .find(|p| p.status == ratebook::model::Status::Confirmed && p.rating.is_some_and(|r| r.fract() != 0.0))
        .expect("a confirmed player with an unrounded rating")
        .clone();
    let config = ratebook::ingest::DataFolder::open(&g.data).unwrap().config;
    let next = SiteCalculator::new(ratebook::rate::rule_set(SystemName::Acf), &config).next;
    let case = super::what_if::Case {
        form: json!({}),
        games: vec![super::what_if::WhatIfGame { rating: Some(1650.0), rd: None, score: 1.0 }],
        options: json!({}),
        player: player.clone(),
        columns: file.extra_columns.clone(),
        outsider: None,
    };
    let want = answer(SystemName::Acf, &case, &next);
    let page = super::site_page(&format!("players/{}.html", player.id));
    with_page(&page, 390, true, |p| {
        let shown = p
            .eval(
                "[document.getElementById('what-if').hidden, document.getElementById('wi-status').value,\
                 document.getElementById('wi-rating').value, document.querySelectorAll('.wi-field:not([hidden])').length]",
            )
            .unwrap();
        let rating = player.rating.unwrap().to_string();
        assert_eq!(
            shown,
            json!([false, "confirmed", rating, 2]),
            "the calculator shows his record (a confirmed player's: status and rating)"
        );
        p.eval("document.querySelector('.wi-rating').focus()").unwrap();
        p.type_keys("1650").unwrap();
        p.next_frame().unwrap();
        p.next_frame().unwrap();
        let got = p
            .eval(
                "[document.querySelector('[data-wi=after]').getAttribute('data-printed'),\
                 document.querySelector('[data-wi=before]').getAttribute('data-printed'),\
                 [...document.querySelectorAll('table.wi-answer tbody td.expected, table.wi-answer tbody td.change')].map(c => c.textContent)]",
            )
            .unwrap();
        assert_eq!(got[0], want.after.as_str(), "the new rating");
        assert_eq!(got[1], want.before.as_str(), "the rating now");
        assert_eq!(got[2], json!([want.rows[0].0, want.rows[0].1]), "the game's expected score and change");
    });
}
