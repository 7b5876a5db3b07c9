//! The first `make period` of a fresh clone: the Makefile records the
//! sample's periods, then publishes the last, and says so in that order.

use std::process::Command;

use crate::common::binary;

#[test]
fn the_first_make_period_says_the_samples_periods_were_just_recorded() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path();
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/Makefile"), dir.join("Makefile")).unwrap();
    // `cargo run --bin ratebook -- ARGS` stands for the binary under test.
    let cargo = dir.join("cargo");
    std::fs::write(
        &cargo,
        "#!/bin/sh\nwhile [ \"$1\" != \"--\" ]; do shift; done\nshift\nexec \"$RATEBOOK_UNDER_TEST\" \"$@\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&cargo, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let sample = "generate --out data --players 60 --events 6 --seed 7 --periods 2";
    let run = |args: &[&str]| {
        let o = Command::new(args[0])
            .args(&args[1..])
            .current_dir(dir)
            .env("RATEBOOK_UNDER_TEST", binary())
            .output()
            .unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
    };
    // A clone: the shipped data folder committed.
    run(&[binary().to_str().unwrap(), "generate", "--out", "data", "--players", "60", "--events", "6", "--seed", "7"]);
    run(&["git", "init", "-q"]);
    run(&["git", "add", "data"]);
    run(&["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "sample"]);
    let cargo = format!("CARGO={}", cargo.display());
    let said = run(&["make", "--no-print-directory", "period", &cargo, &format!("SAMPLE={sample}")]);
    let recorded = said.find("the sample's periods were just recorded in data/record.sqlite").unwrap_or(usize::MAX);
    let already = said.find("was recorded already").expect(&said);
    assert!(recorded < already, "the first run says why the period is recorded already:\n{said}");
}
