//! The run a federation waits for (issue 25): the world-sized period with
//! everything on (the record, the site, the statistics, the booklet, the
//! workbooks) against the same folder with `site = false` and `record =
//! false`, in turn, each timed as a whole process on a settled disk; the
//! floors of its stages (reading the reports, writing the site's files and
//! putting them on the disk, done as plainly as a program can); and the
//! large folder's whole publication against the plain Python reference
//! (`examples/bench/acf_reference.py`, openpyxl), which only reads and rates.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use super::recording::{children_cpu, linked_copy, stage, timed};
use super::site::settle;
use super::{median, remove_record, Run};

/// `record = false` and `site = false` (before the first table, or it would belong to it).
fn base_settings(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(|l| if l.starts_with("record ") { "record = false" } else { l }).collect();
    format!("site = false\n{}\n", lines.join("\n"))
}

/// Times `pairs` pairs of the world folder, everything on against the base
/// run, then the floors, and prints the tables.
pub fn bench(world: &Path, cache: &Path, pairs: usize) {
    let (all, base) = (cache.join("world-all"), cache.join("world-base"));
    linked_copy(world, &all, &|text| text.to_string());
    linked_copy(world, &base, &base_settings);
    // Every run publishes into a folder of its own, and the folders are
    // removed only at the end: on this disk (ext4 without a journal) files
    // created within a minute or so of deleting as many cost several times
    // the system time (see site.rs), and a world site is 222,508 files.
    let outs: Vec<(PathBuf, PathBuf)> = (0..pairs)
        .map(|i| (cache.join(format!("out-whole-all-{i}")), cache.join(format!("out-whole-base-{i}"))))
        .collect();
    let floor_copy = cache.join("floor-site");
    let remove_all = || {
        for (a, b) in &outs {
            let _ = std::fs::remove_dir_all(a);
            let _ = std::fs::remove_dir_all(b);
        }
        let _ = std::fs::remove_dir_all(&floor_copy);
    };
    remove_all();
    settle();
    let (mut walls, mut cpus, mut ratios, mut last) = ((vec![], vec![]), (vec![], vec![]), vec![], None);
    for (i, (out_all, out_base)) in outs.iter().enumerate() {
        remove_record(&all);
        let (a, cpu_a, run_a) = timed(&all, out_all);
        let (b, cpu_b, run_b) = timed(&base, out_base);
        eprintln!(
            "  whole pair {}/{pairs}: everything on {a:.2} s ({cpu_a:.1} cpu-s, {:.0} MiB), base {b:.2} s ({cpu_b:.1} cpu-s): × {:.2}",
            i + 1,
            run_a.peak_mib,
            a / b
        );
        walls.0.push(a);
        walls.1.push(b);
        cpus.0.push(cpu_a);
        cpus.1.push(cpu_b);
        ratios.push(a / b);
        last = Some((run_a, run_b));
    }
    let Some((all_run, base_run)) = last else { return };
    let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "\nThe world-sized period, everything on against the base run ({pairs} pairs, whole process, settled disk):\n"
    );
    println!("| run | wall s (median) | wall s (min) | processor s | peak MiB |");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| everything on | {:.2} | {:.2} | {:.1} | {:.0} |",
        median(walls.0.clone()),
        min(&walls.0),
        median(cpus.0.clone()),
        all_run.peak_mib
    );
    println!(
        "| `site = false`, `record = false` | {:.2} | {:.2} | {:.1} | {:.0} |",
        median(walls.1.clone()),
        min(&walls.1),
        median(cpus.1.clone()),
        base_run.peak_mib
    );
    println!(
        "\nratio, pair by pair: median × {:.2}, best × {:.2} (target × 1.5 at most; everything on under 30 s)",
        median(ratios.clone()),
        min(&ratios)
    );

    // The floors, from the last run's own files. (The outputs stay until
    // the bench ends: see [`remove_outputs`].)
    if let Some((out_all, _)) = outs.last() {
        floors(&all, out_all, &floor_copy, &all_run);
    }
}

/// Removes what the whole and reference benches published, once nothing
/// more is timed: deleting a world site's 222,508 files makes the next
/// minutes' file creation slower (see site.rs), and a later bench would
/// time that.
pub fn remove_outputs(cache: &Path) {
    let Ok(entries) = std::fs::read_dir(cache) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with("out-whole-") || name.starts_with("out-reference-") || name == "floor-site" {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// What reading the reports and writing the site cost done as plainly as a
/// program can, each beside the stage that does it.
fn floors(data: &Path, out: &Path, copy: &Path, run: &Run) {
    let reports = files_under(&data.join("reports"));
    // Reading: every report's bytes, every part of each workbook inflated,
    // on every core.
    let started = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..std::thread::available_parallelism().map_or(2, |n| n.get()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(path) = reports.get(i) else { break };
                let bytes = std::fs::read(path).unwrap();
                if let Ok(mut zip) = zip::ZipArchive::new(std::io::Cursor::new(&bytes)) {
                    for k in 0..zip.len() {
                        let mut part = Vec::new();
                        zip.by_index(k).unwrap().read_to_end(&mut part).unwrap();
                    }
                }
            });
        }
    });
    let read_floor = started.elapsed().as_secs_f64();

    // Writing: the site's files, their bytes held in memory, written by one
    // thread into a fresh folder (as the site's writer does), then flushed.
    let site = out.join("site");
    let pages: Vec<(PathBuf, Vec<u8>)> = files_under(&site)
        .into_iter()
        .map(|p| (p.strip_prefix(&site).unwrap().to_path_buf(), std::fs::read(&p).unwrap()))
        .collect();
    let started = Instant::now();
    for (rel, bytes) in &pages {
        let path = copy.join(rel);
        if let Some(parent) = path.parent().filter(|p| !p.is_dir()) {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, bytes).unwrap();
    }
    let write_floor = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let _ = Command::new("sync").arg("-f").arg(copy).status();
    let sync_floor = started.elapsed().as_secs_f64();

    let bytes: u64 = pages.iter().map(|(_, b)| b.len() as u64).sum();
    println!("\nStages against their floors (the last run with everything on):\n");
    println!("| stage | s | floor | floor s | stage / floor |");
    println!("|---|---:|---|---:|---:|");
    let read = stage(run, "read");
    println!(
        "| read | {read:.2} | {} reports read and inflated, every core | {read_floor:.2} | {:.1} |",
        reports.len(),
        read / read_floor
    );
    let site_s = stage(run, "site");
    println!(
        "| site (from the start of publishing) | {site_s:.2} | its {} files ({:.0} MB) written by one thread, then flushed | {:.2} | {:.1} |",
        pages.len(),
        bytes as f64 / 1e6,
        write_floor + sync_floor,
        site_s / (write_floor + sync_floor)
    );
    println!("\n(of the site's floor: writing {write_floor:.2} s, flushing {sync_floor:.2} s)");
}

/// Every file under `dir`, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The large folder's whole publication (everything on) against the Python
/// reference, in turn; said plainly when python3 or openpyxl is missing.
pub fn against_reference(large: &Path, cache: &Path, pairs: usize) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bench/acf_reference.py");
    let usable = Command::new("python3").args(["-c", "import openpyxl"]).output().is_ok_and(|o| o.status.success());
    println!("\nThe large folder's whole publication against the plain Python reference:\n");
    if !usable {
        println!(
            "not measured: python3 with openpyxl is not on this machine (Debian: apt-get install python3-openpyxl)"
        );
        return;
    }
    // Each run publishes into a folder of its own, removed only at the end:
    // on this disk (ext4 without a journal) files created just after as many
    // were deleted cost several times the system time (see site.rs).
    let outs: Vec<PathBuf> = (0..pairs).map(|i| cache.join(format!("out-reference-{i}"))).collect();
    for out in &outs {
        let _ = std::fs::remove_dir_all(out);
    }
    settle();
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut same_work, mut same_ratios) = (Vec::new(), Vec::new());
    for (i, out) in outs.iter().enumerate() {
        remove_record(large);
        let (a, _, _) = timed(large, out);
        let (cpu, started) = (children_cpu(), Instant::now());
        let reference = Command::new("python3").arg(&script).arg(large).output().expect("python3 runs");
        assert!(reference.status.success(), "the reference failed: {}", String::from_utf8_lossy(&reference.stderr));
        let b = started.elapsed().as_secs_f64();
        let python_cpu = children_cpu() - cpu;
        // The reference's own work: read, check and rate, publishing nothing.
        remove_record(large);
        let started = Instant::now();
        let dry = Command::new(super::binary())
            .args(["period", "--dry-run", "--skip-invalid", "--data"])
            .arg(large)
            .arg("--out")
            .arg(out)
            .output()
            .expect("ratebook runs");
        assert!(dry.status.success(), "the dry run failed: {}", String::from_utf8_lossy(&dry.stderr));
        let c = started.elapsed().as_secs_f64();
        eprintln!(
            "  reference pair {}/{pairs}: ratebook {a:.2} s (read, check and rate only: {c:.2} s), Python {b:.2} s ({:.1} cpu-s): × {:.1} (× {:.1})",
            i + 1,
            python_cpu,
            b / a,
            b / c
        );
        ours.push(a);
        theirs.push(b);
        ratios.push(b / a);
        same_work.push(c);
        same_ratios.push(b / c);
    }
    println!("| run | wall s (median) |");
    println!("|---|---:|");
    println!("| ratebook period, everything on | {:.2} |", median(ours));
    println!("| ratebook period --dry-run (reads, checks and rates) | {:.2} |", median(same_work));
    println!("| acf_reference.py (reads and rates only) | {:.2} |", median(theirs));
    println!(
        "\nratebook's whole publication is × {:.1} faster, pair by pair (median; target × 10 at least); \
         the same work as the reference × {:.1}",
        median(ratios),
        median(same_ratios)
    );
}
