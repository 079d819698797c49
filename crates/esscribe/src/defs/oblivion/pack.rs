//! PACK: an AI package. Real files order its subrecords EDID, PKDT, PLDT,
//! PSDT, PTDT, then the conditions (CTDA; CTDT in older files).

use super::condition::CONDITION;
use crate::defs::shared::{pack, records};
use crate::schema::types::*;

/// AI package flags (PKDT `flags`).
pub static PACKAGE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "offers_services"),
        (0x0000_0002, "must_reach_location"),
        (0x0000_0004, "must_complete"),
        (0x0000_0008, "lock_doors_at_start"),
        (0x0000_0010, "lock_doors_at_end"),
        (0x0000_0020, "lock_doors_at_location"),
        (0x0000_0040, "unlock_doors_at_start"),
        (0x0000_0080, "unlock_doors_at_end"),
        (0x0000_0100, "unlock_doors_at_location"),
        (0x0000_0200, "continue_if_pc_near"),
        (0x0000_0400, "once_per_day"),
        (0x0000_1000, "skip_fallout_behavior"),
        (0x0000_2000, "always_run"),
        (0x0002_0000, "always_sneak"),
        (0x0004_0000, "allow_swimming"),
        (0x0008_0000, "allow_falls"),
        (0x0010_0000, "armor_unequipped"),
        (0x0020_0000, "weapons_unequipped"),
        (0x0040_0000, "defensive_combat"),
        (0x0080_0000, "use_horse"),
        (0x0100_0000, "no_idle_anims"),
    ],
};

/// AI package types (PKDT `type`): find, follow, escort, eat, sleep, ...
pub static PACKAGE_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "find"),
        (1, "follow"),
        (2, "escort"),
        (3, "eat"),
        (4, "sleep"),
        (5, "wander"),
        (6, "travel"),
        (7, "accompany"),
        (8, "use_item_at"),
        (9, "ambush"),
        (10, "flee_not_combat"),
        (11, "cast_magic"),
    ],
};

/// Days of an AI package's schedule (PSDT), by Tamrielic weekday name; `any`
/// for every day.
pub static DAYS_OF_WEEK: EnumDef = EnumDef {
    values: &[
        (-1, "any"),
        (0, "sundas"),
        (1, "morndas"),
        (2, "tirdas"),
        (3, "middas"),
        (4, "turdas"),
        (5, "fredas"),
        (6, "loredas"),
        (7, "morndas_to_fredas"),
        (8, "loredas_and_sundas"),
        (9, "morndas_middas_fredas"),
        (10, "tirdas_and_turdas"),
    ],
};

/// AI package location types (PLDT `type`).
pub static LOCATION_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "near_reference"),
        (1, "in_cell"),
        (2, "near_current_location"),
        (3, "near_editor_location"),
        (4, "object_id"),
        (5, "object_type"),
    ],
};

/// What a package's "near reference" or "specific reference" names.
const REFERENCES: Targets = &[b"REFR", b"ACHR", b"ACRE"];

/// What a package's "object ID" names: a base object.
const OBJECTS: Targets = &[
    b"ACTI", b"DOOR", b"FLOR", b"STAT", b"FURN", b"CREA", b"SPEL", b"NPC_", b"CONT", b"ARMO",
    b"AMMO", b"MISC", b"WEAP", b"INGR", b"SLGM", b"SGST", b"BOOK", b"KEYM", b"CLOT", b"ALCH",
    b"APPA", b"LIGH",
];

/// A form ID for near reference, in cell and object ID; a number
/// otherwise (an object type, or unused).
static LOCATION: SelectDef = SelectDef {
    field: "type",
    cases: &[
        (Match::OneOf(&[0]), fid(REFERENCES)),
        (Match::OneOf(&[1]), fid(&[b"CELL"])),
        (Match::OneOf(&[4]), fid(OBJECTS)),
    ],
    default: U32,
};

/// AI package target types (PTDT `type`).
pub static TARGET_TYPES: EnumDef = EnumDef {
    values: &pack::TARGET_TYPE_VALUES,
};

static TARGET: SelectDef = SelectDef {
    field: "type",
    cases: &[
        (Match::OneOf(&[0]), fid(REFERENCES)),
        (Match::OneOf(&[1]), fid(OBJECTS)),
    ],
    default: U32,
};

/// Oblivion's AI package (PACK) record declaration.
pub static PACK: RecordDef = records::PACK.with(&[
    opt(b"EDID", "editor_id", Field::ZString),
    sub(
        b"PKDT",
        "general",
        Field::BySize(&[
            (
                8,
                Field::Struct(&[
                    f("flags", Ty::Flags(Int::U32, &PACKAGE_FLAGS)),
                    f("type", Ty::Enum(Int::U8, &PACKAGE_TYPES)),
                    f("unused", Ty::Bytes(3)),
                ]),
            ),
            (
                4,
                Field::Struct(&[
                    f("flags", Ty::Flags(Int::U16, &PACKAGE_FLAGS)),
                    f("type", Ty::Enum(Int::U8, &PACKAGE_TYPES)),
                    f("unused", Ty::Bytes(1)),
                ]),
            ),
        ]),
    ),
    opt(
        b"PLDT",
        "location",
        Field::Struct(&[
            f("type", Ty::Enum(Int::I32, &LOCATION_TYPES)),
            f("location", Ty::Select(&LOCATION)),
            f("radius", I32),
        ]),
    ),
    sub(
        b"PSDT",
        "schedule",
        Field::Struct(&join::<_, 5>(&[
            &pack::schedule_start(&DAYS_OF_WEEK),
            &[f("duration_hours", I32)],
        ])),
    ),
    opt(
        b"PTDT",
        "target",
        Field::Struct(&[
            f("type", Ty::Enum(Int::I32, &TARGET_TYPES)),
            f("target", Ty::Select(&TARGET)),
            f("count", I32),
        ]),
    ),
    rep(b"CTDA", "conditions", Field::Struct(&CONDITION)),
    rep(b"CTDT", "conditions_old", Field::Struct(&CONDITION)),
]);
