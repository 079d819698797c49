//! DOOR: a door.

use super::common::{editor_id, full_name, model, script};
use crate::defs::shared::door;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Door flags (FNAM `flags`).
pub static DOOR_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "oblivion_gate"),
        (0x02, "automatic_door"),
        (0x04, "hidden"),
        (0x08, "minimal_use"),
    ],
};

/// Oblivion's door (DOOR) record declaration.
pub static DOOR: RecordDef = records::DOOR.with(&join::<_, 9>(&[
    &[editor_id(), full_name(), model(), script()],
    &door::sounds_and_flags(&[b"SOUN"], &DOOR_FLAGS),
    &[rep(
        b"TNAM",
        "random_teleport_destinations",
        Field::Value(fid(&[b"CELL", b"WRLD"])),
    )],
]));
