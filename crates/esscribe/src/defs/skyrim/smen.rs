//! SMEN: a story manager event node: a branch node that answers one event.

use super::story::BRANCH_NODE;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's story manager event node (SMEN) record declaration.
pub static SMEN: RecordDef = RecordDef {
    sig: Sig(*b"SMEN"),
    title: "Story manager event node",
    members: &join::<_, 8>(&[
        &BRANCH_NODE,
        &[opt(b"ENAM", "event_type", Field::Value(Ty::Char4))],
    ]),
};
