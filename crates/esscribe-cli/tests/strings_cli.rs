//! Localized plugins on the command line: the string tables beside a
//! plugin are found and their text shown.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use esscribe::plugin::strings::{build_table, StringKind};
use predicates::prelude::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const NAME: &str = "CampfireTutorial_Chair.esp";

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

fn json_records<'v>(v: &'v mut Value, sig: &str, out: &mut Vec<&'v mut Value>) {
    match v {
        Value::Object(m) if m.get("type").and_then(Value::as_str) == Some(sig) => out.push(v),
        Value::Object(m) => m.values_mut().for_each(|x| json_records(x, sig, out)),
        Value::Array(a) => a.iter_mut().for_each(|x| json_records(x, sig, out)),
        _ => {}
    }
}

/// `Data/<plugin>` made localized (the MISC's name is string 4660) in
/// `dir`, and `Data/Strings` when `tables` is set.
fn localized(dir: &Path, tables: Option<[Vec<u8>; 3]>) -> PathBuf {
    let data = common::file(&format!("skyrim-plugins/{NAME}"));
    let plugin = esscribe::Plugin::parse(&data).unwrap();
    let mut doc = esscribe::json::plugin_to_json(&plugin, NAME).unwrap();
    doc["header"]["flags"] = Value::from("0x00000080");
    // Every name becomes a string ID: a localized plugin holds no text.
    for (sig, id) in [("MISC", 4660), ("FURN", 4661)] {
        let mut recs = Vec::new();
        json_records(&mut doc["entries"], sig, &mut recs);
        recs[0]["fields"]["name"] = json!({ "string_id": id });
    }
    let bytes = esscribe::json::plugin_from_json(&doc)
        .unwrap()
        .to_bytes()
        .unwrap();
    let data_dir = dir.join("Data");
    std::fs::create_dir_all(&data_dir).unwrap();
    let path = data_dir.join(NAME);
    std::fs::write(&path, bytes).unwrap();
    if let Some(tables) = tables {
        let strings = data_dir.join("Strings");
        std::fs::create_dir_all(&strings).unwrap();
        for (kind, bytes) in StringKind::ALL.into_iter().zip(tables) {
            let file = format!("CampfireTutorial_Chair_English.{}", kind.extension());
            std::fs::write(strings.join(file), bytes).unwrap();
        }
    }
    path
}

fn tables() -> [Vec<u8>; 3] {
    [
        build_table(StringKind::Strings, &[(4660, b"Iron Sword")]),
        build_table(StringKind::DlStrings, &[]),
        build_table(StringKind::IlStrings, &[]),
    ]
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dump_and_query_show_localized_text_and_build_back_identical() {
    let dir = tempfile::tempdir().unwrap();
    let path = localized(dir.path(), Some(tables()));
    let out = esscribe()
        .args(["dump", "--json", "--language", "ENGLISH"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = serde_json::to_string(&doc).unwrap();
    assert!(text.contains(r#"{"string_id":4660,"text":"Iron Sword"}"#));

    // Built back from that JSON: the same bytes.
    let json = dir.path().join("dump.json");
    std::fs::write(&json, &out.stdout).unwrap();
    let rebuilt = dir.path().join("rebuilt.esp");
    esscribe()
        .arg("build")
        .arg(&json)
        .arg("-o")
        .arg(&rebuilt)
        .assert()
        .success();
    assert_eq!(
        std::fs::read(&rebuilt).unwrap(),
        std::fs::read(&path).unwrap()
    );

    esscribe()
        .args(["dump", "--type", "MISC"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("Iron Sword"));
    esscribe()
        .args(["query", "--type", "MISC", "--show", "name", "--json"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("Iron Sword"));
    esscribe().arg("packages").arg(&path).assert().success();
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn missing_tables_warn_and_damaged_tables_fail() {
    let dir = tempfile::tempdir().unwrap();
    let path = localized(dir.path(), None);
    esscribe()
        .args(["dump", "--type", "MISC"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("4660"))
        .stderr(predicate::str::contains("warning").and(predicate::str::contains("Strings")));

    let dir = tempfile::tempdir().unwrap();
    let mut t = tables();
    t[0][12..16].copy_from_slice(&99u32.to_le_bytes()); // offset past the data
    let path = localized(dir.path(), Some(t));
    esscribe()
        .args(["dump", "--json"])
        .arg(&path)
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("CampfireTutorial_Chair_English.STRINGS")
                .and(predicate::str::contains("at offset 0xC")),
        );
}

/// `refs`, `conflicts` and `serve` name records in the language asked for,
/// as `dump` does.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn load_order_commands_take_a_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = localized(dir.path(), Some(tables()));
    let strings = path.parent().unwrap().join("Strings");
    let french = [
        // Windows-1252, as the game's French tables are.
        build_table(StringKind::Strings, &[(4660, b"\xC9p\xE9e de fer")]),
        build_table(StringKind::DlStrings, &[]),
        build_table(StringKind::IlStrings, &[]),
    ];
    for (kind, bytes) in StringKind::ALL.into_iter().zip(french) {
        let file = format!("CampfireTutorial_Chair_French.{}", kind.extension());
        std::fs::write(strings.join(file), bytes).unwrap();
    }
    let record = |lang: &str| {
        let out = esscribe()
            .args([
                "refs",
                "--json",
                "--form",
                "_Tutorial_ChairMiscItem",
                "--language",
                lang,
            ])
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v["record"].as_str().unwrap().to_string()
    };
    assert!(
        record("english").contains("Iron Sword"),
        "{}",
        record("english")
    );
    assert!(
        record("french").contains("Épée de fer"),
        "{}",
        record("french")
    );
    esscribe()
        .args(["conflicts", "--language", "french"])
        .arg(&path)
        .assert()
        .success();
}
