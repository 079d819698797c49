//! What story manager nodes share: parent, previous sibling, conditions.

use super::common::{conditions, form_of};
use crate::schema::types::*;

pub static NODE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "random"), (0x02, "warn_if_no_child_quest_started")],
};

pub static QUEST_NODE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "do_all_before_repeating"),
        (0x02, "shares_event"),
        (0x04, "num_quests_to_run"),
    ],
};

pub const fn parent() -> Member {
    form_of(b"PNAM", "parent", &[b"SMBN", b"SMQN", b"SMEN"])
}

pub const fn previous_sibling() -> Member {
    form_of(b"SNAM", "previous_sibling", &[b"SMBN", b"SMQN", b"SMEN"])
}

pub const fn condition_count() -> Member {
    opt(b"CITC", "condition_count", Field::Value(U32))
}

pub const fn node_conditions() -> Member {
    conditions()
}

pub const fn max_concurrent_quests() -> Member {
    opt(b"XNAM", "max_concurrent_quests", Field::Value(U32))
}
