//! LGTM: a lighting template.

use super::cell::RGBA;
use super::common::editor_id;
use crate::defs::shared::cell;
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

static LIGHTING: [FieldDef; 16] = join(&[
    &cell::LIGHT_COLORS,
    &[f("fog_near_color", Ty::Struct(&RGBA))],
    &cell::FOG_AND_DIRECTIONAL,
    &[
        f("fog_power", Ty::F32),
        f("unused", Ty::Bytes(32)),
        f("fog_far_color", Ty::Struct(&RGBA)),
        f("fog_max", Ty::F32),
        f("light_fade_begin", Ty::F32),
        f("light_fade_end", Ty::F32),
        f("unused_2", Ty::Bytes(4)),
    ],
]);

/// Skyrim's lighting template (LGTM) declaration.
pub static LGTM: RecordDef = RecordDef {
    sig: Sig(*b"LGTM"),
    title: "Lighting template",
    members: &[
        editor_id(),
        opt(b"DATA", "lighting", Field::Struct(&LIGHTING)),
        opt(
            b"DALC",
            "directional_ambient",
            Field::Struct(&DIRECTIONAL_AMBIENT),
        ),
    ],
};
