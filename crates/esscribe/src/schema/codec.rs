//! Field values both ways: bytes → JSON value and JSON value → bytes, for
//! every field type a declaration can name. Every value keeps its exact
//! bits: floats print as their shortest exact form, unknown enum values stay
//! numbers, unknown flag bits stay hex, padding stays bytes.

use super::types::*;
use crate::io::{decode_cp1252, encode_cp1252, from_hex, to_hex, FormId, Sig};
use serde_json::{Map, Value};

/// What a form ID is shown with: the plugin it belongs to.
#[derive(Debug, Clone, Default)]
pub struct FormCtx {
    pub masters: Vec<String>,
    pub own_name: String,
    /// Translatable strings are IDs into strings files (a localized
    /// Skyrim plugin).
    pub localized: bool,
}

impl FormCtx {
    pub fn show(&self, id: FormId) -> Value {
        if id.0 == 0 {
            return Value::String(id.to_string());
        }
        let owner = crate::plugin::Plugin::form_id_owner(&self.masters, id, &self.own_name);
        if owner.is_empty() {
            Value::String(id.to_string())
        } else {
            Value::String(format!("{id} ({owner})"))
        }
    }
}

/// Raw values of the fields decoded so far, innermost last, for selects,
/// counts and conditions.
type Earlier = Vec<(&'static str, i64)>;

fn read_int(int: Int, b: &[u8]) -> i64 {
    match int {
        Int::U8 => b[0] as i64,
        Int::I8 => b[0] as i8 as i64,
        Int::U16 => u16::from_le_bytes([b[0], b[1]]) as i64,
        Int::I16 => i16::from_le_bytes([b[0], b[1]]) as i64,
        Int::U32 => u32::from_le_bytes(b[..4].try_into().expect("4")) as i64,
        Int::I32 => i32::from_le_bytes(b[..4].try_into().expect("4")) as i64,
        Int::U64 => u64::from_le_bytes(b[..8].try_into().expect("8")) as i64,
    }
}

fn write_int(int: Int, v: i64, out: &mut Vec<u8>) -> Result<(), String> {
    let fits = match int {
        Int::U8 => (0..=u8::MAX as i64).contains(&v),
        Int::I8 => (i8::MIN as i64..=i8::MAX as i64).contains(&v),
        Int::U16 => (0..=u16::MAX as i64).contains(&v),
        Int::I16 => (i16::MIN as i64..=i16::MAX as i64).contains(&v),
        Int::U32 => (0..=u32::MAX as i64).contains(&v),
        Int::I32 => (i32::MIN as i64..=i32::MAX as i64).contains(&v),
        Int::U64 => true,
    };
    if !fits {
        return Err(format!("{v} does not fit in {int:?}"));
    }
    out.extend_from_slice(&v.to_le_bytes()[..int.size()]);
    Ok(())
}

fn int_value(int: Int, v: i64) -> Value {
    if int == Int::U64 {
        Value::from(v as u64)
    } else {
        Value::from(v)
    }
}

fn json_int(v: &Value, int: Int) -> Option<i64> {
    if int == Int::U64 {
        return v.as_u64().map(|x| x as i64);
    }
    v.as_i64()
}

/// An f32 as JSON: its shortest decimal form, which reads back to the
/// same bits. Values JSON cannot hold (NaN, infinities) keep their bits.
pub fn f32_value(x: f32) -> Value {
    if x.is_finite() {
        let shortest: f64 = x.to_string().parse().expect("a float prints as a float");
        Value::from(shortest)
    } else {
        let mut m = Map::new();
        m.insert("f32_bits".into(), format!("0x{:08X}", x.to_bits()).into());
        Value::Object(m)
    }
}

pub fn json_f32(v: &Value) -> Option<f32> {
    if let Some(bits) = v.get("f32_bits").and_then(Value::as_str) {
        return u32::from_str_radix(bits.trim_start_matches("0x"), 16)
            .ok()
            .map(f32::from_bits);
    }
    v.as_f64().map(|d| d as f32)
}

fn f64_value(x: f64) -> Value {
    if x.is_finite() {
        Value::from(x)
    } else {
        let mut m = Map::new();
        m.insert("f64_bits".into(), format!("0x{:016X}", x.to_bits()).into());
        Value::Object(m)
    }
}

fn json_f64(v: &Value) -> Option<f64> {
    if let Some(bits) = v.get("f64_bits").and_then(Value::as_str) {
        return u64::from_str_radix(bits.trim_start_matches("0x"), 16)
            .ok()
            .map(f64::from_bits);
    }
    v.as_f64()
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

fn json_flags(defs: &FlagsDef, v: &Value) -> Result<u64, String> {
    if let Some(n) = v.as_u64() {
        return Ok(n);
    }
    let list = v
        .as_array()
        .ok_or_else(|| format!("expected a list of flag names, found {v}"))?;
    let mut out = 0u64;
    for item in list {
        let name = item
            .as_str()
            .ok_or_else(|| format!("expected a flag name, found {item}"))?;
        if let Some((bit, _)) = defs.bits.iter().find(|(_, n)| *n == name) {
            out |= bit;
        } else if let Some(hex) = name.strip_prefix("0x") {
            out |= u64::from_str_radix(hex, 16).map_err(|_| format!("bad flag bit {name:?}"))?;
        } else {
            let known: Vec<_> = defs.bits.iter().map(|(_, n)| *n).collect();
            return Err(format!(
                "unknown flag {name:?} (known: {})",
                known.join(", ")
            ));
        }
    }
    Ok(out)
}

fn enum_value(defs: &EnumDef, int: Int, v: i64) -> Value {
    match defs.name_of(v) {
        Some(name) => Value::from(name),
        None => int_value(int, v),
    }
}

fn json_enum(defs: &EnumDef, int: Int, v: &Value) -> Result<i64, String> {
    if let Some(n) = json_int(v, int) {
        return Ok(n);
    }
    let name = v
        .as_str()
        .ok_or_else(|| format!("expected a name or a number, found {v}"))?;
    defs.value_of(name).ok_or_else(|| {
        let known: Vec<_> = defs.values.iter().map(|(_, n)| *n).collect();
        format!("unknown value {name:?} (known: {})", known.join(", "))
    })
}

/// A cursor over a subrecord's data. Decoding never reads past the end:
/// every take checks what remains.
struct Cursor<'d> {
    data: &'d [u8],
    pos: usize,
}

impl<'d> Cursor<'d> {
    fn take(&mut self, n: usize) -> Option<&'d [u8]> {
        if n > self.data.len() - self.pos {
            return None;
        }
        let out = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Some(out)
    }
    fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }
}

fn int_size(ty: &Ty) -> Option<(Int, usize)> {
    match ty {
        Ty::Int(i) | Ty::Enum(i, _) | Ty::Flags(i, _) | Ty::Bits(i, _) => Some((*i, i.size())),
        _ => None,
    }
}

fn lookup(earlier: &Earlier, name: &str) -> Option<i64> {
    earlier
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
}

/// Decodes one field; `None` when the bytes do not hold it.
fn decode_ty(
    ty: &Ty,
    r: &mut Cursor<'_>,
    earlier: &mut Earlier,
    ctx: &FormCtx,
) -> Option<(Value, Option<i64>)> {
    if let Some((int, size)) = int_size(ty) {
        let v = read_int(int, r.take(size)?);
        let value = match ty {
            Ty::Enum(_, defs) => enum_value(defs, int, v),
            Ty::Flags(_, defs) => flags_value(defs, v as u64 & mask(int)),
            Ty::Bits(_, fields) => bits_value(fields, v as u64 & mask(int)),
            _ => int_value(int, v),
        };
        return Some((value, Some(v)));
    }
    Some(match ty {
        Ty::F32 => (
            f32_value(f32::from_le_bytes(r.take(4)?.try_into().ok()?)),
            None,
        ),
        Ty::F64 => (
            f64_value(f64::from_le_bytes(r.take(8)?.try_into().ok()?)),
            None,
        ),
        Ty::FormId => {
            let id = FormId(u32::from_le_bytes(r.take(4)?.try_into().ok()?));
            (ctx.show(id), Some(id.0 as i64))
        }
        Ty::Char4 => (
            Value::from(Sig(r.take(4)?.try_into().ok()?).to_string()),
            None,
        ),
        Ty::Bytes(n) => (Value::from(to_hex(r.take(*n)?)), None),
        Ty::Bool => {
            let b = r.take(1)?[0];
            let v = match b {
                0 => Value::Bool(false),
                1 => Value::Bool(true),
                n => Value::from(n),
            };
            (v, Some(b as i64))
        }
        Ty::WString => {
            let len = u16::from_le_bytes(r.take(2)?.try_into().ok()?) as usize;
            (Value::from(decode_cp1252(r.take(len)?).into_owned()), None)
        }
        Ty::String32 => {
            let len = usize::try_from(u32::from_le_bytes(r.take(4)?.try_into().ok()?)).ok()?;
            (Value::from(decode_cp1252(r.take(len)?).into_owned()), None)
        }
        Ty::ZString => {
            let len = r.data[r.pos..].iter().position(|&b| b == 0)?;
            let text = decode_cp1252(r.take(len)?).into_owned();
            r.take(1)?;
            (Value::from(text), None)
        }
        Ty::Select(sel) => return decode_ty(select(sel, earlier), r, earlier, ctx),
        Ty::Struct(fields) => (Value::Object(decode_fields(fields, r, earlier, ctx)?), None),
        Ty::List(int, fields) => {
            let n = read_int(*int, r.take(int.size())?);
            let items = decode_list(n, fields, r, earlier, ctx)?;
            (Value::Array(items), None)
        }
        Ty::ListBy(field, fields) => {
            let n = lookup(earlier, field)?;
            (Value::Array(decode_list(n, fields, r, earlier, ctx)?), None)
        }
        Ty::If(cond) => {
            let v = lookup(earlier, cond.field)?;
            if !cond.test.matches(v) {
                return Some((Value::Null, None));
            }
            return decode_ty(&cond.ty, r, earlier, ctx);
        }
        Ty::Int(_) | Ty::Enum(..) | Ty::Flags(..) | Ty::Bits(..) => {
            unreachable!("integers handled above")
        }
    })
}

fn decode_list(
    n: i64,
    fields: &[FieldDef],
    r: &mut Cursor<'_>,
    earlier: &mut Earlier,
    ctx: &FormCtx,
) -> Option<Vec<Value>> {
    // A count can claim anything; every item takes at least one byte, so
    // a count past the bytes left is refused before anything is reserved.
    let n = usize::try_from(n).ok()?;
    if n > r.data.len() - r.pos {
        return None;
    }
    let mut items = Vec::with_capacity(n);
    for _ in 0..n {
        items.push(item_value(fields, r, earlier, ctx)?);
    }
    Some(items)
}

/// One item of a list: a plain value when the item has a single field.
fn item_value(
    fields: &[FieldDef],
    r: &mut Cursor<'_>,
    earlier: &mut Earlier,
    ctx: &FormCtx,
) -> Option<Value> {
    if let [single] = fields {
        let mark = earlier.len();
        let v = decode_ty(&single.ty, r, earlier, ctx).map(|(v, _)| v);
        earlier.truncate(mark);
        v
    } else {
        decode_fields(fields, r, earlier, ctx).map(Value::Object)
    }
}

/// Decodes every field of a nested struct; `None` if the bytes run out.
fn decode_fields(
    fields: &[FieldDef],
    r: &mut Cursor<'_>,
    earlier: &mut Earlier,
    ctx: &FormCtx,
) -> Option<Map<String, Value>> {
    let mark = earlier.len();
    let mut m = Map::new();
    for fd in fields {
        let (v, raw) = decode_ty(&fd.ty, r, earlier, ctx)?;
        if let Some(raw) = raw {
            earlier.push((fd.name, raw));
        }
        if !v.is_null() || !matches!(fd.ty, Ty::If(_)) {
            m.insert(fd.name.into(), v);
        }
    }
    earlier.truncate(mark);
    Some(m)
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

fn mask(int: Int) -> u64 {
    match int.size() {
        8 => u64::MAX,
        n => (1u64 << (n * 8)) - 1,
    }
}

fn select<'a>(sel: &'a SelectDef, earlier: &Earlier) -> &'a Ty {
    let Some(v) = lookup(earlier, sel.field) else {
        return &sel.default;
    };
    sel.cases
        .iter()
        .find(|(m, _)| m.matches(v))
        .map(|(_, t)| t)
        .unwrap_or(&sel.default)
}

fn expect_hex(v: &Value) -> Result<Vec<u8>, String> {
    v.as_str()
        .and_then(from_hex)
        .ok_or_else(|| format!("expected hex bytes, found {v}"))
}

/// Encodes one field; returns its raw integer value for later fields.
fn encode_ty(
    ty: &Ty,
    v: &Value,
    earlier: &mut Earlier,
    out: &mut Vec<u8>,
) -> Result<Option<i64>, String> {
    match ty {
        Ty::Int(int) => {
            let n = json_int(v, *int).ok_or_else(|| format!("expected an integer, found {v}"))?;
            write_int(*int, n, out)?;
            Ok(Some(n))
        }
        Ty::F32 => {
            let x = json_f32(v).ok_or_else(|| format!("expected a number, found {v}"))?;
            out.extend_from_slice(&x.to_le_bytes());
            Ok(None)
        }
        Ty::F64 => {
            let x = json_f64(v).ok_or_else(|| format!("expected a number, found {v}"))?;
            out.extend_from_slice(&x.to_le_bytes());
            Ok(None)
        }
        Ty::FormId => {
            let id = match v {
                Value::String(s) => FormId::parse(s),
                _ => v.as_u64().and_then(|n| u32::try_from(n).ok()).map(FormId),
            }
            .ok_or_else(|| format!("expected a form ID like \"0x0001CB6\", found {v}"))?;
            out.extend_from_slice(&id.0.to_le_bytes());
            Ok(Some(id.0 as i64))
        }
        Ty::Char4 => {
            let s = v
                .as_str()
                .and_then(Sig::parse)
                .ok_or_else(|| format!("expected 4 characters, found {v}"))?;
            out.extend_from_slice(&s.0);
            Ok(None)
        }
        Ty::Bytes(n) => {
            let b = expect_hex(v)?;
            if b.len() != *n {
                return Err(format!("expected {n} bytes of hex, found {}", b.len()));
            }
            out.extend_from_slice(&b);
            Ok(None)
        }
        Ty::Enum(int, defs) => {
            let n = json_enum(defs, *int, v)?;
            write_int(*int, n, out)?;
            Ok(Some(n))
        }
        Ty::Flags(int, defs) => {
            let n = json_flags(defs, v)?;
            write_int(*int, signed(*int, n), out)?;
            Ok(Some(n as i64))
        }
        Ty::Bits(int, fields) => {
            let m = v
                .as_object()
                .ok_or_else(|| format!("expected an object of bit fields, found {v}"))?;
            let mut n = m.get("_other_bits").and_then(Value::as_u64).unwrap_or(0);
            for bf in *fields {
                let Some(part) = m.get(bf.name) else { continue };
                let raw = match bf.kind {
                    BitKind::Enum(e) => json_enum(e, Int::U64, part)? as u64,
                    BitKind::Flags(fl) => json_flags(fl, part)?,
                };
                n |= (raw << bf.mask.trailing_zeros()) & bf.mask;
            }
            write_int(*int, signed(*int, n), out)?;
            Ok(Some(n as i64))
        }
        Ty::Bool => {
            let b = match v {
                Value::Bool(b) => *b as u8,
                _ => v
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .ok_or_else(|| format!("expected true or false, found {v}"))?,
            };
            out.push(b);
            Ok(Some(b as i64))
        }
        Ty::WString => {
            let s = v
                .as_str()
                .ok_or_else(|| format!("expected a string, found {v}"))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| format!("{s:?} has characters Windows-1252 cannot hold"))?;
            let len = u16::try_from(b.len())
                .map_err(|_| format!("string of {} bytes is too long", b.len()))?;
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&b);
            Ok(None)
        }
        Ty::String32 => {
            let s = v
                .as_str()
                .ok_or_else(|| format!("expected a string, found {v}"))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| format!("{s:?} has characters Windows-1252 cannot hold"))?;
            let len = u32::try_from(b.len())
                .map_err(|_| format!("string of {} bytes is too long", b.len()))?;
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&b);
            Ok(None)
        }
        Ty::ZString => {
            let s = v
                .as_str()
                .ok_or_else(|| format!("expected a string, found {v}"))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| format!("{s:?} has characters Windows-1252 cannot hold"))?;
            if b.contains(&0) {
                return Err(format!("{s:?} holds a zero byte"));
            }
            out.extend_from_slice(&b);
            out.push(0);
            Ok(None)
        }
        Ty::Select(sel) => {
            let chosen = select(sel, earlier);
            encode_ty(chosen, v, earlier, out)
        }
        Ty::Struct(fields) => {
            let m = v
                .as_object()
                .ok_or_else(|| format!("expected an object, found {v}"))?;
            encode_fields(fields, m, earlier, out, false)?;
            Ok(None)
        }
        Ty::List(int, fields) => {
            let list = v
                .as_array()
                .ok_or_else(|| format!("expected a list, found {v}"))?;
            write_int(*int, list.len() as i64, out)?;
            encode_items(fields, list, earlier, out)?;
            Ok(None)
        }
        Ty::ListBy(field, fields) => {
            let list = v
                .as_array()
                .ok_or_else(|| format!("expected a list, found {v}"))?;
            if lookup(earlier, field) != Some(list.len() as i64) {
                return Err(format!(
                    "the list has {} items but {field} says {:?}",
                    list.len(),
                    lookup(earlier, field)
                ));
            }
            encode_items(fields, list, earlier, out)?;
            Ok(None)
        }
        Ty::If(cond) => encode_ty(&cond.ty, v, earlier, out),
    }
}

fn encode_items(
    fields: &[FieldDef],
    list: &[Value],
    earlier: &mut Earlier,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    for (i, item) in list.iter().enumerate() {
        let mark = earlier.len();
        if let [single] = fields {
            encode_ty(&single.ty, item, earlier, out).map(|_| ())
        } else {
            let m = item
                .as_object()
                .ok_or_else(|| format!("expected an object, found {item}"))?;
            encode_fields(fields, m, earlier, out, false)
        }
        .map_err(|e| format!("[{i}]: {e}"))?;
        earlier.truncate(mark);
    }
    Ok(())
}

/// Bits as the signed or unsigned value `write_int` range-checks.
fn signed(int: Int, bits: u64) -> i64 {
    match int {
        Int::I8 => bits as u8 as i8 as i64,
        Int::I16 => bits as u16 as i16 as i64,
        Int::I32 => bits as u32 as i32 as i64,
        _ => bits as i64,
    }
}

fn default_value(d: &FieldDef) -> Value {
    match (d.default, &d.ty) {
        (Default::Float(x), _) => Value::from(x),
        (Default::Int(n), _) => Value::from(n),
        (Default::Zero, Ty::F32 | Ty::F64) => Value::from(0.0),
        (Default::Zero, Ty::Bytes(n)) => Value::from("00".repeat(*n)),
        (Default::Zero, Ty::Flags(..)) => Value::Array(Vec::new()),
        (Default::Zero, Ty::Bits(..) | Ty::Struct(_)) => Value::Object(Map::new()),
        (Default::Zero, Ty::List(..) | Ty::ListBy(..)) => Value::Array(Vec::new()),
        (Default::Zero, Ty::Char4) => Value::from("\\x00\\x00\\x00\\x00"),
        (Default::Zero, Ty::FormId) => Value::from("0x00000000"),
        (Default::Zero, Ty::WString | Ty::String32 | Ty::ZString) => Value::from(""),
        (Default::Zero, Ty::Bool) => Value::Bool(false),
        (Default::Zero, _) => Value::from(0),
    }
}

/// Encodes struct fields. With `may_end_early`, fields after the last one
/// present stay out, as in subrecords that end early; defaults fill the
/// gaps before it. A field that is conditional stays out when absent.
fn encode_fields(
    fields: &[FieldDef],
    m: &Map<String, Value>,
    earlier: &mut Earlier,
    out: &mut Vec<u8>,
    may_end_early: bool,
) -> Result<(), String> {
    let end = if may_end_early {
        fields
            .iter()
            .rposition(|fd| m.contains_key(fd.name))
            .map_or(0, |i| i + 1)
    } else {
        fields.len()
    };
    let mark = earlier.len();
    for fd in &fields[..end] {
        let owned;
        let v = match m.get(fd.name) {
            Some(v) => v,
            None if matches!(fd.ty, Ty::If(_)) => continue,
            None => {
                owned = default_value(fd);
                &owned
            }
        };
        let raw = encode_ty(&fd.ty, v, earlier, out).map_err(|e| format!("{}: {e}", fd.name))?;
        if let Some(raw) = raw {
            earlier.push((fd.name, raw));
        }
    }
    earlier.truncate(mark);
    for key in m.keys() {
        if key != "_rest" && !fields.iter().any(|fd| fd.name == key) {
            let names: Vec<_> = fields.iter().map(|fd| fd.name).collect();
            return Err(format!(
                "unknown field {key:?} (fields: {})",
                names.join(", ")
            ));
        }
    }
    if let Some(rest) = m.get("_rest") {
        out.extend_from_slice(&expect_hex(rest).map_err(|e| format!("_rest: {e}"))?);
    }
    Ok(())
}

/// Values of earlier members of the group being decoded or encoded, for
/// [`Field::BySibling`].
pub type Siblings = Map<String, Value>;

fn sibling_case<'a>(
    sibling: &str,
    cases: &'a [(&'static str, Field)],
    default: &'a Field,
    siblings: &Siblings,
) -> &'a Field {
    let text = siblings.get(sibling).and_then(Value::as_str);
    let fits = |case: &str, t: &str| match case.strip_suffix('*') {
        Some(prefix) => t.starts_with(prefix),
        None => case == t,
    };
    text.and_then(|t| cases.iter().find(|(c, _)| fits(c, t)))
        .map(|(_, f)| f)
        .unwrap_or(default)
}

/// Decodes a subrecord's data by its declared layout. `None` means it does
/// not fit (the caller keeps it as bytes). A struct whose data ends early
/// leaves its later fields out; bytes past its last whole field are kept
/// as `_rest`.
pub fn decode_field(
    field: &Field,
    data: &[u8],
    ctx: &FormCtx,
    siblings: &Siblings,
) -> Option<Value> {
    let mut r = Cursor { data, pos: 0 };
    let mut earlier = Earlier::new();
    match field {
        Field::ZString => {
            let (last, body) = data.split_last()?;
            if *last != 0 || body.contains(&0) {
                return None;
            }
            Some(Value::from(decode_cp1252(body).into_owned()))
        }
        Field::LString if ctx.localized => {
            let id = u32::from_le_bytes(data.try_into().ok()?);
            let mut m = Map::new();
            m.insert("string_id".into(), Value::from(id));
            Some(Value::Object(m))
        }
        Field::LString => decode_field(&Field::ZString, data, ctx, siblings),
        Field::Text => Some(Value::from(decode_cp1252(data).into_owned())),
        Field::Bytes => Some(Value::from(to_hex(data))),
        Field::Empty => data.is_empty().then_some(Value::Null),
        Field::Value(ty) => {
            let (v, _) = decode_ty(ty, &mut r, &mut earlier, ctx)?;
            r.is_empty().then_some(v)
        }
        Field::Struct(fields) => {
            let mut m = Map::new();
            for fd in *fields {
                if r.is_empty() {
                    break;
                }
                let save = r.pos;
                match decode_ty(&fd.ty, &mut r, &mut earlier, ctx) {
                    Some((v, raw)) => {
                        if let Some(raw) = raw {
                            earlier.push((fd.name, raw));
                        }
                        if !v.is_null() || !matches!(fd.ty, Ty::If(_)) {
                            m.insert(fd.name.into(), v);
                        }
                    }
                    None => {
                        r.pos = save;
                        break;
                    }
                }
            }
            if !r.is_empty() {
                m.insert("_rest".into(), Value::from(to_hex(&data[r.pos..])));
            }
            Some(Value::Object(m))
        }
        Field::Array(fields) => {
            let mut items = Vec::new();
            while !r.is_empty() {
                items.push(item_value(fields, &mut r, &mut earlier, ctx)?);
            }
            Some(Value::Array(items))
        }
        Field::BySize(cases) => {
            let (_, f) = cases.iter().find(|(n, _)| *n == data.len())?;
            let mut v = decode_field(f, data, ctx, siblings)?;
            // Where an earlier layout would also take this value (the same
            // fields at another width), the size is kept to tell them apart.
            let mut again = Vec::new();
            let chosen_again =
                encode_field(field, &v, siblings, &mut again).is_ok() && again.len() == data.len();
            if let (false, Some(m)) = (chosen_again, v.as_object_mut()) {
                m.insert("_size".into(), Value::from(data.len()));
            }
            Some(v)
        }
        Field::BySibling {
            sibling,
            cases,
            default,
        } => decode_field(
            sibling_case(sibling, cases, default, siblings),
            data,
            ctx,
            siblings,
        ),
    }
}

/// Encodes a value by its declared layout.
pub fn encode_field(
    field: &Field,
    v: &Value,
    siblings: &Siblings,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let mut earlier = Earlier::new();
    match field {
        Field::LString => match v.get("string_id") {
            Some(id) => {
                let id = id
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| format!("expected a string ID, found {id}"))?;
                out.extend_from_slice(&id.to_le_bytes());
                Ok(())
            }
            None => encode_field(&Field::ZString, v, siblings, out),
        },
        Field::ZString | Field::Text => {
            let s = v
                .as_str()
                .ok_or_else(|| format!("expected a string, found {v}"))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| format!("{s:?} has characters Windows-1252 cannot hold"))?;
            out.extend_from_slice(&b);
            if matches!(field, Field::ZString) {
                out.push(0);
            }
            Ok(())
        }
        Field::Bytes => {
            out.extend_from_slice(&expect_hex(v)?);
            Ok(())
        }
        Field::Empty => Ok(()),
        Field::Value(ty) => encode_ty(ty, v, &mut earlier, out).map(|_| ()),
        Field::Struct(fields) => {
            let m = v
                .as_object()
                .ok_or_else(|| format!("expected an object, found {v}"))?;
            encode_fields(fields, m, &mut earlier, out, true)
        }
        Field::Array(fields) => {
            let list = v
                .as_array()
                .ok_or_else(|| format!("expected a list, found {v}"))?;
            encode_items(fields, list, &mut earlier, out)
        }
        Field::BySize(cases) => {
            if let Some(size) = v.get("_size").and_then(Value::as_u64) {
                let (_, f) = cases
                    .iter()
                    .find(|(n, _)| *n as u64 == size)
                    .ok_or_else(|| format!("_size: no layout of {size} bytes"))?;
                let mut inner = v.clone();
                inner.as_object_mut().map(|m| m.remove("_size"));
                return encode_field(f, &inner, siblings, out);
            }
            // The layout whose size the encoded value has is the one meant.
            let mut last_err = String::from("no layout declared");
            for (size, f) in *cases {
                let mut buf = Vec::new();
                match encode_field(f, v, siblings, &mut buf) {
                    Ok(()) if buf.len() == *size => {
                        out.extend_from_slice(&buf);
                        return Ok(());
                    }
                    Ok(()) => last_err = format!("encodes to {} bytes, not {size}", buf.len()),
                    Err(e) => last_err = e,
                }
            }
            Err(last_err)
        }
        Field::BySibling {
            sibling,
            cases,
            default,
        } => encode_field(
            sibling_case(sibling, cases, default, siblings),
            v,
            siblings,
            out,
        ),
    }
}
