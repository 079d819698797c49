//! What story manager nodes share: parent, previous sibling, conditions.

use super::common::{conditions, editor_id, form_of};
use crate::schema::types::*;

/// Story manager node flags (DNAM): random, warn if no child quest started.
pub static NODE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "random"), (0x02, "warn_if_no_child_quest_started")],
};

/// Story manager quest node flags (DNAM `quest_flags`).
pub static QUEST_NODE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "do_all_before_repeating"),
        (0x02, "shares_event"),
        (0x04, "num_quests_to_run"),
    ],
};

/// The story manager node's parent node (PNAM).
pub const fn parent() -> Member {
    form_of(b"PNAM", "parent", &[b"SMBN", b"SMQN", b"SMEN"])
}

/// The sibling node before this one (SNAM).
pub const fn previous_sibling() -> Member {
    form_of(b"SNAM", "previous_sibling", &[b"SMBN", b"SMQN", b"SMEN"])
}

/// The number of conditions that follow (CITC).
pub const fn condition_count() -> Member {
    opt(b"CITC", "condition_count", Field::Value(U32)).counts("conditions")
}

/// The node's conditions.
pub const fn node_conditions() -> Member {
    conditions()
}

/// Maximum concurrent quests the node starts (XNAM).
pub const fn max_concurrent_quests() -> Member {
    opt(b"XNAM", "max_concurrent_quests", Field::Value(U32))
}

/// What every node declares first: editor ID, place in the tree and
/// conditions.
pub static NODE: [Member; 5] = [
    editor_id(),
    parent(),
    previous_sibling(),
    condition_count(),
    node_conditions(),
];

/// A branch or event node: the node, its flags and how many quests it
/// starts at once.
pub static BRANCH_NODE: [Member; 7] = join(&[
    &NODE,
    &[
        opt(
            b"DNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &NODE_FLAGS)),
        ),
        max_concurrent_quests(),
    ],
]);
