//! WATR: a water type.

use super::common::{editor_id, form_of, RGBA};
use crate::defs::shared::{records, watr};
use crate::schema::types::*;

/// Water flags (FNAM `flags`).
pub static WATER_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 2>(&[&watr::FLAG_BITS, &[(0x02, "reflective")]]),
};

static SIMULATOR: [FieldDef; 5] = [
    f("force", Ty::F32),
    f("velocity", Ty::F32),
    f("falloff", Ty::F32),
    f("dampner", Ty::F32),
    f("starting_size", Ty::F32),
];

/// Oblivion's water (WATR) record declaration.
pub static WATR: RecordDef = records::WATR.with(&join::<_, 8>(&[
    &[editor_id(), opt(b"TNAM", "texture", Field::ZString)],
    &watr::opacity_and_flags(&WATER_FLAGS),
    &[
        opt(b"MNAM", "material_id", Field::ZString),
        form_of(b"SNAM", "sound", &[b"SOUN"]),
        opt(
            b"DATA",
            "data",
            Field::Struct(&[
                f("wind_velocity", Ty::F32),
                f("wind_direction", Ty::F32),
                f("wave_amplitude", Ty::F32),
                f("wave_frequency", Ty::F32),
                f("sun_power", Ty::F32),
                f("reflectivity_amount", Ty::F32),
                f("fresnel_amount", Ty::F32),
                f("scroll_x_speed", Ty::F32),
                f("scroll_y_speed", Ty::F32),
                f("fog_distance_near", Ty::F32),
                f("fog_distance_far", Ty::F32),
                f("shallow_color", Ty::Struct(&RGBA)),
                f("deep_color", Ty::Struct(&RGBA)),
                f("reflection_color", Ty::Struct(&RGBA)),
                f("texture_blend", U8),
                f("unused", Ty::Bytes(3)),
                f("rain_simulator", Ty::Struct(&SIMULATOR)),
                f("displacement_simulator", Ty::Struct(&SIMULATOR)),
                f("damage", U16),
            ]),
        ),
        opt(
            b"GNAM",
            "related_waters",
            Field::Struct(&[
                f("daytime", fid(&[b"WATR"])),
                f("nighttime", fid(&[b"WATR"])),
                f("underwater", fid(&[b"WATR"])),
            ]),
        ),
    ],
]));
