//! Golden output on the small plugins in `samples/`, which esscribe built
//! from the JSON beside them: these run everywhere, corpus or not.
//! `cargo insta review` (or `INSTA_UPDATE=always`) refreshes a snapshot
//! after an intended change of output.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples")
        .join(name)
}

/// Runs esscribe in the samples folder, so that output names files as a
/// user there would see them; the command must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = Command::cargo_bin("esscribe")
        .unwrap()
        .current_dir(sample(""))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "esscribe {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_skyrim_sample_is_its_own_json_dump() {
    let dumped = stdout_of(&["dump", "--json", "sample-skyrim.esp"]);
    let committed = std::fs::read_to_string(sample("sample-skyrim.json")).unwrap();
    assert_eq!(dumped, committed);
}

#[test]
fn the_samples_build_from_their_json() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["sample-oblivion", "sample-skyrim"] {
        let out = dir.path().join(format!("{name}.esp"));
        Command::cargo_bin("esscribe")
            .unwrap()
            .arg("build")
            .arg(sample(&format!("{name}.json")))
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
        let built = std::fs::read(&out).unwrap();
        let committed = std::fs::read(sample(&format!("{name}.esp"))).unwrap();
        assert!(built == committed, "{name}: build differs from the sample");
    }
}

#[test]
fn info_of_the_samples() {
    insta::assert_snapshot!(
        "info",
        stdout_of(&["info", "sample-oblivion.esp", "sample-skyrim.esp"])
    );
    insta::assert_snapshot!(
        "info_json",
        stdout_of(&["info", "--json", "sample-skyrim.esp"])
    );
}

#[test]
fn dump_of_the_samples() {
    insta::assert_snapshot!("dump_oblivion", stdout_of(&["dump", "sample-oblivion.esp"]));
    insta::assert_snapshot!("dump_skyrim", stdout_of(&["dump", "sample-skyrim.esp"]));
}

#[test]
fn packages_and_stats_of_the_samples() {
    insta::assert_snapshot!(
        "packages",
        stdout_of(&["packages", "sample-oblivion.esp", "sample-skyrim.esp"])
    );
    insta::assert_snapshot!(
        "stats",
        stdout_of(&["stats", "sample-oblivion.esp", "sample-skyrim.esp"])
    );
    insta::assert_snapshot!(
        "verify",
        stdout_of(&["verify", "sample-oblivion.esp", "sample-skyrim.esp"])
    );
}
