//! GLOB: a global variable, as in the other game.

pub use crate::defs::shared::glob::GLOBAL_TYPES;
use crate::defs::shared::glob::MEMBERS;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's global variable (GLOB) record declaration.
pub static GLOB: RecordDef = RecordDef {
    sig: Sig(*b"GLOB"),
    title: "Global variable",
    members: &MEMBERS,
};
