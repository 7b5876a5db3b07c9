//! Inputs that cost too much (issue 36, items 6 and 7): a CSV player file
//! whose header has 10,000, 100,000 or 1,000,000 columns, a CSV player file
//! with one 300 MB line, and a TRF report of 200,000 player lines. Each
//! folder is read and checked by `period --dry-run --timings` (nothing is
//! written, there is no record and no site); the table gives the wall time,
//! the exit status (1: refused with findings) and the peak memory.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cases: name, and what the folder holds besides period.toml.
const CASES: [(&str, Case); 5] = [
    ("wide-10k", Case::WideHeader(10_000)),
    ("wide-100k", Case::WideHeader(100_000)),
    ("wide-1m", Case::WideHeader(1_000_000)),
    ("long-line", Case::LongLine(300 << 20)),
    ("big-trf", Case::BigTrf(200_000)),
];

#[derive(Clone, Copy)]
enum Case {
    /// players.csv whose header has this many columns.
    WideHeader(usize),
    /// players.csv one of whose lines is this many bytes long.
    LongLine(usize),
    /// A TRF report of this many player lines (one round, paired 1–2, 3–4, …).
    BigTrf(usize),
}

const HEADER: &str = "ID,Surname,First names,Gender,Birth date,State,Rating,Status,Games";

/// The settings of the shipped sample, without a record or a site.
fn settings(root: &Path) -> String {
    let toml = std::fs::read_to_string(root.join("data/period.toml")).expect("the shipped period.toml");
    let mut out = String::new();
    for line in toml.lines() {
        if line.starts_with("record ") {
            out.push_str("record = false\nsite = false\n");
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Makes the folder of `case` under `cache` (once: the same bytes every time).
fn folder(root: &Path, cache: &Path, name: &str, case: Case) -> PathBuf {
    let dir = cache.join(format!("inputs-{name}"));
    if dir.join("period.toml").is_file() {
        return dir;
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("reports/V")).unwrap();
    let few_players = || {
        format!("{HEADER}\n1,Able,Ann,F,1970-01-01,V,1500,confirmed,40\n2,Baker,Bob,M,1971-02-02,V,1600,confirmed,40\n")
    };
    match case {
        Case::WideHeader(columns) => {
            let mut text = String::from(HEADER);
            for c in 9..columns {
                write!(text, ",Extra {c}").unwrap();
            }
            text.push('\n');
            text.push_str("1,Able,Ann,F,1970-01-01,V,1500,confirmed,40\n");
            std::fs::write(dir.join("players.csv"), text).unwrap();
        }
        Case::LongLine(bytes) => {
            let mut text = few_players();
            text.push_str("3,");
            text.push_str(&"a".repeat(bytes));
            text.push_str(",Cid,M,1972-03-03,V,1700,confirmed,40\n");
            std::fs::write(dir.join("players.csv"), text).unwrap();
        }
        Case::BigTrf(players) => {
            std::fs::write(dir.join("players.csv"), few_players()).unwrap();
            std::fs::write(dir.join("reports/V/V96999.trf"), trf(players)).unwrap();
            std::fs::write(
                dir.join("reports/V/V96999.toml"),
                "code = \"V96999\"\nstate = \"V\"\ntime_control = \"40/7200:3600\"\ntype = \"swiss\"\nids = \"fide\"\n",
            )
            .unwrap();
        }
    }
    // Written last: a folder interrupted while being made is made again.
    std::fs::write(dir.join("period.toml"), settings(root)).unwrap();
    dir
}

/// A TRF of `players` player lines, one round played in June 1996.
fn trf(players: usize) -> String {
    let mut text = String::from(
        "012 Bench Open\n022 Melbourne\n042 01. 06. 1996\n052 03. 06. 1996\n062 0\n092 Individual: Swiss-System\n122 40/120, 60\n",
    );
    for no in 1..=players {
        let opponent = if no % 2 == 1 { no + 1 } else { no - 1 };
        let (colour, result) = if no % 2 == 1 { ('w', '1') } else { ('b', '0') };
        let name = format!("Player{no},Bench");
        let points = if result == '1' { "1.0" } else { "0.0" };
        writeln!(
            text,
            "001 {no:>4}      {name:<33} 1500 AUS {:>11} {:<10} {points:>4} {no:>4}  {opponent:>4} {colour} {result}",
            "", ""
        )
        .unwrap();
    }
    text
}

/// Times `period --dry-run --timings` on each case `runs` times.
pub fn bench(root: &Path, cache: &Path, runs: usize) {
    println!("\n| input | exit | total s | read s | peak MiB |");
    println!("|---|---:|---:|---:|---:|");
    for (name, case) in CASES {
        let dir = folder(root, cache, name, case);
        let out = cache.join("out-inputs");
        let mut measured = Vec::new();
        for i in 0..runs {
            let started = std::time::Instant::now();
            let output = Command::new(super::binary())
                .args(["period", "--dry-run", "--timings", "--data"])
                .arg(&dir)
                .arg("--out")
                .arg(&out)
                .output()
                .expect("ratebook runs");
            let wall = started.elapsed().as_secs_f64();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let code = output.status.code().unwrap_or(-1);
            assert!(matches!(code, 0 | 1), "{name}: exit {code}:\n{stderr}");
            let figure = |label: &str| {
                stderr.lines().find_map(|l| {
                    let parts: Vec<&str> = l.split_whitespace().collect();
                    match parts.as_slice() {
                        [first, value, _] if *first == label => value.parse::<f64>().ok(),
                        ["peak", "mem", value, _] if label == "peak" => value.parse::<f64>().ok(),
                        _ => None,
                    }
                })
            };
            let (read, peak) = (figure("read").unwrap_or(f64::NAN), figure("peak").unwrap_or(f64::NAN));
            eprintln!("  {name} run {}/{runs}: {wall:.2} s, {peak:.0} MiB, exit {code}", i + 1);
            measured.push((wall, read, peak, code));
        }
        let median = |f: fn(&(f64, f64, f64, i32)) -> f64| super::median(measured.iter().map(f).collect());
        println!(
            "| {name} | {} | {:.2} | {:.2} | {:.0} |",
            measured[0].3,
            median(|m| m.0),
            median(|m| m.1),
            median(|m| m.2)
        );
    }
}
