//! ratebook publishes a chess federation's rating list.
//!
//! The period-end run is a pipeline of stages, each a module taking a typed
//! input and returning a typed output: [`ingest`] opens the data folder
//! once ([`ingest::DataFolder`]: period.toml read once, where its files
//! are) and reads the player file and every tournament report into raw
//! records, each game's result decided by one table of result tokens
//! ([`model::results`]);
//! [`validate`] checks them against the rules of eligibility and identity and
//! turns them into a [`validate::ValidPeriod`] that later stages can trust,
//! collecting every finding as a [`diag::Diagnostic`]; [`rate`] computes the
//! new ratings under the period's rule set; [`rated`] works out the period's
//! outcome once, as [`rated::Rated`]: every player (printed rating, change,
//! active, listed, in the pool, games, ranks), every event (games, standings,
//! changes), the lists and the counts; [`statistics`] measures the rated pool
//! (by age, state, over the recorded periods) from it; [`publish`] prints a
//! [`publish::Publication`] (the rated period, its statistics, the record's
//! history, the findings) as the workbooks, the booklet, the site and the
//! validation report, every output a function of it. [`record`] keeps every
//! published period in the rating record (SQLite, opened by
//! [`record::Record::open`] with the access a command needs), with history,
//! corrections and errata, beneath publishing; [`output_folder`] is what
//! marks a folder as a publication, below both. [`formats`] holds every file
//! format's schema, reader and writer, [`model`] the plain types and helpers
//! every stage shares. [`commands`] strings the stages together, one file per
//! command, each rendering its own report for the binary to print ([`cli`]
//! is the command line); [`generate`] writes synthetic data folders and
//! [`handicap`] is the team-match handicap calculator beside the rating list;
//! [`next`] starts the next period in a data folder once one is published.

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
pub mod next;
pub mod output_folder;
pub mod publish;
pub mod rate;
pub mod rated;
pub mod record;
pub mod statistics;
pub mod switch;
pub mod timings;
pub mod validate;
