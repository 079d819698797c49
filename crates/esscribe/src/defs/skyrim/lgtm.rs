//! LGTM: a lighting template.

use super::cell::RGBA;
use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// DALC: ambient colours from each axis direction, and the specular
/// colour.
pub static DIRECTIONAL_AMBIENT: [FieldDef; 8] = [
    f("x_plus", Ty::Struct(&RGBA)),
    f("x_minus", Ty::Struct(&RGBA)),
    f("y_plus", Ty::Struct(&RGBA)),
    f("y_minus", Ty::Struct(&RGBA)),
    f("z_plus", Ty::Struct(&RGBA)),
    f("z_minus", Ty::Struct(&RGBA)),
    f("specular", Ty::Struct(&RGBA)),
    f("fresnel_power", Ty::F32),
];

/// Skyrim's lighting template (LGTM) record declaration.
pub static LGTM: RecordDef = RecordDef {
    sig: Sig(*b"LGTM"),
    title: "Lighting template",
    members: &[
        editor_id(),
        opt(
            b"DATA",
            "lighting",
            Field::Struct(&[
                f("ambient_color", Ty::Struct(&RGBA)),
                f("directional_color", Ty::Struct(&RGBA)),
                f("fog_near_color", Ty::Struct(&RGBA)),
                f("fog_near", Ty::F32),
                f("fog_far", Ty::F32),
                f("directional_rotation_xy", I32),
                f("directional_rotation_z", I32),
                f("directional_fade", Ty::F32),
                f("fog_clip_distance", Ty::F32),
                f("fog_power", Ty::F32),
                f("unused", Ty::Bytes(32)),
                f("fog_far_color", Ty::Struct(&RGBA)),
                f("fog_max", Ty::F32),
                f("light_fade_begin", Ty::F32),
                f("light_fade_end", Ty::F32),
                f("unused_2", Ty::Bytes(4)),
            ]),
        ),
        opt(
            b"DALC",
            "directional_ambient",
            Field::Struct(&DIRECTIONAL_AMBIENT),
        ),
    ],
};
