//! Tests of the generated data folder: determinism, counts, and the
//! consistency the checker demands of every report.

use std::collections::BTreeMap;
use std::path::Path;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::events::{self, Kind, Timing};
use super::*;
use crate::config::PeriodConfig;
use crate::formats::report::write::ReportResults;

/// Every file under `dir`, as (relative path, bytes), sorted.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
                out.push((rel, std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn small(out: &Path, seed: u64) -> GenerateOptions {
    GenerateOptions {
        out: out.to_path_buf(),
        players: 400,
        events: 30,
        seed,
        system: SystemName::Acf,
        lists: Vec::new(),
    }
}

#[test]
fn generate_same_seed_gives_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let one = generate(&small(&a, 11)).unwrap();
    let two = generate(&small(&b, 11)).unwrap();
    assert_eq!(one, two);
    let (fa, fb) = (files(&a), files(&b));
    assert_eq!(fa.len(), fb.len());
    for ((pa, ba), (pb, bb)) in fa.iter().zip(&fb) {
        assert_eq!(pa, pb);
        assert!(ba == bb, "{pa} differs between runs");
    }
    let other = dir.path().join("c");
    generate(&small(&other, 12)).unwrap();
    assert_ne!(std::fs::read(a.join("players.xlsx")).unwrap(), std::fs::read(other.join("players.xlsx")).unwrap());
}

#[test]
fn generate_small_folder_counts_and_leaves_other_files() {
    use calamine::{open_workbook_auto, Reader};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("data");
    std::fs::create_dir_all(out.join("reports/V")).unwrap();
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    std::fs::write(out.join("reports/V/stale.xlsx"), "old").unwrap();
    let summary = generate(&small(&out, 3)).unwrap();
    assert_eq!(summary.players, 400);
    assert_eq!(summary.events, 30);
    assert!(summary.games > 30 * 10, "{summary:?}");
    assert_eq!(std::fs::read_to_string(out.join("notes.txt")).unwrap(), "mine");
    assert!(!out.join("reports/V/stale.xlsx").exists());
    assert_eq!(
        std::fs::read_to_string(out.join("period.toml")).unwrap(),
        PeriodConfig::example(SystemName::Acf).to_toml()
    );
    let reports: Vec<String> = files(&out.join("reports")).into_iter().map(|(p, _)| p).collect();
    assert_eq!(reports.len(), 30);
    for path in &reports {
        let (state, file) = path.split_once('/').unwrap();
        assert!(file.starts_with(state) && file.ends_with(".xlsx"), "{path}");
    }
    let mut wb = open_workbook_auto(out.join("players.xlsx")).unwrap();
    let players = wb.worksheet_range("Players").unwrap();
    assert_eq!(players.height(), 401);
    assert_eq!(players.get_value((0, 14)).map(|d| d.to_string()).as_deref(), Some("Email"));

    let wb = open_workbook_auto(out.join("reports").join(&reports[0])).unwrap();
    let names = wb.sheet_names();
    assert_eq!(&names[..2], ["Event", "Players"]);
    assert!(names[2] == "Games" || names[2] == "Crosstable");
}

/// Plans and plays the default folder in memory.
fn default_folder() -> (players::Population, Vec<(events::EventPlan, crate::formats::report::write::EventReport)>) {
    let opts = GenerateOptions::default();
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let pop = players::population(&mut rng, opts.players, opts.system);
    let plans = events::plan(&mut rng, &pop, opts.events);
    let played = plans
        .into_iter()
        .map(|plan| {
            let (report, _) = play::play(&plan, opts.seed);
            (plan, report)
        })
        .collect();
    (pop, played)
}

#[test]
fn generate_reports_are_consistent() {
    let (pop, played) = default_folder();
    let by_id: BTreeMap<u32, &crate::model::Player> = pop.file.players.iter().map(|p| (p.id, p)).collect();
    let mut codes = BTreeMap::new();
    let mut newcomers = BTreeMap::new();
    let mut variations = 0;
    for (plan, report) in &played {
        assert!(codes.insert(report.code.clone(), ()).is_none(), "code {} twice", report.code);
        assert!(report.start <= report.end, "{}", report.code);
        let n = report.players.len() as u32;
        assert!(n >= 2, "{}", report.code);
        let mut ids: Vec<u32> = report.players.iter().filter_map(|p| p.id).collect();
        let with_id = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), with_id, "{}: a player twice in one event", report.code);
        for (k, p) in report.players.iter().enumerate() {
            assert_eq!(p.no, k as u32 + 1);
            match p.id {
                Some(id) => {
                    let known = by_id.get(&id).unwrap_or_else(|| panic!("{}: unknown ID {id}", report.code));
                    assert_eq!(known.surname, p.surname);
                    if known.first_names != p.first_names {
                        variations += 1;
                    }
                    assert!(
                        known.last_played.is_none_or(|d| d >= date(1991, 8, 1)) || known.games >= 30,
                        "{}: a player due for removal plays",
                        report.code
                    );
                }
                None => {
                    assert!(p.gender.is_some() && p.birth_date.is_some() && !p.first_names.is_empty());
                    let key = (p.surname.clone(), p.first_names.clone(), p.birth_date);
                    assert!(newcomers.insert(key, report.code.clone()).is_none(), "a newcomer in two events");
                }
            }
        }
        match &report.results {
            ReportResults::Games(games) => {
                for round in 1..=report.rounds {
                    let mut seen: Vec<u32> = games
                        .iter()
                        .filter(|g| g.round == round)
                        .flat_map(|g| [Some(g.white), g.black])
                        .flatten()
                        .collect();
                    let count = seen.len();
                    seen.sort();
                    seen.dedup();
                    assert_eq!(seen.len(), count, "{} round {round}: a player twice", report.code);
                    assert!(seen.iter().all(|&s| (1..=n).contains(&s)));
                }
                for g in games {
                    assert!((1..=report.rounds).contains(&g.round));
                    let valid = match g.black {
                        Some(_) => ["1-0", "0-1", "½-½", "1/2-1/2", "1F-0F", "0F-1F"].contains(&g.result.as_str()),
                        None => ["1", "bye"].contains(&g.result.as_str()),
                    };
                    assert!(valid, "{}: {:?}", report.code, g);
                }
                if plan.kind == Kind::Match {
                    assert_eq!(n, 2);
                    assert_eq!(games.len() as u32, report.rounds);
                }
            }
            ReportResults::Crosstable { cells, totals } => {
                assert!(*totals);
                assert_eq!(cells.len() as u32, n);
                assert_eq!(report.rounds, n - 1 + n % 2);
                for (i, row) in cells.iter().enumerate() {
                    assert_eq!(row[i], "x");
                    for (j, cell) in row.iter().enumerate() {
                        if i == j {
                            continue;
                        }
                        let expected = match cell.as_str() {
                            "1" => "0",
                            "0" => "1",
                            "½" => "½",
                            "1*" => "0*",
                            "0*" => "1*",
                            other => panic!("{}: cell {other:?}", report.code),
                        };
                        assert_eq!(cells[j][i], expected, "{} {i} v {j}", report.code);
                    }
                }
            }
        }
    }
    assert!((1..=2).contains(&variations), "{variations} name variations");
}

#[test]
fn generate_default_folder_has_the_special_events() {
    let (pop, played) = default_folder();
    let count = |f: &dyn Fn(&events::EventPlan) -> bool| played.iter().filter(|(p, _)| f(p)).count();
    assert_eq!(played.len(), 150);
    assert_eq!(count(&|p| p.timing == Timing::Late), 3);
    assert_eq!(count(&|p| p.timing == Timing::TooLate), 2);
    assert_eq!(count(&|p| p.timing == Timing::Deferred), 2);
    assert_eq!(count(&|p| p.handicap), 1);
    assert_eq!(count(&|p| p.fixed_opening), 1);
    assert_eq!(count(&|p| !p.approved), 1);
    assert_eq!(count(&|p| p.time_control == "1500+10"), 2);
    // The mix, less the few events made special.
    assert!((4..=6).contains(&count(&|p| p.kind == Kind::ClosedRoundRobin)));
    assert!((20..=24).contains(&count(&|p| p.kind.is_round_robin())));
    assert!((3..=5).contains(&count(&|p| p.kind == Kind::Match)));
    for (p, _) in &played {
        let (from, to) = match p.timing {
            Timing::InPeriod => (date(1993, 4, 1), date(1993, 7, 31)),
            Timing::Late => (date(1992, 12, 1), date(1993, 3, 31)),
            Timing::TooLate => (date(1900, 1, 1), date(1992, 11, 30)),
            Timing::Deferred => (date(1993, 8, 1), date(2000, 1, 1)),
        };
        assert!((from..=to).contains(&p.end), "{} ends {}", p.code, p.end);
    }
    let above_2300 = pop.file.players.iter().filter(|p| p.rating.is_some_and(|r| r > 2300.0)).count();
    assert!((3..=40).contains(&above_2300), "{above_2300} players above 2300");
}

/// Prints what the default folder holds and how long folders take
/// (`cargo test --lib generate_profile -- --ignored --nocapture`).
#[test]
#[ignore]
fn generate_profile() {
    let (pop, played) = default_folder();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for (p, _) in &played {
        *kinds.entry(format!("{:?}", p.kind)).or_default() += 1;
    }
    let mut statuses: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &pop.file.players {
        *statuses.entry(p.status.as_str()).or_default() += 1;
    }
    let newcomers: usize = played.iter().map(|(_, r)| r.players.iter().filter(|p| p.id.is_none()).count()).sum();
    let players = &pop.file.players;
    let count = |f: &dyn Fn(&crate::model::Player) -> bool| players.iter().filter(|p| f(p)).count();
    eprintln!("kinds {kinds:?}\nstatuses {statuses:?}\nnewcomers {newcomers}");
    eprintln!(
        "above 2300 {}, female {}, juniors {}, no birth date {}, club {}, email {}, due for removal {}",
        count(&|p| p.rating.is_some_and(|r| r > 2300.0)),
        count(&|p| p.gender == Some(crate::model::Gender::Female)),
        pop.junior.iter().filter(|j| **j).count(),
        count(&|p| p.birth_date.is_none()),
        count(&|p| p.club.is_some()),
        count(&|p| p.extra[0] != crate::model::ExtraValue::Empty),
        count(&|p| p.games < 30 && p.last_played.is_some_and(|d| d < date(1991, 8, 1))),
    );
    let timings: BTreeMap<String, usize> = played.iter().fold(BTreeMap::new(), |mut m, (p, _)| {
        *m.entry(format!("{:?}", p.timing)).or_default() += 1;
        m
    });
    eprintln!("timing {timings:?}");
    for (p, _) in played.iter().take(40) {
        eprintln!(
            "{} {:<40} {} .. {} {:>2} players {} rounds {}",
            p.code,
            p.name,
            p.start,
            p.end,
            p.players.len(),
            p.rounds,
            p.time_control
        );
    }
    let dir = tempfile::tempdir().unwrap();
    for (players, events) in [(3000, 150), (200_000, 10_000)] {
        let started = std::time::Instant::now();
        let summary = generate(&GenerateOptions {
            out: dir.path().join(format!("d{players}")),
            players,
            events,
            seed: 1993,
            system: SystemName::Acf,
            lists: Vec::new(),
        })
        .unwrap();
        eprintln!("{summary:?} in {:?}", started.elapsed());
    }
}

#[test]
fn generate_kind_mix_is_exact() {
    let kinds = events::kind_mix(150);
    assert_eq!(kinds.len(), 150);
    let count = |k: Kind| kinds.iter().filter(|&&x| x == k).count();
    assert_eq!(count(Kind::ClosedRoundRobin), 6);
    assert_eq!(count(Kind::Match), 5);
    assert_eq!(count(Kind::Weekender), 53);
    assert_eq!(events::kind_mix(1).len(), 1);
    assert_eq!(events::kind_mix(0).len(), 0);
}

#[test]
fn generate_snap_finds_the_weekday_inside_the_range() {
    let from = date(1993, 4, 1); // a Thursday
    assert_eq!(events::snap(date(1993, 4, 1), chrono::Weekday::Sun, from), date(1993, 4, 4));
    assert_eq!(events::snap(date(1993, 4, 14), chrono::Weekday::Sun, from), date(1993, 4, 11));
    assert_eq!(events::snap(date(1993, 4, 11), chrono::Weekday::Sun, from), date(1993, 4, 11));
}

/// The SHA-256 of a folder's listing: one `<sha256 of the file>  <path>` line
/// per file, in path order.
fn folder_sha256(dir: &Path) -> String {
    use sha2::{Digest, Sha256};
    let hex = |bytes: &[u8]| Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect::<String>();
    let listing: String = files(dir).iter().map(|(path, bytes)| format!("{}  {path}\n", hex(bytes))).collect();
    hex(listing.as_bytes())
}

#[test]
fn generate_writes_the_bytes_it_always_has() {
    // Taken from the generator before chains of periods were added: a single
    // period must stay byte for byte what it was (the shipped sample's first
    // period and every fixture built on a seed depend on it).
    let dir = tempfile::tempdir().unwrap();
    let acf = dir.path().join("acf");
    let opts = GenerateOptions {
        out: acf.clone(),
        players: 200,
        events: 12,
        seed: 7,
        system: SystemName::Acf,
        lists: Vec::new(),
    };
    generate(&opts).unwrap();
    assert_eq!(folder_sha256(&acf), "ae2eb99e3eac5ace7220e41d2064c993ce00162a94b8937d68015a422bc69bd0");
    // The CIS sample changed when its player file lost the provisional
    // status and took the CIS words and the federation's name (issue 28);
    // both when period.toml's comment named fide and glicko2 (issue 35); the
    // CIS sample when it took its own school districts, schools and names (issue 38),
    // and when its period.toml wrote school_year_start under [rules] (issue 37).
    let cis = dir.path().join("cis");
    generate(&GenerateOptions {
        out: cis.clone(),
        players: 500,
        events: 20,
        seed: 5,
        system: SystemName::Cis,
        lists: Vec::new(),
    })
    .unwrap();
    assert_eq!(folder_sha256(&cis), "89a66a89674ff97c748db0bf53c1efd8926abf9b88e1dbf06ae8e75c5a6b4543");
}

/// The shipped sample's period.toml is the one `make sample` writes for
/// its last period (August 1996): the first `make period` of a fresh clone
/// regenerates `data/` and must leave `git status` clean.
#[test]
fn the_shipped_period_toml_is_the_generators() {
    let shipped = include_str!("../../data/period.toml");
    assert_eq!(chain::period_config(SystemName::Acf, 3).to_toml(), shipped);
}
