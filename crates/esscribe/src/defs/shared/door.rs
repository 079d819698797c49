//! DOOR, in both games: the sounds and flags a door ends with.

use crate::defs::shared::common::form_of;
use crate::schema::types::*;

/// A door's opening, closing and looping sounds (records of one of
/// `sound`, the game's sound type) and its flags (the game's).
pub const fn sounds_and_flags(sound: Targets, flags: &'static FlagsDef) -> [Member; 4] {
    [
        form_of(b"SNAM", "open_sound", sound),
        form_of(b"ANAM", "close_sound", sound),
        form_of(b"BNAM", "loop_sound", sound),
        opt(b"FNAM", "flags", Field::Value(Ty::Flags(Int::U8, flags))),
    ]
}
