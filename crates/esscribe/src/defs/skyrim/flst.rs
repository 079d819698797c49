//! FLST: a form list.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's form list (FLST) record declaration.
pub static FLST: RecordDef = RecordDef {
    sig: Sig(*b"FLST"),
    title: "Form list",
    members: &[editor_id(), rep(b"LNAM", "forms", Field::Value(Ty::FormId))],
};
