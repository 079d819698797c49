//! The declaration engine. Each record type is declared once, as a table of
//! its subrecords and their fields ([`types`]), in the spirit of Wrye Bash's
//! MelSet; decoding, encoding, JSON both ways and the coverage statistics
//! all follow from that table ([`record`], [`codec`]). No record type has
//! parsing code of its own.

pub mod catalog;
pub mod codec;
pub mod fields;
pub mod record;
pub mod types;
pub mod value;

pub use catalog::Catalog;
pub use codec::FormCtx;
pub use fields::Fields;
pub use record::{
    decode, encode, encode_data, raw_record, view, Coverage, Decoded, ItemKind, ItemRef,
    RecordView, SubValue,
};
pub use types::{Occurs, RecordDef};
pub use value::{FieldValue, Val};

use crate::io::Result;
use crate::plugin::{Record, RecordName, SubrecordRef, Subrecords};
use std::cell::RefCell;

/// Reads a plugin record by its declaration in `catalog` (which says the
/// game) and hands the typed view to `f`. The view borrows the record's data (inflated first when the record
/// is compressed). `Ok(None)` for a record type without a declaration.
///
/// The vectors the view is built in are kept per thread and used again for
/// the next record, so reading many records allocates next to nothing.
pub fn with_view<R>(
    record: &Record<'_>,
    catalog: &Catalog,
    ctx: &FormCtx,
    f: impl FnOnce(&RecordView<'_>) -> R,
) -> Result<Option<R>> {
    thread_local! {
        static SPARE: RefCell<Spare> = RefCell::default();
    }
    let Some(def) = catalog.find(record.header.sig) else {
        return Ok(None);
    };
    let game = catalog.game();
    // Taken out while in use: a nested call finds the spare empty and
    // starts afresh.
    let mut spare = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let data = record.data_in(game, &mut spare.inflated)?;
    let mut subs = reuse(spare.subs);
    // Subrecords average a few dozen bytes: reserved once, not grown.
    subs.reserve(data.len() / 24 + 1);
    for sub in Subrecords::new(data, record.subrecord_base(game)) {
        subs.push(sub.map_err(|e| record.locate(game, e).within(record.describe()))?);
    }
    let view = record::view_in(def, &subs, ctx, spare.storage);
    let out = f(&view);
    let storage = view.into_storage().recycle();
    let subs = reuse(subs);
    SPARE.with(|s| {
        *s.borrow_mut() = Spare {
            subs,
            storage,
            inflated: spare.inflated,
        }
    });
    Ok(Some(out))
}

/// Vectors kept between records by [`with_view`].
#[derive(Default)]
struct Spare {
    subs: Vec<SubrecordRef<'static>>,
    storage: record::Storage<'static>,
    inflated: Vec<u8>,
}

/// An empty vector of one lifetime turned into one of another, keeping its
/// memory (the standard library collects an empty vector's iterator in
/// place when the item layouts agree; where it does not, this allocates
/// anew, which is only slower).
pub(crate) fn reuse<T, U>(mut v: Vec<T>) -> Vec<U> {
    v.clear();
    v.into_iter()
        .map(|_| unreachable!("the vector is empty"))
        .collect()
}

/// What reading a record by its declaration in `catalog` covers, and a warning for each
/// subrecord kept as bytes. A record type without a declaration counts all
/// its subrecords raw, without warnings.
pub fn record_coverage(
    record: &Record<'_>,
    catalog: &Catalog,
    ctx: &FormCtx,
) -> Result<(Coverage, Vec<String>)> {
    let described = with_view(record, catalog, ctx, |v| {
        let name = RecordName {
            sig: record.header.sig,
            form_id: record.header.form_id,
            editor_id: v.members().find_map(|item| match item.kind() {
                ItemKind::Sub(sv) if sv.sub.sig.0 == *b"EDID" => Some(sv.sub.data),
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
    record.for_each_subrecord(catalog.game(), |sub| coverage.add_raw(sub.data.len()))?;
    Ok((coverage, Vec::new()))
}

#[cfg(test)]
mod tests;
