//! Wall time of each stage of a run and the process's peak memory, for
//! `ratebook period --timings` and the benchmarks.

use std::time::{Duration, Instant};

/// Stage name → wall time, in the order the stages ran, and the run's own
/// wall time (stages may overlap: the workbooks and the booklet are written
/// in parallel).
#[derive(Debug, Clone)]
pub struct Timings {
    began: Instant,
    pub stages: Vec<(String, Duration)>,
    /// Games played in rated events this period (the workload), for games per second.
    pub games: u64,
}

impl Default for Timings {
    fn default() -> Self {
        Timings { began: Instant::now(), stages: Vec::new(), games: 0 }
    }
}

impl Timings {
    /// Records the time since `started` for `stage`.
    pub fn record(&mut self, stage: &str, started: Instant) {
        self.push(stage, started.elapsed());
    }

    /// Records a duration measured elsewhere. A stage timed in several
    /// pieces (the record's, before rating, before and while publishing)
    /// keeps one line, its pieces added up, where it first ran.
    pub fn push(&mut self, stage: &str, took: Duration) {
        match self.stages.iter_mut().find(|(name, _)| name == stage) {
            Some((_, sum)) => *sum += took,
            None => self.stages.push((stage.to_string(), took)),
        }
    }

    /// Wall time since the run began.
    pub fn total(&self) -> Duration {
        self.began.elapsed()
    }

    /// One line per stage, then the total and the peak memory.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (name, d) in &self.stages {
            out.push_str(&format!("{name:>10}  {:>8.3} s\n", d.as_secs_f64()));
        }
        out.push_str(&format!("{:>10}  {:>8.3} s\n", "total", self.total().as_secs_f64()));
        if self.games > 0 {
            out.push_str(&format!("{:>10}  {}\n", "games", self.games));
        }
        if let Some(kib) = peak_memory_kib() {
            out.push_str(&format!("{:>10}  {:>8.1} MiB\n", "peak mem", kib as f64 / 1024.0));
        }
        out
    }
}

/// The process's peak resident memory (Linux `VmHWM`), in KiB.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
