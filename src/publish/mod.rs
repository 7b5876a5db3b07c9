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
pub mod player_files;
pub mod site;
pub mod staging;
pub mod validation_report;
pub mod workbook;

use std::path::{Path, PathBuf};
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::diag::Diagnostic;
use crate::output_folder::names::{BOOKLET, RATINGS, SITE, VALIDATION};
use crate::rated::Rated;
use crate::statistics::Statistics;
use crate::validate::ValidPeriod;
use player_files::PlayerFiles;
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
    staging.write(VALIDATION, text.as_bytes())?;
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
    let rated = publication.rated;
    let player_files = PlayerFiles::of(rated);
    let staged = Staged::new(&mut staging, publication);
    let written = write_outputs(publication, &player_files, &staged)?;
    let mut site_files = written.site_files;
    if let Some(files) = site_files.as_mut() {
        staging.note_digests(SITE, std::mem::take(&mut files.digests));
    }
    if let Some(site) = &staged.site {
        // The site stands alone: the booklet and the public workbook are
        // among its downloads (the officer's own files never are).
        for name in [BOOKLET, RATINGS] {
            site::add_download(site, &staged.folder.join(name), name)?;
        }
    }
    let text = validation_report::render(&rated.period, publication.findings, true);
    staging.write(VALIDATION, text.as_bytes())?;
    before_commit(&mut staging)?;
    staging.commit()?;
    let published = Published {
        players: player_files.kept.players.len(),
        events_rated: rated.events_rated(),
        xlsx: written.xlsx,
        pdf: written.pdf,
        site: written.site,
        site_files,
    };
    crate::background::drop_later(player_files);
    Ok(published)
}

/// Where a publication's outputs are written: the staging folder, which
/// took every name, and the site's folder in it (`None`: no site).
struct Staged {
    folder: PathBuf,
    site: Option<PathBuf>,
    /// The site published last time, whose files of the same bytes are kept.
    previous_site: PathBuf,
}

impl Staged {
    fn new(staging: &mut Staging, publication: &Publication) -> Staged {
        let rated = publication.rated;
        for name in player_files::names(rated).into_iter().chain([RATINGS, BOOKLET]) {
            staging.path(name);
        }
        let site = rated.period.config.site.then(|| staging.path(SITE));
        Staged { folder: staging.dir().to_path_buf(), site, previous_site: staging.out().join(SITE) }
    }
}

/// How long the outputs took, each from the start of the writing, and
/// what the site holds.
struct Written {
    xlsx: Duration,
    pdf: Duration,
    site: Duration,
    site_files: Option<site::SiteStats>,
}

/// Writes the workbooks, the booklet and the site side by side.
///
/// The booklet keeps every core busy while typst lays out its pages, but
/// runs on one while it evaluates the templates and while it writes the
/// PDF; the workbooks are written in threads of their own at a lower
/// priority, so that they take the time the booklet leaves idle rather
/// than slow its layout down. The site is not lowered: it is the last
/// output to be done, and its files are written by one thread, which must
/// not wait.
fn write_outputs(publication: &Publication, player_files: &PlayerFiles, staged: &Staged) -> Result<Written> {
    let started = Instant::now();
    let folder = staged.folder.as_path();
    std::thread::scope(|scope| {
        let player_files = scope.spawn(|| {
            crate::background::lower_priority();
            player_files.write(publication, folder)
        });
        let ratings_book = scope.spawn(|| {
            crate::background::lower_priority();
            workbook::write_ratings(publication, &folder.join(RATINGS)).with_context(|| format!("writing {RATINGS}"))
        });
        let site = scope.spawn(|| -> Result<(Duration, Option<site::SiteStats>)> {
            let Some(site_path) = &staged.site else { return Ok((Duration::ZERO, None)) };
            let files =
                site::write_site(site_path, Some(&staged.previous_site), publication).context("writing the site")?;
            Ok((started.elapsed(), Some(files)))
        });
        let pdf = write_booklet(publication, &folder.join(BOOKLET)).map(|()| started.elapsed());
        let xlsx = joined(player_files).and(joined(ratings_book)).map(|()| started.elapsed());
        let site = joined(site);
        let (xlsx, pdf, (site, site_files)) = (xlsx?, pdf?, site?);
        Ok(Written { xlsx, pdf, site, site_files })
    })
}

/// A thread's outcome, its panic carried on.
fn joined<T>(job: ScopedJoinHandle<'_, T>) -> T {
    job.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Typesets the booklet and writes it to `path`.
fn write_booklet(publication: &Publication, path: &Path) -> Result<()> {
    let pdf = booklet::booklet(publication).with_context(|| format!("typesetting {BOOKLET}"))?;
    std::fs::write(path, pdf).with_context(|| format!("cannot write {}", path.display()))
}
