//! WTHR, in both games: a weather's classification bits, sounds, colours
//! by time of day, fog distances and the lightning and fade timings of its
//! data.

use super::common::RGBA;
use crate::schema::types::*;

/// The classification bits both games have.
pub static CLASSIFICATION_BITS: [(u64, &str); 4] = [
    (0x01, "pleasant"),
    (0x02, "cloudy"),
    (0x04, "rainy"),
    (0x08, "snow"),
];

/// What a weather sound is for.
pub static SOUND_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "default"),
        (1, "precipitation"),
        (2, "wind"),
        (3, "thunder"),
    ],
};

/// A weather sound, of the game's sound record types.
pub const fn sound(targets: Targets) -> [FieldDef; 2] {
    [
        f("sound", fid(targets)),
        f("type", Ty::Enum(Int::U32, &SOUND_TYPES)),
    ]
}

/// One colour at each of the four times of day.
pub static TIMES: [FieldDef; 4] = [
    f("sunrise", Ty::Struct(&RGBA)),
    f("day", Ty::Struct(&RGBA)),
    f("sunset", Ty::Struct(&RGBA)),
    f("night", Ty::Struct(&RGBA)),
];

/// The colours from ambient to horizon.
pub static AMBIENT_TO_HORIZON: [FieldDef; 6] = [
    f("ambient", Ty::Struct(&TIMES)),
    f("sunlight", Ty::Struct(&TIMES)),
    f("sun", Ty::Struct(&TIMES)),
    f("stars", Ty::Struct(&TIMES)),
    f("sky_lower", Ty::Struct(&TIMES)),
    f("horizon", Ty::Struct(&TIMES)),
];

/// Fog distances by day and night.
pub static FOG_DISTANCE: [FieldDef; 4] = [
    f("day_near", Ty::F32),
    f("day_far", Ty::F32),
    f("night_near", Ty::F32),
    f("night_far", Ty::F32),
];

/// The data's transition, sun, precipitation and lightning timings.
pub static TIMINGS: [FieldDef; 8] = [
    f("transition_delta", U8),
    f("sun_glare", U8),
    f("sun_damage", U8),
    f("precipitation_begin_fade_in", U8),
    f("precipitation_end_fade_out", U8),
    f("lightning_begin_fade_in", U8),
    f("lightning_end_fade_out", U8),
    f("lightning_frequency", U8),
];

/// The lightning colour.
pub static LIGHTNING_COLOR: [FieldDef; 3] = [
    f("lightning_red", U8),
    f("lightning_green", U8),
    f("lightning_blue", U8),
];
