//! CLMT: a climate.

use super::common::{editor_id, model};
use crate::io::Sig;
use crate::schema::types::*;

static WEATHER: [FieldDef; 3] = [
    f("weather", Ty::FormId),
    f("chance", I32),
    f("global", Ty::FormId),
];

pub static CLMT: RecordDef = RecordDef {
    sig: Sig(*b"CLMT"),
    title: "Climate",
    members: &[
        editor_id(),
        opt(b"WLST", "weather_types", Field::Array(&WEATHER)),
        opt(b"FNAM", "sun_texture", Field::ZString),
        opt(b"GNAM", "sun_glare_texture", Field::ZString),
        model(),
        opt(
            b"TNAM",
            "timing",
            Field::Struct(&[
                f("sunrise_begin", U8),
                f("sunrise_end", U8),
                f("sunset_begin", U8),
                f("sunset_end", U8),
                f("volatility", U8),
                f("moons_phase_length", U8),
            ]),
        ),
    ],
};
