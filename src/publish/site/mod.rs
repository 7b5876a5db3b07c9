//! The published site, `output/site/`: static pages that open from disk or
//! any web host (site.md): the searchable index of active players, the top
//! lists, a page per state, player and event, the events and their
//! dispositions, the rules with their tables, and the list as downloads.
//! The pages are HTML templates (`templates/site/`, through minijinja, the
//! text escaped), restyled from one stylesheet, `site.css`. Nothing is
//! fetched from elsewhere, and the same inputs give the same bytes.

pub mod calculator;
pub mod chart;
pub mod downloads;
mod folder;
mod lists;
mod pages;
mod rules;
mod statistics;

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result};
use minijinja::{context, Environment};
use rayon::prelude::*;
use serde::Serialize;

use super::Publication;
use crate::model::names;
use crate::output_folder::names::{self as files, DOWNLOADS};
use crate::rate::Words;
use crate::rated::event::points_text;
use folder::SiteFolder;
use pages::{row, signed, Row};

/// The templates and static files, compiled into the binary.
const TEMPLATES: [(&str, &str); 19] = [
    ("base.html", include_str!("../../../templates/site/base.html")),
    ("index.html", include_str!("../../../templates/site/index.html")),
    ("top.html", include_str!("../../../templates/site/top.html")),
    ("state.html", include_str!("../../../templates/site/state.html")),
    ("player.html", include_str!("../../../templates/site/player.html")),
    ("chart.html", include_str!("../../../templates/site/chart.html")),
    ("event.html", include_str!("../../../templates/site/event.html")),
    ("events.html", include_str!("../../../templates/site/events.html")),
    ("rules.html", include_str!("../../../templates/site/rules.html")),
    ("downloads.html", include_str!("../../../templates/site/downloads.html")),
    ("rows.html", include_str!("../../../templates/site/rows.html")),
    ("games.html", include_str!("../../../templates/site/games.html")),
    ("calculation.html", include_str!("../../../templates/site/calculation.html")),
    ("player_part.html", include_str!("../../../templates/site/player_part.html")),
    ("statistics.html", include_str!("../../../templates/site/statistics.html")),
    ("meetings.html", include_str!("../../../templates/site/meetings.html")),
    ("opponents.html", include_str!("../../../templates/site/opponents.html")),
    ("calculator.html", include_str!("../../../templates/site/calculator.html")),
    ("what_if.html", include_str!("../../../templates/site/what_if.html")),
];
const STYLESHEET: &str = include_str!("../../../templates/site/site.css");
const SEARCH: &str = include_str!("../../../templates/site/search.js");
/// The site's icon (the browser asks every page for one).
const FAVICON: &str = include_str!("../../../templates/site/favicon.svg");

/// The most a player's page may weigh (site.md: 40 KB); a heavier one is
/// split.
const PAGE_BYTES: usize = 38_000;

/// What a site holds, for the summary and the benchmarks.
#[derive(Debug, Clone, Default)]
pub struct SiteStats {
    pub pages: usize,
    pub largest_player_page: usize,
    /// Files whose bytes the previous publication's site had already: kept
    /// (the same file under a second name), not written again.
    pub kept: usize,
    /// The SHA-256 of each file written, by its path within the site,
    /// taken while its bytes were at hand (the record's digest of the
    /// outputs need not read them back).
    pub digests: Vec<(String, String)>,
}

/// The search key of a player: his name folded (see [`fold`]) and his ID.
pub fn search_key(surname: &str, first_names: &str, id: u32) -> String {
    format!("{} {id}", fold(&format!("{surname} {first_names}"))).trim().to_string()
}

/// The apostrophes a name may be typed with: dropped, not spaces, so that
/// `oshea` finds O'Shea (and `o shea` and `shea` still do).
pub const APOSTROPHES: [char; 6] = ['\'', '\u{2019}', '\u{2018}', '\u{02BC}', '`', '\u{00B4}'];

/// A name as the search box compares it: [`names::fold_letters`] (marks
/// dropped, `ø`, `đ`, `ß` … spelt out, Cyrillic folded too: `й` → `и`),
/// apostrophes dropped (as identity matching, [`names::fold`], drops them:
/// O'Brien is `obrien`), then anything else but letters and digits one
/// space. `search.js` folds what is typed the same way.
pub fn fold(text: &str) -> String {
    let letters = names::fold_letters(text, names::LetterFolding::default());
    let words: String = letters
        .chars()
        .filter(|c| !APOSTROPHES.contains(c))
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    words.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A code as a file name: kept when it is letters, digits, `-` and `_`
/// only; otherwise those kept and the rest as `~XXXX` (its code point).
pub fn file_name(code: &str) -> String {
    let mut out = String::new();
    for c in code.chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            out.push(c);
        } else {
            out += &format!("~{:04X}", c as u32);
        }
    }
    if out.is_empty() {
        out.push('~');
    }
    out
}

/// The template environment: the built-in templates, or those of a
/// templates folder's `site/` when it has them.
fn environment(templates: Option<&Path>) -> Result<Environment<'static>> {
    let mut env = Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    for (name, source) in TEMPLATES {
        let own = templates.map(|dir| dir.join("site").join(name)).filter(|p| p.is_file());
        let text = match own {
            Some(path) => std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?,
            None => source.to_string(),
        };
        env.add_template_owned(name.to_string(), text).with_context(|| format!("the site template {name}"))?;
    }
    Ok(env)
}

/// What every page gets.
#[derive(Serialize)]
struct Common<'a> {
    federation: &'a str,
    period: &'a str,
    published: String,
    states: Vec<(String, String, String)>,
    /// The rule set's words, which every page prints.
    words: Words,
    /// What changed when this list changed the rule set (none: no change).
    switched: Option<String>,
}

/// Writes the site into `dir` (which must not exist yet). A file whose bytes
/// are those of the same file in `previous` (the site published last time)
/// is that file under a second name: a re-run whose inputs changed in a few
/// reports writes only the pages whose content changed.
pub fn write_site(dir: &Path, previous: Option<&Path>, input: &Publication) -> Result<SiteStats> {
    let templates = input.templates;
    let hashed = input.rated.period.config.record.is_some();
    let folder = &SiteFolder::new(dir, previous.filter(|p| p.is_dir()), hashed);
    let env = environment(templates)?;
    let c = &input.rated.period.config;
    let common = Common {
        federation: &c.federation,
        period: &c.period,
        published: crate::model::dates::long_date(c.published),
        states: c.states.iter().map(|(code, name)| (code.clone(), name.clone(), file_name(code))).collect(),
        words: input.rated.system().words(),
        switched: input.rated.period.switched.as_ref().map(crate::switch::Switched::sentence),
    };
    for sub in ["players", "events", "states", DOWNLOADS] {
        std::fs::create_dir_all(dir.join(sub)).with_context(|| format!("creating {}", dir.join(sub).display()))?;
    }
    let write = |rel: &str, text: &[u8]| folder.write(rel, text);
    // What every page shows, made a template value once for all of them.
    let common = minijinja::Value::from_serialize(&common);
    // A page rendered straight into a buffer of about its size; `root`
    // leads from the page's folder back to the site's (a path of ours,
    // written as it is: escaped, each `/` would take six bytes).
    let render = |name: &str, root: &str, ctx: minijinja::Value| -> Result<Vec<u8>> {
        let template = env.get_template(name)?;
        let mut page = Vec::with_capacity(PAGE_BYTES / 2);
        let root = minijinja::Value::from_safe_string(root.to_string());
        template.render_captured_to(context! { site => common.clone(), root => root, ..ctx }, &mut page)?;
        Ok(page)
    };
    for (name, built_in) in [("site.css", STYLESHEET), ("search.js", SEARCH), ("favicon.svg", FAVICON)] {
        // A templates folder's own stylesheet (or script) replaces ours.
        match templates.map(|dir| dir.join("site").join(name)).filter(|p| p.is_file()) {
            Some(own) => {
                std::fs::copy(&own, dir.join(name)).with_context(|| format!("copying {}", own.display()))?;
            }
            None => write(name, built_in.as_bytes())?,
        }
    }
    let mut stats = SiteStats::default();

    // The what-if calculator: its script (the rule set's settings and part
    // first; a templates folder's own `calculator.js` replaces the site's
    // part) and its page.
    let system = input.rated.system();
    let what_if = calculator::SiteCalculator::new(system, c);
    let shared = match templates.map(|dir| dir.join("site").join("calculator.js")).filter(|p| p.is_file()) {
        Some(own) => std::fs::read_to_string(&own).with_context(|| format!("reading {}", own.display()))?,
        None => calculator::SCRIPT.to_string(),
    };
    write("calculator.js", what_if.script(&shared).as_bytes())?;
    let calculator_page = what_if.page();
    write("calculator.html", &render("calculator.html", "", context! { calculator => &calculator_page })?)?;
    stats.pages += 1;
    let columns: &[String] =
        input.rated.ratings.extra_columns.as_deref().unwrap_or(&input.rated.period.players.extra_columns);

    let index = pages::index(input);
    write(files::SITE_INDEX, &render("index.html", "", context! { index => &index })?)?;
    write("search-more.js", pages::not_listed(input).as_bytes())?;
    // The main list's top lists, then each other list's, named after it.
    let others = input.others.iter().map(|o| (format!("{} ", crate::model::lists::list_title(o.name)), o.rated));
    let top: Vec<(String, String, Vec<Row>, Vec<&str>)> = std::iter::once((String::new(), input.rated))
        .chain(others)
        .flat_map(|(prefix, rated)| rated.lists.ranked.iter().map(move |t| (prefix.clone(), t)))
        .map(|(prefix, t)| {
            let rows = t
                .rows
                .iter()
                .map(|r| Row { figures: t.figures.iter().zip(&r.figures).map(|(f, v)| f.text(*v)).collect(), ..row(r) })
                .collect();
            let headings = t.figures.iter().map(|f| f.heading()).collect();
            (format!("{prefix}{}", t.title), t.subtitle.clone(), rows, headings)
        })
        .collect();
    write("top.html", &render("top.html", "", context! { lists => &top })?)?;
    let statistics_page = statistics::page(input.statistics);
    // Each other list's statistics on a page of its own, which the main
    // list's names.
    let list_statistics: Vec<(String, String)> = input
        .others
        .iter()
        .map(|o| (crate::model::lists::list_title(o.name), format!("statistics-{}.html", file_name(o.name))))
        .collect();
    let context = context! { page => &statistics_page, lists => &list_statistics };
    write("statistics.html", &render("statistics.html", "", context)?)?;
    for (other, (title, file)) in input.others.iter().zip(&list_statistics) {
        let page = statistics::page(other.statistics);
        write(file, &render("statistics.html", "", context! { page => &page, list => title })?)?;
    }
    stats.pages += list_statistics.len();
    // A state's players with a column for each list (the main list's first).
    let titles: Vec<String> = input.others.iter().map(|o| crate::model::lists::list_title(o.name)).collect();
    let main_title = c.main_list().map(|k| crate::model::lists::list_title(&c.rating_lists[k].name));
    let printed_on: Vec<HashMap<u32, &str>> =
        input.others.iter().map(|o| o.rated.players.iter().map(|p| (p.id, p.printed.as_str())).collect()).collect();
    for (code, name, rows) in &input.rated.lists.states {
        let on_lists = |id: u32| printed_on.iter().map(move |on| on.get(&id).copied().unwrap_or_default().to_string());
        let rows: Vec<Row> = rows.iter().map(|r| Row { lists: on_lists(r.id).collect(), ..row(r) }).collect();
        let context = context! { code => code, name => name, rows => &rows, lists => &titles, main => &main_title };
        let page = render("state.html", "../", context)?;
        write(&format!("states/{}.html", file_name(code)), &page)?;
    }
    stats.pages += 3 + input.rated.lists.states.len();

    // Events: every event's line, and a page for each.
    let events = event_pages(input);
    write("events.html", &render("events.html", "", context! { events => &events })?)?;
    with_file_writer(folder, |files| {
        for batch in events.chunks(BATCH) {
            let pages = batch
                .par_iter()
                .map(|e| Ok((format!("events/{}.html", e.file), render("event.html", "../", context! { event => e })?)))
                .collect::<Result<Vec<SiteFile>>>()?;
            send(files, pages)?;
        }
        Ok(())
    })?;
    stats.pages += 1 + events.len();

    let tables = input.rated.system().tables();
    let text = input.rated.system().rules_text();
    let rules = rules::to_html(text.text, text.legend).map_err(anyhow::Error::msg).context("rules.html")?;
    let rules = minijinja::Value::from_safe_string(rules);
    write("rules.html", &render("rules.html", "", context! { tables => &tables, rules => rules })?)?;

    // Players: one page each, side by side.
    let words = input.rated.system().words();
    let at: HashMap<u32, usize> = input.rated.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    // A player's page, and the further pages of a heavy one; its size.
    let player_files = |p: usize| -> Result<(Vec<SiteFile>, usize)> {
        let mut page = pages::player(input, p, &at);
        let mut files = Vec::new();
        if page.meetings.len() > statistics::MEETINGS_ON_PAGE {
            // A player of many opponents: they go on pages of their own.
            let chunks: Vec<Vec<statistics::MeetingLine>> =
                std::mem::take(&mut page.meetings).chunks(statistics::MEETINGS_ON_PAGE).map(|c| c.to_vec()).collect();
            let names: Vec<(String, String)> = (1..=chunks.len())
                .map(|k| {
                    (format!("{}-opponents-{k}.html", page.id), format!("opponents, part {k} of {}", chunks.len()))
                })
                .collect();
            for (k, chunk) in chunks.iter().enumerate() {
                let text = render(
                    "opponents.html",
                    "../",
                    context! {
                        id => page.id, name => &page.name, label => &names[k].1, parts => &names,
                        rows => statistics::meeting_rows(chunk),
                    },
                )?;
                files.push((format!("players/{}", names[k].0), text));
            }
            page.meeting_parts = names;
            page.meeting_rows = statistics::meeting_rows(&[]);
        }
        let state = what_if.state(system, &input.rated.players[p].after, columns);
        let state = minijinja::Value::from_safe_string(state);
        let player_page = |page: &pages::PlayerPage| {
            let events = pages::game_tables(&page.events, &words);
            let calculation = pages::calculation_items(&page.calculation);
            render(
                "player.html",
                "../",
                context! {
                    player => page, events => events, calculation => calculation,
                    what_if => &state, calculator => &calculator_page,
                },
            )
        };
        let mut text = player_page(&page)?;
        if text.len() > PAGE_BYTES {
            // A player with hundreds of games: his games and calculation
            // go on further pages, each within the bound.
            let parts = pages::split(&mut page);
            let names: Vec<(String, String)> = (1..=parts.len())
                .map(|k| (format!("{}-{k}.html", page.id), format!("part {k} of {}", parts.len())))
                .collect();
            for (k, part) in parts.iter().enumerate() {
                let text = render(
                    "player_part.html",
                    "../",
                    context! {
                        id => page.id, name => &page.name, label => &names[k].1, parts => &names,
                        events => pages::game_tables(&part.events, &words),
                        calculation => pages::calculation_items(&part.calculation),
                        first_calculation => part.first_calculation,
                    },
                )?;
                files.push((format!("players/{}", names[k].0), text));
            }
            page.parts = names;
            text = player_page(&page)?;
        }
        let size = text.len();
        files.push((format!("players/{}.html", page.id), text));
        Ok((files, size))
    };
    let players = input.rated.ratings.players.len();
    let sizes: Vec<usize> = with_file_writer(folder, |files| {
        let mut sizes = Vec::with_capacity(players);
        for first in (0..players).step_by(BATCH) {
            let rendered = (first..(first + BATCH).min(players))
                .into_par_iter()
                .map(player_files)
                .collect::<Result<Vec<(Vec<SiteFile>, usize)>>>()?;
            let mut batch = Vec::with_capacity(rendered.len());
            for (pages, size) in rendered {
                batch.extend(pages);
                sizes.push(size);
            }
            send(files, batch)?;
        }
        Ok(sizes)
    })?;
    stats.pages += sizes.len();
    stats.largest_player_page = sizes.iter().copied().max().unwrap_or(0);

    let downloads = downloads::Downloads::of(input)?;
    for (name, bytes) in &downloads.files {
        write(&files::inside(DOWNLOADS, name), bytes)?;
    }
    let context = context! { players => downloads.players, birth_year => c.birth.shown(), lists => &downloads.others };
    write("downloads.html", &render("downloads.html", "", context)?)?;
    stats.pages += 2;
    (stats.kept, stats.digests) = folder.finish();
    Ok(stats)
}

/// Puts an output of the publication (`from`, already written) among the
/// site's downloads as `downloads/NAME`: a second name for the same file
/// where the disk allows, else a copy.
pub fn add_download(site: &Path, from: &Path, name: &str) -> Result<()> {
    let to = site.join(DOWNLOADS).join(name);
    if std::fs::hard_link(from, &to).is_err() {
        std::fs::copy(from, &to).with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
    }
    Ok(())
}

/// A file to write: its path in the site, and its bytes.
type SiteFile = (String, Vec<u8>);

/// Pages rendered side by side and handed to the writer at once.
const BATCH: usize = 1000;

/// Runs `work`, which renders pages a batch at a time and sends each batch
/// to `files`, while a thread of its own writes them into `dir` one after
/// another. Files are added to a folder one at a time anyway (the folder is
/// locked meanwhile): threads that both rendered and wrote spent a
/// processor waiting for that lock. The batches are sent from `work`'s own
/// thread, so the shared worker threads (the booklet's too) never wait for
/// the disk; at most two batches wait for the writer.
///
/// A third thread puts what has been written on the disk as the pages go
/// out (see [`flush_as_written`]), so the commit's flush has little left.
fn with_file_writer<R: Send>(
    folder: &SiteFolder,
    work: impl FnOnce(&std::sync::mpsc::SyncSender<Vec<SiteFile>>) -> Result<R> + Send,
) -> Result<R> {
    let (files, written) = std::sync::mpsc::sync_channel::<Vec<SiteFile>>(2);
    // One flush asked for at a time: batches written while a flush runs
    // are in the next one.
    let (flush, flushes) = std::sync::mpsc::sync_channel::<()>(1);
    std::thread::scope(|scope| {
        scope.spawn(move || flush_as_written(folder.dir, flushes));
        let writer = scope.spawn(move || -> Result<()> {
            for batch in written {
                for (name, bytes) in batch {
                    folder.write(&name, &bytes)?;
                }
                let _ = flush.try_send(());
            }
            Ok(())
        });
        let done = work(&files);
        drop(files);
        // The writer's own failure says why the pages stopped going out.
        writer.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
        done
    })
}

/// Flushes the filesystem `dir` is on (`syncfs`) each time it is asked,
/// until the asking ends. The kernel then writes many files in one go; a
/// write-out started per file (`sync_file_range`) cost a request to the
/// disk each: 100,000 files of 6 KB took 11.8 processor-seconds that way
/// against 8.0 this way, and left as little for the end. A failure leaves
/// the flush to the commit, which checks its own.
fn flush_as_written(dir: &Path, asked: std::sync::mpsc::Receiver<()>) {
    for () in asked {
        if crate::publish::staging::flush_filesystem(dir).is_err() {
            return;
        }
    }
}

/// Hands a batch of pages to the writer.
fn send(files: &std::sync::mpsc::SyncSender<Vec<SiteFile>>, batch: Vec<SiteFile>) -> Result<()> {
    files.send(batch).map_err(|_| anyhow::anyhow!("the site's files stopped being written"))
}

/// An event as its page and the events list show it.
#[derive(Serialize)]
struct EventPage {
    code: String,
    file: String,
    name: String,
    state: String,
    /// The state's name (its code when `[states]` has none).
    state_name: String,
    state_file: String,
    /// When it was played, in words with the year (`2–4 October 1995`), and short (`2–4 Oct 1995`).
    dates: String,
    dates_short: String,
    time_control: String,
    disposition: String,
    rated: bool,
    entrants: usize,
    games: Vec<(Option<u32>, u32, String, u32, String, &'static str)>,
    changes: Vec<(u32, String, u32, String, String)>,
    /// The final table: (place, ID, name, score); ties share a place, shown on the first of them.
    standings: Vec<(Option<usize>, u32, String, String)>,
}

fn event_pages(input: &Publication) -> Vec<EventPage> {
    let rated = input.rated;
    let at: HashMap<u32, usize> = rated.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let name = |id: u32| at.get(&id).map_or_else(|| id.to_string(), |&i| rated.players[i].name.clone());
    // An event another list rated is shown as that list rated it (the
    // lists hold the period's events in the same order).
    let lists = &rated.period.config.rating_lists;
    let main_name = rated.period.config.main_list().map(|k| lists[k].name.as_str());
    (0..rated.period.events.len())
        .map(|i| match &rated.period.events[i].disposition {
            crate::validate::Disposition::OtherList { list, .. } => {
                let other = input.others.iter().find(|o| o.name == list);
                other.map_or((rated, main_name), |o| (o.rated, Some(o.name)))
            }
            _ => (rated, main_name),
        })
        .enumerate()
        .map(|(i, (rated, list))| (&rated.period.events[i], &rated.events[i], rated, list))
        .map(|(e, event, rated, list)| {
            let mut games: Vec<(Option<u32>, u32, String, u32, String, &'static str)> = event
                .games
                .iter()
                .map(|g| (g.round, g.white, name(g.white), g.black, name(g.black), g.result()))
                .collect();
            // Round by round (the page opens one round at a time).
            games.sort_by_key(|g| g.0);
            let changes = event
                .changes
                .iter()
                .map(|&k| {
                    let c = &rated.ratings.calculations[k];
                    let change = c.change.map(|c| signed(c.round() as i64)).unwrap_or_default();
                    (c.player_id, name(c.player_id), c.games, format!("{}", c.score), change)
                })
                .collect();
            let standings =
                event.standings.iter().map(|s| (s.place, s.id, name(s.id), points_text(s.points))).collect();
            EventPage {
                code: e.code.clone(),
                file: file_name(&e.code),
                name: e.name.clone(),
                state: e.state.clone(),
                state_name: rated.period.config.state_name(&e.state).unwrap_or(&e.state).to_string(),
                state_file: file_name(&e.state),
                dates: crate::model::dates::date_span(e.start, e.end, false),
                dates_short: crate::model::dates::date_span(e.start, e.end, true),
                // In words, as `check` says it, with the report's own text after.
                time_control: match &e.rate_of_play {
                    Some(tc) => format!("{} ({})", tc.describe(), e.time_control),
                    None => e.time_control.clone(),
                },
                disposition: match (e.disposition.note(), list.filter(|_| !input.others.is_empty())) {
                    (note, None) if note.is_empty() => rated.system().words().rated.to_string(),
                    (note, Some(list)) if note.is_empty() => {
                        format!("{} on the {list} list", rated.system().words().rated)
                    }
                    (note, Some(list)) if e.disposition.is_rated() => format!("{note}; on the {list} list"),
                    (note, _) => note,
                },
                rated: e.disposition.is_rated(),
                entrants: e.entrants,
                standings,
                games,
                changes,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_matches_what_the_search_box_does() {
        assert_eq!(fold("Đorđević-Sørensen, Zoë"), "dordevic sorensen zoe");
        assert_eq!(fold("Ångström"), "angstrom");
        assert_eq!(fold("Łukasz Wiśniewski"), "lukasz wisniewski");
        assert_eq!(search_key("Sørensen", "Ana", 3054), "sorensen ana 3054");
        // The tricky names (as `model::names`' identity test has them): an
        // apostrophe is dropped, as search.js drops it, and й loses its mark.
        let table = [
            ("O'Brien", "obrien"),
            ("O\u{2019}Shea", "oshea"),
            ("d'Artagnan-Smith", "dartagnan smith"),
            ("P.J.", "p j"),
            ("Müller", "muller"),
            ("Øyvind", "oyvind"),
            ("Đorđe", "dorde"),
            ("Straße", "strasse"),
            ("Андрей Семёнов", "андреи семенов"),
        ];
        for (name, folded) in table {
            assert_eq!(fold(name), folded, "{name}");
        }
    }

    #[test]
    fn odd_codes_make_safe_file_names() {
        assert_eq!(file_name("V93001"), "V93001");
        assert_eq!(file_name("a/b"), "a~002Fb");
        assert_eq!(file_name(""), "~");
    }
}
