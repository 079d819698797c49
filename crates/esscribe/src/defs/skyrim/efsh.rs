//! EFSH: an effect shader (membrane, fill, edge and particle effects).
//! Its data ends early in older records; the fields it holds are read.

use super::common::editor_id;
use crate::defs::shared::efsh::{self, color, float};
pub use crate::defs::shared::efsh::{BLEND_MODES, BLEND_OPERATIONS, Z_TEST_FUNCTIONS};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Effect shader flags.
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

static SHADER: [FieldDef; 100] = join(&[
    &[f("unknown", Ty::Bytes(4))],
    &efsh::MEMBRANE,
    &[color("fill_color_key_1")],
    &efsh::FILL_EDGE,
    &[float("persistent_particle_count")],
    &efsh::PARTICLES,
    &[
        float("initial_speed_along_normal_variance"),
        float("initial_rotation_degrees"),
        float("initial_rotation_degrees_variance"),
        float("rotation_speed_degrees_per_second"),
        float("rotation_speed_degrees_per_second_variance"),
        f("addon_models", fid(&[b"DEBR"])),
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
        f("ambient_sound", fid(&[b"SNDR"])),
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
    ],
]);

/// Skyrim's effect shader (EFSH) record declaration.
pub static EFSH: RecordDef = records::EFSH.with(&[
    editor_id(),
    opt(b"ICON", "fill_texture", Field::ZString),
    opt(b"ICO2", "particle_shader_texture", Field::ZString),
    opt(b"NAM7", "holes_texture", Field::ZString),
    opt(b"NAM8", "membrane_palette_texture", Field::ZString),
    opt(b"NAM9", "particle_palette_texture", Field::ZString),
    opt(b"DATA", "data", Field::Struct(&SHADER)),
]);
