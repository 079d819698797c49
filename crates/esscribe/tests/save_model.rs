//! Oblivion change records in the record model: every corpus record reads
//! as fields that encode to its very bytes, values change through the
//! same setter as a plugin's fields and nothing else of the save moves,
//! and a change the record's table would read otherwise is refused.

mod common;

use esscribe::io::FormId;
use esscribe::plugin::Game;
use esscribe::save::{change, SaveFile};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Parts whose layout the schema cannot say, kept as hex by design.
const SHOWN_AS_HEX: &[&str] = &[
    "player_looks",
    "player_name",
    "seen_data",
    "remainder",
    "raw",
];

fn is_hex_part(key: &str) -> bool {
    SHOWN_AS_HEX.contains(&key.split('#').next().unwrap_or(key))
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_corpus_change_record_reads_as_fields_that_encode_to_its_bytes() {
    for path in common::saves_of(Game::Oblivion) {
        let name = common::name(&path);
        let data = std::fs::read(&path).unwrap();
        let save = SaveFile::parse(&data).unwrap();
        let ctx = save.form_ctx();
        let mut parts = 0;
        for c in &save.changes {
            let what = format!("{name}: {} {}", c.type_name(), c.form_id);
            let mut fields = c.fields(&ctx);
            let bytes = c.data_bytes();
            assert_eq!(fields.encode_data().unwrap(), bytes, "{what}");
            // A part the table read is read by its declared layout too.
            for key in fields.parts_kept_as_bytes() {
                assert!(is_hex_part(key), "{what}: part {key} kept as hex");
            }
            // Setting each part to what it holds gives back the very bytes.
            let keys: Vec<String> = fields.as_map().keys().cloned().collect();
            // Each part is named as `save records --json` names it.
            if c.parts().len() > 0 {
                let shown: Vec<Value> = c
                    .parts()
                    .map(|p| serde_json::to_value(p).unwrap()["part"].clone())
                    .collect();
                let named: Vec<&str> = keys.iter().map(|k| k.split('#').next().unwrap()).collect();
                assert_eq!(shown, named, "{what}");
            }
            for key in &keys {
                let value = fields.get(key).unwrap().clone();
                fields.set(key, value).unwrap();
                assert_eq!(fields.changed_data(), Some(&bytes[..]), "{what}: {key}");
            }
            parts += keys.len();
        }
        assert!(parts > 0, "{name}: no parts");
    }
}

/// The path of the first number in `v` that a change cannot make the
/// table read otherwise (not a flag or a type, which choose layouts).
fn first_number(v: &Value, path: &str) -> Option<(String, Value)> {
    match v {
        Value::Number(_) => Some((path.to_string(), v.clone())),
        Value::Object(m) => m
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "flag" | "flags" | "type" | "f32_bits"))
            .find_map(|(k, v)| first_number(v, &format!("{path}.{k}"))),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .find_map(|(i, v)| first_number(v, &format!("{path}.{i}"))),
        _ => None,
    }
}

/// Another value of the same kind: an integer with its lowest bit
/// flipped, a float one more.
fn changed(v: &Value) -> Value {
    match (v.as_i64(), v.as_u64(), v.as_f64()) {
        (Some(n), _, _) => json!(n ^ 1),
        (None, Some(n), _) => json!(n ^ 1),
        (_, _, Some(x)) => json!(x + 1.0),
        _ => unreachable!("a number"),
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_value_changed_through_the_model_changes_only_its_bytes() {
    for path in common::saves_of(Game::Oblivion) {
        let name = common::name(&path);
        let data = std::fs::read(&path).unwrap();
        let save = SaveFile::parse(&data).unwrap();
        let ctx = save.form_ctx();
        let mut per_type: BTreeMap<u8, usize> = BTreeMap::new();
        let mut edited = 0;
        for c in &save.changes {
            let fields = c.fields(&ctx);
            let seen = per_type.entry(c.kind).or_default();
            if *seen == 5 {
                continue;
            }
            let Some((at, old)) = fields
                .as_map()
                .iter()
                .filter(|(k, _)| !is_hex_part(k))
                .find_map(|(k, v)| first_number(v, k))
            else {
                continue;
            };
            *seen += 1;
            let what = format!("{name}: {} {} {at}", c.type_name(), c.form_id);
            let new = changed(&old);
            let mut fields = fields;
            fields.set(&at, &new).unwrap();
            let mut copy = SaveFile::parse(&data).unwrap();
            copy.apply(&fields)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let out = copy.to_bytes().unwrap();
            assert_eq!(out.len(), data.len(), "{what}");
            let diff: Vec<usize> = (0..data.len()).filter(|&i| data[i] != out[i]).collect();
            assert!(!diff.is_empty(), "{what}: nothing changed");
            let (start, end) = (
                c.offset as usize,
                c.offset as usize + 12 + c.data_bytes().len(),
            );
            assert!(
                diff[0] >= start && *diff.last().unwrap() < end,
                "{what}: bytes changed outside the record: {:?}",
                (diff[0], diff.last())
            );
            assert!(diff.last().unwrap() - diff[0] < 8, "{what}: {diff:?}");
            let back = SaveFile::parse(&out).unwrap();
            let again = back.record_fields(c.form_id, Some(c.kind)).unwrap();
            // Read back as set: the same bytes, and the same number unless
            // the number is an iref now shown as the form ID it names.
            assert_eq!(
                again.encode_data().unwrap(),
                fields.encode_data().unwrap(),
                "{what}"
            );
            let back = again.get(&at).unwrap();
            assert!(back == &new || back.is_string(), "{what}: {back}");
            edited += 1;
        }
        assert!(edited > 0, "{name}: nothing edited");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_player_s_record_reads_and_changes_by_path() {
    let data = common::file("oblivion-saves/save002.ess");
    let save = SaveFile::parse(&data).unwrap();
    let fields = save
        .record_fields(change::PLAYER_REF, Some(change::TYPE_ACHR))
        .unwrap();
    let keys: Vec<&str> = fields.as_map().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "moved",
            "temp_attributes",
            "actor_flag",
            "inventory",
            "properties",
            "remainder",
            "player_looks",
            "player_name",
            "player_class",
            "remainder#2"
        ]
    );
    assert_eq!(
        fields.parts_kept_as_bytes(),
        ["remainder", "player_looks", "player_name", "remainder#2"]
    );
    // As `save records` shows it: cell iref 3151 at (1765.4133, 2053.9944,
    // -41.309204); the iref shown as the form ID the save's form ID array
    // gives it.
    assert_eq!(save.resolve(3151), Some(FormId(0x000C6574)));
    assert_eq!(
        fields.get("moved.cell"),
        Some(&json!("0x000C6574 (Oblivion.esm)"))
    );
    let cell = fields.field("moved.cell").unwrap();
    assert_eq!(cell.form_id(), Some(FormId(0x000C6574)));
    assert_eq!(
        fields.field("moved.position.x").unwrap().as_f64(),
        Some(1765.4133)
    );
    assert_eq!(
        fields
            .get("temp_attributes")
            .unwrap()
            .as_array()
            .unwrap()
            .len(),
        219
    );

    // The count of an item, set by path, is what the typed view reads.
    let items = fields.get("inventory").unwrap().as_array().unwrap();
    let at = items
        .iter()
        .position(|i| i["item"] == "0x0002EE72 (Oblivion.esm)")
        .unwrap();
    let mut fields = fields.clone();
    fields.set(&format!("inventory.{at}.count"), 4242).unwrap();
    let mut edited = SaveFile::parse(&data).unwrap();
    edited.apply(&fields).unwrap();
    let mut by_method = SaveFile::parse(&data).unwrap();
    by_method
        .set_item_count(change::PLAYER_REF, FormId(0x0002EE72), 4242)
        .unwrap();
    assert_eq!(edited.to_bytes().unwrap(), by_method.to_bytes().unwrap());

    // An iref is set by the form ID it should name: one the save's form
    // ID array holds, or it is refused.
    let other = items
        .iter()
        .map(|i| i["item"].clone())
        .find(|v| v != &items[at]["item"]);
    let mut moved = fields.clone();
    moved
        .set(&format!("inventory.{at}.item"), other.clone().unwrap())
        .unwrap();
    assert_eq!(moved.get(&format!("inventory.{at}.item")), other.as_ref());
    let e = moved
        .set(&format!("inventory.{at}.item"), "0x00ABCDEF (Oblivion.esm)")
        .unwrap_err();
    assert!(
        e.to_string().contains("form ID array does not hold it"),
        "{e}"
    );
    let e = moved
        .set(&format!("inventory.{at}.item"), "0x0002EE72 (Knights.esp)")
        .unwrap_err();
    assert!(e.to_string().contains("Oblivion.esm"), "{e}");

    // Refused: a value of the wrong kind, a part the record's flags do not
    // bring in; nothing changes.
    let before = fields.clone();
    assert!(fields.set("moved.cell", "a cell").is_err());
    assert!(fields.set("moved.position", json!([1, 2, 3])).is_err());
    let e = fields.insert("scale", 2.0).unwrap_err();
    assert!(e.to_string().contains("flags"), "{e}");
    assert_eq!(fields.as_map(), before.as_map());

    // Refused when the save would read it otherwise: the temporary
    // attribute changes are 219 floats, no fewer.
    let mut short = before.clone();
    short.remove("temp_attributes.218").unwrap();
    let mut save = SaveFile::parse(&data).unwrap();
    let e = save.apply(&short).unwrap_err();
    assert!(e.to_string().contains("would not read back as set"), "{e}");
    assert_eq!(save.to_bytes().unwrap(), data);

    // A plugin record's fields are not a save's.
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/sample-skyrim.esp"
    );
    let plugin = esscribe::Plugin::open(sample).unwrap();
    let mut lantern = plugin.get("SampleBrassLantern").unwrap().fields().unwrap();
    lantern.set("name", "Lamp").unwrap();
    let e = save.apply(&lantern).unwrap_err();
    assert!(e.to_string().contains("a plugin record's fields"), "{e}");
    assert_eq!(save.to_bytes().unwrap(), data);
}

/// Every scalar of a record's fields, by path.
fn scalars(v: &Value, path: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m
            .iter()
            .for_each(|(k, v)| scalars(v, &format!("{path}.{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, v)| scalars(v, &format!("{path}.{i}"), out)),
        _ => out.push(path.to_string()),
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn any_edit_is_kept_as_set_or_refused_with_nothing_changed() {
    let data = common::file("oblivion-saves/save002.ess");
    let save = SaveFile::parse(&data).unwrap();
    let ctx = save.form_ctx();
    let values = [
        json!(0),
        json!(1),
        json!(-1),
        json!(255),
        json!(65536),
        json!(1.5),
        json!("text"),
        json!("00ff"),
        json!([]),
        json!({}),
    ];
    // A fixed sequence of choices, the same every run.
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let (mut kept, mut refused) = (0, 0);
    for _ in 0..300 {
        let c = save.changes.get(next(save.changes.len())).unwrap();
        let mut fields = c.fields(&ctx);
        let mut paths = Vec::new();
        for (k, v) in fields.as_map() {
            scalars(v, k, &mut paths);
        }
        if paths.is_empty() {
            continue;
        }
        let path = &paths[next(paths.len())];
        let value = &values[next(values.len())];
        let what = format!("{} {} {path}={value}", c.type_name(), c.form_id);
        let before = fields.clone();
        if fields.set(path, value).is_err() {
            assert_eq!(fields.as_map(), before.as_map(), "{what}");
            refused += 1;
            continue;
        }
        let mut edited = SaveFile::parse(&data).unwrap();
        match edited.apply(&fields) {
            Err(e) => {
                assert!(edited.to_bytes().unwrap() == data, "{what}: {e}");
                refused += 1;
            }
            Ok(()) => {
                let out = edited.to_bytes().unwrap();
                let back = SaveFile::parse(&out).unwrap();
                let again = back.record_fields(c.form_id, Some(c.kind)).unwrap();
                assert_eq!(
                    again.encode_data().unwrap(),
                    fields.encode_data().unwrap(),
                    "{what}"
                );
                // Of the same size, everything before the record is as it
                // was (else the offsets of later sections follow).
                let at = c.offset as usize;
                assert!(out.len() != data.len() || out[..at] == data[..at], "{what}");
                kept += 1;
            }
        }
    }
    assert!(kept > 50 && refused > 50, "kept {kept}, refused {refused}");
}
