//! EFSH: an effect shader (membrane, fill, edge and particle effects).
//! Older records hold fewer fields; the ones there are read.

use super::common::{editor_id, RGBA};
use crate::defs::skyrim::efsh::{BLEND_MODES, BLEND_OPERATIONS, Z_TEST_FUNCTIONS};
use crate::io::Sig;
use crate::schema::types::*;

pub static SHADER_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "no_membrane_shader"),
        (0x08, "no_particle_shader"),
        (0x10, "edge_effect_inverse"),
        (0x20, "membrane_shader_affect_skin_only"),
    ],
};

const fn blend(name: &'static str) -> FieldDef {
    f(name, Ty::Enum(Int::U32, &BLEND_MODES))
}

const fn float(name: &'static str) -> FieldDef {
    f(name, Ty::F32)
}

const fn color(name: &'static str) -> FieldDef {
    f(name, Ty::Struct(&RGBA))
}

static SHADER: [FieldDef; 57] = [
    f("flags", Ty::Flags(Int::U8, &SHADER_FLAGS)),
    f("unused", Ty::Bytes(3)),
    blend("membrane_source_blend_mode"),
    f(
        "membrane_blend_operation",
        Ty::Enum(Int::U32, &BLEND_OPERATIONS),
    ),
    f(
        "membrane_z_test_function",
        Ty::Enum(Int::U32, &Z_TEST_FUNCTIONS),
    ),
    color("fill_color"),
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
    float("persistent_particle_birth_ratio"),
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

pub static EFSH: RecordDef = RecordDef {
    sig: Sig(*b"EFSH"),
    title: "Effect shader",
    members: &[
        editor_id(),
        opt(b"ICON", "fill_texture", Field::ZString),
        opt(b"ICO2", "particle_shader_texture", Field::ZString),
        opt(b"DATA", "data", Field::Struct(&SHADER)),
    ],
};
