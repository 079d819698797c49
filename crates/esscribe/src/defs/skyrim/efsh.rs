//! EFSH: an effect shader (membrane, fill, edge and particle effects).
//! Its data ends early in older records; the fields it holds are read.

use super::cell::RGBA;
use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

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

pub static BLEND_OPERATIONS: EnumDef = EnumDef {
    values: &[
        (1, "add"),
        (2, "subtract"),
        (3, "reverse_subtract"),
        (4, "minimum"),
        (5, "maximum"),
    ],
};

pub static Z_TEST_FUNCTIONS: EnumDef = EnumDef {
    values: &[
        (3, "equal_to"),
        (4, "normal"),
        (5, "greater_than"),
        (7, "greater_than_or_equal_to"),
        (8, "always_show"),
    ],
};

pub static SHADER_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "no_membrane_shader"),
        (1 << 1, "membrane_grayscale_color"),
        (1 << 2, "membrane_grayscale_alpha"),
        (1 << 3, "no_particle_shader"),
        (1 << 4, "edge_effect_inverse"),
        (1 << 5, "affect_skin_only"),
        (1 << 6, "ignore_alpha"),
        (1 << 7, "project_uvs"),
        (1 << 8, "ignore_base_geometry_alpha"),
        (1 << 9, "lighting"),
        (1 << 10, "no_weapons"),
        (1 << 15, "particle_animated"),
        (1 << 16, "particle_grayscale_color"),
        (1 << 17, "particle_grayscale_alpha"),
        (1 << 24, "use_blood_geometry"),
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

static SHADER: [FieldDef; 100] = [
    f("unknown", Ty::Bytes(4)),
    blend("membrane_source_blend_mode"),
    f(
        "membrane_blend_operation",
        Ty::Enum(Int::U32, &BLEND_OPERATIONS),
    ),
    f(
        "membrane_z_test_function",
        Ty::Enum(Int::U32, &Z_TEST_FUNCTIONS),
    ),
    color("fill_color_key_1"),
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
    float("persistent_particle_count"),
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
    float("initial_speed_along_normal_variance"),
    float("initial_rotation_degrees"),
    float("initial_rotation_degrees_variance"),
    float("rotation_speed_degrees_per_second"),
    float("rotation_speed_degrees_per_second_variance"),
    f("addon_models", Ty::FormId),
    float("holes_start_time"),
    float("holes_end_time"),
    float("holes_start_value"),
    float("holes_end_value"),
    float("edge_width_alpha_units"),
    color("edge_color_2"),
    float("explosion_wind_speed"),
    f("texture_count_u", U32),
    f("texture_count_v", U32),
    float("addon_models_fade_in_time"),
    float("addon_models_fade_out_time"),
    float("addon_models_scale_start"),
    float("addon_models_scale_end"),
    float("addon_models_scale_in_time"),
    float("addon_models_scale_out_time"),
    f("ambient_sound", Ty::FormId),
    color("fill_color_key_2"),
    color("fill_color_key_3"),
    float("fill_color_key_1_scale"),
    float("fill_color_key_2_scale"),
    float("fill_color_key_3_scale"),
    float("fill_color_key_1_time"),
    float("fill_color_key_2_time"),
    float("fill_color_key_3_time"),
    float("color_scale"),
    float("birth_position_offset"),
    float("birth_position_offset_variance"),
    f("animated_start_frame", U32),
    f("animated_start_frame_variation", U32),
    f("animated_end_frame", U32),
    f("animated_loop_start_frame", U32),
    f("animated_loop_start_variation", U32),
    f("animated_frame_count", U32),
    f("animated_frame_count_variation", U32),
    f("flags", Ty::Flags(Int::U32, &SHADER_FLAGS)),
    float("fill_texture_scale_u"),
    float("fill_texture_scale_v"),
    f("scene_graph_emit_depth_limit", U32),
];

pub static EFSH: RecordDef = RecordDef {
    sig: Sig(*b"EFSH"),
    title: "Effect shader",
    members: &[
        editor_id(),
        opt(b"ICON", "fill_texture", Field::ZString),
        opt(b"ICO2", "particle_shader_texture", Field::ZString),
        opt(b"NAM7", "holes_texture", Field::ZString),
        opt(b"NAM8", "membrane_palette_texture", Field::ZString),
        opt(b"NAM9", "particle_palette_texture", Field::ZString),
        opt(b"DATA", "data", Field::Struct(&SHADER)),
    ],
};
