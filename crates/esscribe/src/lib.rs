//! esscribe reads, explains, edits and writes the data files of The Elder
//! Scrolls IV: Oblivion and V: Skyrim, losslessly: what it reads it writes
//! back byte for byte unless something was changed.
//!
//! - [`io`]: the bounds-checked byte reader, errors with offsets and context.
//! - [`plugin`]: plugin files, their groups, records and subrecords.
//! - [`archive`]: BSA archives (Oblivion, Skyrim, Skyrim Special
//!   Edition): their files listed and read.
//! - [`schema`]: the declaration engine; [`defs`]: the declarations.
//! - [`model`]: the front door: open a plugin, find a record, read and
//!   change its fields by name, save safely.
//! - [`json`]: whole plugins as JSON and back; [`json_text`]: JSON text
//!   read refusing a key given twice.
//! - [`loadorder`]: load orders: global form IDs, lookup across plugins,
//!   override chains and field-level conflicts.
//! - [`tree`]: plugins as a tree of small text files, for version control.
//! - [`package`]: AI packages summarised for people, and checked.
//! - [`patch`]: the merged patch of a load order: leveled lists merged,
//!   tagged fields imported.
//! - [`references`]: references to records of a type their field does
//!   not allow.
//! - [`save`]: save games, every part, with exact write-back: Oblivion
//!   saves, and Skyrim LE and SE saves in [`save::skyrim`].
//! - [`fsio`]: safe writes (lock, temporary file, checked read-back, kept
//!   backups, rename).

#![deny(missing_docs)]

pub mod archive;
pub mod compact;
pub mod defs;
pub mod fsio;
mod header;
pub mod io;
pub mod json;
pub mod json_text;
pub mod loadorder;
pub mod masters;
pub mod model;
pub mod package;
pub mod patch;
pub mod plugin;
pub mod references;
pub mod save;
pub mod schema;
pub mod tree;

pub use io::{Error, ErrorKind, FormId, RecordAt, Result, Sig};
pub use model::{RecordFields, RecordKey, RecordMut, RecordRef};
pub use plugin::{Game, Plugin};
pub use schema::{FieldRef, Fields, FormCtx};

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
