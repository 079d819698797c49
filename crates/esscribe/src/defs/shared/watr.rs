//! WATR, in both games: a water's opacity and flags.

use crate::schema::types::*;

/// The water flags both games have.
pub static FLAG_BITS: [(u64, &str); 1] = [(0x01, "causes_damage")];

/// A water's opacity (ANAM) and flags (FNAM, the game's).
pub const fn opacity_and_flags(flags: &'static FlagsDef) -> [Member; 2] {
    [
        opt(b"ANAM", "opacity", Field::Value(U8)),
        opt(b"FNAM", "flags", Field::Value(Ty::Flags(Int::U8, flags))),
    ]
}
