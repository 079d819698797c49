//! REGN: a region: its area in a worldspace, then data entries (objects,
//! weather, map name, grass, sound).

use super::cell::RGBA;
use super::common::{editor_id, form_of, large_icon, small_icon};
use crate::io::Sig;
use crate::schema::types::*;

pub static ENTRY_TYPES: EnumDef = EnumDef {
    values: &[
        (2, "objects"),
        (3, "weather"),
        (4, "map"),
        (5, "land"),
        (6, "grass"),
        (7, "sound"),
        (8, "imposter"),
    ],
};

pub static ENTRY_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "override")],
};

pub static OBJECT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "conform_to_slope"),
        (0x02, "paint_vertices"),
        (0x04, "size_variance"),
        (0x08, "x_variance"),
        (0x10, "y_variance"),
        (0x20, "z_variance"),
        (0x40, "tree"),
        (0x80, "huge_rock"),
    ],
};

pub static SOUND_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "pleasant"),
        (0x02, "cloudy"),
        (0x04, "rainy"),
        (0x08, "snowy"),
    ],
};

static POINT: [FieldDef; 2] = [f("x", Ty::F32), f("y", Ty::F32)];

static AREA: [Member; 2] = [
    sub(b"RPLI", "edge_fall_off", Field::Value(U32)),
    opt(b"RPLD", "points", Field::Array(&POINT)),
];

static OBJECT: [FieldDef; 20] = [
    f(
        "object",
        fid(&[b"TREE", b"FLOR", b"STAT", b"LTEX", b"MSTT"]),
    ),
    f("parent_index", U16),
    f("unknown_0x06", Ty::Bytes(2)),
    f("density", Ty::F32),
    f("clustering", U8),
    f("minimum_slope", U8),
    f("maximum_slope", U8),
    f("flags", Ty::Flags(Int::U8, &OBJECT_FLAGS)),
    f("radius_to_parent", U16),
    f("radius", U16),
    f("minimum_height", Ty::F32),
    f("maximum_height", Ty::F32),
    f("sink", Ty::F32),
    f("sink_variance", Ty::F32),
    f("size_variance", Ty::F32),
    f("angle_variance_x", U16),
    f("angle_variance_y", U16),
    f("angle_variance_z", U16),
    f("unknown_0x2e", Ty::Bytes(2)),
    f("unknown_0x30", Ty::Bytes(4)),
];

static GRASS: [FieldDef; 2] = [f("grass", fid(&[b"GRAS"])), f("unknown_0x04", Ty::Bytes(4))];

static SOUND: [FieldDef; 3] = [
    f("sound", fid(&[b"SNDR"])),
    f("flags", Ty::Flags(Int::U32, &SOUND_FLAGS)),
    f("chance", Ty::F32),
];

static WEATHER: [FieldDef; 3] = [
    f("weather", fid(&[b"WTHR"])),
    f("chance", U32),
    f("global", fid(&[b"GLOB"])),
];

static ENTRY: [Member; 9] = [
    sub(
        b"RDAT",
        "header",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U32, &ENTRY_TYPES)),
            f("flags", Ty::Flags(Int::U8, &ENTRY_FLAGS)),
            f("priority", U8),
            f("unknown_0x06", Ty::Bytes(2)),
        ]),
    ),
    large_icon(),
    small_icon(),
    form_of(b"RDMO", "music", &[b"MUSC"]),
    opt(b"RDSA", "sounds", Field::Array(&SOUND)),
    opt(b"RDMP", "map_name", Field::LString),
    opt(b"RDOT", "objects", Field::Array(&OBJECT)),
    opt(b"RDGS", "grasses", Field::Array(&GRASS)),
    opt(b"RDWT", "weathers", Field::Array(&WEATHER)),
];

pub static REGN: RecordDef = RecordDef {
    sig: Sig(*b"REGN"),
    title: "Region",
    members: &[
        editor_id(),
        opt(b"RCLR", "map_color", Field::Struct(&RGBA)),
        form_of(b"WNAM", "worldspace", &[b"WRLD"]),
        groups("areas", &AREA),
        groups("entries", &ENTRY),
    ],
};
