//! Packing a tree reads most record files straight from their text; that
//! reading must give the very record that parsing the text as JSON
//! builds, and leave every text it does not follow exactly (edited,
//! broken, raw) to that parsing, whose errors are unchanged.

mod common;

use esscribe::json::PieceBuilder;
use esscribe::plugin::{Game, GroupHeader, Record};
use esscribe::tree::{self, MemoryTree, TreeSource};
use esscribe::Plugin;
use proptest::prelude::*;
use serde_json::Value;

fn unpack(bytes: &[u8], name: &str) -> MemoryTree {
    let plugin = Plugin::parse(bytes).unwrap();
    let mut t = MemoryTree::default();
    tree::unpack(&plugin, name, &mut t).unwrap();
    t
}

fn json(t: &MemoryTree, path: &str) -> Value {
    serde_json::from_slice(&t.read(path).unwrap()).unwrap()
}

/// The builder a pack of `t` starts from (its header's).
fn builder(t: &MemoryTree) -> PieceBuilder {
    let doc = json(t, tree::HEADER_FILE);
    let game: Game = serde_json::from_value(doc["game"].clone()).unwrap();
    let file = doc["file"].as_str().unwrap();
    PieceBuilder::new(game, file, &doc["header"], "header")
        .unwrap()
        .0
}

/// Every record file of a tree, with the header of the group it stands in.
fn record_files(t: &MemoryTree, b: &PieceBuilder) -> Vec<(String, Option<GroupHeader>)> {
    fn walk(
        t: &MemoryTree,
        b: &PieceBuilder,
        dir: &str,
        names: &Value,
        parent: Option<GroupHeader>,
        out: &mut Vec<(String, Option<GroupHeader>)>,
    ) {
        for name in names.as_array().unwrap() {
            let name = name.as_str().unwrap();
            let path = if dir.is_empty() {
                name.to_string()
            } else {
                format!("{dir}/{name}")
            };
            if name.ends_with(".json") {
                out.push((path, parent));
            } else {
                let file = format!("{path}/{}", tree::GROUP_FILE);
                let g = json(t, &file);
                let header = b
                    .group_header(g.as_object().unwrap(), &file, &["entries"])
                    .unwrap();
                walk(t, b, &path, &g["entries"], Some(header), out);
            }
        }
    }
    let mut out = Vec::new();
    let doc = json(t, tree::HEADER_FILE);
    walk(t, b, "", &doc["entries"], None, &mut out);
    out
}

fn written(r: &Record<'_>, game: Game) -> Vec<u8> {
    let mut out = Vec::new();
    r.write(&mut out, game).unwrap();
    out
}

/// Builds `text` both ways: the direct reading gives nothing or the very
/// record the parsed one is; gives whether it gave one, and the parsed
/// result.
fn both(
    text: &[u8],
    path: &str,
    b: &PieceBuilder,
    parent: Option<&GroupHeader>,
) -> (bool, Result<Vec<u8>, String>) {
    let parsed = tree::record_from_text_parsed(text, path, b, parent)
        .map(|r| written(&r, b.game()))
        .map_err(|e| e.to_string());
    let Some(direct) = tree::record_from_text_direct(text, b, parent) else {
        return (false, parsed);
    };
    match &parsed {
        Ok(bytes) => assert!(
            written(&direct, b.game()) == *bytes,
            "{path}: the direct reading gives other bytes than parsing for\n{}",
            String::from_utf8_lossy(text)
        ),
        Err(e) => panic!(
            "{path}: the direct reading takes a text that parsing refuses ({e}):\n{}",
            String::from_utf8_lossy(text)
        ),
    }
    (true, parsed)
}

/// Every record printed from its typed values is read straight from its
/// text, in every corpus plugin; the rest (records partly kept as bytes)
/// may be left to parsing, which must then take them.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_record_of_every_plugin_reads_directly_as_it_parses() {
    for path in common::plugins() {
        let name = common::name(&path);
        let plugin_bytes = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&plugin_bytes).unwrap();
        let mut t = MemoryTree::default();
        let typed = tree::unpack_with_paths(&plugin, &name, &mut t)
            .unwrap()
            .typed;
        let b = builder(&t);
        let files = record_files(&t, &b);
        let mut direct = 0;
        for (file, parent) in &files {
            let (took, parsed) = both(&t.files[file], file, &b, parent.as_ref());
            parsed.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            direct += took as u64;
        }
        assert_eq!(
            direct,
            typed,
            "{}: records read directly, of {} printed typed",
            path.display(),
            files.len()
        );
    }
}

/// Campfire.esm unpacked, with the builder its pack starts from and its
/// record files.
struct Campfire {
    tree: MemoryTree,
    builder: PieceBuilder,
    files: Vec<(String, Option<GroupHeader>)>,
}

fn campfire() -> &'static Campfire {
    static TREE: std::sync::OnceLock<Campfire> = std::sync::OnceLock::new();
    TREE.get_or_init(|| {
        let tree = unpack(&common::file("skyrim-plugins/Campfire.esm"), "Campfire.esm");
        let builder = builder(&tree);
        let files = record_files(&tree, &builder);
        Campfire {
            tree,
            builder,
            files,
        }
    })
}

impl Campfire {
    /// A record file by the start of its path, with its text and group.
    fn record(&self, start: &str) -> (&str, &[u8], Option<&GroupHeader>) {
        let (path, parent) = self
            .files
            .iter()
            .find(|(p, _)| p.starts_with(start))
            .unwrap_or_else(|| panic!("no record file {start}* in Campfire.esm"));
        (path, &self.tree.files[path], parent.as_ref())
    }
}

/// What an edit of a record's text gives.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// Read directly, to the record parsing builds.
    Direct,
    /// Left to parsing, which builds it.
    Parsed,
    /// Left to parsing, which refuses it with an error holding this.
    Refused(String),
}

/// Edits the text of the record file starting `start` (`from` → `to`, the
/// first time), builds it both ways, and checks that a pack of the edited
/// tree fails, if it does, with the very error parsing gives.
fn edit(start: &str, from: &str, to: &str) -> Outcome {
    let c = campfire();
    let (path, text, parent) = c.record(start);
    let text = String::from_utf8(text.to_vec()).unwrap();
    assert!(text.contains(from), "{path}: no {from:?} to edit");
    let edited = text.replacen(from, to, 1);
    let (took, parsed) = both(edited.as_bytes(), path, &c.builder, parent);
    let mut tree = c.tree.clone();
    tree.files.insert(path.to_string(), edited.into_bytes());
    let packed = tree::pack(&tree).map(|_| ()).map_err(|e| e.to_string());
    match parsed {
        Ok(_) => {
            packed.unwrap_or_else(|e| panic!("{path}: builds alone, but the pack fails: {e}"));
            if took {
                Outcome::Direct
            } else {
                Outcome::Parsed
            }
        }
        Err(e) => {
            assert_eq!(packed, Err(e.clone()), "{path}: the pack's error");
            Outcome::Refused(e)
        }
    }
}

fn refused(outcome: Outcome, holding: &str) {
    match outcome {
        Outcome::Refused(e) => assert!(e.contains(holding), "{e:?} does not say {holding:?}"),
        other => panic!("{other:?}: expected an error saying {holding:?}"),
    }
}

const BOOTS: &str = "ARMO/_Camp_ArmorBanditBoots.";
const TENTS: &str = "QUST/CampfireTentSystem.";

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn edited_values_read_directly_as_they_parse() {
    assert_eq!(
        edit(BOOTS, "\"weight\": 2.0", "\"weight\": 2.5"),
        Outcome::Direct
    );
    assert_eq!(
        edit(BOOTS, "\"weight\": 2.0", "\"weight\": 25e-1"),
        Outcome::Direct
    );
    assert_eq!(
        edit(BOOTS, "\"value\": 4", "\"value\": 40000"),
        Outcome::Direct
    );
    assert_eq!(
        edit(BOOTS, "Fur Shoes", "Fur Shoes d\\u00e9j\\u00e0"),
        Outcome::Direct
    );
    assert_eq!(edit(BOOTS, "Fur Shoes", "Fur Shoes déjà"), Outcome::Direct);
    assert_eq!(
        edit(BOOTS, "\"flags\": []", "\"flags\": \"0x00000000\""),
        Outcome::Direct
    );
    assert_eq!(
        edit(BOOTS, "\"race\": \"0x00000019\"", "\"race\": \"0x19\""),
        Outcome::Direct
    );
    assert_eq!(
        edit(TENTS, "\"alias\": -1", "\"alias\": -2"),
        Outcome::Direct
    );
    assert_eq!(
        edit(BOOTS, "\"feet\"\n", "\"feet\", \"0x400\"\n"),
        Outcome::Direct
    );
    assert_eq!(
        edit(BOOTS, "\"feet\"\n", "\"f\\u0065et\"\n"),
        Outcome::Parsed
    );
    assert_eq!(
        edit(
            BOOTS,
            "\"armor_type\": \"light_armor\"",
            "\"armor_type\": 1"
        ),
        Outcome::Direct
    );
}

/// Each of `values` given for `key` (where the record has `was`) reads
/// directly, to the record parsing builds.
fn reads_directly(start: &str, key: &str, was: &str, values: &[&str]) {
    let from = format!("\"{key}\": {was}");
    for value in values {
        let to = format!("\"{key}\": {value}");
        assert_eq!(edit(start, &from, &to), Outcome::Direct, "{to}");
    }
}

const RECIPE: &str = "COBJ/_Camp_Recipe_Reclaim_Backpack_White_Dibella.";
const EMITTER: &str = "QUST/_Camp_EventEmitter_PlayerHit.";

/// Numbers, booleans, form IDs, hex bytes and bit fields are read in
/// place; every edit of them gives what parsing gives, or its error.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn values_read_in_place_read_as_they_parse() {
    const BITS: &str = "\"operator\": \"==\",\n            \"flags\": []";
    for to in [
        "\"flags\": [], \"operator\": \"==\"",
        "\"operator\": 0, \"flags\": []",
        "\"operator\": \"==\", \"flags\": 3",
        "\"operator\": \"==\", \"flags\": [], \"_other_bits\": 1",
        "\"flags\": []",
        "",
    ] {
        assert_eq!(edit(RECIPE, BITS, to), Outcome::Direct, "{to}");
    }
    refused(
        edit(RECIPE, BITS, "\"operator\": \"==\", \"operator\": \"!=\""),
        "\"operator\" is given twice in the object at fields.conditions[0].condition.type",
    );
    refused(
        edit(RECIPE, BITS, "\"operator\": \"==\", \"bogus\": 1"),
        "unknown bit field \"bogus\"",
    );
    refused(
        edit(RECIPE, BITS, "\"operator\": -1"),
        "expected a name or a number",
    );
    refused(
        edit(RECIPE, BITS, "\"operator\": \"~\""),
        "is not a value of this enum",
    );
    reads_directly(EMITTER, "value", "true", &["false", "1"]);
    refused(
        edit(EMITTER, "\"value\": true", "\"value\": tru"),
        "not valid JSON",
    );
    let values = ["3", "-0.0", "0.1", "3.4028235e38", "123456789012345678901"];
    reads_directly(BOOTS, "weight", "2.0", &values);
    refused(
        edit(BOOTS, "\"weight\": 2.0", "\"weight\": 1e39"),
        "does not fit in a 32-bit float",
    );
    reads_directly(BOOTS, "value", "4", &["-2147483648", "2147483647", "0"]);
    refused(
        edit(BOOTS, "\"value\": 4", "\"value\": 2147483648"),
        "does not fit in I32",
    );
    refused(
        edit(BOOTS, "\"value\": 4", "\"value\": 4.0"),
        "expected an integer",
    );
    refused(
        edit(BOOTS, "\"value\": 4", "\"value\": 04"),
        "not valid JSON",
    );
    reads_directly(BOOTS, "race", "\"0x00000019\"", &["\"0x0000001a\""]);
    reads_directly(RECIPE, "unused", "\"000000\"", &["\"00 01 02\""]);
    refused(
        edit(RECIPE, "\"unused\": \"000000\"", "\"unused\": \"0000\""),
        "expected 3 bytes of hex",
    );
}

/// Bytes past a struct's fields (`_rest`, as data longer or shorter than
/// its layout shows them) are read directly when they come last, as the
/// codec adds them; anywhere else, parsing reads them.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn bytes_past_a_structs_fields_read_directly_as_they_parse() {
    const DATA: &str = "\"value\": 4,\n      \"weight\": 2.0";
    for to in [
        "\"value\": 4, \"weight\": 2.0, \"_rest\": \"ab\"",
        "\"value\": 4, \"weight\": 2.0, \"_rest\": \"\"",
        "\"value\": 4, \"_rest\": \"ab 01\"",
        "\"_rest\": \"ab\"",
    ] {
        assert_eq!(edit(BOOTS, DATA, to), Outcome::Direct, "{to}");
    }
    for to in [
        "\"value\": 4, \"_rest\": \"ab\", \"weight\": 2.0",
        "\"value\": 4, \"weight\": 2.0, \"_rest\": \"a\\u0062\"",
    ] {
        assert_eq!(edit(BOOTS, DATA, to), Outcome::Parsed, "{to}");
    }
    refused(
        edit(
            BOOTS,
            DATA,
            "\"value\": 4, \"weight\": 2.0, \"_rest\": \"ab\", \"_rest\": \"cd\"",
        ),
        "\"_rest\" is given twice in the object at fields.data",
    );
    refused(
        edit(
            BOOTS,
            DATA,
            "\"value\": 4, \"weight\": 2.0, \"_rest\": \"abc\"",
        ),
        "expected hex bytes",
    );
    refused(
        edit(BOOTS, DATA, "\"value\": 4, \"weight\": 2.0, \"_rest\": 1"),
        "expected hex bytes",
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn unusual_texts_are_left_to_parsing() {
    // A form ID with the plugin noted, in a field or as the record's own,
    // is checked against the masters as parsing checks it.
    assert_eq!(
        edit(
            BOOTS,
            "\"race\": \"0x00000019\"",
            "\"race\": \"0x00000019 (Skyrim.esm)\""
        ),
        Outcome::Direct
    );
    refused(
        edit(
            BOOTS,
            "\"race\": \"0x00000019\"",
            "\"race\": \"0x00000019 (Campfire.esm)\"",
        ),
        "is noted as Campfire.esm",
    );
    assert_eq!(
        edit(
            BOOTS,
            "\"form_id\": \"0x020415C1\"",
            "\"form_id\": \"0x020415C1 (Campfire.esm)\""
        ),
        Outcome::Direct
    );
    refused(
        edit(
            BOOTS,
            "\"form_id\": \"0x020415C1\"",
            "\"form_id\": \"0x020415C1 (Skyrim.esm)\"",
        ),
        "is noted as Skyrim.esm",
    );
    // A key given twice: parsing refuses it, naming it and its place.
    refused(
        edit(
            BOOTS,
            "\"armor_rating\": 600",
            "\"armor_rating\": 600, \"armor_rating\": 7",
        ),
        "\"armor_rating\" is given twice in the object at fields (line ",
    );
    // Keys of a struct out of order.
    assert_eq!(
        edit(
            BOOTS,
            "\"value\": 4,\n      \"weight\": 2.0",
            "\"weight\": 2.0, \"value\": 4"
        ),
        Outcome::Parsed
    );
    // Other whitespace and layout.
    assert_eq!(
        edit(BOOTS, "\"value\": 4,\n", "\"value\"\t:\r\n4 ,"),
        Outcome::Direct
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn refused_texts_keep_their_errors() {
    refused(
        edit(
            BOOTS,
            "\"armor_rating\": 600",
            "\"armor_rating\": 600, \"bogus\": 1",
        ),
        "unknown member \"bogus\"",
    );
    refused(
        edit(BOOTS, "\"value\": 4", "\"value\": 4, \"bogus\": 1"),
        "unknown field \"bogus\"",
    );
    refused(
        edit(BOOTS, "\"value\": 4", "\"value\": \"four\""),
        "data.value",
    );
    refused(
        edit(BOOTS, "\"name\": \"Fur Shoes\"", "\"name\": 3"),
        "expected a string",
    );
    refused(
        edit(TENTS, "\"alias_count\": 5", "\"alias_count\": 4"),
        "alias_count says",
    );
    refused(
        edit(
            BOOTS,
            "\"armor_rating\": 600\n  }",
            "\"armor_rating\": 600\n",
        ),
        "not valid JSON",
    );
    refused(
        edit(BOOTS, "\"flags\": []", "\"flags\": [\"bogus\"]"),
        "\"flags\"",
    );
    refused(
        edit(BOOTS, "\"feet\"\n", "\"toes\"\n"),
        "unknown flag \"toes\"",
    );
    refused(
        edit(BOOTS, "\"form_version\": 43", "\"form_version\": 70000"),
        "16 bits",
    );
    refused(
        edit(
            BOOTS,
            "\"version_control_2\": 0,",
            "\"version_control_2\": 0, \"zlib_original\": \"\",",
        ),
        "only for compressed records",
    );
    refused(
        edit(BOOTS, "\"type\": \"ARMO\"", "\"type\": \"WEAP\""),
        "cannot stand in a",
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn raw_subrecords_are_left_to_parsing() {
    let outcome = edit(
        BOOTS,
        "\"armor_rating\": 600",
        "\"armor_rating\": 600, \"!ZZZZ\": \"0000\"",
    );
    assert!(
        matches!(outcome, Outcome::Parsed | Outcome::Refused(_)),
        "{outcome:?}"
    );
    let outcome = edit(
        BOOTS,
        "\"armor_rating\": 600",
        "\"armor_rating\": {\"_hex\": \"58020000\"}",
    );
    assert!(
        matches!(outcome, Outcome::Parsed | Outcome::Refused(_)),
        "{outcome:?}"
    );
}

/// Bytes that make edits likely to stay JSON, or nearly.
const EDIT_BYTES: &[u8] = b"0123456789-+.eE\"{}[],: \n\t\\axzu#!_";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    #[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
    fn random_edits_read_directly_only_as_they_parse(
        record in 0usize..1000,
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), 0..EDIT_BYTES.len(), 0u8..3), 1..4),
    ) {
        let c = campfire();
        let (path, parent) = &c.files[record % c.files.len()];
        let mut text = c.tree.files[path].clone();
        for (at, byte, how) in edits {
            let at = at.index(text.len());
            match how {
                0 => text[at] = EDIT_BYTES[byte],
                1 => text.insert(at, EDIT_BYTES[byte]),
                _ => {
                    text.remove(at);
                }
            }
        }
        let (_direct, _parsed) = both(&text, path, &c.builder, parent.as_ref());
    }

    /// Digits changed for digits and letters for letters: the text stays
    /// JSON, and its values change (or no longer fit).
    #[test]
    #[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
    fn changed_values_read_directly_only_as_they_parse(
        record in 0usize..1000,
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), 0u8..26), 1..6),
    ) {
        let c = campfire();
        let (path, parent) = &c.files[record % c.files.len()];
        let mut text = c.tree.files[path].clone();
        for (at, to) in edits {
            let at = at.index(text.len());
            if text[at].is_ascii_digit() {
                text[at] = b'0' + to % 10;
            } else if text[at].is_ascii_lowercase() {
                text[at] = b'a' + to;
            }
        }
        let (_direct, _parsed) = both(&text, path, &c.builder, parent.as_ref());
    }
}

/// A layout chosen by a sibling given after it (a game setting's value
/// by its editor ID) is read as parsing reads it.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_layout_chosen_by_a_later_sibling_reads_directly_as_it_parses() {
    let c = campfire();
    let (path, text, parent) = c.record("GMST/");
    let mut v: Value = serde_json::from_slice(text).unwrap();
    let fields = v["fields"].as_object_mut().unwrap();
    let reversed: serde_json::Map<String, Value> = fields
        .iter()
        .rev()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    assert_eq!(
        reversed.keys().next_back().map(String::as_str),
        Some("editor_id")
    );
    *fields = reversed;
    let text = serde_json::to_vec_pretty(&v).unwrap();
    let (direct, parsed) = both(&text, path, &c.builder, parent);
    assert!(direct, "{path}: not read directly");
    parsed.unwrap();
    // Another type of value by the editor ID's first letter.
    let id = v["fields"]["editor_id"].as_str().unwrap().to_string();
    for first in ["i", "f", "s", "b"] {
        v["fields"]["editor_id"] = Value::from(format!("{first}{}", &id[1..]));
        let text = serde_json::to_vec_pretty(&v).unwrap();
        let _ = both(&text, path, &c.builder, parent);
    }
}

/// A Skyrim plugin of one STAT record holding `count` empty EDID
/// subrecords, stored as they are or compressed.
fn plugin_of_empty_subrecords(count: usize, compressed: bool) -> Vec<u8> {
    fn record(sig: &[u8; 4], flags: u32, data: &[u8]) -> Vec<u8> {
        let mut out = sig.to_vec();
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&(if sig == b"TES4" { 0u32 } else { 0x800 }).to_le_bytes());
        out.extend_from_slice(&[0, 0, 0, 0, 44, 0, 0, 0]);
        out.extend_from_slice(data);
        out
    }
    let mut hedr = b"HEDR\x0c\x00".to_vec();
    hedr.extend_from_slice(&1.7f32.to_le_bytes());
    hedr.extend_from_slice(&1u32.to_le_bytes());
    hedr.extend_from_slice(&0x801u32.to_le_bytes());
    let data = b"EDID\0\0".repeat(count);
    let stat = if compressed {
        let stored = esscribe::plugin::compress_record_data(&data).unwrap();
        record(b"STAT", 0x0004_0000, &stored)
    } else {
        record(b"STAT", 0, &data)
    };
    let mut out = record(b"TES4", 0, &hedr);
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(24 + stat.len() as u32).to_le_bytes());
    out.extend_from_slice(b"STAT");
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&stat);
    out
}

/// A record of more subrecords than are read field by field has its text
/// written straight from its bytes: the same text its JSON prints, which
/// packs back into the very record.
#[test]
fn a_record_kept_whole_is_printed_as_its_json_is() {
    for compressed in [false, true] {
        let bytes = plugin_of_empty_subrecords(70_000, compressed);
        let plugin = Plugin::parse(&bytes).unwrap();
        let rec = plugin.records().next().unwrap();
        let ctx = tree::tree_ctx(&plugin);
        let json = esscribe::json::record_to_json(rec, plugin.game, &ctx).unwrap();
        assert!(json.value.get("data_hex").is_some(), "kept whole");
        let t = unpack(&bytes, "Empties.esp");
        let (written, printed) = (
            t.read("STAT/0x00000800.json").unwrap(),
            tree::to_text(&json.value),
        );
        if let Some(at) = esscribe::plugin::first_difference(&written, &printed) {
            let around = |t: &[u8]| {
                String::from_utf8_lossy(&t[at.saturating_sub(40)..(at + 40).min(t.len())])
                    .into_owned()
            };
            panic!(
                "compressed: {compressed}: the texts part at byte {at}: {:?} against {:?}",
                around(&written),
                around(&printed)
            );
        }
        assert_eq!(
            tree::pack(&t).unwrap().bytes,
            bytes,
            "compressed: {compressed}"
        );
    }
}
