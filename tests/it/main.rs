//! Integration tests: the real `ratebook` binary run on fixture data folders
//! (built in temporary folders by `common`), and snapshots of its diagnostics.

mod agreement;
mod any_history;
mod booklet;
#[cfg(target_os = "linux")]
mod browser;
mod chain;
mod common;
mod compare;
mod diagnostics;
mod examples;
mod first_run;
mod handicap;
mod hostile;
mod identity;
mod list_outputs;
mod lists;
mod minimal;
mod next;
mod officer;
mod outputs;
mod public;
mod ranges;
mod rating_lists;
mod readers;
mod record;
mod robustness;
mod site;
mod statistics;
mod switch;
mod switch_edges;
mod syscalls;
mod systems;
mod template;
mod today;
mod trf;
mod trf_exports;
mod twice;
mod vocabulary;
mod workbook;
mod year;
