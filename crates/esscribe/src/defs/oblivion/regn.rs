//! REGN: a region: its area, then data entries (objects, weather, map
//! name, land, grass, sound).

use super::common::{editor_id, form_of, icon, RGBA};
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
    ],
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

pub static MUSIC_TYPES: EnumDef = EnumDef {
    values: &[(0, "default"), (1, "public"), (2, "dungeon")],
};

static POINT: [FieldDef; 2] = [f("x", Ty::F32), f("y", Ty::F32)];

static AREA: [Member; 2] = [
    sub(b"RPLI", "edge_fall_off", Field::Value(U32)),
    opt(b"RPLD", "points", Field::Array(&POINT)),
];

static OBJECT: [FieldDef; 20] = [
    f("object", fid(&[b"TREE", b"STAT", b"LTEX"])),
    f("parent_index", U16),
    f("unused", Ty::Bytes(2)),
    f("density", Ty::F32),
    f("clustering", U8),
    f("minimum_slope", U8),
    f("maximum_slope", U8),
    f("flags", Ty::Flags(Int::U8, &OBJECT_FLAGS)),
    f("radius_wrt_parent", U16),
    f("radius", U16),
    f("minimum_height", Ty::F32),
    f("maximum_height", Ty::F32),
    f("sink", Ty::F32),
    f("sink_variance", Ty::F32),
    f("size_variance", Ty::F32),
    f("angle_variance_x", U16),
    f("angle_variance_y", U16),
    f("angle_variance_z", U16),
    f("unused_2", Ty::Bytes(2)),
    f("unused_3", Ty::Bytes(4)),
];

static GRASS: [FieldDef; 2] = [f("grass", fid(&[b"GRAS"])), f("unused", Ty::Bytes(4))];

static SOUND: [FieldDef; 3] = [
    f("sound", fid(&[b"SOUN"])),
    f("flags", Ty::Flags(Int::U32, &SOUND_FLAGS)),
    f("chance", U32),
];

static WEATHER: [FieldDef; 2] = [f("weather", fid(&[b"WTHR"])), f("chance", U32)];

static ENTRY: [Member; 7] = [
    sub(
        b"RDAT",
        "header",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U32, &ENTRY_TYPES)),
            f("override", Ty::Bool),
            f("priority", U8),
            f("unused", Ty::Bytes(2)),
        ]),
    ),
    opt(b"RDOT", "objects", Field::Array(&OBJECT)),
    opt(b"RDMP", "map_name", Field::ZString),
    opt(b"RDGS", "grasses", Field::Array(&GRASS)),
    opt(
        b"RDMD",
        "music",
        Field::Value(Ty::Enum(Int::U32, &MUSIC_TYPES)),
    ),
    opt(b"RDSD", "sounds", Field::Array(&SOUND)),
    opt(b"RDWT", "weathers", Field::Array(&WEATHER)),
];

pub static REGN: RecordDef = RecordDef {
    sig: Sig(*b"REGN"),
    title: "Region",
    members: &[
        editor_id(),
        icon(),
        opt(b"RCLR", "map_color", Field::Struct(&RGBA)),
        form_of(b"WNAM", "worldspace", &[b"WRLD"]),
        groups("areas", &AREA),
        groups("entries", &ENTRY),
    ],
};
