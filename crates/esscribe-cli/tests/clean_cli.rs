//! `esscribe clean` on plugins made with xEdit: the report, the dry run,
//! writing in place or elsewhere, masters from a Data folder, and a
//! missing master.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    let mut cmd = Command::cargo_bin("esscribe").unwrap();
    cmd.env("NO_COLOR", "1");
    cmd
}

/// Runs in `dir`: exit status, standard output, standard error.
fn run(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = esscribe().current_dir(dir).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A folder holding Skyrim's `Blank - Master Dependent.esp` (two records
/// identical to Blank.esm's) as Dirty.esp, and Blank.esm in `Data/`.
fn workspace() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let dirty = dir.path().join("Dirty.esp");
    // Written, not copied: the corpus's files are read-only, and a
    // read-only plugin is not replaced.
    std::fs::write(
        &dirty,
        common::file("testing-plugins/Skyrim/Blank - Master Dependent.esp"),
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("Data")).unwrap();
    std::fs::copy(
        common::path("testing-plugins/Skyrim/Blank.esm"),
        dir.path().join("Data/Blank.esm"),
    )
    .unwrap();
    (dir, dirty)
}

const REPORT: &str = "Dirty.esp:
    removed, identical to master (ITM): 2
    undeleted and disabled (UDR): 0
    deleted reference left deleted: 0
    skipped: 0
    empty groups removed: 0
removed, identical to master (ITM): BPTD 0x00000CF0 [00000CF0 Blank.esm]
removed, identical to master (ITM): BPTD 0x00000CF1 [00000CF1 Blank.esm]
";

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dry_run_reports_and_writes_nothing() {
    let (dir, dirty) = workspace();
    let before = std::fs::read(&dirty).unwrap();
    let (ok, out, err) = run(
        dir.path(),
        &["clean", "Dirty.esp", "Data/Blank.esm", "--dry-run"],
    );
    assert!(ok, "{err}");
    assert_eq!(out, REPORT);
    assert_eq!(err, "dry run: nothing written\n");
    assert_eq!(std::fs::read(&dirty).unwrap(), before);
    assert_eq!(common::listing(dir.path()), ["Data", "Dirty.esp"]);

    let (ok, out, err) = run(
        dir.path(),
        &[
            "clean",
            "Dirty.esp",
            "--data",
            "Data",
            "--dry-run",
            "--json",
        ],
    );
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["removed"], 2);
    assert_eq!(v["undeleted"], 0);
    assert_eq!(v["written"], Value::Null);
    assert_eq!(
        v["actions"][1],
        json!({"action": "identical_to_master", "type": "BPTD", "form_id": "0x00000CF1",
               "record": "00000CF1 Blank.esm", "editor_id": null})
    );
    assert_eq!(std::fs::read(&dirty).unwrap(), before);
    assert_eq!(common::listing(dir.path()), ["Data", "Dirty.esp"]);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn cleans_in_place_with_a_backup_then_finds_nothing() {
    let (dir, dirty) = workspace();
    let before = std::fs::read(&dirty).unwrap();
    let (ok, out, err) = run(dir.path(), &["clean", "Dirty.esp", "--data", "Data"]);
    assert!(ok, "{err}");
    assert_eq!(out, REPORT);
    assert_eq!(
        err,
        "wrote Dirty.esp (422 bytes); the file it replaced is kept as Dirty.esp.bak\n"
    );
    assert_eq!(
        std::fs::read(dir.path().join("Dirty.esp.bak")).unwrap(),
        before
    );
    let after = std::fs::read(&dirty).unwrap();
    assert_eq!(after.len(), 422);
    let plugin = esscribe::Plugin::parse(&after).unwrap();
    let ids: Vec<u32> = plugin.records().map(|r| r.header.form_id.0).collect();
    assert_eq!(ids, [0x01000CE9, 0x01000CEA]);
    assert_eq!(plugin.info().unwrap().record_count, 3);

    let (ok, out, err) = run(dir.path(), &["clean", "Dirty.esp", "Data/Blank.esm"]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "Dirty.esp:
    removed, identical to master (ITM): 0
    undeleted and disabled (UDR): 0
    deleted reference left deleted: 0
    skipped: 0
    empty groups removed: 0
"
    );
    assert_eq!(err, "nothing to clean: Dirty.esp left as it is\n");
    assert_eq!(std::fs::read(&dirty).unwrap(), after);
    assert_eq!(
        common::listing(dir.path()),
        ["Data", "Dirty.esp", "Dirty.esp.bak"]
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn writes_elsewhere_and_to_standard_output() {
    let (dir, dirty) = workspace();
    let before = std::fs::read(&dirty).unwrap();
    let (ok, out, err) = run(
        dir.path(),
        &["clean", "Dirty.esp", "--data", "Data", "-o", "Clean.esp"],
    );
    assert!(ok, "{err}");
    assert_eq!(out, REPORT);
    assert_eq!(err, "wrote Clean.esp (422 bytes)\n");
    assert_eq!(std::fs::read(&dirty).unwrap(), before);
    let clean = std::fs::read(dir.path().join("Clean.esp")).unwrap();

    let out = esscribe()
        .current_dir(dir.path())
        .args(["clean", "Dirty.esp", "--data", "Data", "-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, clean);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!("{REPORT}wrote the cleaned plugin to standard output\n")
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_missing_master_is_an_error_naming_it() {
    let (dir, dirty) = workspace();
    let before = std::fs::read(&dirty).unwrap();
    let (ok, out, err) = run(dir.path(), &["clean", "Dirty.esp"]);
    assert!(!ok);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "esscribe: master Blank.esm of Dirty.esp is not given: list its masters after it (Blank.esm), or give --data DIR\n"
    );
    let (ok, _, err) = run(dir.path(), &["clean", "Dirty.esp", "--data", "."]);
    assert!(!ok);
    assert_eq!(err, "esscribe: master Blank.esm of Dirty.esp is not in .\n");
    assert_eq!(std::fs::read(&dirty).unwrap(), before);
    assert_eq!(common::listing(dir.path()), ["Data", "Dirty.esp"]);
}

/// A read-only plugin is how a user protects it: cleaning it in place is
/// refused and the file left as it was, unless --force asks.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_read_only_plugin_is_cleaned_in_place_only_with_force() {
    let (dir, dirty) = workspace();
    let before = std::fs::read(&dirty).unwrap();
    let mut permissions = std::fs::metadata(&dirty).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&dirty, permissions).unwrap();
    let (ok, _, err) = run(dir.path(), &["clean", "Dirty.esp", "--data", "Data"]);
    assert!(!ok);
    assert!(
        err.contains("it is read-only") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read(&dirty).unwrap(), before);
    assert_eq!(common::listing(dir.path()), ["Data", "Dirty.esp"]);
    let (ok, _, err) = run(
        dir.path(),
        &["clean", "Dirty.esp", "--data", "Data", "--force"],
    );
    assert!(ok, "{err}");
    assert!(err.contains("warning: Dirty.esp was read-only"), "{err}");
    assert_ne!(std::fs::read(&dirty).unwrap(), before);
    assert!(std::fs::metadata(&dirty).unwrap().permissions().readonly());
    assert_eq!(
        std::fs::read(dir.path().join("Dirty.esp.bak")).unwrap(),
        before
    );
}

/// A lock file left by a write that was killed is cleared by the next run,
/// even one that finds nothing to write.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_lock_file_left_by_a_killed_write_is_cleared() {
    let (dir, dirty) = workspace();
    let (ok, _, err) = run(dir.path(), &["clean", "Dirty.esp", "--data", "Data"]);
    assert!(ok, "{err}");
    let cleaned = std::fs::read(&dirty).unwrap();
    std::fs::write(dir.path().join("Dirty.esp.esscribe-lock"), b"").unwrap();
    let (ok, _, err) = run(dir.path(), &["clean", "Dirty.esp", "--data", "Data"]);
    assert!(ok && err.contains("nothing to clean"), "{err}");
    assert_eq!(std::fs::read(&dirty).unwrap(), cleaned);
    assert!(
        !dir.path().join("Dirty.esp.esscribe-lock").exists(),
        "{:?}",
        common::listing(dir.path())
    );
}
