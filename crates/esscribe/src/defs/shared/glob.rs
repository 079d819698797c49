//! GLOB, in both games: a global variable.

use super::common::editor_id;
use crate::schema::types::*;

/// The variable's type, as a character code.
pub static GLOBAL_TYPES: EnumDef = EnumDef {
    values: &[(0x73, "short"), (0x6C, "long"), (0x66, "float")],
};

/// A global variable's members, the same in both games: editor ID, type
/// (FNAM) and value (FLTV, always stored as a float).
pub static MEMBERS: [Member; 3] = [
    editor_id(),
    sub(
        b"FNAM",
        "type",
        Field::Value(Ty::Enum(Int::U8, &GLOBAL_TYPES)),
    ),
    sub(b"FLTV", "value", Field::Value(Ty::F32)),
];
