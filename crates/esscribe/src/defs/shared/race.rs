//! RACE, in both games: the seven skill boosts.

use crate::schema::types::*;

/// Seven boosts, each a skill (as the game names skills) and how much.
pub const fn skill_boosts(boost: &'static [FieldDef; 2]) -> [FieldDef; 7] {
    [
        f("boost_1", Ty::Struct(boost)),
        f("boost_2", Ty::Struct(boost)),
        f("boost_3", Ty::Struct(boost)),
        f("boost_4", Ty::Struct(boost)),
        f("boost_5", Ty::Struct(boost)),
        f("boost_6", Ty::Struct(boost)),
        f("boost_7", Ty::Struct(boost)),
    ]
}
