//! LIGH, in both games: a light's flags and the start of its data.

use super::common::RGBA;
use crate::schema::types::*;

/// The flags both games give the same meaning.
pub static FLAG_BITS: [(u64, &str); 9] = [
    (0x0001, "dynamic"),
    (0x0002, "can_be_carried"),
    (0x0004, "negative"),
    (0x0008, "flicker"),
    (0x0020, "off_by_default"),
    (0x0040, "flicker_slow"),
    (0x0080, "pulse"),
    (0x0100, "pulse_slow"),
    (0x0200, "spot_light"),
];

/// The start of a light's data, with the game's flags.
pub const fn data_head(flags: &'static FlagsDef) -> [FieldDef; 6] {
    [
        f("time", I32),
        f("radius", U32),
        f("color", Ty::Struct(&RGBA)),
        f("flags", Ty::Flags(Int::U32, flags)),
        f("falloff_exponent", Ty::F32),
        f("fov", Ty::F32),
    ]
}
