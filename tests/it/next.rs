//! `ratebook next`: the next period started in the data folder from the one
//! just published, as README's recipe runs it.

use crate::common::{date, entrant, event, find, player, read_players, stderr, Fixture, AUGUST_1993};
use ratebook::formats::report::write::EventReport;
use ratebook::model::Status;
use ratebook::record::Record;

mod kills;

/// Four players, an event rated in August 1993 and one that ends after it,
/// in which a fifth plays, inactive since 1990, whom August's maintenance
/// would remove but for his games in the deferred event.
fn august_with_a_deferred_event() -> (Fixture, EventReport) {
    let f = Fixture::new(AUGUST_1993);
    let mut players: Vec<_> = (1..=4)
        .map(|k| {
            player(3000 + k, &format!("Player{k}"), "Test", "V", Status::Confirmed, Some(1500.0 + 50.0 * k as f64), 40)
        })
        .collect();
    let mut returning = player(3005, "Returning", "Test", "V", Status::Provisional, Some(1200.0), 8);
    returning.last_played = Some(date(1990, 3, 1));
    let entrants = |ps: &[ratebook::model::Player]| ps.iter().zip(1..).map(|(p, no)| entrant(no, p)).collect();
    let mut games =
        vec![(1, 1, Some(2), "1-0"), (1, 3, Some(4), "0.5-0.5"), (2, 1, Some(3), "0-1"), (2, 2, Some(4), "1-0")];
    f.report(&event("V93001", "V", date(1993, 6, 10), entrants(&players), games.clone()));
    players.push(returning);
    games.push((3, 5, Some(1), "0-1"));
    let deferred = event("V93002", "V", date(1993, 8, 3), entrants(&players), games);
    f.report(&deferred);
    f.players(players);
    (f, deferred)
}

fn next(f: &Fixture, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["next", "--from"];
    let out = f.out().display().to_string();
    args.push(&out);
    args.extend(extra);
    f.run(&args)
}

#[test]
fn next_rolls_the_settings_takes_the_published_file_and_archives_all_but_the_deferred_reports() {
    let (f, _) = august_with_a_deferred_event();
    let data = f.data();
    let refused = next(&f, &[]);
    assert_eq!(refused.status.code(), Some(2), "before publishing: {}", stderr(&refused));
    assert!(stderr(&refused).contains("publish August 1993 first"), "{}", stderr(&refused));

    let o = f.run(&["period"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let settings = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let started_from = std::fs::read(data.join("players.xlsx")).unwrap();

    let dry = next(&f, &["--dry-run"]);
    assert!(dry.status.success(), "{}", stderr(&dry));
    assert!(String::from_utf8_lossy(&dry.stdout).starts_with("Would start December 1993"));
    assert_eq!(std::fs::read_to_string(data.join("period.toml")).unwrap(), settings, "a dry run changes nothing");

    let o = next(&f, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(said.starts_with("Started December 1993"), "{said}");
    assert!(said.contains("1 archived; 1 kept for December 1993") && said.contains("V93002.xlsx  deferred"), "{said}");

    // The player of the deferred event, inactive since 1990, is not removed:
    // his games are rated next period (issue 36).
    assert!(said.contains("removed.xlsx  0 players the maintenance rule removed"), "{said}");
    assert!(!said.contains("A kept report names"), "{said}");
    assert_eq!(find(&read_players(&f.out().join("players.xlsx")), 3005).rating, Some(1200.0));

    let rolled = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let expected = settings
        .replace("\"August 1993\"", "\"December 1993\"")
        .replace("published    = 1993-08-01", "published    = 1993-12-01")
        .replace("start        = 1993-04-01", "start        = 1993-08-01")
        .replace("end          = 1993-07-31", "end          = 1993-11-30")
        .replace("active_since = 1992-01-01", "active_since = 1992-05-01");
    assert_eq!(rolled, expected);
    assert!(rolled.contains("# the list's name"), "comments are kept: {rolled}");
    assert_eq!(std::fs::read(data.join("players.xlsx")).unwrap(), std::fs::read(f.out().join("players.xlsx")).unwrap());

    let archive = data.join("archive/August-1993");
    assert_eq!(std::fs::read_to_string(archive.join("period.toml")).unwrap(), settings);
    assert_eq!(std::fs::read(archive.join("players.xlsx")).unwrap(), started_from);
    assert!(archive.join("removed.xlsx").is_file());
    assert!(archive.join("reports/V/V93001.xlsx").is_file() && !data.join("reports/V/V93001.xlsx").exists());
    assert!(data.join("reports/V/V93002.xlsx").is_file(), "the deferred report stays");

    // Run again before December is published: refused, nothing changed.
    let again = next(&f, &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("publish December 1993 first"), "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(data.join("period.toml")).unwrap(), rolled);

    // The next period publishes, rating the deferred event as it was
    // reported; the archive is no input.
    let o = f.run(&["period"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let december = find(&read_players(&f.out().join("players.xlsx")), 3005).clone();
    assert_eq!((december.games, december.last_played), (9, Some(date(1993, 8, 3))), "his game counted: {december:?}");
    let record = Record::open(&data.join("record.sqlite"), ratebook::record::Access::Read).unwrap();
    let periods = record.periods().unwrap();
    let names: Vec<&str> = periods.iter().map(|p| p.period.as_str()).collect();
    assert_eq!(names, ["August 1993", "December 1993"]);
    let files = record.input_files(periods[1].id).unwrap();
    assert!(
        files.iter().all(|(path, _)| !path.starts_with("archive")),
        "{:?}",
        files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    assert_eq!(record.event_codes(periods[1].id).unwrap().len(), 1);
}

#[test]
fn a_switch_conversion_is_applied_once_next_removes_it_and_says_so() {
    // Without a record, [switch] is how the ratings move to the new scale:
    // applied with August 1993, it must not be applied again in December.
    let (f, _) = august_with_a_deferred_event();
    let data = f.data();
    let toml = std::fs::read_to_string(data.join("period.toml")).unwrap();
    let toml: String = toml
        .lines()
        .map(|l| if l.starts_with("record ") { "record = false".to_string() } else { l.to_string() })
        .map(|l| l + "\n")
        .collect();
    std::fs::write(data.join("period.toml"), toml + "\n[switch]\ntimes = 1.0\nplus = 100.0\n").unwrap();
    let o = f.run(&["period"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let changed = "The rating system changed";
    let index = || std::fs::read_to_string(f.out().join("site/index.html")).unwrap();
    assert!(index().contains(changed), "August converts");

    let o = next(&f, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(said.contains("[switch]      removed from period.toml: August 1993 changed the rule set"), "{said}");
    let rolled = std::fs::read_to_string(data.join("period.toml")).unwrap();
    assert!(!rolled.contains("[switch]") && !rolled.contains("plus"), "{rolled}");

    let o = f.run(&["period"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!index().contains(changed), "December does not convert again");
    // Each confirmed player's December rating starts from August's published one.
    let august = read_players(&data.join("players.xlsx"));
    let december = read_players(&f.out().join("players.xlsx"));
    for p in august.players.iter().filter(|p| p.status == Status::Confirmed) {
        let now = find(&december, p.id).rating.unwrap();
        let before = p.rating.unwrap();
        assert!((now - before).abs() < 60.0, "{}: {before} → {now}, no second +100", p.id);
    }
}
