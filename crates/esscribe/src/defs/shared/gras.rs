//! GRAS, in both games: grass. The games name the fields between these
//! differently.

use crate::schema::types::*;

/// How grass relates to water (`units_from_water_type`): above, below or
/// either, at least or at most the given distance.
pub static WATER_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "above_at_least"),
        (1, "above_at_most"),
        (2, "below_at_least"),
        (3, "below_at_most"),
        (4, "either_at_least"),
        (5, "either_at_most"),
        (6, "either_at_most_above"),
        (7, "either_at_most_below"),
    ],
};

/// Grass flags: vertex lighting, uniform scaling, fit to slope.
pub static GRASS_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "vertex_lighting"),
        (0x02, "uniform_scaling"),
        (0x04, "fit_to_slope"),
    ],
};

/// How dense the grass grows, on which slopes.
pub static DENSITY_SLOPE: [FieldDef; 3] = [
    f("density", U8),
    f("minimum_slope", U8),
    f("maximum_slope", U8),
];

/// GRAS DATA: density and slopes, the game's three fields about water
/// (named differently in each game), placement, and the game's padding.
pub const fn data(water: [FieldDef; 3], padding: FieldDef) -> [FieldDef; 13] {
    join(&[&DENSITY_SLOPE, &water, &PLACEMENT, &[padding]])
}

/// Where the grass grows against water, how it varies and its flags.
pub static PLACEMENT: [FieldDef; 6] = [
    f("units_from_water_type", Ty::Enum(Int::U32, &WATER_TYPES)),
    f("position_range", Ty::F32),
    f("height_range", Ty::F32),
    f("color_range", Ty::F32),
    f("wave_period", Ty::F32),
    f("flags", Ty::Flags(Int::U8, &GRASS_FLAGS)),
];
