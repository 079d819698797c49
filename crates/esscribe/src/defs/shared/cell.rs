//! CELL, in both games: the lighting fields they share (Skyrim's lighting
//! templates have them too).

use super::common::RGBA;
use crate::schema::types::*;

/// Ambient and directional colours.
pub static LIGHT_COLORS: [FieldDef; 2] = [
    f("ambient_color", Ty::Struct(&RGBA)),
    f("directional_color", Ty::Struct(&RGBA)),
];

/// Fog distances, the directional light's rotation and fade, and the
/// fog clip distance.
pub static FOG_AND_DIRECTIONAL: [FieldDef; 6] = [
    f("fog_near", Ty::F32),
    f("fog_far", Ty::F32),
    f("directional_rotation_xy", I32),
    f("directional_rotation_z", I32),
    f("directional_fade", Ty::F32),
    f("fog_clip_distance", Ty::F32),
];
