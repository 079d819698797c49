//! Record declarations, one file per record type and game.

pub mod oblivion;
pub mod skyrim;

use crate::schema::types::EnumDef;

/// Axes as condition parameters name them: the character codes of X, Y, Z.
pub static AXES: EnumDef = EnumDef {
    values: &[(88, "X"), (89, "Y"), (90, "Z")],
};
