//! The command line (clap derive). Doc comments here are the `--help` text.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::model::rate_of_play::RateOfPlay;
use crate::model::system::SystemName;

/// ratebook publishes a chess federation's rating list: it reads the period's
/// tournament reports and the player file, checks them, computes the new
/// ratings and publishes the booklet and the workbooks.
#[derive(Debug, Parser)]
#[command(name = "ratebook", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `--jobs`, on the commands that read, rate or publish in parallel.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Jobs {
    /// Worker threads for reading, rating and publishing (default: one per core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

/// What `rerate` and `merge` share: where the record is, where the errata go.
#[derive(Debug, Clone, clap::Args)]
pub struct Rerun {
    /// The data folder (default: the one the current folder is in).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The output folder the corrected latest period is published into, in
    /// place of its first publication, with the errata in its `errata/`
    /// (default: the folder that holds the latest period's publication, else
    /// `output`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Booklet templates to use instead of the built-in ones, as `period --templates`.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Re-rate and report, but record and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Print the wall time of each stage and the peak memory.
    #[arg(long)]
    pub timings: bool,
    #[command(flatten)]
    pub jobs: Jobs,
}

impl Command {
    /// The worker threads the command asks for, if it takes `--jobs`.
    pub fn jobs(&self) -> Option<usize> {
        match self {
            Command::Period { jobs, .. }
            | Command::Check { jobs, .. }
            | Command::Stats { jobs, .. }
            | Command::Explain { jobs, .. }
            | Command::Generate { jobs, .. } => jobs.jobs,
            Command::Rerate { rerun, .. } | Command::Merge { rerun, .. } => rerun.jobs.jobs,
            _ => None,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The period-end run: read, validate, rate, publish, record.
    ///
    /// Writes booklet.pdf, ratings.xlsx, players.xlsx (next period's player
    /// file), removed.xlsx, validation.txt and the site (site/index.html and
    /// its pages, unless period.toml says `site = false`), all or none of
    /// them, and records the period in the rating record (record.sqlite,
    /// unless period.toml says `record = false`). With data errors nothing is
    /// published or recorded (exit 1) and validation.txt lists every error.
    Period {
        /// The data folder (period.toml, players.xlsx, reports/).
        #[arg(long, default_value = "data", value_name = "DIR")]
        data: PathBuf,
        /// Where to publish.
        #[arg(long, default_value = "output", value_name = "DIR")]
        out: PathBuf,
        /// Publish without the events whose reports have errors (they are listed in validation.txt).
        #[arg(long)]
        skip_invalid: bool,
        /// Print each stage's wall time and the peak memory to stderr at the end.
        #[arg(long)]
        timings: bool,
        /// Booklet templates to use instead of the built-in ones (e.g. a restyled copy of templates/).
        #[arg(long, value_name = "DIR")]
        templates: Option<PathBuf>,
        /// Publish a period the record holds with other inputs, as its next revision.
        #[arg(long)]
        revise: bool,
        /// Do the whole run, write nothing, and say what the list would change against the last recorded one.
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        jobs: Jobs,
    },
    /// Start the next period in the data folder, once this one is published.
    ///
    /// Rolls period.toml's dates on by the period's length (and its name, when
    /// it is the month and year it is published), takes in the player file
    /// the period published (FROM/players.xlsx, and the files its rule set carries on), and
    /// moves the period's reports to the data folder's archive/PERIOD/ with
    /// the files it started from and removed.xlsx, but for the deferred ones
    /// and those not rated for errors, which stay for the next period.
    /// Prints what it did; refused, with nothing changed, unless period.toml's
    /// period is the one published into FROM (and recorded).
    Next {
        /// The data folder (default: the one the current folder is in).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// The folder the period was published into.
        #[arg(long, default_value = "output", value_name = "FROM")]
        from: PathBuf,
        /// The next period's name (needed when this one's is not a month and year).
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// Say what would be done, and change nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// A player's line in every recorded period, oldest first.
    History {
        /// The player's ID, or name (as `explain` takes it).
        #[arg(value_name = "ID-OR-NAME")]
        player: String,
        /// The data folder (default: the one the current folder is in).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// The statistics from the record, without publishing: the trends over
    /// every recorded period and the last period's change of the mean and its
    /// tables by age and by state.
    Stats {
        /// The data folder (default: the one the current folder is in).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Every table of the last recorded period as JSON, as the site's
        /// downloads/statistics.json.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        jobs: Jobs,
    },
    /// Correct a recorded period and re-rate it and every later one.
    ///
    /// A report given with --add replaces the recorded event with the same
    /// code, or adds it; --withdraw removes an event. Each re-rated period is
    /// recorded as a new revision (the originals stay), and the corrected
    /// latest period is published again into the output folder (booklet,
    /// workbooks, next player file, site), in the same commit; errata.xlsx
    /// and errata.pdf in its errata/ list every player whose published
    /// rating changed.
    Rerate {
        /// The first period to re-rate (its name, e.g. "August 1993").
        #[arg(long, value_name = "PERIOD")]
        from: String,
        /// A corrected or late report.
        #[arg(long, value_name = "FILE")]
        add: Vec<PathBuf>,
        /// An event to remove, by code.
        #[arg(long, value_name = "CODE")]
        withdraw: Vec<String>,
        #[command(flatten)]
        rerun: Rerun,
    },
    /// One person recorded under two IDs: DROP's games become KEEP's, re-rated from the first period DROP played in.
    Merge {
        keep: u32,
        drop: u32,
        #[command(flatten)]
        rerun: Rerun,
    },
    /// Re-rate the recorded history under other rule sets, in memory, and compare.
    ///
    /// Every recorded period from --from (default: the first with reports)
    /// is re-rated from the reports the record keeps, under the recorded
    /// rule set and under each --system (with its own settings: its
    /// defaults, or its table in --rules). For each: how well the ratings at
    /// each period's start predicted its games (log-loss, Brier score, the
    /// favourite's share of decisive games), which predicted best and
    /// whether by more than chance, the drift, and the recorded last list
    /// under it (the figures a switch prints: mean shift, players up, down
    /// and unchanged, the movers and why they move). The record and the
    /// publication are not touched.
    Compare {
        /// A rule set to compare with the recorded one (give it once for each).
        #[arg(long = "system", value_name = "SYSTEM", required = true)]
        systems: Vec<SystemName>,
        /// A TOML file of the compared rule sets' settings, one table each,
        /// named by the rule set ([glicko2] tau = 0.3); without a table a
        /// rule set rates with its defaults.
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        /// The first period to re-rate (its name, e.g. "August 1993").
        #[arg(long, value_name = "PERIOD")]
        from: Option<String>,
        /// The data folder (default: the one the current folder is in).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Print the comparison as JSON.
        #[arg(long)]
        json: bool,
        /// Also write comparison.html (with a chart of each rule set's mean)
        /// and comparison.xlsx into this folder.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// The rating record itself.
    #[command(subcommand)]
    Record(RecordCommand),
    /// Read and validate only, and print every finding: run this before sending reports.
    ///
    /// With report files (or folders of them), checks those alone: with the
    /// settings and player file of the data folder they are in, or else with
    /// the default period settings and the player file named by --players
    /// (without one the IDs are not checked). Without files, checks the
    /// whole data folder: --data, or the folder holding period.toml that the
    /// current folder is in (run it from the data folder, from reports/ or a
    /// state's folder). Prints the findings, then the players who will get
    /// new IDs. Exit status 1 when there are errors.
    Check {
        /// Reports to check (workbooks or TRF files; a folder means every report in it).
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The data folder (default: the one the current folder is in).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// The player file to check the reports' IDs against.
        #[arg(long, value_name = "FILE")]
        players: Option<PathBuf>,
        #[command(flatten)]
        jobs: Jobs,
    },
    /// Write a blank tournament report workbook with a worked example (or,
    /// with --handicap, a blank team match for `ratebook handicap`).
    Template {
        /// The workbook to write (default: report.xlsx, or match.xlsx with --handicap).
        file: Option<PathBuf>,
        /// Use the round-robin (Crosstable) layout instead of Games.
        #[arg(long, conflicts_with = "handicap")]
        crosstable: bool,
        /// A team match's sheet Match for `ratebook handicap`, with the
        /// source's first match filled in as the worked example.
        #[arg(long)]
        handicap: bool,
        /// Take the state codes from this data folder's period.toml (default:
        /// the data folder the current folder is in, if any).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// One player's calculation, step by step, as the rules page shows it.
    ///
    /// The player is named by ID or by name: "Surname, First names" or
    /// "First names Surname", or the start of each word; case and accents do
    /// not matter. When several players fit, they are listed with their IDs.
    Explain {
        /// The player's ID, or name.
        #[arg(value_name = "ID-OR-NAME")]
        player: String,
        /// The data folder (default: the one the current folder is in).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        #[command(flatten)]
        jobs: Jobs,
    },
    /// The half-rating team handicap card of one match.
    ///
    /// Reads the sheet Match (Board, Home player, Home grade, Away player,
    /// Away grade, and optionally Home result, Away result), prints the card
    /// (ratings, adjustments, totals, the points start and, with results, the
    /// result with the start) and writes it as MATCH-handicap.xlsx, sheet
    /// Handicap, into the folder --out names. `ratebook template --handicap`
    /// writes a match sheet to start from.
    Handicap {
        /// The match workbook.
        file: PathBuf,
        /// The folder the card is written to (made if need be).
        #[arg(long, value_name = "DIR", default_value = "handicap")]
        out: PathBuf,
        /// Print the card as one JSON object instead (every board, the
        /// totals, the start and the result).
        #[arg(long)]
        json: bool,
    },
    /// Write a synthetic but realistic data folder (for demos, tests, benchmarks).
    Generate {
        /// The folder to write.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Players in the player file.
        #[arg(long, default_value_t = 3000)]
        players: usize,
        /// Tournament reports.
        #[arg(long, default_value_t = 150)]
        events: usize,
        /// Random seed: the same seed gives the same files.
        #[arg(long, default_value_t = 1993)]
        seed: u64,
        /// The rule set the sample is for (period.toml's `system`, with the
        /// player file columns and the files beside the reports it needs).
        #[arg(long, value_enum, default_value_t = SystemName::Acf)]
        system: SystemName,
        /// The rating lists the federation keeps, one a rate of play, e.g.
        /// standard,rapid,blitz: period.toml's [rating_lists] (each under
        /// --system), the player file's columns of each list, and a calendar
        /// about a fifth rapid and a tenth blitz. Standard alone (the
        /// default) is the one list of a folder without [rating_lists].
        #[arg(long, value_delimiter = ',', value_parser = parse_rate_of_play, value_name = "RATE,...")]
        lists: Vec<RateOfPlay>,
        /// Consecutive periods, a year apart from August 1993: each is
        /// published and recorded in the folder's record.sqlite (regenerated
        /// whole), and the folder keeps the last one's inputs.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        periods: u32,
        #[command(flatten)]
        jobs: Jobs,
    },
}

/// `ratebook record …`.
#[derive(Debug, Subcommand)]
pub enum RecordCommand {
    /// Seed the record from earlier published player files, oldest first, one per period.
    ///
    /// Each file's period is named by its Published date (the file's
    /// properties), or by --period names in the same order.
    Import {
        /// Published player files (players.xlsx of earlier periods).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The names of the files' periods, in order (default: from each file's published date).
        #[arg(long, value_name = "NAME")]
        period: Vec<String>,
        /// The data folder (default: the one the current folder is in).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
}

/// A rate of play on the command line: standard, rapid or blitz.
fn parse_rate_of_play(text: &str) -> Result<RateOfPlay, String> {
    RateOfPlay::parse(text).ok_or_else(|| format!("\"{text}\" is no rate of play: use standard, rapid or blitz"))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// The long help of the subcommand `name`.
    fn help(name: &str) -> String {
        let mut cli = Cli::command();
        cli.build();
        cli.find_subcommand_mut(name).expect("a subcommand").render_long_help().to_string()
    }

    #[test]
    fn period_help_names_the_site_and_the_record() {
        let text = help("period");
        assert!(text.contains("site/index.html"), "{text}");
        assert!(text.contains("record.sqlite"), "{text}");
    }

    #[test]
    fn only_the_commands_that_work_in_parallel_offer_jobs() {
        for name in ["period", "check", "rerate", "merge", "stats", "explain", "generate"] {
            assert!(help(name).contains("--jobs"), "{name} offers --jobs");
        }
        for name in ["template", "handicap", "history", "record"] {
            assert!(!help(name).contains("--jobs"), "{name} offers no --jobs");
        }
    }
}
