//! A typed record shown as JSON: one key per member, repeated members as
//! lists, trees nested, and what was kept as bytes as hex. [`decode`]
//! encodes the JSON again at once and compares it with the original, so
//! a declaration that would not give back the same bytes leaves the
//! record raw: decoding can never lose data.

use super::codec::{encode_field, Enc, FormCtx, Siblings};
use super::json_in::*;
use super::members::*;
use super::record::*;
use super::trees::*;
use super::types::*;
use super::view::*;
use crate::io::to_hex;
use crate::plugin::{write_subrecord, SizeForm, SubrecordRef};
use serde_json::{Map, Value};

/// Hands out the keys of one JSON object: a name, or `name#n` with the
/// first free `n` from 2 when the name is taken. The last `n` given per
/// name is remembered, so that a record of a hundred thousand unexpected
/// subrecords takes linear time, not quadratic.
#[derive(Default)]
pub(super) struct Keys(std::collections::HashMap<String, u64>);

impl Keys {
    fn unique(&mut self, out: &Map<String, Value>, name: &str) -> String {
        if !out.contains_key(name) {
            return name.to_string();
        }
        self.taken(out, name)
    }

    /// A key for `name` when the name itself is taken.
    fn taken(&mut self, out: &Map<String, Value>, name: &str) -> String {
        if !self.0.contains_key(name) {
            self.0.insert(name.to_string(), 1);
        }
        let next = self.0.get_mut(name).expect("inserted above");
        loop {
            *next += 1;
            let key = format!("{name}#{next}");
            if !out.contains_key(&key) {
                return key;
            }
        }
    }
}

/// Adds a member's value: repeating members gather into a list while they
/// follow each other; a later run starts a new `name#n` key.
pub(super) fn insert(
    out: &mut Map<String, Value>,
    keys: &mut Keys,
    name: &str,
    value: Value,
    repeating: bool,
) {
    if repeating {
        if let Some((last_key, Value::Array(list))) = out.iter_mut().next_back() {
            if base_key(last_key) == name {
                list.push(value);
                return;
            }
        }
        put(out, keys, name, Value::Array(vec![value]));
    } else {
        put(out, keys, name, value);
    }
}

/// Adds a value under `name`, or under the next free `name#n`: the name
/// is looked up once where it is free, as most are.
fn put(out: &mut Map<String, Value>, keys: &mut Keys, name: &str, value: Value) {
    use serde_json::map::Entry;
    let value = match out.entry(name) {
        Entry::Vacant(free) => {
            free.insert(value);
            return;
        }
        Entry::Occupied(_) => value,
    };
    let key = keys.taken(out, name);
    out.insert(key, value);
}

pub(super) fn raw_value(sub: &SubrecordRef<'_>) -> Value {
    match sub.size_form {
        SizeForm::Short => Value::from(to_hex(sub.data)),
        SizeForm::Extended { short_size } => {
            let mut m = Map::new();
            m.insert("hex".into(), Value::from(to_hex(sub.data)));
            m.insert("xxxx_short_size".into(), Value::from(short_size));
            Value::Object(m)
        }
    }
}

impl<'a> RecordView<'a> {
    /// The fields as JSON, read once without the check that they encode
    /// back to the record's bytes that [`decode`] makes: for comparing
    /// records quickly (a record that does not come back whole may show
    /// less than its bytes hold).
    pub fn fields_json(&self, ctx: &FormCtx) -> Map<String, Value> {
        let sig = self.def.sig;
        self.to_json(ctx, &sig, false).fields
    }

    /// The record as JSON. With `verify_each`, a subrecord whose JSON does
    /// not encode back to its bytes is shown as its bytes.
    fn to_json(&self, ctx: &FormCtx, record: &dyn std::fmt::Display, verify_each: bool) -> Decoded {
        let mut j = JsonWriter {
            view: self,
            ctx,
            verify_each,
            tally: Tally::new(Some(record)),
        };
        let mut fields = Map::new();
        j.seq(self.def.members, self.members(), &mut fields);
        nest_trees(self.def.members, &mut fields);
        let faults = std::mem::take(&mut j.tally.faults);
        Decoded {
            fields,
            coverage: j.tally.coverage,
            warnings: j.tally.into_warnings(),
            faults,
        }
    }
}

pub(super) struct JsonWriter<'v, 'a, 'r> {
    view: &'v RecordView<'a>,
    ctx: &'r FormCtx,
    verify_each: bool,
    tally: Tally<'r>,
}

impl<'v, 'a> JsonWriter<'v, 'a, '_> {
    fn sub(&mut self, sv: &SubValue<'a>, siblings: &Siblings) -> Value {
        let value = self
            .view
            .value_of(sv)
            .map(|v| v.to_json(self.ctx, siblings));
        // Each subrecord must encode back to its exact bytes, or it stays
        // bytes: one odd subrecord does not turn its whole record raw.
        let exact = value.as_ref().is_some_and(|v| {
            if !self.verify_each {
                return true;
            }
            let mut back = Vec::with_capacity(sv.sub.data.len());
            encode_field(&sv.def.field, v, siblings, &mut back).is_ok() && back == sv.sub.data
        });
        let fate = if exact { sv.fate() } else { Fate::Misfit };
        self.tally.add(&sv.sub, fate);
        match value {
            Some(v) if fate != Fate::Misfit => v,
            _ => {
                let mut m = Map::new();
                m.insert("_hex".into(), Value::from(to_hex(sv.sub.data)));
                Value::Object(m)
            }
        }
    }

    fn seq(
        &mut self,
        members: &[Member],
        items: impl Iterator<Item = ItemRef<'v, 'a>>,
        out: &mut Map<String, Value>,
    ) {
        let mut keys = Keys::default();
        for item in items {
            match item.kind() {
                ItemKind::Sub(sv) => {
                    let value = self.sub(&sv, out);
                    let key = key_for(members, sv.def, out);
                    insert(
                        out,
                        &mut keys,
                        &key,
                        value,
                        sv.def.occurs == Occurs::Repeating,
                    );
                }
                ItemKind::Group(g) => {
                    let mut m = Map::new();
                    self.seq(g.members, item.children(), &mut m);
                    let repeating = g.occurs == Occurs::Repeating;
                    insert(out, &mut keys, g.name, Value::Object(m), repeating);
                }
                ItemKind::Paired(def) => {
                    let value = self.paired(def, item);
                    insert(out, &mut keys, def.name, value, false);
                }
                ItemKind::PairedItem => {}
                ItemKind::Unexpected(sub) => {
                    self.tally.add(&sub, Fate::Unexpected);
                    let key = keys.unique(out, &format!("!{}", sub.sig));
                    out.insert(key, raw_value(&sub));
                }
            }
        }
    }

    fn paired(&mut self, p: &PairedDef, item: ItemRef<'v, 'a>) -> Value {
        let mut items: Vec<Map<String, Value>> = Vec::new();
        let mut keys: Vec<Value> = Vec::new();
        for child in item.children() {
            match child.kind() {
                ItemKind::PairedItem => {
                    let mut m = Map::new();
                    self.seq(p.items, child.children(), &mut m);
                    items.push(m);
                }
                ItemKind::Sub(sv) => keys.push(self.sub(&sv, &Map::new())),
                _ => {}
            }
        }
        if items.len() == keys.len() {
            let list = items
                .into_iter()
                .zip(keys)
                .map(|(item, key)| {
                    let mut m = Map::new();
                    m.insert(p.key_name.into(), key);
                    m.extend(item);
                    Value::Object(m)
                })
                .collect();
            Value::Array(list)
        } else {
            let mut m = Map::new();
            m.insert(
                "items".into(),
                Value::Array(items.into_iter().map(Value::Object).collect()),
            );
            m.insert("keys".into(), Value::Array(keys));
            Value::Object(m)
        }
    }
}

/// Decodes one record's subrecords by a declaration, as JSON. `record`
/// names the record in warnings; it is formatted only when one is made.
/// The result always encodes back to the same subrecords.
pub fn decode(
    def: &'static RecordDef,
    subs: &[SubrecordRef<'_>],
    ctx: &FormCtx,
    record: &dyn std::fmt::Display,
) -> Decoded {
    let view = view(def, subs, ctx);
    let original = encode_refs(subs);
    decode_member_by_member(&view, def, subs, &original, ctx, record)
}

/// [`decode`] of subrecords read from `data`, the record's data: the same
/// result, made from the typed values at once where they prove that the
/// JSON gives back `data`, and otherwise as [`decode`] makes it.
pub fn decode_in(
    def: &'static RecordDef,
    data: &[u8],
    subs: &[SubrecordRef<'_>],
    ctx: &FormCtx,
    record: &dyn std::fmt::Display,
) -> Decoded {
    let view = view(def, subs, ctx);
    if let Some(decoded) = super::value_out::decoded(&view, data, ctx, record) {
        return decoded;
    }
    let original = encode_refs(subs);
    decode_member_by_member(&view, def, subs, &original, ctx, record)
}

/// [`decode`] showing the record member by member and encoding its JSON
/// again to check it: where the shape walk or the proof from typed values
/// does not follow the record.
pub(super) fn decode_member_by_member(
    view: &RecordView<'_>,
    def: &'static RecordDef,
    subs: &[SubrecordRef<'_>],
    original: &[u8],
    ctx: &FormCtx,
    record: &dyn std::fmt::Display,
) -> Decoded {
    // The safety net: the declaration must give back exactly the input.
    // Encoded into room for the original, which it must match.
    let exact = |d: &Decoded| {
        let mut back = Vec::with_capacity(original.len());
        encode_seq(def.members, &d.fields, &mut back, Enc::default()).is_ok() && back == original
    };
    // Most records come back whole at the first try; only a record that
    // does not is shown again checking each subrecord, so that one odd
    // subrecord stays bytes without turning its whole record raw.
    let fast = view.to_json(ctx, record, false);
    if exact(&fast) {
        return fast;
    }
    let careful = view.to_json(ctx, record, true);
    if exact(&careful) {
        careful
    } else {
        raw_record(subs, record)
    }
}

pub(super) fn encode_refs(subs: &[SubrecordRef<'_>]) -> Vec<u8> {
    // A subrecord's header is six bytes, ten with an `XXXX` before it.
    let mut out = Vec::with_capacity(subs.iter().map(|s| s.data.len() + 10).sum());
    for s in subs {
        write_subrecord(&mut out, s.sig, s.data, s.size_form);
    }
    out
}

/// Every subrecord kept as bytes, in order.
pub fn raw_record(subs: &[SubrecordRef<'_>], record: &dyn std::fmt::Display) -> Decoded {
    let mut fields = Map::new();
    let mut coverage = Coverage::default();
    let mut keys = Keys::default();
    for sub in subs {
        coverage.add_raw(sub.data.len());
        let key = keys.unique(&fields, &format!("!{}", sub.sig));
        fields.insert(key, raw_value(sub));
    }
    let warning = format!(
        "{record}: its declaration does not reproduce its bytes; all {} subrecords kept as bytes",
        subs.len()
    );
    Decoded {
        fields,
        coverage,
        warnings: vec![warning.clone()],
        faults: vec![warning],
    }
}
