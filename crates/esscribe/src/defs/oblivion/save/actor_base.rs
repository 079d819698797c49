//! Actor bases (NPC_, CREA): the parts of their change records, each
//! brought in by one flag bit, in the order they are stored (which is
//! not the order of the bits).

use super::{part, ChangeTable, Layout, PartKind as P, Step, When};

/// Flag bits of NPC_ and CREA change records, in the order their parts
/// are stored: form flags, attributes, base data, factions, spells, AI
/// data, base health, base modifiers, full name, skills, combat style.
pub mod actor_bits {
    /// Form flags (u32).
    pub const FORM_FLAGS: u32 = 1 << 0;
    /// Base health (u32).
    pub const BASE_HEALTH: u32 = 1 << 2;
    /// The eight attributes (u8 each).
    pub const ATTRIBUTES: u32 = 1 << 3;
    /// Base data (16 bytes, as the plugin's ACBS).
    pub const BASE_DATA: u32 = 1 << 4;
    /// Spell list: u16 count, then irefs.
    pub const SPELLS: u32 = 1 << 5;
    /// Factions: u16 count, then iref and rank (i8).
    pub const FACTIONS: u32 = 1 << 6;
    /// Full name: u8 length and the name.
    pub const FULL_NAME: u32 = 1 << 7;
    /// AI data (4 bytes).
    pub const AI_DATA: u32 = 1 << 8;
    /// The 21 skills (u8 each).
    pub const SKILLS: u32 = 1 << 9;
    /// Combat style iref.
    pub const COMBAT_STYLE: u32 = 1 << 10;
    /// Base modifiers: u16 count, then actor value (u8) and value (f32).
    pub const BASE_MODIFIERS: u32 = 1 << 28;
}

use actor_bits::*;

/// The parts of an NPC_ or CREA change record, in stored order.
pub static ACTOR_BASE: ChangeTable = ChangeTable::new(
    "actor base (NPC_, CREA)",
    &[
        Step::Part(part(
            P::FormFlags,
            When::Any(FORM_FLAGS),
            Layout::U32,
            "form flags",
        )),
        Step::Part(part(
            P::Attributes,
            When::Any(ATTRIBUTES),
            Layout::Bytes(8),
            "attributes",
        )),
        Step::Part(part(
            P::BaseData,
            When::Any(BASE_DATA),
            Layout::ActorBaseData,
            "base data",
        )),
        Step::Part(part(
            P::Factions,
            When::Any(FACTIONS),
            Layout::FactionRanks,
            "factions",
        )),
        Step::Part(part(P::Spells, When::Any(SPELLS), Layout::Irefs, "spells")),
        Step::Part(part(
            P::AiData,
            When::Any(AI_DATA),
            Layout::Bytes(4),
            "AI data",
        )),
        Step::Part(part(
            P::BaseHealth,
            When::Any(BASE_HEALTH),
            Layout::U32,
            "base health",
        )),
        Step::Part(part(
            P::BaseModifiers,
            When::Any(BASE_MODIFIERS),
            Layout::ActorValueModifiers,
            "base modifiers",
        )),
        Step::Part(part(
            P::FullName,
            When::Any(FULL_NAME),
            Layout::ShortText,
            "full name",
        )),
        Step::Part(part(
            P::Skills,
            When::Any(SKILLS),
            Layout::Bytes(21),
            "skills",
        )),
        Step::Part(part(
            P::CombatStyle,
            When::Any(COMBAT_STYLE),
            Layout::U32,
            "combat style iref",
        )),
    ],
);
