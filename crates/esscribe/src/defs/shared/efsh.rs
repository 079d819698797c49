//! EFSH, in both games: an effect shader. Skyrim's data goes on where
//! Oblivion's ends, and the two name a few of the fields they share
//! differently; what is the same is here.

use super::common::RGBA;
use crate::schema::types::*;

/// Direct3D blend factors, as effect shaders name them.
pub static BLEND_MODES: EnumDef = EnumDef {
    values: &[
        (1, "zero"),
        (2, "one"),
        (3, "source_color"),
        (4, "source_inverse_color"),
        (5, "source_alpha"),
        (6, "source_inverted_alpha"),
        (7, "dest_alpha"),
        (8, "dest_inverted_alpha"),
        (9, "dest_color"),
        (10, "dest_inverse_color"),
        (11, "source_alpha_sat"),
    ],
};

/// Blend operations of an effect shader's membrane and particles.
pub static BLEND_OPERATIONS: EnumDef = EnumDef {
    values: &[
        (1, "add"),
        (2, "subtract"),
        (3, "reverse_subtract"),
        (4, "minimum"),
        (5, "maximum"),
    ],
};

/// Z-test functions of an effect shader's membrane and particles.
pub static Z_TEST_FUNCTIONS: EnumDef = EnumDef {
    values: &[
        (3, "equal_to"),
        (4, "normal"),
        (5, "greater_than"),
        (7, "greater_than_or_equal_to"),
        (8, "always_show"),
    ],
};

/// A blend factor field ([`BLEND_MODES`], u32).
pub const fn blend(name: &'static str) -> FieldDef {
    f(name, Ty::Enum(Int::U32, &BLEND_MODES))
}

/// An f32 field.
pub const fn float(name: &'static str) -> FieldDef {
    f(name, Ty::F32)
}

/// A color field ([`RGBA`]).
pub const fn color(name: &'static str) -> FieldDef {
    f(name, Ty::Struct(&RGBA))
}

/// The membrane blending, after the first field.
pub static MEMBRANE: [FieldDef; 3] = [
    blend("membrane_source_blend_mode"),
    f(
        "membrane_blend_operation",
        Ty::Enum(Int::U32, &BLEND_OPERATIONS),
    ),
    f(
        "membrane_z_test_function",
        Ty::Enum(Int::U32, &Z_TEST_FUNCTIONS),
    ),
];

/// The fill and edge colours and timing, and the particle blending and birth.
pub static FILL_EDGE: [FieldDef; 27] = [
    float("fill_alpha_fade_in_time"),
    float("fill_full_alpha_time"),
    float("fill_alpha_fade_out_time"),
    float("fill_persistent_alpha_ratio"),
    float("fill_alpha_pulse_amplitude"),
    float("fill_alpha_pulse_frequency"),
    float("fill_texture_animation_speed_u"),
    float("fill_texture_animation_speed_v"),
    float("edge_fall_off"),
    color("edge_color"),
    float("edge_alpha_fade_in_time"),
    float("edge_full_alpha_time"),
    float("edge_alpha_fade_out_time"),
    float("edge_persistent_alpha_ratio"),
    float("edge_alpha_pulse_amplitude"),
    float("edge_alpha_pulse_frequency"),
    float("fill_full_alpha_ratio"),
    float("edge_full_alpha_ratio"),
    blend("membrane_dest_blend_mode"),
    blend("particle_source_blend_mode"),
    f(
        "particle_blend_operation",
        Ty::Enum(Int::U32, &BLEND_OPERATIONS),
    ),
    f(
        "particle_z_test_function",
        Ty::Enum(Int::U32, &Z_TEST_FUNCTIONS),
    ),
    blend("particle_dest_blend_mode"),
    float("particle_birth_ramp_up_time"),
    float("full_particle_birth_time"),
    float("particle_birth_ramp_down_time"),
    float("full_particle_birth_ratio"),
];

/// The particles' life, motion, scale and colour keys.
pub static PARTICLES: [FieldDef; 23] = [
    float("particle_lifetime"),
    float("particle_lifetime_variance"),
    float("initial_speed_along_normal"),
    float("acceleration_along_normal"),
    float("initial_velocity_1"),
    float("initial_velocity_2"),
    float("initial_velocity_3"),
    float("acceleration_1"),
    float("acceleration_2"),
    float("acceleration_3"),
    float("scale_key_1"),
    float("scale_key_2"),
    float("scale_key_1_time"),
    float("scale_key_2_time"),
    color("color_key_1"),
    color("color_key_2"),
    color("color_key_3"),
    float("color_key_1_alpha"),
    float("color_key_2_alpha"),
    float("color_key_3_alpha"),
    float("color_key_1_time"),
    float("color_key_2_time"),
    float("color_key_3_time"),
];
