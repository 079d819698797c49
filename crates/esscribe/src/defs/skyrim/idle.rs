//! IDLE: an idle animation.

use super::common::{conditions, editor_id};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Idle animation flags: parent, sequence, no attacking, blocking.
pub static IDLE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "parent"),
        (0x02, "sequence"),
        (0x04, "no_attacking"),
        (0x08, "blocking"),
    ],
};

/// Skyrim's idle animation (IDLE) record declaration.
pub static IDLE: RecordDef = records::IDLE.with(&[
    editor_id(),
    conditions(),
    opt(b"DNAM", "behavior_graph", Field::ZString),
    opt(b"ENAM", "animation_event", Field::ZString),
    opt(
        b"ANAM",
        "related_idles",
        Field::Struct(&[
            f("parent", fid(&[b"IDLE"])),
            f("previous_sibling", fid(&[b"IDLE"])),
        ]),
    ),
    opt(
        b"DATA",
        "data",
        Field::Struct(&[
            f("looping_min", U8),
            f("looping_max", U8),
            f("flags", Ty::Flags(Int::U8, &IDLE_FLAGS)),
            f("animation_group_section", U8),
            f("replay_delay", U16),
        ]),
    ),
]);
