//! LTEX: a landscape texture.

use super::common::{editor_id, icon};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Landscape texture material types (HNAM `material_type`).
pub static MATERIAL_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "stone"),
        (1, "cloth"),
        (2, "dirt"),
        (3, "glass"),
        (4, "grass"),
        (5, "metal"),
        (6, "organic"),
        (7, "skin"),
        (8, "water"),
        (9, "wood"),
        (10, "heavy_stone"),
        (11, "heavy_metal"),
        (12, "heavy_wood"),
        (13, "chain"),
        (14, "snow"),
    ],
};

/// Oblivion's landscape texture (LTEX) record declaration.
pub static LTEX: RecordDef = records::LTEX.with(&[
    editor_id(),
    icon(),
    opt(
        b"HNAM",
        "havok",
        Field::Struct(&[
            f("material_type", Ty::Enum(Int::U8, &MATERIAL_TYPES)),
            f("friction", U8),
            f("restitution", U8),
        ]),
    ),
    opt(b"SNAM", "texture_specular_exponent", Field::Value(U8)),
    rep(b"GNAM", "grasses", Field::Value(fid(&[b"GRAS"]))),
]);
