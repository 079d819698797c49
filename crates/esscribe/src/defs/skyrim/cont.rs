//! CONT: a container.

use super::common::*;
use crate::defs::shared::cont;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Container flags (DATA `flags`).
pub static CONTAINER_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "allow_sounds_when_animation"),
        (0x02, "respawns"),
        (0x04, "show_owner"),
    ],
};

static DATA: [FieldDef; 2] = cont::data(&CONTAINER_FLAGS);

/// Skyrim's container (CONT) declaration.
pub static CONT: RecordDef = records::CONT.with(&[
    editor_id(),
    scripts(),
    object_bounds(),
    full_name(),
    model(),
    item_count(),
    items(),
    destructible(),
    sub(b"DATA", "data", Field::Struct(&DATA)),
    form_of(b"SNAM", "open_sound", &[b"SNDR"]),
    form_of(b"QNAM", "close_sound", &[b"SNDR"]),
]);
