//! SPEL, in both games: spell types, and the mastery levels of spells
//! (Oblivion) and apparatus (Skyrim).

use crate::schema::types::*;

/// The spell types both games have.
pub static SPELL_TYPE_VALUES: [(i64, &str); 6] = [
    (0, "spell"),
    (1, "disease"),
    (2, "power"),
    (3, "lesser_power"),
    (4, "ability"),
    (5, "poison"),
];

/// Novice to master.
pub static MASTERY_LEVELS: EnumDef = EnumDef {
    values: &[
        (0, "novice"),
        (1, "apprentice"),
        (2, "journeyman"),
        (3, "expert"),
        (4, "master"),
    ],
};
