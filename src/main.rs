//! The `ratebook` binary: parse the command line, call the library, map the
//! outcome to an exit code (0 published, 1 data errors, 2 the command itself
//! is wrong).

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use ratebook::cli::{Cli, Command};
use ratebook::diag::{Diagnostic, Severity};
use ratebook::pipeline::{self, PeriodOptions};
use ratebook::publish::validation_report;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ratebook: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Some(jobs) = cli.jobs {
        rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build_global()?;
    }
    match cli.command {
        Command::Period { data, out, skip_invalid, timings, templates } => {
            let report = pipeline::run_period(&PeriodOptions {
                data,
                out: out.clone(),
                skip_invalid,
                templates,
                progress: std::io::stderr().is_terminal(),
            })?;
            print_findings(&report.diagnostics, false);
            if report.published {
                eprintln!(
                    "published {} players, {} events rated, into {}",
                    report.players,
                    report.events_rated,
                    out.display()
                );
            } else {
                eprintln!(
                    "not published: fix the errors above (listed in {}), or use --skip-invalid",
                    out.join("validation.txt").display()
                );
            }
            if timings {
                eprint!("{}", report.timings.render());
            }
            Ok(ExitCode::from(if report.published { 0 } else { 1 }))
        }
        Command::Check { data } => {
            let validated = pipeline::run_check(&data)?;
            print_findings(&validated.diagnostics, true);
            let (e, w, n) = validation_report::counts(&validated.diagnostics);
            eprintln!("\n{e} errors, {w} warnings, {n} notes");
            Ok(ExitCode::from(if e > 0 { 1 } else { 0 }))
        }
        Command::Template { file, crosstable, data } => {
            let states = match ratebook::config::PeriodConfig::load(&data.join("period.toml")) {
                Ok(c) => c.states,
                Err(_) => ratebook::config::default_states(),
            };
            let layout = if crosstable {
                ratebook::formats::report::template::TemplateLayout::Crosstable
            } else {
                ratebook::formats::report::template::TemplateLayout::Games
            };
            ratebook::formats::report::template::write_template(&file, layout, &states)?;
            eprintln!("wrote {}", file.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { id, data } => match pipeline::explain(&data, id)? {
            Some(text) => {
                print!("{text}");
                Ok(ExitCode::SUCCESS)
            }
            None => {
                eprintln!("ratebook: no player with ID {id} in the player file or this period's reports");
                Ok(ExitCode::from(1))
            }
        },
        Command::Handicap { file, json } => {
            if !file.is_file() {
                anyhow::bail!("no match workbook {}", file.display());
            }
            let name = file.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            match ratebook::handicap::run(&file, &name)? {
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
        Command::Generate { out, players, events, seed, system } => {
            let summary = ratebook::generate::generate(&ratebook::generate::GenerateOptions {
                out: out.clone(),
                players,
                events,
                seed,
                system,
            })?;
            eprintln!(
                "wrote {} players, {} events, {} games into {}",
                summary.players,
                summary.events,
                summary.games,
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Prints findings grouped by file to stderr: all of them with `all`,
/// otherwise errors and warnings only (notes are in validation.txt).
fn print_findings(diagnostics: &[Diagnostic], all: bool) {
    let shown: Vec<Diagnostic> = diagnostics.iter().filter(|d| all || d.severity != Severity::Note).cloned().collect();
    let text = validation_report::render_findings(&shown);
    if std::io::stderr().is_terminal() {
        for line in text.lines() {
            let coloured = if line.trim_start().starts_with("error[") {
                format!("\x1b[1;31m{line}\x1b[0m")
            } else if line.trim_start().starts_with("warning[") {
                format!("\x1b[33m{line}\x1b[0m")
            } else if line.trim_start().starts_with("note[") {
                format!("\x1b[36m{line}\x1b[0m")
            } else if !line.starts_with(' ') {
                format!("\x1b[1m{line}\x1b[0m")
            } else {
                line.to_string()
            };
            eprintln!("{coloured}");
        }
    } else {
        eprint!("{text}");
    }
}
