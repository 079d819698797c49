//! Factions (FACT): the parts of their change records, in stored order:
//! reactions, then flags.

use super::{part, ChangeTable, Layout, PartKind as P, Step, When};

/// Flag bits of FACT change records: reactions, then flags.
pub mod faction_bits {
    /// Faction flags (u8).
    pub const FLAGS: u32 = 1 << 2;
    /// Reactions: u16 count, each faction iref and i32 modifier.
    pub const REACTIONS: u32 = 1 << 3;
}

use faction_bits::*;

/// The parts of a FACT change record, in stored order (reactions' bit is
/// the higher, yet they come first).
pub static FACTION: ChangeTable = ChangeTable::new(
    "faction (FACT)",
    &[
        Step::Part(part(
            P::Reactions,
            When::Any(REACTIONS),
            Layout::FactionReactions,
            "reactions",
        )),
        Step::Part(part(P::ByteFlags, When::Any(FLAGS), Layout::U8, "flags")),
    ],
);
