//! The ratings booklet, `booklet.pdf`: [`BookletData`] typeset in-process by
//! typst with the templates under `templates/` (or a federation's own copy of
//! that folder), with typst's embedded fonts and our sans face. The same data
//! always gives the same bytes.

mod distribution;
mod part_view;
mod text;
mod view;
mod world;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod reading_tests;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use chrono::Datelike;
use thiserror::Error;
use typst::diag::{Severity, SourceDiagnostic, SourceResult, Warned};
use typst::foundations::{Datetime, Output, Smart};
use typst::syntax::{DiagSpan, FileId};
use typst::{World, WorldExt};
use typst_pdf::{PdfOptions, Timestamp};

use super::booklet_data::BookletData;
use crate::rate::BOOKLET_PART;
use world::BookletWorld;

/// Why the booklet could not be made.
#[derive(Debug, Error)]
pub enum BookletError {
    /// typst rejected the template (or the data): its own diagnostics, one per
    /// line as `file:line:column: error: message`, each followed by its hints.
    #[error("{}", .diagnostics.join("\n"))]
    Typeset { diagnostics: Vec<String> },
    /// The typeset document could not be written as PDF.
    #[error("{}", .diagnostics.join("\n"))]
    Pdf { diagnostics: Vec<String> },
    /// The templates folder given could not be used.
    #[error("templates folder {}: {message}", .path.display())]
    Templates { path: PathBuf, message: String },
    /// `published` is not an ISO date; the PDF's date is taken from it.
    #[error("the booklet's published date {0:?} is not a date like 1993-08-01")]
    PublishedDate(String),
    /// The data could not be turned into JSON for the template.
    #[error("the booklet data could not be serialised: {0}")]
    Data(#[from] serde_json::Error),
    /// typst itself failed (a bug in typst, reported rather than crashing).
    #[error("typst failed while typesetting the booklet: {0}")]
    Internal(String),
}

/// Typesets the booklet of `publication` (with its templates) and returns
/// the PDF's bytes.
pub fn booklet(publication: &super::Publication) -> Result<Vec<u8>, BookletError> {
    render_booklet(&BookletData::of(publication), publication.templates)
}

/// Typesets the booklet and returns the PDF's bytes.
///
/// `templates` is a folder holding `booklet.typ` and its parts (a federation's
/// restyled copy of the repository's `templates/`); `None` uses the copy
/// compiled into the binary. The PDF's date is `data.published`, and its
/// identifier depends only on the federation and the period, so two renders of
/// the same data give identical bytes.
pub fn render_booklet(data: &BookletData, templates: Option<&Path>) -> Result<Vec<u8>, BookletError> {
    let published = published_date(&data.published)?;
    let world = world_for(data, templates, Some(published))?;
    let Warned { output: document, .. } = typeset(&world, typst_pdf::pdf)?;
    // The layout caches are of no more use: free them before the PDF is
    // written (a world-sized booklet's caches hold several hundred MB).
    typst::comemo::evict(0);
    let options = PdfOptions {
        ident: Smart::Custom(format!("ratebook booklet: {} {}", data.federation, data.period)),
        creator: Smart::Custom(Some(format!("ratebook {}", env!("CARGO_PKG_VERSION")))),
        timestamp: Some(Timestamp::new_utc(published)),
        ..PdfOptions::default()
    };
    let pdf = guarded(|| typst_pdf::pdf(&document, &options))?
        .map_err(|diags| BookletError::Pdf { diagnostics: format_diagnostics(&world, &diags) });
    // (Freeing the pages of a world-sized booklet takes a tenth of a second.)
    crate::background::drop_later(document);
    typst::comemo::evict(0);
    pdf
}

/// Typesets the errata of a correction (`templates/errata.typ`, served
/// `data` as `/data.json`); `published` dates the PDF.
pub fn render_errata(data: &impl serde::Serialize, published: &str, title: &str) -> Result<Vec<u8>, BookletError> {
    let date = published_date(published)?;
    let json = serde_json::to_vec(data)?;
    let world = BookletWorld::new(None, json, b"{}".to_vec(), Some(date), BOOKLET_PART)?.with_main(world::ERRATA);
    let Warned { output: document, .. } = typeset(&world, typst_pdf::pdf)?;
    let options = PdfOptions {
        ident: Smart::Custom(format!("ratebook errata: {title}")),
        creator: Smart::Custom(Some(format!("ratebook {}", env!("CARGO_PKG_VERSION")))),
        timestamp: Some(Timestamp::new_utc(date)),
        ..PdfOptions::default()
    };
    let pdf = guarded(|| typst_pdf::pdf(&document, &options))?
        .map_err(|diags| BookletError::Pdf { diagnostics: format_diagnostics(&world, &diags) });
    typst::comemo::evict(0);
    pdf
}

/// The text of the typeset booklet, page by page in reading order (lines
/// separated by newlines, pages by a blank line): what a reader of the PDF
/// would see, for tests and checks.
pub fn booklet_text(data: &BookletData, templates: Option<&Path>) -> Result<String, BookletError> {
    let published = published_date(&data.published)?;
    let world = world_for(data, templates, Some(published))?;
    let Warned { output: document, .. } = typeset(&world, typst_pdf::pdf)?;
    let text = text::frames_text(document.pages().iter().map(|page| &page.frame));
    drop(document);
    typst::comemo::evict(0);
    Ok(text)
}

/// The world for one booklet: the data as `/data.json` and `/lists.json`
/// (see [`view`]), `today` = published.
fn world_for(
    data: &BookletData,
    templates: Option<&Path>,
    today: Option<Datetime>,
) -> Result<BookletWorld, BookletError> {
    let (json, lists) = rayon::join(
        || serde_json::to_vec(&view::TemplateData::new(data)),
        || serde_json::to_vec(&view::ListColumns::new(data)),
    );
    BookletWorld::new(templates, json?, lists?, today, BOOKLET_PART)
}

/// Compiles the template into a paged document, with typst's warnings; on
/// failure, the errors (then the warnings) as formatted diagnostics.
///
/// typst 0.15 does not re-export its document type (`PagedDocument` lives in
/// typst-layout, which is not one of our dependencies), so the type is named
/// through the export function that takes it: `typeset(&world, typst_pdf::pdf)`.
fn typeset<D: Output>(
    world: &BookletWorld,
    _export: fn(&D, &PdfOptions) -> SourceResult<Vec<u8>>,
) -> Result<Warned<D>, BookletError> {
    let Warned { output, warnings } = guarded(|| typst::compile::<D>(world))?;
    match output {
        Ok(document) => Ok(Warned { output: document, warnings }),
        Err(errors) => {
            let mut diagnostics = format_diagnostics(world, &errors);
            diagnostics.extend(format_diagnostics(world, &warnings));
            Err(BookletError::Typeset { diagnostics })
        }
    }
}

/// Runs `f`, turning a panic inside typst into an error.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, BookletError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        BookletError::Internal(message)
    })
}

/// `1993-08-01` as a typst date.
fn published_date(published: &str) -> Result<Datetime, BookletError> {
    let bad = || BookletError::PublishedDate(published.to_string());
    let date = chrono::NaiveDate::parse_from_str(published, "%Y-%m-%d").map_err(|_| bad())?;
    Datetime::from_ymd(date.year(), date.month() as u8, date.day() as u8).ok_or_else(bad)
}

/// typst's diagnostics as `file:line:column: error: message`, each followed by
/// its hints and the trace of calls that led to it.
fn format_diagnostics(world: &BookletWorld, diagnostics: &[SourceDiagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|diag| {
            let severity = match diag.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let mut out = match location(world, diag.span) {
                Some(loc) => format!("{loc}: {severity}: {}", diag.message),
                None => format!("{}: {severity}: {}", world.display_path(world.main()), diag.message),
            };
            for hint in &diag.hints {
                // typst's command line has a --root option; ratebook has none:
                // its templates folder is the root.
                let text = if hint.v.contains("--root") {
                    "keep every file the templates use inside the templates folder".into()
                } else {
                    hint.v.clone()
                };
                match location(world, hint.span) {
                    Some(loc) => write!(out, "\n  hint: {text} ({loc})"),
                    None => write!(out, "\n  hint: {text}"),
                }
                .ok();
            }
            for point in &diag.trace {
                if let Some(loc) = location(world, point.span.into()) {
                    write!(out, "\n  note: {} at {loc}", point.v).ok();
                }
            }
            out
        })
        .collect()
}

/// `file:line:column` (1-based) of a span, when it points into a file.
fn location(world: &BookletWorld, span: DiagSpan) -> Option<String> {
    let id: FileId = span.id()?;
    let range = world.range(span)?;
    let (line, column) = match world.source(id) {
        Ok(source) => source.lines().byte_to_line_column(range.start)?,
        Err(_) => {
            // A data file (the JSON): count lines in its bytes.
            let bytes = world.file(id).ok()?;
            let before = bytes.as_slice().get(..range.start)?;
            let line = before.iter().filter(|&&b| b == b'\n').count();
            let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let column = String::from_utf8_lossy(&before[line_start..]).chars().count();
            (line, column)
        }
    };
    Some(format!("{}:{}:{}", world.display_path(id), line + 1, column + 1))
}
