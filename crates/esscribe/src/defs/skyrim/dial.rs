//! DIAL: a dialogue topic.

use super::common::{editor_id, form_of, full_name};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Dialogue topic flags (DATA `flags`).
pub static TOPIC_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "do_all_before_repeating")],
};

/// Dialogue topic categories (DATA `category`).
pub static CATEGORIES: EnumDef = EnumDef {
    values: &[
        (0, "topic"),
        (1, "favor"),
        (2, "scene"),
        (3, "combat"),
        (4, "favors"),
        (5, "detection"),
        (6, "service"),
        (7, "miscellaneous"),
    ],
};

/// Skyrim's dialogue topic (DIAL) record declaration.
pub static DIAL: RecordDef = records::DIAL.with(&[
    editor_id(),
    full_name(),
    opt(b"PNAM", "priority", Field::Value(Ty::F32)),
    form_of(b"BNAM", "branch", &[b"DLBR"]),
    form_of(b"QNAM", "quest", &[b"QUST"]),
    opt(
        b"DATA",
        "data",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U8, &TOPIC_FLAGS)),
            f("category", Ty::Enum(Int::U8, &CATEGORIES)),
            f("subtype", U16),
        ]),
    ),
    opt(b"SNAM", "subtype_name", Field::Value(Ty::Char4)),
    opt(b"TIFC", "info_count", Field::Value(U32)),
]);
