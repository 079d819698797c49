//! Field values as JSON and back: JSON → bytes for every field type a
//! declaration can name, and the JSON forms of numbers that need care.
//! Bytes → values is `super::value`. Floats print as their shortest exact
//! form, unknown enum values stay numbers, unknown flag bits stay hex,
//! padding stays bytes.

use super::select::{lookup, select, sibling_case, Earlier};
use super::types::*;
use crate::io::{encode_cp1252, from_hex, Error, FormId, Sig};
use serde_json::{Map, Value};

/// What a form ID is shown with: the plugin it belongs to.
#[derive(Debug, Clone, Default)]
pub struct FormCtx {
    /// The plugin's masters, in order, so a form ID's top byte names one.
    pub masters: Vec<String>,
    /// The plugin's own file name, for form IDs it defines.
    pub own_name: String,
    /// Translatable strings are IDs into strings files (a localized
    /// Skyrim plugin).
    pub localized: bool,
    /// The string tables of a localized plugin, to show each string ID's
    /// text beside it (never written: the ID is what is kept).
    pub strings: Option<std::sync::Arc<crate::plugin::strings::StringTables>>,
    /// A save's form ID array, which its irefs index (the save's plugins
    /// are then `masters`).
    pub irefs: Option<std::sync::Arc<Irefs>>,
}

/// A save's form ID array, with where each form ID first stands in it.
#[derive(Debug, Default)]
pub struct Irefs {
    ids: Vec<FormId>,
    first: std::collections::HashMap<FormId, u32>,
}

impl Irefs {
    /// The array as the save holds it.
    pub fn new(ids: &[FormId]) -> Irefs {
        let mut first = std::collections::HashMap::with_capacity(ids.len());
        for (i, id) in ids.iter().enumerate() {
            if let Ok(i) = u32::try_from(i) {
                first.entry(*id).or_insert(i);
            }
        }
        Irefs {
            ids: ids.to_vec(),
            first,
        }
    }
}

impl FormCtx {
    /// The context of a plugin's records: its masters, its name, whether
    /// its strings are IDs. Its string tables are added by who loads them.
    pub fn of(plugin: &crate::plugin::Plugin<'_>) -> FormCtx {
        FormCtx {
            // A header that does not read has no masters to name.
            masters: plugin.masters().unwrap_or_default(),
            own_name: plugin.name().to_string(),
            localized: plugin.is_localized(),
            strings: None,
            irefs: None,
        }
    }

    /// A form ID as JSON: `"0x00001CB6 (Skyrim.esm)"`; the bare hex for
    /// the null form ID (0) and when no plugin is known for it.
    pub fn show(&self, id: FormId) -> Value {
        if id.0 == 0 {
            return Value::String(plain_form_id(id));
        }
        let owner = crate::plugin::Plugin::form_id_owner(&self.masters, id, &self.own_name);
        if owner.is_empty() {
            Value::String(plain_form_id(id))
        } else {
            Value::String(format!("{id} ({owner})"))
        }
    }

    /// An iref as JSON: the form ID it names (a form created in the save,
    /// top byte 0xFF, is its own); the number where the save's form ID
    /// array does not hold it, or holds its form ID at an earlier place
    /// too (the null form ID of freed places, most often), since the form
    /// ID would then be written back as the earlier iref.
    pub fn show_iref(&self, iref: u32) -> Value {
        match self.iref_form(iref) {
            Some(id) if self.iref_of(id) == Some(iref) && id.0 != 0 => self.show(id),
            _ => Value::from(iref),
        }
    }

    /// The form an iref names, where the form ID array is known.
    pub fn iref_form(&self, iref: u32) -> Option<FormId> {
        if iref >> 24 == 0xFF {
            return Some(FormId(iref));
        }
        self.irefs.as_ref()?.ids.get(iref as usize).copied()
    }

    /// The iref that names `id`: its first place in the form ID array, or
    /// itself for a form created in the save.
    pub fn iref_of(&self, id: FormId) -> Option<u32> {
        if id.master_index() == 0xFF {
            return Some(id.0);
        }
        self.irefs.as_ref()?.first.get(&id).copied()
    }

    /// Checks that the plugin `note` names is the one `id` belongs to by
    /// its top byte, as [`show`](Self::show) would name it.
    pub fn check_note(&self, id: FormId, note: &str) -> Result<(), Error> {
        let owner = crate::plugin::Plugin::form_id_owner(&self.masters, id, &self.own_name);
        if owner.is_empty() || owner.eq_ignore_ascii_case(note) {
            return Ok(());
        }
        let index = id.master_index();
        let hint = match self
            .masters
            .iter()
            .position(|m| m.eq_ignore_ascii_case(note))
        {
            Some(i) => format!("; form IDs of {note} start with {i:02X} here"),
            None if self.own_name.eq_ignore_ascii_case(note) => format!(
                "; this plugin's own form IDs start with {:02X}",
                self.masters.len()
            ),
            None => format!("; {note} is not a master of this plugin"),
        };
        Err(bad(format!(
            "form ID {id} is noted as {note}, but its top byte {index:02X} names {owner}{hint}"
        )))
    }
}

/// A form ID written as text: hex (`0x0001CB6`), optionally followed by
/// the plugin it belongs to in brackets (`0x0001CB6 (Skyrim.esm)`), which
/// must agree with the number when `forms` is given.
pub fn parse_form_id(text: &str, forms: Option<&FormCtx>) -> Result<FormId, Error> {
    if let Some(id) = FormId::from_hex(text.as_bytes()) {
        return Ok(id);
    }
    let text = text.trim();
    let (hex, note) = match text.split_once(char::is_whitespace) {
        Some((hex, rest)) => (hex, Some(rest.trim())),
        None => (text, None),
    };
    let shape = || {
        bad(format!(
            "expected a form ID like \"0x0001CB6\" or \"0x0001CB6 (Plugin.esp)\", found {text:?}"
        ))
    };
    let id = FormId::parse(hex).ok_or_else(shape)?;
    if let Some(note) = note {
        let name = note
            .strip_prefix('(')
            .and_then(|n| n.strip_suffix(')'))
            .ok_or_else(shape)?;
        if let Some(ctx) = forms {
            ctx.check_note(id, name)?;
        }
    }
    Ok(id)
}

/// A value that does not fit its declaration; the field it is in is added
/// as the error rises.
pub(crate) fn bad(problem: impl Into<String>) -> Error {
    Error::value("", problem)
}

/// Fails if `v` is an object with a key not in `allowed`.
pub(crate) fn only_keys(v: &Value, allowed: &[&str]) -> Result<(), Error> {
    if let Value::Object(m) = v {
        if let Some(k) = m.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(bad(format!(
                "unknown key {k:?} (expected {})",
                allowed
                    .iter()
                    .map(|a| format!("{a:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
    }
    Ok(())
}

pub(super) fn write_int(int: Int, v: i64, out: &mut Vec<u8>) -> Result<(), Error> {
    if !int.holds(v) {
        return Err(bad(format!("{v} does not fit in {int:?}")));
    }
    out.extend_from_slice(&v.to_le_bytes()[..int.size()]);
    Ok(())
}

fn json_int(v: &Value, int: Int) -> Option<i64> {
    if int == Int::U64 {
        return v.as_u64().map(|x| x as i64);
    }
    v.as_i64()
}

/// A form ID as its `Display` writes it (`0x` and eight upper-case hex
/// digits), without the formatting machinery: it is shown for every form
/// ID a record holds.
fn plain_form_id(id: FormId) -> String {
    String::from_utf8(id.hex().to_vec()).expect("hex digits are ASCII")
}

/// An f32 as JSON: its shortest decimal form, which reads back to the
/// same bits. Values JSON cannot hold (NaN, infinities) keep their bits.
pub fn f32_value(x: f32) -> Value {
    if x.is_finite() {
        Value::from(f32_shown(x))
    } else {
        let mut m = Map::new();
        m.insert("f32_bits".into(), format!("0x{:08X}", x.to_bits()).into());
        Value::Object(m)
    }
}

/// A finite f32 as the JSON form and the tree show it: the shortest
/// decimal that gives back the f32, the one Rust's own formatting gives,
/// read as an f64. This runs for every float shown: the digits are Ryu's,
/// which are the same but where the f32 lies halfway between two
/// shortest decimals (a tie, which the two break differently), and read
/// by [`exact_decimal`] where it can.
pub(crate) fn f32_shown(x: f32) -> f64 {
    let mut buf = ryu::Buffer::new();
    let text = buf.format_finite(x);
    let Some((negative, mantissa, scale)) = decimal_parts(text.as_bytes()) else {
        return displayed(x);
    };
    if exact_digits(x).is_some_and(|exact| exact == significant_digits(mantissa) + 1) {
        // Exactly one digit more than the shortest: the last is a 5, and
        // the shortest decimals either side are equally near.
        return displayed(x);
    }
    match exact_decimal(mantissa, scale) {
        Some(v) if negative => -v,
        Some(v) => v,
        None => text.parse().expect("a float prints as a float"),
    }
}

/// An f32's shortest decimal as Rust's own formatting writes it, read as
/// an f64.
fn displayed(x: f32) -> f64 {
    use std::io::Write as _;
    let mut buf = [0u8; 64];
    let mut cursor = std::io::Cursor::new(&mut buf[..]);
    write!(cursor, "{x}").expect("an f32 prints in 64 bytes");
    let len = cursor.position() as usize;
    std::str::from_utf8(&buf[..len])
        .ok()
        .and_then(|t| t.parse().ok())
        .expect("a float prints as a float")
}

/// How many significant digits the exact decimal of an f32 has, where it
/// has at most ten (`None` where it has more). An f32 is an odd m times
/// 2^e: a whole number when e >= 0, whose last digit is never a 5; else
/// m × 5^-e over 10^-e, whose digits are those of m × 5^-e.
fn exact_digits(x: f32) -> Option<u32> {
    let bits = x.to_bits();
    let (exponent, fraction) = ((bits >> 23) & 0xFF, bits & 0x7F_FFFF);
    let (m, e) = match exponent {
        0 => (fraction, -149),
        _ => (fraction | 0x80_0000, exponent as i32 - 150),
    };
    if m == 0 {
        return None;
    }
    let (m, e) = (m >> m.trailing_zeros(), e + m.trailing_zeros() as i32);
    // 5^14 is the last power of five under 10^10.
    if !(-14..0).contains(&e) {
        return None;
    }
    let digits = u64::from(m) * 5u64.pow(e.unsigned_abs());
    (digits < 10_000_000_000).then(|| digits.ilog10() + 1)
}

/// How many significant digits a whole number has, its trailing zeros
/// not counted.
fn significant_digits(mut n: u64) -> u32 {
    if n == 0 {
        return 0;
    }
    while n.is_multiple_of(10) {
        n /= 10;
    }
    n.ilog10() + 1
}

/// A decimal as Ryu writes one (`-12.375`, `1.5e-7`): its sign, its
/// digits as one whole number and the power of ten they are scaled by;
/// `None` where the digits or the power do not fit.
fn decimal_parts(text: &[u8]) -> Option<(bool, u64, i64)> {
    let (negative, text) = match text.split_first()? {
        (b'-', rest) => (true, rest),
        _ => (false, text),
    };
    let (mut mantissa, mut scale, mut point) = (0u64, 0i64, false);
    for (i, &b) in text.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
                scale -= i64::from(point);
            }
            b'.' if !point => point = true,
            b'e' => {
                let exponent: i64 = std::str::from_utf8(&text[i + 1..]).ok()?.parse().ok()?;
                return Some((negative, mantissa, scale.checked_add(exponent)?));
            }
            _ => return None,
        }
    }
    Some((negative, mantissa, scale))
}

/// The f64 nearest `mantissa` × 10^`scale`, where the mantissa is at most
/// 2^53 and the power of ten at most 10^22: both are exact in an f64, so
/// one multiplication or division rounds to the nearest (Clinger's fast
/// path). `None` for the rest, which the standard library reads. Most
/// numbers in a record's text are f32 values in their fewest digits, which
/// this reads.
pub(crate) fn exact_decimal(mantissa: u64, scale: i64) -> Option<f64> {
    const EXACT: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    if mantissa > 1 << 53 {
        return None;
    }
    let power = *EXACT.get(usize::try_from(scale.unsigned_abs()).ok()?)?;
    let m = mantissa as f64;
    Some(if scale < 0 { m / power } else { m * power })
}

/// Reads an f32 written by [`f32_value`]: a number, or `{"f32_bits": "0x…"}`
/// for the exact bits.
pub fn json_f32(v: &Value) -> Option<f32> {
    if let Some(bits) = v.get("f32_bits").and_then(Value::as_str) {
        return u32::from_str_radix(bits.trim_start_matches("0x"), 16)
            .ok()
            .map(f32::from_bits);
    }
    v.as_f64().map(|d| d as f32)
}

pub(crate) fn f64_value(x: f64) -> Value {
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

pub(crate) fn json_flags(defs: &FlagsDef, v: &Value) -> Result<u64, Error> {
    if let Some(n) = v.as_u64() {
        return Ok(n);
    }
    let list = v
        .as_array()
        .ok_or_else(|| bad(format!("expected a list of flag names, found {v}")))?;
    let mut out = 0u64;
    for item in list {
        let name = item
            .as_str()
            .ok_or_else(|| bad(format!("expected a flag name, found {item}")))?;
        if let Some((bit, _)) = defs.bits.iter().find(|(_, n)| *n == name) {
            out |= bit;
        } else if let Some(hex) = name.strip_prefix("0x") {
            out |=
                u64::from_str_radix(hex, 16).map_err(|_| bad(format!("bad flag bit {name:?}")))?;
        } else {
            let known: Vec<_> = defs.bits.iter().map(|(_, n)| *n).collect();
            return Err(bad(format!(
                "unknown flag {name:?} (known: {})",
                known.join(", ")
            )));
        }
    }
    Ok(out)
}

fn json_enum(defs: &EnumDef, int: Int, v: &Value) -> Result<i64, Error> {
    if let Some(n) = json_int(v, int) {
        return Ok(n);
    }
    let name = v
        .as_str()
        .ok_or_else(|| bad(format!("expected a name or a number, found {v}")))?;
    defs.value_of(name).ok_or_else(|| {
        let known: Vec<_> = defs.values.iter().map(|(_, n)| *n).collect();
        bad(format!(
            "{name:?} is not a value of this enum; its values are {} (or a number)",
            known.join(", ")
        ))
    })
}

fn expect_hex(v: &Value) -> Result<Vec<u8>, Error> {
    v.as_str()
        .and_then(from_hex)
        .ok_or_else(|| bad(format!("expected hex bytes, found {v}")))
}

/// The integer a value of type `ty` is stored as (an enum's name as its
/// number, flags as their bits, a form ID as its number, a boolean as 0
/// or 1), read the way it would be written; `None` for a value that is
/// not an integer or does not fit `ty`.
pub(crate) fn stored_int(ty: &Ty, v: &Value) -> Option<i64> {
    let mut scratch = Vec::new();
    encode_ty(ty, v, &mut Earlier::new(), &mut scratch, Enc::default())
        .ok()
        .flatten()
}

/// Whether a value encodes as a type on its own (a type that needs
/// earlier fields to decide does not).
pub(crate) fn fits(ty: &Ty, v: &Value) -> bool {
    let mut scratch = Vec::new();
    encode_ty(ty, v, &mut Earlier::new(), &mut scratch, Enc::default()).is_ok()
}

/// Encodes one field; returns its raw integer value for later fields.
pub(super) fn encode_ty(
    ty: &Ty,
    v: &Value,
    earlier: &mut Earlier,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<Option<i64>, Error> {
    match ty {
        Ty::Int(int) => {
            let n =
                json_int(v, *int).ok_or_else(|| bad(format!("expected an integer, found {v}")))?;
            write_int(*int, n, out)?;
            Ok(Some(n))
        }
        Ty::F32 => {
            only_keys(v, &["f32_bits"])?;
            let x = json_f32(v).ok_or_else(|| bad(format!("expected a number, found {v}")))?;
            if !x.is_finite() && v.is_number() {
                return Err(bad(format!(
                    "{v} does not fit in a 32-bit float (at most ±3.4028235e38; infinity and NaN are written as {{\"f32_bits\": \"0x7F800000\"}})"
                )));
            }
            out.extend_from_slice(&x.to_le_bytes());
            Ok(None)
        }
        Ty::F64 => {
            only_keys(v, &["f64_bits"])?;
            let x = json_f64(v).ok_or_else(|| bad(format!("expected a number, found {v}")))?;
            out.extend_from_slice(&x.to_le_bytes());
            Ok(None)
        }
        Ty::FormId | Ty::FormIdOf(_) => {
            let id = match v {
                Value::String(s) => parse_form_id(s, cx.forms)?,
                _ => v
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .map(FormId)
                    .ok_or_else(|| {
                        bad(format!("expected a form ID like \"0x0001CB6\", found {v}"))
                    })?,
            };
            out.extend_from_slice(&id.0.to_le_bytes());
            Ok(Some(id.0 as i64))
        }
        Ty::Iref => {
            let n = match v.as_str() {
                Some(text) => {
                    let id = parse_form_id(text, cx.forms)?;
                    // A form created in the save is named by its own ID.
                    if id.master_index() == 0xFF {
                        out.extend_from_slice(&id.0.to_le_bytes());
                        return Ok(Some(id.0 as i64));
                    }
                    let forms = cx.forms.filter(|f| f.irefs.is_some()).ok_or_else(|| {
                        bad(format!("{text:?}: a form named by a save's iref needs the save's form ID array"))
                    })?;
                    forms.iref_of(id).ok_or_else(|| {
                        bad(format!(
                            "{id}: the save's form ID array does not hold it (an item is added with `save edit --item`)"
                        ))
                    })?
                }
                None => v
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| bad(format!("expected a form ID or an iref, found {v}")))?,
            };
            out.extend_from_slice(&n.to_le_bytes());
            Ok(Some(n as i64))
        }
        Ty::Char4 => {
            let s = v
                .as_str()
                .and_then(Sig::parse)
                .ok_or_else(|| bad(format!("expected 4 characters, found {v}")))?;
            out.extend_from_slice(&s.0);
            Ok(None)
        }
        Ty::Bytes(n) => {
            let b = expect_hex(v)?;
            if b.len() != *n {
                return Err(bad(format!("expected {n} bytes of hex, found {}", b.len())));
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
                .ok_or_else(|| bad(format!("expected an object of bit fields, found {v}")))?;
            if let Some(k) = m
                .keys()
                .find(|k| *k != "_other_bits" && !fields.iter().any(|bf| bf.name == *k))
            {
                let names: Vec<_> = fields.iter().map(|bf| bf.name).collect();
                return Err(bad(format!(
                    "unknown bit field {k:?} (fields: {}, _other_bits)",
                    names.join(", ")
                )));
            }
            let mut n = match m.get("_other_bits") {
                None => 0,
                Some(o) => o.as_u64().ok_or_else(|| {
                    bad(format!("_other_bits: expected a whole number, found {o}"))
                })?,
            };
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
                    .ok_or_else(|| bad(format!("expected true or false, found {v}")))?,
            };
            out.push(b);
            Ok(Some(b as i64))
        }
        Ty::WString => {
            let s = v
                .as_str()
                .ok_or_else(|| bad(format!("expected a string, found {v}")))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| bad(format!("{s:?} has characters Windows-1252 cannot hold")))?;
            let len = u16::try_from(b.len())
                .map_err(|_| bad(format!("string of {} bytes is too long", b.len())))?;
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&b);
            Ok(None)
        }
        Ty::BString => {
            let s = v
                .as_str()
                .ok_or_else(|| bad(format!("expected a string, found {v}")))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| bad(format!("{s:?} has characters Windows-1252 cannot hold")))?;
            let len = u8::try_from(b.len()).map_err(|_| {
                bad(format!(
                    "a text of {} bytes is too long: at most 255",
                    b.len()
                ))
            })?;
            out.push(len);
            out.extend_from_slice(&b);
            Ok(None)
        }
        Ty::Block(int) => {
            let b = expect_hex(v)?;
            write_int(*int, b.len() as i64, out).map_err(|_| {
                bad(format!(
                    "{} bytes are too many for a {int:?} length",
                    b.len()
                ))
            })?;
            out.extend_from_slice(&b);
            Ok(None)
        }
        Ty::String32 => {
            let s = v
                .as_str()
                .ok_or_else(|| bad(format!("expected a string, found {v}")))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| bad(format!("{s:?} has characters Windows-1252 cannot hold")))?;
            let len = u32::try_from(b.len())
                .map_err(|_| bad(format!("string of {} bytes is too long", b.len())))?;
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&b);
            Ok(None)
        }
        Ty::ZString => {
            let s = v
                .as_str()
                .ok_or_else(|| bad(format!("expected a string, found {v}")))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| bad(format!("{s:?} has characters Windows-1252 cannot hold")))?;
            if b.contains(&0) {
                return Err(bad(format!("{s:?} holds a zero byte")));
            }
            out.extend_from_slice(&b);
            out.push(0);
            Ok(None)
        }
        Ty::Select(sel) => {
            let chosen = select(sel, earlier);
            encode_ty(chosen, v, earlier, out, cx)
        }
        Ty::Struct(fields) => {
            let m = v
                .as_object()
                .ok_or_else(|| bad(format!("expected an object, found {v}")))?;
            encode_fields(fields, m, earlier, out, false, cx)?;
            Ok(None)
        }
        Ty::List(int, fields) => {
            let list = v
                .as_array()
                .ok_or_else(|| bad(format!("expected a list, found {v}")))?;
            write_int(*int, list.len() as i64, out)?;
            encode_items(fields, list, earlier, out, cx)?;
            Ok(None)
        }
        Ty::Rest(fields) => {
            let list = v
                .as_array()
                .ok_or_else(|| bad(format!("expected a list, found {v}")))?;
            encode_items(fields, list, earlier, out, cx)?;
            Ok(None)
        }
        Ty::ListBy(field, fields) => {
            let list = v
                .as_array()
                .ok_or_else(|| bad(format!("expected a list, found {v}")))?;
            if lookup(earlier, field) != Some(list.len() as i64) {
                return Err(bad(format!(
                    "the list has {} items but {field} says {:?}",
                    list.len(),
                    lookup(earlier, field)
                )));
            }
            encode_items(fields, list, earlier, out, cx)?;
            Ok(None)
        }
        Ty::If(cond) => encode_ty(&cond.ty, v, earlier, out, cx),
    }
}

fn encode_items(
    fields: &[FieldDef],
    list: &[Value],
    earlier: &mut Earlier,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), Error> {
    for (i, item) in list.iter().enumerate() {
        let mark = earlier.len();
        if let [single] = fields {
            encode_ty(&single.ty, item, earlier, out, cx).map(|_| ())
        } else {
            let m = item
                .as_object()
                .ok_or_else(|| bad(format!("expected an object, found {item}")))?;
            encode_fields(fields, m, earlier, out, false, cx)
        }
        .map_err(|e| e.at_field(&i.to_string()))?;
        earlier.truncate(mark);
    }
    Ok(())
}

/// Bits as the signed or unsigned value `write_int` range-checks.
pub(super) fn signed(int: Int, bits: u64) -> i64 {
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
        (Default::Zero, Ty::List(..) | Ty::ListBy(..) | Ty::Rest(_)) => Value::Array(Vec::new()),
        (Default::Zero, Ty::Char4) => Value::from("\\x00\\x00\\x00\\x00"),
        (Default::Zero, Ty::FormId | Ty::FormIdOf(_)) => Value::from("0x00000000"),
        (Default::Zero, Ty::WString | Ty::String32 | Ty::ZString | Ty::BString) => Value::from(""),
        (Default::Zero, Ty::Block(_)) => Value::from(""),
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
    cx: Enc<'_>,
) -> Result<(), Error> {
    let end = if may_end_early {
        fields
            .iter()
            .rposition(|fd| m.contains_key(fd.name))
            .map_or(0, |i| i + 1)
    } else {
        fields.len()
    };
    let mark = earlier.len();
    // A struct made by decoding holds its fields in declaration order:
    // each is first looked for at the next key in the map, and looked up
    // by name only where it is not there. The keys taken in order are all
    // field names, so when they are all the keys none is unknown.
    let mut next = m.iter().peekable();
    let mut in_order = 0;
    for fd in &fields[..end] {
        let owned;
        let found = match next.peek() {
            Some((key, v)) if key.as_str() == fd.name && fd.name != "_rest" => {
                let v = *v;
                next.next();
                in_order += 1;
                Some(v)
            }
            _ => m.get(fd.name),
        };
        let v = match found {
            Some(v) => v,
            None if matches!(fd.ty, Ty::If(_)) => continue,
            None => {
                owned = default_value(fd);
                &owned
            }
        };
        let raw = encode_ty(&fd.ty, v, earlier, out, cx).map_err(|e| e.at_field(fd.name))?;
        if let Some(raw) = raw {
            earlier.push((fd.name, raw));
        }
    }
    earlier.truncate(mark);
    if in_order == m.len() {
        return Ok(());
    }
    for key in m.keys() {
        if key != "_rest" && !fields.iter().any(|fd| fd.name == key) {
            let names: Vec<_> = fields.iter().map(|fd| fd.name).collect();
            return Err(bad(format!(
                "unknown field {key:?} (fields: {})",
                names.join(", ")
            )));
        }
    }
    if let Some(rest) = m.get("_rest") {
        out.extend_from_slice(&expect_hex(rest).map_err(|e| e.at_field("_rest"))?);
    }
    Ok(())
}

/// Values of earlier members of the group being decoded or encoded, for
/// [`Field::BySibling`].
pub type Siblings = Map<String, Value>;

/// Encodes a value by its declared layout.
pub fn encode_field(
    field: &Field,
    v: &Value,
    siblings: &Siblings,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    encode_field_in(field, v, siblings, out, Enc::default())
}

/// What encoding checks beyond the declaration.
#[derive(Debug, Clone, Copy, Default)]
pub struct Enc<'c> {
    /// The plugin's masters and name: a form ID's note of the plugin it
    /// belongs to must agree with its number.
    pub forms: Option<&'c FormCtx>,
}

/// Like [`encode_field`], with the checks `cx` asks for.
pub fn encode_field_in(
    field: &Field,
    v: &Value,
    siblings: &Siblings,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), Error> {
    let mut earlier = Earlier::new();
    match field {
        Field::LString => match v.get("string_id") {
            Some(id) => {
                // `text` shows what the strings files hold; only the ID is
                // written.
                only_keys(v, &["string_id", "text"])?;
                let id = id
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| bad(format!("expected a string ID, found {id}")))?;
                out.extend_from_slice(&id.to_le_bytes());
                Ok(())
            }
            None if cx.forms.is_some_and(|f| f.localized) => Err(bad(format!(
                "a localized plugin keeps this text in its strings files: expected {{\"string_id\": n}}, found {v}"
            ))),
            None => encode_field_in(&Field::ZString, v, siblings, out, cx),
        },
        Field::ZString | Field::Text => {
            let s = v
                .as_str()
                .ok_or_else(|| bad(format!("expected a string, found {v}")))?;
            let b = encode_cp1252(s)
                .ok_or_else(|| bad(format!("{s:?} has characters Windows-1252 cannot hold")))?;
            out.extend_from_slice(&b);
            if matches!(field, Field::ZString) {
                out.push(0);
            }
            Ok(())
        }
        Field::Bytes | Field::Opaque => {
            out.extend_from_slice(&expect_hex(v)?);
            Ok(())
        }
        Field::Empty => Ok(()),
        Field::Value(ty) => encode_ty(ty, v, &mut earlier, out, cx).map(|_| ()),
        Field::Struct(fields) => {
            let m = v
                .as_object()
                .ok_or_else(|| bad(format!("expected an object, found {v}")))?;
            encode_fields(fields, m, &mut earlier, out, true, cx)
        }
        Field::Array(fields) => {
            let list = v
                .as_array()
                .ok_or_else(|| bad(format!("expected a list, found {v}")))?;
            encode_items(fields, list, &mut earlier, out, cx)
        }
        Field::BySize(cases) => {
            if let Some(size) = v.get("_size").and_then(Value::as_u64) {
                let (_, f) = cases
                    .iter()
                    .find(|(n, _)| *n as u64 == size)
                    .ok_or_else(|| bad(format!("_size: no layout of {size} bytes")))?;
                let mut inner = v.clone();
                inner.as_object_mut().map(|m| m.remove("_size"));
                return encode_field_in(f, &inner, siblings, out, cx);
            }
            // The layout whose size the encoded value has is the one meant.
            // When none takes it, the error that says most is that of the
            // layout that got furthest before failing.
            let mut best: Option<(usize, Error)> = None;
            for (size, f) in *cases {
                let mut buf = Vec::new();
                let (reached, err) = match encode_field_in(f, v, siblings, &mut buf, cx) {
                    Ok(()) if buf.len() == *size => {
                        out.extend_from_slice(&buf);
                        return Ok(());
                    }
                    Ok(()) => (0, bad(format!("encodes to {} bytes, not {size}", buf.len()))),
                    Err(e) => (buf.len() + 1, e),
                };
                if best.as_ref().is_none_or(|(r, _)| reached > *r) {
                    best = Some((reached, err));
                }
            }
            Err(best.map_or_else(|| bad("no layout declared"), |(_, e)| e))
        }
        Field::BySibling {
            sibling,
            cases,
            default,
        } => {
            let text = siblings.get(*sibling).and_then(Value::as_str);
            encode_field_in(sibling_case(cases, default, text), v, siblings, out, cx)
        }
        Field::ByFit(cases) => {
            // The first layout that takes the value is the one it was read
            // by (their JSON forms differ in kind). When none takes it, the
            // error that says most is that of the layout that got furthest.
            let mut best: Option<(usize, Error)> = None;
            for f in *cases {
                let mut buf = Vec::new();
                match encode_field_in(f, v, siblings, &mut buf, cx) {
                    Ok(()) => {
                        out.extend_from_slice(&buf);
                        return Ok(());
                    }
                    Err(e) if best.as_ref().is_none_or(|(r, _)| buf.len() + 1 > *r) => {
                        best = Some((buf.len() + 1, e));
                    }
                    Err(_) => {}
                }
            }
            Err(best.map_or_else(|| bad("no layout declared"), |(_, e)| e))
        }
    }
}
