//! `esscribe patch` on the Requiem SE load order: the report, the patch
//! written through the safe-write path and the same again, the dry run,
//! a tags file with a tag not known, and a plugin that does not read.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    let mut cmd = Command::cargo_bin("esscribe").unwrap();
    cmd.env("NO_COLOR", "1");
    cmd
}

/// Runs in `dir`: exit status, standard output, standard error.
fn run(dir: &Path, args: &[String]) -> (bool, String, String) {
    let out = esscribe().current_dir(dir).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The plugins of the Requiem SE load order, by path.
fn requiem() -> Vec<String> {
    let dir = common::corpus_dir().join("skyrim-loadorders/requiem-se");
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| esscribe::loadorder::is_plugin_name(&common::name(p)))
        .collect();
    out.sort();
    out.iter().map(|p| p.display().to_string()).collect()
}

const PATCH: &str = "Bashed Patch, 0.esp";

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn writes_the_patch_and_the_same_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["patch".to_string()];
    args.extend(requiem());
    args.extend(["-o".into(), PATCH.into(), "--json".into()]);
    let (ok, out, err) = run(dir.path(), &args);
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["written"], true);
    assert_eq!(report["files"][0]["name"], PATCH);
    assert_eq!(report["files"][0]["light"], true);
    let records = report["report"]["records"].as_array().unwrap();
    assert_eq!(report["files"][0]["records"], records.len());
    let clothes = records
        .iter()
        .find(|r| r["form_id"] == "??106662 Skyrim.esm")
        .unwrap();
    assert_eq!(clothes["master_absent"], true);
    assert_eq!(clothes["winner"], "Requiem - Common Clothes and Armors.esp");
    let first = std::fs::read(dir.path().join(PATCH)).unwrap();
    let deep = esscribe()
        .current_dir(dir.path())
        .args(["verify", "--deep", PATCH])
        .output()
        .unwrap();
    assert!(
        deep.status.success(),
        "{}",
        String::from_utf8_lossy(&deep.stdout)
    );
    // Again: the same bytes, the file left as it was.
    let (ok, out, err) = run(dir.path(), &args[..args.len() - 1]);
    assert!(ok, "{err}");
    assert!(
        out.contains(&format!(
            "./{PATCH} already holds this patch: left as it was"
        )),
        "{out}"
    );
    assert!(out.contains("LItemClothesAll"), "{out}");
    assert!(
        out.contains("its master is not loaded: merged as the union of the loaded versions"),
        "{out}"
    );
    assert_eq!(std::fs::read(dir.path().join(PATCH)).unwrap(), first);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dry_run_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["patch".to_string()];
    args.extend(requiem());
    args.push("--dry-run".into());
    let (ok, out, err) = run(dir.path(), &args);
    assert!(ok, "{err}");
    assert!(out.ends_with("dry run: nothing written\n"), "{out}");
    assert!(!dir.path().join(PATCH).exists());
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_tag_not_known_is_an_error_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tags.txt"),
        "# tags\nCommon Clothes and Armors.esp: Relev\nSkyrim Unlocked.esp: Delev, Relevv\n",
    )
    .unwrap();
    let mut args = vec!["patch".to_string()];
    args.extend(requiem());
    args.extend(["--tags".into(), "tags.txt".into(), "--dry-run".into()]);
    let (ok, _, err) = run(dir.path(), &args);
    assert!(!ok);
    assert!(
        err.contains("tags.txt line 3: unknown tag \"Relevv\""),
        "{err}"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_plugin_that_does_not_read_is_named_and_left_out() {
    let dir = tempfile::tempdir().unwrap();
    // A plugin cut short inside its first group.
    let cca = common::file("skyrim-loadorders/requiem-se/Common Clothes and Armors.esp");
    std::fs::write(dir.path().join("Broken.esp"), &cca[..cca.len() / 2]).unwrap();
    let mut args = vec!["patch".to_string()];
    args.extend(requiem());
    args.extend(["Broken.esp".into(), "--dry-run".into(), "--json".into()]);
    let (ok, out, err) = run(dir.path(), &args);
    assert!(ok, "{err}");
    assert!(err.contains("Broken.esp"), "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let sources: Vec<&str> = report["report"]["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s[0].as_str().unwrap())
        .collect();
    assert!(!sources.contains(&"Broken.esp"));
    assert!(sources.contains(&"Common Clothes and Armors.esp"));
}
