//! LAND, in both games: the landscape of one exterior cell: normals,
//! heights, colours and texture layers.

use super::common::RGB;
use crate::schema::types::*;

/// The flags both games give the same meaning.
pub static FLAG_BITS: [(u64, &str); 5] = [
    (0x001, "has_vertex_normals_height_map"),
    (0x002, "has_vertex_colors"),
    (0x004, "has_layers"),
    (0x008, "unknown_4"),
    (0x010, "auto_calc_normals"),
];

static NORMAL: [FieldDef; 3] = [f("x", I8), f("y", I8), f("z", I8)];

static LAYER: [FieldDef; 4] = [
    f("texture", fid(&[b"LTEX"])),
    f("quadrant", U8),
    f("unused", Ty::Bytes(1)),
    f("layer", I16),
];

static OPACITY: [FieldDef; 3] = [
    f("position", U16),
    f("unused", Ty::Bytes(2)),
    f("opacity", Ty::F32),
];

static ALPHA_LAYER: [Member; 2] = [
    sub(b"ATXT", "layer", Field::Struct(&LAYER)),
    opt(b"VTXT", "opacities", Field::Array(&OPACITY)),
];

/// A quadrant's base layer and the alpha layers painted over it.
static QUADRANT: [Member; 2] = [
    sub(b"BTXT", "base_layer", Field::Struct(&LAYER)),
    groups("alpha_layers", &ALPHA_LAYER),
];

static TEXTURE: [FieldDef; 1] = [f("texture", fid(&[b"LTEX"]))];

static HEIGHTS: [FieldDef; 3] = [
    f("offset", Ty::F32),
    // 33 rows of 33 signed height steps, each relative to the one before
    // it.
    f("gradients", Ty::Bytes(33 * 33)),
    f("unused", Ty::Bytes(3)),
];

/// The members of LAND both games have, read with the game's flags.
pub const fn members(flags: &'static FlagsDef) -> [Member; 6] {
    [
        opt(b"DATA", "flags", Field::Value(Ty::Flags(Int::U32, flags))),
        opt(b"VNML", "vertex_normals", Field::Array(&NORMAL)),
        opt(b"VHGT", "vertex_heights", Field::Struct(&HEIGHTS)),
        opt(b"VCLR", "vertex_colors", Field::Array(&RGB)),
        groups("quadrants", &QUADRANT),
        opt(b"VTEX", "textures", Field::Array(&TEXTURE)),
    ]
}
