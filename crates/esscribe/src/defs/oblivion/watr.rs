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

/// The floats DATA starts with: wind, waves, sun, scrolling and the near
/// fog distance.
static SURFACE_FLOATS: [FieldDef; 10] = [
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
];

/// What the longer sizes of DATA hold before the simulators.
static SURFACE: [FieldDef; 16] = join(&[
    &SURFACE_FLOATS,
    &[
        f("fog_distance_far", Ty::F32),
        f("shallow_color", Ty::Struct(&RGBA)),
        f("deep_color", Ty::Struct(&RGBA)),
        f("reflection_color", Ty::Struct(&RGBA)),
        f("texture_blend", U8),
        f("unused", Ty::Bytes(3)),
    ],
]);

static DISPLACEMENT_FORCE: [FieldDef; 1] = [f("force", Ty::F32)];

static FULL_DATA: [FieldDef; 19] = join(&[
    &SURFACE,
    &[
        f("rain_simulator", Ty::Struct(&SIMULATOR)),
        f("displacement_simulator", Ty::Struct(&SIMULATOR)),
        f("damage", U16),
    ],
]);

/// Older editors wrote DATA shorter: without the last displacement fields
/// (86 bytes), without the simulators (62), with the first ten floats only
/// (42), or empty of all but the last two bytes (2). These end in two
/// bytes that are not the damage.
static DATA_86: [FieldDef; 19] = join(&[
    &SURFACE,
    &[
        f("rain_simulator", Ty::Struct(&SIMULATOR)),
        f("displacement_simulator", Ty::Struct(&DISPLACEMENT_FORCE)),
        f("unknown", Ty::Bytes(2)),
    ],
]);

static DATA_62: [FieldDef; 17] = join(&[&SURFACE, &[f("unknown", Ty::Bytes(2))]]);

static DATA_42: [FieldDef; 11] = join(&[&SURFACE_FLOATS, &[f("unknown", Ty::Bytes(2))]]);

static UNKNOWN_2: [FieldDef; 1] = [f("unknown", Ty::Bytes(2))];

static DATA_BY_SIZE: [(usize, Field); 5] = [
    (102, Field::Struct(&FULL_DATA)),
    (86, Field::Struct(&DATA_86)),
    (62, Field::Struct(&DATA_62)),
    (42, Field::Struct(&DATA_42)),
    (2, Field::Struct(&UNKNOWN_2)),
];

/// Oblivion's water (WATR) record declaration.
pub static WATR: RecordDef = records::WATR.with(&join::<_, 8>(&[
    &[editor_id(), opt(b"TNAM", "texture", Field::ZString)],
    &watr::opacity_and_flags(&WATER_FLAGS),
    &[
        opt(b"MNAM", "material_id", Field::ZString),
        form_of(b"SNAM", "sound", &[b"SOUN"]),
        opt(b"DATA", "data", Field::BySize(&DATA_BY_SIZE)),
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
