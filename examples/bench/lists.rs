//! What keeping three rating lists costs (issue 45: at national scale, at
//! most 1.5 times the one-list run): the large folder's size (20,000
//! players, 1,000 events) under FIDE's rules with one list, against the
//! same generated with `--lists standard,rapid,blitz` (a fifth of its
//! events rapid, a tenth blitz, each list rated, published and recorded),
//! in turn, A B A B …, each timed as a whole process on a settled disk
//! ([`super::site::settle`]). Each run records its period afresh.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::{binary, median, remove_record};

/// The two folders, generated once into `cache` (`lists-one`, `lists-three`).
fn folders(cache: &Path) -> (PathBuf, PathBuf) {
    let one = cache.join("lists-one-20000-1000");
    let three = cache.join("lists-three-20000-1000");
    for (dir, lists) in [(&one, None), (&three, Some("standard,rapid,blitz"))] {
        if dir.join("players.xlsx").is_file() {
            continue;
        }
        eprintln!("generating {} …", dir.display());
        let mut command = Command::new(binary());
        command.args(["generate", "--seed", "7", "--system", "fide", "--players", "20000", "--events", "1000"]);
        if let Some(lists) = lists {
            command.args(["--lists", lists]);
        }
        let status = command.arg("--out").arg(dir).status().expect("ratebook generate runs");
        assert!(status.success(), "generate failed");
    }
    (one, three)
}

/// Removes the generated folders (the generator changed).
pub fn forget(cache: &Path) {
    let (one, three) = (cache.join("lists-one-20000-1000"), cache.join("lists-three-20000-1000"));
    let _ = std::fs::remove_dir_all(one);
    let _ = std::fs::remove_dir_all(three);
}

/// One `period` run of `data` into `out`, its wall time in seconds.
fn timed(data: &Path, out: &Path) -> f64 {
    remove_record(data);
    let _ = std::fs::remove_dir_all(out);
    super::site::settle();
    let started = std::time::Instant::now();
    let output = Command::new(binary())
        .args(["period", "--data"])
        .arg(data)
        .arg("--out")
        .arg(out)
        .output()
        .expect("ratebook runs");
    let took = started.elapsed().as_secs_f64();
    assert!(
        output.status.success(),
        "period failed on {}:\n{}",
        data.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    took
}

/// Times `pairs` pairs and prints the table.
pub fn bench(cache: &Path, pairs: usize) {
    let (one, three) = folders(cache);
    let out = cache.join("out-lists");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 0..pairs {
        a.push(timed(&one, &out));
        b.push(timed(&three, &out));
        eprintln!("  lists pair {}/{pairs}: one list {:.2} s, three lists {:.2} s", i + 1, a[i], b[i]);
    }
    let ratios: Vec<f64> = a.iter().zip(&b).map(|(a, b)| b / a).collect();
    let (one_s, three_s, ratio) = (median(a), median(b), median(ratios));
    println!("\n| lists (20,000 players, 1,000 events, fide) | median s |");
    println!("|---|---:|");
    println!("| one list | {one_s:.2} |");
    println!("| standard, rapid, blitz | {three_s:.2} |");
    println!("\nthree lists / one list: × {ratio:.2} (median of the pairs' ratios; the target is at most 1.5)");
    let _ = std::fs::remove_dir_all(&out);
}
