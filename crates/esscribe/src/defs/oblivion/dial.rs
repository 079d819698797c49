//! DIAL: a dialogue topic.

use super::common::{editor_id, full_name};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Dialogue topic types, as DIAL and INFO DATA give them.
pub static DIALOGUE_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "topic"),
        (1, "conversation"),
        (2, "combat"),
        (3, "persuasion"),
        (4, "detection"),
        (5, "service"),
        (6, "miscellaneous"),
    ],
};

/// Oblivion's dialogue topic (DIAL) record declaration.
pub static DIAL: RecordDef = records::DIAL.with(&[
    editor_id(),
    rep(b"QSTI", "quests", Field::Value(fid(&[b"QUST"]))),
    rep(b"QSTR", "quests_2", Field::Value(fid(&[b"QUST"]))),
    full_name(),
    sub(
        b"DATA",
        "type",
        Field::Value(Ty::Enum(Int::U8, &DIALOGUE_TYPES)),
    ),
]);
