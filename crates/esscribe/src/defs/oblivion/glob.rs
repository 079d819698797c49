//! GLOB: a global variable.

use super::common::editor_id;
use crate::defs::skyrim::glob::GLOBAL_TYPES;
use crate::io::Sig;
use crate::schema::types::*;

pub static GLOB: RecordDef = RecordDef {
    sig: Sig(*b"GLOB"),
    title: "Global variable",
    members: &[
        editor_id(),
        sub(
            b"FNAM",
            "type",
            Field::Value(Ty::Enum(Int::U8, &GLOBAL_TYPES)),
        ),
        sub(b"FLTV", "value", Field::Value(Ty::F32)),
    ],
};
