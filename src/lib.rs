//! ratebook publishes a chess federation's rating list.
//!
//! The period-end run is a pipeline of stages, each a module taking a typed
//! input and returning a typed output: [`ingest`] reads the data folder
//! (period.toml, the player file, every tournament report) into raw records;
//! [`validate`] checks them against the rules of eligibility and identity and
//! turns them into a [`validate::ValidPeriod`] that later stages can trust,
//! collecting every finding as a [`diag::Diagnostic`]; [`rate`] computes the
//! new ratings under the period's rule set; [`publish`] derives the lists and
//! writes the workbooks, the booklet, the site and the validation report;
//! [`record`] keeps every published period in the rating record (SQLite),
//! with history, corrections and errata; [`statistics`] measures the rated
//! pool (by age, state, over the recorded periods) for publish to print.
//! [`formats`] holds every file format's schema, reader and writer,
//! [`model`] the plain types and helpers every stage shares, and
//! [`publication`] what marks a folder as a publication. [`commands`]
//! strings the stages together, one file per command; [`generate`] writes
//! synthetic data folders and [`handicap`] is the team-match handicap
//! calculator beside the rating list.

pub mod background;
pub mod cli;
pub mod commands;
pub mod compare;
pub mod config;
pub mod diag;
pub mod formats;
pub mod generate;
pub mod handicap;
pub mod ingest;
pub mod model;
pub mod publication;
pub mod publish;
pub mod rate;
pub mod rated;
pub mod record;
pub mod statistics;
pub mod switch;
pub mod timings;
pub mod validate;
