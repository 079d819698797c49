//! EYES: eyes.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

pub static EYES_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "playable")],
};

pub static EYES: RecordDef = RecordDef {
    sig: Sig(*b"EYES"),
    title: "Eyes",
    members: &[
        editor_id(),
        full_name(),
        opt(b"ICON", "texture", Field::ZString),
        sub(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &EYES_FLAGS)),
        ),
    ],
};
