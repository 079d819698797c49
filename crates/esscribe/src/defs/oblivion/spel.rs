//! SPEL: a spell (also abilities, powers and diseases).

use super::common::*;
use crate::defs::shared::records;
use crate::defs::shared::spel;
use crate::schema::types::*;

/// Spell types (SPIT `type`): spell, disease, power, ...
pub static SPELL_TYPES: EnumDef = EnumDef {
    values: &spel::SPELL_TYPE_VALUES,
};

pub use spel::MASTERY_LEVELS as SPELL_LEVELS;

/// Spell flags (SPIT `flags`).
pub static SPELL_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "manual_spell_cost"),
        (0x02, "immune_to_silence_1"),
        (0x04, "player_start_spell"),
        (0x08, "immune_to_silence_2"),
        (0x10, "area_effect_ignores_los"),
        (0x20, "script_effect_always_applies"),
        (0x40, "disallow_spell_absorb_reflect"),
        (0x80, "touch_spell_explodes_without_target"),
    ],
};

/// Oblivion's spell (SPEL) record declaration.
pub static SPEL: RecordDef = records::SPEL.with(&[
    editor_id(),
    full_name(),
    sub(
        b"SPIT",
        "data",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U32, &SPELL_TYPES)),
            f("cost", U32),
            f("level", Ty::Enum(Int::U8, &SPELL_LEVELS)),
            f("unused", Ty::Bytes(3)),
            f("flags", Ty::Flags(Int::U8, &SPELL_FLAGS)),
            f("unused_2", Ty::Bytes(3)),
        ]),
    ),
    effects(),
]);
