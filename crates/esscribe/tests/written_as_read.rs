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

/// A subrecord declared as bytes not decoded yet (an Oblivion placed
/// creature's ragdoll pose, XRGD, here of 224 bytes) comes back as the
/// bytes given, whatever their size, while `verify --deep` and `stats`
/// count it raw.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_subrecord_declared_as_bytes_writes_back_at_any_size() {
    let bytes = edited(
        "oblivion-plugins/OOStartingMod.esp",
        Some(b"ACRE"),
        |subs| {
            let at = subs.iter().position(|s| s.sig.0 == *b"NAME").unwrap() + 1;
            subs.insert(at, Subrecord::new(Sig(*b"XRGD"), (0..224u8).collect()));
        },
    );
    let check = deep_check(&bytes, "OOStartingMod.esp");
    assert_eq!((check.failing, check.damaged, check.kept_raw), (1, 0, 1));
    assert!(
        check.problems[0].contains("XRGD at 0x")
            && check.problems[0].contains("declared as bytes, not decoded yet"),
        "{:?}",
        check.problems
    );
    writes_back(&bytes, "OOStartingMod.esp");
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
