//! Field values read straight from a subrecord's bytes: typed, borrowing
//! the input, with no text made until someone asks for it. JSON is one way
//! of showing them ([`Val::to_json`]); code can read them as they
//! are.
//!
//! Every value keeps its exact bits: floats keep theirs, unknown enum
//! values stay numbers, unknown flag bits are kept, strings stay the
//! Windows-1252 bytes they were stored as, padding stays bytes.

use super::codec::{encode_field, f32_value, f64_value, FormCtx, Siblings};
pub(crate) use super::select::*;
use super::types::*;
use crate::io::{decode_cp1252, to_hex, FormId, Sig};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// One decoded value. Structs, lists and size-chosen layouts are nodes
/// whose children follow them (see [`Val`]).
#[derive(Debug, Clone, Copy)]
pub enum FieldValue<'a> {
    /// An integer: its declared storage type and value.
    Int(Int, i64),
    /// A 32-bit float, bit for bit.
    F32(f32),
    /// A 64-bit float, bit for bit.
    F64(f64),
    /// A form ID, as stored.
    FormId(FormId),
    /// A form ID that may point only to records of the given types.
    FormIdOf(FormId, Targets),
    /// A save's iref, as stored.
    Iref(u32),
    /// Four characters (a signature or a subtype code).
    Char4(Sig),
    /// Bytes shown as hex (padding, unknown, opaque data).
    Bytes(&'a [u8]),
    /// An integer with value names: storage type, names, value.
    Enum(Int, &'static EnumDef, i64),
    /// An integer with bit names: storage type, names, value.
    Flags(Int, &'static FlagsDef, u64),
    /// An integer split into named bit ranges: its declared type (a
    /// [`Ty::Bits`]) and its value.
    Bits(&'static Ty, u64),
    /// A byte meant as a boolean (kept as stored: 0, 1 or another value).
    Bool(u8),
    /// Windows-1252 text, as stored (without length or terminator).
    Text(&'a [u8]),
    /// A translatable string's ID into the strings files.
    StringId(u32),
    /// Named fields in order; a field whose condition fails is left out,
    /// bytes past the last whole field are kept as `_rest`.
    Struct(Children),
    /// Items in order, each a child node.
    List(Children),
    /// A marker subrecord's empty data.
    Empty,
    /// A layout chosen by the subrecord's size; its one child is the value.
    /// `layouts` is the whole choice, which JSON needs to tell same-shaped
    /// layouts apart.
    Sized {
        /// The whole size-chosen layout ([`Field::BySize`]).
        layouts: &'static Field,
        /// The subrecord's data size that chose the layout.
        size: u32,
        /// Where the chosen layout's value is in the tree.
        children: Children,
    },
}

/// Where the children of a struct, list or size-chosen layout end in the
/// value tree (read them through [`Val::children`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Children(u32);

impl FieldValue<'_> {
    /// Index just past this node's subtree, for the node at `at`.
    fn end(&self, at: usize) -> usize {
        match self {
            FieldValue::Struct(c) | FieldValue::List(c) | FieldValue::Sized { children: c, .. } => {
                c.0 as usize
            }
            _ => at + 1,
        }
    }

    fn set_end(&mut self, end: usize) {
        if let FieldValue::Struct(c) | FieldValue::List(c) | FieldValue::Sized { children: c, .. } =
            self
        {
            c.0 = end as u32;
        }
    }
}

/// A value in a record's value tree, stored in preorder: a node's
/// children follow it.
#[derive(Debug, Clone, Copy)]
pub struct Node<'a> {
    /// The field it is; `None` for list items and subrecord values.
    pub field: Option<&'static FieldDef>,
    /// The decoded value.
    pub value: FieldValue<'a>,
}

/// A value with its place in the tree: reads its children.
#[derive(Debug, Clone, Copy)]
pub struct Val<'v, 'a> {
    nodes: &'v [Node<'a>],
    at: usize,
}

impl<'v, 'a> Val<'v, 'a> {
    pub(crate) fn new(nodes: &'v [Node<'a>], at: usize) -> Self {
        Val { nodes, at }
    }

    /// The decoded value at this place.
    pub fn value(&self) -> FieldValue<'a> {
        self.nodes[self.at].value
    }

    /// The field's name (empty for list items).
    pub fn name(&self) -> &'static str {
        self.nodes[self.at].field.map_or("", |f| f.name)
    }

    /// Where this value is in its tree.
    pub(crate) fn index(&self) -> usize {
        self.at
    }

    /// The value itself, past a size-chosen layout's wrapper.
    pub(crate) fn inner(self) -> Self {
        match self.value() {
            FieldValue::Sized { children, .. } if children.0 as usize > self.at + 1 => {
                Val::new(self.nodes, self.at + 1).inner()
            }
            _ => self,
        }
    }

    /// The fields of a struct or the items of a list, in order.
    pub fn children(self) -> impl Iterator<Item = Val<'v, 'a>> {
        let this = self.inner();
        let end = this.value().end(this.at);
        let mut next = this.at + 1;
        std::iter::from_fn(move || {
            (next < end).then(|| {
                let v = Val::new(this.nodes, next);
                next = this.nodes[next].value.end(next);
                v
            })
        })
    }

    /// A field of a struct by name.
    pub fn get(self, name: &str) -> Option<Val<'v, 'a>> {
        if !matches!(self.inner().value(), FieldValue::Struct(_)) {
            return None;
        }
        self.children().find(|c| c.name() == name)
    }

    /// The integer a field holds (integers, enums, flags, bits, booleans,
    /// form IDs, string IDs), as stored.
    pub fn as_i64(&self) -> Option<i64> {
        match self.inner().value() {
            FieldValue::Int(_, v) | FieldValue::Enum(_, _, v) => Some(v),
            FieldValue::Flags(_, _, v) | FieldValue::Bits(_, v) => Some(v as i64),
            FieldValue::Bool(b) => Some(b as i64),
            FieldValue::FormId(id) | FieldValue::FormIdOf(id, _) => Some(id.0 as i64),
            FieldValue::StringId(id) => Some(id as i64),
            _ => None,
        }
    }

    /// A float field's value.
    pub fn as_f64(&self) -> Option<f64> {
        match self.inner().value() {
            FieldValue::F32(x) => Some(x as f64),
            FieldValue::F64(x) => Some(x),
            _ => None,
        }
    }

    /// A string field's text, decoded from Windows-1252.
    pub fn text(&self) -> Option<Cow<'a, str>> {
        match self.inner().value() {
            FieldValue::Text(b) => Some(decode_cp1252(b)),
            _ => None,
        }
    }

    /// A string ID field's text, from the string tables of the form
    /// context (looked up first in the table the field's name suggests).
    pub fn localized_text<'c>(&self, ctx: &'c FormCtx) -> Option<Cow<'c, str>> {
        match self.inner().value() {
            FieldValue::StringId(id) => ctx.strings.as_deref()?.text(
                id,
                crate::plugin::strings::StringKind::for_field(self.name()),
            ),
            _ => None,
        }
    }

    /// A form ID field's value (of either kind of form ID).
    pub fn form_id(&self) -> Option<FormId> {
        match self.inner().value() {
            FieldValue::FormId(id) | FieldValue::FormIdOf(id, _) => Some(id),
            _ => None,
        }
    }

    /// The record types a form ID field may point to; empty when any type
    /// will do, `None` when the value is not a form ID.
    pub fn targets(&self) -> Option<Targets> {
        match self.inner().value() {
            FieldValue::FormId(_) => Some(&[]),
            FieldValue::FormIdOf(_, targets) => Some(targets),
            _ => None,
        }
    }

    /// Whether bytes were left over after the declared fields.
    pub fn has_rest(self) -> bool {
        self.get("_rest").is_some()
    }

    /// The text JSON shows for this value, when JSON shows it as a string
    /// (text, names of enum values, form IDs, signatures, bytes as hex).
    pub fn json_text(&self, ctx: &FormCtx) -> Option<Cow<'a, str>> {
        match self.inner().value() {
            FieldValue::Text(b) => Some(decode_cp1252(b)),
            FieldValue::Enum(_, defs, v) => defs.name_of(v).map(Cow::Borrowed),
            FieldValue::Char4(sig) => Some(Cow::Owned(sig.to_string())),
            FieldValue::Bytes(b) => Some(Cow::Owned(to_hex(b))),
            FieldValue::FormId(id) | FieldValue::FormIdOf(id, _) => match ctx.show(id) {
                Value::String(s) => Some(Cow::Owned(s)),
                _ => None,
            },
            FieldValue::Iref(n) => match ctx.show_iref(n) {
                Value::String(s) => Some(Cow::Owned(s)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value as JSON. `siblings` are the earlier members of its group
    /// as JSON, which decide between same-shaped layouts chosen by size.
    pub fn to_json(self, ctx: &FormCtx, siblings: &Siblings) -> Value {
        if let Some(text) = self.json_text(ctx) {
            return Value::String(text.into_owned());
        }
        match self.value() {
            FieldValue::Int(int, v) => int_value(int, v),
            FieldValue::F32(x) => f32_value(x),
            FieldValue::F64(x) => f64_value(x),
            FieldValue::FormId(id) | FieldValue::FormIdOf(id, _) => ctx.show(id),
            FieldValue::Iref(n) => ctx.show_iref(n),
            FieldValue::Char4(sig) => Value::from(sig.to_string()),
            FieldValue::Bytes(b) => Value::from(to_hex(b)),
            FieldValue::Enum(int, _, v) => int_value(int, v),
            FieldValue::Flags(_, defs, v) => flags_value(defs, v),
            FieldValue::Bits(Ty::Bits(_, fields), v) => bits_value(fields, v),
            FieldValue::Bits(_, v) => Value::from(v),
            FieldValue::Bool(0) => Value::Bool(false),
            FieldValue::Bool(1) => Value::Bool(true),
            FieldValue::Bool(n) => Value::from(n),
            FieldValue::Text(b) => Value::from(decode_cp1252(b).into_owned()),
            FieldValue::StringId(id) => {
                let mut m = Map::new();
                m.insert("string_id".into(), Value::from(id));
                if let Some(text) = self.localized_text(ctx) {
                    m.insert("text".into(), Value::from(text.into_owned()));
                }
                Value::Object(m)
            }
            FieldValue::Struct(_) => {
                // Sized once: the children are counted before they are
                // made.
                let mut m = Map::with_capacity(self.children().count());
                for c in self.children() {
                    m.insert(c.name().to_string(), c.to_json(ctx, siblings));
                }
                Value::Object(m)
            }
            FieldValue::List(_) => {
                Value::Array(self.children().map(|c| c.to_json(ctx, siblings)).collect())
            }
            FieldValue::Empty => Value::Null,
            FieldValue::Sized { layouts, size, .. } => {
                let mut v = self.inner().to_json(ctx, siblings);
                // Where an earlier layout would also take this value (the
                // same fields at another width), the size is kept to tell
                // them apart.
                let mut again = Vec::new();
                let chosen_again = encode_field(layouts, &v, siblings, &mut again).is_ok()
                    && again.len() == size as usize;
                if let (false, Some(m)) = (chosen_again, v.as_object_mut()) {
                    m.insert("_size".into(), Value::from(size));
                }
                v
            }
        }
    }
}

pub(crate) fn int_value(int: Int, v: i64) -> Value {
    if int == Int::U64 {
        Value::from(v as u64)
    } else {
        Value::from(v)
    }
}

fn enum_value(defs: &EnumDef, int: Int, v: i64) -> Value {
    match defs.name_of(v) {
        Some(name) => Value::from(name),
        None => int_value(int, v),
    }
}

pub(crate) fn flags_value(defs: &FlagsDef, v: u64) -> Value {
    let mut names = Vec::new();
    let mut left = v;
    for (bit, name) in defs.bits {
        if v & bit == *bit && *bit != 0 {
            names.push(Value::from(*name));
            left &= !bit;
        }
    }
    let mut bit = 1u64;
    while left != 0 {
        if left & bit != 0 {
            names.push(Value::from(format!("0x{bit:X}")));
            left &= !bit;
        }
        bit <<= 1;
    }
    Value::Array(names)
}

fn bits_value(fields: &[BitField], v: u64) -> Value {
    let mut m = Map::new();
    let mut covered = 0u64;
    for bf in fields {
        covered |= bf.mask;
        let part = (v & bf.mask) >> bf.mask.trailing_zeros();
        let value = match bf.kind {
            BitKind::Enum(e) => enum_value(e, Int::U64, part as i64),
            BitKind::Flags(fl) => flags_value(fl, part),
        };
        m.insert(bf.name.into(), value);
    }
    if v & !covered != 0 {
        m.insert("_other_bits".into(), Value::from(v & !covered));
    }
    Value::Object(m)
}

/// A cursor over a subrecord's data. Decoding never reads past the end:
/// every take checks what remains.
struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    #[inline]
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let out = self.data.get(self.pos..self.pos.checked_add(n)?)?;
        self.pos += n;
        Some(out)
    }
    #[inline]
    fn take4(&mut self) -> Option<[u8; 4]> {
        self.take(4).map(|b| [b[0], b[1], b[2], b[3]])
    }
    fn left(&self) -> usize {
        self.data.len() - self.pos
    }
}

/// The field a value is, if it is a named one.
type Name = Option<&'static FieldDef>;

/// Bytes left over after a subrecord's declared fields.
static REST: FieldDef = FieldDef {
    name: "_rest",
    ty: Ty::Bytes(0),
    default: Default::Zero,
};

/// Where decoded values go: a record's value tree, and scratch space for
/// the raw values later fields refer to.
pub(crate) struct ValueSink<'n, 'a> {
    pub nodes: &'n mut Vec<Node<'a>>,
    pub earlier: &'n mut Earlier,
    pub localized: bool,
    /// Set when a subrecord's data had bytes past its declared fields.
    pub left_over: bool,
    /// Set when a struct's data ended before a list whose count, read
    /// earlier, promised items: a layout chosen by the data is then not
    /// the one meant.
    pub cut_short: bool,
    /// Set when the data was kept as bytes by design ([`Field::Opaque`],
    /// declared or chosen among a [`Field::ByFit`]'s layouts).
    pub opaque: bool,
    /// Set when the data was kept as bytes not decoded yet ([`Field::Bytes`],
    /// declared or chosen by size, by a sibling or by fit).
    pub undecoded: bool,
    /// Where each form ID's four bytes are, when asked: the node's index
    /// and the bytes' address (see [`FormIdSites`]).
    pub form_id_sites: Option<&'n mut FormIdSites>,
}

/// The address of each form ID's bytes in the data a value tree borrows,
/// by node index, in node order: what rewriting form IDs in place needs.
pub(crate) type FormIdSites = Vec<(u32, usize)>;

impl<'a> ValueSink<'_, 'a> {
    #[inline]
    fn leaf(&mut self, field: Name, value: FieldValue<'a>) {
        self.nodes.push(Node { field, value });
    }

    /// Starts a node whose children follow; [`close`](Self::close) ends it.
    fn open(&mut self, field: Name, value: FieldValue<'a>) -> usize {
        let at = self.nodes.len();
        self.nodes.push(Node { field, value });
        at
    }

    fn close(&mut self, at: usize) {
        let end = self.nodes.len();
        self.nodes[at].value.set_end(end);
    }

    /// Drops the nodes from `mark` on, and the form ID sites among them.
    fn truncate(&mut self, mark: usize) {
        self.nodes.truncate(mark);
        if let Some(sites) = self.form_id_sites.as_deref_mut() {
            while sites.last().is_some_and(|&(at, _)| at as usize >= mark) {
                sites.pop();
            }
        }
    }

    /// Notes where the form ID about to be added as the next node was read.
    #[inline]
    fn form_id_site(&mut self, r: &Cursor<'a>) {
        if let Some(sites) = self.form_id_sites.as_deref_mut() {
            let addr = r.data.as_ptr() as usize + r.pos - 4;
            sites.push((self.nodes.len() as u32, addr));
        }
    }

    /// Decodes a subrecord's data by its declared layout into the tree and
    /// gives the index of its value; `None` (with nothing added) when it
    /// does not fit. `sibling` is an earlier member of the same group and
    /// the same group, for layouts chosen by a sibling.
    pub fn decode_data(
        &mut self,
        field: &'static Field,
        data: &'a [u8],
        sibling: Option<(&str, &str)>,
    ) -> Option<usize> {
        let mark = self.nodes.len();
        self.earlier.clear();
        self.left_over = false;
        self.cut_short = false;
        self.opaque = false;
        self.undecoded = false;
        let fits = self.data(field, data, sibling);
        if fits.is_none() {
            self.truncate(mark);
        }
        fits.map(|()| mark)
    }

    fn data(
        &mut self,
        field: &'static Field,
        data: &'a [u8],
        sibling: Option<(&str, &str)>,
    ) -> Option<()> {
        let mut r = Cursor { data, pos: 0 };
        match field {
            Field::ZString => {
                let (last, body) = data.split_last()?;
                if *last != 0 || body.contains(&0) {
                    return None;
                }
                self.leaf(None, FieldValue::Text(body));
            }
            Field::LString if self.localized => {
                let id = u32::from_le_bytes(data.try_into().ok()?);
                self.leaf(None, FieldValue::StringId(id));
            }
            Field::LString => return self.data(&Field::ZString, data, sibling),
            Field::Text => self.leaf(None, FieldValue::Text(data)),
            Field::Bytes => {
                self.undecoded = true;
                self.leaf(None, FieldValue::Bytes(data));
            }
            Field::Opaque => {
                self.opaque = true;
                self.leaf(None, FieldValue::Bytes(data));
            }
            Field::Empty if data.is_empty() => self.leaf(None, FieldValue::Empty),
            Field::Empty => return None,
            Field::Value(ty) => {
                let mark = self.nodes.len();
                self.ty(None, ty, &mut r)?;
                if self.nodes.len() == mark {
                    self.leaf(None, FieldValue::Empty);
                }
                if r.left() != 0 {
                    return None;
                }
            }
            Field::Struct(fields) => {
                let at = self.open(None, FieldValue::Struct(Children(0)));
                for (i, fd) in fields.iter().enumerate() {
                    if r.left() == 0 {
                        self.cut_short |= fields[i..].iter().any(|fd| self.promised(fd));
                        break;
                    }
                    let (pos, len) = (r.pos, self.nodes.len());
                    match self.ty(Some(fd), &fd.ty, &mut r) {
                        Some(Some(raw)) => self.earlier.push((fd.name, raw)),
                        Some(None) => {}
                        None => {
                            r.pos = pos;
                            self.truncate(len);
                            break;
                        }
                    }
                }
                if r.left() != 0 {
                    self.leaf(Some(&REST), FieldValue::Bytes(&data[r.pos..]));
                    self.left_over = true;
                }
                self.close(at);
            }
            Field::Array(fields) => {
                let at = self.open(None, FieldValue::List(Children(0)));
                while r.left() != 0 {
                    self.item(fields, &mut r)?;
                }
                self.close(at);
            }
            Field::BySize(cases) => {
                let (_, f) = cases.iter().find(|(n, _)| *n == data.len())?;
                let at = self.open(
                    None,
                    FieldValue::Sized {
                        layouts: field,
                        size: u32::try_from(data.len()).ok()?,
                        children: Children(0),
                    },
                );
                self.data(f, data, sibling)?;
                self.close(at);
            }
            Field::BySibling {
                sibling: name,
                cases,
                default,
            } => {
                let text = sibling.filter(|(n, _)| n == name).map(|(_, t)| t);
                let chosen = sibling_case(cases, default, text);
                return self.data(chosen, data, sibling);
            }
            Field::ByFit(cases) => return self.first_fit(cases, data, sibling),
        }
        Some(())
    }

    /// Decodes by the first of `cases` that reads the data whole: every
    /// byte taken, every count met. What a case that does not added is
    /// taken back before the next is tried.
    fn first_fit(
        &mut self,
        cases: &'static [Field],
        data: &'a [u8],
        sibling: Option<(&str, &str)>,
    ) -> Option<()> {
        let (mark, earlier) = (self.nodes.len(), self.earlier.len());
        let flags = (self.left_over, self.cut_short, self.opaque, self.undecoded);
        for case in cases {
            if self.data(case, data, sibling).is_some() && !self.left_over && !self.cut_short {
                return Some(());
            }
            self.truncate(mark);
            self.earlier.truncate(earlier);
            (self.left_over, self.cut_short, self.opaque, self.undecoded) = flags;
        }
        None
    }

    /// Whether a field left out at the end of its struct's data is a list
    /// whose count, read earlier, promised items.
    fn promised(&self, fd: &FieldDef) -> bool {
        matches!(fd.ty, Ty::ListBy(count, _) if lookup(self.earlier, count).is_some_and(|n| n != 0))
    }

    /// Decodes one field into the tree and gives its raw integer value for
    /// later fields; `None` when the bytes do not hold it. A field whose
    /// condition fails adds nothing and takes no bytes. Plain values are
    /// read here, in line; the rest in [`Self::composite`].
    #[inline(always)]
    fn ty(&mut self, name: Name, ty: &'static Ty, r: &mut Cursor<'a>) -> Option<Option<i64>> {
        let (value, raw) = match ty {
            Ty::Int(int) => {
                let v = read_int(*int, r.take(int.size())?);
                (FieldValue::Int(*int, v), Some(v))
            }
            Ty::Enum(int, defs) => {
                let v = read_int(*int, r.take(int.size())?);
                (FieldValue::Enum(*int, defs, v), Some(v))
            }
            Ty::Flags(int, defs) => {
                let v = read_int(*int, r.take(int.size())?);
                (
                    FieldValue::Flags(*int, defs, v as u64 & mask(*int)),
                    Some(v),
                )
            }
            Ty::F32 => (FieldValue::F32(f32::from_le_bytes(r.take4()?)), None),
            Ty::FormId => {
                let id = u32::from_le_bytes(r.take4()?);
                self.form_id_site(r);
                (FieldValue::FormId(FormId(id)), Some(id as i64))
            }
            Ty::FormIdOf(targets) => {
                let id = u32::from_le_bytes(r.take4()?);
                self.form_id_site(r);
                (FieldValue::FormIdOf(FormId(id), targets), Some(id as i64))
            }
            Ty::Char4 => (FieldValue::Char4(Sig(r.take4()?)), None),
            Ty::Bytes(n) => (FieldValue::Bytes(r.take(*n)?), None),
            Ty::Iref => {
                let n = u32::from_le_bytes(r.take4()?);
                (FieldValue::Iref(n), Some(n as i64))
            }
            _ => return self.composite(name, ty, r),
        };
        self.leaf(name, value);
        Some(raw)
    }

    /// Decodes a field other than a plain value (see [`Self::ty`]).
    #[inline(never)]
    fn composite(
        &mut self,
        name: Name,
        ty: &'static Ty,
        r: &mut Cursor<'a>,
    ) -> Option<Option<i64>> {
        let (value, raw) = match ty {
            Ty::Bits(int, _) => {
                let v = read_int(*int, r.take(int.size())?);
                (FieldValue::Bits(ty, v as u64 & mask(*int)), Some(v))
            }
            Ty::F64 => (
                FieldValue::F64(f64::from_le_bytes(r.take(8)?.try_into().ok()?)),
                None,
            ),
            Ty::Bool => {
                let b = r.take(1)?[0];
                (FieldValue::Bool(b), Some(b as i64))
            }
            Ty::WString => {
                let b = r.take(2)?;
                let len = u16::from_le_bytes([b[0], b[1]]) as usize;
                (FieldValue::Text(r.take(len)?), None)
            }
            Ty::String32 => {
                let len = usize::try_from(u32::from_le_bytes(r.take4()?)).ok()?;
                (FieldValue::Text(r.take(len)?), None)
            }
            Ty::BString => {
                let len = r.take(1)?[0] as usize;
                (FieldValue::Text(r.take(len)?), None)
            }
            Ty::Block(int) => {
                let len = usize::try_from(read_int(*int, r.take(int.size())?)).ok()?;
                (FieldValue::Bytes(r.take(len)?), None)
            }
            Ty::ZString => {
                let len = r.data[r.pos..].iter().position(|&b| b == 0)?;
                let text = r.take(len)?;
                r.take(1)?;
                (FieldValue::Text(text), None)
            }
            Ty::Select(sel) => return self.ty(name, select(sel, self.earlier), r),
            Ty::Struct(fields) => {
                self.fields(name, fields, r)?;
                return Some(None);
            }
            Ty::List(int, fields) => {
                let n = read_int(*int, r.take(int.size())?);
                self.list(name, n, fields, r)?;
                return Some(None);
            }
            Ty::ListBy(field, fields) => {
                let n = lookup(self.earlier, field)?;
                self.list(name, n, fields, r)?;
                return Some(None);
            }
            Ty::Rest(fields) => {
                let at = self.open(name, FieldValue::List(Children(0)));
                while r.left() != 0 {
                    let before = r.pos;
                    self.item(fields, r)?;
                    // An item that takes no bytes would never reach the end.
                    if r.pos == before {
                        return None;
                    }
                }
                self.close(at);
                return Some(None);
            }
            Ty::If(cond) => {
                let v = lookup(self.earlier, cond.field)?;
                if !cond.test.matches(v) {
                    return Some(None);
                }
                return self.ty(name, &cond.ty, r);
            }
            Ty::Int(_)
            | Ty::Enum(..)
            | Ty::Flags(..)
            | Ty::F32
            | Ty::FormId
            | Ty::FormIdOf(_)
            | Ty::Char4
            | Ty::Bytes(_)
            | Ty::Iref => return self.ty(name, ty, r),
        };
        self.leaf(name, value);
        Some(raw)
    }

    fn list(
        &mut self,
        name: Name,
        n: i64,
        fields: &'static [FieldDef],
        r: &mut Cursor<'a>,
    ) -> Option<()> {
        // A count can claim anything; every item takes at least one byte,
        // so a count past the bytes left is refused at once.
        let n = usize::try_from(n).ok()?;
        if n > r.left() {
            return None;
        }
        let at = self.open(name, FieldValue::List(Children(0)));
        for _ in 0..n {
            self.item(fields, r)?;
        }
        self.close(at);
        Some(())
    }

    /// One item of a list: a plain value when the item has a single field.
    fn item(&mut self, fields: &'static [FieldDef], r: &mut Cursor<'a>) -> Option<()> {
        if let [single] = fields {
            let mark = self.earlier.len();
            let fits = self.ty(None, &single.ty, r);
            self.earlier.truncate(mark);
            fits.map(|_| ())
        } else {
            self.fields(None, fields, r)
        }
    }

    /// Decodes every field of a nested struct; `None` if the bytes run out.
    fn fields(
        &mut self,
        name: Name,
        fields: &'static [FieldDef],
        r: &mut Cursor<'a>,
    ) -> Option<()> {
        let mark = self.earlier.len();
        let at = self.open(name, FieldValue::Struct(Children(0)));
        for fd in fields {
            if let Some(raw) = self.ty(Some(fd), &fd.ty, r)? {
                self.earlier.push((fd.name, raw));
            }
        }
        self.earlier.truncate(mark);
        self.close(at);
        Some(())
    }
}

/// Decodes a subrecord's data by its declared layout, as JSON; `None`
/// means it does not fit. `siblings` are the earlier members of its group.
pub fn decode_field(
    field: &'static Field,
    data: &[u8],
    ctx: &FormCtx,
    siblings: &Siblings,
) -> Option<Value> {
    let sibling = chosen_by(field).and_then(|name| Some((name, siblings.get(name)?.as_str()?)));
    let mut nodes = Vec::new();
    let mut sink = ValueSink {
        nodes: &mut nodes,
        earlier: &mut Earlier::new(),
        localized: ctx.localized,
        left_over: false,
        cut_short: false,
        opaque: false,
        undecoded: false,
        form_id_sites: None,
    };
    let at = sink.decode_data(field, data, sibling)?;
    Some(Val::new(&nodes, at).to_json(ctx, siblings))
}
