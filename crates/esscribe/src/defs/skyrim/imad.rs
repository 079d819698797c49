//! IMAD: an image space adapter (time curves of image space effects).
//! The DNAM counts say how many keys each curve holds; each curve is a
//! subrecord of (time, value) keys, or (time, red, green, blue, alpha).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Image space adapter flags: animatable.
pub static ADAPTER_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "animatable")],
};

/// Image space adapter radial blur flags.
pub static RADIAL_BLUR_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "use_target")],
};

/// Image space adapter depth-of-field flags; three bits hold the blur
/// radius.
pub static DEPTH_OF_FIELD_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "use_target"),
        (0x0100, "mode_front"),
        (0x0200, "mode_back"),
        (0x0400, "no_sky"),
        (0x0800, "blur_radius_bit_2"),
        (0x1000, "blur_radius_bit_1"),
        (0x2000, "blur_radius_bit_0"),
    ],
};

static TIME: [FieldDef; 2] = [f("time", Ty::F32), f("value", Ty::F32)];

static COLOR_TIME: [FieldDef; 5] = [
    f("time", Ty::F32),
    f("red", Ty::F32),
    f("green", Ty::F32),
    f("blue", Ty::F32),
    f("alpha", Ty::F32),
];

static COUNTS: [FieldDef; 61] = [
    f("flags", Ty::Flags(Int::U32, &ADAPTER_FLAGS)),
    f("duration", Ty::F32),
    f("eye_adapt_speed_mult_count", U32),
    f("eye_adapt_speed_add_count", U32),
    f("bloom_blur_radius_mult_count", U32),
    f("bloom_blur_radius_add_count", U32),
    f("bloom_threshold_mult_count", U32),
    f("bloom_threshold_add_count", U32),
    f("bloom_scale_mult_count", U32),
    f("bloom_scale_add_count", U32),
    f("target_lum_min_mult_count", U32),
    f("target_lum_min_add_count", U32),
    f("target_lum_max_mult_count", U32),
    f("target_lum_max_add_count", U32),
    f("sunlight_scale_mult_count", U32),
    f("sunlight_scale_add_count", U32),
    f("sky_scale_mult_count", U32),
    f("sky_scale_add_count", U32),
    f("unknown_08_mult_count", U32),
    f("unknown_08_add_count", U32),
    f("unknown_09_mult_count", U32),
    f("unknown_09_add_count", U32),
    f("unknown_0a_mult_count", U32),
    f("unknown_0a_add_count", U32),
    f("unknown_0b_mult_count", U32),
    f("unknown_0b_add_count", U32),
    f("unknown_0c_mult_count", U32),
    f("unknown_0c_add_count", U32),
    f("unknown_0d_mult_count", U32),
    f("unknown_0d_add_count", U32),
    f("unknown_0e_mult_count", U32),
    f("unknown_0e_add_count", U32),
    f("unknown_0f_mult_count", U32),
    f("unknown_0f_add_count", U32),
    f("unknown_10_mult_count", U32),
    f("unknown_10_add_count", U32),
    f("saturation_mult_count", U32),
    f("saturation_add_count", U32),
    f("brightness_mult_count", U32),
    f("brightness_add_count", U32),
    f("contrast_mult_count", U32),
    f("contrast_add_count", U32),
    f("unknown_14_mult_count", U32),
    f("unknown_14_add_count", U32),
    f("tint_color_count", U32),
    f("blur_radius_count", U32),
    f("double_vision_strength_count", U32),
    f("radial_blur_strength_count", U32),
    f("radial_blur_ramp_up_count", U32),
    f("radial_blur_start_count", U32),
    f("radial_blur_flags", Ty::Flags(Int::U32, &RADIAL_BLUR_FLAGS)),
    f("radial_blur_center_x", Ty::F32),
    f("radial_blur_center_y", Ty::F32),
    f("depth_of_field_strength_count", U32),
    f("depth_of_field_distance_count", U32),
    f("depth_of_field_range_count", U32),
    f(
        "depth_of_field_flags",
        Ty::Flags(Int::U32, &DEPTH_OF_FIELD_FLAGS),
    ),
    f("radial_blur_ramp_down_count", U32),
    f("radial_blur_down_start_count", U32),
    f("fade_color_count", U32),
    f("motion_blur_strength_count", U32),
];

/// Skyrim's image space adapter (IMAD) record declaration.
pub static IMAD: RecordDef = RecordDef {
    sig: Sig(*b"IMAD"),
    title: "Image space adapter",
    members: &[
        editor_id(),
        sub(b"DNAM", "counts", Field::Struct(&COUNTS)),
        opt(b"BNAM", "blur_radius", Field::Array(&TIME)),
        opt(b"VNAM", "double_vision_strength", Field::Array(&TIME)),
        opt(b"TNAM", "tint_color", Field::Array(&COLOR_TIME)),
        opt(b"NAM3", "fade_color", Field::Array(&COLOR_TIME)),
        opt(b"RNAM", "radial_blur_strength", Field::Array(&TIME)),
        opt(b"SNAM", "radial_blur_ramp_up", Field::Array(&TIME)),
        opt(b"UNAM", "radial_blur_start", Field::Array(&TIME)),
        opt(b"NAM1", "radial_blur_ramp_down", Field::Array(&TIME)),
        opt(b"NAM2", "radial_blur_down_start", Field::Array(&TIME)),
        opt(b"WNAM", "depth_of_field_strength", Field::Array(&TIME)),
        opt(b"XNAM", "depth_of_field_distance", Field::Array(&TIME)),
        opt(b"YNAM", "depth_of_field_range", Field::Array(&TIME)),
        opt(b"NAM4", "motion_blur_strength", Field::Array(&TIME)),
        opt(b"\x00IAD", "eye_adapt_speed_mult", Field::Array(&TIME)),
        opt(b"\x40IAD", "eye_adapt_speed_add", Field::Array(&TIME)),
        opt(b"\x01IAD", "bloom_blur_radius_mult", Field::Array(&TIME)),
        opt(b"\x41IAD", "bloom_blur_radius_add", Field::Array(&TIME)),
        opt(b"\x02IAD", "bloom_threshold_mult", Field::Array(&TIME)),
        opt(b"\x42IAD", "bloom_threshold_add", Field::Array(&TIME)),
        opt(b"\x03IAD", "bloom_scale_mult", Field::Array(&TIME)),
        opt(b"\x43IAD", "bloom_scale_add", Field::Array(&TIME)),
        opt(b"\x04IAD", "target_lum_min_mult", Field::Array(&TIME)),
        opt(b"\x44IAD", "target_lum_min_add", Field::Array(&TIME)),
        opt(b"\x05IAD", "target_lum_max_mult", Field::Array(&TIME)),
        opt(b"\x45IAD", "target_lum_max_add", Field::Array(&TIME)),
        opt(b"\x06IAD", "sunlight_scale_mult", Field::Array(&TIME)),
        opt(b"\x46IAD", "sunlight_scale_add", Field::Array(&TIME)),
        opt(b"\x07IAD", "sky_scale_mult", Field::Array(&TIME)),
        opt(b"\x47IAD", "sky_scale_add", Field::Array(&TIME)),
        opt(b"\x08IAD", "unknown_08_mult", Field::Array(&TIME)),
        opt(b"\x48IAD", "unknown_08_add", Field::Array(&TIME)),
        opt(b"\x09IAD", "unknown_09_mult", Field::Array(&TIME)),
        opt(b"\x49IAD", "unknown_09_add", Field::Array(&TIME)),
        opt(b"\x0aIAD", "unknown_0a_mult", Field::Array(&TIME)),
        opt(b"\x4aIAD", "unknown_0a_add", Field::Array(&TIME)),
        opt(b"\x0bIAD", "unknown_0b_mult", Field::Array(&TIME)),
        opt(b"\x4bIAD", "unknown_0b_add", Field::Array(&TIME)),
        opt(b"\x0cIAD", "unknown_0c_mult", Field::Array(&TIME)),
        opt(b"\x4cIAD", "unknown_0c_add", Field::Array(&TIME)),
        opt(b"\x0dIAD", "unknown_0d_mult", Field::Array(&TIME)),
        opt(b"\x4dIAD", "unknown_0d_add", Field::Array(&TIME)),
        opt(b"\x0eIAD", "unknown_0e_mult", Field::Array(&TIME)),
        opt(b"\x4eIAD", "unknown_0e_add", Field::Array(&TIME)),
        opt(b"\x0fIAD", "unknown_0f_mult", Field::Array(&TIME)),
        opt(b"\x4fIAD", "unknown_0f_add", Field::Array(&TIME)),
        opt(b"\x10IAD", "unknown_10_mult", Field::Array(&TIME)),
        opt(b"\x50IAD", "unknown_10_add", Field::Array(&TIME)),
        opt(b"\x11IAD", "saturation_mult", Field::Array(&TIME)),
        opt(b"\x51IAD", "saturation_add", Field::Array(&TIME)),
        opt(b"\x12IAD", "brightness_mult", Field::Array(&TIME)),
        opt(b"\x52IAD", "brightness_add", Field::Array(&TIME)),
        opt(b"\x13IAD", "contrast_mult", Field::Array(&TIME)),
        opt(b"\x53IAD", "contrast_add", Field::Array(&TIME)),
        opt(b"\x14IAD", "unknown_14_mult", Field::Array(&TIME)),
        opt(b"\x54IAD", "unknown_14_add", Field::Array(&TIME)),
    ],
};
