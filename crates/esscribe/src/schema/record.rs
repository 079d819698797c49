//! Records both ways, and what reading one covered. A record's subrecords
//! are matched, in order, against its declaration, and each matched one is
//! decoded by its layout ([`mod@super::view`]); the typed record is shown as
//! JSON ([`super::json_out`]), and JSON is encoded back into subrecords
//! ([`super::json_in`]). Repeating groups stored as trees are nested and
//! flattened by the `trees` module.

pub use super::json_in::{chooses_layouts, encode, encode_data, encode_data_in, encode_entry_in};
pub use super::json_out::{decode, decode_in, raw_record};
pub use super::view::{view, Fate, ItemKind, ItemRef, RawSub, RecordView, SubValue};
pub(crate) use super::view::{view_in, Storage};
use serde_json::{Map, Value};

/// Counts of what a decode covered. Every subrecord is counted once:
/// `subrecords` = `decoded` + `opaque` + `raw`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Coverage {
    /// All subrecords counted.
    pub subrecords: u64,
    /// Subrecords decoded field by field.
    pub decoded: u64,
    /// Subrecords that are bytes by design ([`super::types::Field::Opaque`]: compiled
    /// scripts, texture hashes...), kept as bytes where they are declared.
    pub opaque: u64,
    /// Data bytes of the opaque subrecords.
    pub opaque_bytes: u64,
    /// Subrecords kept as bytes because they are not understood
    /// (unexpected, not fitting their layout, with bytes left over, or
    /// declared as bytes not decoded yet).
    pub raw: u64,
    /// Data bytes of the raw subrecords.
    pub raw_bytes: u64,
}

impl Coverage {
    /// Counts one subrecord kept as its bytes because it is not understood.
    pub fn add_raw(&mut self, data_len: usize) {
        self.subrecords += 1;
        self.raw += 1;
        self.raw_bytes += data_len as u64;
    }

    /// Counts one subrecord that is bytes by design.
    pub fn add_opaque(&mut self, data_len: usize) {
        self.subrecords += 1;
        self.opaque += 1;
        self.opaque_bytes += data_len as u64;
    }
}

impl std::ops::AddAssign for Coverage {
    fn add_assign(&mut self, o: Self) {
        self.subrecords += o.subrecords;
        self.decoded += o.decoded;
        self.opaque += o.opaque;
        self.opaque_bytes += o.opaque_bytes;
        self.raw += o.raw;
        self.raw_bytes += o.raw_bytes;
    }
}

/// A record decoded by its declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// Members in file order, by name; unexpected subrecords as `!SIG`.
    pub fields: Map<String, Value>,
    /// What the decode covered.
    pub coverage: Coverage,
    /// What was kept raw, and where.
    pub warnings: Vec<String>,
    /// Of those, what points at damage (or at a declaration that does not
    /// match the file) rather than at what is not declared yet: subrecords
    /// that do not fit their layout or do not encode back to their bytes,
    /// and a record its declaration does not reproduce.
    pub faults: Vec<String>,
}
