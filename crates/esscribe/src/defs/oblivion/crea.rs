//! CREA: a creature. Real files hold the spells, model list and
//! configuration before the items.

use super::actor::*;
use super::common::*;
use crate::defs::shared::actor;
use crate::io::Sig;
use crate::schema::types::*;

/// Creature flags (ACBS `flags`).
pub static CREATURE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "biped"),
        (1 << 1, "essential"),
        (1 << 2, "weapon_and_shield"),
        (1 << 3, "respawn"),
        (1 << 4, "swims"),
        (1 << 5, "flies"),
        (1 << 6, "walks"),
        (1 << 7, "pc_level_offset"),
        (1 << 9, "no_low_level_processing"),
        (1 << 11, "no_blood_spray"),
        (1 << 12, "no_blood_decal"),
        (1 << 15, "no_head"),
        (1 << 16, "no_right_arm"),
        (1 << 17, "no_left_arm"),
        (1 << 18, "no_combat_in_water"),
        (1 << 19, "no_shadow"),
        (1 << 20, "no_corpse_check"),
    ],
};

/// Creature types (DATA `type`).
pub static CREATURE_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "creature"),
        (1, "daedra"),
        (2, "undead"),
        (3, "humanoid"),
        (4, "horse"),
        (5, "giant"),
    ],
};

/// Creature sound types (CSDT `type`): footsteps, idle, aware, attack, ...
pub static SOUND_TYPES: EnumDef = EnumDef {
    values: &actor::SOUND_TYPE_VALUES,
};

static SOUND: [Member; 2] = actor::sound(&[b"SOUN"]);

static SOUND_TYPE: [Member; 2] = actor::sound_type(&SOUND_TYPES, &SOUND);

static CONFIGURATION: [FieldDef; 2] = configuration(&CREATURE_FLAGS);

/// Oblivion's creature (CREA) record declaration.
pub static CREA: RecordDef = RecordDef {
    sig: Sig(*b"CREA"),
    title: "Creature",
    members: &[
        editor_id(),
        full_name(),
        model(),
        spells(),
        opt(b"NIFZ", "models", Field::Array(&NAMES)),
        opt(b"NIFT", "model_list_textures", Field::Opaque),
        sub(b"ACBS", "configuration", Field::Struct(&CONFIGURATION)),
        factions(),
        form_of(b"INAM", "death_item", &[b"LVLI"]),
        script(),
        items(),
        ai_data(),
        packages(),
        animations(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&join::<_, 17>(&[
                &[
                    f("type", Ty::Enum(Int::U8, &CREATURE_TYPES)),
                    f("combat_skill", U8),
                    f("magic_skill", U8),
                    f("stealth_skill", U8),
                    f("soul", U8),
                    f("unused", Ty::Bytes(1)),
                    f("health", U16),
                    f("unused_2", Ty::Bytes(2)),
                    f("attack_damage", U16),
                ],
                &ATTRIBUTE_VALUES,
            ])),
        ),
        opt(b"RNAM", "attack_reach", Field::Value(U8)),
        form_of(b"ZNAM", "combat_style", &[b"CSTY"]),
        opt(b"TNAM", "turning_speed", Field::Value(Ty::F32)),
        opt(b"BNAM", "base_scale", Field::Value(Ty::F32)),
        opt(b"WNAM", "foot_weight", Field::Value(Ty::F32)),
        opt(b"NAM0", "blood_spray", Field::ZString),
        opt(b"NAM1", "blood_decal", Field::ZString),
        form_of(b"CSCR", "inherits_sounds_from", &[b"CREA"]),
        groups("sound_types", &SOUND_TYPE),
    ],
};
