//! Records both ways: a record's subrecords are matched, in order, against
//! its declaration; each matched subrecord decodes by its layout. What the
//! declaration does not expect where it stands is kept as bytes in place.
//! A decoded record is encoded again at once and compared with the
//! original: a declaration that would not give back the same bytes leaves
//! the record raw, so decoding can never lose data.

use super::codec::{decode_field, encode_field, FormCtx};
use super::types::*;
use crate::io::{from_hex, to_hex, Sig};
use crate::plugin::{parse_subrecords, write_subrecord, SizeForm, Subrecord, SubrecordRef};
use serde_json::{Map, Value};

/// Counts of what a decode covered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Coverage {
    pub subrecords: u64,
    /// Subrecords decoded field by field.
    pub decoded: u64,
    /// Subrecords kept as bytes (unexpected, not fitting their layout, or
    /// with bytes left over).
    pub raw: u64,
    /// Data bytes of the raw subrecords.
    pub raw_bytes: u64,
}

impl std::ops::AddAssign for Coverage {
    fn add_assign(&mut self, o: Self) {
        self.subrecords += o.subrecords;
        self.decoded += o.decoded;
        self.raw += o.raw;
        self.raw_bytes += o.raw_bytes;
    }
}

/// A record decoded by its declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// Members in file order, by name; unexpected subrecords as `!SIG`.
    pub fields: Map<String, Value>,
    pub coverage: Coverage,
    /// What was kept raw, and where.
    pub warnings: Vec<String>,
}

/// Whether a member can begin at a subrecord with this signature.
fn starts(m: &Member, sig: Sig) -> bool {
    match m {
        Member::Sub(s) => s.sig == sig,
        Member::Group(g) => g.members.first().is_some_and(|f| starts(f, sig)),
        Member::Paired(p) => p.key.sig == sig || p.items.first().is_some_and(|f| starts(f, sig)),
    }
}

fn member_name(m: &Member) -> &'static str {
    match m {
        Member::Sub(s) => s.name,
        Member::Group(g) => g.name,
        Member::Paired(p) => p.name,
    }
}

fn repeats(m: &Member) -> bool {
    match m {
        Member::Sub(s) => s.occurs == Occurs::Repeating,
        Member::Group(g) => g.occurs == Occurs::Repeating,
        Member::Paired(_) => false,
    }
}

/// Finds the member a JSON key names. Among members sharing a name, the
/// one whose [`When`] matches its siblings, else one without a `When`. A
/// key `name:SIG` names the member with that signature outright.
fn find_member<'m>(
    members: &'m [Member],
    key: &str,
    siblings: &Map<String, Value>,
) -> Option<&'m Member> {
    if let Some((name, sig)) = key.split_once(':') {
        let sig = Sig::parse(sig)?;
        return members
            .iter()
            .find(|m| member_name(m) == name && matches!(m, Member::Sub(s) if s.sig == sig));
    }
    let named = || members.iter().filter(move |m| member_name(m) == key);
    let when_matches = |m: &&Member| match m {
        Member::Sub(SubDef { when: Some(w), .. }) => siblings
            .get(w.sibling)
            .and_then(Value::as_str)
            .is_some_and(|v| w.any_of.contains(&v)),
        _ => false,
    };
    let unconditional = |m: &&Member| !matches!(m, Member::Sub(SubDef { when: Some(_), .. }));
    named()
        .find(when_matches)
        .or_else(|| named().find(unconditional))
        .or_else(|| named().next())
}

/// The key a member's value is stored under: its name, or `name:SIG` when
/// its name alone would lead back to another member.
fn key_for(members: &[Member], member: &Member, siblings: &Map<String, Value>) -> String {
    let name = member_name(member);
    match member {
        Member::Sub(s)
            if !std::ptr::eq(
                find_member(members, name, siblings).unwrap_or(member),
                member,
            ) =>
        {
            format!("{name}:{}", s.sig)
        }
        _ => name.to_string(),
    }
}

/// Strips the `#n` that keeps repeated keys unique.
fn base_key(key: &str) -> &str {
    key.split_once('#').map(|(k, _)| k).unwrap_or(key)
}

fn unique_key(out: &Map<String, Value>, name: &str) -> String {
    if !out.contains_key(name) {
        return name.to_string();
    }
    (2..)
        .map(|n| format!("{name}#{n}"))
        .find(|k| !out.contains_key(k))
        .expect("some suffix is free")
}

/// Adds a member's value: repeating members gather into a list while they
/// follow each other; a later run starts a new `name#n` key.
fn insert(out: &mut Map<String, Value>, name: &str, value: Value, repeating: bool) {
    if repeating {
        if let Some((last_key, Value::Array(list))) = out.iter_mut().next_back() {
            if base_key(last_key) == name {
                list.push(value);
                return;
            }
        }
        let key = unique_key(out, name);
        out.insert(key, Value::Array(vec![value]));
    } else {
        let key = unique_key(out, name);
        out.insert(key, value);
    }
}

fn raw_value(sub: &SubrecordRef<'_>) -> Value {
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

struct Decoder<'s, 'a> {
    subs: &'s [SubrecordRef<'a>],
    pos: usize,
    ctx: &'s FormCtx,
    record: &'s dyn std::fmt::Display,
    /// Encode each subrecord back as it is decoded, keeping those that do
    /// not come back exact as bytes.
    verify_each: bool,
    coverage: Coverage,
    warnings: Vec<String>,
}

impl Decoder<'_, '_> {
    fn raw(&mut self, sub: &SubrecordRef<'_>, why: &str) {
        self.coverage.raw += 1;
        self.coverage.raw_bytes += sub.data.len() as u64;
        self.warnings.push(format!(
            "{}: {} at 0x{:X} ({} bytes) kept as bytes: {why}",
            self.record,
            sub.sig,
            sub.offset,
            sub.data.len()
        ));
    }

    fn decode_sub(&mut self, def: &SubDef, siblings: &Map<String, Value>) -> Value {
        let sub = self.subs[self.pos];
        self.pos += 1;
        self.coverage.subrecords += 1;
        let decoded = decode_field(&def.field, sub.data, self.ctx, siblings);
        // Each subrecord must encode back to its exact bytes, or it stays
        // bytes: one odd subrecord does not turn its whole record raw.
        let exact = decoded.as_ref().is_some_and(|v| {
            if !self.verify_each {
                return true;
            }
            let mut back = Vec::with_capacity(sub.data.len());
            encode_field(&def.field, v, siblings, &mut back).is_ok() && back == sub.data
        });
        match decoded {
            Some(v) if exact && matches!(def.field, Field::Bytes) => {
                // Declared as opaque bytes: kept, but not decoded.
                self.coverage.raw += 1;
                self.coverage.raw_bytes += sub.data.len() as u64;
                v
            }
            Some(v) if exact && v.get("_rest").is_none() => {
                self.coverage.decoded += 1;
                v
            }
            Some(v) if exact => {
                self.raw(&sub, "bytes left over after its declared fields");
                v
            }
            _ => {
                self.raw(&sub, "does not fit its declared layout");
                let mut m = Map::new();
                m.insert("_hex".into(), Value::from(to_hex(sub.data)));
                Value::Object(m)
            }
        }
    }

    fn paired(&mut self, p: &PairedDef) -> Value {
        let mut items = Vec::new();
        while let Some(sub) = self.subs.get(self.pos) {
            if !p.items.first().is_some_and(|f| starts(f, sub.sig)) {
                break;
            }
            let mut inner = Map::new();
            let mut c = 0;
            self.seq(p.items, &mut c, &mut inner);
            items.push(inner);
        }
        let mut keys = Vec::new();
        while self.subs.get(self.pos).is_some_and(|s| s.sig == p.key.sig) {
            keys.push(self.decode_sub(&p.key, &Map::new()));
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

    /// Decodes members from `*cursor` on while the next subrecord matches
    /// one of them.
    fn seq(&mut self, members: &[Member], cursor: &mut usize, out: &mut Map<String, Value>) {
        while let Some(sub) = self.subs.get(self.pos) {
            let Some(j) = (*cursor..members.len()).find(|&j| starts(&members[j], sub.sig)) else {
                break;
            };
            let member = &members[j];
            let value = match member {
                Member::Sub(def) => self.decode_sub(def, out),
                Member::Group(g) => {
                    let mut inner = Map::new();
                    let mut c = 0;
                    self.seq(g.members, &mut c, &mut inner);
                    Value::Object(inner)
                }
                Member::Paired(p) => self.paired(p),
            };
            let key = key_for(members, member, out);
            insert(out, &key, value, repeats(member));
            *cursor = if repeats(member) { j } else { j + 1 };
        }
    }
}

/// Decodes one record's subrecords by a declaration. `record` names it in
/// warnings. The result always encodes back to the same subrecords.
/// `record` names the record in warnings; it is formatted only when one is
/// made.
pub fn decode(
    def: &RecordDef,
    subs: &[SubrecordRef<'_>],
    ctx: &FormCtx,
    record: &dyn std::fmt::Display,
) -> Decoded {
    let original = encode_refs(subs);
    // The safety net: the declaration must give back exactly the input.
    let exact = |d: &Decoded| encode_data(def, &d.fields).is_ok_and(|back| back == original);
    // Most records come back whole at the first try; only a record that
    // does not is decoded again checking each subrecord, so that one odd
    // subrecord stays bytes without turning its whole record raw.
    let fast = decode_pass(def, subs, ctx, record, false);
    if exact(&fast) {
        return fast;
    }
    let careful = decode_pass(def, subs, ctx, record, true);
    if exact(&careful) {
        careful
    } else {
        raw_record(subs, record)
    }
}

fn decode_pass(
    def: &RecordDef,
    subs: &[SubrecordRef<'_>],
    ctx: &FormCtx,
    record: &dyn std::fmt::Display,
    verify_each: bool,
) -> Decoded {
    let mut d = Decoder {
        subs,
        pos: 0,
        ctx,
        record,
        verify_each,
        coverage: Coverage::default(),
        warnings: Vec::new(),
    };
    let mut fields = Map::new();
    let mut cursor = 0;
    loop {
        d.seq(def.members, &mut cursor, &mut fields);
        let Some(sub) = subs.get(d.pos).copied() else {
            break;
        };
        d.pos += 1;
        d.coverage.subrecords += 1;
        d.raw(&sub, "not expected here by the declaration");
        let key = unique_key(&fields, &format!("!{}", sub.sig));
        fields.insert(key, raw_value(&sub));
    }
    nest_trees(def.members, &mut fields);
    Decoded {
        fields,
        coverage: d.coverage,
        warnings: d.warnings,
    }
}

fn encode_refs(subs: &[SubrecordRef<'_>]) -> Vec<u8> {
    let mut out = Vec::new();
    for s in subs {
        write_subrecord(&mut out, s.sig, s.data, s.size_form);
    }
    out
}

/// Turns the preorder lists of tree members into nested nodes. A list
/// whose counts do not make a forest stays flat.
fn nest_trees(members: &[Member], fields: &mut Map<String, Value>) {
    for m in members {
        let Member::Group(GroupDef {
            name,
            tree: Some((sub, count)),
            ..
        }) = m
        else {
            continue;
        };
        let child_count = |node: &Value| {
            node.get(sub)
                .and_then(|s| s.get(count))
                .and_then(Value::as_u64)
                .unwrap_or(0)
        };
        for (key, v) in fields.iter_mut() {
            let Value::Array(flat) = v else { continue };
            if base_key(key) != *name || !is_forest(flat, &child_count) {
                continue;
            }
            let mut nodes = std::mem::take(flat).into_iter();
            while let Some(root) = nodes.next() {
                flat.push(build_node(root, &mut nodes, &child_count));
            }
        }
    }
}

/// Groups nest no deeper than real trees do; a count that would go deeper
/// leaves the list flat.
const MAX_TREE_DEPTH: usize = 64;

/// Whether child counts split a preorder list exactly into trees.
fn is_forest(flat: &[Value], child_count: &dyn Fn(&Value) -> u64) -> bool {
    fn end_of(flat: &[Value], i: usize, depth: usize, cc: &dyn Fn(&Value) -> u64) -> Option<usize> {
        if depth > MAX_TREE_DEPTH {
            return None;
        }
        let mut j = i + 1;
        for _ in 0..cc(&flat[i]) {
            if j >= flat.len() {
                return None;
            }
            j = end_of(flat, j, depth + 1, cc)?;
        }
        Some(j)
    }
    let mut i = 0;
    while i < flat.len() {
        match end_of(flat, i, 0, child_count) {
            Some(j) => i = j,
            None => return false,
        }
    }
    true
}

/// Builds one node and its subtree from a list already checked by
/// [`is_forest`].
fn build_node(
    mut node: Value,
    rest: &mut std::vec::IntoIter<Value>,
    child_count: &dyn Fn(&Value) -> u64,
) -> Value {
    let n = child_count(&node);
    if n > 0 {
        let children: Vec<Value> = (0..n)
            .filter_map(|_| rest.next().map(|c| build_node(c, rest, child_count)))
            .collect();
        if let Some(m) = node.as_object_mut() {
            m.insert("children".into(), Value::Array(children));
        }
    }
    node
}

/// Writes a node and its children back in preorder.
fn flatten_node(mut node: Value, out: &mut Vec<Value>) {
    let children = node
        .as_object_mut()
        .and_then(|m| m.shift_remove("children"))
        .and_then(|c| match c {
            Value::Array(list) => Some(list),
            _ => None,
        })
        .unwrap_or_default();
    out.push(node);
    for c in children {
        flatten_node(c, out);
    }
}

/// Every subrecord kept as bytes, in order.
pub fn raw_record(subs: &[SubrecordRef<'_>], record: &dyn std::fmt::Display) -> Decoded {
    let mut fields = Map::new();
    let mut coverage = Coverage::default();
    for sub in subs {
        coverage.subrecords += 1;
        coverage.raw += 1;
        coverage.raw_bytes += sub.data.len() as u64;
        let key = unique_key(&fields, &format!("!{}", sub.sig));
        fields.insert(key, raw_value(sub));
    }
    Decoded {
        fields,
        coverage,
        warnings: vec![format!(
            "{record}: its declaration does not reproduce its bytes; all {} subrecords kept as bytes",
            subs.len()
        )],
    }
}

fn raw_from_json(key: &str, v: &Value, out: &mut Vec<u8>) -> Result<(), String> {
    let sig_text = base_key(&key[1..]);
    let sig = Sig::parse(sig_text).ok_or_else(|| format!("{key}: not a subrecord signature"))?;
    let (hex, size_form) = match v {
        Value::String(s) => (s.as_str(), SizeForm::Short),
        Value::Object(m) => (
            m.get("hex").and_then(Value::as_str).unwrap_or_default(),
            SizeForm::Extended {
                short_size: m
                    .get("xxxx_short_size")
                    .and_then(Value::as_u64)
                    .and_then(|n| u16::try_from(n).ok())
                    .unwrap_or(0),
            },
        ),
        _ => return Err(format!("{key}: expected hex bytes, found {v}")),
    };
    let data = from_hex(hex).ok_or_else(|| format!("{key}: expected hex bytes, found {v}"))?;
    write_subrecord(out, sig, &data, size_form);
    Ok(())
}

/// Writes one subrecord: its header, then its data encoded in place; the
/// size is filled in after (with an `XXXX` prefix if it outgrows a u16).
fn encode_sub(
    def: &SubDef,
    v: &Value,
    siblings: &Map<String, Value>,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let start = out.len();
    out.extend_from_slice(&def.sig.0);
    out.extend_from_slice(&[0, 0]);
    let data_start = out.len();
    let written = match v.get("_hex") {
        Some(hex) => hex
            .as_str()
            .and_then(from_hex)
            .map(|b| out.extend_from_slice(&b))
            .ok_or_else(|| format!("_hex: expected hex bytes, found {hex}")),
        None => encode_field(&def.field, v, siblings, out),
    };
    if let Err(e) = written {
        out.truncate(start);
        return Err(e);
    }
    let len = out.len() - data_start;
    match u16::try_from(len) {
        Ok(n) => out[start + 4..data_start].copy_from_slice(&n.to_le_bytes()),
        Err(_) => {
            let data = out.split_off(data_start);
            out.truncate(start);
            write_subrecord(out, def.sig, &data, SizeForm::Short);
        }
    }
    Ok(())
}

fn encode_seq(
    members: &[Member],
    fields: &Map<String, Value>,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    for (key, v) in fields {
        if key.starts_with('!') {
            raw_from_json(key, v, out)?;
            continue;
        }
        let name = base_key(key);
        let member = find_member(members, name, fields).ok_or_else(|| {
            let names: Vec<_> = members.iter().map(member_name).collect();
            format!(
                "unknown member {key:?} (expected one of: {})",
                names.join(", ")
            )
        })?;
        if let Member::Paired(p) = member {
            encode_paired(p, v, out).map_err(|e| format!("{key}: {e}"))?;
            continue;
        }
        let flattened;
        let items: Vec<&Value> = if repeats(member) {
            let list = v
                .as_array()
                .ok_or_else(|| format!("{key}: expected a list, found {v}"))?;
            if matches!(member, Member::Group(GroupDef { tree: Some(_), .. })) {
                let mut flat = Vec::new();
                for node in list {
                    flatten_node(node.clone(), &mut flat);
                }
                flattened = flat;
                flattened.iter().collect()
            } else {
                list.iter().collect()
            }
        } else {
            vec![v]
        };
        for (i, item) in items.into_iter().enumerate() {
            let at = |e: String| {
                if repeats(member) {
                    format!("{key}[{i}]: {e}")
                } else {
                    format!("{key}: {e}")
                }
            };
            match member {
                Member::Sub(def) => encode_sub(def, item, fields, out).map_err(at)?,
                Member::Group(g) => {
                    let m = item
                        .as_object()
                        .ok_or_else(|| at(format!("expected an object, found {item}")))?;
                    encode_seq(g.members, m, out).map_err(at)?;
                }
                Member::Paired(_) => unreachable!("handled above"),
            }
        }
    }
    Ok(())
}

fn encode_paired(p: &PairedDef, v: &Value, out: &mut Vec<u8>) -> Result<(), String> {
    let no_siblings = Map::new();
    let (items, keys): (Vec<Map<String, Value>>, Vec<Value>) = match v {
        Value::Array(list) => {
            let mut items = Vec::with_capacity(list.len());
            let mut keys = Vec::with_capacity(list.len());
            for (i, entry) in list.iter().enumerate() {
                let mut m = entry
                    .as_object()
                    .cloned()
                    .ok_or_else(|| format!("[{i}]: expected an object, found {entry}"))?;
                let key = m
                    .shift_remove(p.key_name)
                    .ok_or_else(|| format!("[{i}]: missing \"{}\"", p.key_name))?;
                items.push(m);
                keys.push(key);
            }
            (items, keys)
        }
        Value::Object(m) => {
            let list = |k: &str| -> Result<Vec<Value>, String> {
                m.get(k)
                    .and_then(Value::as_array)
                    .cloned()
                    .ok_or_else(|| format!("expected \"{k}\": a list"))
            };
            let items = list("items")?
                .into_iter()
                .map(|i| {
                    i.as_object()
                        .cloned()
                        .ok_or_else(|| format!("items: expected objects, found {i}"))
                })
                .collect::<Result<_, _>>()?;
            (items, list("keys")?)
        }
        _ => return Err(format!("expected a list, found {v}")),
    };
    for (i, item) in items.iter().enumerate() {
        encode_seq(p.items, item, out).map_err(|e| format!("[{i}]: {e}"))?;
    }
    for (i, key) in keys.iter().enumerate() {
        encode_sub(&p.key, key, &no_siblings, out)
            .map_err(|e| format!("[{i}] {}: {e}", p.key_name))?;
    }
    Ok(())
}

/// Encodes decoded fields back into subrecords. Errors name the member and
/// field ("schedule: hour: expected an integer, found \"x\"").
pub fn encode(def: &RecordDef, fields: &Map<String, Value>) -> Result<Vec<Subrecord>, String> {
    let data = encode_data(def, fields)?;
    parse_subrecords(&data, 0).map_err(|e| e.to_string())
}

/// Encodes decoded fields straight into record data (the subrecords as
/// they are stored).
pub fn encode_data(def: &RecordDef, fields: &Map<String, Value>) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    encode_seq(def.members, fields, &mut out)?;
    Ok(out)
}
