//! MGEF, in both games: how a magic effect's data starts.

use crate::schema::types::*;

/// The start of a magic effect's DATA: its flags (the game's) and base
/// cost.
pub const fn flags_and_cost(flags: &'static FlagsDef) -> [FieldDef; 2] {
    [
        f("flags", Ty::Flags(Int::U32, flags)),
        f("base_cost", Ty::F32),
    ]
}
