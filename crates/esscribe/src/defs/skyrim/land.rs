//! LAND: the landscape of one exterior cell, laid out as in Oblivion
//! ([`crate::defs::shared::land`]), with one member more.

use crate::defs::shared::land;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Landscape flags (DATA).
pub static LAND_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 6>(&[&land::FLAG_BITS, &[(0x400, "has_mpcd")]]),
};

/// Skyrim's landscape (LAND) record declaration.
pub static LAND: RecordDef = records::LAND.with(&join::<_, 7>(&[
    &land::members(&LAND_FLAGS),
    // Read by the game, not seen in its own files.
    &[rep(b"MPCD", "unknown_mpcd", Field::Opaque)],
]));
