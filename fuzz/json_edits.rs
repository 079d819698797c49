//! Edits of a plugin's JSON dump driven by bytes, and what a build from the
//! edited JSON must hold to. Shared by the `json_edit` fuzz target and a
//! test of the library that runs fixed byte strings
//! (`crates/esscribe/tests/json_edits.rs`).

use esscribe::json::{
    build_plugin, build_plugin_from_text, build_plugin_from_values, plugin_to_json,
};
use esscribe::plugin::Plugin;
use serde_json::{json, Value};

/// One step of a path into a JSON value.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every path in `v`, depth first, the root (empty path) first.
fn paths(v: &Value) -> Vec<Vec<Step>> {
    fn walk(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        out.push(at.clone());
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    at.push(Step::Key(k.clone()));
                    walk(x, at, out);
                    at.pop();
                }
            }
            Value::Array(list) => {
                for (i, x) in list.iter().enumerate() {
                    at.push(Step::Index(i));
                    walk(x, at, out);
                    at.pop();
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, &mut Vec::new(), &mut out);
    out
}

fn get_mut<'v>(v: &'v mut Value, path: &[Step]) -> Option<&'v mut Value> {
    let mut v = v;
    for step in path {
        v = match (step, v) {
            (Step::Key(k), Value::Object(m)) => m.get_mut(k)?,
            (Step::Index(i), Value::Array(list)) => list.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(v)
}

/// A value to put in place of `old`.
fn new_value(pick: u8, old: &Value) -> Value {
    match pick % 18 {
        0 => json!(0),
        1 => json!(-1),
        2 => json!(1e39),
        3 => json!(u32::MAX as u64 + 1),
        4 => json!(65536),
        5 => json!(""),
        6 => Value::Null,
        7 => json!(true),
        8 => json!("0x01000800 (Oblivion.esm)"),
        9 => json!("0xFFFFFFFF"),
        10 => json!({"f32_bits": "0x7FC00000"}),
        11 => json!([]),
        12 => json!({}),
        13 => match old {
            // A misspelling: a name, a hex string or a form ID one
            // character longer or shorter.
            Value::String(s) if pick & 0x80 != 0 => {
                let mut s = s.clone();
                s.pop();
                Value::String(s)
            }
            Value::String(s) => Value::String(format!("{s}x")),
            other => other.clone(),
        },
        14 => json!("00ff"),
        15 => match old.as_f64() {
            Some(x) => json!(x + 1.0),
            None => json!(1.5),
        },
        16 => json!({"_hex": "0102"}),
        _ => json!(["unknown_flag"]),
    }
}

/// Applies up to eight edits, four bytes each, to `doc`: replace a value,
/// remove it, add an unknown key, repeat an item of a list (a record, a
/// subrecord, a list entry), move a key to the end of its object (members
/// out of order), or move a value to another place (a record into another
/// group, a form ID onto another record).
pub fn apply(doc: &mut Value, script: &[u8]) {
    for edit in script.chunks_exact(4).take(8) {
        let [op, a, b, pick] = [edit[0], edit[1], edit[2], edit[3]];
        let all = paths(doc);
        let path = &all[u16::from_le_bytes([a, b]) as usize % all.len()];
        let Some((last, parent_path)) = path.split_last() else {
            continue;
        };
        match op % 6 {
            0 => {
                if let Some(v) = get_mut(doc, path) {
                    *v = new_value(pick, v);
                }
            }
            1 => match (get_mut(doc, parent_path), last) {
                (Some(Value::Object(m)), Step::Key(k)) => {
                    m.shift_remove(k);
                }
                (Some(Value::Array(list)), Step::Index(i)) => {
                    list.remove(*i);
                }
                _ => {}
            },
            2 => {
                if let Some(Value::Object(m)) = get_mut(doc, path) {
                    m.insert(format!("unknown_{pick}"), json!(pick));
                }
            }
            3 => {
                if let (Some(Value::Array(list)), Step::Index(i)) =
                    (get_mut(doc, parent_path), last)
                {
                    let copy = list[*i].clone();
                    list.insert(*i + 1, copy);
                }
            }
            4 => {
                if let (Some(Value::Object(m)), Step::Key(k)) = (get_mut(doc, parent_path), last) {
                    if let Some(v) = m.shift_remove(k) {
                        m.insert(k.clone(), v);
                    }
                }
            }
            _ => {
                let from = &all[pick as usize * 7 % all.len()];
                let Some(value) = get_mut(doc, from).map(|v| v.clone()) else {
                    continue;
                };
                match get_mut(doc, path) {
                    Some(Value::Array(list)) => list.push(value),
                    Some(v) => *v = value,
                    None => {}
                }
            }
        }
    }
}

/// What happened to one edited dump.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Refused, with an error.
    Refused,
    /// Built, and everything held.
    Built,
}

/// Builds the edited dump. What build accepts must write, read back from
/// its bytes as build promised (by the declarations), and dump and build
/// again to the same bytes; what it refuses must say so in an error.
pub fn check(doc: &Value) -> Outcome {
    let whole = build_plugin(doc);
    // Its text built as `esscribe build` builds it (straight where it can),
    // and record by record as values: the same bytes, or the same refusal.
    let text = serde_json::to_vec_pretty(doc).expect("JSON values print");
    let straight = build_plugin_from_text(&text, &|_| {});
    let as_values = build_plugin_from_values(&text, &|_| {});
    match (&straight, &as_values) {
        (Ok(a), Ok(b)) => assert!(
            a.bytes == b.bytes,
            "built straight and as values, the bytes differ"
        ),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (Ok(_), Err(e)) => panic!("built straight, refused as values: {e}"),
        (Err(e), Ok(_)) => panic!("built as values, refused straight: {e}"),
    }
    let built = match whole {
        Ok(b) => b,
        Err(e) => {
            assert!(!e.message.is_empty(), "an error without a message");
            assert!(
                straight.is_err(),
                "refused whole ({e}), built from its text"
            );
            return Outcome::Refused;
        }
    };
    let bytes = match built.plugin.to_bytes() {
        Ok(b) => b,
        Err(e) => {
            assert!(!e.message.is_empty(), "an error without a message");
            return Outcome::Refused;
        }
    };
    if let Err(e) = built.check_written(&bytes) {
        panic!("built, but does not read back as build promised: {e}");
    }
    match &straight {
        Ok(s) => assert!(
            s.bytes == bytes,
            "built whole and from its text, the bytes differ"
        ),
        Err(e) => panic!("built whole, refused from its text: {e}"),
    }
    let name = doc
        .get("file")
        .and_then(Value::as_str)
        .unwrap_or("Fuzz.esp");
    let parsed = Plugin::parse_as(&bytes, built.plugin.game).expect("built bytes parse");
    let again = plugin_to_json(&parsed, name).expect("a built plugin dumps");
    let rebuilt = build_plugin(&again)
        .unwrap_or_else(|e| panic!("the dump of a built plugin does not build: {e}"));
    assert!(
        rebuilt.plugin.to_bytes().expect("writes") == bytes,
        "dump → build changed the bytes"
    );
    Outcome::Built
}
