//! WTHR: a weather: cloud textures, sky colours by time of day, fog, HDR
//! settings, wind, precipitation, lightning and sounds.

use super::common::*;
use crate::defs::shared::records;
use crate::defs::shared::wthr::{self, TIMES};
use crate::schema::types::*;

/// Weather classification flags: pleasant, cloudy, rainy, snow.
pub static CLASSIFICATIONS: FlagsDef = FlagsDef {
    bits: &wthr::CLASSIFICATION_BITS,
};

static SOUND: [FieldDef; 2] = wthr::sound(&[b"SOUN"]);

static COLORS: [FieldDef; 10] = join(&[
    &[
        f("sky_upper", Ty::Struct(&TIMES)),
        f("fog", Ty::Struct(&TIMES)),
        f("clouds_lower", Ty::Struct(&TIMES)),
    ],
    &wthr::AMBIENT_TO_HORIZON,
    &[f("clouds_upper", Ty::Struct(&TIMES))],
]);

static DATA: [FieldDef; 15] = join(&[
    &[
        f("wind_speed", U8),
        f("lower_cloud_speed", U8),
        f("upper_cloud_speed", U8),
    ],
    &wthr::TIMINGS,
    &[f("classification", Ty::Flags(Int::U8, &CLASSIFICATIONS))],
    &wthr::LIGHTNING_COLOR,
]);

/// Oblivion's weather (WTHR) record declaration.
pub static WTHR: RecordDef = records::WTHR.with(&[
    editor_id(),
    opt(b"CNAM", "lower_cloud_texture", Field::ZString),
    opt(b"DNAM", "upper_cloud_texture", Field::ZString),
    model(),
    opt(b"NAM0", "colors", Field::Struct(&COLORS)),
    opt(b"FNAM", "fog_distance", Field::Struct(&wthr::FOG_DISTANCE)),
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
    opt(b"DATA", "data", Field::Struct(&DATA)),
    rep(b"SNAM", "sounds", Field::Struct(&SOUND)),
]);
