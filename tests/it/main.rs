//! Integration tests: the real `ratebook` binary run on fixture data folders
//! (built in temporary folders by `common`), and snapshots of its diagnostics.

mod agreement;
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
mod lists;
mod next;
mod officer;
mod outputs;
mod public;
mod rating_lists;
mod record;
mod robustness;
mod site;
mod statistics;
mod switch;
mod systems;
mod template;
mod today;
mod trf;
mod trf_exports;
mod vocabulary;
mod workbook;
