//! WTHR: a weather: cloud textures, sky colours by time of day, fog, HDR
//! settings, wind, precipitation, lightning and sounds.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

pub static CLASSIFICATIONS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "pleasant"),
        (0x02, "cloudy"),
        (0x04, "rainy"),
        (0x08, "snow"),
    ],
};

pub static SOUND_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "default"),
        (1, "precipitation"),
        (2, "wind"),
        (3, "thunder"),
    ],
};

/// One colour at each of the four times of day.
static TIMES: [FieldDef; 4] = [
    f("sunrise", Ty::Struct(&RGBA)),
    f("day", Ty::Struct(&RGBA)),
    f("sunset", Ty::Struct(&RGBA)),
    f("night", Ty::Struct(&RGBA)),
];

static COLORS: [FieldDef; 10] = [
    f("sky_upper", Ty::Struct(&TIMES)),
    f("fog", Ty::Struct(&TIMES)),
    f("clouds_lower", Ty::Struct(&TIMES)),
    f("ambient", Ty::Struct(&TIMES)),
    f("sunlight", Ty::Struct(&TIMES)),
    f("sun", Ty::Struct(&TIMES)),
    f("stars", Ty::Struct(&TIMES)),
    f("sky_lower", Ty::Struct(&TIMES)),
    f("horizon", Ty::Struct(&TIMES)),
    f("clouds_upper", Ty::Struct(&TIMES)),
];

pub static WTHR: RecordDef = RecordDef {
    sig: Sig(*b"WTHR"),
    title: "Weather",
    members: &[
        editor_id(),
        opt(b"CNAM", "lower_cloud_texture", Field::ZString),
        opt(b"DNAM", "upper_cloud_texture", Field::ZString),
        model(),
        opt(b"NAM0", "colors", Field::Struct(&COLORS)),
        opt(
            b"FNAM",
            "fog_distance",
            Field::Struct(&[
                f("day_near", Ty::F32),
                f("day_far", Ty::F32),
                f("night_near", Ty::F32),
                f("night_far", Ty::F32),
            ]),
        ),
        opt(
            b"HNAM",
            "hdr",
            Field::Struct(&[
                f("eye_adapt_speed", Ty::F32),
                f("blur_radius", Ty::F32),
                f("blur_passes", Ty::F32),
                f("emissive_multiplier", Ty::F32),
                f("target_lum", Ty::F32),
                f("upper_lum_clamp", Ty::F32),
                f("bright_scale", Ty::F32),
                f("bright_clamp", Ty::F32),
                f("lum_ramp_no_texture", Ty::F32),
                f("lum_ramp_min", Ty::F32),
                f("lum_ramp_max", Ty::F32),
                f("sunlight_dimmer", Ty::F32),
                f("grass_dimmer", Ty::F32),
                f("tree_dimmer", Ty::F32),
            ]),
        ),
        opt(
            b"DATA",
            "data",
            Field::Struct(&[
                f("wind_speed", U8),
                f("lower_cloud_speed", U8),
                f("upper_cloud_speed", U8),
                f("transition_delta", U8),
                f("sun_glare", U8),
                f("sun_damage", U8),
                f("precipitation_begin_fade_in", U8),
                f("precipitation_end_fade_out", U8),
                f("lightning_begin_fade_in", U8),
                f("lightning_end_fade_out", U8),
                f("lightning_frequency", U8),
                f("classification", Ty::Flags(Int::U8, &CLASSIFICATIONS)),
                f("lightning_red", U8),
                f("lightning_green", U8),
                f("lightning_blue", U8),
            ]),
        ),
        rep(
            b"SNAM",
            "sounds",
            Field::Struct(&[
                f("sound", fid(&[b"SOUN"])),
                f("type", Ty::Enum(Int::U32, &SOUND_TYPES)),
            ]),
        ),
    ],
};
