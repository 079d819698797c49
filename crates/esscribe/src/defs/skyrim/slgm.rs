//! SLGM: a soul gem.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

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

pub static SLGM: RecordDef = RecordDef {
    sig: Sig(*b"SLGM"),
    title: "Soul gem",
    members: &[
        editor_id(),
        object_bounds(),
        full_name(),
        model(),
        large_icon(),
        small_icon(),
        destructible(),
        pickup_sound(),
        drop_sound(),
        keyword_count(),
        keywords(),
        sub(b"DATA", "data", Field::Struct(&VALUE_WEIGHT)),
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
        form(b"NAM0", "linked_to"),
    ],
};
