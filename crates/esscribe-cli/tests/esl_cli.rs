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
    assert!(
        text.contains("  … and 3419 more (--json lists all)\n"),
        "{text}"
    );
}
