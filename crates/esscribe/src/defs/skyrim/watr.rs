//! WATR: a water type: its look (colours, fog, noise layers, specular,
//! depth), sounds, damage and currents.

use super::cell::RGBA;
use super::common::{editor_id, form_of, full_name};
use super::refr::XYZ;
use crate::defs::shared::{records, watr};
use crate::schema::types::*;

/// Water flags (FNAM `flags`).
pub static WATER_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 3>(&[
        &watr::FLAG_BITS,
        &[(0x08, "enable_flowmap"), (0x10, "blend_normals")],
    ]),
};

/// DNAM: 228 bytes in Skyrim, 232 in Skyrim Special Edition (with the
/// flowmap scale).
static VISUAL_DATA: [FieldDef; 58] = [
    f("unknown_0x00", Ty::F32),
    f("unknown_0x04", Ty::F32),
    f("unknown_0x08", Ty::F32),
    f("unknown_0x0c", Ty::F32),
    f("sun_specular_power", Ty::F32),
    f("reflectivity_amount", Ty::F32),
    f("fresnel_amount", Ty::F32),
    f("unknown_0x1c", Ty::Bytes(4)),
    f("above_water_fog_near", Ty::F32),
    f("above_water_fog_far", Ty::F32),
    f("shallow_color", Ty::Struct(&RGBA)),
    f("deep_color", Ty::Struct(&RGBA)),
    f("reflection_color", Ty::Struct(&RGBA)),
    f("unknown_0x34", Ty::Bytes(4)),
    f("unknown_0x38", Ty::F32),
    f("unknown_0x3c", Ty::F32),
    f("unknown_0x40", Ty::F32),
    f("unknown_0x44", Ty::F32),
    f("displacement_starting_size", Ty::F32),
    f("displacement_force", Ty::F32),
    f("displacement_velocity", Ty::F32),
    f("displacement_falloff", Ty::F32),
    f("displacement_dampener", Ty::F32),
    f("unknown_0x5c", Ty::F32),
    f("noise_falloff", Ty::F32),
    f("noise_layer_1_wind_direction", Ty::F32),
    f("noise_layer_2_wind_direction", Ty::F32),
    f("noise_layer_3_wind_direction", Ty::F32),
    f("noise_layer_1_wind_speed", Ty::F32),
    f("noise_layer_2_wind_speed", Ty::F32),
    f("noise_layer_3_wind_speed", Ty::F32),
    f("unknown_0x7c", Ty::F32),
    f("unknown_0x80", Ty::F32),
    f("above_water_fog_amount", Ty::F32),
    f("unknown_0x88", Ty::F32),
    f("under_water_fog_amount", Ty::F32),
    f("under_water_fog_near", Ty::F32),
    f("under_water_fog_far", Ty::F32),
    f("refraction_magnitude", Ty::F32),
    f("specular_power", Ty::F32),
    f("unknown_0xa0", Ty::F32),
    f("specular_radius", Ty::F32),
    f("specular_brightness", Ty::F32),
    f("noise_layer_1_uv_scale", Ty::F32),
    f("noise_layer_2_uv_scale", Ty::F32),
    f("noise_layer_3_uv_scale", Ty::F32),
    f("noise_layer_1_amplitude_scale", Ty::F32),
    f("noise_layer_2_amplitude_scale", Ty::F32),
    f("noise_layer_3_amplitude_scale", Ty::F32),
    f("reflection_magnitude", Ty::F32),
    f("sun_sparkle_magnitude", Ty::F32),
    f("sun_specular_magnitude", Ty::F32),
    f("depth_reflections", Ty::F32),
    f("depth_refraction", Ty::F32),
    f("depth_normals", Ty::F32),
    f("depth_specular_lighting", Ty::F32),
    f("sun_sparkle_power", Ty::F32),
    f("flowmap_scale", Ty::F32),
];

/// Skyrim's water (WATR) record declaration.
pub static WATR: RecordDef = records::WATR.with(&join::<_, 19>(&[
    &[
        editor_id(),
        full_name(),
        // Left over from earlier versions of the format.
        rep(b"NNAM", "unused_noise_maps", Field::ZString),
    ],
    &watr::opacity_and_flags(&WATER_FLAGS),
    &[
        opt(b"MNAM", "unused_mnam", Field::Opaque),
        form_of(b"TNAM", "material", &[b"MATT"]),
        form_of(b"SNAM", "open_sound", &[b"SNDR"]),
        form_of(b"XNAM", "spell", &[b"SPEL"]),
        form_of(b"INAM", "image_space", &[b"IMGS"]),
        // Damage per second in Skyrim; unused in Skyrim Special Edition.
        opt(b"DATA", "damage_per_second", Field::Value(U16)),
        opt(b"DNAM", "visual_data", Field::Struct(&VISUAL_DATA)),
        // Left over from earlier versions of the format: 12 bytes, zero in
        // the game's own files.
        opt(b"GNAM", "unused_gnam", Field::Value(Ty::Bytes(12))),
        opt(b"NAM0", "linear_velocity", Field::Struct(&XYZ)),
        opt(b"NAM1", "angular_velocity", Field::Struct(&XYZ)),
        opt(b"NAM2", "noise_layer_1_texture", Field::ZString),
        opt(b"NAM3", "noise_layer_2_texture", Field::ZString),
        opt(b"NAM4", "noise_layer_3_texture", Field::ZString),
        opt(b"NAM5", "flow_normals_texture", Field::ZString),
    ],
]));
