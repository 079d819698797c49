//! LAND: the landscape of one exterior cell, laid out as in Skyrim
//! ([`crate::defs::shared::land`]).

use crate::defs::shared::land;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Landscape flags (DATA).
pub static LAND_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 6>(&[&land::FLAG_BITS, &[(0x400, "ignored")]]),
};

/// Oblivion's landscape (LAND) record declaration.
pub static LAND: RecordDef = records::LAND.with(&land::members(&LAND_FLAGS));
