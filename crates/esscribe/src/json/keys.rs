//! Reading the keys of a record's JSON, and what reading a built record
//! back by its declaration must give.

use super::*;

pub(super) fn bad(path: &str, message: impl std::fmt::Display) -> Error {
    Error::json(format!("{path}: {message}"))
}

pub(super) fn get<'v>(m: &'v Map<String, Value>, key: &str, path: &str) -> Result<&'v Value> {
    m.get(key)
        .ok_or_else(|| bad(path, format!("missing \"{key}\"")))
}

pub(super) fn get_u64(m: &Map<String, Value>, key: &str, path: &str) -> Result<u64> {
    let v = get(m, key, path)?;
    v.as_u64().ok_or_else(|| {
        bad(
            path,
            format!("\"{key}\": expected a whole number, found {v}"),
        )
    })
}

pub(super) fn get_u32(m: &Map<String, Value>, key: &str, path: &str) -> Result<u32> {
    let n = get_u64(m, key, path)?;
    u32::try_from(n).map_err(|_| bad(path, format!("\"{key}\": {n} does not fit in 32 bits")))
}

pub(super) fn get_u16(m: &Map<String, Value>, key: &str, path: &str) -> Result<u16> {
    let n = get_u64(m, key, path)?;
    u16::try_from(n).map_err(|_| bad(path, format!("\"{key}\": {n} does not fit in 16 bits")))
}

/// A number written as hex text (`"0x00040000"`).
pub(super) fn hex_u32(v: &Value) -> Option<u32> {
    v.as_str()
        .map(str::trim)
        .and_then(|t| t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
}

pub(super) fn get_hex_u32(m: &Map<String, Value>, key: &str, path: &str) -> Result<u32> {
    let v = get(m, key, path)?;
    hex_u32(v).ok_or_else(|| {
        bad(
            path,
            format!("\"{key}\": expected hex like \"0x00040000\", found {v}"),
        )
    })
}

pub(super) fn hex_field(v: &Value, path: &str) -> Result<Vec<u8>> {
    v.as_str()
        .and_then(crate::io::from_hex)
        .ok_or_else(|| bad(path, format!("expected hex bytes, found {v}")))
}

/// Refuses keys the JSON form does not have: a misspelt key would
/// otherwise be dropped without a word.
pub(super) fn check_keys(m: &Map<String, Value>, allowed: &[&str], path: &str) -> Result<()> {
    match m.keys().find(|k| !allowed.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) => Err(bad(
            path,
            format!(
                "unknown key \"{k}\" (expected {})",
                allowed
                    .iter()
                    .map(|a| format!("\"{a}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// Whether a record of type `sig` may stand in a group like `g`.
pub(super) fn fits_group(sig: Sig, g: &GroupHeader) -> bool {
    match g.kind() {
        GroupKind::Top => sig.0 == g.label,
        GroupKind::WorldChildren => matches!(&sig.0, b"CELL" | b"ROAD"),
        GroupKind::InteriorCellSubBlock | GroupKind::ExteriorCellSubBlock => sig.0 == *b"CELL",
        GroupKind::TopicChildren => sig.0 == *b"INFO",
        GroupKind::InteriorCellBlock | GroupKind::ExteriorCellBlock | GroupKind::CellChildren => {
            false
        }
        // Placed objects of many types, and groups of unknown kinds.
        GroupKind::CellPersistentChildren
        | GroupKind::CellTemporaryChildren
        | GroupKind::CellVisibleDistantChildren
        | GroupKind::Unknown => true,
    }
}

/// How many subrecords a record's fields keep as bytes: unexpected
/// subrecords (`!SIG`), subrecords that did not fit (`_hex`) and bytes left
/// over after declared fields (`_rest`).
pub(super) fn raw_markers(m: &Map<String, Value>) -> usize {
    fn within(v: &Value) -> usize {
        match v {
            Value::Object(m) => raw_markers(m),
            Value::Array(list) => list.iter().map(within).sum(),
            _ => 0,
        }
    }
    m.iter()
        .map(|(k, v)| {
            let own = (k.starts_with('!') || k == "_hex" || k == "_rest") as usize;
            own + within(v)
        })
        .sum()
}

/// What reading a built record back by its declaration must give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ReadBack {
    /// Raw data (`data_hex`), or a type without a declaration.
    Unchecked,
    /// Raw subrecords of a declared type: each must fit its layout.
    NoMisfit,
    /// Fields: no more subrecords kept as bytes than the JSON kept.
    AtMostRaw(usize),
}

/// Reads a built record back by its declaration; the error says which
/// subrecords did not come back as the JSON meant.
pub(super) fn check_read_back(
    record: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
    expect: ReadBack,
) -> Result<()> {
    if expect == ReadBack::Unchecked {
        return Ok(());
    }
    let verdict = schema::with_view(record, crate::defs::catalog(game), ctx, |view| {
        // A member declared as bytes reads back as the bytes the JSON
        // gave, whatever their size: nothing it meant is lost.
        let kept = || {
            view.raw_subrecords()
                .filter(|r| r.fate != schema::Fate::Undecoded)
        };
        // Looked at without a list first: nearly every record passes.
        let passes = match expect {
            ReadBack::NoMisfit => !kept().any(|r| r.fate == schema::Fate::Misfit),
            ReadBack::AtMostRaw(n) => kept().nth(n).is_none(),
            ReadBack::Unchecked => true,
        };
        if passes {
            return None;
        }
        let raw: Vec<schema::RawSub<'_>> = kept().collect();
        let shown: Vec<&schema::RawSub<'_>> = match expect {
            ReadBack::NoMisfit => raw
                .iter()
                .filter(|r| r.fate == schema::Fate::Misfit)
                .collect(),
            ReadBack::AtMostRaw(n) if raw.len() > n => raw.iter().collect(),
            _ => return None,
        };
        if shown.is_empty() {
            return None;
        }
        let mut text = shown
            .iter()
            .take(4)
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join("; ");
        if shown.len() > 4 {
            text.push_str(&format!("; and {} more", shown.len() - 4));
        }
        Some(text)
    })?;
    match verdict.flatten() {
        None => Ok(()),
        Some(text) => Err(Error::json(format!(
            "its data would not read back by the declaration of {}: {text}",
            record.header.sig
        ))),
    }
}
