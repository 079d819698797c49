//! Whatever esscribe reads, every form of it writes back: real records
//! given what real plugins hold (empty markers, members declared as bytes
//! at any size, text in another code page) come back to the very bytes
//! through the JSON form and through the tree.

mod common;

use esscribe::io::Sig;
use esscribe::json::{build_plugin, plugin_to_json};
use esscribe::plugin::{Plugin, Subrecord};
use serde_json::Value;

/// A corpus plugin with the subrecords of its header (`sig` None) or of
/// its first record of type `sig` changed by `edit`, as bytes.
fn edited(rel: &str, sig: Option<&[u8; 4]>, edit: impl FnOnce(&mut Vec<Subrecord>)) -> Vec<u8> {
    let data = common::file(rel);
    let mut plugin = Plugin::parse(&data).unwrap().into_owned();
    let game = plugin.game;
    let record = match sig {
        None => &mut plugin.header,
        Some(sig) => {
            let id = plugin
                .records()
                .find(|r| r.header.sig.0 == *sig)
                .unwrap()
                .header
                .form_id;
            plugin.find_record_mut(id).unwrap()
        }
    };
    let mut subs = record.subrecords(game).unwrap();
    edit(&mut subs);
    record.set_subrecords(subs);
    plugin.to_bytes().unwrap()
}

/// The plugin `bytes` dumps as JSON and builds back, and unpacks as a tree
/// and packs back, to the very bytes; gives its JSON form.
fn writes_back(bytes: &[u8], name: &str) -> Value {
    let plugin = Plugin::parse(bytes).unwrap();
    let doc = plugin_to_json(&plugin, name).unwrap();
    let built = build_plugin(&doc).unwrap();
    let back = built.plugin.to_bytes().unwrap();
    assert!(back == bytes, "{name} does not build back from its JSON");
    built.check_written(&back).unwrap();
    let mut tree = esscribe::tree::MemoryTree::default();
    esscribe::tree::unpack(&plugin, name, &mut tree).unwrap();
    assert!(
        esscribe::tree::pack(&tree).unwrap().bytes == bytes,
        "{name} does not pack back from its tree"
    );
    doc
}

/// What reading every record by its declaration finds.
fn deep_check(bytes: &[u8], name: &str) -> esscribe::schema::DeepCheck {
    let plugin = Plugin::parse(bytes).unwrap();
    let ctx = esscribe::json::form_ctx(&plugin, name);
    esscribe::schema::check_plugin(&plugin, esscribe::defs::catalog(plugin.game), &ctx)
}

/// A header with the markers real plugins leave empty (INTV and INCC of
/// no bytes, empty DELE and SCRN) reads by its declaration and writes
/// back.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_header_with_empty_markers_reads_and_writes_back() {
    let bytes = edited("testing-plugins/SkyrimSE/Blank.esp", None, |subs| {
        for sig in [b"INTV", b"INCC", b"DELE", b"SCRN"] {
            subs.push(Subrecord::new(Sig(*sig), Vec::new()));
        }
    });
    let check = deep_check(&bytes, "Blank.esp");
    assert_eq!(
        (check.failing, check.kept_raw),
        (0, 0),
        "{:?}",
        check.problems
    );
    let doc = writes_back(&bytes, "Blank.esp");
    assert_eq!(doc["header"]["fields"]["tagified_strings"], Value::Null);
}

/// A subrecord declared as bytes not decoded yet (a game setting whose
/// editor ID names no value type, here of 224 bytes) comes back as the
/// bytes given, whatever their size, while `verify --deep` and `stats`
/// count it raw.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_subrecord_declared_as_bytes_writes_back_at_any_size() {
    let data = common::file("oblivion-plugins/OOArena.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = plugin_to_json(&plugin, "OOArena.esp").unwrap();
    let value: String = (0..224u8).map(|b| format!("{b:02x}")).collect();
    doc["entries"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "group": "top", "label": "GMST", "stamp": 0, "entries": [{
                "type": "GMST", "form_id": "0x0101F000 (OOArena.esp)", "flags": [],
                "version_control": 0,
                "fields": {"editor_id": "xArenaSetting", "value": value}
            }]
        }));
    doc.as_object_mut().unwrap().remove("entry_count");
    doc["header"]["fields"]["header"]["record_count"] = (plugin.records().count() + 3).into();
    let bytes = build_plugin(&doc).unwrap().plugin.to_bytes().unwrap();
    let check = deep_check(&bytes, "OOArena.esp");
    assert_eq!((check.failing, check.damaged, check.kept_raw), (1, 0, 1));
    assert!(
        check.problems[0].contains("DATA at 0x")
            && check.problems[0].contains("declared as bytes, not decoded yet"),
        "{:?}",
        check.problems
    );
    writes_back(&bytes, "OOArena.esp");
}

/// Text in another code page than Windows-1252 (a translation's Cyrillic
/// in Windows-1251, say) is kept as its bytes: every byte but the
/// terminator, in a name and an editor ID, comes back.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_byte_of_a_string_writes_back() {
    let every: Vec<u8> = (1..=255u8).chain([0]).collect();
    let bytes = edited(
        "skyrim-plugins/CampfireTutorial_Chair.esp",
        Some(b"MISC"),
        |subs| {
            for s in subs
                .iter_mut()
                .filter(|s| matches!(&s.sig.0, b"EDID" | b"FULL"))
            {
                s.data = every.clone();
            }
        },
    );
    writes_back(&bytes, "CampfireTutorial_Chair.esp");
}
