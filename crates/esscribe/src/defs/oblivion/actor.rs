//! Pieces NPCs and creatures share: configuration, factions, AI data,
//! spells, packages.

use super::book::SKILLS;
use crate::schema::types::*;

/// Services an NPC, creature or class offers (barter categories, spells,
/// training, repair, ...).
pub static SERVICE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "weapons"),
        (1 << 1, "armor"),
        (1 << 2, "clothing"),
        (1 << 3, "books"),
        (1 << 4, "ingredients"),
        (1 << 7, "lights"),
        (1 << 8, "apparatus"),
        (1 << 10, "miscellaneous"),
        (1 << 11, "spells"),
        (1 << 12, "magic_items"),
        (1 << 13, "potions"),
        (1 << 14, "training"),
        (1 << 16, "recharge"),
        (1 << 17, "repair"),
    ],
};

/// The 21 skills, one byte each, in actor-value order (Armorer, codes 12
/// to 32: an NPC's stats, the player's skills in a save).
pub static SKILL_VALUES: [FieldDef; 21] = [
    f("armorer", U8),
    f("athletics", U8),
    f("blade", U8),
    f("block", U8),
    f("blunt", U8),
    f("hand_to_hand", U8),
    f("heavy_armor", U8),
    f("alchemy", U8),
    f("alteration", U8),
    f("conjuration", U8),
    f("destruction", U8),
    f("illusion", U8),
    f("mysticism", U8),
    f("restoration", U8),
    f("acrobatics", U8),
    f("light_armor", U8),
    f("marksman", U8),
    f("mercantile", U8),
    f("security", U8),
    f("sneak", U8),
    f("speechcraft", U8),
];

/// The eight attributes, one byte each, in the game's order (a race's base
/// attributes; the end of an NPC's or creature's stats).
pub static ATTRIBUTE_VALUES: [FieldDef; 8] = [
    f("strength", U8),
    f("intelligence", U8),
    f("willpower", U8),
    f("agility", U8),
    f("speed", U8),
    f("endurance", U8),
    f("personality", U8),
    f("luck", U8),
];

/// An NPC's or creature's configuration (ACBS): its flags (NPC or
/// creature flags) and stats.
pub const fn configuration(flags: &'static FlagsDef) -> [FieldDef; 2] {
    [
        f("flags", Ty::Flags(Int::U32, flags)),
        f("stats", Ty::Struct(&CONFIGURATION_TAIL)),
    ]
}

/// The stats that end an NPC's or creature's configuration (ACBS): spell
/// points, fatigue, barter gold, level and its auto-calculation bounds.
pub static CONFIGURATION_TAIL: [FieldDef; 6] = [
    f("base_spell_points", U16),
    f("fatigue", U16),
    f("barter_gold", U16),
    f("level", I16),
    f("calc_min", U16),
    f("calc_max", U16),
];

static FACTION: [FieldDef; 3] = [
    f("faction", fid(&[b"FACT"])),
    f("rank", U8),
    f("unused", Ty::Bytes(3)),
];

/// Faction memberships (SNAM, repeated): faction and rank.
pub const fn factions() -> Member {
    rep(b"SNAM", "factions", Field::Struct(&FACTION))
}

/// Spells and leveled spells known (SPLO, repeated form IDs).
pub const fn spells() -> Member {
    rep(b"SPLO", "spells", Field::Value(fid(&[b"SPEL", b"LVSP"])))
}

static AI_DATA: [FieldDef; 8] = [
    f("aggression", U8),
    f("confidence", U8),
    f("energy_level", U8),
    f("responsibility", U8),
    f("services", Ty::Flags(Int::U32, &SERVICE_FLAGS)),
    f("teaches", Ty::Enum(Int::I8, &SKILLS)),
    f("maximum_training_level", U8),
    f("unused", Ty::Bytes(2)),
];

/// AI data (AIDT): aggression, confidence, energy, responsibility, services,
/// training.
pub const fn ai_data() -> Member {
    sub(b"AIDT", "ai_data", Field::Struct(&AI_DATA))
}

/// AI packages, in priority order (PKID, repeated form IDs).
pub const fn packages() -> Member {
    rep(b"PKID", "packages", Field::Value(fid(&[b"PACK"])))
}

/// Names packed one after the other, each ending in a zero byte.
pub static NAMES: [FieldDef; 1] = [f("name", Ty::ZString)];

/// Extra animation files (KFFZ: a list of zero-terminated names).
pub const fn animations() -> Member {
    opt(b"KFFZ", "animations", Field::Array(&NAMES))
}
