//! Integration tests: the real `ratebook` binary run on fixture data folders
//! (built in temporary folders by `common`), and snapshots of its diagnostics.

mod agreement;
mod booklet;
#[cfg(target_os = "linux")]
mod browser;
mod chain;
mod common;
mod diagnostics;
mod examples;
mod handicap;
mod hostile;
mod identity;
mod lists;
mod officer;
mod outputs;
mod public;
mod record;
mod robustness;
mod site;
mod statistics;
mod systems;
mod template;
mod trf;
mod trf_exports;
mod vocabulary;
