//! MSTT: a movable static.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Movable static flags (DATA `flags`): on local map.
pub static MOVABLE_STATIC_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "on_local_map")],
};

/// Skyrim's movable static (MSTT) record declaration.
pub static MSTT: RecordDef = RecordDef {
    sig: Sig(*b"MSTT"),
    title: "Movable static",
    members: &[
        editor_id(),
        object_bounds(),
        full_name(),
        model(),
        destructible(),
        sub(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &MOVABLE_STATIC_FLAGS)),
        ),
        form_of(b"SNAM", "looping_sound", &[b"SNDR"]),
    ],
};
