//! What the site costs (issue 16: at most 30 s more for the world-sized
//! period on this 2-core machine): the world folder published with its
//! site against the same folder with `site = false` (a copy made of hard
//! links but for `period.toml`), in turn, A B A B …, each timed as a whole
//! process. Neither keeps a record (each run would otherwise record).
//!
//! Each run starts on a settled disk: the output of the run before is
//! removed and the bench waits first ([`settle`]). On ext4 without a journal
//! (this machine's), a new file's inode is looked for past every inode
//! freed in the last minute (five more while the freed inodes are not yet
//! written out: the kernel's `recently_deleted`), so creating files just
//! after deleting as many costs several times the system time: 200,000
//! small files took 83 s instead of 17 s in a loop of Python writes, and a
//! 20,000-player publication 8 to 14 s instead of 4 in a profile, half its
//! samples in that search. An officer's publications are a period apart;
//! back-to-back bench runs are not. (The benches remove their outputs only
//! when the whole invocation ends; a second invocation within six minutes
//! of a world-sized one still starts on freed inodes.)

use std::path::Path;
use std::time::Duration;

use super::median;
use super::recording::{linked_copy, stage, timed};

/// How long a run waits after the files of the one before were removed
/// and written out.
const SETTLE: Duration = Duration::from_secs(75);

/// Writes out what deletions left in memory, then waits [`SETTLE`]: the
/// inodes freed are then no longer recent.
pub(super) fn settle() {
    let _ = std::process::Command::new("sync").status();
    std::thread::sleep(SETTLE);
}

/// Times `pairs` pairs and prints the table.
pub fn bench(world: &Path, cache: &Path, pairs: usize) {
    let with_site = cache.join("world-site");
    let without_site = cache.join("world-nosite");
    let no_record = |text: &str| -> String {
        text.lines().map(|l| if l.starts_with("record ") { "record = false" } else { l }).collect::<Vec<_>>().join("\n")
            + "\n"
    };
    linked_copy(world, &with_site, &no_record);
    // (`site` goes before the first table, or it would belong to it.)
    linked_copy(world, &without_site, &|text| format!("site = false\n{}", no_record(text)));
    let out = cache.join("out-site");
    let (mut with, mut without, mut extra, mut cpu_extra, mut site_stage) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..pairs {
        let settled = |out: &Path| {
            let _ = std::fs::remove_dir_all(out);
            settle();
        };
        settled(&out);
        let (a, cpu_a, run_a) = timed(&with_site, &out);
        settled(&out);
        let (b, cpu_b, _) = timed(&without_site, &out);
        eprintln!(
            "  site pair {}/{pairs}: {a:.2} s ({cpu_a:.1} cpu-s) with the site, {b:.2} s ({cpu_b:.1} cpu-s) without: {:+.1} s",
            i + 1,
            a - b
        );
        with.push(a);
        without.push(b);
        extra.push(a - b);
        cpu_extra.push(cpu_a - cpu_b);
        site_stage.push(stage(&run_a, "site"));
    }
    let _ = std::fs::remove_dir_all(&out);
    println!("\nThe world-sized site ({pairs} pairs, medians; whole process, each run on a settled disk):\n");
    println!("| run | wall s | `site` stage s (from the start of publishing) |");
    println!("|---|---:|---:|");
    println!("| with the site | {:.2} | {:.2} |", median(with), median(site_stage));
    println!("| `site = false` | {:.2} | – |", median(without));
    println!(
        "| the site's cost, pair by pair | {:+.2} (processor time {:+.1} s) | |",
        median(extra),
        median(cpu_extra)
    );
    println!("\ntarget: +30 s at most");
}
