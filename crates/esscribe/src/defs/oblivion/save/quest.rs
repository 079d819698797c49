//! Quests (QUST): the parts of their change records, in stored order:
//! flags, stages, script variables.

use super::{part, ChangeTable, Layout, PartKind as P, Step, When};

/// Flag bits of QUST change records: flags, stages, script variables.
pub mod quest_bits {
    /// Quest flags (u8).
    pub const FLAGS: u32 = 1 << 2;
    /// Script variables: u16 count, each u16 index, u16 type and value,
    /// then a u8.
    pub const SCRIPT: u32 = 1 << 27;
    /// Stages: u8 count, each stage u8 index, u8 flags, u8 log entry
    /// count, each entry u8 index and 4 bytes.
    pub const STAGES: u32 = 1 << 28;
}

use quest_bits::*;

/// The parts of a QUST change record, in stored order (the script's bit
/// is below the stages' bit, yet its part comes after).
pub static QUEST: ChangeTable = ChangeTable::new(
    "quest (QUST)",
    &[
        Step::Part(part(P::ByteFlags, When::Any(FLAGS), Layout::U8, "flags")),
        Step::Part(part(
            P::QuestStages,
            When::Any(STAGES),
            Layout::QuestStages,
            "stages",
        )),
        Step::Part(part(
            P::ScriptVars,
            When::Any(SCRIPT),
            Layout::ScriptVars,
            "script variables",
        )),
    ],
);
