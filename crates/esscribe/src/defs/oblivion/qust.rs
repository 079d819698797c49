//! QUST: a quest: settings, stages with log entries and result scripts,
//! and targets.

use super::common::*;
use super::scpt::RESULT_SCRIPT;
pub use crate::defs::shared::qust::TARGET_FLAGS;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Quest flags (DATA `flags`).
pub static QUEST_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "start_game_enabled"),
        (0x04, "allow_repeated_conversation_topics"),
        (0x08, "allow_repeated_stages"),
    ],
};

static LOG_ENTRY: [Member; 10] = join(&[
    &[
        sub(b"QSDT", "complete_quest", Field::Value(Ty::Bool)),
        conditions(),
        conditions_old(),
        opt(b"CNAM", "log_entry", Field::ZString),
    ],
    &RESULT_SCRIPT,
]);

static STAGE: [Member; 2] = [
    sub(b"INDX", "index", Field::Value(I16)),
    groups("log_entries", &LOG_ENTRY),
];

static TARGET: [Member; 3] = [
    sub(
        b"QSTA",
        "target",
        Field::Struct(&[
            f("reference", fid(&[b"REFR", b"ACHR", b"ACRE"])),
            f("flags", Ty::Flags(Int::U8, &TARGET_FLAGS)),
            f("unused", Ty::Bytes(3)),
        ]),
    ),
    conditions(),
    conditions_old(),
];

/// Oblivion's quest (QUST) record declaration.
pub static QUST: RecordDef = records::QUST.with(&[
    editor_id(),
    script(),
    full_name(),
    icon(),
    sub(
        b"DATA",
        "general",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U8, &QUEST_FLAGS)),
            f("priority", U8),
        ]),
    ),
    conditions(),
    conditions_old(),
    groups("stages", &STAGE),
    groups("targets", &TARGET),
]);
