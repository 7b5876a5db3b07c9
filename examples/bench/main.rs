//! `make bench`: times the whole period run on three data folders, the
//! shipped sample (federation-sized), a large one (20,000 players, 1,000
//! events) and a world-sized one (200,000 players, 10,000 events), generated
//! once and cached under `.bench/` (made again when the generator changes).
//! Each folder is run several times through the real binary with
//! `--timings`; the table shows medians.
//!
//!
//! Then the rating record's scale (issue 15): the cost of recording the
//! world-sized period, paired against the same run with `record = false`
//! ([`recording`]), and a national federation's 240 periods of 10,000
//! players ([`national`]): `history`, `rerate` of the last 12 periods, and
//! the record's size. Then the site's cost (issue 16): the world-sized
//! period with its site against `site = false` ([`site`]). The statistics
//! (issue 27) are a stage of their own in the period's `--timings`
//! (`statistics`), and `ratebook stats` is timed on the national record.
//!
//! Then the run a federation waits for (issue 25): the world-sized period
//! with everything on against the base run, the floors of its stages, and the
//! large folder against the plain Python reference ([`whole`]).
//!
//! Then the inputs that cost too much (issue 36): a player file whose header
//! has a million columns, one with a 300 MB line, a TRF of 200,000 player
//! lines ([`inputs`]).
//!
//! Then three rating lists against one (issue 45, [`lists`]).
//!
//! Usage: `cargo run --example bench [-- --runs N] [-- --only NAME]`, NAME
//! one of sample, large, world, recording, national, site, whole, reference,
//! inputs, lists.

mod inputs;
mod lists;
mod national;
mod recording;
mod site;
mod whole;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

struct Size {
    name: &'static str,
    /// `None`: the shipped `data/` folder.
    generate: Option<(usize, usize)>,
    runs: usize,
}

const SIZES: [Size; 3] = [
    Size { name: "sample", generate: None, runs: 5 },
    Size { name: "large", generate: Some((20_000, 1_000)), runs: 3 },
    Size { name: "world", generate: Some((200_000, 10_000)), runs: 3 },
];

/// One run's numbers, parsed from `--timings`.
#[derive(Default, Clone)]
pub(crate) struct Run {
    stages: Vec<(String, f64)>,
    total: f64,
    peak_mib: f64,
    games: f64,
}

pub(crate) fn binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the example knows where it is");
    let dir = exe.parent().and_then(|p| p.parent()).expect("target/<profile>/examples");
    dir.join("ratebook")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return f64::NAN;
    }
    v[v.len() / 2]
}

/// The record a data folder's `period.toml` names by default, with what
/// SQLite keeps beside it, removed: the next run records afresh.
pub(crate) fn remove_record(data: &Path) {
    for suffix in ["", "-journal", "-wal", "-shm"] {
        let _ = std::fs::remove_file(data.join(format!("record.sqlite{suffix}")));
    }
}

/// One `period --timings` run. `--skip-invalid`: the generator's world
/// folder has two reports the validator rejects (a player without ID whose
/// name and birth date match one in the player file); they are skipped, the
/// same in every run.
fn run_once(data: &Path, out: &Path) -> Run {
    let output = Command::new(binary())
        .args(["period", "--timings", "--skip-invalid", "--data"])
        .arg(data)
        .arg("--out")
        .arg(out)
        .output()
        .expect("ratebook runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "period failed on {}:\n{stderr}", data.display());
    let mut run = Run::default();
    for line in stderr.lines() {
        let parts: Vec<&str> = line.split_whitespace().collect();
        match parts.as_slice() {
            ["total", secs, "s"] => run.total = secs.parse().unwrap_or(f64::NAN),
            ["peak", "mem", mib, "MiB"] => run.peak_mib = mib.parse().unwrap_or(f64::NAN),
            ["games", n] => run.games = n.parse().unwrap_or(f64::NAN),
            [name, secs, "s"] => {
                let secs = secs.parse().unwrap_or(f64::NAN);
                match run.stages.iter_mut().find(|(n, _)| n == name) {
                    Some((_, sum)) => *sum += secs,
                    None => run.stages.push((name.to_string(), secs)),
                }
            }
            _ => {}
        }
    }
    run
}

/// Runs `ratebook generate` into `dir` (`quiet`: without its summary line).
fn generate(dir: &Path, players: usize, events: usize, quiet: bool) {
    let mut command = Command::new(binary());
    command
        .args(["generate", "--seed", "7", "--players", &players.to_string(), "--events", &events.to_string(), "--out"])
        .arg(dir);
    if quiet {
        command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
    }
    let status = command.status().expect("ratebook generate runs");
    assert!(status.success(), "generate failed");
}

/// A fingerprint of what the generator makes now: the bytes of a small
/// folder it generates (the generator gives the same bytes for the same
/// seed, so the fingerprint changes only when the generator does).
fn generator_fingerprint(cache: &Path) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let probe = cache.join("probe");
    let _ = std::fs::remove_dir_all(&probe);
    generate(&probe, 200, 10, true);
    let mut files = Vec::new();
    let mut pending = vec![probe.clone()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path)
            } else {
                files.push(path)
            }
        }
    }
    files.sort();
    let mut hasher = DefaultHasher::new();
    for f in &files {
        f.strip_prefix(&probe).unwrap().hash(&mut hasher);
        std::fs::read(f).unwrap().hash(&mut hasher);
    }
    let _ = std::fs::remove_dir_all(&probe);
    format!("{:016x}", hasher.finish())
}

/// Removes the cached folders if the generator has changed since they were
/// made, so that the benchmark never times data the generator no longer
/// makes.
fn forget_stale_folders(cache: &Path) {
    let stamp = cache.join("generator.stamp");
    let now = generator_fingerprint(cache);
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(now.as_str()) {
        return;
    }
    for size in &SIZES {
        if let Some((players, events)) = size.generate {
            let _ = std::fs::remove_dir_all(cache.join(format!("{}-{players}-{events}", size.name)));
        }
    }
    let _ = std::fs::remove_dir_all(national::folder(cache));
    lists::forget(cache);
    std::fs::write(&stamp, now).unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let runs_override: Option<usize> = value("--runs").and_then(|v| v.parse().ok());
    let only = value("--only");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cache = root.join(".bench");
    std::fs::create_dir_all(&cache).unwrap();
    forget_stale_folders(&cache);

    let wanted = |name: &str| only.as_deref().is_none_or(|o| o == name);
    let mut rows = Vec::new();
    for size in SIZES.iter().filter(|s| wanted(s.name)) {
        let data = match size.generate {
            None => root.join("data"),
            Some(_) => generated(&cache, size),
        };
        let out = cache.join(format!("out-{}", size.name));
        let n = runs_override.unwrap_or(size.runs);
        let mut all = Vec::new();
        for i in 0..n {
            // Each run records its period afresh (the shipped sample's
            // period is in its record already: it records nothing new).
            if size.generate.is_some() {
                remove_record(&data);
            }
            let r = run_once(&data, &out);
            eprintln!("  {} run {}/{n}: {:.2} s, {:.0} MiB", size.name, i + 1, r.total, r.peak_mib);
            all.push(r);
        }
        rows.push((size.name, all));
    }

    if !rows.is_empty() {
        sizes_table(&rows);
    }
    if wanted("recording") {
        let world = generated(&cache, &SIZES[2]);
        recording::bench(&world, &cache, runs_override.unwrap_or(3));
    }
    if wanted("national") {
        let dir = national::build(&cache);
        national::bench(&dir, &cache, runs_override);
    }
    if wanted("site") {
        let world = generated(&cache, &SIZES[2]);
        site::bench(&world, &cache, runs_override.unwrap_or(2));
    }
    if wanted("whole") {
        let world = generated(&cache, &SIZES[2]);
        whole::bench(&world, &cache, runs_override.unwrap_or(3));
    }
    if wanted("reference") {
        let large = generated(&cache, &SIZES[1]);
        whole::against_reference(&large, &cache, runs_override.unwrap_or(3));
    }
    if wanted("lists") {
        lists::bench(&cache, runs_override.unwrap_or(3));
    }
    if wanted("inputs") {
        inputs::bench(root, &cache, runs_override.unwrap_or(1));
    }
    whole::remove_outputs(&cache);
}

/// A generated size's folder, generated first when it is not there.
fn generated(cache: &Path, size: &Size) -> PathBuf {
    let (players, events) = size.generate.expect("a generated size");
    let dir = cache.join(format!("{}-{players}-{events}", size.name));
    if !dir.join("players.xlsx").is_file() {
        eprintln!("generating {} ({players} players, {events} events) into {} …", size.name, dir.display());
        let started = Instant::now();
        generate(&dir, players, events, false);
        eprintln!("  generated in {:.1} s", started.elapsed().as_secs_f64());
    }
    dir
}

/// The table of the whole runs: medians per folder, stage by stage.
fn sizes_table(rows: &[(&str, Vec<Run>)]) {
    let stage_names: Vec<String> =
        rows.first().map(|(_, runs)| runs[0].stages.iter().map(|(n, _)| n.clone()).collect()).unwrap_or_default();
    print!("| data | games | total s |");
    for s in &stage_names {
        print!(" {s} s |");
    }
    println!(" peak MiB | games/s | total/read |");
    print!("|---|---:|---:|");
    for _ in &stage_names {
        print!("---:|");
    }
    println!("---:|---:|---:|");
    let mut totals = Vec::new();
    for (name, runs) in rows {
        let total = median(runs.iter().map(|r| r.total).collect());
        let games = runs[0].games;
        print!("| {name} | {games:.0} | {total:.2} |");
        let mut read = f64::NAN;
        for s in &stage_names {
            let t = median(
                runs.iter().map(|r| r.stages.iter().find(|(n, _)| n == s).map_or(f64::NAN, |(_, t)| *t)).collect(),
            );
            if s == "read" {
                read = t;
            }
            print!(" {t:.2} |");
        }
        let peak = median(runs.iter().map(|r| r.peak_mib).collect());
        println!(" {peak:.0} | {:.0} | {:.2} |", games / total, total / read);
        totals.push((*name, games, total));
    }
    if let (Some(large), Some(world)) = (totals.iter().find(|t| t.0 == "large"), totals.iter().find(|t| t.0 == "world"))
    {
        let time_ratio = world.2 / large.2;
        let game_ratio = world.1 / large.1;
        println!(
            "\nworld/large: time × {time_ratio:.2} for games × {game_ratio:.2} (time ratio / game ratio = {:.2}; linear is 1.00)",
            time_ratio / game_ratio
        );
    }
}
