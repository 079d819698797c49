//! FURN: furniture (chairs, beds, crafting stations).

use super::acti::ACTIVATOR_FLAGS;
use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Furniture markers in use (MNAM `active_markers`): sit markers 0 to
/// 23, then properties of the furniture (disables activation, perch,
/// child can use, ...).
pub static ACTIVE_MARKERS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "sit_0"),
        (1 << 1, "sit_1"),
        (1 << 2, "sit_2"),
        (1 << 3, "sit_3"),
        (1 << 4, "sit_4"),
        (1 << 5, "sit_5"),
        (1 << 6, "sit_6"),
        (1 << 7, "sit_7"),
        (1 << 8, "sit_8"),
        (1 << 9, "sit_9"),
        (1 << 10, "sit_10"),
        (1 << 11, "sit_11"),
        (1 << 12, "sit_12"),
        (1 << 13, "sit_13"),
        (1 << 14, "sit_14"),
        (1 << 15, "sit_15"),
        (1 << 16, "sit_16"),
        (1 << 17, "sit_17"),
        (1 << 18, "sit_18"),
        (1 << 19, "sit_19"),
        (1 << 20, "sit_20"),
        (1 << 21, "sit_21"),
        (1 << 22, "sit_22"),
        (1 << 23, "sit_23"),
        (1 << 24, "disables_activation"),
        (1 << 25, "is_perch"),
        (1 << 26, "must_exit_to_talk"),
        (1 << 29, "child_can_use"),
        (1 << 30, "large_marker"),
        (1 << 31, "uses_marker_node"),
    ],
};

/// Workbench types (WBDT `bench_type`).
pub static BENCH_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "create_object"),
        (2, "smithing_weapon"),
        (3, "enchanting"),
        (4, "enchanting_experiment"),
        (5, "alchemy"),
        (6, "alchemy_experiment"),
        (7, "smithing_armor"),
    ],
};

/// Directions a furniture marker can be entered from.
pub static ENTRY_POINTS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "front"),
        (0x02, "behind"),
        (0x04, "right"),
        (0x08, "left"),
        (0x10, "up"),
    ],
};

/// Furniture marker types: sit, lay, lean.
pub static MARKER_TYPES: EnumDef = EnumDef {
    values: &[(1, "sit"), (2, "lay"), (4, "lean")],
};

static MARKER: [Member; 3] = [
    sub(b"ENAM", "index", Field::Value(I32)),
    opt(
        b"NAM0",
        "entry",
        Field::Struct(&[
            f("unknown", Ty::Bytes(2)),
            f("disabled_entry_points", Ty::Flags(Int::U16, &ENTRY_POINTS)),
        ]),
    ),
    form_of(b"FNMK", "marker_keyword", &[b"KYWD"]),
];

/// Skyrim's furniture (FURN) record declaration.
pub static FURN: RecordDef = records::FURN.with(&join::<_, 17>(&[
    &ACTIVATOR_HEAD,
    &[
        opt(b"PNAM", "marker_color", Field::Struct(&RGBA)),
        opt(
            b"FNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U16, &ACTIVATOR_FLAGS)),
        ),
        form_of(b"KNAM", "interaction_keyword", &[b"KYWD"]),
        opt(
            b"MNAM",
            "active_markers",
            Field::Value(Ty::Flags(Int::U32, &ACTIVE_MARKERS)),
        ),
        opt(
            b"WBDT",
            "workbench",
            Field::Struct(&[
                f("bench_type", Ty::Enum(Int::U8, &BENCH_TYPES)),
                f("uses_skill", I8),
            ]),
        ),
        form_of(b"NAM1", "associated_spell", &[b"SPEL"]),
        groups("markers", &MARKER),
        rep(
            b"FNPR",
            "marker_entry_points",
            Field::Struct(&[
                f("type", Ty::Enum(Int::U16, &MARKER_TYPES)),
                f("entry_points", Ty::Flags(Int::U16, &ENTRY_POINTS)),
            ]),
        ),
        opt(b"XMRK", "marker_model", Field::ZString),
    ],
]));
