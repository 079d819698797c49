//! CSTY: a combat style.

use super::common::editor_id;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Combat style flags (DATA `flags`): dueling, flanking, dual wielding.
pub static COMBAT_STYLE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "dueling"),
        (0x02, "flanking"),
        (0x04, "allow_dual_wielding"),
    ],
};

const fn float(name: &'static str) -> FieldDef {
    f(name, Ty::F32)
}

/// Skyrim's combat style (CSTY) record declaration.
pub static CSTY: RecordDef = records::CSTY.with(&[
    editor_id(),
    opt(
        b"CSGD",
        "general",
        Field::Struct(&[
            float("offensive_multiplier"),
            float("defensive_multiplier"),
            float("group_offensive_multiplier"),
            float("equipment_score_multiplier_melee"),
            float("equipment_score_multiplier_magic"),
            float("equipment_score_multiplier_ranged"),
            float("equipment_score_multiplier_shout"),
            float("equipment_score_multiplier_unarmed"),
            float("equipment_score_multiplier_staff"),
            float("avoid_threat_chance"),
        ]),
    ),
    // Bytes nobody has documented.
    opt(b"CSMD", "unknown", Field::Opaque),
    opt(
        b"CSME",
        "melee",
        Field::Struct(&[
            float("attack_staggered_multiplier"),
            float("power_attack_staggered_multiplier"),
            float("power_attack_blocking_multiplier"),
            float("bash_multiplier"),
            float("bash_recoil_multiplier"),
            float("bash_attack_multiplier"),
            float("bash_power_attack_multiplier"),
            float("special_attack_multiplier"),
        ]),
    ),
    opt(
        b"CSCR",
        "close_range",
        Field::Struct(&[
            float("circle_multiplier"),
            float("fallback_multiplier"),
            float("flank_distance"),
            float("stalk_time"),
        ]),
    ),
    opt(
        b"CSLR",
        "long_range",
        Field::Struct(&[float("strafe_multiplier")]),
    ),
    opt(
        b"CSFL",
        "flight",
        Field::Struct(&[
            float("hover_chance"),
            float("dive_bomb_chance"),
            float("ground_attack_chance"),
            float("hover_time"),
            float("ground_attack_time"),
            float("perch_attack_chance"),
            float("perch_attack_time"),
            float("flying_attack_chance"),
        ]),
    ),
    opt(
        b"DATA",
        "flags",
        Field::Value(Ty::Flags(Int::U32, &COMBAT_STYLE_FLAGS)),
    ),
]);
