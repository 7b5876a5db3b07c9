//! Publishing: the lists, the workbooks (rust_xlsxwriter), the booklet
//! (typst), the site and the validation report, the statistics printed alike
//! in each. Publishing never computes ratings; it
//! owns its outputs, their names and how they are written: every file goes
//! into a staging folder beside the output folder and is moved into place
//! only when all succeeded ([`publish`], or [`refuse`] when nothing may be
//! published but `validation.txt`).

pub mod booklet;
pub mod booklet_data;
pub mod comparison;
pub mod errata;
pub mod site;
pub mod staging;
pub mod validation_report;
pub mod workbook;

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::diag::Diagnostic;
use crate::formats::player_file::write_player_file_with_changes;
use crate::formats::workbook::write_output_table;
use crate::model::dates::long_date;
use crate::model::PlayerFile;
use crate::rated::Rated;
use crate::statistics::Statistics;
use crate::validate::ValidPeriod;
use booklet_data::{event_dates, BookletData, EventLine, StateEvents, StatisticsSection, Totals};
pub use staging::Staging;

/// What a publication wrote, and how long its parts took.
pub struct Published {
    /// Players in the new player file.
    pub players: usize,
    pub events_rated: usize,
    /// Wall time until the last workbook, and until the booklet, were written.
    pub xlsx: Duration,
    pub pdf: Duration,
    /// Wall time until the site was written.
    pub site: Duration,
    /// What the site holds (`None`: no site).
    pub site_files: Option<site::SiteStats>,
}

/// Writes nothing but `validation.txt` (the run found errors that stop
/// publication).
pub fn refuse(period: &ValidPeriod, diagnostics: &[Diagnostic], staging: Staging) -> Result<()> {
    let text = validation_report::render(period, diagnostics, false);
    let mut staging = staging.keeping_previous();
    staging.write("validation.txt", text.as_bytes())?;
    staging.commit()
}

/// What a publication prints: the rated period, its statistics, the
/// record's history (the site's charts), the run's findings and the
/// templates to typeset with (`None`: the built-in ones). Every output is a
/// function of it, and names its own files.
pub struct Publication<'a> {
    /// The main list (a folder's one list).
    pub rated: &'a Rated,
    pub statistics: &'a Statistics,
    pub history: &'a crate::record::query::History,
    pub findings: &'a [Diagnostic],
    pub templates: Option<&'a Path>,
    /// The rating lists beside the main one, when the period keeps several.
    pub others: Vec<OtherList<'a>>,
}

/// A rating list beside the main one, as a publication prints it: the
/// list rated, its statistics and its players' recorded periods on it.
pub struct OtherList<'a> {
    /// Its name in `period.toml` (`rapid`).
    pub name: &'a str,
    pub rated: &'a Rated,
    pub statistics: &'a Statistics,
    pub history: &'a crate::record::query::History,
}

/// Publishes the period into the staging folder's output folder: the new
/// player file and the removed players, the rule set's own workbooks,
/// `ratings.xlsx`, `booklet.pdf`, the site and `validation.txt`, all or
/// none of them. `before_commit` runs when every output is staged, just
/// before they go in (the record stages its revision there); an error from
/// it publishes nothing.
pub fn publish(
    publication: &Publication,
    mut staging: Staging,
    before_commit: &mut dyn FnMut(&mut Staging) -> Result<()>,
) -> Result<Published> {
    let Publication { rated, statistics, findings: diagnostics, templates, .. } = *publication;
    let Rated { period, ratings, .. } = rated;
    let system = rated.system();
    let (mut kept, mut removed) = crate::rate::split_player_file(period, ratings);
    if let Some(columns) = &ratings.extra_columns {
        kept.extra_columns = columns.clone();
        removed.extra_columns = columns.clone();
    }
    let stamp = period.config.published;
    let words = system.words();
    let changes: std::collections::HashMap<u32, f64> =
        rated.players.iter().filter_map(|p| Some((p.id, p.change? as f64))).collect();
    let players_path = staging.path("players.xlsx");
    let removed_path = staging.path("removed.xlsx");
    let ratings_path = staging.path("ratings.xlsx");
    let output_paths: Vec<_> = ratings.outputs.iter().map(|t| staging.path(&t.file)).collect();
    let pdf_path = staging.path("booklet.pdf");
    let site_path = period.config.site.then(|| staging.path("site"));
    let previous_site = staging.out().join("site");
    // The workbooks and the booklet are independent: write them side by side.
    // The booklet keeps every core busy while typst lays out its pages, but
    // runs on one while it evaluates the templates and while it writes the
    // PDF; the workbooks are written in threads of their own at a lower
    // priority, so that they take the time the booklet leaves idle rather
    // than slow its layout down.
    let started = Instant::now();
    let (workbooks, booklet, site) = std::thread::scope(|scope| {
        let player_files = scope.spawn(|| -> Result<()> {
            crate::background::lower_priority();
            let changes = |file: &PlayerFile| -> Vec<Option<f64>> {
                file.players.iter().map(|p| changes.get(&p.id).copied()).collect()
            };
            write_player_file_with_changes(&players_path, &kept, stamp, Some(&changes(&kept)), &words)
                .context("writing players.xlsx")?;
            write_player_file_with_changes(&removed_path, &removed, stamp, Some(&changes(&removed)), &words)
                .context("writing removed.xlsx")?;
            for (table, path) in ratings.outputs.iter().zip(&output_paths) {
                write_output_table(path, table, stamp).with_context(|| format!("writing {}", table.file))?;
            }
            Ok(())
        });
        let ratings_book = scope.spawn(|| -> Result<()> {
            crate::background::lower_priority();
            workbook::write_ratings(&ratings_path, rated, &words, statistics).context("writing ratings.xlsx")
        });
        let site = scope.spawn(|| -> Result<(Duration, Option<site::SiteStats>)> {
            let Some(site_path) = &site_path else {
                return Ok((Duration::ZERO, None));
            };
            // (Not lowered: the site is the last output to be done, and its
            // files are written by one thread, which must not wait.)
            let files = site::write_site(site_path, Some(&previous_site), publication).context("writing the site")?;
            Ok((started.elapsed(), Some(files)))
        });
        let booklet = write_booklet(rated, statistics, templates, &pdf_path).map(|()| started.elapsed());
        let joined = |job: std::thread::ScopedJoinHandle<'_, Result<()>>| {
            job.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        };
        let player_files = joined(player_files);
        let ratings_book = joined(ratings_book);
        let workbooks = player_files.and(ratings_book).map(|()| started.elapsed());
        let site = site.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (workbooks, booklet, site)
    });
    let (xlsx, pdf, (site, mut site_files)) = (workbooks?, booklet?, site?);
    if let Some(files) = site_files.as_mut() {
        staging.note_digests("site", std::mem::take(&mut files.digests));
    }
    if let Some(site_path) = &site_path {
        // The site stands alone: the booklet and the public workbook are
        // among its downloads (the officer's own files never are).
        for (from, name) in [(&pdf_path, "booklet.pdf"), (&ratings_path, "ratings.xlsx")] {
            site::add_download(site_path, from, name)?;
        }
    }
    let text = validation_report::render(period, diagnostics, true);
    staging.write("validation.txt", text.as_bytes())?;
    before_commit(&mut staging)?;
    staging.commit()?;
    let published =
        Published { players: kept.players.len(), events_rated: rated.events_rated(), xlsx, pdf, site, site_files };
    crate::background::drop_later((kept, removed));
    Ok(published)
}

/// Typesets the booklet and writes it to `path`.
fn write_booklet(rated: &Rated, statistics: &Statistics, templates: Option<&Path>, path: &Path) -> Result<()> {
    let mut data = booklet_data(rated);
    data.statistics = StatisticsSection::of(statistics);
    let pdf = booklet::render_booklet(&data, templates).context("typesetting booklet.pdf")?;
    std::fs::write(path, pdf).with_context(|| format!("cannot write {}", path.display()))
}

/// What the booklet shows, from the same lists as ratings.xlsx.
pub fn booklet_data(rated: &Rated) -> BookletData {
    let Rated { period, lists, counts, .. } = rated;
    let system = rated.system();
    let c = &period.config;
    let line = |e: &crate::validate::Event| EventLine {
        code: e.code.clone(),
        name: e.name.clone(),
        state: e.state.clone(),
        dates: event_dates(e.start, e.end),
        note: e.disposition.note(),
    };
    let events_rated = c
        .states
        .iter()
        .map(|(code, name)| StateEvents {
            code: code.clone(),
            name: name.clone(),
            events: period.events.iter().filter(|e| e.disposition.is_rated() && &e.state == code).map(line).collect(),
        })
        .collect();
    let events_not_rated = period.events.iter().filter(|e| !e.disposition.is_rated()).map(line).collect();
    let rated_events = counts.events_rated as u32;
    BookletData {
        federation: c.federation.clone(),
        period: c.period.clone(),
        published: c.published.to_string(),
        published_long: long_date(c.published),
        active_since_long: long_date(c.active_since),
        age_date_long: long_date(c.age_date),
        system: system.id().to_string(),
        words: system.words(),
        rules: system.rules_text(),
        lists: lists.booklet_lists(),
        states: lists.booklet_states(),
        events_rated,
        events_not_rated,
        tables: system.tables(),
        totals: Totals {
            active_players: rated.listed().count() as u32,
            rated_events,
            games_rated: counts.games_rated as u32,
        },
        statistics: StatisticsSection::default(),
        switched: period.switched.as_ref().map(crate::switch::Switched::sentence),
    }
}
