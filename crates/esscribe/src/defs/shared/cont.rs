//! CONT, in both games: a container's data.

use crate::schema::types::*;

/// A container's flags (the game's) and weight.
pub const fn data(flags: &'static FlagsDef) -> [FieldDef; 2] {
    [f("flags", Ty::Flags(Int::U8, flags)), f("weight", Ty::F32)]
}
