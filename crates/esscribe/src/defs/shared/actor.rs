//! Actors, in both games (Oblivion's creatures, Skyrim's NPCs): their
//! sounds by type.

use crate::schema::types::*;

/// The sound types both games have.
pub static SOUND_TYPE_VALUES: [(i64, &str); 10] = [
    (0, "left_foot"),
    (1, "right_foot"),
    (2, "left_back_foot"),
    (3, "right_back_foot"),
    (4, "idle"),
    (5, "aware"),
    (6, "attack"),
    (7, "hit"),
    (8, "death"),
    (9, "weapon"),
];

/// One sound and its chance, of the game's sound record types.
pub const fn sound(targets: Targets) -> [Member; 2] {
    [
        sub(b"CSDI", "sound", Field::Value(fid(targets))),
        opt(b"CSDC", "chance", Field::Value(U8)),
    ]
}

/// A sound type (one of `types`) and its sounds.
pub const fn sound_type(types: &'static EnumDef, sounds: &'static [Member; 2]) -> [Member; 2] {
    [
        sub(b"CSDT", "type", Field::Value(Ty::Enum(Int::U32, types))),
        groups("sounds", sounds),
    ]
}
