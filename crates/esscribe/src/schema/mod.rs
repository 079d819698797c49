//! The declaration engine. Each record type is declared once, as a table of
//! its subrecords and their fields ([`types`]), in the spirit of Wrye Bash's
//! MelSet; decoding, encoding, JSON both ways and the coverage statistics
//! all follow from that table ([`record`], [`codec`]). No record type has
//! parsing code of its own.

pub mod codec;
pub mod fields;
pub mod record;
pub mod types;
pub mod value;

pub use codec::FormCtx;
pub use fields::Fields;
pub use record::{
    decode, encode, encode_data, raw_record, view, Coverage, Decoded, Item, RecordView, SubValue,
};
pub use types::RecordDef;
pub use value::FieldValue;

use crate::io::{Result, Sig};
use crate::plugin::{Game, Record, Subrecords};

/// The declaration of a record type in a game, if there is one.
pub fn find(game: Game, sig: Sig) -> Option<&'static RecordDef> {
    let defs: &[&RecordDef] = match game {
        Game::Oblivion => crate::defs::oblivion::ALL,
        Game::Skyrim => crate::defs::skyrim::ALL,
    };
    defs.iter().copied().find(|d| d.sig == sig)
}

/// Reads a plugin record by its declaration and hands the typed view to
/// `f`. The view borrows the record's data (inflated first when the record
/// is compressed). `Ok(None)` for a record type without a declaration.
pub fn with_view<R>(
    record: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
    f: impl FnOnce(&RecordView<'_>) -> R,
) -> Result<Option<R>> {
    let Some(def) = find(game, record.header.sig) else {
        return Ok(None);
    };
    let data = record.data(game)?;
    let subs = Subrecords::new(&data, record.subrecord_base(game))
        .collect::<Result<Vec<_>>>()
        .map_err(|e| e.within(record.describe()))?;
    Ok(Some(f(&view(def, &subs, ctx))))
}

/// What reading a record by its declaration covers, and a warning for each
/// subrecord kept as bytes. A record type without a declaration counts all
/// its subrecords raw, without warnings.
pub fn record_coverage(
    record: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
) -> Result<(Coverage, Vec<String>)> {
    let described = with_view(record, game, ctx, |v| {
        let name = crate::json::RecordName {
            sig: record.header.sig,
            form_id: record.header.form_id,
            editor_id: v.items.iter().find_map(|item| match item {
                Item::Sub(sv) if sv.sub.sig.0 == *b"EDID" => Some(sv.sub.data),
                _ => None,
            }),
            offset: record.offset,
        };
        v.coverage_with_warnings(&name)
    })?;
    if let Some(found) = described {
        return Ok(found);
    }
    let mut coverage = Coverage::default();
    record.for_each_subrecord(game, |sub| {
        coverage.subrecords += 1;
        coverage.raw += 1;
        coverage.raw_bytes += sub.data.len() as u64;
    })?;
    Ok((coverage, Vec::new()))
}

#[cfg(test)]
mod tests;
