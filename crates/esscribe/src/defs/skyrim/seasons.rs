//! Harvest chances per season, shared by flora and trees.

use crate::schema::types::*;

pub static SEASONS: [FieldDef; 4] = [
    f("spring", U8),
    f("summer", U8),
    f("fall", U8),
    f("winter", U8),
];

pub const fn seasonal_chances() -> Member {
    opt(b"PFPC", "seasonal_chances", Field::Struct(&SEASONS))
}
