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
        full_name(),
        model(),
        icon(),
        script(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[f("value", U32), f("weight", Ty::F32)]),
        ),
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
    ],
};
