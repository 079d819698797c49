//! MGEF: a magic effect.

use super::common::{conditions, editor_id, full_name, keyword_count, keywords, scripts};
use super::magic::{CASTING_TYPES, DELIVERY_TYPES};
use crate::defs::shared::{mgef, records};
use crate::schema::types::*;

/// Magic effect flags (DATA `flags`).
pub static EFFECT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "hostile"),
        (0x0000_0002, "recover"),
        (0x0000_0004, "detrimental"),
        (0x0000_0008, "snap_to_navmesh"),
        (0x0000_0010, "no_hit_event"),
        (0x0000_0100, "dispel_with_keywords"),
        (0x0000_0200, "no_duration"),
        (0x0000_0400, "no_magnitude"),
        (0x0000_0800, "no_area"),
        (0x0000_1000, "fx_persist"),
        (0x0000_4000, "gory_visuals"),
        (0x0000_8000, "hide_in_ui"),
        (0x0002_0000, "no_recast"),
        (0x0020_0000, "power_affects_magnitude"),
        (0x0040_0000, "power_affects_duration"),
        (0x0400_0000, "painless"),
        (0x0800_0000, "no_hit_effect"),
        (0x1000_0000, "no_death_dispel"),
    ],
};

/// Magic effect archetypes (DATA `archetype`): value modifier, script,
/// dispel, ...
pub static ARCHETYPES: EnumDef = EnumDef {
    values: &[
        (0, "value_modifier"),
        (1, "script"),
        (2, "dispel"),
        (3, "cure_disease"),
        (4, "absorb"),
        (5, "dual_value_modifier"),
        (6, "calm"),
        (7, "demoralize"),
        (8, "frenzy"),
        (9, "disarm"),
        (10, "command_summoned"),
        (11, "invisibility"),
        (12, "light"),
        (15, "lock"),
        (16, "open"),
        (17, "bound_weapon"),
        (18, "summon_creature"),
        (19, "detect_life"),
        (20, "telekinesis"),
        (21, "paralysis"),
        (22, "reanimate"),
        (23, "soul_trap"),
        (24, "turn_undead"),
        (25, "guide"),
        (26, "werewolf_feed"),
        (27, "cure_paralysis"),
        (28, "cure_addiction"),
        (29, "cure_poison"),
        (30, "concussion"),
        (31, "value_and_parts"),
        (32, "accumulate_magnitude"),
        (33, "stagger"),
        (34, "peak_value_modifier"),
        (35, "cloak"),
        (36, "werewolf"),
        (37, "slow_time"),
        (38, "rally"),
        (39, "enhance_weapon"),
        (40, "spawn_hazard"),
        (41, "etherealize"),
        (42, "banish"),
        (43, "spawn_scripted_ref"),
        (44, "disguise"),
        (45, "grab_actor"),
        (46, "vampire_lord"),
    ],
};

/// Sound levels: loud, normal, silent, very loud.
pub static SOUND_LEVELS: EnumDef = EnumDef {
    values: &[(0, "loud"), (1, "normal"), (2, "silent"), (3, "very_loud")],
};

/// Magic effect sound types (SNDD `type`).
pub static EFFECT_SOUND_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "sheathe_draw"),
        (1, "charge"),
        (2, "ready"),
        (3, "release"),
        (4, "concentration_cast_loop"),
        (5, "on_hit"),
    ],
};

/// Skyrim's magic effect (MGEF) record declaration.
pub static MGEF: RecordDef = records::MGEF.with(&[
    editor_id(),
    scripts(),
    full_name(),
    opt(
        b"MDOB",
        "menu_display_object",
        Field::Value(fid(&[b"STAT"])),
    ),
    keyword_count(),
    keywords(),
    sub(
        b"DATA",
        "data",
        Field::Struct(&join::<_, 39>(&[
            &mgef::flags_and_cost(&EFFECT_FLAGS),
            &[
                f("associated_item", Ty::FormId),
                f("magic_skill", I32),
                f("resist_value", I32),
                f("counter_effect_count", U16),
                f("unused", Ty::Bytes(2)),
                f("casting_light", fid(&[b"LIGH"])),
                f("taper_weight", Ty::F32),
                f("hit_shader", fid(&[b"EFSH"])),
                f("enchant_shader", fid(&[b"EFSH"])),
                f("minimum_skill_level", U32),
                f("spellmaking_area", U32),
                f("spellmaking_casting_time", Ty::F32),
                f("taper_curve", Ty::F32),
                f("taper_duration", Ty::F32),
                f("second_actor_value_weight", Ty::F32),
                f("archetype", Ty::Enum(Int::U32, &ARCHETYPES)),
                f("actor_value", I32),
                f("projectile", fid(&[b"PROJ"])),
                f("explosion", fid(&[b"EXPL"])),
                f("casting_type", Ty::Enum(Int::U32, &CASTING_TYPES)),
                f("delivery", Ty::Enum(Int::U32, &DELIVERY_TYPES)),
                f("second_actor_value", I32),
                f("casting_art", fid(&[b"ARTO"])),
                f("hit_effect_art", fid(&[b"ARTO"])),
                f("impact_data", fid(&[b"IPDS"])),
                f("skill_usage_multiplier", Ty::F32),
                f("dual_casting_art", fid(&[b"DUAL"])),
                f("dual_casting_scale", Ty::F32),
                f("enchant_art", fid(&[b"ARTO"])),
                f("hit_visuals", fid(&[b"RFCT"])),
                f("enchant_visuals", fid(&[b"RFCT"])),
                f("equip_ability", fid(&[b"SPEL"])),
                f("image_space_modifier", fid(&[b"IMAD"])),
                f("perk_to_apply", fid(&[b"PERK"])),
                f("casting_sound_level", Ty::Enum(Int::U32, &SOUND_LEVELS)),
                f("script_effect_ai_score", Ty::F32),
                f("script_effect_ai_delay_time", Ty::F32),
            ],
        ])),
    ),
    rep(b"ESCE", "counter_effects", Field::Value(fid(&[b"MGEF"]))),
    opt(
        b"SNDD",
        "sounds",
        Field::Array(&[
            f("type", Ty::Enum(Int::U32, &EFFECT_SOUND_TYPES)),
            f("sound", fid(&[b"SNDR"])),
        ]),
    ),
    opt(b"DNAM", "description", Field::LString),
    conditions(),
]);
