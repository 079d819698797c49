//! SMEN: a story manager event node.

use super::common::editor_id;
use super::story::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's story manager event node (SMEN) record declaration.
pub static SMEN: RecordDef = RecordDef {
    sig: Sig(*b"SMEN"),
    title: "Story manager event node",
    members: &[
        editor_id(),
        parent(),
        previous_sibling(),
        condition_count(),
        node_conditions(),
        opt(
            b"DNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &NODE_FLAGS)),
        ),
        max_concurrent_quests(),
        opt(b"ENAM", "event_type", Field::Value(Ty::Char4)),
    ],
};
