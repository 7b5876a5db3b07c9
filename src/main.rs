//! The `ratebook` binary: parse the command line, call the library, map the
//! outcome to an exit code (0 published, 1 data errors, 2 the command itself
//! is wrong). How findings and progress look on a terminal is [`terminal`]'s.

mod terminal;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use ratebook::cli::{Cli, Command, RecordCommand};
use ratebook::commands::explain::Explained;
use ratebook::commands::{self, period::PeriodOptions};
use ratebook::publish::validation_report;
use terminal::{print_findings, Spinner};

/// mimalloc rather than the system's allocator: the run makes and frees
/// millions of small strings from several threads at once (every cell read,
/// every page of the site), where glibc's allocator spent a tenth of the
/// processor time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    without_huge_pages();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // Names quoted in the error are shown with their control characters escaped.
            let text = match disk_full(&e) {
                true => format!(
                    "{e}: the disk is full: nothing was published, and the outputs of the last run are as they were; make room on the disk, then run again"
                ),
                false => format!("{e:#}"),
            };
            let lines: Vec<_> = text.lines().map(ratebook::diag::escape_controls).collect();
            eprintln!("ratebook: error: {}", lines.join("\n"));
            ExitCode::from(2)
        }
    }
}

/// Whether a write failed because the disk is full, anywhere in `e`.
fn disk_full(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let io = cause.downcast_ref::<std::io::Error>().or(match cause.downcast_ref::<rust_xlsxwriter::XlsxError>() {
            Some(rust_xlsxwriter::XlsxError::IoError(io)) => Some(io),
            _ => None,
        });
        io.is_some_and(|io| io.raw_os_error() == Some(libc::ENOSPC) || io.kind() == std::io::ErrorKind::StorageFull)
    })
}

/// Asks Linux not to back this process's memory with transparent huge
/// pages. mimalloc asks for them where the system allows it, and the kernel
/// then zeroes 2 MiB at the first touch of each: a world-sized run spent a
/// quarter of its processor time there, and held 150 MiB more at its peak.
fn without_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Some(jobs) = cli.jobs {
        rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build_global()?;
    }
    match cli.command {
        Command::Period { data, out, skip_invalid, timings, templates, revise, dry_run } => {
            let spinner = Spinner::new();
            let options = PeriodOptions { data, out: out.clone(), skip_invalid, templates, revise, dry_run };
            let report = commands::period::run_period(&options, &|stage| spinner.stage(stage));
            spinner.finish();
            let report = report?;
            print_findings(&report.diagnostics, false);
            if dry_run {
                print!("{}", report.record_note.as_deref().unwrap_or(""));
                if let Some(summary) = &report.summary {
                    eprint!("{}", summary.to_text());
                }
                if timings {
                    eprint!("{}", report.timings.render());
                }
                let errors = report.diagnostics.iter().any(|d| d.severity == ratebook::diag::Severity::Error);
                return Ok(ExitCode::from(if errors { 1 } else { 0 }));
            }
            match &report.summary {
                Some(summary) => eprint!("{}", summary.to_text()),
                // The record holds this outcome already: it says so.
                None => {
                    eprintln!("{}", report.record_note.as_deref().unwrap_or(""));
                    return Ok(ExitCode::SUCCESS);
                }
            }
            if timings {
                eprint!("{}", report.timings.render());
            }
            Ok(ExitCode::from(if report.published { 0 } else { 1 }))
        }
        Command::Check { files, data, players } => {
            let options = commands::check::CheckOptions { data, files, players };
            let report = match commands::check::run_check(&options, &std::env::current_dir()?) {
                Ok(report) => report,
                Err(e) => return settings_finding(&e).ok_or(e),
            };
            let diagnostics = &report.validated.diagnostics;
            let (e, _, _) = validation_report::counts(diagnostics);
            let mut out = std::io::stdout().lock();
            let styled = out.is_terminal();
            write!(out, "{}", report.preface())?;
            if !diagnostics.is_empty() {
                write!(out, "\n{}", terminal::findings(diagnostics, true, styled))?;
            }
            if let Some(skipped) = validation_report::not_read(diagnostics) {
                writeln!(out, "\n{skipped}")?;
            }
            write!(out, "{}", report.newcomers_text())?;
            let summary = commands::summary::RunSummary::new(
                commands::summary::Outcome::Checked,
                &report.validated.period,
                diagnostics,
            );
            write!(out, "{}", summary.to_text())?;
            Ok(ExitCode::from(if e > 0 { 1 } else { 0 }))
        }
        Command::Next { data, from, name, dry_run } => {
            let data = commands::data_folder(data.as_deref())?;
            let options = commands::next::NextOptions { data, from, name, dry_run };
            print!("{}", commands::next::next_period(&options)?.to_text());
            Ok(ExitCode::SUCCESS)
        }
        Command::History { player, data } => {
            use commands::history::Histories;
            let data = commands::data_folder(data.as_deref())?;
            match commands::history::history(&data, &player)? {
                Histories::One(id, history) => print!("{}", commands::history::to_text(id, &history)),
                Histories::Several(candidates, words) => {
                    print!("{}", commands::explain::Candidate::table(&player, &candidates, &words, "history"))
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Stats { data, json } => {
            let data = commands::data_folder(data.as_deref())?;
            let statistics = commands::stats::from_record(&data)?;
            if json {
                print!("{}", statistics.to_json());
            } else {
                print!("{}", commands::stats::to_text(&statistics));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Rerate { from, add, withdraw, data, out, dry_run, timings } => {
            let data = commands::data_folder(data.as_deref())?;
            let correction = commands::rerate::Correction { add, withdraw, ..Default::default() };
            rerated(commands::rerate::RerateOptions { data, out, from: Some(from), correction, dry_run }, timings)
        }
        Command::Merge { keep, drop, data, out, dry_run, timings } => {
            let data = commands::data_folder(data.as_deref())?;
            let correction = commands::rerate::Correction { merge: Some((keep, drop)), ..Default::default() };
            rerated(commands::rerate::RerateOptions { data, out, from: None, correction, dry_run }, timings)
        }
        Command::Compare { systems, from, data, json, out } => {
            let data = commands::data_folder(data.as_deref())?;
            let options = ratebook::compare::CompareOptions { systems, from };
            let bar = terminal::Progress::new("re-rating the recorded periods");
            let compared =
                commands::compare::compare(&data, &options, out.as_deref(), &|done, total| bar.set(done, total));
            bar.finish();
            let (comparison, written) = compared?;
            if json {
                print!("{}", comparison.to_json());
            } else {
                print!("{}", comparison.to_text());
            }
            for file in written {
                eprintln!("wrote {}", file.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Record(RecordCommand::Import { files, period, data }) => {
            let data = commands::data_folder(data.as_deref())?;
            for imported in commands::record_import::import(&data, &files, &period)? {
                eprintln!(
                    "imported {} (published {}): {} players",
                    imported.period, imported.published, imported.players
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Template { file, crosstable, handicap, data } => {
            let file = if handicap {
                let file = file.unwrap_or_else(|| std::path::PathBuf::from("match.xlsx"));
                ratebook::handicap::write_match_template(&file)
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", file.display()))?;
                file
            } else {
                let file = file.unwrap_or_else(|| std::path::PathBuf::from("report.xlsx"));
                commands::template::run_template(&file, crosstable, data.as_deref())?;
                file
            };
            eprintln!("wrote {}", file.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { player, data } => {
            let data = commands::data_folder(data.as_deref())?;
            match commands::explain::explain(&data, &player)? {
                Explained::One(text) => {
                    print!("{text}");
                    Ok(ExitCode::SUCCESS)
                }
                Explained::Several(candidates, words) => {
                    print!("{}", commands::explain::Candidate::table(&player, &candidates, &words, "explain"));
                    Ok(ExitCode::SUCCESS)
                }
                Explained::Nobody => {
                    let what = if player.trim().parse::<u32>().is_ok() { "with ID" } else { "named" };
                    eprintln!(
                        "ratebook: no player {what} {} in the player file or this period's reports",
                        player.trim()
                    );
                    Ok(ExitCode::from(1))
                }
            }
        }
        Command::Handicap { file, out, json } => {
            if !file.is_file() {
                anyhow::bail!("no match workbook {}", file.display());
            }
            let name = file.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            match ratebook::handicap::run(&file, &name, &out)? {
                Err(findings) => {
                    print_findings(&findings, true);
                    eprintln!("no card: fix the errors above");
                    Ok(ExitCode::from(1))
                }
                Ok((card, written)) => {
                    print_findings(&card.warnings, true);
                    if json {
                        println!("{}", serde_json::to_string(&ratebook::handicap::CardJson::of(&card))?);
                    } else {
                        print!("{}", ratebook::handicap::render(&card));
                    }
                    eprintln!("wrote {}", written.display());
                    Ok(ExitCode::SUCCESS)
                }
            }
        }
        Command::Generate { out, players, events, seed, system, periods } => {
            let options = commands::sample::SampleOptions {
                generate: ratebook::generate::GenerateOptions { out: out.clone(), players, events, seed, system },
                periods,
            };
            let summary = commands::sample::sample(&options)?;
            for (period, summary) in &summary.periods {
                let recorded = if periods > 1 { format!(" ({period}, recorded)") } else { String::new() };
                eprintln!(
                    "wrote {} players, {} events, {} games into {}{recorded}",
                    summary.players,
                    summary.events,
                    summary.games,
                    out.display()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Runs `rerate` or `merge` and says what it did.
fn rerated(options: commands::rerate::RerateOptions, timings: bool) -> anyhow::Result<ExitCode> {
    let report = commands::rerate::rerate(&options)?;
    if let Some(said) = &report.done_before {
        eprintln!("{said}");
        return Ok(ExitCode::SUCCESS);
    }
    print!("{}", report.errata.summary());
    if options.dry_run {
        eprintln!("dry run: nothing recorded or written");
    } else {
        let revisions: Vec<String> = report
            .periods
            .iter()
            .filter_map(|(period, revision)| revision.map(|r| format!("{period} revision {r}")))
            .collect();
        eprintln!(
            "recorded {}; errata and the corrected player file in {}",
            revisions.join(", "),
            options.out.display()
        );
    }
    if timings {
        eprint!("{}", report.timings.render());
    }
    Ok(ExitCode::SUCCESS)
}

/// `check` on a data folder whose `period.toml` is wrong: a finding of the
/// input, printed as the others are, with exit 1 (the check found an
/// error); `None` for any other failure of the command.
fn settings_finding(error: &anyhow::Error) -> Option<ExitCode> {
    use ratebook::config::ConfigError;
    use ratebook::diag::{Code, Diagnostic, Location};
    use ratebook::ingest::IngestError;
    let Some(IngestError::Config(ConfigError::Invalid { path, message })) = error.downcast_ref::<IngestError>() else {
        return None;
    };
    let finding = Diagnostic::error(Code::BadSettings, Location::file(path), message.clone())
        .with_hint("correct period.toml (`ratebook template` writes an example to compare with), then check again");
    let mut out = std::io::stdout().lock();
    let shown = terminal::findings(std::slice::from_ref(&finding), true, out.is_terminal());
    writeln!(out, "{shown}\n{}", validation_report::summary(1, 0, 0)).ok()?;
    Some(ExitCode::from(1))
}
