//! ECZN: an encounter zone.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Encounter zone flags.
pub static ZONE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "never_resets"),
        (0x02, "match_pc_below_minimum_level"),
        (0x04, "disable_combat_boundary"),
    ],
};

/// Skyrim's encounter zone (ECZN) record declaration.
pub static ECZN: RecordDef = RecordDef {
    sig: Sig(*b"ECZN"),
    title: "Encounter zone",
    members: &[
        editor_id(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("owner", fid(&[b"NPC_", b"FACT"])),
                f("location", fid(&[b"LCTN"])),
                f("rank", I8),
                f("minimum_level", I8),
                f("flags", Ty::Flags(Int::U8, &ZONE_FLAGS)),
                f("maximum_level", I8),
            ]),
        ),
    ],
};
