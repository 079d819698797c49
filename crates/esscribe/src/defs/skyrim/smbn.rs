//! SMBN: a story manager branch node.

use super::common::editor_id;
use super::story::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's story manager branch node (SMBN) record declaration.
pub static SMBN: RecordDef = RecordDef {
    sig: Sig(*b"SMBN"),
    title: "Story manager branch node",
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
    ],
};
