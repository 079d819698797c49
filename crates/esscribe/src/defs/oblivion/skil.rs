//! SKIL: a skill.

use super::common::{editor_id, icon};
use crate::io::Sig;
use crate::schema::types::*;

/// The eight attributes, in the game's order.
pub static ATTRIBUTES: EnumDef = EnumDef {
    values: &[
        (0, "strength"),
        (1, "intelligence"),
        (2, "willpower"),
        (3, "agility"),
        (4, "speed"),
        (5, "endurance"),
        (6, "personality"),
        (7, "luck"),
    ],
};

/// Class and skill specializations: combat, magic, stealth.
pub static SPECIALIZATIONS: EnumDef = EnumDef {
    values: &[(0, "combat"), (1, "magic"), (2, "stealth")],
};

/// Oblivion's skill (SKIL) record declaration.
pub static SKIL: RecordDef = RecordDef {
    sig: Sig(*b"SKIL"),
    title: "Skill",
    members: &[
        editor_id(),
        sub(b"INDX", "skill", Field::Value(U32)),
        opt(b"DESC", "description", Field::ZString),
        icon(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("action", U32),
                f("attribute", Ty::Enum(Int::U32, &ATTRIBUTES)),
                f("specialization", Ty::Enum(Int::U32, &SPECIALIZATIONS)),
                f("use_value_1", Ty::F32),
                f("use_value_2", Ty::F32),
            ]),
        ),
        opt(b"ANAM", "apprentice_text", Field::ZString),
        opt(b"JNAM", "journeyman_text", Field::ZString),
        opt(b"ENAM", "expert_text", Field::ZString),
        opt(b"MNAM", "master_text", Field::ZString),
    ],
};
