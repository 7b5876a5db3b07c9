//! What recording costs (issue 15: at most 20% of the world-sized run): the
//! world folder published with its record (removed before each run, so each
//! run records) against the same folder with `record = false` (a copy made
//! of hard links but for `period.toml`), in turn, A B A B …, each timed as a
//! whole process; the ratio is taken pair by pair.

use std::path::Path;
use std::time::Instant;

use super::{median, remove_record, run_once, Run};

/// A copy of `from` at `to` made of hard links, but for `period.toml`,
/// written with `record = false`.
fn without_record(from: &Path, to: &Path) {
    linked_copy(from, to, &|text| {
        let lines: Vec<String> = text
            .lines()
            .map(|l| if l.starts_with("record ") { "record = false".to_string() } else { l.to_string() })
            .collect();
        lines.join("\n") + "\n"
    });
}

/// A copy of the data folder `from` at `to` made of hard links (its record
/// left out), but for `period.toml`, written as `settings` makes it.
pub(super) fn linked_copy(from: &Path, to: &Path, settings: &dyn Fn(&str) -> String) {
    let _ = std::fs::remove_dir_all(to);
    let mut pending = vec![from.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let target = to.join(dir.strip_prefix(from).unwrap());
        std::fs::create_dir_all(&target).unwrap();
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                pending.push(path);
            } else if name == "period.toml" {
                let text = std::fs::read_to_string(&path).unwrap();
                std::fs::write(target.join(&name), settings(&text)).unwrap();
            } else if !name.starts_with("record.sqlite") {
                std::fs::hard_link(&path, target.join(&name)).unwrap();
            }
        }
    }
}

/// The processor time (user and system) of the finished child processes.
pub(super) fn children_cpu() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the struct it is given.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// One run: its whole-process wall time and processor time (the second
/// depends less on what else the machine is doing).
pub(super) fn timed(data: &Path, out: &Path) -> (f64, f64, Run) {
    let (cpu, started) = (children_cpu(), Instant::now());
    let run = run_once(data, out);
    (started.elapsed().as_secs_f64(), children_cpu() - cpu, run)
}

pub(super) fn stage(run: &Run, name: &str) -> f64 {
    run.stages.iter().find(|(n, _)| n == name).map_or(0.0, |(_, t)| *t)
}

/// Times `pairs` pairs and prints the table.
pub fn bench(world: &Path, cache: &Path, pairs: usize) {
    let bare = cache.join("world-norecord");
    without_record(world, &bare);
    let out = cache.join("out-recording");
    let (mut with, mut without, mut ratios, mut record_stage, mut peaks) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), (Vec::new(), Vec::new()));
    let (mut cpu_with, mut cpu_without, mut cpu_ratios) = (Vec::new(), Vec::new(), Vec::new());
    let mut size = 0;
    for i in 0..pairs {
        remove_record(world);
        let (a, cpu_a, run_a) = timed(world, &out);
        size = std::fs::metadata(world.join("record.sqlite")).map_or(0, |m| m.len());
        let (b, cpu_b, run_b) = timed(&bare, &out);
        eprintln!(
            "  recording pair {}/{pairs}: {a:.2} s ({cpu_a:.1} cpu-s) with the record ({:.2} s of it recording), {b:.2} s ({cpu_b:.1} cpu-s) without: wall × {:.3}, cpu × {:.3}",
            i + 1,
            stage(&run_a, "record"),
            a / b,
            cpu_a / cpu_b
        );
        cpu_with.push(cpu_a);
        cpu_without.push(cpu_b);
        cpu_ratios.push(cpu_a / cpu_b);
        with.push(a);
        without.push(b);
        ratios.push(a / b);
        record_stage.push(stage(&run_a, "record"));
        peaks.0.push(run_a.peak_mib);
        peaks.1.push(run_b.peak_mib);
    }
    let spread = |v: &[f64]| {
        let min = v.iter().copied().fold(f64::INFINITY, f64::min);
        let max = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (min, max)
    };
    let (rmin, rmax) = spread(&ratios);
    println!("\nRecording the world-sized period ({pairs} pairs, medians; whole process):\n");
    let (cmin, cmax) = spread(&cpu_ratios);
    println!("| run | wall s | cpu s | `record` stage s | peak MiB |");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| with the record | {:.2} | {:.1} | {:.2} | {:.0} |",
        median(with),
        median(cpu_with),
        median(record_stage),
        median(peaks.0)
    );
    println!("| `record = false` | {:.2} | {:.1} | – | {:.0} |", median(without), median(cpu_without), median(peaks.1));
    println!(
        "| with / without, pair by pair | × {:.3} ({rmin:.3}–{rmax:.3}) | × {:.3} ({cmin:.3}–{cmax:.3}) | | |",
        median(ratios),
        median(cpu_ratios)
    );
    println!("\ntarget: × 1.20 at most; record.sqlite {:.0} MiB", size as f64 / 1048576.0);
}
