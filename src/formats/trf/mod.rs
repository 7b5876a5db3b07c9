//! FIDE Tournament Report Files (TRF16, TRF-2006, TRF26, and the ICU's Krause
//! `.tab` exports): the text (encodings, lines, fixed columns), the parsed
//! records, dates, and the sidecar `NAME.toml` that gives what TRF does not
//! carry. Matching a file's players to the player file is `ingest`'s.

pub mod dates;
pub mod parse;
pub mod sidecar;
pub mod text;

/// File extensions read as FIDE TRF (`.trfx` is Vega's and JaVaFo's; a
/// `.txt` export is read as TRF when its sidecar is beside it).
pub const EXTENSIONS: [&str; 3] = ["trf", "trfx", "tab"];
