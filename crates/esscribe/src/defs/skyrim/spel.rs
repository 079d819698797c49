//! SPEL: a spell (also abilities, powers, diseases and the like).

use super::common::*;
use super::magic::{CASTING_TYPES, DELIVERY_TYPES};
use crate::defs::shared::records;
use crate::defs::shared::spel;
use crate::schema::types::*;

/// Spell flags (SPIT `flags`).
pub static SPELL_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "manual_cost_calc"),
        (0x0008_0000, "pc_start_spell"),
        (0x0020_0000, "area_effect_ignores_los"),
        (0x0040_0000, "ignore_resistance"),
        (0x0080_0000, "no_absorb_or_reflect"),
        (0x0200_0000, "no_dual_cast_modification"),
    ],
};

/// Spell types (SPIT `type`): spell, disease, power, ...
pub static SPELL_TYPES: EnumDef = EnumDef {
    values: &join::<_, 8>(&[
        &spel::SPELL_TYPE_VALUES,
        &[(10, "addiction"), (11, "voice")],
    ]),
};

/// SPIT: cost, kind and casting of a spell (or of a scroll).
pub static SPELL_DATA: [FieldDef; 9] = [
    f("base_cost", U32),
    f("flags", Ty::Flags(Int::U32, &SPELL_FLAGS)),
    f("type", Ty::Enum(Int::U32, &SPELL_TYPES)),
    f("charge_time", Ty::F32),
    f("casting_type", Ty::Enum(Int::U32, &CASTING_TYPES)),
    f("delivery", Ty::Enum(Int::U32, &DELIVERY_TYPES)),
    f("cast_duration", Ty::F32),
    f("range", Ty::F32),
    f("half_cost_perk", fid(&[b"PERK"])),
];

/// What spells and scrolls declare first: names, bounds, keywords, menu
/// object, equip type and description.
pub static SPELL_HEAD: [Member; 8] = [
    editor_id(),
    object_bounds(),
    full_name(),
    keyword_count(),
    keywords(),
    form_of(b"MDOB", "menu_display_object", &[b"STAT"]),
    form_of(b"ETYP", "equip_type", &[b"EQUP"]),
    description(b"DESC"),
];

/// Skyrim's spell (SPEL) record declaration.
pub static SPEL: RecordDef = records::SPEL.with(&join::<_, 10>(&[
    &SPELL_HEAD,
    &[sub(b"SPIT", "data", Field::Struct(&SPELL_DATA)), effects()],
]));
