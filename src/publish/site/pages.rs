//! What each page of the site shows, as plain serialisable data built from
//! the rated period and the lists (the templates only lay it out).

use std::collections::HashMap;

use serde::Serialize;

use super::chart::{chart, Chart};
use super::{file_name, search_key, Publication};
use crate::model::dates::long_date;
use crate::rate::explanation::LineKind;
use crate::rate::Words;
use crate::rated::event::mark;
use crate::rated::lists::ListRow;
use crate::rated::RatedPlayer;
use crate::record::query::HistoryPoint;
use crate::statistics::Standing;

/// A player as lists on the site show him.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub id: u32,
    pub name: String,
    pub rating: String,
    pub games: u32,
    /// `+12`, `-3`, or empty.
    pub change: String,
    pub state: String,
    pub place: Option<u32>,
    /// A ranked list's figures after the rating, as printed (games, age, increase).
    pub figures: Vec<String>,
    /// His rating as each other list prints it, after the main list's (a
    /// state's page, when the period keeps several lists).
    pub lists: Vec<String>,
}

/// A whole number with its sign (`+12`, `-3`, `0`).
pub fn signed(x: i64) -> String {
    if x > 0 {
        format!("+{x}")
    } else {
        x.to_string()
    }
}

pub fn row(r: &ListRow) -> Row {
    Row {
        id: r.id,
        name: r.printed_name(),
        rating: r.rating.clone(),
        games: r.games,
        change: r.change.map(signed).unwrap_or_default(),
        state: r.state.clone(),
        place: r.place,
        figures: Vec::new(),
        lists: Vec::new(),
    }
}

/// A listed player as the index shows him.
fn index_row(p: &RatedPlayer) -> Row {
    Row {
        id: p.id,
        name: p.printed_name(),
        rating: p.printed.clone(),
        games: p.games,
        change: p.change.map(signed).unwrap_or_default(),
        state: p.state_code().to_string(),
        place: None,
        figures: Vec::new(),
        lists: Vec::new(),
    }
}

/// The index: every active player, in the collation's order, in chunks of
/// rows (a chunk is one table, laid out only when it comes into view), with
/// one search key per row and one line of sort values per row.
#[derive(Serialize)]
pub struct Index {
    pub chunks: Vec<Vec<Row>>,
    pub keys: String,
    /// What the headings sort by, a line per row in row order:
    /// `rating<TAB>games<TAB>change<TAB>state`, the rating in hundredths
    /// and the change as printed (empty where there is none).
    pub sort: String,
    pub count: usize,
}

/// The players with a page who are not on the list (inactive, never
/// played, or removed), whom the index's search finds too and marks: a
/// line each, in the collation's order,
/// `key<TAB>id<TAB>name<TAB>rating<TAB>state<TAB>mark`, as the script
/// `search-more.js` gives them to `search.js` (kept out of index.html,
/// which they would make longer for readers without scripts).
pub fn not_listed(input: &Publication) -> String {
    let rated = input.rated;
    let mut rows: Vec<&RatedPlayer> = rated.players.iter().filter(|r| !r.listed).collect();
    rows.sort_by(|a, b| a.name_key.cmp(&b.name_key).then(a.id.cmp(&b.id)));
    let clean = |t: &str| t.replace(['\t', '\n', '\r'], " ");
    let lines: Vec<String> = rows
        .iter()
        .map(|r| {
            let mark = if r.removed { "removed" } else { "inactive" };
            format!(
                "{}\t{}\t{}\t{}\t{}\t{mark}",
                search_key(&r.after.surname, &r.after.first_names, r.id),
                r.id,
                clean(&r.printed_name()),
                clean(&r.printed),
                clean(r.state_code())
            )
        })
        .collect();
    let text = serde_json::to_string(&lines.join("\n")).expect("a string").replace('<', "\\u003c");
    format!("// The players with a page who are not on the list, for the index's search (search.js).\nwindow.RATEBOOK_NOT_LISTED = {text};\n")
}

pub const CHUNK: usize = 250;

pub fn index(input: &Publication) -> Index {
    let rated = input.rated;
    let mut rows: Vec<&RatedPlayer> = rated.players.iter().filter(|r| r.listed).collect();
    rows.sort_by(|a, b| a.name_key.cmp(&b.name_key).then(a.id.cmp(&b.id)));
    let keys: Vec<String> = rows.iter().map(|r| search_key(&r.after.surname, &r.after.first_names, r.id)).collect();
    let sort: Vec<String> = rows
        .iter()
        .map(|r| {
            let rating = r.published.map(|v| (v * 100.0).round().to_string()).unwrap_or_default();
            let change = r.change.map(|c| c.to_string()).unwrap_or_default();
            format!("{rating}\t{}\t{change}\t{}", r.games, r.state_code())
        })
        .collect();
    let all: Vec<Row> = rows.iter().map(|r| index_row(r)).collect();
    let count = all.len();
    Index {
        chunks: all.chunks(CHUNK).map(<[Row]>::to_vec).collect(),
        keys: keys.join("\n"),
        sort: sort.join("\n"),
        count,
    }
}

/// One game on a player's page.
pub struct GameLine {
    pub round: Option<u32>,
    pub colour: &'static str,
    pub opponent: u32,
    pub opponent_name: String,
    pub opponent_rating: String,
    pub result: &'static str,
}

/// A player's games in one event.
pub struct EventGames {
    pub code: String,
    pub file: String,
    pub name: String,
    pub games: Vec<GameLine>,
}

/// One line of the calculation, as `ratebook explain` gives it.
pub struct CalcLine {
    pub kind: &'static str,
    pub depth: u8,
    pub text: String,
    pub player: Option<u32>,
    pub event: Option<String>,
}

/// A player's page.
#[derive(Serialize)]
pub struct PlayerPage {
    pub id: u32,
    pub name: String,
    pub state: Option<String>,
    pub state_file: Option<String>,
    pub state_name: Option<String>,
    /// The status, when it says more than that the player has a rating.
    pub status: Option<&'static str>,
    pub rating: String,
    pub games_period: u32,
    pub games_total: u32,
    pub change: String,
    /// In a period that changes the rule set: what the change did to his
    /// rating before the period's games, said apart from his change.
    pub switched: Option<String>,
    pub listed: bool,
    /// His place nationally and in his state by published rating, saying
    /// whom each counts ([`places`]).
    pub place: Option<String>,
    pub chart: Option<Chart>,
    /// His age band, and his percentile in the rated pool saying whom the
    /// pool holds ([`percentile`]).
    pub age_band: Option<String>,
    pub percentile: Option<String>,
    /// His record against each opponent over the recorded periods (the
    /// page prints `meeting_rows`).
    #[serde(skip)]
    pub meetings: Vec<super::statistics::MeetingLine>,
    /// Those lines as the table's rows (HTML).
    pub meeting_rows: minijinja::Value,
    /// The pages holding his opponents, when they are too many for this one: (file, label).
    pub meeting_parts: Vec<(String, String)>,
    /// This period's games by event and the calculation (the page prints
    /// them as [`game_tables`] and [`calculation_items`] make them).
    #[serde(skip)]
    pub events: Vec<EventGames>,
    #[serde(skip)]
    pub calculation: Vec<CalcLine>,
    /// The further pages holding his games and calculation, when they are
    /// too long for this one: (file, label).
    pub parts: Vec<(String, String)>,
    /// His line on every rating list, and the other lists' history charts
    /// (none: a folder of one list).
    pub lists: Vec<super::lists::ListLine>,
    pub list_charts: Vec<super::lists::ListChart>,
}

/// A player's games by event as the page's tables (HTML): a heading and a
/// table for each event. Written here rather than by a template loop: the
/// world-sized site prints a million of these rows.
pub fn game_tables(events: &[EventGames], words: &Words) -> minijinja::Value {
    use minijinja::HtmlEscape as E;
    use std::fmt::Write;
    let rows: usize = events.iter().map(|e| e.games.len()).sum();
    let mut html = String::with_capacity(events.len() * 300 + rows * 160);
    for e in events {
        let _ = write!(
            html,
            "<h3><a href=\"../events/{}.html\">{}</a> <span class=\"code\">{}</span></h3>\n<table class=\"list games\">\n\
             <thead><tr><th scope=\"col\">Round<th scope=\"col\">Colour<th scope=\"col\">Opponent<th scope=\"col\">{}\
             <th scope=\"col\">Result</thead>\n<tbody>\n",
            E(&e.file),
            E(&e.name),
            E(&e.code),
            E(words.rating_title)
        );
        for g in &e.games {
            html.push_str("<tr><td class=\"num\">");
            if let Some(round) = g.round {
                let _ = write!(html, "{round}");
            }
            let _ = writeln!(
                html,
                "<td>{}<td><a href=\"{}.html\">{}</a><td class=\"num\">{}<td class=\"result\">{}",
                g.colour,
                g.opponent,
                E(&g.opponent_name),
                E(&g.opponent_rating),
                g.result
            );
        }
        html.push_str("</tbody>\n</table>\n");
    }
    minijinja::Value::from_safe_string(html)
}

/// The calculation's lines as the list's items (HTML), each linked to the
/// player or event it names.
pub fn calculation_items(lines: &[CalcLine]) -> minijinja::Value {
    use minijinja::HtmlEscape as E;
    use std::fmt::Write;
    let mut html = String::with_capacity(lines.iter().map(|l| l.text.len() + 60).sum());
    for l in lines {
        if l.kind == "blank" {
            html.push_str("<li class=\"blank\" aria-hidden=\"true\">\n");
            continue;
        }
        let _ = write!(html, "<li class=\"{} depth-{}\">", l.kind, l.depth);
        let text = E(&l.text);
        let _ = match (&l.player, &l.event) {
            (Some(player), _) => writeln!(html, "<a href=\"{player}.html\">{text}</a>"),
            (None, Some(event)) => writeln!(html, "<a href=\"../events/{}.html\">{text}</a>", E(event)),
            (None, None) => writeln!(html, "{text}"),
        };
    }
    minijinja::Value::from_safe_string(html)
}

/// One further page of a player's games or calculation.
pub struct Part {
    pub events: Vec<EventGames>,
    pub calculation: Vec<CalcLine>,
    /// Whether the part begins the calculation.
    pub first_calculation: bool,
}

/// Games a further page holds at most, and lines of the calculation.
const GAMES_PER_PART: usize = 80;
const LINES_PER_PART: usize = 120;

/// Moves a page's games and calculation into further pages (games first,
/// an event's games continued on the next part when they do not fit).
pub fn split(page: &mut PlayerPage) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut current: Vec<EventGames> = Vec::new();
    let mut count = 0;
    for event in std::mem::take(&mut page.events) {
        let EventGames { code, file, name, games } = event;
        for game in games {
            if count == GAMES_PER_PART {
                parts.push(Part {
                    events: std::mem::take(&mut current),
                    calculation: Vec::new(),
                    first_calculation: false,
                });
                count = 0;
            }
            match current.last_mut() {
                Some(last) if last.code == code => last.games.push(game),
                _ => current.push(EventGames {
                    code: code.clone(),
                    file: file.clone(),
                    name: name.clone(),
                    games: vec![game],
                }),
            }
            count += 1;
        }
    }
    if !current.is_empty() {
        parts.push(Part { events: current, calculation: Vec::new(), first_calculation: false });
    }
    let lines = std::mem::take(&mut page.calculation);
    let mut first = true;
    let mut rest = lines.into_iter().peekable();
    while rest.peek().is_some() {
        let chunk: Vec<CalcLine> = rest.by_ref().take(LINES_PER_PART).collect();
        parts.push(Part { events: Vec::new(), calculation: chunk, first_calculation: first });
        first = false;
    }
    parts
}

/// The page of the player at `p` (his place in [`crate::rated::Rated::players`]);
/// `at` finds a player's place from his ID.
pub fn player(input: &Publication, p: usize, at: &HashMap<u32, usize>) -> PlayerPage {
    let rated = &input.rated.players[p];
    let after = &rated.after;
    let system = input.rated.system();
    let name = rated.name.clone();
    let standing = input.statistics.standings.get(&after.id);
    let meetings = super::statistics::meeting_lines(input.statistics.meetings.get(&after.id), |id| match at.get(&id) {
        Some(&k) => Some((input.rated.players[k].name.clone(), true)),
        None => input.statistics.former_names.get(&id).map(|name| (name.clone(), false)),
    });
    let mut history: Vec<HistoryPoint> = input.history.get(&after.id).cloned().unwrap_or_default();
    // The chart's last point is the rating his caption and table print: a
    // removed player's too (he has no published rating on the new list, but
    // his page shows the rating he was removed with).
    history.push(HistoryPoint {
        period: input.rated.period.config.period.clone(),
        rating: after.published_rating(),
        printed: rated.printed.clone(),
    });
    let mut events: Vec<EventGames> = Vec::new();
    for &(e, g) in &rated.played {
        let event = &input.rated.period.events[e as usize];
        let game = &input.rated.events[e as usize].games[g as usize];
        let opponent = game.opponent_of(after.id);
        let opponent_player = at.get(&opponent).map(|&i| &input.rated.players[i]);
        let line = GameLine {
            round: game.round,
            colour: if game.white == after.id { "White" } else { "Black" },
            opponent,
            opponent_name: opponent_player.map(|o| o.name.clone()).unwrap_or_default(),
            opponent_rating: opponent_player.map(|o| o.counted.clone()).unwrap_or_default(),
            result: mark(game.score_of(after.id)),
        };
        match events.last_mut() {
            Some(last) if last.code == event.code => last.games.push(line),
            _ => events.push(EventGames {
                code: event.code.clone(),
                file: file_name(&event.code),
                name: event.name.clone(),
                games: vec![line],
            }),
        }
    }
    let calculation = crate::rate::explain(system, &input.rated.period, &input.rated.ratings, p)
        .lines
        .into_iter()
        .map(|l| CalcLine {
            kind: match l.kind {
                LineKind::Heading => "heading",
                LineKind::Event => "event",
                LineKind::Game => "game",
                LineKind::Step => "step",
                LineKind::Text => "text",
                LineKind::Blank => "blank",
            },
            depth: l.depth,
            text: l.text,
            player: l.player,
            event: l.event.map(|e| file_name(&e)),
        })
        .collect();
    let state_name = after.state.as_deref().and_then(|s| input.rated.period.config.state_name(s)).map(str::to_string);
    let (lists, list_charts) = super::lists::of_player(input, after.id, p);
    PlayerPage {
        id: after.id,
        name: name.clone(),
        state_file: after.state.as_deref().map(file_name),
        state: after.state.clone(),
        state_name,
        status: if rated.removed {
            Some("removed")
        } else {
            let words = system.words();
            words.status_tells(after.status).then(|| words.status(after.status))
        },
        rating: rated.printed.clone(),
        games_period: rated.games,
        games_total: after.games,
        change: rated.change.map(signed).unwrap_or_default(),
        switched: input.rated.period.switched.as_ref().and_then(|s| {
            let moved = rated.from_switch?;
            Some(format!("{} from the change of rating system to {} before this period's games", signed(moved), s.to))
        }),
        listed: rated.listed,
        place: places(rated, input.rated.period.config.state_name(rated.state_code()), &system.words()),
        chart: chart(&name, &history, system.words().rating),
        // (An age band tells an age: not with `[site] birth = "none"`.)
        age_band: standing.filter(|_| input.rated.period.config.birth.shown()).map(|s| s.age_band.to_string()),
        percentile: standing.and_then(|s| percentile(&s, &system.words(), input.rated.period.config.active_since)),
        meeting_rows: super::statistics::meeting_rows(&meetings),
        meetings,
        meeting_parts: Vec::new(),
        events,
        calculation,
        parts: Vec::new(),
        lists,
        list_charts,
    }
}

/// His places by published rating, each saying whom it counts: "2 of 2505
/// active players with a published rating (provisional or confirmed); 1 of
/// 306 in Victoria". (The rated pool of the percentile is smaller where a
/// rule set has provisional ratings: the page says so in both lines.)
fn places(rated: &RatedPlayer, state_name: Option<&str>, words: &Words) -> Option<String> {
    let (place, of) = rated.national_rank?;
    let statuses = words.provisional.map(|p| format!(" ({p} or {})", words.confirmed)).unwrap_or_default();
    let mut text = format!("{place} of {of} active players with a published {}{statuses}", words.rating);
    if let Some((place, of)) = rated.state_rank {
        text.push_str(&format!("; {place} of {of} in {}", state_name.unwrap_or(rated.state_code())));
    }
    Some(text)
}

/// His percentile and whom it counts: "99.9%: the share of the rated pool
/// (the 2034 confirmed players active since 1 July 1991) rated below him,
/// or him" (rounded down: 100% is only the player alone at the top).
fn percentile(standing: &Standing, words: &Words, active_since: chrono::NaiveDate) -> Option<String> {
    let p = standing.percentile?;
    Some(format!(
        "{p:.1}%: the share of the rated pool (the {} {} players active since {}) {} below him, or him",
        standing.pool,
        words.confirmed,
        long_date(active_since),
        words.rated
    ))
}
