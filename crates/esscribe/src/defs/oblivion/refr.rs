//! REFR: a placed object.

use super::common::*;
use crate::defs::shared::records;
use crate::defs::shared::refr;
pub use crate::defs::shared::refr::LOCK_FLAGS;
use crate::schema::types::*;

/// Map marker flags (FNAM `flags`).
pub static MAP_MARKER_FLAGS: FlagsDef = FlagsDef {
    bits: &refr::MAP_MARKER_FLAG_BITS,
};

/// Map marker icon types (TNAM `type`).
pub static MAP_MARKER_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "camp"),
        (2, "cave"),
        (3, "city"),
        (4, "elven_ruin"),
        (5, "fort_ruin"),
        (6, "mine"),
        (7, "landmark"),
        (8, "tavern"),
        (9, "settlement"),
        (10, "daedric_shrine"),
        (11, "oblivion_gate"),
        (12, "unknown_door_icon"),
    ],
};

static MAP_MARKER_TYPE: [FieldDef; 2] = [
    f("type", Ty::Enum(Int::U8, &MAP_MARKER_TYPES)),
    f("unused", Ty::Bytes(1)),
];

static MAP_MARKER: [Member; 4] =
    refr::map_marker(&MAP_MARKER_FLAGS, Field::ZString, &MAP_MARKER_TYPE);

static UNUSED_CELL: [Member; 2] = [
    sub(b"XPCI", "cell", Field::Value(fid(&[b"CELL"]))),
    opt(b"FULL", "name", Field::ZString),
];

pub use refr::ACTION_FLAGS;

/// Oblivion's placed object (REFR) record declaration.
pub static REFR: RecordDef = records::REFR.with(&[
    editor_id(),
    sub(
        b"NAME",
        "base",
        Field::Value(fid(&[
            b"TREE", b"SBSP", b"LVLC", b"SOUN", b"ACTI", b"DOOR", b"FLOR", b"STAT", b"FURN",
            b"CONT", b"ARMO", b"AMMO", b"MISC", b"WEAP", b"INGR", b"SLGM", b"SGST", b"BOOK",
            b"KEYM", b"CLOT", b"ALCH", b"APPA", b"LIGH", b"GRAS",
        ])),
    ),
    opt(
        b"XTEL",
        "teleport_destination",
        Field::Struct(&[
            f("door", fid(&[b"REFR"])),
            f("position_rotation", Ty::Struct(&POSITION_ROTATION)),
        ]),
    ),
    opt(
        b"XLOC",
        "lock",
        Field::BySize(&[
            (
                16,
                Field::Struct(&[
                    f("level", U8),
                    f("unused", Ty::Bytes(3)),
                    f("key", fid(&[b"KEYM"])),
                    f("unused_2", Ty::Bytes(4)),
                    f("flags", Ty::Flags(Int::U8, &LOCK_FLAGS)),
                    f("unused_3", Ty::Bytes(3)),
                ]),
            ),
            (
                12,
                Field::Struct(&[
                    f("level", U8),
                    f("unused", Ty::Bytes(3)),
                    f("key", fid(&[b"KEYM"])),
                    f("flags", Ty::Flags(Int::U8, &LOCK_FLAGS)),
                    f("unused_3", Ty::Bytes(3)),
                ]),
            ),
        ]),
    ),
    owner(),
    owner_rank(),
    owner_global(),
    enable_parent(),
    form_of(b"XTRG", "target", &[b"REFR", b"ACHR", b"ACRE"]),
    opt(
        b"XSED",
        "speed_tree_seed",
        Field::BySize(&[(1, Field::Value(U8)), (4, Field::Struct(&[f("seed", U32)]))]),
    ),
    distant_lod(),
    opt(b"XCHG", "charge", Field::Value(Ty::F32)),
    opt(b"XHLT", "health", Field::Value(I32)),
    group("unused_cell", &UNUSED_CELL),
    opt(b"XLCM", "level_modifier", Field::Value(I32)),
    form_of(b"XRTM", "reference_teleport_marker", &[b"REFR"]),
    opt(
        b"XACT",
        "action_flags",
        Field::Value(Ty::Flags(Int::U32, &ACTION_FLAGS)),
    ),
    opt(b"XCNT", "count", Field::Value(I32)),
    group("map_marker", &MAP_MARKER),
    opt(b"ONAM", "open_by_default", Field::Empty),
    ragdoll(),
    scale(),
    opt(b"XSOL", "contained_soul", Field::Value(U8)),
    position_rotation(),
]);
