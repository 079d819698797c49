//! HAIR: a hair style.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Hair flags (DATA `flags`).
pub static HAIR_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "playable"),
        (0x02, "not_male"),
        (0x04, "not_female"),
        (0x08, "fixed"),
    ],
};

/// Oblivion's hair (HAIR) record declaration.
pub static HAIR: RecordDef = RecordDef {
    sig: Sig(*b"HAIR"),
    title: "Hair",
    members: &[
        editor_id(),
        full_name(),
        model(),
        opt(b"ICON", "texture", Field::ZString),
        sub(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &HAIR_FLAGS)),
        ),
    ],
};
