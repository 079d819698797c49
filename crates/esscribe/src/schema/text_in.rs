//! A record's JSON text encoded without parsing it whole: the text tree
//! holds one record per file, in the form [`crate::json`] writes, and
//! building a `serde_json::Value` for each file is most of what packing a
//! tree costs.
//!
//! The text is read with a small tokenizer, walking the record's
//! declaration as [`super::json_in`] does: members in the order the text
//! gives them, repeating members as lists, groups as objects, and the
//! fields of a struct in declaration order. Each field's value (or each
//! subrecord's, where its layout is not a plain struct) is still read by
//! `serde_json` and encoded by [`super::codec`], so that the rules of
//! encoding stay in one place.
//!
//! Anything this does not follow exactly (raw subrecords, trees, paired
//! members, keys out of order, escapes in keys, duplicate keys, any error)
//! gives `None`: the caller then builds the record the usual way, which
//! gives the same bytes or the usual error.

use super::codec::{encode_field_in, encode_ty, Enc, FormCtx};
use super::members::{base_key, find_member, member_name, repeats};
use super::types::{Field, FieldDef, GroupDef, Member, SubDef, Ty};
use super::value::Earlier;
use crate::io::Sig;
use crate::plugin::{write_subrecord, Game, GroupHeader, Record, SizeForm};
use serde_json::{Map, Value};

/// Deeper nesting than this leaves the fast path: parsing the whole text
/// refuses 128 levels, and here values are parsed on their own, where that
/// limit would not see the levels around them.
const MAX_DEPTH: usize = 100;

/// The keys of a record's text besides `fields`.
const HEADER_KEYS: [&str; 7] = [
    "type",
    "form_id",
    "flags",
    "version_control",
    "form_version",
    "version_control_2",
    "zlib_original",
];

/// The entries of one JSON object: each key with the text of its value.
type Entries<'t> = Vec<(&'t str, &'t [u8])>;

/// A place in JSON text.
struct Text<'t> {
    bytes: &'t [u8],
    at: usize,
}

impl<'t> Text<'t> {
    fn new(bytes: &'t [u8]) -> Text<'t> {
        Text { bytes, at: 0 }
    }

    fn skip_space(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        let found = self.peek() == Some(c);
        self.at += found as usize;
        found
    }

    /// Only space is left.
    fn end(&mut self) -> Option<()> {
        self.skip_space();
        (self.at == self.bytes.len()).then_some(())
    }

    /// A key and its colon. Only printable ASCII without escapes: such a
    /// key means what its bytes say.
    fn key(&mut self) -> Option<&'t str> {
        if !self.eat(b'"') {
            return None;
        }
        let start = self.at;
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => break,
                b'\\' => return None,
                0x20..=0x7E => self.at += 1,
                _ => return None,
            }
        }
        let key = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        self.at += 1;
        self.eat(b':').then_some(key)
    }

    /// Past the end of a string whose opening quote is behind.
    fn skip_string(&mut self) -> Option<()> {
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(());
                }
                b'\\' => self.at += 2,
                _ => self.at += 1,
            }
        }
    }

    /// The text of the next value, `depth` levels deep. Only its extent is
    /// found here: whoever reads it checks it.
    fn value(&mut self, depth: usize) -> Option<&'t [u8]> {
        self.skip_space();
        let start = self.at;
        let mut nest = 0usize;
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    self.skip_string()?;
                }
                b'{' | b'[' => {
                    nest += 1;
                    if depth + nest > MAX_DEPTH {
                        return None;
                    }
                    self.at += 1;
                    continue;
                }
                b'}' | b']' if nest == 0 => break,
                b'}' | b']' => {
                    nest -= 1;
                    self.at += 1;
                }
                b',' | b':' | b' ' | b'\n' | b'\r' | b'\t' if nest == 0 => break,
                _ => {
                    self.at += 1;
                    continue;
                }
            }
            if nest == 0 {
                break;
            }
        }
        (self.at > start).then(|| &self.bytes[start..self.at])
    }

    /// The entries of an object, `depth` levels deep; a key given twice
    /// leaves the fast path (parsing the whole text keeps the last one).
    fn entries(&mut self, depth: usize) -> Option<Entries<'t>> {
        if !self.eat(b'{') {
            return None;
        }
        let mut out: Entries<'t> = Vec::new();
        if self.eat(b'}') {
            return Some(out);
        }
        loop {
            let key = self.key()?;
            let value = self.value(depth + 1)?;
            if out.iter().any(|(seen, _)| *seen == key) {
                return None;
            }
            out.push((key, value));
            if self.eat(b',') {
                continue;
            }
            return self.eat(b'}').then_some(out);
        }
    }

    /// Hands each item of a list, `depth` levels deep, to `each`.
    fn items(
        &mut self,
        depth: usize,
        mut each: impl FnMut(&'t [u8]) -> Option<()>,
    ) -> Option<()> {
        if !self.eat(b'[') {
            return None;
        }
        if self.eat(b']') {
            return Some(());
        }
        loop {
            each(self.value(depth + 1)?)?;
            if self.eat(b',') {
                continue;
            }
            return self.eat(b']').then_some(());
        }
    }
}

/// The entries of the object that is the whole of `text`.
fn object(text: &[u8], depth: usize) -> Option<Entries<'_>> {
    let mut t = Text::new(text);
    let entries = t.entries(depth)?;
    t.end()?;
    Some(entries)
}

fn parse(text: &[u8]) -> Option<Value> {
    serde_json::from_slice(text).ok()
}

/// A record built from the text of its file in a tree, or `None` where
/// this reading does not follow it exactly: see the module's notes.
/// `ctx` is the plugin's form context, `parent` the group it stands in.
pub(crate) fn record_from_text(
    text: &[u8],
    game: Game,
    ctx: &FormCtx,
    parent: Option<&GroupHeader>,
) -> Option<Record<'static>> {
    let mut header = Map::new();
    let mut fields = None;
    for (key, value) in object(text, 0)? {
        if key == "fields" {
            fields = Some(value);
        } else if HEADER_KEYS.contains(&key) {
            header.insert(key.to_string(), parse(value)?);
        } else {
            return None;
        }
    }
    let sig = header.get("type")?.as_str().and_then(Sig::parse)?;
    let def = crate::defs::catalog(game).find(sig)?;
    let fields = fields?;
    let members = object(fields, 1)?;
    let mut data = Vec::with_capacity(fields.len() / 2);
    let cx = Enc { forms: Some(ctx) };
    encode_members(def.members, &members, 2, &mut data, cx)?;
    crate::json::record_with_data(game, ctx, &header, data, parent)
}

/// The entries whose value is a string, as the layouts they choose read
/// them (by key, as text); made once per object, when first needed.
fn siblings_of<'c>(cache: &'c mut Option<Map<String, Value>>, entries: &Entries<'_>) -> Option<&'c Map<String, Value>> {
    if cache.is_none() {
        let mut m = Map::new();
        for &(key, value) in entries {
            if value.first() == Some(&b'"') {
                m.insert(key.to_string(), parse(value)?);
            }
        }
        *cache = Some(m);
    }
    cache.as_ref()
}

/// Whether a layout depends on a sibling's value.
fn reads_siblings(field: &Field) -> bool {
    match field {
        Field::BySibling { .. } => true,
        Field::BySize(cases) => cases.iter().any(|(_, f)| reads_siblings(f)),
        _ => false,
    }
}

/// Encodes the members of a record or group, as `encode_seq` does.
fn encode_members(
    members: &'static [Member],
    entries: &Entries<'_>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    let mut siblings = None;
    for &(key, value) in entries {
        if key.starts_with('!') {
            return None;
        }
        let name = base_key(key);
        let chosen_by_sibling = !name.contains(':')
            && members.iter().any(|m| {
                member_name(m) == name && matches!(m, Member::Sub(SubDef { when: Some(_), .. }))
            });
        let member = if chosen_by_sibling {
            find_member(members, name, siblings_of(&mut siblings, entries)?)
        } else {
            find_member(members, name, &Map::new())
        }?;
        if matches!(
            member,
            Member::Paired(_) | Member::Group(GroupDef { tree: Some(_), .. })
        ) {
            return None;
        }
        if repeats(member) {
            Text::new(value).items(depth, |item| {
                encode_item(member, item, entries, &mut siblings, depth + 1, out, cx)
            })?;
        } else {
            encode_item(member, value, entries, &mut siblings, depth, out, cx)?;
        }
    }
    Some(())
}

/// Encodes one occurrence of a member: a subrecord, or a group's members.
fn encode_item(
    member: &'static Member,
    item: &[u8],
    entries: &Entries<'_>,
    siblings: &mut Option<Map<String, Value>>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    match member {
        Member::Sub(def) => encode_sub(def, item, entries, siblings, depth, out, cx),
        Member::Group(g) => encode_members(g.members, &object(item, depth)?, depth + 1, out, cx),
        Member::Paired(_) => None,
    }
}

/// Writes one subrecord, as `json_in::encode_sub` does.
fn encode_sub(
    def: &SubDef,
    item: &[u8],
    entries: &Entries<'_>,
    siblings: &mut Option<Map<String, Value>>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    let start = out.len();
    out.extend_from_slice(&def.sig.0);
    out.extend_from_slice(&[0, 0]);
    let data_start = out.len();
    match (&def.field, item.first()) {
        (Field::Struct(fields), Some(b'{')) => {
            let mut t = Text::new(item);
            encode_struct(&mut t, fields, &mut Earlier::new(), true, depth, out, cx)?;
            t.end()?;
        }
        (Field::Array(fields), Some(b'[')) => {
            let mut earlier = Earlier::new();
            Text::new(item).items(depth, |one| {
                let mark = earlier.len();
                if let [single] = fields {
                    encode_ty(&single.ty, &parse(one)?, &mut earlier, out, cx).ok()?;
                } else {
                    let mut t = Text::new(one);
                    encode_struct(&mut t, fields, &mut earlier, false, depth + 1, out, cx)?;
                    t.end()?;
                }
                earlier.truncate(mark);
                Some(())
            })?;
        }
        _ => {
            let v = parse(item)?;
            if v.get("_hex").is_some() {
                return None;
            }
            let empty;
            let siblings = if reads_siblings(&def.field) {
                siblings_of(siblings, entries)?
            } else {
                empty = Map::new();
                &empty
            };
            encode_field_in(&def.field, &v, siblings, out, cx).ok()?;
        }
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
    Some(())
}

/// Encodes a struct's fields from an object whose keys follow the
/// declaration's order, as `codec::encode_fields` does: a field left out
/// must be conditional (it stays out), or come after the last one given
/// when the struct may end early. Anything else (a default to fill in, a
/// key out of order, `_rest`) leaves the fast path.
fn encode_struct(
    t: &mut Text<'_>,
    fields: &'static [FieldDef],
    earlier: &mut Earlier,
    may_end_early: bool,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    let mark = earlier.len();
    let mut next = 0;
    let conditional = |fd: &FieldDef| matches!(fd.ty, Ty::If(_));
    if !t.eat(b'{') {
        return None;
    }
    if !t.eat(b'}') {
        loop {
            let key = t.key()?;
            let found = next + fields[next..].iter().position(|fd| fd.name == key)?;
            if key == "_rest" || !fields[next..found].iter().all(conditional) {
                return None;
            }
            let fd = &fields[found];
            let v = parse(t.value(depth + 1)?)?;
            if let Some(raw) = encode_ty(&fd.ty, &v, earlier, out, cx).ok()? {
                earlier.push((fd.name, raw));
            }
            next = found + 1;
            if t.eat(b',') {
                continue;
            }
            if t.eat(b'}') {
                break;
            }
            return None;
        }
    }
    if !may_end_early && !fields[next..].iter().all(conditional) {
        return None;
    }
    earlier.truncate(mark);
    Some(())
}
