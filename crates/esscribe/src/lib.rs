//! esscribe reads, explains, edits and writes the data files of The Elder
//! Scrolls IV: Oblivion and V: Skyrim, losslessly: what it reads it writes
//! back byte for byte unless something was changed.
//!
//! - [`io`]: the bounds-checked byte reader, errors with offsets and context.
//! - [`plugin`]: plugin files, their groups, records and subrecords.
//! - [`schema`]: the declaration engine; [`defs`]: the declarations.
//! - [`json`]: whole plugins as JSON and back.
//! - [`tree`]: plugins as a tree of small text files, for version control.
//! - [`package`]: AI packages summarised for people, and checked.
//! - [`save`]: Oblivion save games, every part, with exact write-back.
//! - [`fsio`]: safe writes (lock, temporary file, checked read-back, kept
//!   backups, rename).

pub mod defs;
pub mod fsio;
pub mod io;
pub mod json;
pub mod package;
pub mod plugin;
pub mod save;
pub mod schema;
pub mod tree;

pub use io::{Error, ErrorKind, FormId, Result, Sig};
pub use plugin::{Game, Plugin};
