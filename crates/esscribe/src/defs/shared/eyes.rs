//! EYES, in both games: eyes.

use super::common::editor_id;
use crate::schema::types::*;

/// The members of EYES, with the game's name field and flags.
pub const fn members(name: Member, flags: &'static FlagsDef) -> [Member; 4] {
    [
        editor_id(),
        name,
        opt(b"ICON", "texture", Field::ZString),
        sub(b"DATA", "flags", Field::Value(Ty::Flags(Int::U8, flags))),
    ]
}
