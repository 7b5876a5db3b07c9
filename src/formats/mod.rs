//! The file formats ratebook reads and writes, one module each, with its
//! schema (the columns or fields), its reader and its writer side by side:
//! the player file (and its columns of each rating list beside the main
//! one), the tournament report (and its blank template), FIDE TRF
//! with its sidecar, the lists a rule set reads beside the reports, and what
//! every workbook shares. Readers turn every bad cell into a located
//! [`Diagnostic`](crate::diag::Diagnostic), never a panic.

mod cells;
pub mod dated_lists;
pub mod history;
pub mod list_columns;
pub mod ods;
pub mod player_file;
pub mod report;
pub mod sheet;
pub mod trf;
pub mod workbook;
