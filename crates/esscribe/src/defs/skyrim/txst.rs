//! TXST: a texture set.

use super::common::{editor_id, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Texture set decal flags.
pub static DECAL_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "parallax"),
        (0x02, "alpha_blending"),
        (0x04, "alpha_testing"),
        (0x08, "no_subtextures"),
    ],
};

/// Texture set flags (DNAM `flags`).
pub static TEXTURE_SET_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "no_specular_map"),
        (0x02, "facegen_textures"),
        (0x04, "has_model_space_normal_map"),
    ],
};

/// Decal data, also used by impact data.
pub static DECAL: [FieldDef; 11] = [
    f("min_width", Ty::F32),
    f("max_width", Ty::F32),
    f("min_height", Ty::F32),
    f("max_height", Ty::F32),
    f("depth", Ty::F32),
    f("shininess", Ty::F32),
    f("parallax_scale", Ty::F32),
    f("parallax_passes", U8),
    f("flags", Ty::Flags(Int::U8, &DECAL_FLAGS)),
    f("unused", Ty::Bytes(2)),
    f("color", Ty::Struct(&super::cell::RGBA)),
];

/// Skyrim's texture set (TXST) record declaration.
pub static TXST: RecordDef = RecordDef {
    sig: Sig(*b"TXST"),
    title: "Texture set",
    members: &[
        editor_id(),
        object_bounds(),
        opt(b"TX00", "diffuse", Field::ZString),
        opt(b"TX01", "normal_or_gloss", Field::ZString),
        opt(
            b"TX02",
            "environment_mask_or_subsurface_tint",
            Field::ZString,
        ),
        opt(b"TX03", "glow_or_detail_map", Field::ZString),
        opt(b"TX04", "height", Field::ZString),
        opt(b"TX05", "environment", Field::ZString),
        opt(b"TX06", "multilayer", Field::ZString),
        opt(b"TX07", "backlight_mask_or_specular", Field::ZString),
        opt(b"DODT", "decal", Field::Struct(&DECAL)),
        opt(
            b"DNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U16, &TEXTURE_SET_FLAGS)),
        ),
    ],
};
