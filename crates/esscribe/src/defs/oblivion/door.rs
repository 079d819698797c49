//! DOOR: a door.

use super::common::{editor_id, form_of, full_name, model, script};
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
pub static DOOR: RecordDef = records::DOOR.with(&[
    editor_id(),
    full_name(),
    model(),
    script(),
    form_of(b"SNAM", "open_sound", &[b"SOUN"]),
    form_of(b"ANAM", "close_sound", &[b"SOUN"]),
    form_of(b"BNAM", "loop_sound", &[b"SOUN"]),
    opt(
        b"FNAM",
        "flags",
        Field::Value(Ty::Flags(Int::U8, &DOOR_FLAGS)),
    ),
    rep(
        b"TNAM",
        "random_teleport_destinations",
        Field::Value(fid(&[b"CELL", b"WRLD"])),
    ),
]);
