//! CSTY: a combat style.

use crate::defs::shared::records;
use crate::schema::types::*;

/// Combat style flags.
pub static COMBAT_STYLE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "advanced"),
        (0x02, "choose_attack_using_percent_chance"),
        (0x04, "ignore_allies_in_area"),
        (0x08, "will_yield"),
        (0x10, "rejects_yields"),
        (0x20, "fleeing_disabled"),
        (0x40, "prefers_ranged"),
        (0x80, "melee_alert_ok"),
    ],
};

static STANDARD: [FieldDef; 43] = [
    f("dodge_percent_chance", U8),
    f("left_right_percent_chance", U8),
    f("unused", Ty::Bytes(2)),
    f("dodge_left_right_timer_min", Ty::F32),
    f("dodge_left_right_timer_max", Ty::F32),
    f("dodge_forward_timer_min", Ty::F32),
    f("dodge_forward_timer_max", Ty::F32),
    f("dodge_back_timer_min", Ty::F32),
    f("dodge_back_timer_max", Ty::F32),
    f("idle_timer_min", Ty::F32),
    f("idle_timer_max", Ty::F32),
    f("block_percent_chance", U8),
    f("attack_percent_chance", U8),
    f("unused_2", Ty::Bytes(2)),
    f("recoil_stagger_bonus_to_attack", Ty::F32),
    f("unconscious_bonus_to_attack", Ty::F32),
    f("hand_to_hand_bonus_to_attack", Ty::F32),
    f("power_attack_percent_chance", U8),
    f("unused_3", Ty::Bytes(3)),
    f("recoil_stagger_bonus_to_power", Ty::F32),
    f("unconscious_bonus_to_power_attack", Ty::F32),
    f("power_attack_normal", U8),
    f("power_attack_forward", U8),
    f("power_attack_back", U8),
    f("power_attack_left", U8),
    f("power_attack_right", U8),
    f("unused_4", Ty::Bytes(3)),
    f("hold_timer_min", Ty::F32),
    f("hold_timer_max", Ty::F32),
    f("flags", Ty::Flags(Int::U8, &COMBAT_STYLE_FLAGS)),
    f("acrobatic_dodge_percent_chance", U8),
    f("unused_5", Ty::Bytes(2)),
    f("range_multiplier_optimal", Ty::F32),
    f("range_multiplier_max", Ty::F32),
    f("switch_distance_melee", Ty::F32),
    f("switch_distance_ranged", Ty::F32),
    f("buff_standoff_distance", Ty::F32),
    f("ranged_standoff_distance", Ty::F32),
    f("group_standoff_distance", Ty::F32),
    f("rushing_attack_percent_chance", U8),
    f("unused_6", Ty::Bytes(3)),
    f("rushing_attack_distance_multiplier", Ty::F32),
    f("do_not_acquire", U32),
];

static ADVANCED: [FieldDef; 21] = [
    f("dodge_fatigue_mod_mult", Ty::F32),
    f("dodge_fatigue_mod_base", Ty::F32),
    f("encumbered_speed_mod_base", Ty::F32),
    f("encumbered_speed_mod_mult", Ty::F32),
    f("dodge_while_under_attack_mult", Ty::F32),
    f("dodge_not_under_attack_mult", Ty::F32),
    f("dodge_back_while_under_attack_mult", Ty::F32),
    f("dodge_back_not_under_attack_mult", Ty::F32),
    f("dodge_forward_while_attacking_mult", Ty::F32),
    f("dodge_forward_not_attacking_mult", Ty::F32),
    f("block_skill_modifier_mult", Ty::F32),
    f("block_skill_modifier_base", Ty::F32),
    f("block_while_under_attack_mult", Ty::F32),
    f("block_not_under_attack_mult", Ty::F32),
    f("attack_skill_modifier_mult", Ty::F32),
    f("attack_skill_modifier_base", Ty::F32),
    f("attack_while_under_attack_mult", Ty::F32),
    f("attack_not_under_attack_mult", Ty::F32),
    f("attack_during_block_mult", Ty::F32),
    f("power_attack_fatigue_mod_base", Ty::F32),
    f("power_attack_fatigue_mod_mult", Ty::F32),
];

/// Oblivion's combat style (CSTY) record declaration.
pub static CSTY: RecordDef = records::CSTY.with(&[
    opt(b"EDID", "editor_id", Field::ZString),
    sub(b"CSTD", "standard", Field::Struct(&STANDARD)),
    opt(b"CSAD", "advanced", Field::Struct(&ADVANCED)),
]);
