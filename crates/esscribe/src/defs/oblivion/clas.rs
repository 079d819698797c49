//! CLAS: a class.

use super::actor::SERVICE_FLAGS;
use super::book::SKILLS;
use super::common::{editor_id, full_name, icon};
use super::skil::{ATTRIBUTES, SPECIALIZATIONS};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Class flags: playable, guard.
pub static CLASS_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "playable"), (0x02, "guard")],
};

const fn skill(name: &'static str) -> FieldDef {
    f(name, Ty::Enum(Int::U32, &SKILLS))
}

/// Oblivion's class (CLAS) record declaration.
pub static CLAS: RecordDef = records::CLAS.with(&[
    editor_id(),
    full_name(),
    opt(b"DESC", "description", Field::ZString),
    icon(),
    sub(
        b"DATA",
        "data",
        Field::Struct(&[
            f("primary_attribute_1", Ty::Enum(Int::U32, &ATTRIBUTES)),
            f("primary_attribute_2", Ty::Enum(Int::U32, &ATTRIBUTES)),
            f("specialization", Ty::Enum(Int::U32, &SPECIALIZATIONS)),
            skill("major_skill_1"),
            skill("major_skill_2"),
            skill("major_skill_3"),
            skill("major_skill_4"),
            skill("major_skill_5"),
            skill("major_skill_6"),
            skill("major_skill_7"),
            f("flags", Ty::Flags(Int::U32, &CLASS_FLAGS)),
            f("services", Ty::Flags(Int::U32, &SERVICE_FLAGS)),
            f("teaches", Ty::Enum(Int::I8, &SKILLS)),
            f("maximum_training_level", U8),
            f("unused", Ty::Bytes(2)),
        ]),
    ),
]);
