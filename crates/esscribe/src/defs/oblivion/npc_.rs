//! NPC_: a non-player character.

use super::actor::*;
use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// NPC flags (ACBS `flags`).
pub static NPC_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "female"),
        (1 << 1, "essential"),
        (1 << 3, "respawn"),
        (1 << 4, "auto_calc_stats"),
        (1 << 7, "pc_level_offset"),
        (1 << 9, "no_low_level_processing"),
        (1 << 13, "no_rumors"),
        (1 << 14, "summonable"),
        (1 << 15, "no_persuasion"),
        (1 << 20, "can_corpse_check"),
    ],
};

static CONFIGURATION: [FieldDef; 2] = configuration(&NPC_FLAGS);

/// Oblivion's non-player character (NPC_) record declaration.
pub static NPC_: RecordDef = records::NPC_.with(&join::<_, 24>(&[
    &[
        editor_id(),
        full_name(),
        model(),
        sub(b"ACBS", "configuration", Field::Struct(&CONFIGURATION)),
        factions(),
        form_of(b"INAM", "death_item", &[b"LVLI"]),
        form_of(b"RNAM", "race", &[b"RACE"]),
        spells(),
        script(),
        items(),
        ai_data(),
        packages(),
        animations(),
        form_of(b"CNAM", "class", &[b"CLAS"]),
        sub(
            b"DATA",
            "stats",
            Field::Struct(&join::<_, 31>(&[
                &SKILL_VALUES,
                &[f("health", U16), f("unused", Ty::Bytes(2))],
                &ATTRIBUTE_VALUES,
            ])),
        ),
        form_of(b"HNAM", "hair", &[b"HAIR"]),
        opt(b"LNAM", "hair_length", Field::Value(Ty::F32)),
        rep(b"ENAM", "eyes", Field::Value(fid(&[b"EYES"]))),
        opt(b"HCLR", "hair_color", Field::Struct(&RGBA)),
        form_of(b"ZNAM", "combat_style", &[b"CSTY"]),
    ],
    &FACEGEN,
    &[opt(b"FNAM", "unknown", Field::Value(U16))],
]));
