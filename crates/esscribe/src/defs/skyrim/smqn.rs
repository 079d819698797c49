//! SMQN: a story manager quest node.

use super::story::*;
use crate::io::Sig;
use crate::schema::types::*;

static QUEST: [Member; 3] = [
    sub(b"NNAM", "quest", Field::Value(fid(&[b"QUST"]))),
    opt(b"FNAM", "flags", Field::Value(U32)),
    opt(b"RNAM", "hours_until_reset", Field::Value(Ty::F32)),
];

/// Skyrim's story manager quest node (SMQN) record declaration.
pub static SMQN: RecordDef = RecordDef {
    sig: Sig(*b"SMQN"),
    title: "Story manager quest node",
    members: &join::<_, 10>(&[
        &NODE,
        &[
            opt(
                b"DNAM",
                "flags",
                Field::Struct(&[
                    f("node_flags", Ty::Flags(Int::U16, &NODE_FLAGS)),
                    f("quest_flags", Ty::Flags(Int::U16, &QUEST_NODE_FLAGS)),
                ]),
            ),
            max_concurrent_quests(),
            opt(b"MNAM", "quests_to_run", Field::Value(U32)),
            opt(b"QNAM", "quest_count", Field::Value(U32)).counts("quests"),
            groups("quests", &QUEST),
        ],
    ]),
};
