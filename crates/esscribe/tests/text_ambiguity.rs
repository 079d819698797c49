//! Text that could be read more than one way is refused, with the place
//! named: a key given twice in one object (as a text merge leaves it),
//! and counts too large for the field that stores them. Names in a
//! folder holding many entries of one stem come out as before.

mod common;

use esscribe::json::{build_plugin, plugin_to_json};
use esscribe::plugin::Plugin;
use esscribe::tree::{self, MemoryTree};
use serde_json::{json, Value};

fn sample() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/sample-oblivion.esp"
    ))
    .unwrap()
}

fn unpacked(bytes: &[u8]) -> MemoryTree {
    let plugin = Plugin::parse(bytes).unwrap();
    let mut t = MemoryTree::default();
    tree::unpack(&plugin, "sample-oblivion.esp", &mut t).unwrap();
    t
}

/// The tree's file at `path` with `from` replaced by `to` (once).
fn edit(t: &mut MemoryTree, path: &str, from: &str, to: &str) {
    let text = String::from_utf8(t.files[path].clone()).unwrap();
    assert!(text.contains(from), "{path} holds {from:?}");
    t.files
        .insert(path.to_string(), text.replacen(from, to, 1).into_bytes());
}

fn pack_refused(t: &MemoryTree) -> String {
    match tree::pack(t) {
        Ok(_) => panic!("packed, but should be refused"),
        Err(e) => e.to_string(),
    }
}

const FACT: &str = "FACT/SampleLighthouseKeepers.0x01000800.json";

#[test]
fn a_group_files_entries_given_twice_are_refused() {
    let mut t = unpacked(&sample());
    // As a text merge of two branches may leave it: both lists.
    edit(
        &mut t,
        "PACK/_group.json",
        "  \"entries\": [",
        "  \"entries\": [],\n  \"entries\": [",
    );
    let err = pack_refused(&t);
    assert!(
        err.contains(
            "PACK/_group.json: \"entries\" is given twice in the outermost object (line 6"
        ),
        "{err}"
    );
}

#[test]
fn the_header_files_keys_given_twice_are_refused() {
    let mut t = unpacked(&sample());
    edit(
        &mut t,
        tree::HEADER_FILE,
        "  \"entries\": [",
        "  \"entries\": [],\n  \"entries\": [",
    );
    let err = pack_refused(&t);
    assert!(
        err.starts_with("plugin.json: \"entries\" is given twice in the outermost object"),
        "{err}"
    );
    let mut t = unpacked(&sample());
    edit(
        &mut t,
        tree::HEADER_FILE,
        "\"author\": \"esscribe\",",
        "\"author\": \"esscribe\",\n \"author\": \"x\",",
    );
    let err = pack_refused(&t);
    assert!(
        err.contains("\"author\" is given twice in the object at header.fields"),
        "{err}"
    );
}

#[test]
fn a_record_files_keys_given_twice_are_refused_at_any_depth() {
    for (from, to, key, place) in [
        (
            "\"name\": \"Lighthouse Keepers\",",
            "\"name\": \"Lighthouse Keepers\",\n    \"name\": \"Other\",",
            "name",
            "the object at fields",
        ),
        (
            "\"modifier\": 20",
            "\"modifier\": 20, \"modifier\": 30",
            "modifier",
            "the object at fields.relations[0]",
        ),
        (
            "\"version_control\": 0,",
            "\"version_control\": 0,\n  \"version_control\": 1,",
            "version_control",
            "the outermost object",
        ),
        (
            "\"fields\": {",
            "\"fields\": {},\n  \"fields\": {",
            "fields",
            "the outermost object",
        ),
    ] {
        let mut t = unpacked(&sample());
        edit(&mut t, FACT, from, to);
        let err = pack_refused(&t);
        let want = format!("{FACT}: \"{key}\" is given twice in {place} (line ");
        assert!(err.contains(&want), "{key}: {err}");
    }
}

#[test]
fn a_dump_given_a_key_twice_is_refused_with_its_place() {
    let bytes = sample();
    let plugin = Plugin::parse(&bytes).unwrap();
    let doc = plugin_to_json(&plugin, "sample-oblivion.esp").unwrap();
    let text = serde_json::to_string_pretty(&doc).unwrap();
    // A second, empty list of the plugin's entries would build an empty
    // plugin if the last one won.
    let twice = text.replacen("\"entries\": [", "\"entries\": [],\n  \"entries\": [", 1);
    let err = esscribe::json_text::from_slice(twice.as_bytes()).unwrap_err();
    assert_eq!(err.duplicate, Some(("entries".to_string(), String::new())));
    let deep = text.replacen("\"modifier\": 20", "\"modifier\": 20, \"modifier\": 21", 1);
    let err = esscribe::json_text::from_slice(deep.as_bytes()).unwrap_err();
    assert_eq!(
        err.duplicate,
        Some((
            "modifier".to_string(),
            "entries[0].entries[0].fields.relations[0]".to_string()
        ))
    );
    assert!(err.to_string().contains("\"modifier\" is given twice in the object at entries[0].entries[0].fields.relations[0] (line "), "{err}");
    // Read once, the text builds.
    let read = esscribe::json_text::from_slice(text.as_bytes()).unwrap();
    assert_eq!(read, doc);
    assert_eq!(
        build_plugin(&read).unwrap().plugin.to_bytes().unwrap(),
        sample()
    );
}

#[test]
fn an_entry_count_past_what_the_header_stores_is_refused() {
    let bytes = sample();
    let plugin = Plugin::parse(&bytes).unwrap();
    let mut doc = plugin_to_json(&plugin, "sample-oblivion.esp").unwrap();
    for n in [u64::MAX, 1 << 32, 1 << 31] {
        doc["entry_count"] = json!(n);
        let err = build_plugin(&doc).map(|_| ()).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("document: \"entry_count\": {n} is more than the header's record count can hold (at most 2147483647)")
        );
        let mut t = unpacked(&sample());
        edit(
            &mut t,
            tree::HEADER_FILE,
            "\"entry_count\": 5,",
            &format!("\"entry_count\": {n},"),
        );
        let err = pack_refused(&t);
        assert_eq!(
            err,
            format!("plugin.json: \"entry_count\": {n} is more than the header's record count can hold (at most 2147483647)")
        );
        assert_eq!(tree::file_count(&t), None);
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn an_entry_count_of_the_largest_number_does_not_wrap_a_real_plugins_count() {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = plugin_to_json(&plugin, "OblivionOnline.esp").unwrap();
    assert_eq!(doc["entry_count"], 155);
    doc["entry_count"] = Value::from(u64::MAX);
    let err = build_plugin(&doc).map(|_| ()).unwrap_err().to_string();
    assert!(
        err.contains("\"entry_count\": 18446744073709551615 is more than"),
        "{err}"
    );
}

/// `bytes` with `n` empty top groups of globals added at the end.
fn with_empty_groups(bytes: &[u8], n: usize) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..n {
        // An Oblivion group header: GRUP, its size, label, type, stamp.
        out.extend_from_slice(b"GRUP");
        out.extend_from_slice(&20u32.to_le_bytes());
        out.extend_from_slice(b"GLOB");
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
    }
    out
}

#[test]
fn many_empty_groups_of_one_type_are_named_in_order_and_pack_back() {
    let n = 3_000;
    let bytes = with_empty_groups(&sample(), n);
    let t = unpacked(&bytes);
    let header: Value = serde_json::from_slice(&t.files[tree::HEADER_FILE]).unwrap();
    let names: Vec<&str> = header["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(names.len(), n + 2);
    assert_eq!(&names[..4], ["FACT", "PACK", "GLOB", "GLOB~2"]);
    assert_eq!(names[n + 1], format!("GLOB~{n}"));
    assert_eq!(tree::pack(&t).unwrap().bytes, bytes);
    // textconv's text names them alike.
    let mut text = Vec::new();
    tree::plugin_text(
        &Plugin::parse(&bytes).unwrap(),
        "sample-oblivion.esp",
        &mut text,
    )
    .unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains(&format!("file GLOB~{n}/_group.json\n")));
}
