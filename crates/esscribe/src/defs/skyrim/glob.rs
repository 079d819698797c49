//! GLOB: a global variable, as in the other game.

pub use crate::defs::shared::glob::GLOBAL_TYPES;
use crate::defs::shared::glob::MEMBERS;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's global variable (GLOB) record declaration.
pub static GLOB: RecordDef = records::GLOB.with(&MEMBERS);
