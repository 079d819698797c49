//! `esscribe esl check` on real plugins: its verdict, the records it
//! names and its exit status.

use assert_cmd::prelude::*;
use std::process::Command;

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn esl_check_accepts_light_plugins_and_names_records_out_of_range() {
    let scribe = common::path("skyrim-plugins/Scribe.esp");
    let out = Command::cargo_bin("esscribe")
        .unwrap()
        .args(["esl", "check"])
        .arg(&scribe)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with(": can be light: 92 new records, 0 out of 0x800-0xFFF (header version 1.70, room for 2048); flagged light\n"),
        "{text}"
    );

    let dawn = common::path("skyrim-plugins/DawnOfTheSilverHand.esp");
    let out = Command::cargo_bin("esscribe")
        .unwrap()
        .args(["esl", "check", "--json"])
        .arg(&scribe)
        .arg(&dawn)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "one of them cannot be light");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["can_be_light"], true);
    assert_eq!(v[1]["file"], "DawnOfTheSilverHand.esp");
    assert_eq!(v[1]["can_be_light"], false);
    assert_eq!(v[1]["new_records"], 3575);
    assert_eq!(v[1]["out_of_range"].as_array().unwrap().len(), 3439);

    let text = String::from_utf8(
        Command::cargo_bin("esscribe")
            .unwrap()
            .args(["esl", "check"])
            .arg(&dawn)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(text.contains("  3575 new records are more than the 2048 a light plugin of header version 1.70 can hold\n"), "{text}");
    // Each record out of range is named by its editor ID.
    assert!(
        text.contains("\n  KYWD 0x02069A7D DSilHand_R02Keyword\n"),
        "{text}"
    );
    assert!(
        text.contains("  … and 3419 more (--json lists all)\n"),
        "{text}"
    );
}

fn esscribe(args: &[&str], dir: &std::path::Path) -> std::process::Output {
    Command::cargo_bin("esscribe")
        .unwrap()
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn esl_compact_renumbers_into_range_unless_other_plugins_depend_on_it() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("esl-compact-cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("Data")).unwrap();
    for name in [
        "Campfire.esm",
        "CampfireTutorial_Shack.esp",
        "DawnOfTheSilverHand.esp",
    ] {
        std::fs::copy(
            common::path(&format!("skyrim-plugins/{name}")),
            dir.join("Data").join(name),
        )
        .unwrap();
    }
    let original = std::fs::read(dir.join("Data/Campfire.esm")).unwrap();

    // The tutorial has Campfire.esm as a master: refused, and it is named.
    let out = esscribe(
        &["esl", "compact", "Data/Campfire.esm", "--data", "Data"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("1 plugins in Data have Campfire.esm as a master and would point at the wrong records once it is renumbered: CampfireTutorial_Shack.esp"),
        "{err}"
    );
    assert!(std::fs::read(dir.join("Data/Campfire.esm")).unwrap() == original);

    // A dry run says what it would do and writes nothing.
    let out = esscribe(&["esl", "compact", "Data/Campfire.esm", "--dry-run"], &dir);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("  KYWD 0x02019831 -> 0x02000800 _Camp_CraftingSurvival\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with("  … and 1546 more\n"), "{stdout}");
    assert!(String::from_utf8(out.stderr).unwrap().ends_with(
        "Campfire.esm: 1,566 of 1,566 new records renumbered into 0x800-0xFFF (header version 1.70); 5,385 form IDs rewritten in 827 records; next object ID 0xE1E; nothing written (dry run)\n"
    ));
    assert!(std::fs::read(dir.join("Data/Campfire.esm")).unwrap() == original);

    // Written elsewhere and flagged: esl check accepts it.
    let out = esscribe(
        &[
            "esl",
            "compact",
            "Data/Campfire.esm",
            "--flag",
            "-o",
            "CampfireLight.esm",
        ],
        &dir,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = esscribe(&["esl", "check", "CampfireLight.esm"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "CampfireLight.esm: can be light: 1566 new records, 0 out of 0x800-0xFFF (header version 1.70, room for 2048); flagged light\n"
    );

    // Too many new records: refused with the count.
    let out = esscribe(&["esl", "compact", "Data/DawnOfTheSilverHand.esp"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains(
        "3575 new records are more than the 2048 a light plugin of header version 1.70 can hold"
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
