//! WTHR: a weather: cloud layers (textures, speeds, colours, alphas), sky
//! colours by time of day, fog, wind, precipitation, lightning, sounds,
//! image spaces and ambient light.

use super::common::{editor_id, form_of, MODEL};
use super::lgtm::DIRECTIONAL_AMBIENT;
use crate::defs::shared::records;
use crate::defs::shared::wthr::{self, TIMES};
use crate::schema::types::*;

/// Weather flags: classification (pleasant, cloudy, rainy, snow) and sky
/// statics.
pub static WEATHER_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 6>(&[
        &wthr::CLASSIFICATION_BITS,
        &[
            (0x10, "sky_statics_always_visible"),
            (0x20, "sky_statics_follow_sun_position"),
        ],
    ]),
};

static SOUND: [FieldDef; 2] = wthr::sound(&[b"SNDR"]);

/// One bit per cloud layer.
static CLOUD_LAYERS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "layer_0"),
        (1 << 1, "layer_1"),
        (1 << 2, "layer_2"),
        (1 << 3, "layer_3"),
        (1 << 4, "layer_4"),
        (1 << 5, "layer_5"),
        (1 << 6, "layer_6"),
        (1 << 7, "layer_7"),
        (1 << 8, "layer_8"),
        (1 << 9, "layer_9"),
        (1 << 10, "layer_10"),
        (1 << 11, "layer_11"),
        (1 << 12, "layer_12"),
        (1 << 13, "layer_13"),
        (1 << 14, "layer_14"),
        (1 << 15, "layer_15"),
        (1 << 16, "layer_16"),
        (1 << 17, "layer_17"),
        (1 << 18, "layer_18"),
        (1 << 19, "layer_19"),
        (1 << 20, "layer_20"),
        (1 << 21, "layer_21"),
        (1 << 22, "layer_22"),
        (1 << 23, "layer_23"),
        (1 << 24, "layer_24"),
        (1 << 25, "layer_25"),
        (1 << 26, "layer_26"),
        (1 << 27, "layer_27"),
        (1 << 28, "layer_28"),
        (1 << 29, "layer_29"),
        (1 << 30, "layer_30"),
        (1 << 31, "layer_31"),
    ],
};

static ALPHAS: [FieldDef; 4] = [
    f("sunrise", Ty::F32),
    f("day", Ty::F32),
    f("sunset", Ty::F32),
    f("night", Ty::F32),
];

/// NAM0: 13, 14 or 17 colours of 16 bytes; later ones are left out by
/// older records.
static COLORS: [FieldDef; 17] = join(&[
    &[
        f("sky_upper", Ty::Struct(&TIMES)),
        f("fog_near", Ty::Struct(&TIMES)),
        f("unknown_0x20", Ty::Struct(&TIMES)),
    ],
    &wthr::AMBIENT_TO_HORIZON,
    &[
        f("effect_lighting", Ty::Struct(&TIMES)),
        f("cloud_lod_diffuse", Ty::Struct(&TIMES)),
        f("cloud_lod_ambient", Ty::Struct(&TIMES)),
        f("fog_far", Ty::Struct(&TIMES)),
        f("sky_statics", Ty::Struct(&TIMES)),
        f("water_multiplier", Ty::Struct(&TIMES)),
        f("sun_glare", Ty::Struct(&TIMES)),
        f("moon_glare", Ty::Struct(&TIMES)),
    ],
]);

static SPEED: [FieldDef; 1] = [f("speed", U8)];

/// A form ID for each time of day, of one of `targets`.
const fn four_times(targets: Targets) -> [FieldDef; 4] {
    [
        f("sunrise", fid(targets)),
        f("day", fid(targets)),
        f("sunset", fid(targets)),
        f("night", fid(targets)),
    ]
}

static IMAGE_SPACES: [FieldDef; 4] = four_times(&[b"IMGS"]);
static VOLUMETRIC_LIGHTING: [FieldDef; 4] = four_times(&[b"VOLI"]);

static FOG_DISTANCE: [FieldDef; 8] = join(&[
    &wthr::FOG_DISTANCE,
    &[
        f("day_power", Ty::F32),
        f("night_power", Ty::F32),
        f("day_max", Ty::F32),
        f("night_max", Ty::F32),
    ],
]);

static DATA: [FieldDef; 18] = join(&[
    &[f("wind_speed", U8), f("unknown_0x01", Ty::Bytes(2))],
    &wthr::TIMINGS,
    &[f("flags", Ty::Flags(Int::U8, &WEATHER_FLAGS))],
    &wthr::LIGHTNING_COLOR,
    &[
        f("visual_effect_begin", U8),
        f("visual_effect_end", U8),
        f("wind_direction", U8),
        f("wind_direction_range", U8),
    ],
]);

/// Skyrim's weather (WTHR) record declaration.
pub static WTHR: RecordDef = records::WTHR.with(&[
    editor_id(),
    // The texture of each cloud layer, from 00TX for layer 0 on, in
    // the order of the characters (after 90TX comes :0TX).
    opt(b"00TX", "cloud_texture_0", Field::ZString),
    opt(b"10TX", "cloud_texture_1", Field::ZString),
    opt(b"20TX", "cloud_texture_2", Field::ZString),
    opt(b"30TX", "cloud_texture_3", Field::ZString),
    opt(b"40TX", "cloud_texture_4", Field::ZString),
    opt(b"50TX", "cloud_texture_5", Field::ZString),
    opt(b"60TX", "cloud_texture_6", Field::ZString),
    opt(b"70TX", "cloud_texture_7", Field::ZString),
    opt(b"80TX", "cloud_texture_8", Field::ZString),
    opt(b"90TX", "cloud_texture_9", Field::ZString),
    opt(b":0TX", "cloud_texture_10", Field::ZString),
    opt(b";0TX", "cloud_texture_11", Field::ZString),
    opt(b"<0TX", "cloud_texture_12", Field::ZString),
    opt(b"=0TX", "cloud_texture_13", Field::ZString),
    opt(b">0TX", "cloud_texture_14", Field::ZString),
    opt(b"?0TX", "cloud_texture_15", Field::ZString),
    opt(b"@0TX", "cloud_texture_16", Field::ZString),
    opt(b"A0TX", "cloud_texture_17", Field::ZString),
    opt(b"B0TX", "cloud_texture_18", Field::ZString),
    opt(b"C0TX", "cloud_texture_19", Field::ZString),
    opt(b"D0TX", "cloud_texture_20", Field::ZString),
    opt(b"E0TX", "cloud_texture_21", Field::ZString),
    opt(b"F0TX", "cloud_texture_22", Field::ZString),
    opt(b"G0TX", "cloud_texture_23", Field::ZString),
    opt(b"H0TX", "cloud_texture_24", Field::ZString),
    opt(b"I0TX", "cloud_texture_25", Field::ZString),
    opt(b"J0TX", "cloud_texture_26", Field::ZString),
    opt(b"K0TX", "cloud_texture_27", Field::ZString),
    opt(b"L0TX", "cloud_texture_28", Field::ZString),
    // Left over from earlier versions of the format.
    opt(b"DNAM", "unused_dnam", Field::Opaque),
    opt(b"CNAM", "unused_cnam", Field::Opaque),
    opt(b"ANAM", "unused_anam", Field::Opaque),
    opt(b"BNAM", "unused_bnam", Field::Opaque),
    opt(b"LNAM", "cloud_layer_count", Field::Value(U32)),
    form_of(b"MNAM", "precipitation", &[b"SPGD"]),
    form_of(b"NNAM", "visual_effect", &[b"RFCT"]),
    opt(b"ONAM", "unused_onam", Field::Opaque),
    // One byte per cloud layer: 0 is -0.1, 127 is 0, 254 is 0.1.
    opt(b"RNAM", "cloud_speed_y", Field::Array(&SPEED)),
    opt(b"QNAM", "cloud_speed_x", Field::Array(&SPEED)),
    opt(b"PNAM", "cloud_colors", Field::Array(&TIMES)),
    opt(b"JNAM", "cloud_alphas", Field::Array(&ALPHAS)),
    opt(b"NAM0", "colors", Field::Struct(&COLORS)),
    opt(b"FNAM", "fog_distance", Field::Struct(&FOG_DISTANCE)),
    opt(b"DATA", "data", Field::Struct(&DATA)),
    opt(
        b"NAM1",
        "disabled_cloud_layers",
        Field::Value(Ty::Flags(Int::U32, &CLOUD_LAYERS)),
    ),
    rep(b"SNAM", "sounds", Field::Struct(&SOUND)),
    rep(b"TNAM", "sky_statics", Field::Value(fid(&[b"STAT"]))),
    opt(b"IMSP", "image_spaces", Field::Struct(&IMAGE_SPACES)),
    opt(
        b"HNAM",
        "volumetric_lighting",
        Field::Struct(&VOLUMETRIC_LIGHTING),
    ),
    // Sunrise, day, sunset and night, in that order.
    rep(
        b"DALC",
        "directional_ambient",
        Field::Struct(&DIRECTIONAL_AMBIENT),
    ),
    opt(b"NAM2", "unused_nam2", Field::Opaque),
    opt(b"NAM3", "unused_nam3", Field::Opaque),
    group("aurora", &MODEL),
    form_of(b"GNAM", "sun_glare_lens_flare", &[b"LENS"]),
]);
