//! The typst `World` the booklet is compiled in: the template files (from a
//! folder, or the copies embedded in the binary), the booklet data as virtual
//! JSON files, and the embedded fonts. Nothing here touches the network, the
//! system fonts or the clock.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};

use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};

use super::BookletError;

/// Where the template's main file lives, inside the template root.
pub(crate) const MAIN: &str = "booklet.typ";
/// The main file of the errata a correction publishes (`errata.pdf`).
pub(crate) const ERRATA: &str = "errata.typ";
/// The virtual files the template reads the data from: `json("/data.json")`,
/// and the long lists, `json("/lists.json")`.
pub(crate) const DATA: &str = "data.json";
pub(crate) const LISTS: &str = "lists.json";
/// Where the templates import the rule set's part from (`RatingSystem::booklet_part`).
pub(crate) const SYSTEM_PART: &str = "system.typ";

/// The repository's `templates/` folder, compiled into the binary so that it
/// works from anywhere. Keep in step with the files under `templates/`.
static EMBEDDED: &[(&str, &[u8])] = &[
    ("booklet.typ", include_bytes!("../../../templates/booklet.typ")),
    ("errata.typ", include_bytes!("../../../templates/errata.typ")),
    ("parts/common.typ", include_bytes!("../../../templates/parts/common.typ")),
    ("parts/front.typ", include_bytes!("../../../templates/parts/front.typ")),
    ("parts/lists.typ", include_bytes!("../../../templates/parts/lists.typ")),
    ("parts/charts.typ", include_bytes!("../../../templates/parts/charts.typ")),
    ("parts/columns.typ", include_bytes!("../../../templates/parts/columns.typ")),
    ("parts/states.typ", include_bytes!("../../../templates/parts/states.typ")),
    ("parts/events.typ", include_bytes!("../../../templates/parts/events.typ")),
    ("parts/tables.typ", include_bytes!("../../../templates/parts/tables.typ")),
    ("parts/rules.typ", include_bytes!("../../../templates/parts/rules.typ")),
    ("parts/statistics.typ", include_bytes!("../../../templates/parts/statistics.typ")),
];

/// The sans face shipped with the templates (SIL OFL, see templates/fonts/OFL.txt).
static EMBEDDED_FONTS: &[&[u8]] = &[LIST_FONT, LIST_FONT_BOLD];

/// The face the templates set the lists in (Noto Sans Regular, and Bold):
/// the widths the template data carries are estimated in it.
pub(crate) static LIST_FONT: &[u8] = include_bytes!("../../../templates/fonts/NotoSans-Regular.ttf");
pub(crate) static LIST_FONT_BOLD: &[u8] = include_bytes!("../../../templates/fonts/NotoSans-Bold.ttf");

/// The fonts every booklet can use: typst's own (serif, maths, mono) and our
/// sans. Parsed once per process.
static BASE_FONTS: LazyLock<Vec<Font>> = LazyLock::new(|| {
    typst_assets::fonts().chain(EMBEDDED_FONTS.iter().copied()).flat_map(|data| Font::iter(Bytes::new(data))).collect()
});

/// The standard library, the same for every booklet.
static LIBRARY: LazyLock<LazyHash<Library>> = LazyLock::new(|| LazyHash::new(Library::builder().build()));

/// Where the template files come from.
enum Templates {
    Embedded,
    Folder(PathBuf),
}

/// One compilation's world.
pub(crate) struct BookletWorld {
    templates: Templates,
    main: FileId,
    data_id: FileId,
    data: Bytes,
    lists_id: FileId,
    lists: Bytes,
    /// The rule set's part, served as `system.typ` unless the folder has one.
    system_part: &'static str,
    today: Option<Datetime>,
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
    /// Parsed sources, so that each file is read and parsed once.
    sources: Mutex<HashMap<FileId, FileResult<Source>>>,
}

impl BookletWorld {
    /// A world serving the template from `folder` (or the embedded copy),
    /// `data` as `/data.json` and `lists` as `/lists.json`; `today` is what
    /// `datetime.today()` answers.
    pub(crate) fn new(
        folder: Option<&Path>,
        data: Vec<u8>,
        lists: Vec<u8>,
        today: Option<Datetime>,
        system_part: &'static str,
    ) -> Result<Self, BookletError> {
        let mut fonts = BASE_FONTS.clone();
        let templates = match folder {
            None => Templates::Embedded,
            Some(dir) => {
                let main = dir.join(MAIN);
                if !main.is_file() {
                    return Err(BookletError::Templates {
                        path: dir.to_path_buf(),
                        message: format!("{} not found", main.display()),
                    });
                }
                fonts.extend(folder_fonts(&dir.join("fonts"))?);
                Templates::Folder(dir.to_path_buf())
            }
        };
        let book = LazyHash::new(FontBook::from_fonts(&fonts));
        Ok(Self {
            templates,
            main: project_file(MAIN),
            data_id: project_file(DATA),
            data: Bytes::new(data),
            lists_id: project_file(LISTS),
            lists: Bytes::new(lists),
            system_part,
            today,
            book,
            fonts,
            sources: Mutex::new(HashMap::new()),
        })
    }

    /// The same world compiling `main` (a file of the template root) instead
    /// of the booklet.
    pub(crate) fn with_main(mut self, main: &str) -> Self {
        self.main = project_file(main);
        self
    }

    /// How a diagnostic should name a file: the real path for a template
    /// folder, `templates/…` for the embedded copy.
    pub(crate) fn display_path(&self, id: FileId) -> String {
        let rel = id.vpath().get_without_slash();
        if id == self.data_id || id == self.lists_id {
            return format!("<booklet data>/{rel}");
        }
        match (&self.templates, id.root()) {
            (Templates::Folder(dir), VirtualRoot::Project) => dir.join(rel).display().to_string(),
            (_, VirtualRoot::Project) if rel == SYSTEM_PART => format!("<the rule set's booklet part>/{rel}"),
            (Templates::Embedded, VirtualRoot::Project) => format!("templates/{rel}"),
            (_, VirtualRoot::Package(spec)) => format!("{spec}/{rel}"),
        }
    }

    /// The raw bytes of a file, from the data, the embedded copy or the folder.
    fn read(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.data_id {
            return Ok(self.data.clone());
        }
        if id == self.lists_id {
            return Ok(self.lists.clone());
        }
        if let VirtualRoot::Package(spec) = id.root() {
            return Err(FileError::Other(Some(
                format!(
                    "packages are not available to the booklet ({spec}): copy what you need into the templates folder"
                )
                .into(),
            )));
        }
        let rel = id.vpath().get_without_slash();
        let system_part = || Bytes::new(self.system_part.as_bytes());
        match &self.templates {
            Templates::Embedded if rel == SYSTEM_PART => Ok(system_part()),
            Templates::Folder(dir) if rel == SYSTEM_PART && !dir.join(SYSTEM_PART).is_file() => Ok(system_part()),
            Templates::Embedded => EMBEDDED
                .iter()
                .find(|(name, _)| *name == rel)
                .map(|(_, bytes)| Bytes::new(*bytes))
                .ok_or_else(|| FileError::NotFound(PathBuf::from("templates").join(rel))),
            Templates::Folder(dir) => {
                let path = id.vpath().realize(dir).map_err(FileError::Realize)?;
                if path.is_dir() {
                    return Err(FileError::IsDirectory);
                }
                std::fs::read(&path).map(Bytes::new).map_err(|err| FileError::from_io(err, &path))
            }
        }
    }
}

impl World for BookletWorld {
    fn library(&self) -> &LazyHash<Library> {
        &LIBRARY
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.book
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        let mut sources = self.sources.lock().unwrap_or_else(|e| e.into_inner());
        sources
            .entry(id)
            .or_insert_with(|| {
                let bytes = self.read(id)?;
                let text = std::str::from_utf8(bytes.as_slice()).map_err(|_| FileError::InvalidUtf8)?;
                Ok(Source::new(id, text.to_owned()))
            })
            .clone()
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        self.read(id)
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        self.today
    }
}

/// The id of a file in the template root.
fn project_file(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).expect("a fixed, valid virtual path");
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

/// Extra fonts a restyled template brings in its `fonts/` folder, in file
/// name order (so the font book, and the PDF, do not depend on the file
/// system's listing order). Copies of the embedded fonts are skipped.
fn folder_fonts(dir: &Path) -> Result<Vec<Font>, BookletError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let io_error = |err: std::io::Error| BookletError::Templates { path: dir.to_path_buf(), message: err.to_string() };
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io_error)? {
        let path = entry.map_err(io_error)?.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
        if matches!(ext.as_str(), "ttf" | "otf" | "ttc" | "otc") {
            paths.push(path);
        }
    }
    paths.sort();
    let mut fonts = Vec::new();
    for path in paths {
        let data = std::fs::read(&path).map_err(io_error)?;
        if EMBEDDED_FONTS.contains(&data.as_slice()) {
            continue;
        }
        fonts.extend(Font::iter(Bytes::new(data)));
    }
    Ok(fonts)
}

#[cfg(test)]
pub(crate) fn embedded_names() -> impl Iterator<Item = &'static str> {
    EMBEDDED.iter().map(|(name, _)| *name)
}
