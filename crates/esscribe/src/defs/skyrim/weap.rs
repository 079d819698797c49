//! WEAP: a weapon.

use super::common::*;
pub use super::mgef::SOUND_LEVELS;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Weapon animation types (DNAM `animation_type`).
pub static ANIMATION_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "hand_to_hand"),
        (1, "one_hand_sword"),
        (2, "one_hand_dagger"),
        (3, "one_hand_axe"),
        (4, "one_hand_mace"),
        (5, "two_hand_sword"),
        (6, "two_hand_axe"),
        (7, "bow"),
        (8, "staff"),
        (9, "crossbow"),
    ],
};

/// Weapon flags (DNAM `flags`).
pub static WEAPON_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "player_only"),
        (0x0002, "npcs_use_ammo"),
        (0x0004, "no_jam_after_reload"),
        (0x0008, "unknown_4"),
        (0x0010, "minor_crime"),
        (0x0020, "range_fixed"),
        (0x0040, "not_used_in_normal_combat"),
        (0x0080, "unknown_8"),
        (0x0100, "dont_use_3rd_person_is_anim"),
        (0x0200, "burst_shot"),
        (0x0400, "alternate_rumble"),
        (0x0800, "long_bursts"),
        (0x1000, "non_hostile"),
        (0x2000, "bound_weapon"),
    ],
};

/// Weapon flags, second word (DNAM `flags_2`).
pub static WEAPON_FLAGS_2: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "ignores_normal_weapon_resistance"),
        (0x0002, "automatic"),
        (0x0004, "has_scope"),
        (0x0008, "cant_drop"),
        (0x0010, "hide_backpack"),
        (0x0020, "embedded_weapon"),
        (0x0040, "dont_use_1st_person_is_anim"),
        (0x0080, "non_playable"),
    ],
};

/// What a weapon's hits do to a dying target's body: dismember, explode,
/// both or neither.
pub static ON_HIT: EnumDef = EnumDef {
    values: &[
        (0, "no_formula_behaviour"),
        (1, "dismember_only"),
        (2, "explode_only"),
        (3, "no_dismember_or_explode"),
    ],
};

/// Weapon critical hit flags (CRDT `flags`): on death.
pub static CRITICAL_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "on_death")],
};

/// Skyrim's weapon (WEAP) record declaration.
pub static WEAP: RecordDef = records::WEAP.with(&[
    editor_id(),
    scripts(),
    object_bounds(),
    full_name(),
    model(),
    large_icon(),
    small_icon(),
    form_of(b"EITM", "object_effect", &[b"ENCH"]),
    opt(b"EAMT", "enchantment_amount", Field::Value(U16)),
    destructible(),
    form_of(b"ETYP", "equip_type", &[b"EQUP"]),
    form_of(b"BIDS", "block_bash_impact_data_set", &[b"IPDS"]),
    form_of(b"BAMT", "alternate_block_material", &[b"MATT"]),
    pickup_sound(),
    drop_sound(),
    keyword_count(),
    keywords(),
    description(b"DESC"),
    group("scope_model", &MODEL_3),
    opt(b"NNAM", "embedded_weapon_node", Field::ZString),
    form_of(b"INAM", "impact_data_set", &[b"IPDS"]),
    form_of(b"WNAM", "first_person_model", &[b"STAT"]),
    form_of(b"SNAM", "attack_sound", &[b"SNDR"]),
    form_of(b"XNAM", "attack_sound_2d", &[b"SNDR"]),
    form_of(b"NAM7", "attack_loop_sound", &[b"SNDR"]),
    form_of(b"TNAM", "attack_fail_sound", &[b"SNDR"]),
    form_of(b"UNAM", "idle_sound", &[b"SNDR"]),
    form_of(b"NAM9", "equip_sound", &[b"SNDR"]),
    form_of(b"NAM8", "unequip_sound", &[b"SNDR"]),
    sub(
        b"DATA",
        "data",
        Field::Struct(&[f("value", U32), f("weight", Ty::F32), f("damage", U16)]),
    ),
    sub(
        b"DNAM",
        "data_2",
        Field::Struct(&[
            f("animation_type", Ty::Enum(Int::U8, &ANIMATION_TYPES)),
            f("unused", Ty::Bytes(3)),
            f("speed", Ty::F32),
            f("reach", Ty::F32),
            f("flags", Ty::Flags(Int::U16, &WEAPON_FLAGS)),
            f("unused_2", Ty::Bytes(2)),
            f("sight_fov", Ty::F32),
            f("unknown", Ty::Bytes(4)),
            f("base_vats_to_hit_chance", U8),
            f("attack_animation", U8),
            f("projectile_count", U8),
            f("embedded_weapon_actor_value", U8),
            f("range_min", Ty::F32),
            f("range_max", Ty::F32),
            f("on_hit", Ty::Enum(Int::U32, &ON_HIT)),
            f("flags_2", Ty::Flags(Int::U32, &WEAPON_FLAGS_2)),
            f("animation_attack_multiplier", Ty::F32),
            f("unknown_2", Ty::F32),
            f("rumble_left_motor_strength", Ty::F32),
            f("rumble_right_motor_strength", Ty::F32),
            f("rumble_duration", Ty::F32),
            f("unknown_3", Ty::Bytes(12)),
            f("skill", I32),
            f("unknown_4", Ty::Bytes(8)),
            f("resist", I32),
            f("unknown_5", Ty::Bytes(4)),
            f("stagger", Ty::F32),
        ]),
    ),
    opt(
        b"CRDT",
        "critical_data",
        Field::BySize(&[
            (
                16,
                Field::Struct(&[
                    f("damage", U16),
                    f("unused", Ty::Bytes(2)),
                    f("percent_multiplier", Ty::F32),
                    f("flags", Ty::Flags(Int::U8, &CRITICAL_FLAGS)),
                    f("unused_2", Ty::Bytes(3)),
                    f("effect", fid(&[b"SPEL"])),
                ]),
            ),
            (
                24,
                Field::Struct(&[
                    f("damage", U16),
                    f("unused", Ty::Bytes(2)),
                    f("percent_multiplier", Ty::F32),
                    f("flags", Ty::Flags(Int::U8, &CRITICAL_FLAGS)),
                    f("unused_2", Ty::Bytes(7)),
                    f("effect", fid(&[b"SPEL"])),
                    f("unused_3", Ty::Bytes(4)),
                ]),
            ),
        ]),
    ),
    opt(
        b"VNAM",
        "detection_sound_level",
        Field::Value(Ty::Enum(Int::U32, &SOUND_LEVELS)),
    ),
    form_of(b"CNAM", "template", &[b"WEAP"]),
]);
