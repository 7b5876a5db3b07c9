//! The commands as library calls, one file each: the binary parses the
//! command line and hands it to [`run`], which calls the command; each
//! command renders its own report ([`Said`]: what it prints, in order, and
//! its exit status), drawing its findings through the binary's [`Screen`].
//! What several commands share lives here: reading and validating a data
//! folder ([`load`]), and the stages a long run reports as it goes.

pub mod check;
pub mod compare;
pub mod explain;
pub mod handicap;
pub mod history;
pub mod next;
pub mod period;
mod period_report;
pub mod publishing;
pub mod record_import;
pub mod recording;
pub mod republish;
pub mod rerate;
pub mod sample;
pub mod stats;
pub mod summary;
pub mod template;

use std::path::Path;
use std::time::Instant;

use crate::cli::{Command, RecordCommand};
use crate::diag::Diagnostic;
use crate::ingest::DataFolder;
use crate::publish::booklet_data::BookletData;
use crate::rate::{RatingSystem, Ratings};
use crate::timings::Timings;
use crate::validate::{validate_with_ids_above, Validated};

/// Where a command's text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Out,
    Err,
}

/// What a command says when it is done, in the order it says it, and its
/// exit status (0 done, 1 the data has errors or nobody fits).
#[derive(Debug, Default)]
pub struct Said {
    pub parts: Vec<(Stream, String)>,
    pub code: u8,
}

impl Said {
    /// Text for standard output.
    pub fn out(&mut self, text: impl Into<String>) -> &mut Said {
        self.parts.push((Stream::Out, text.into()));
        self
    }

    /// Text for standard error.
    pub fn err(&mut self, text: impl Into<String>) -> &mut Said {
        self.parts.push((Stream::Err, text.into()));
        self
    }

    /// The whole of it with exit status `code`.
    pub fn with_code(mut self, code: u8) -> Said {
        self.code = code;
        self
    }
}

/// What a command asks of the terminal it runs on (the binary's): findings
/// drawn for a stream (coloured where it is a terminal; the library never
/// writes escape codes), and the stage a long run has begun.
pub trait Screen: Sync {
    /// Findings grouped by file: all of them with `all`, otherwise errors
    /// and warnings only (notes are in validation.txt).
    fn findings(&self, diagnostics: &[Diagnostic], all: bool, stream: Stream) -> String;
    /// The stage a long run has begun.
    fn stage(&self, _stage: Stage) {}
    /// `done` of `total` steps of a long run that counts them (`what` it does).
    fn progress(&self, _what: &str, _done: usize, _total: usize) {}
}

/// Runs one command and says what it did.
pub fn run(command: Command, screen: &dyn Screen) -> anyhow::Result<Said> {
    match command {
        Command::Period { data, out, skip_invalid, timings, templates, revise, dry_run, .. } => {
            let options = period::PeriodOptions { data, out, skip_invalid, templates, revise, dry_run };
            period::said(&options, timings, screen)
        }
        Command::Check { files, data, players, .. } => {
            check::said(&check::CheckOptions { data, files, players }, &std::env::current_dir()?, screen)
        }
        Command::Next { data, from, name, dry_run } => {
            next::said(&next::NextOptions { folder: data_folder(data.as_deref())?, from, name, dry_run })
        }
        Command::Compare { systems, rules, from, data, json, out } => {
            let settings = match rules {
                Some(file) => crate::compare::settings::read(&file)?,
                None => Vec::new(),
            };
            let options = crate::compare::CompareOptions { systems, from, settings };
            compare::said(&data_folder(data.as_deref())?, &options, out.as_deref(), json, screen)
        }
        Command::History { player, data } => history::said(&data_folder(data.as_deref())?, &player),
        Command::Stats { data, json, .. } => stats::said(&data_folder(data.as_deref())?, json),
        Command::Rerate { from, add, withdraw, rerun } => {
            let correction = rerate::Correction { add, withdraw, ..Default::default() };
            rerate::said(rerun, Some(from), correction)
        }
        Command::Merge { keep, drop, rerun } => {
            let correction = rerate::Correction { merge: Some((keep, drop)), ..Default::default() };
            rerate::said(rerun, None, correction)
        }
        Command::Record(RecordCommand::Import { files, period, data }) => {
            record_import::said(&data_folder(data.as_deref())?, &files, &period)
        }
        Command::Template { file, crosstable, handicap, data } => {
            template::said(file, crosstable, handicap, data.as_deref())
        }
        Command::Explain { player, data, .. } => explain::said(&data_folder(data.as_deref())?, &player),
        Command::Handicap { file, out, json } => handicap::said(&file, &out, json, screen),
        Command::Generate { out, players, events, seed, system, lists, periods, .. } => {
            let generate = crate::generate::GenerateOptions { out, players, events, seed, system, lists };
            sample::said(&sample::SampleOptions { generate, periods })
        }
    }
}

/// The stages of a period run, as its progress callback hears of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Reading,
    Rating,
    Publishing,
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stage::Reading => "reading and checking the reports",
            Stage::Rating => "rating",
            Stage::Publishing => "writing the workbooks and typesetting the booklet",
        })
    }
}

/// The data folder read and validated, with the rule set it names and the
/// input files it was read from (which the record stores).
pub struct Loaded {
    pub validated: Validated,
    pub inputs: crate::ingest::Inputs,
    /// The player file as the data folder holds it, when the period
    /// switches rule sets (the validated one carries the new rule set's
    /// states): the list it starts from, which the record checks.
    pub switched_from: Option<crate::model::PlayerFile>,
}

impl Loaded {
    /// The rule set the period is rated under: its configuration's.
    pub fn system(&self) -> &'static dyn RatingSystem {
        crate::rate::configured(&self.validated.period.config)
    }
}

/// The data folder `--data` names, or else the one [`DataFolder::find`]
/// finds from the current folder, opened; the error says how to name one.
pub fn data_folder(data: Option<&Path>) -> anyhow::Result<DataFolder> {
    let dir = match data {
        Some(dir) => dir.to_path_buf(),
        None => DataFolder::find(&std::env::current_dir()?).ok_or_else(|| {
            anyhow::anyhow!(
                "there is no data folder (a folder holding period.toml) here or above: run the command inside one, or give it with --data DIR"
            )
        })?,
    };
    Ok(DataFolder::open(&dir)?)
}

/// Reads the data folder's period as its rule set declares it (with the
/// files beside the reports it reads), the settings validated by the rule
/// sets as the configuration is read ([`crate::rate::configure`]; the
/// configuration carries them from then on): the one reading of a period
/// that `period`, `check` and `next` validate.
pub fn read_period(
    folder: &DataFolder,
) -> Result<(crate::ingest::RawData, crate::ingest::Inputs, &'static dyn RatingSystem), crate::ingest::IngestError> {
    let mut config = folder.config.clone();
    let system = crate::rate::configure(&mut config);
    let (mut raw, inputs) = folder.read(system.inputs())?;
    raw.config = config;
    Ok((raw, inputs, system))
}

/// Reads and validates a data folder, for a period that may change the
/// rule set: when the record holds
/// earlier periods under another one (or, without a record, `[switch]`
/// converts a player file written under another), the player file takes
/// the new rule set's states before it is validated
/// ([`crate::record::switch`]), and the period says so.
pub fn load_switching(folder: &DataFolder, timings: &mut Timings) -> anyhow::Result<Loaded> {
    let started = Instant::now();
    let (mut raw, inputs, system) = read_period(folder)?;
    let (pinned, taken) = crate::record::merges::numbering_from_data_folder(&mut raw, folder);
    crate::record::rated_before::check_from_data_folder(&mut raw, folder);
    crate::record::returning::reinstate_from_data_folder(&mut raw, folder);
    timings.record("read", started);
    let started = Instant::now();
    let (switched, switched_from) = switch_player_file(folder, &mut raw)?;
    timings.record("switch", started);
    let started = Instant::now();
    let policy = crate::rate::lists::policy(system, &raw.config);
    let mut validated = validate_with_ids_above(raw, &policy, &pinned, taken);
    validated.period.switched = switched;
    timings.record("validate", started);
    Ok(Loaded { validated, inputs, switched_from })
}

/// Gives `raw`'s player file the states of its rule set when the period
/// changes the rule set; what it says of the change, and (switching from
/// the record) the file as it was.
fn switch_player_file(
    folder: &DataFolder,
    raw: &mut crate::ingest::RawData,
) -> anyhow::Result<(Option<crate::switch::Switched>, Option<crate::model::PlayerFile>)> {
    let config = &raw.config;
    let record = folder.record().filter(|p| p.is_file());
    let file = std::mem::take(&mut raw.player_file);
    let Some(path) = record else {
        // Without a record: a conversion of a file written under another rule set.
        let rules = crate::rate::configured(config);
        let lacks = |c: &&str| !file.extra_columns.iter().any(|e| e == c);
        let foreign = rules.state_columns().is_empty() || rules.state_columns().iter().any(lacks);
        let before = crate::switch::Before::PlayerFile { foreign };
        let conversion = config.switch.as_ref().and_then(|s| s.conversion);
        return Ok(
            match conversion.filter(|_| crate::switch::switches(before, config.system, config.switch.as_ref())) {
                Some(conversion) => {
                    let derived = crate::record::switch::Derived::Conversion(conversion);
                    let (file, switched) = derived.apply(file, config, None);
                    raw.player_file = file;
                    (Some(switched), None)
                }
                None => {
                    raw.player_file = file;
                    (None, None)
                }
            },
        );
    };
    let record = crate::record::Record::open(&path, crate::record::Access::Read)?;
    let periods = record.periods().map_err(|e| crate::record::explain(&path, e))?;
    let original = crate::record::switch::switching(&periods, config).map(|_| file.clone());
    let switched = crate::record::switch::switch_player_file(&record, config, file)
        .map_err(|e| crate::record::explain(&path, e))?;
    Ok(match switched {
        Ok((file, switched)) => {
            raw.player_file = file;
            (Some(switched), original)
        }
        Err(file) => {
            raw.player_file = file;
            (None, None)
        }
    })
}

/// Rates the period's main list in memory (nothing is written).
pub fn rate_only(folder: &DataFolder) -> anyhow::Result<(Loaded, Ratings)> {
    let mut timings = Timings::default();
    let mut loaded = load_switching(folder, &mut timings)?;
    loaded.validated.period = crate::rated::rating_lists::main_view(loaded.validated.period);
    let ratings = crate::rate::rate_period(loaded.system(), &loaded.validated.period);
    Ok((loaded, ratings))
}

/// The booklet's data for a data folder, as a period run would publish it
/// (every list it keeps; the statistics with the record's earlier periods,
/// when it keeps one), for tests and tools.
pub fn booklet_data(data: &Path) -> anyhow::Result<BookletData> {
    let folder = DataFolder::open(data)?;
    let loaded = load_switching(&folder, &mut Timings::default())?;
    let system = loaded.system();
    let Validated { period, diagnostics } = loaded.validated;
    let lists = crate::rated::rate_each_list(period, system).rated(&Default::default());
    let record = match folder.record().filter(|path| path.is_file()) {
        Some(path) => Some(crate::record::Record::open(&path, crate::record::Access::Read)?),
        None => None,
    };
    let extras = publishing::list_extras(&lists, record.as_ref())?;
    Ok(BookletData::of(&extras.publication(&lists, &diagnostics, None)))
}
