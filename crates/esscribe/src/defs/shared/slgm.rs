//! SLGM, in both games: a soul gem's souls.

use crate::schema::types::*;

/// Soul sizes, from none to grand (soul gem SOUL and SLCP).
pub static SOULS: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "petty"),
        (2, "lesser"),
        (3, "common"),
        (4, "greater"),
        (5, "grand"),
    ],
};

/// The soul a gem holds and the largest it can hold.
pub static SOUL_MEMBERS: [Member; 2] = [
    opt(
        b"SOUL",
        "contained_soul",
        Field::Value(Ty::Enum(Int::U8, &SOULS)),
    ),
    opt(
        b"SLCP",
        "maximum_capacity",
        Field::Value(Ty::Enum(Int::U8, &SOULS)),
    ),
];
