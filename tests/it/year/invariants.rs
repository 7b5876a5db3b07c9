//! What must hold after every step of an officer's year: every figure
//! published in the output folder is the one the record holds as current
//! (the player file, the public workbook, the site's pages and downloads,
//! the booklet's lists); no game is rated twice (each event rated in one
//! period, each period started from the list the one before ended with);
//! and the whole chain, rated again from the inputs the record keeps, gives
//! the current lists.

use std::collections::HashMap;
use std::path::Path;

use ratebook::rated::Rated;
use ratebook::record::replay::{replay, Recorded, Replayed, Replayer, Track, Under};
use ratebook::record::{Access, PeriodLines, PlayerLine, Record, RevisionInfo};

/// Checks every invariant, saying at which `step` one failed.
pub fn check(out: &Path, record: &Path, step: &str) {
    let open = Record::open(record, Access::Read).unwrap();
    no_game_rated_twice(&open, step);
    the_chain_rated_again_gives_the_current_lists(&open, step);
    if out.join(".ratebook-record").is_file() {
        output_shows_the_record(out, &open, step);
    }
}

/// The current revision of every recorded period, oldest first, with its lines.
fn current(record: &Record) -> Vec<(RevisionInfo, Vec<PlayerLine>)> {
    record.periods().unwrap().into_iter().map(|p| (p.clone(), record.player_lines(p.id).unwrap())).collect()
}

/// Whether two ratings are the same figure.
fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-6,
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// The output folder holds the publication of the latest period's current
/// revision (its token), and every figure it publishes is the record's.
pub fn output_shows_the_record(out: &Path, record: &Record, step: &str) {
    let periods = current(record);
    let (latest, lines) = periods.last().expect("a period is recorded");
    let token = std::fs::read_to_string(out.join(".ratebook-record")).unwrap();
    let recorded = record.current_token(&latest.period).unwrap().unwrap();
    assert_eq!(token.trim(), recorded, "{step}: the output folder holds {} as the record holds it now", latest.period);
    let by_id: HashMap<u32, &PlayerLine> = lines.iter().map(|l| (l.id, l)).collect();

    // The next player file: every player kept, his rating and games.
    let file = crate::common::read_players(&out.join("players.xlsx"));
    for p in &file.players {
        let line = by_id.get(&p.id).unwrap_or_else(|| panic!("{step}: {} in players.xlsx, not in the record", p.id));
        assert!(
            same(p.rating, line.rating),
            "{step}: players.xlsx has {} at {:?}, the record {:?}",
            p.id,
            p.rating,
            line.rating
        );
        assert_eq!(p.games, line.games_total, "{step}: {}'s games in players.xlsx", p.id);
    }
    let kept = lines.iter().filter(|l| l.status.as_str() != "removed").count();
    assert_eq!(file.players.len(), kept, "{step}: players.xlsx holds every player the record keeps");

    // The public workbook's lists: the rating and its mark as printed.
    let workbook = out.join("ratings.xlsx");
    let mut shown = 0;
    for sheet in sheets(&workbook) {
        let rows = crate::common::sheet_rows(&workbook, &sheet);
        let Some(head) = rows.first() else { continue };
        let col = |name: &str| head.iter().position(|h| h == name);
        let (Some(id), Some(rating), Some(mark)) = (col("ID"), col("Rating").or(col("Grade")), col("Mark")) else {
            continue;
        };
        for row in &rows[1..] {
            let Ok(player) = row[id].parse::<u32>() else { continue };
            let line = by_id[&player];
            let printed = format!("{}{}", row[rating], row[mark]);
            assert_eq!(printed, line.printed, "{step}: ratings.xlsx sheet {sheet} prints {player} as {printed}");
            shown += 1;
        }
    }
    assert!(shown > 0, "{step}: ratings.xlsx lists players");

    let site = out.join("site");
    if site.is_dir() {
        site_shows_the_record(&site, &by_id, step);
    }
    booklet_shows_the_record(out, lines, step);
}

/// The site's downloads and every player's page print the record's figures.
fn site_shows_the_record(site: &Path, by_id: &HashMap<u32, &PlayerLine>, step: &str) {
    let json = std::fs::read(site.join("downloads/ratings.json")).unwrap();
    let list: Vec<serde_json::Value> = serde_json::from_slice(&json).unwrap();
    assert!(!list.is_empty(), "{step}: ratings.json lists players");
    for entry in &list {
        let id = entry["id"].as_u64().unwrap() as u32;
        let line = by_id[&id];
        assert_eq!(entry["printed"].as_str().unwrap(), line.printed, "{step}: ratings.json prints {id}");
        // (A rating is published only when the list prints one.)
        let published = line.rating.filter(|_| line.is_rated());
        let rating = entry["rating"].as_f64();
        assert!(same(rating, published), "{step}: ratings.json rates {id} {rating:?}, the record {:?}", line.rating);
        let page = std::fs::read_to_string(site.join(format!("players/{id}.html"))).unwrap();
        let shown = page.split("class=\"rating\">").nth(1).and_then(|rest| rest.split('<').next());
        match shown {
            Some(shown) => assert_eq!(shown, line.printed, "{step}: players/{id}.html prints {shown}"),
            None => assert!(page.contains(&format!(">{}<", line.printed)), "{step}: players/{id}.html"),
        }
    }
}

/// The booklet's state lists (its text, as `pdftotext` reads it) print each
/// active player at the record's rating: `RATING GAMES NAME` on his line.
fn booklet_shows_the_record(out: &Path, lines: &[PlayerLine], step: &str) {
    let Ok(text) =
        std::process::Command::new("pdftotext").args(["-layout"]).arg(out.join("booklet.pdf")).arg("-").output()
    else {
        return;
    };
    let text = String::from_utf8_lossy(&text.stdout).to_string();
    // The state lists, from the section's heading to the events.
    let Some(start) = text.match_indices("Active Players").nth(1).map(|(at, _)| at) else { return };
    let lists = &text[start..];
    let (mut checked, mut listed) = (0, 0);
    for line in lines.iter().filter(|l| l.status.is_listed()) {
        listed += 1;
        // (A namesake's name is followed by his ID.)
        let name = format!("{}, {}", line.surname, line.first_names);
        let with_id = format!("{name} ({})", line.id);
        let printed_before = |name: &str| -> Vec<&str> {
            lists
                .match_indices(name)
                .filter(|(at, _)| {
                    let after = &lists[at + name.len()..];
                    after.starts_with([' ', '\n']) && !after.starts_with(" (")
                })
                .filter_map(|(at, _)| lists[..at].split_whitespace().rev().nth(1))
                .collect()
        };
        let found = match printed_before(&with_id) {
            found if found.is_empty() => printed_before(&name),
            found => found,
        };
        if found.len() == 1 {
            assert_eq!(found[0], line.printed, "{step}: the booklet prints {name} ({}) as {}", line.id, found[0]);
            checked += 1;
        }
    }
    assert!(checked * 2 >= listed, "{step}: the booklet's lists were read ({checked} of {listed} players)");
}

/// The sheets of a workbook, by name.
fn sheets(path: &Path) -> Vec<String> {
    use calamine::Reader;
    let book = calamine::open_workbook_auto(path).unwrap();
    book.sheet_names().to_vec()
}

/// No game is rated twice: each event is rated in one period only, and
/// each period starts from the list the period before it ended with (its
/// recorded player file carries the ratings and games of that list; a
/// period that switches rule sets starts from the states derived for it).
pub fn no_game_rated_twice(record: &Record, step: &str) {
    let twice = |sql: &str| -> Vec<String> {
        let mut stmt = record.connection().prepare(sql).unwrap();
        stmt.query_map([], |r| r.get::<_, String>(0)).unwrap().map(Result::unwrap).collect()
    };
    let events = twice(
        "SELECT UPPER(code) FROM events WHERE disposition IN ('rated', 'late') GROUP BY UPPER(code) HAVING COUNT(*) > 1",
    );
    assert!(events.is_empty(), "{step}: events rated in two periods: {events:?}");
    let games = twice("SELECT event FROM games GROUP BY event HAVING COUNT(DISTINCT period) > 1");
    assert!(games.is_empty(), "{step}: games of one event rated in two periods: {games:?}");
    let periods = current(record);
    for pair in periods.windows(2) {
        let ((before, ended), (after, _)) = (&pair[0], &pair[1]);
        if before.system != after.system {
            // (A switch starts from the new rule set's states, derived from
            // the history: the chain rated again checks it.)
            continue;
        }
        let files = record.input_files(after.id).unwrap();
        let (name, bytes) = files.iter().find(|(name, _)| name.starts_with("players.")).unwrap();
        let (started, _) = ratebook::formats::player_file::read_player_file_bytes(bytes, name);
        let ended: HashMap<u32, &PlayerLine> = ended.iter().map(|l| (l.id, l)).collect();
        let mut compared = 0;
        for p in &started.players {
            let Some(line) = ended.get(&p.id) else { continue };
            assert!(
                same(p.rating, line.rating) && p.games == line.games_total,
                "{step}: {} starts from {}'s rating {:?} ({} games), but {} ended with {:?} ({} games): rated twice or lost",
                after.period,
                p.id,
                p.rating,
                p.games,
                before.period,
                line.rating,
                line.games_total
            );
            compared += 1;
        }
        assert!(compared > 0, "{step}: {} starts from {}'s list", after.period, before.period);
    }
}

/// The periods replayed from the first, as `rerate` replays them: each
/// period's lines.
struct Lines {
    before: Vec<PlayerLine>,
    periods: Vec<(String, Vec<PlayerLine>)>,
}

impl Replayer for Lines {
    fn rated(
        &mut self,
        revision: &RevisionInfo,
        read: Recorded,
        rated: Vec<Replayed>,
        _: &mut ratebook::timings::Timings,
    ) -> anyhow::Result<()> {
        let r = rated.into_iter().next().expect("one track");
        let baseline = ratebook::record::lines::baseline(&self.before);
        let rated = Rated::new(r.period, r.ratings, &baseline);
        let lists = ratebook::rated::RatedLists { main: rated, others: Vec::new() };
        let lines = PeriodLines::of(&lists, read.inputs).players;
        self.before = lines.clone();
        self.periods.push((revision.period.clone(), lines));
        Ok(())
    }
}

/// The whole chain rated again from the inputs the record keeps (each
/// period from the ratings the one before carried into it, under its own
/// rule set, through a switch) gives each period's current list.
pub fn the_chain_rated_again_gives_the_current_lists(record: &Record, step: &str) {
    let periods = current(record);
    let chain: Vec<RevisionInfo> = periods.iter().map(|(p, _)| p.clone()).collect();
    let mut lines = Lines { before: Vec::new(), periods: Vec::new() };
    let mut tracks = [Track::new(Under::Recorded)];
    let mut timings = ratebook::timings::Timings::default();
    let crossing = ratebook::record::switch::DeriveAgain;
    replay(record, &chain, &mut tracks, &mut lines, &crossing, &mut timings).unwrap();
    for ((period, again), (_, recorded)) in lines.periods.iter().zip(&periods) {
        let again: HashMap<u32, &PlayerLine> = again.iter().map(|l| (l.id, l)).collect();
        assert_eq!(again.len(), recorded.len(), "{step}: {period} rated again holds as many players");
        for line in recorded {
            let other = again.get(&line.id).unwrap_or_else(|| panic!("{step}: {period} rated again lacks {}", line.id));
            assert!(
                same(other.rating, line.rating) && other.printed == line.printed && other.status == line.status,
                "{step}: {period} rated again gives {} {:?} ({}), the record {:?} ({})",
                line.id,
                other.rating,
                other.printed,
                line.rating,
                line.printed
            );
        }
    }
}
