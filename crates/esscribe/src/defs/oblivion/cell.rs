//! CELL: a cell (an interior, or one square of a worldspace). Real files
//! hold the grid right after the flags, and the ownership before the music.

use super::common::*;
use crate::defs::shared::cell;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Cell flags (DATA `flags`).
pub static CELL_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "interior"),
        (0x02, "has_water"),
        (0x04, "cant_travel_from_here"),
        (0x08, "force_hide_land_or_oblivion_interior"),
        (0x20, "public_area"),
        (0x40, "hand_changed"),
        (0x80, "behave_like_exterior"),
    ],
};

/// Music types of a cell, region or worldspace.
pub static MUSIC_TYPES: EnumDef = EnumDef {
    values: &[(0, "default"), (1, "public"), (2, "dungeon")],
};

/// Oblivion's interior cell lighting (XCLL): colors, fog, directional light.
pub static LIGHTING: [FieldDef; 9] = join(&[
    &cell::LIGHT_COLORS,
    &[f("fog_color", Ty::Struct(&RGBA))],
    &cell::FOG_AND_DIRECTIONAL,
]);

static REGION: [FieldDef; 1] = [f("region", fid(&[b"REGN"]))];

/// Oblivion's cell (CELL) record declaration.
pub static CELL: RecordDef = records::CELL.with(&[
    editor_id(),
    full_name(),
    sub(
        b"DATA",
        "flags",
        Field::Value(Ty::Flags(Int::U8, &CELL_FLAGS)),
    ),
    opt(b"XCLC", "grid", Field::Struct(&[f("x", I32), f("y", I32)])),
    opt(b"XCLL", "lighting", Field::Struct(&LIGHTING)),
    opt(b"XCLR", "regions", Field::Array(&REGION)),
    owner(),
    owner_rank(),
    owner_global(),
    opt(
        b"XCMT",
        "music",
        Field::Value(Ty::Enum(Int::U8, &MUSIC_TYPES)),
    ),
    opt(b"XCLW", "water_height", Field::Value(Ty::F32)),
    form_of(b"XCCM", "climate", &[b"CLMT"]),
    form_of(b"XCWT", "water", &[b"WATR"]),
]);
