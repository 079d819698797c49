//! GMST, in both games: a game setting, whose value's type the first
//! letter of its editor ID gives.

use super::common::editor_id;
use crate::schema::types::*;

/// The value types both games have: f float, i int.
pub static NUMBERS: [(&str, Field); 2] = [("f*", Field::Value(Ty::F32)), ("i*", Field::Value(I32))];

/// The members of GMST, with the game's value types.
pub const fn members(cases: &'static [(&'static str, Field)]) -> [Member; 2] {
    [
        editor_id(),
        sub(
            b"DATA",
            "value",
            Field::BySibling {
                sibling: "editor_id",
                cases,
                default: &Field::Bytes,
            },
        ),
    ]
}
