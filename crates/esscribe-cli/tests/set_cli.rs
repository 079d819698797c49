//! `esscribe set` on the sample plugin: values set, a keyword added and
//! taken away with its count, the file changed only where asked, and
//! mistakes named as mistakes with nothing written.

use assert_cmd::prelude::*;
use esscribe::{FormId, Plugin};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn set(args: &[&str], dir: &Path) -> Output {
    Command::cargo_bin("esscribe")
        .unwrap()
        .arg("set")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A folder of its own holding a copy of the sample plugin.
fn with_sample(name: &str) -> (PathBuf, Vec<u8>) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-skyrim.esp");
    let bytes = std::fs::read(sample).unwrap();
    std::fs::write(dir.join("sample.esp"), &bytes).unwrap();
    (dir, bytes)
}

/// The lantern's subrecords' data, by type.
fn lantern(bytes: &[u8], sig: &[u8; 4]) -> Vec<u8> {
    let plugin = Plugin::parse(bytes).unwrap();
    let record = plugin.find_record(FormId(0x01000802)).unwrap();
    let subs = record.subrecords(plugin.game).unwrap();
    subs.into_iter().find(|s| s.sig.0 == *sig).unwrap().data
}

#[test]
fn fields_are_set_and_a_keyword_added_and_taken_away() {
    let (dir, original) = with_sample("set-cli");
    let out = set(
        &[
            "sample.esp",
            "SampleBrassLantern",
            "data.value=15",
            "name=Old Lantern",
            "--push",
            "keywords=0x000914EE",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("3 changed"),
        "{}",
        text(&out.stderr)
    );
    let changed = std::fs::read(dir.join("sample.esp")).unwrap();
    assert_eq!(std::fs::read(dir.join("sample.esp.bak")).unwrap(), original);
    assert_eq!(lantern(&changed, b"FULL"), b"Old Lantern\0");
    assert_eq!(lantern(&changed, b"KSIZ"), 3u32.to_le_bytes());
    assert_eq!(
        lantern(&changed, b"KWDA"),
        [0x01000800u32, 0x000914E9, 0x000914EE]
            .iter()
            .flat_map(|k| k.to_le_bytes())
            .collect::<Vec<u8>>()
    );
    // DATA: value (i32) 15, weight 1.5 as it was.
    assert_eq!(lantern(&changed, b"DATA")[..4], 15i32.to_le_bytes());
    let before = Plugin::parse(&original).unwrap();
    let after = Plugin::parse(&changed).unwrap();
    for (a, b) in before.records().zip(after.records()) {
        if a.header.form_id != FormId(0x01000802) {
            assert!(a.header == b.header && a.body == b.body, "{}", a.describe());
        }
    }

    // Undone by form ID, to the very bytes.
    let out = set(
        &[
            "sample.esp",
            "0x01000802",
            "data.value=12",
            "name=Brass Lantern",
            "--remove",
            "keywords.2",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(dir.join("sample.esp")).unwrap(), original);

    // Values it holds already: nothing written.
    let out = set(&["sample.esp", "SampleBrassLantern", "data.value=12"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("nothing written"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("sample.esp.3.bak").exists());
}

#[test]
fn mistakes_are_named_and_nothing_is_written() {
    let (dir, original) = with_sample("set-cli-mistakes");
    for (args, says) in [
        (
            &["sample.esp", "SampleBrassLantern", "data.value=fifteen"][..],
            "cannot set data.value: data.value: expected an integer, found \"fifteen\"",
        ),
        (&["sample.esp", "NoSuchRecord", "name=x"][..], "no record \"NoSuchRecord\""),
        (
            &["sample.esp", "SampleBrassLantern", "colour=red"][..],
            "no field \"colour\" (its fields: editor_id, object_bounds, name, model, keyword_count, keywords, data)",
        ),
        (
            &["sample.esp", "SampleBrassLantern", "--push", "name=x"][..],
            "cannot add to name",
        ),
        (
            &["sample.esp", "SampleBrassLantern", "--remove", "keywords.9"][..],
            "no keywords.9 to remove",
        ),
        (&["sample.esp", "SampleBrassLantern", "value"][..], "expected PATH=VALUE"),
        (&["sample.esp", "SampleBrassLantern"][..], "nothing to change"),
    ] {
        let out = set(args, &dir);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
        assert_eq!(std::fs::read(dir.join("sample.esp")).unwrap(), original);
        assert!(!dir.join("sample.esp.bak").exists(), "{args:?}");
    }
}
