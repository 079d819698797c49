//! Field values read straight from a subrecord's bytes: typed, borrowing
//! the input, with no text made until someone asks for it. JSON is one way
//! of showing them ([`FieldValue::to_json`]); code can read them as they
//! are.
//!
//! Every value keeps its exact bits: floats keep theirs, unknown enum
//! values stay numbers, unknown flag bits are kept, strings stay the
//! Windows-1252 bytes they were stored as, padding stays bytes.

use super::codec::{encode_field, f32_value, f64_value, FormCtx, Siblings};
use super::types::*;
use crate::io::{decode_cp1252, to_hex, FormId, Sig};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// One decoded field (or a whole subrecord's data).
#[derive(Debug, Clone)]
pub enum FieldValue<'a> {
    Int(Int, i64),
    F32(f32),
    F64(f64),
    FormId(FormId),
    Char4(Sig),
    /// Bytes shown as hex (padding, unknown, opaque data).
    Bytes(&'a [u8]),
    Enum(Int, &'static EnumDef, i64),
    Flags(Int, &'static FlagsDef, u64),
    Bits(&'static [BitField], u64),
    /// A byte meant as a boolean (kept as stored: 0, 1 or another value).
    Bool(u8),
    /// Windows-1252 text, as stored (without length or terminator).
    Text(&'a [u8]),
    /// A translatable string's ID into the strings files.
    StringId(u32),
    /// Named fields in order; a field whose condition fails is left out,
    /// bytes past the last whole field are kept as `_rest`.
    Struct(Vec<(&'static str, FieldValue<'a>)>),
    List(Vec<FieldValue<'a>>),
    /// A marker subrecord's empty data.
    Empty,
    /// A layout chosen by the subrecord's size (`layouts` is the whole
    /// choice, which JSON needs to tell same-shaped layouts apart).
    Sized {
        layouts: &'static Field,
        size: usize,
        value: Box<FieldValue<'a>>,
    },
}

impl<'a> FieldValue<'a> {
    /// A field of a struct by name.
    pub fn get(&self, name: &str) -> Option<&FieldValue<'a>> {
        match self {
            FieldValue::Struct(fields) => fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v),
            FieldValue::Sized { value, .. } => value.get(name),
            _ => None,
        }
    }

    /// The integer a field holds (integers, enums, flags, bits, booleans,
    /// form IDs, string IDs), as stored.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            FieldValue::Int(_, v) | FieldValue::Enum(_, _, v) => Some(v),
            FieldValue::Flags(_, _, v) | FieldValue::Bits(_, v) => Some(v as i64),
            FieldValue::Bool(b) => Some(b as i64),
            FieldValue::FormId(id) => Some(id.0 as i64),
            FieldValue::StringId(id) => Some(id as i64),
            _ => None,
        }
    }

    /// A float field's value.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            FieldValue::F32(x) => Some(x as f64),
            FieldValue::F64(x) => Some(x),
            _ => None,
        }
    }

    /// A string field's text, decoded from Windows-1252.
    pub fn text(&self) -> Option<Cow<'a, str>> {
        match *self {
            FieldValue::Text(b) => Some(decode_cp1252(b)),
            _ => None,
        }
    }

    /// A form ID field's value.
    pub fn form_id(&self) -> Option<FormId> {
        match *self {
            FieldValue::FormId(id) => Some(id),
            _ => None,
        }
    }

    /// The items of a list.
    pub fn items(&self) -> &[FieldValue<'a>] {
        match self {
            FieldValue::List(items) => items,
            FieldValue::Sized { value, .. } => value.items(),
            _ => &[],
        }
    }

    /// Whether bytes were left over after the declared fields.
    pub fn has_rest(&self) -> bool {
        self.get("_rest").is_some()
    }

    /// The value as JSON. `siblings` are the earlier members of its group
    /// as JSON, which decide between same-shaped layouts chosen by size.
    pub fn to_json(&self, ctx: &FormCtx, siblings: &Siblings) -> Value {
        match self {
            FieldValue::Int(int, v) => int_value(*int, *v),
            FieldValue::F32(x) => f32_value(*x),
            FieldValue::F64(x) => f64_value(*x),
            FieldValue::FormId(id) => ctx.show(*id),
            FieldValue::Char4(sig) => Value::from(sig.to_string()),
            FieldValue::Bytes(b) => Value::from(to_hex(b)),
            FieldValue::Enum(int, defs, v) => enum_value(defs, *int, *v),
            FieldValue::Flags(_, defs, v) => flags_value(defs, *v),
            FieldValue::Bits(fields, v) => bits_value(fields, *v),
            FieldValue::Bool(0) => Value::Bool(false),
            FieldValue::Bool(1) => Value::Bool(true),
            FieldValue::Bool(n) => Value::from(*n),
            FieldValue::Text(b) => Value::from(decode_cp1252(b).into_owned()),
            FieldValue::StringId(id) => {
                let mut m = Map::new();
                m.insert("string_id".into(), Value::from(*id));
                Value::Object(m)
            }
            FieldValue::Struct(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(name, v)| (name.to_string(), v.to_json(ctx, siblings)))
                    .collect(),
            ),
            FieldValue::List(items) => {
                Value::Array(items.iter().map(|v| v.to_json(ctx, siblings)).collect())
            }
            FieldValue::Empty => Value::Null,
            FieldValue::Sized {
                layouts,
                size,
                value,
            } => {
                let mut v = value.to_json(ctx, siblings);
                // Where an earlier layout would also take this value (the
                // same fields at another width), the size is kept to tell
                // them apart.
                let mut again = Vec::new();
                let chosen_again =
                    encode_field(layouts, &v, siblings, &mut again).is_ok() && again.len() == *size;
                if let (false, Some(m)) = (chosen_again, v.as_object_mut()) {
                    m.insert("_size".into(), Value::from(*size));
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

fn flags_value(defs: &FlagsDef, v: u64) -> Value {
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

/// Raw values of the fields decoded so far, innermost last, for selects,
/// counts and conditions.
pub(crate) type Earlier = Vec<(&'static str, i64)>;

pub(crate) fn lookup(earlier: &Earlier, name: &str) -> Option<i64> {
    earlier
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
}

pub(crate) fn read_int(int: Int, b: &[u8]) -> i64 {
    match int {
        Int::U8 => b[0] as i64,
        Int::I8 => b[0] as i8 as i64,
        Int::U16 => u16::from_le_bytes([b[0], b[1]]) as i64,
        Int::I16 => i16::from_le_bytes([b[0], b[1]]) as i64,
        Int::U32 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64,
        Int::I32 => i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64,
        Int::U64 => u64::from_le_bytes(b[..8].try_into().expect("8 bytes")) as i64,
    }
}

pub(crate) fn mask(int: Int) -> u64 {
    match int.size() {
        8 => u64::MAX,
        n => (1u64 << (n * 8)) - 1,
    }
}

pub(crate) fn select<'t>(sel: &'t SelectDef, earlier: &Earlier) -> &'t Ty {
    let Some(v) = lookup(earlier, sel.field) else {
        return &sel.default;
    };
    sel.cases
        .iter()
        .find(|(m, _)| m.matches(v))
        .map(|(_, t)| t)
        .unwrap_or(&sel.default)
}

/// The case of a layout chosen by a sibling's text (matched whole, or by
/// its beginning when the case ends in `*`).
pub(crate) fn sibling_case<'f>(
    cases: &'f [(&'static str, Field)],
    default: &'f Field,
    text: Option<&str>,
) -> &'f Field {
    let fits = |case: &str, t: &str| match case.strip_suffix('*') {
        Some(prefix) => t.starts_with(prefix),
        None => case == t,
    };
    text.and_then(|t| cases.iter().find(|(c, _)| fits(c, t)))
        .map(|(_, f)| f)
        .unwrap_or(default)
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

/// Decodes a subrecord's data by its declared layout; `None` when it does
/// not fit. `sibling_text` gives the text of an earlier member of the same
/// group, for layouts chosen by a sibling. `earlier` is scratch space,
/// reused between calls.
pub fn decode_data<'a>(
    field: &'static Field,
    data: &'a [u8],
    localized: bool,
    sibling_text: &dyn Fn(&str) -> Option<String>,
    earlier: &mut Earlier,
) -> Option<FieldValue<'a>> {
    earlier.clear();
    let mut r = Cursor { data, pos: 0 };
    match field {
        Field::ZString => {
            let (last, body) = data.split_last()?;
            (*last == 0 && !body.contains(&0)).then_some(FieldValue::Text(body))
        }
        Field::LString if localized => Some(FieldValue::StringId(u32::from_le_bytes(
            data.try_into().ok()?,
        ))),
        Field::LString => decode_data(&Field::ZString, data, localized, sibling_text, earlier),
        Field::Text => Some(FieldValue::Text(data)),
        Field::Bytes => Some(FieldValue::Bytes(data)),
        Field::Empty => data.is_empty().then_some(FieldValue::Empty),
        Field::Value(ty) => {
            let (v, _) = decode_ty(ty, &mut r, earlier, localized)?;
            (r.left() == 0).then_some(v)
        }
        Field::Struct(fields) => {
            let mut out = Vec::with_capacity(fields.len());
            for fd in *fields {
                if r.left() == 0 {
                    break;
                }
                let save = r.pos;
                match decode_ty(&fd.ty, &mut r, earlier, localized) {
                    Some((v, raw)) => {
                        if let Some(raw) = raw {
                            earlier.push((fd.name, raw));
                        }
                        if !matches!(v, FieldValue::Empty) {
                            out.push((fd.name, v));
                        }
                    }
                    None => {
                        r.pos = save;
                        break;
                    }
                }
            }
            if r.left() != 0 {
                out.push(("_rest", FieldValue::Bytes(&data[r.pos..])));
            }
            Some(FieldValue::Struct(out))
        }
        Field::Array(fields) => {
            let mut items = Vec::new();
            while r.left() != 0 {
                items.push(item_value(fields, &mut r, earlier, localized)?);
            }
            Some(FieldValue::List(items))
        }
        Field::BySize(cases) => {
            let (_, f) = cases.iter().find(|(n, _)| *n == data.len())?;
            let value = decode_data(f, data, localized, sibling_text, earlier)?;
            Some(FieldValue::Sized {
                layouts: field,
                size: data.len(),
                value: Box::new(value),
            })
        }
        Field::BySibling {
            sibling,
            cases,
            default,
        } => {
            let text = sibling_text(sibling);
            let chosen = sibling_case(cases, default, text.as_deref());
            decode_data(chosen, data, localized, sibling_text, earlier)
        }
    }
}

fn int_size(ty: &Ty) -> Option<Int> {
    match ty {
        Ty::Int(i) | Ty::Enum(i, _) | Ty::Flags(i, _) | Ty::Bits(i, _) => Some(*i),
        _ => None,
    }
}

/// Decodes one field and gives its raw integer value for later fields;
/// `None` when the bytes do not hold it. A field whose condition fails
/// decodes to [`FieldValue::Empty`] and takes no bytes.
fn decode_ty<'a>(
    ty: &'static Ty,
    r: &mut Cursor<'a>,
    earlier: &mut Earlier,
    localized: bool,
) -> Option<(FieldValue<'a>, Option<i64>)> {
    if let Some(int) = int_size(ty) {
        let v = read_int(int, r.take(int.size())?);
        let value = match ty {
            Ty::Enum(_, defs) => FieldValue::Enum(int, defs, v),
            Ty::Flags(_, defs) => FieldValue::Flags(int, defs, v as u64 & mask(int)),
            Ty::Bits(_, fields) => FieldValue::Bits(fields, v as u64 & mask(int)),
            _ => FieldValue::Int(int, v),
        };
        return Some((value, Some(v)));
    }
    Some(match ty {
        Ty::F32 => (FieldValue::F32(f32::from_le_bytes(r.take4()?)), None),
        Ty::F64 => (
            FieldValue::F64(f64::from_le_bytes(r.take(8)?.try_into().ok()?)),
            None,
        ),
        Ty::FormId => {
            let id = u32::from_le_bytes(r.take4()?);
            (FieldValue::FormId(FormId(id)), Some(id as i64))
        }
        Ty::Char4 => (FieldValue::Char4(Sig(r.take4()?)), None),
        Ty::Bytes(n) => (FieldValue::Bytes(r.take(*n)?), None),
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
        Ty::ZString => {
            let len = r.data[r.pos..].iter().position(|&b| b == 0)?;
            let text = r.take(len)?;
            r.take(1)?;
            (FieldValue::Text(text), None)
        }
        Ty::Select(sel) => return decode_ty(select(sel, earlier), r, earlier, localized),
        Ty::Struct(fields) => (decode_fields(fields, r, earlier, localized)?, None),
        Ty::List(int, fields) => {
            let n = read_int(*int, r.take(int.size())?);
            (decode_list(n, fields, r, earlier, localized)?, None)
        }
        Ty::ListBy(field, fields) => {
            let n = lookup(earlier, field)?;
            (decode_list(n, fields, r, earlier, localized)?, None)
        }
        Ty::If(cond) => {
            let v = lookup(earlier, cond.field)?;
            if !cond.test.matches(v) {
                return Some((FieldValue::Empty, None));
            }
            return decode_ty(&cond.ty, r, earlier, localized);
        }
        Ty::Int(_) | Ty::Enum(..) | Ty::Flags(..) | Ty::Bits(..) => {
            unreachable!("integers handled above")
        }
    })
}

fn decode_list<'a>(
    n: i64,
    fields: &'static [FieldDef],
    r: &mut Cursor<'a>,
    earlier: &mut Earlier,
    localized: bool,
) -> Option<FieldValue<'a>> {
    // A count can claim anything; every item takes at least one byte, so
    // a count past the bytes left is refused before anything is reserved.
    let n = usize::try_from(n).ok()?;
    if n > r.left() {
        return None;
    }
    let mut items = Vec::with_capacity(n);
    for _ in 0..n {
        items.push(item_value(fields, r, earlier, localized)?);
    }
    Some(FieldValue::List(items))
}

/// One item of a list: a plain value when the item has a single field.
fn item_value<'a>(
    fields: &'static [FieldDef],
    r: &mut Cursor<'a>,
    earlier: &mut Earlier,
    localized: bool,
) -> Option<FieldValue<'a>> {
    if let [single] = fields {
        let mark = earlier.len();
        let v = decode_ty(&single.ty, r, earlier, localized).map(|(v, _)| v);
        earlier.truncate(mark);
        v
    } else {
        decode_fields(fields, r, earlier, localized)
    }
}

/// Decodes every field of a nested struct; `None` if the bytes run out.
fn decode_fields<'a>(
    fields: &'static [FieldDef],
    r: &mut Cursor<'a>,
    earlier: &mut Earlier,
    localized: bool,
) -> Option<FieldValue<'a>> {
    let mark = earlier.len();
    let mut out = Vec::with_capacity(fields.len());
    for fd in fields {
        let (v, raw) = decode_ty(&fd.ty, r, earlier, localized)?;
        if let Some(raw) = raw {
            earlier.push((fd.name, raw));
        }
        if !matches!(v, FieldValue::Empty) {
            out.push((fd.name, v));
        }
    }
    earlier.truncate(mark);
    Some(FieldValue::Struct(out))
}
