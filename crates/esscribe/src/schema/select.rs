//! What earlier fields decide: their raw values as decoding or encoding
//! goes, and the layouts, counts and cases chosen by them.

use super::types::*;

/// Raw values of the fields decoded so far, innermost last, for selects,
/// counts and conditions.
pub(crate) type Earlier = Vec<(&'static str, i64)>;

pub(crate) fn lookup(earlier: &Earlier, name: &str) -> Option<i64> {
    // Names come from the same declarations: most compare by address.
    let same = |n: &str| {
        std::ptr::eq(n, name)
            || (n.len() == name.len()
                && n.as_bytes().first() == name.as_bytes().first()
                && n == name)
    };
    earlier.iter().rev().find(|(n, _)| same(n)).map(|(_, v)| *v)
}

#[inline]
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
/// The sibling a layout is chosen by, if it is.
pub(crate) fn chosen_by(field: &Field) -> Option<&'static str> {
    match field {
        Field::BySibling { sibling, .. } => Some(sibling),
        Field::BySize(cases) => cases.iter().find_map(|(_, f)| chosen_by(f)),
        Field::ByFit(cases) => cases.iter().find_map(chosen_by),
        _ => None,
    }
}

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
