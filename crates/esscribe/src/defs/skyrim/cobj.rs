//! COBJ: a constructible object (a recipe at a crafting station).

use super::common::{conditions, editor_id, form, form_of, item_count, items};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's constructible object (COBJ) record declaration.
pub static COBJ: RecordDef = RecordDef {
    sig: Sig(*b"COBJ"),
    title: "Constructible object",
    members: &[
        editor_id(),
        item_count(),
        items(),
        conditions(),
        form(b"CNAM", "created_object"),
        form_of(b"BNAM", "workbench_keyword", &[b"KYWD"]),
        opt(b"NAM1", "created_count", Field::Value(U16)),
    ],
};
