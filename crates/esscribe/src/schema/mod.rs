//! The declaration engine. Each record type is declared once, as a table of
//! its subrecords and their fields ([`types`]), in the spirit of Wrye Bash's
//! MelSet; decoding, encoding, JSON both ways and the coverage statistics
//! all follow from that table ([`record`], [`codec`]). No record type has
//! parsing code of its own.

pub mod catalog;
pub mod codec;
pub(crate) mod exact;
pub mod fields;
pub mod json_in;
pub mod json_out;
mod members;
pub mod path;
pub(crate) mod pretty;
pub mod record;
pub mod refs;
mod select;
pub(crate) mod shape;
pub(crate) mod text_in;
pub(crate) mod text_out;
mod trees;
pub mod types;
pub mod value;
mod value_out;
pub mod view;

pub use catalog::Catalog;
pub use codec::{parse_form_id, Enc, FormCtx, Irefs};
pub use fields::{FieldRef, Fields};
pub use record::{
    decode, decode_in, encode, encode_data, encode_data_in, raw_record, view, Coverage, Decoded,
    Fate, ItemKind, ItemRef, RawSub, RecordView, SubValue,
};
pub use refs::{form_ref_places, form_refs, record_form_refs, FormRef};
pub use types::{Occurs, RecordDef, Targets};
pub use value::{FieldValue, Val};

use crate::io::Result;
use crate::plugin::{Record, RecordName, SubrecordRef, Subrecords};
use std::cell::RefCell;

/// Subrecords any record may hold and still be read field by field.
pub const FIELD_BY_FIELD_SUBRECORDS: usize = 65_536;

/// Data bytes a record needs for each subrecord it is allowed beyond
/// [`FIELD_BY_FIELD_SUBRECORDS`].
pub const BYTES_PER_FURTHER_SUBRECORD: usize = 256;

/// How many subrecords a record of `data_len` bytes may hold and still be
/// read field by field.
pub fn field_by_field_limit(data_len: usize) -> usize {
    FIELD_BY_FIELD_SUBRECORDS + data_len / BYTES_PER_FURTHER_SUBRECORD
}

/// Whether a record's (inflated) data is read field by field, or kept as
/// its bytes because it holds more subrecords than
/// [`field_by_field_limit`] allows.
///
/// Reading a record field by field holds a few hundred bytes for each
/// subrecord (its place in the typed view, its JSON value), and a
/// subrecord can be as small as its six-byte header: a 16 MiB record of
/// empty subrecords would take gigabytes. The limit keeps what reading any
/// record costs to a small multiple of its size plus a fixed amount. The
/// games' and editors' records stay far below it (the largest seen hold a
/// few thousand subrecords). Counting allocates nothing; data that does
/// not split into subrecords counts up to where it stops splitting.
pub fn reads_field_by_field(data: &[u8], base: u64) -> bool {
    let limit = field_by_field_limit(data.len());
    // A subrecord takes at least its six-byte header: most records could
    // not hold too many, and are not counted.
    data.len() / 6 <= limit || Subrecords::new(data, base).take(limit + 1).count() <= limit
}

/// The warning for a record kept as bytes because it holds more
/// subrecords than are read field by field.
pub fn too_many_subrecords(record: &dyn std::fmt::Display, data: &[u8], base: u64) -> String {
    let count = Subrecords::new(data, base).count();
    format!(
        "{record}: {count} subrecords in {} bytes, more than a record of its size is read field by field ({}); kept as bytes",
        data.len(),
        field_by_field_limit(data.len())
    )
}

/// Reads a plugin record by its declaration in `catalog` (which says the
/// game) and hands the typed view to `f`. The view borrows the record's data (inflated first when the record
/// is compressed). `Ok(None)` for a record type without a declaration, and
/// for a record kept as bytes because it holds more subrecords than
/// [`reads_field_by_field`] allows.
///
/// The vectors the view is built in are kept per thread and used again for
/// the next record, so reading many records allocates next to nothing.
pub fn with_view<R>(
    record: &Record<'_>,
    catalog: &Catalog,
    ctx: &FormCtx,
    f: impl FnOnce(&RecordView<'_>) -> R,
) -> Result<Option<R>> {
    with_view_and_data(record, catalog, ctx, |view, _| f(view))
}

/// Like [`with_view`], handing `f` the record's data (inflated) too.
pub(crate) fn with_view_and_data<R>(
    record: &Record<'_>,
    catalog: &Catalog,
    ctx: &FormCtx,
    f: impl FnOnce(&RecordView<'_>, &[u8]) -> R,
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
    if !reads_field_by_field(data, record.subrecord_base(game)) {
        // The vectors go back for the next record; the inflated data,
        // large by the look of it, does not.
        let spare = Spare {
            inflated: Vec::new(),
            ..spare
        };
        SPARE.with(|s| *s.borrow_mut() = spare);
        return Ok(None);
    }
    let mut subs = reuse(spare.subs);
    // Subrecords average a few dozen bytes: reserved once, not grown.
    subs.reserve(data.len() / 24 + 1);
    for sub in Subrecords::new(data, record.subrecord_base(game)) {
        subs.push(sub.map_err(|e| record.locate(game, e).within(record.describe()))?);
    }
    let view = record::view_in(def, &subs, ctx, spare.storage);
    let out = f(&view, data);
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

/// What reading a record by its declaration in `catalog` covers, and a
/// warning for each subrecord kept as bytes, with where it is. A record
/// type without a declaration counts all its subrecords raw, each with a
/// warning; a record that holds more subrecords than are read field by
/// field ([`reads_field_by_field`]) counts them raw with one warning.
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
    let game = catalog.game();
    let data = record.data(game)?;
    let base = record.subrecord_base(game);
    let each = reads_field_by_field(&data, base);
    let mut coverage = Coverage::default();
    let mut kept = Vec::new();
    let mut editor_id = None;
    for sub in Subrecords::new(&data, base) {
        let sub = sub.map_err(|e| record.locate(game, e).within(record.describe()))?;
        coverage.add_raw(sub.data.len());
        if sub.sig.0 == *b"EDID" && editor_id.is_none() {
            editor_id = Some(sub.data);
        }
        if each {
            kept.push((sub.sig, sub.offset, sub.data.len()));
        }
    }
    let name = RecordName {
        sig: record.header.sig,
        form_id: record.header.form_id,
        editor_id,
        offset: record.offset,
    };
    if !each {
        return Ok((coverage, vec![too_many_subrecords(&name, &data, base)]));
    }
    let warnings = kept
        .into_iter()
        .map(|(sig, offset, len)| {
            format!(
                "{name}: {sig} at 0x{offset:X} ({len} bytes) kept as bytes: {} is not declared yet",
                record.header.sig
            )
        })
        .collect();
    Ok((coverage, warnings))
}

/// What reading a record by its declaration covers, like
/// [`record_coverage`] without the warnings (which take memory for every
/// subrecord kept as bytes).
pub fn record_coverage_counts(
    record: &Record<'_>,
    catalog: &Catalog,
    ctx: &FormCtx,
) -> Result<Coverage> {
    if let Some(c) = with_view(record, catalog, ctx, |v| v.coverage())? {
        return Ok(c);
    }
    let mut coverage = Coverage::default();
    record.for_each_subrecord(catalog.game(), |sub| coverage.add_raw(sub.data.len()))?;
    Ok(coverage)
}

/// What reading every record by its declaration and encoding it back
/// found (`verify --deep`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeepCheck {
    /// Records read.
    pub records: usize,
    /// Records that do not read by their declaration: a subrecord is kept
    /// as bytes (the same ones `stats` counts raw), their data does not
    /// inflate or split into subrecords, or the declaration does not
    /// reproduce the record.
    pub failing: usize,
    /// Of those, the records whose bytes point at damage (or at a
    /// declaration that does not match the file) rather than at what is
    /// not declared yet: see [`RecordCheck::faults`].
    pub damaged: usize,
    /// What is wrong, in file order; the first [`DeepCheck::LISTED`].
    pub problems: Vec<String>,
    /// Subrecords kept as bytes in all (not declared yet, or failing).
    pub kept_raw: u64,
}

/// What reading one record by its declaration found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordCheck {
    /// What the declaration covered.
    pub coverage: Coverage,
    /// Every subrecord kept as bytes, with where and why.
    pub warnings: Vec<String>,
    /// Of those, what points at damage (see [`Decoded::faults`]).
    pub faults: Vec<String>,
}

impl DeepCheck {
    /// Problems listed at most.
    pub const LISTED: usize = 100;

    /// Adds what one record gave: it fails on any subrecord kept as
    /// bytes, as `stats` counts them.
    pub fn add(&mut self, found: Result<RecordCheck>) {
        self.records += 1;
        let (problems, damaged) = match found {
            Ok(found) => {
                self.kept_raw += found.coverage.raw;
                let damaged = !found.faults.is_empty();
                (found.warnings, damaged)
            }
            Err(e) => (vec![e.to_string()], true),
        };
        self.damaged += damaged as usize;
        if !problems.is_empty() || damaged {
            self.failing += 1;
            let room = Self::LISTED.saturating_sub(self.problems.len());
            self.problems.extend(problems.into_iter().take(room));
        }
    }
}

/// Reads one record by its declaration and encodes it back: what it
/// covered, what it kept as bytes and the faults among them. An error
/// when its data does not inflate or split into subrecords.
pub fn check_record(record: &Record<'_>, catalog: &Catalog, ctx: &FormCtx) -> Result<RecordCheck> {
    let game = catalog.game();
    let data = record.data(game)?;
    let base = record.subrecord_base(game);
    let def = catalog.find(record.header.sig);
    let each = reads_field_by_field(&data, base);
    let (Some(def), true) = (def, each) else {
        // Counted one subrecord at a time: nothing is held for each.
        let mut coverage = Coverage::default();
        for sub in Subrecords::new(&data, base) {
            let sub = sub.map_err(|e| record.locate(game, e).within(record.describe()))?;
            coverage.add_raw(sub.data.len());
        }
        let warning = if each {
            format!(
                "{}: no declaration for {}; all {} subrecords kept as bytes",
                record.describe(),
                record.header.sig,
                coverage.subrecords
            )
        } else {
            too_many_subrecords(&record.describe(), &data, base)
        };
        return Ok(RecordCheck {
            coverage,
            warnings: vec![warning],
            faults: Vec::new(),
        });
    };
    let subs = Subrecords::new(&data, base)
        .collect::<Result<Vec<_>>>()
        .map_err(|e| record.locate(game, e).within(record.describe()))?;
    let name = RecordName {
        sig: record.header.sig,
        form_id: record.header.form_id,
        editor_id: subs.iter().find(|s| s.sig.0 == *b"EDID").map(|s| s.data),
        offset: record.offset,
    };
    let decoded = decode_in(def, &data, &subs, ctx, &name);
    Ok(RecordCheck {
        coverage: decoded.coverage,
        warnings: decoded.warnings,
        faults: decoded.faults,
    })
}

/// Reads every record of a plugin (its header included) by its
/// declaration in `catalog` and encodes it back, in parallel; `ctx` names
/// the plugin's form IDs.
pub fn check_plugin(
    plugin: &crate::plugin::Plugin<'_>,
    catalog: &Catalog,
    ctx: &FormCtx,
) -> DeepCheck {
    use rayon::prelude::*;
    let mut check = DeepCheck::default();
    check.add(check_record(&plugin.header, catalog, ctx));
    // In file order, so that the problems listed are the first ones.
    let found: Vec<_> = plugin
        .par_records()
        .map(|r| check_record(r, catalog, ctx))
        .collect();
    for f in found {
        check.add(f);
    }
    check
}

#[cfg(test)]
mod tests;
