//! Building a plugin from the text of its JSON form, one record at a time,
//! gives what building the document whole gives: the very bytes of an
//! unedited dump, and the same refusals with the same messages, however
//! the document orders its keys.

mod common;

use esscribe::json::{build_plugin_from_text, plugin_to_json, write_plugin_json};
use esscribe::plugin::Plugin;
use serde_json::{Map, Value};
use std::cell::RefCell;

fn campfire() -> (Vec<u8>, Value) {
    let data = common::file("skyrim-plugins/Campfire.esm");
    let doc = plugin_to_json(&Plugin::parse(&data).unwrap(), "Campfire.esm").unwrap();
    (data, doc)
}

/// The error building `text` gives, as text.
fn refused_text(text: &[u8]) -> String {
    match build_plugin_from_text(text, &|_| {}) {
        Ok(_) => panic!("built, but should be refused"),
        Err(e) => e.to_string(),
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_corpus_dump_builds_back_to_its_bytes() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let Ok(plugin) = Plugin::parse(&data) else {
            continue;
        };
        let mut text = Vec::new();
        write_plugin_json(&plugin, &common::name(&path), None, &mut text).unwrap();
        let released = RefCell::new(Vec::new());
        let built = build_plugin_from_text(&text, &|r| released.borrow_mut().push(r))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(built.bytes == data, "{}", path.display());
        // An unedited dump is read once, every record straight from its
        // text by the one text reader: only a record keeping subrecords as
        // bytes (none in the corpus) may be read as a JSON value.
        assert!(built.built_directly(), "{}", path.display());
        let catalog = esscribe::defs::catalog(plugin.game);
        let ctx = esscribe::json::form_ctx(&plugin, &common::name(&path));
        let with_bytes = plugin
            .records()
            .filter(|r| {
                esscribe::schema::record_coverage(r, catalog, &ctx).map_or(true, |(c, _)| c.raw > 0)
            })
            .count() as u64;
        assert!(
            built.records_read_as_values() <= with_bytes,
            "{}: {} records read as values, {with_bytes} with bytes kept",
            path.display(),
            built.records_read_as_values()
        );
        built.check_written(&built.bytes).unwrap();
        assert_eq!(built.records as usize, plugin.records().count() + 1);
        // What was given back covers the text once, in order.
        let released = released.into_inner();
        let mut end = 0;
        for r in &released {
            assert_eq!(r.start, end, "{}", path.display());
            end = r.end;
        }
        assert_eq!(end, text.len(), "{}", path.display());
    }
}

/// `m` with `key` moved to its end.
fn key_last(m: &mut Map<String, Value>, key: &str) {
    if let Some(v) = m.shift_remove(key) {
        m.insert(key.to_string(), v);
    }
}

/// Every group object of the entries `v`, changed by `f`.
fn each_group(v: &mut Value, f: &dyn Fn(&mut Map<String, Value>)) {
    for e in v.as_array_mut().unwrap() {
        if let Some(m) = e.as_object_mut() {
            if m.contains_key("group") {
                each_group(&mut m["entries"], f);
                f(m);
            }
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn keys_in_any_order_build_the_same_plugin() {
    let (data, doc) = campfire();
    // The entries before what they need: the header, the file's name and
    // the form IDs given twice.
    let mut entries_first = doc.clone();
    let m = entries_first.as_object_mut().unwrap();
    for key in ["format", "file", "game", "entry_count", "header"] {
        key_last(m, key);
    }
    assert_eq!(common::build_both_ways(&entries_first).unwrap(), data);
    // A group's header keys after its entries, nested groups too.
    let mut late_labels = doc.clone();
    each_group(&mut late_labels["entries"], &|m| key_last(m, "label"));
    assert_eq!(common::build_both_ways(&late_labels).unwrap(), data);
    let mut late_kinds = doc.clone();
    each_group(&mut late_kinds["entries"], &|m| key_last(m, "group"));
    assert_eq!(common::build_both_ways(&late_kinds).unwrap(), data);
    // Late keys in some groups only: those after them are still told
    // apart.
    let mut some_late = doc.clone();
    let groups = some_late["entries"].as_array_mut().unwrap();
    for g in groups.iter_mut().step_by(3) {
        key_last(g.as_object_mut().unwrap(), "stamp");
    }
    assert_eq!(common::build_both_ways(&some_late).unwrap(), data);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_key_given_twice_is_refused_where_it_stands() {
    let (_, doc) = campfire();
    let text = serde_json::to_string_pretty(&doc).unwrap();
    let twice = [
        // In the document, a group, a record and a record's fields.
        text.replacen("\"game\": ", "\"file\": \"x\", \"game\": ", 1),
        text.replacen("\"stamp\": ", "\"label\": \"GMST\", \"stamp\": ", 1),
        text.replacen(
            "\"version_control\": ",
            "\"flags\": [], \"version_control\": ",
            2,
        ),
        text.replacen("\"editor_id\": ", "\"value\": 1, \"editor_id\": ", 3),
        // The entries of the document.
        text.replacen("\"entries\": [", "\"entries\": [], \"entries\": [", 1),
    ];
    for edited in twice {
        assert_ne!(edited, text);
        let whole = esscribe::json_text::from_slice(edited.as_bytes()).unwrap_err();
        assert!(whole.duplicate.is_some(), "{whole}");
        assert_eq!(refused_text(edited.as_bytes()), whole.to_string());
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_fault_in_the_text_is_told_before_a_record_that_does_not_build() {
    let (_, mut doc) = campfire();
    doc["entries"][0]["entries"][0]["type"] = "gmst".into();
    let text = serde_json::to_string_pretty(&doc).unwrap();
    assert!(refused_text(text.as_bytes()).contains("\"type\": \"gmst\" is not a record type"));
    let cut = &text[..text.len() - 3];
    let whole = esscribe::json_text::from_slice(cut.as_bytes()).unwrap_err();
    assert_eq!(refused_text(cut.as_bytes()), whole.to_string());
    assert!(refused_text(b"[1, {\"a\": 1, \"a\": 2}]").contains("is given twice"));
    assert_eq!(refused_text(b"[1, 2]"), "document: expected a JSON object");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn entries_that_are_not_lists_are_refused_as_whole() {
    let (_, doc) = campfire();
    for edit in [
        &(|d: &mut Value| d["entries"] = Value::from(3)) as &dyn Fn(&mut Value),
        &|d: &mut Value| {
            d["entries"][1]["entries"] = serde_json::json!({"a": "0x02000800 (Campfire.esm)"})
        },
        &|d: &mut Value| d["entries"][1]["entries"][0] = Value::from("x"),
        &|d: &mut Value| {
            d["entries"][1]["entries"][0] = serde_json::json!({"group": "top", "label": "KYWD"})
        },
    ] {
        let mut edited = doc.clone();
        edit(&mut edited);
        common::build_both_ways(&edited).unwrap_err();
    }
}

/// Sets the editor ID of the first `n` records that have one.
fn name_records(v: &mut Value, n: &mut usize, name: &str) {
    match v {
        Value::Object(m) => {
            if let Some(Value::Object(fields)) = m.get_mut("fields") {
                if *n > 0 && fields.contains_key("editor_id") {
                    fields["editor_id"] = Value::from(name);
                    *n -= 1;
                }
            }
            if let Some(entries) = m.get_mut("entries") {
                name_records(entries, n, name);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| name_records(i, n, name)),
        _ => {}
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn text_that_looks_like_a_noted_form_id_counts_as_a_note_either_way() {
    let (data, doc) = campfire();
    // One editor ID reading like a form ID of another plugin: the notes
    // still agree with the masters, and the record is built with it.
    let mut one = doc.clone();
    name_records(&mut one, &mut 1, "0x00000800 (Campfire.esm)");
    let built = common::build_both_ways(&one).unwrap();
    let name = b"0x00000800 (Campfire.esm)\0";
    let found = |bytes: &[u8]| bytes.windows(name.len()).filter(|w| w == name).count();
    assert_eq!((found(&built), found(&data)), (1, 0));
    let text = serde_json::to_vec_pretty(&one).unwrap();
    assert!(build_plugin_from_text(&text, &|_| {})
        .unwrap()
        .built_directly());
    // So many that they outnumber the form IDs of Update.esm (top byte
    // 01): the notes say the masters were numbered otherwise, and both
    // readings refuse alike.
    let mut many = doc;
    let mut all = usize::MAX;
    name_records(&mut many, &mut all, "0x01000800 (Campfire.esm)");
    let refused = common::build_both_ways(&many).unwrap_err();
    assert!(
        refused.contains(
            "noted as Campfire.esm, but 873 form IDs with top byte 01 are noted as Update.esm"
        ),
        "{refused}"
    );
}

#[test]
fn groups_nested_past_any_plugin_are_refused_without_running_out_of_stack() {
    // Ten thousand groups, each in the one before: reading the whole text
    // refuses the depth, and so does building it.
    let depth = 10_000;
    let mut text = String::from(
        r#"{"format": "esscribe-plugin", "format_version": 1, "file": "Deep.esp", "game": "skyrim", "header": {"type": "TES4", "form_id": "0x00000000", "flags": [], "version_control": 0, "form_version": 44, "version_control_2": 0, "fields": {"header": {"version": 1.7, "record_count": 0, "next_object_id": 2048}}}, "entries": ["#,
    );
    for _ in 0..depth {
        text.push_str(
            r#"{"group": "top", "label": "GMST", "stamp": 0, "unknown": 0, "entries": ["#,
        );
    }
    for _ in 0..depth {
        text.push_str("]}");
    }
    text.push_str("]}");
    let refused = refused_text(text.as_bytes());
    assert!(refused.contains("recursion limit exceeded"), "{refused}");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_record_the_text_reader_does_not_follow_is_read_as_a_value_in_its_place() {
    let (_, mut doc) = campfire();
    // A record of a type with no declaration, its subrecords as hex.
    let odd = serde_json::json!({
        "group": "top", "label": "ZZZZ", "stamp": 0, "unknown": 0,
        "entries": [{
            "type": "ZZZZ", "form_id": "0x02FFFFF0 (Campfire.esm)", "flags": [],
            "version_control": 0, "form_version": 44, "version_control_2": 0,
            "subrecords": [{ "sig": "EDID", "hex": "4100" }]
        }]
    });
    doc["entries"].as_array_mut().unwrap().push(odd);
    let built = common::build_both_ways(&doc).unwrap();
    let tail = [
        &b"ZZZZ"[..],
        &8u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &0x02FF_FFF0u32.to_le_bytes(),
    ]
    .concat();
    assert!(built.windows(tail.len()).any(|w| w == tail));
    let text = serde_json::to_vec_pretty(&doc).unwrap();
    let straight = build_plugin_from_text(&text, &|_| {}).unwrap();
    assert!(straight.built_directly());
    assert_eq!(straight.records_read_as_values(), 1);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_written_file_that_is_not_the_bytes_built_is_read_back_record_by_record() {
    let (data, doc) = campfire();
    let text = serde_json::to_vec_pretty(&doc).unwrap();
    let built = build_plugin_from_text(&text, &|_| {}).unwrap();
    assert!(built.bytes == data);
    built.check_written(&data).unwrap();
    // Damage as a faulty disk or writer might: a global's FLTV renamed,
    // so the file still parses as a plugin but the record does not read
    // back by its declaration.
    let mut damaged = data.clone();
    let at = damaged
        .windows(4)
        .position(|w| w == b"FLTV")
        .expect("a GLOB value");
    damaged[at + 3] = b'X';
    Plugin::parse(&damaged).expect("still a plugin");
    let err = built.check_written(&damaged).unwrap_err().to_string();
    assert!(
        err.contains("GLOB")
            && err.ends_with("FLTX (4 bytes) is not expected here by the declaration"),
        "{err}"
    );
    // A file that lost its last record.
    assert!(built.check_written(&data[..data.len() - 200]).is_err());
}
