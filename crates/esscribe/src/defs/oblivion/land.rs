//! LAND: the landscape of one exterior cell, laid out as in Skyrim
//! ([`crate::defs::shared::land`]).

use crate::defs::shared::land;
use crate::io::Sig;
use crate::schema::types::*;

/// Landscape flags (DATA).
pub static LAND_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 6>(&[&land::FLAG_BITS, &[(0x400, "ignored")]]),
};

/// Oblivion's landscape (LAND) record declaration.
pub static LAND: RecordDef = RecordDef {
    sig: Sig(*b"LAND"),
    title: "Landscape",
    members: &land::members(&LAND_FLAGS),
};
