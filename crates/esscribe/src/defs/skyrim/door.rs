//! DOOR: a door.

use super::common::*;
use crate::defs::shared::door;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Door flags (FNAM `flags`).
pub static DOOR_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x02, "automatic"),
        (0x04, "hidden"),
        (0x08, "minimal_use"),
        (0x10, "sliding"),
        (0x20, "do_not_open_in_combat_search"),
    ],
};

/// Skyrim's door (DOOR) record declaration.
pub static DOOR: RecordDef = records::DOOR.with(&join::<_, 11>(&[
    &[
        editor_id(),
        scripts(),
        object_bounds(),
        full_name(),
        model(),
        destructible(),
    ],
    &door::sounds_and_flags(&[b"SNDR"], &DOOR_FLAGS),
    &[rep(
        b"TNAM",
        "random_teleport_destinations",
        Field::Value(fid(&[b"CELL", b"WRLD"])),
    )],
]));
