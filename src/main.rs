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
