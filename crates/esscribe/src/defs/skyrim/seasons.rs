//! Harvest chances per season, shared by flora and trees.

use crate::schema::types::*;

/// A chance per season, in percent.
pub static SEASONS: [FieldDef; 4] = [
    f("spring", U8),
    f("summer", U8),
    f("fall", U8),
    f("winter", U8),
];

/// Seasonal chances of a flora or tree harvest (PFPC).
pub const fn seasonal_chances() -> Member {
    opt(b"PFPC", "seasonal_chances", Field::Struct(&SEASONS))
}
