//! JSON back into subrecords: each member's value encoded by its layout,
//! members in the order the JSON gives them.

use super::codec::{bad, encode_field_in, only_keys, Enc};
use super::members::*;
use super::trees::*;
use super::types::*;
use crate::io::{from_hex, Error, Sig};
use crate::plugin::{parse_subrecords, write_subrecord, SizeForm, Subrecord};
use serde_json::{Map, Value};

pub(super) fn raw_from_json(key: &str, v: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
    let sig_text = base_key(&key[1..]);
    let sig = Sig::parse(sig_text).ok_or_else(|| bad("not a subrecord signature").at_field(key))?;
    let (hex, size_form) = match v {
        Value::String(s) => (s.as_str(), SizeForm::Short),
        Value::Object(m) => {
            only_keys(v, &["hex", "xxxx_short_size"]).map_err(|e| e.at_field(key))?;
            let short = m.get("xxxx_short_size").unwrap_or(&Value::Null);
            let short_size = short
                .as_u64()
                .and_then(|n| u16::try_from(n).ok())
                .ok_or_else(|| {
                    bad(format!("expected a number up to 65535, found {short}"))
                        .at_field("xxxx_short_size")
                        .at_field(key)
                })?;
            (
                m.get("hex").and_then(Value::as_str).ok_or_else(|| {
                    bad(format!(
                        "expected \"hex\": the subrecord's bytes, found {v}"
                    ))
                    .at_field(key)
                })?,
                SizeForm::Extended { short_size },
            )
        }
        _ => return Err(bad(format!("expected hex bytes, found {v}")).at_field(key)),
    };
    let data =
        from_hex(hex).ok_or_else(|| bad(format!("expected hex bytes, found {v}")).at_field(key))?;
    write_subrecord(out, sig, &data, size_form);
    Ok(())
}

/// Writes one subrecord: its header, then its data encoded in place; the
/// size is filled in after (with an `XXXX` prefix if it outgrows a u16).
pub(super) fn encode_sub(
    def: &SubDef,
    v: &Value,
    siblings: &Map<String, Value>,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), Error> {
    let start = start_subrecord(out, def.sig);
    let written = match v.get("_hex") {
        Some(hex) => only_keys(v, &["_hex"]).and_then(|()| {
            hex.as_str()
                .and_then(from_hex)
                .map(|b| out.extend_from_slice(&b))
                .ok_or_else(|| bad(format!("_hex: expected hex bytes, found {hex}")))
        }),
        None => encode_field_in(&def.field, v, siblings, out, cx),
    };
    if let Err(e) = written {
        out.truncate(start);
        return Err(e);
    }
    finish_subrecord(out, def.sig, start);
    Ok(())
}

/// Starts a subrecord in `out`: its signature and room for its size
/// (filled in by [`finish_subrecord`]). Gives back where it starts.
pub(super) fn start_subrecord(out: &mut Vec<u8>, sig: Sig) -> usize {
    let start = out.len();
    out.extend_from_slice(&sig.0);
    out.extend_from_slice(&[0, 0]);
    start
}

/// Fills in the size of the subrecord whose six-byte header starts at
/// `start` in `out` and whose data follows it to the end; data that
/// outgrows a u16 is moved behind an `XXXX` subrecord giving its size.
pub(super) fn finish_subrecord(out: &mut Vec<u8>, sig: Sig, start: usize) {
    let data_start = start + 6;
    match u16::try_from(out.len() - data_start) {
        Ok(n) => out[start + 4..data_start].copy_from_slice(&n.to_le_bytes()),
        Err(_) => {
            let data = out.split_off(data_start);
            out.truncate(start);
            write_subrecord(out, sig, &data, SizeForm::Short);
        }
    }
}

pub(super) fn encode_seq(
    members: &[Member],
    fields: &Map<String, Value>,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), Error> {
    for (key, v) in fields {
        encode_entry(members, key, v, fields, out, cx)?;
    }
    Ok(())
}

/// Encodes one entry of a decoded record or group (a member under its
/// key); `fields` are the entry's siblings, for layouts they choose.
pub(super) fn encode_entry(
    members: &[Member],
    key: &str,
    v: &Value,
    fields: &Map<String, Value>,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), Error> {
    if key.starts_with('!') {
        return raw_from_json(key, v, out);
    }
    let name = base_key(key);
    let member = find_member(members, name, fields).ok_or_else(|| {
        let names: Vec<_> = members.iter().map(member_name).collect();
        let mut e = Error::not_found(format!(
            "unknown member {key:?} (expected one of: {})",
            names.join(", ")
        ));
        e.field = Some(key.to_string());
        e
    })?;
    if let Member::Paired(p) = member {
        return encode_paired(p, v, out, cx).map_err(|e| e.at_field(key));
    }
    let repeating = repeats(member);
    let mut encode_item = |i: usize, item: &Value| -> Result<(), Error> {
        let at = |e: Error| {
            if repeating {
                e.at_field(&i.to_string()).at_field(key)
            } else {
                e.at_field(key)
            }
        };
        match member {
            Member::Sub(def) => encode_sub(def, item, fields, out, cx).map_err(at),
            Member::Group(g) => {
                let m = item
                    .as_object()
                    .ok_or_else(|| at(bad(format!("expected an object, found {item}"))))?;
                encode_seq(g.members, m, out, cx).map_err(at)
            }
            Member::Paired(_) => unreachable!("handled above"),
        }
    };
    if !repeating {
        return encode_item(0, v);
    }
    let list = v
        .as_array()
        .ok_or_else(|| bad(format!("expected a list, found {v}")).at_field(key))?;
    if matches!(member, Member::Group(GroupDef { tree: Some(_), .. })) {
        let mut flat = Vec::new();
        for node in list {
            flatten_node(node.clone(), &mut flat);
        }
        for (i, item) in flat.iter().enumerate() {
            encode_item(i, item)?;
        }
    } else {
        for (i, item) in list.iter().enumerate() {
            encode_item(i, item)?;
        }
    }
    Ok(())
}

/// Encodes one top-level entry of a decoded record (`key` as in its
/// fields), appending its subrecords to `out`. A record's data is its
/// entries' encodings one after another, so an edit re-encodes only the
/// entry it changed.
pub fn encode_entry_in(
    def: &RecordDef,
    fields: &Map<String, Value>,
    key: &str,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), Error> {
    let v = fields
        .get(key)
        .ok_or_else(|| bad(format!("no member {key:?} in this record")))?;
    encode_entry(def.members, key, v, fields, out, cx)
}

/// Whether the layout of another member depends on the value under `name`
/// (a type field that chooses its siblings' layouts): changing it then
/// means encoding the whole record again.
pub fn chooses_layouts(def: &RecordDef, name: &str) -> bool {
    fn in_members(members: &[Member], name: &str) -> bool {
        members.iter().any(|m| match m {
            Member::Sub(s) => {
                s.when.is_some_and(|w| w.sibling == name) || field_chooses(&s.field, name)
            }
            Member::Group(g) => in_members(g.members, name),
            Member::Paired(p) => in_members(p.items, name) || field_chooses(&p.key.field, name),
        })
    }
    fn field_chooses(field: &Field, name: &str) -> bool {
        match field {
            Field::BySibling { sibling, .. } => *sibling == name,
            Field::BySize(cases) => cases.iter().any(|(_, f)| field_chooses(f, name)),
            Field::ByFit(cases) => cases.iter().any(|f| field_chooses(f, name)),
            _ => false,
        }
    }
    in_members(def.members, name)
}

pub(super) fn encode_paired(
    p: &PairedDef,
    v: &Value,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), Error> {
    let no_siblings = Map::new();
    let (items, keys): (Vec<Map<String, Value>>, Vec<Value>) = match v {
        Value::Array(list) => {
            let mut items = Vec::with_capacity(list.len());
            let mut keys = Vec::with_capacity(list.len());
            for (i, entry) in list.iter().enumerate() {
                let mut m = entry.as_object().cloned().ok_or_else(|| {
                    bad(format!("expected an object, found {entry}")).at_field(&i.to_string())
                })?;
                let key = m.shift_remove(p.key_name).ok_or_else(|| {
                    bad(format!("missing \"{}\"", p.key_name)).at_field(&i.to_string())
                })?;
                items.push(m);
                keys.push(key);
            }
            (items, keys)
        }
        Value::Object(m) => {
            let list = |k: &str| -> Result<Vec<Value>, Error> {
                m.get(k)
                    .and_then(Value::as_array)
                    .cloned()
                    .ok_or_else(|| bad(format!("expected \"{k}\": a list")))
            };
            let items = list("items")?
                .into_iter()
                .map(|i| {
                    i.as_object().cloned().ok_or_else(|| {
                        bad(format!("expected objects, found {i}")).at_field("items")
                    })
                })
                .collect::<Result<_, _>>()?;
            (items, list("keys")?)
        }
        _ => return Err(bad(format!("expected a list, found {v}"))),
    };
    for (i, item) in items.iter().enumerate() {
        encode_seq(p.items, item, out, cx).map_err(|e| e.at_field(&i.to_string()))?;
    }
    for (i, key) in keys.iter().enumerate() {
        encode_sub(&p.key, key, &no_siblings, out, cx)
            .map_err(|e| e.at_field(p.key_name).at_field(&i.to_string()))?;
    }
    Ok(())
}

/// Encodes decoded fields back into subrecords. Errors name the member and
/// field ("schedule.hour: expected an integer, found \"x\"").
pub fn encode(def: &RecordDef, fields: &Map<String, Value>) -> Result<Vec<Subrecord>, Error> {
    let data = encode_data(def, fields)?;
    parse_subrecords(&data, 0)
}

/// Encodes decoded fields straight into record data (the subrecords as
/// they are stored).
pub fn encode_data(def: &RecordDef, fields: &Map<String, Value>) -> Result<Vec<u8>, Error> {
    encode_data_in(def, fields, Enc::default())
}

/// Like [`encode_data`], with the checks `cx` asks for (form IDs whose
/// note names another plugin than their number are refused).
pub fn encode_data_in(
    def: &RecordDef,
    fields: &Map<String, Value>,
    cx: Enc<'_>,
) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    encode_seq(def.members, fields, &mut out, cx)?;
    Ok(out)
}
