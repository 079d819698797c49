//! `esscribe masters` on a real plugin: the list with each master's uses,
//! changes that keep every reference and can be undone byte for byte, and
//! a removal refused while the master is used.

use assert_cmd::prelude::*;
use std::path::Path;
use std::process::{Command, Output};

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

fn masters(args: &[&str], dir: &Path) -> Output {
    Command::cargo_bin("esscribe")
        .unwrap()
        .arg("masters")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn masters_are_listed_added_removed_and_sorted_with_references_kept() {
    let dir = tempfile_dir("masters-cli");
    let original = common::file("skyrim-plugins/CampfireTutorial_Shack.esp");
    std::fs::write(dir.join("Shack.esp"), &original).unwrap();

    let out = masters(&["Shack.esp"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "00 Skyrim.esm: 20 form IDs\n01 Update.esm: 0 form IDs (unused)\n02 Campfire.esm: 24 form IDs\n"
    );

    let out = masters(&["Shack.esp", "--add", "Dawnguard.esm"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).starts_with(
        "Shack.esp: masters Skyrim.esm, Update.esm, Campfire.esm -> Skyrim.esm, Update.esm, Campfire.esm, Dawnguard.esm; 38 form IDs rewritten in 9 records; wrote Shack.esp"
    ), "{}", text(&out.stderr));
    let out = masters(&["Shack.esp", "--json"], &dir);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["masters"][3]["name"], "Dawnguard.esm");
    assert_eq!(v["masters"][2]["uses"], 24);

    // Campfire.esm is used: refused, with the places named; nothing written.
    let before = std::fs::read(dir.join("Shack.esp")).unwrap();
    let out = masters(&["Shack.esp", "--remove", "Campfire.esm"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("Campfire.esm is still used by 24 form IDs, so it cannot be removed: ACTI 0x04002DC4 keywords.0: 0x0202AFC9"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(dir.join("Shack.esp")).unwrap(), before);

    // Removing what was added gives back the original bytes.
    let out = masters(&["Shack.esp", "--remove", "Dawnguard.esm"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(dir.join("Shack.esp")).unwrap() == original);

    // Sorted into a load order, then unused masters removed, into another file.
    let out = masters(
        &[
            "Shack.esp",
            "--sort",
            "Skyrim.esm",
            "Campfire.esm",
            "Update.esm",
            "-o",
            "Sorted.esp",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = masters(&["Sorted.esp"], &dir);
    assert_eq!(
        text(&out.stdout),
        "00 Skyrim.esm: 20 form IDs\n01 Campfire.esm: 24 form IDs\n02 Update.esm: 0 form IDs (unused)\n"
    );
    // diff compares records by what they are: only the header differs.
    let out = Command::cargo_bin("esscribe")
        .unwrap()
        .args(["diff", "Shack.esp", "Sorted.esp"])
        .env("NO_COLOR", "1")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "changed TES4 0x00000000 \n    fields.masters.1.file: \"Update.esm\" → \"Campfire.esm\"\n    fields.masters.2.file: \"Campfire.esm\" → \"Update.esm\"\n"
    );
    // A load order list sorts as its names do.
    std::fs::write(
        dir.join("loadorder.txt"),
        "# a load order\r\n*Skyrim.esm\r\n*Update.esm\r\nCampfire.esm\r\n",
    )
    .unwrap();
    let out = masters(
        &[
            "Sorted.esp",
            "--sort",
            "loadorder.txt",
            "-o",
            "Resorted.esp",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(dir.join("Resorted.esp")).unwrap() == original);
    // So does a Data folder: the game's own masters first. They must be
    // plugins (a header is enough): a file that is none is left out, as
    // the game leaves it.
    std::fs::create_dir_all(dir.join("Data")).unwrap();
    for name in ["Skyrim.esm", "Update.esm"] {
        let header = common::header_only_plugin(esscribe::Game::Skyrim, 1.71, 1, &[]);
        std::fs::write(dir.join("Data").join(name), header).unwrap();
    }
    std::fs::copy(
        common::path("skyrim-plugins/Campfire.esm"),
        dir.join("Data/Campfire.esm"),
    )
    .unwrap();
    let out = masters(
        &["Sorted.esp", "--sort", "Data", "-o", "Resorted.esp"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(dir.join("Resorted.esp")).unwrap() == original);
    let out = masters(&["Sorted.esp", "--remove-unused"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = masters(&["Sorted.esp"], &dir);
    assert_eq!(
        text(&out.stdout),
        "00 Skyrim.esm: 20 form IDs\n01 Campfire.esm: 24 form IDs\n"
    );

    // Renamed and renamed back: the same bytes.
    let out = masters(&["Shack.esp", "--rename", "Update.esm", "Patch.esm"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(dir.join("Shack.esp")).unwrap() != original);
    let out = masters(&["Shack.esp", "--rename", "Patch.esm", "Update.esm"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(dir.join("Shack.esp")).unwrap() == original);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh folder under the build's temporary folder.
fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
