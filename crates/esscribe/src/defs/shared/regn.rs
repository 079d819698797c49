//! REGN, in both games: a region's area, its entry types and the parts of
//! its object and sound entries that mean the same.

use super::common::{RGBA, XY};
use crate::schema::types::*;

/// The entry types both games have.
pub static ENTRY_TYPE_VALUES: [(i64, &str); 6] = [
    (2, "objects"),
    (3, "weather"),
    (4, "map"),
    (5, "land"),
    (6, "grass"),
    (7, "sound"),
];

/// How an object entry is placed.
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

/// The weathers a sound entry plays in.
pub static SOUND_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "pleasant"),
        (0x02, "cloudy"),
        (0x04, "rainy"),
        (0x08, "snowy"),
    ],
};

/// One area of the region: its edge fall-off and outline.
pub static AREA: [Member; 2] = [
    sub(b"RPLI", "edge_fall_off", Field::Value(U32)),
    opt(b"RPLD", "points", Field::Array(&XY)),
];

/// An object entry's density, slopes and flags.
pub static OBJECT_DENSITY: [FieldDef; 5] = [
    f("density", Ty::F32),
    f("clustering", U8),
    f("minimum_slope", U8),
    f("maximum_slope", U8),
    f("flags", Ty::Flags(Int::U8, &OBJECT_FLAGS)),
];

/// An object entry's radius, heights, sink and variances.
pub static OBJECT_SIZE: [FieldDef; 9] = [
    f("radius", U16),
    f("minimum_height", Ty::F32),
    f("maximum_height", Ty::F32),
    f("sink", Ty::F32),
    f("sink_variance", Ty::F32),
    f("size_variance", Ty::F32),
    f("angle_variance_x", U16),
    f("angle_variance_y", U16),
    f("angle_variance_z", U16),
];

/// The region's map colour, worldspace, areas and entries (the game's).
pub const fn map_and_entries(entry: &'static [Member]) -> [Member; 4] {
    [
        opt(b"RCLR", "map_color", Field::Struct(&RGBA)),
        opt(b"WNAM", "worldspace", Field::Value(fid(&[b"WRLD"]))),
        groups("areas", &AREA),
        groups("entries", entry),
    ]
}
