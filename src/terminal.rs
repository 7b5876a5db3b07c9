//! How the binary draws on the terminal: findings coloured by severity when
//! they go to a terminal (plain text otherwise), and a spinner naming the
//! stage a long run is in. The library only reports; it never writes escape
//! codes.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use ratebook::commands::{Screen, Stage, Stream};
use ratebook::diag::{Diagnostic, Severity};
use ratebook::publish::validation_report::{self, Part};

/// The terminal the binary runs on: findings coloured by severity on a
/// stream that is a terminal, and a spinner naming the stage on stderr.
pub struct Terminal {
    spinner: Spinner,
    /// The bar of a run that counts its steps, once it counts.
    progress: std::sync::OnceLock<Progress>,
}

impl Terminal {
    pub fn new() -> Terminal {
        Terminal { spinner: Spinner::new(), progress: std::sync::OnceLock::new() }
    }

    /// Clears the spinner's and the bar's line.
    pub fn finish(&self) {
        self.spinner.finish();
        if let Some(progress) = self.progress.get() {
            progress.finish();
        }
    }
}

impl Screen for Terminal {
    fn findings(&self, diagnostics: &[Diagnostic], all: bool, stream: Stream) -> String {
        let styled = match stream {
            Stream::Out => std::io::stdout().is_terminal(),
            Stream::Err => std::io::stderr().is_terminal(),
        };
        findings(diagnostics, all, styled)
    }

    fn stage(&self, stage: Stage) {
        self.spinner.stage(stage);
    }

    fn progress(&self, what: &str, done: usize, total: usize) {
        self.progress.get_or_init(|| Progress::new(what)).set(done, total);
    }
}

/// Findings grouped by file, coloured with `styled`: all of them with `all`,
/// otherwise errors and warnings only.
fn findings(diagnostics: &[Diagnostic], all: bool, styled: bool) -> String {
    let shown: Vec<Diagnostic> = diagnostics.iter().filter(|d| all || d.severity != Severity::Note).cloned().collect();
    if styled {
        validation_report::render_findings_styled(&shown, &paint)
    } else {
        validation_report::render_findings(&shown)
    }
}

/// A part of a finding in its terminal colour.
fn paint(part: Part, text: &str) -> String {
    let code = match part {
        Part::File => "1",
        Part::Severity(Severity::Error) => "1;31",
        Part::Severity(Severity::Warning) => "33",
        Part::Severity(Severity::Note) => "36",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// A spinner on stderr naming the current stage, when stderr is a terminal.
struct Spinner {
    bar: Option<ProgressBar>,
}

impl Spinner {
    fn new() -> Spinner {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(ProgressStyle::with_template("{spinner} {msg}…").expect("a valid template"));
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Spinner { bar }
    }

    /// Names the stage that has begun.
    fn stage(&self, stage: Stage) {
        if let Some(bar) = &self.bar {
            bar.set_message(stage.to_string());
        }
    }

    /// Clears the spinner's line.
    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A progress bar on stderr (when stderr is a terminal): periods done of all.
struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(what: &str) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(0);
            let style = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} periods, {elapsed}")
                .expect("a valid template")
                .progress_chars("=> ");
            bar.set_style(style);
            bar.set_message(what.to_string());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar }
    }

    /// `done` of `total`.
    fn set(&self, done: usize, total: usize) {
        if let Some(bar) = &self.bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    }

    /// Clears the bar's line.
    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
