//! CLMT, in both games: a climate.

use super::common::editor_id;
use crate::schema::types::*;

static TIMING: [FieldDef; 6] = [
    f("sunrise_begin", U8),
    f("sunrise_end", U8),
    f("sunset_begin", U8),
    f("sunset_end", U8),
    f("volatility", U8),
    f("moons_phase_length", U8),
];

/// The members of CLMT, with the game's weather entry and model.
pub const fn members(weather: &'static [FieldDef], model: Member) -> [Member; 6] {
    [
        editor_id(),
        opt(b"WLST", "weather_types", Field::Array(weather)),
        opt(b"FNAM", "sun_texture", Field::ZString),
        opt(b"GNAM", "sun_glare_texture", Field::ZString),
        model,
        opt(b"TNAM", "timing", Field::Struct(&TIMING)),
    ]
}
