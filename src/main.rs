//! The `ratebook` binary: parse the command line, hand it to the library
//! ([`ratebook::commands::run`]: each command renders its own report), print
//! what it said and map the outcome to an exit code (0 published, 1 data
//! errors, 2 the command itself is wrong). How findings and progress look
//! on a terminal is [`terminal`]'s.

mod terminal;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use ratebook::cli::Cli;
use ratebook::commands::{self, Stream};

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
            let text = format!("{e:#}");
            let lines: Vec<_> = text.lines().map(ratebook::diag::escape_controls).collect();
            eprintln!("ratebook: error: {}", lines.join("\n"));
            ExitCode::from(2)
        }
    }
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

/// Runs the command and prints what it said, in order.
fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Some(jobs) = cli.command.jobs() {
        rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build_global()?;
    }
    let screen = terminal::Terminal::new();
    let said = commands::run(cli.command, &screen);
    screen.finish();
    let said = said?;
    let (mut out, mut err) = (std::io::stdout().lock(), std::io::stderr().lock());
    for (stream, text) in &said.parts {
        match stream {
            Stream::Out => write!(out, "{text}")?,
            Stream::Err => {
                out.flush()?;
                write!(err, "{text}")?
            }
        }
    }
    Ok(ExitCode::from(said.code))
}
