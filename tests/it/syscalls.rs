//! Kills at system calls: a run of the binary traced by strace, which
//! lists the calls that change files (writes, flushes, renames, removals),
//! and runs again killed (SIGKILL, as the system's `kill -9`) just before
//! the Nth of them, so that a test can check what every such kill leaves.
//! `RATEBOOK_CRASH_AT` kills at named steps of ratebook's own; this kills
//! between the calls the libraries make too (SQLite's commit, a copy).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::copy_tree;

/// The calls that change what is on disk. (A file is created by a write's
/// open: a kill before its first write leaves it empty, which the kill at
/// that write shows.)
pub const CHANGING: &str = "write,pwrite64,writev,pwritev,pwritev2,fsync,fdatasync,ftruncate,unlink,unlinkat,\
rename,renameat,renameat2,copy_file_range,sendfile,mkdir,mkdirat,rmdir,link,linkat";

/// Whether strace can trace here: installed, and the system lets it.
/// Under CI it must: the kill tests are part of the suite.
pub fn strace_works() -> bool {
    let works = Command::new("strace")
        .args(["-qq", "-o", "/dev/null", "-e", "trace=none", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !works && std::env::var_os("CI").is_some() {
        panic!("strace is needed for the kill tests (apt-get install strace)");
    }
    if !works {
        eprintln!("SKIPPED: strace cannot trace here (apt-get install strace)");
    }
    works
}

/// One call a run makes: its name and which of the calls of that name in
/// its thread it is (strace counts each thread's calls).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    pub nth: usize,
    /// strace's line for it, for messages.
    pub line: String,
}

/// A run of the binary: its arguments, environment, and the paths whose
/// calls count (none: every call of the main thread).
pub struct Traced {
    pub args: Vec<OsString>,
    pub env: Vec<(String, String)>,
    pub paths: Vec<PathBuf>,
    /// Which calls count (strace's `trace=` list).
    pub calls: String,
}

impl Traced {
    pub fn new<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Traced {
        Traced {
            args: args.iter().map(|a| a.as_ref().to_owned()).collect(),
            env: Vec::new(),
            paths: Vec::new(),
            calls: CHANGING.to_string(),
        }
    }

    fn command(&self, log: &Path, inject: Option<&Call>) -> Command {
        let mut command = Command::new("strace");
        command.args(["-f", "-qq", "-e", "signal=none", "-e"]).arg(format!("trace={}", self.calls));
        command.arg("-o").arg(log);
        for path in &self.paths {
            command.arg("-P").arg(path);
        }
        if let Some(call) = inject {
            command.arg("-e").arg(format!("inject={}:signal=KILL:when={}", call.name, call.nth));
        }
        command.arg("--").arg(crate::common::binary()).args(&self.args);
        for (k, v) in &self.env {
            command.env(k, v);
        }
        command
    }

    /// The calls an uninterrupted run makes, in order (with the run).
    pub fn calls(&self) -> (Vec<Call>, Output) {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("strace.log");
        let output = self.command(&log, None).output().unwrap();
        let text = std::fs::read_to_string(&log).unwrap();
        (parse(&text), output)
    }

    /// The run killed just before `call`.
    pub fn killed_at(&self, call: &Call) -> Output {
        let dir = tempfile::tempdir().unwrap();
        let output = self.command(&dir.path().join("strace.log"), Some(call)).output().unwrap();
        use std::os::unix::process::ExitStatusExt as _;
        assert!(
            output.status.signal() == Some(9) || output.status.code() == Some(137),
            "the run was killed at {}: {:?}\n{}",
            call.line,
            output.status,
            crate::common::stderr(&output)
        );
        output
    }
}

/// strace's lines (`PID name(args) = result`) as calls, counted per thread
/// and name; the first thread's only (the one that commits and moves files:
/// the others read).
fn parse(log: &str) -> Vec<Call> {
    let mut counts: std::collections::HashMap<(String, String), usize> = Default::default();
    let mut first_pid = None;
    let mut calls = Vec::new();
    for line in log.lines() {
        let Some((pid, rest)) = line.split_once(' ') else { continue };
        let rest = rest.trim_start();
        let Some(name) = rest.split('(').next().filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        else {
            continue;
        };
        if name.is_empty() || rest.starts_with("<...") {
            continue;
        }
        let nth = counts.entry((pid.to_string(), name.to_string())).or_default();
        *nth += 1;
        if *first_pid.get_or_insert_with(|| pid.to_string()) == pid {
            calls.push(Call { name: name.to_string(), nth: *nth, line: line.to_string() });
        }
    }
    calls
}

/// `calls` thinned to at most `n`, evenly, the first and last kept: the
/// sample the suite runs (the full set runs in the ignored tests).
pub fn sample(calls: &[Call], n: usize) -> Vec<Call> {
    if calls.len() <= n || n < 2 {
        return calls.to_vec();
    }
    (0..n).map(|k| calls[k * (calls.len() - 1) / (n - 1)].clone()).collect()
}

/// Puts the folder `dir` back as `saved` holds it: everything in it
/// removed, then `saved` copied in (the same paths, as the record names them).
pub fn restore(dir: &Path, saved: &Path) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            std::fs::remove_dir_all(&path).unwrap();
        } else {
            std::fs::remove_file(&path).unwrap();
        }
    }
    copy_tree(saved, dir);
}

#[test]
fn straces_lines_are_counted_per_thread_and_name() {
    let log = "100 write(1, \"a\", 1) = 1\n101 write(2, \"b\", 1) = 1\n100 fsync(3) = 0\n100 write(1, \"c\", 1) = 1\n\
               100 +++ exited with 0 +++\n";
    let calls = parse(log);
    let seen: Vec<(&str, usize)> = calls.iter().map(|c| (c.name.as_str(), c.nth)).collect();
    assert_eq!(seen, [("write", 1), ("fsync", 1), ("write", 2)]);
    assert_eq!(sample(&calls, 2).len(), 2);
}
