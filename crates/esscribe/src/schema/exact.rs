//! Whether a record's JSON form gives back its bytes, worked out from its
//! typed values without making the JSON: each value is encoded as its JSON
//! form would encode back ([`super::codec`]), and compared with the bytes
//! it was read from.
//!
//! [`decode`](super::decode) proves its JSON by encoding it again; this is
//! the same proof where it can be made from the typed view alone, at a
//! fraction of the cost. It answers `true` only when encoding the record's
//! first JSON form (its subrecords not checked one by one) gives back
//! exactly the record's subrecords. Where it cannot tell (a member sharing
//! its name whose key would not lead the encoder back to it, a layout
//! chosen by a sibling that came after it or repeats, subrecords kept as
//! bytes or out of the usual size form, a value its JSON would not give
//! back) it answers `false`, and the caller proves the JSON form as before.

use super::codec::{encode_field, f32_shown, signed, FormCtx};
use super::select::{chosen_by, lookup, select, sibling_case, Earlier};
use super::shape::{keyed_by_name, shares_names};
use super::types::*;
use super::value::{FieldValue, Val};
use super::view::{ItemKind, ItemRef, RecordView, SubValue};
use crate::io::{decode_cp1252, encode_cp1252, Sig};
use crate::plugin::SizeForm;
use serde_json::Map;

/// Whether the record's JSON form, made from `view` (read from the record
/// data `data`), encodes back to exactly `data`; `false` where that is not
/// sure.
pub(crate) fn json_gives_back(view: &RecordView<'_>, data: &[u8], ctx: &FormCtx) -> bool {
    let mut walk = Walk {
        view,
        data,
        next: 0,
        ctx,
        earlier: Earlier::new(),
        met: Vec::new(),
    };
    walk.items(view.def.members, view.members()) && walk.next == data.len()
}

struct Walk<'w, 'a> {
    view: &'w RecordView<'a>,
    /// The record's data, which the view's subrecords must make up in
    /// order, each with its six-byte header.
    data: &'w [u8],
    /// Where the next subrecord must start in `data`.
    next: usize,
    ctx: &'w FormCtx,
    earlier: Earlier,
    /// The subrecords met so far in each group being walked, outermost
    /// first: where a sibling chooses a layout, the one it was read by.
    met: Vec<SubValue<'a>>,
}

impl<'a> Walk<'_, 'a> {
    /// The members in file order, as the JSON form keeps them; `members`
    /// are those declared where they stand.
    fn items<'w>(
        &mut self,
        members: &'static [Member],
        items: impl Iterator<Item = ItemRef<'w, 'a>>,
    ) -> bool
    where
        'a: 'w,
    {
        let level = self.met.len();
        let shared = shares_names(members);
        for it in items {
            let fine = match it.kind() {
                ItemKind::Sub(sv) => {
                    let fine = (!shared || self.keyed_by_name(members, &sv, level))
                        && self.sub(&sv, level);
                    self.met.push(sv);
                    fine
                }
                ItemKind::Group(g) => self.items(g.members, it.children()),
                ItemKind::Paired(p) => self.items(p.items, it.children()),
                ItemKind::PairedItem => self.items(members, it.children()),
                ItemKind::Unexpected(_) => false,
            };
            if !fine {
                return false;
            }
        }
        self.met.truncate(level);
        true
    }

    /// Where members share a name: whether the subrecord's key, its name,
    /// leads the encoder back to its own member, as it chooses among them
    /// by a sibling's text in the whole object. That sibling must have come
    /// first, and the name must not have been given to another member
    /// already (the key would be `name#2`).
    fn keyed_by_name(&self, members: &'static [Member], sv: &SubValue<'a>, level: usize) -> bool {
        let def = sv.def;
        let other_before = self.met[level..]
            .iter()
            .any(|m| m.def.name == def.name && !std::ptr::eq(m.def, def));
        if other_before {
            return false;
        }
        let sure = std::cell::Cell::new(true);
        let leads_back = keyed_by_name(members, def, |sibling| {
            let text = self.sibling_text(level, sibling);
            sure.set(sure.get() && text.is_some());
            text.flatten().map(std::borrow::Cow::Owned)
        });
        sure.get() && leads_back
    }

    /// The text of the sibling named `name` a layout is chosen by, as the
    /// JSON form gives it to the encoder: the first subrecord of that name
    /// in the group, which must have come before (the reading looked only
    /// at those), and must not repeat (the JSON form lists a repeating one).
    /// `None` where that is not sure.
    fn sibling_text(&self, level: usize, name: &str) -> Option<Option<String>> {
        let sibling = self.met[level..].iter().find(|sv| sv.def.name == name)?;
        if sibling.def.occurs == Occurs::Repeating {
            return None;
        }
        let value = self.view.value_of(sibling)?;
        Some(value.json_text(self.ctx).map(|t| t.into_owned()))
    }

    fn sub(&mut self, sv: &SubValue<'a>, level: usize) -> bool {
        // The view holds the subrecords in the order they were read, and
        // each is written back with the header it had.
        let (sig, len) = (sv.sub.sig, sv.sub.data.len());
        let Ok(short) = u16::try_from(len) else {
            return false;
        };
        let start = self.next;
        let Some(header) = self.data.get(start..start + 6) else {
            return false;
        };
        let in_place = header[..4] == sig.0
            && header[4..] == short.to_le_bytes()
            && std::ptr::eq(self.data[start + 6..].as_ptr(), sv.sub.data.as_ptr());
        if !in_place || sv.sub.size_form != SizeForm::Short {
            return false;
        }
        self.next = start + 6 + len;
        let Some(v) = self.view.value_of(sv) else {
            return false;
        };
        let mut field = &sv.def.field;
        // A layout chosen by a sibling is encoded by the sibling the whole
        // object holds: the same as it was read by when that sibling came
        // first and does not repeat.
        let mut siblings = Map::new();
        if let Some(name) = chosen_by(field) {
            let Some(text) = self.sibling_text(level, name) else {
                return false;
            };
            if let Some(text) = text {
                siblings.insert(name.to_string(), text.into());
            }
        }
        if chosen_by_data(field) {
            // Which layout the JSON encodes by is the encoder's to say:
            // this one value is shown and encoded as the JSON form would.
            let mut back = Vec::with_capacity(sv.sub.data.len());
            let json = v.to_json(self.ctx, &siblings);
            return encode_field(field, &json, &siblings, &mut back).is_ok() && back == sv.sub.data;
        }
        while let Field::BySibling {
            sibling,
            cases,
            default,
        } = field
        {
            let text = siblings.get(*sibling).and_then(|t| t.as_str());
            field = sibling_case(cases, default, text);
        }
        let mut data = Data {
            bytes: sv.sub.data,
            pos: 0,
        };
        self.earlier.clear();
        self.field(field, v, &mut data).is_some() && data.pos == data.bytes.len()
    }

    fn field(&mut self, field: &'static Field, v: Val<'_, 'a>, data: &mut Data<'_>) -> Option<()> {
        match (field, v.value()) {
            (Field::LString, FieldValue::StringId(id)) => data.take_bytes(id.to_le_bytes()),
            (Field::LString | Field::ZString, FieldValue::Text(b)) => {
                text(b)?;
                data.take(b)?;
                data.take_bytes([0])
            }
            (Field::Text, FieldValue::Text(b)) => {
                text(b)?;
                data.take(b)
            }
            (Field::Bytes | Field::Opaque, FieldValue::Bytes(b)) => data.take(b),
            (Field::Empty, FieldValue::Empty) => Some(()),
            (Field::Value(ty), _) => self.ty(ty, v, data).map(|_| ()),
            (Field::Struct(fields), FieldValue::Struct(_)) => self.fields(fields, v, true, data),
            (Field::Array(fields), FieldValue::List(_)) => self.items_of(fields, v, data),
            _ => None,
        }
    }

    /// A struct's fields as `encode_fields` writes them from JSON: in
    /// declared order, a conditional field left out where absent, and
    /// (with `may_end_early`) the fields after the last present one left
    /// out. A gap it would fill with a default is not followed.
    fn fields(
        &mut self,
        fields: &'static [FieldDef],
        v: Val<'_, 'a>,
        may_end_early: bool,
        data: &mut Data<'_>,
    ) -> Option<()> {
        let mark = self.earlier.len();
        let mut children = v.children().peekable();
        for fd in fields {
            match children.peek() {
                Some(c) if c.name() == "_rest" && may_end_early => break,
                Some(c) if c.name() == fd.name && fd.name != "_rest" => {
                    let c = *c;
                    children.next();
                    if let Some(raw) = self.ty(&fd.ty, c, data)? {
                        self.earlier.push((fd.name, raw));
                    }
                }
                _ if matches!(fd.ty, Ty::If(_)) => {}
                None if may_end_early => break,
                _ => return None,
            }
        }
        // Only bytes left over may follow the fields.
        match children.next() {
            None => {}
            Some(rest) if may_end_early && rest.name() == "_rest" && children.next().is_none() => {
                match rest.value() {
                    FieldValue::Bytes(b) => data.take(b)?,
                    _ => return None,
                }
            }
            Some(_) => return None,
        }
        self.earlier.truncate(mark);
        Some(())
    }

    /// The items of a list, each a plain value when the item has one
    /// field.
    fn items_of(
        &mut self,
        fields: &'static [FieldDef],
        v: Val<'_, 'a>,
        data: &mut Data<'_>,
    ) -> Option<()> {
        for item in v.children() {
            let mark = self.earlier.len();
            match fields {
                [single] => self.ty(&single.ty, item, data).map(|_| ())?,
                _ if matches!(item.value(), FieldValue::Struct(_)) => {
                    self.fields(fields, item, false, data)?
                }
                _ => return None,
            }
            self.earlier.truncate(mark);
        }
        Some(())
    }

    /// One value as `encode_ty` writes its JSON form; gives back the raw
    /// integer it keeps for later fields.
    fn ty(&mut self, ty: &'static Ty, v: Val<'_, 'a>, data: &mut Data<'_>) -> Option<Option<i64>> {
        match (ty, v.value()) {
            (Ty::Int(int), FieldValue::Int(read, n)) if *int == read => {
                data.int(*int, n)?;
                Some(Some(n))
            }
            // Names are read back by the names they were shown with (a
            // type chosen otherwise than it was read by is not followed).
            (Ty::Enum(int, defs), FieldValue::Enum(_, shown, n)) if std::ptr::eq(*defs, shown) => {
                let back = enum_back(defs, n)?;
                data.int(*int, back)?;
                Some(Some(back))
            }
            (Ty::Flags(int, defs), FieldValue::Flags(_, shown, n))
                if std::ptr::eq(*defs, shown) =>
            {
                let back = flags_back(defs, n);
                data.int(*int, signed(*int, back))?;
                Some(Some(back as i64))
            }
            (Ty::Bits(int, fields), FieldValue::Bits(Ty::Bits(_, shown), n))
                if std::ptr::eq(*fields, *shown) =>
            {
                let back = bits_back(fields, n)?;
                data.int(*int, signed(*int, back))?;
                Some(Some(back as i64))
            }
            (Ty::F32, FieldValue::F32(x)) => {
                // A finite float is shown as its shortest decimal, read back
                // as an f64 and narrowed; the others keep their bits.
                let back = if x.is_finite() { f32_back(x) } else { x };
                data.take_bytes(back.to_bits().to_le_bytes())?;
                Some(None)
            }
            // Finite: a JSON number holds an f64 whole; the others keep
            // their bits.
            (Ty::F64, FieldValue::F64(x)) => {
                data.take_bytes(x.to_bits().to_le_bytes())?;
                Some(None)
            }
            // Shown as `0x…`, with the plugin it belongs to in brackets,
            // and read back by the hex before the brackets.
            (
                Ty::FormId | Ty::FormIdOf(_),
                FieldValue::FormId(id) | FieldValue::FormIdOf(id, _),
            ) => {
                data.take_bytes(id.0.to_le_bytes())?;
                Some(Some(id.0 as i64))
            }
            (Ty::Char4, FieldValue::Char4(sig)) => {
                let plain = sig.0.iter().all(|&b| b.is_ascii_graphic() && b != b'\\');
                if !plain && Sig::parse(&sig.to_string()) != Some(sig) {
                    return None;
                }
                data.take_bytes(sig.0)?;
                Some(None)
            }
            (Ty::Bytes(n), FieldValue::Bytes(b)) if b.len() == *n => {
                data.take(b)?;
                Some(None)
            }
            (Ty::Bool, FieldValue::Bool(b)) => {
                data.take_bytes([b])?;
                Some(Some(b as i64))
            }
            (Ty::WString, FieldValue::Text(b)) => {
                text(b)?;
                data.take_bytes(u16::try_from(b.len()).ok()?.to_le_bytes())?;
                data.take(b)?;
                Some(None)
            }
            (Ty::Iref, FieldValue::Iref(n)) => {
                data.take_bytes(n.to_le_bytes())?;
                Some(Some(n as i64))
            }
            (Ty::BString, FieldValue::Text(b)) => {
                text(b)?;
                data.take_bytes([u8::try_from(b.len()).ok()?])?;
                data.take(b)?;
                Some(None)
            }
            (Ty::Block(int), FieldValue::Bytes(b)) => {
                data.int(*int, i64::try_from(b.len()).ok()?)?;
                data.take(b)?;
                Some(None)
            }
            (Ty::String32, FieldValue::Text(b)) => {
                text(b)?;
                data.take_bytes(u32::try_from(b.len()).ok()?.to_le_bytes())?;
                data.take(b)?;
                Some(None)
            }
            (Ty::ZString, FieldValue::Text(b)) if !b.contains(&0) => {
                text(b)?;
                data.take(b)?;
                data.take_bytes([0])?;
                Some(None)
            }
            (Ty::Select(sel), _) => {
                let chosen = select(sel, &self.earlier);
                self.ty(chosen, v, data)
            }
            (Ty::If(cond), _) => self.ty(&cond.ty, v, data),
            (Ty::Struct(fields), FieldValue::Struct(_)) => {
                self.fields(fields, v, false, data)?;
                Some(None)
            }
            (Ty::List(int, fields), FieldValue::List(_)) => {
                data.int(*int, v.children().count() as i64)?;
                self.items_of(fields, v, data)?;
                Some(None)
            }
            (Ty::ListBy(count, fields), FieldValue::List(_)) => {
                if lookup(&self.earlier, count) != Some(v.children().count() as i64) {
                    return None;
                }
                self.items_of(fields, v, data)?;
                Some(None)
            }
            (Ty::Rest(fields), FieldValue::List(_)) => {
                self.items_of(fields, v, data)?;
                Some(None)
            }
            _ => None,
        }
    }
}

/// Whether a layout is chosen among several by the data (by its size, or
/// by the first that fits): the JSON form then decides by encoding.
fn chosen_by_data(field: &Field) -> bool {
    match field {
        Field::BySize(_) | Field::ByFit(_) => true,
        Field::BySibling { cases, default, .. } => {
            chosen_by_data(default) || cases.iter().any(|(_, f)| chosen_by_data(f))
        }
        _ => false,
    }
}

/// The bytes a subrecord's value is compared with, as far as compared.
struct Data<'d> {
    bytes: &'d [u8],
    pos: usize,
}

impl Data<'_> {
    /// Goes past `expected` when the data holds it next. Text and bytes
    /// are most often the very bytes they were read from.
    fn take(&mut self, expected: &[u8]) -> Option<()> {
        let end = self.pos.checked_add(expected.len())?;
        let next = self.bytes.get(self.pos..end)?;
        (std::ptr::eq(next.as_ptr(), expected.as_ptr()) || next == expected).then(|| self.pos = end)
    }

    /// [`take`](Self::take) for a value of a few bytes, compared in line.
    fn take_bytes<const N: usize>(&mut self, expected: [u8; N]) -> Option<()> {
        let end = self.pos.checked_add(N)?;
        let next: [u8; N] = self.bytes.get(self.pos..end)?.try_into().ok()?;
        (next == expected).then(|| self.pos = end)
    }

    /// An integer as `write_int` writes it, which refuses a value out of
    /// its type's range.
    fn int(&mut self, int: Int, v: i64) -> Option<()> {
        if !int.holds(v) {
            return None;
        }
        let b = v.to_le_bytes();
        match int.size() {
            1 => self.take_bytes([b[0]]),
            2 => self.take_bytes([b[0], b[1]]),
            4 => self.take_bytes([b[0], b[1], b[2], b[3]]),
            _ => self.take_bytes(b),
        }
    }
}

/// Text that Windows-1252 gives back byte for byte once shown as Unicode.
fn text(b: &[u8]) -> Option<()> {
    (b.is_ascii() || encode_cp1252(&decode_cp1252(b)).is_some_and(|back| back == b)).then_some(())
}

/// An f32 as its JSON form reads back: its shortest decimal as an f64,
/// narrowed. Whole numbers below 2^24 are their own decimal.
fn f32_back(x: f32) -> f32 {
    if x == x.trunc() && x.abs() < 16_777_216.0 {
        return x;
    }
    f32_shown(x) as f32
}

/// An enum's value as read back from its name (the first value of that
/// name), or itself when it has none; `None` for a name read back as no
/// value.
fn enum_back(defs: &EnumDef, n: i64) -> Option<i64> {
    match defs.name_of(n) {
        Some(name) => defs.value_of(name),
        None => Some(n),
    }
}

/// Flags as read back from their names (each name as the first bit of that
/// name) and the hex of the bits without one, as `json_flags` reads them.
fn flags_back(defs: &FlagsDef, v: u64) -> u64 {
    let by_name = |name: &str| {
        defs.bits
            .iter()
            .find(|(_, n)| std::ptr::eq(*n, name) || *n == name)
            .map(|(bit, _)| *bit)
    };
    let mut back = 0u64;
    let mut left = v;
    for (bit, name) in defs.bits {
        if v & bit == *bit && *bit != 0 {
            back |= by_name(name).unwrap_or(0);
            left &= !bit;
        }
    }
    let mut bit = 1u64;
    while left != 0 {
        if left & bit != 0 {
            back |= by_name(&format!("0x{bit:X}")).unwrap_or(bit);
            left &= !bit;
        }
        bit <<= 1;
    }
    back
}

/// Bit fields as read back from their JSON object (each field's name or
/// flags, and `_other_bits`).
fn bits_back(fields: &[BitField], v: u64) -> Option<u64> {
    let mut covered = 0u64;
    for (i, bf) in fields.iter().enumerate() {
        // A name given twice keeps one value in the object.
        if bf.mask == 0 || fields[..i].iter().any(|o| o.name == bf.name) {
            return None;
        }
        covered |= bf.mask;
    }
    let mut back = v & !covered;
    for bf in fields {
        let shift = bf.mask.trailing_zeros();
        let part = (v & bf.mask) >> shift;
        let raw = match bf.kind {
            BitKind::Enum(e) => enum_back(e, part as i64)? as u64,
            BitKind::Flags(fl) => flags_back(fl, part),
        };
        back |= (raw << shift) & bf.mask;
    }
    Some(back)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte Windows-1252 text can hold comes back from Unicode.
    #[test]
    fn windows_1252_text_comes_back_byte_for_byte() {
        let all: Vec<u8> = (1..=255).collect();
        assert_eq!(text(&all), Some(()));
    }

    /// Floats come back as the JSON form reads them.
    #[test]
    fn floats_come_back_through_their_json_value() {
        let mut bits = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..100_000 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            let x = f32::from_bits(bits as u32);
            if x.is_finite() {
                let json = super::super::codec::f32_value(x);
                let read = super::super::codec::json_f32(&json).unwrap();
                assert_eq!(f32_back(x).to_bits(), read.to_bits(), "{x:?}");
            }
        }
    }
}
