//! CLAS: a class (skill weights, training, attribute weights).

use super::common::{description, editor_id, full_name};
use crate::io::Sig;
use crate::schema::types::*;

static SKILL_WEIGHTS: [FieldDef; 18] = [
    f("one_handed", U8),
    f("two_handed", U8),
    f("archery", U8),
    f("block", U8),
    f("smithing", U8),
    f("heavy_armor", U8),
    f("light_armor", U8),
    f("pickpocket", U8),
    f("lockpicking", U8),
    f("sneak", U8),
    f("alchemy", U8),
    f("speech", U8),
    f("alteration", U8),
    f("conjuration", U8),
    f("destruction", U8),
    f("illusion", U8),
    f("restoration", U8),
    f("enchanting", U8),
];

pub static CLAS: RecordDef = RecordDef {
    sig: Sig(*b"CLAS"),
    title: "Class",
    members: &[
        editor_id(),
        full_name(),
        description(b"DESC"),
        opt(b"ICON", "menu_image", Field::ZString),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("unknown", Ty::Bytes(4)),
                f("teaches", I8),
                f("maximum_training_level", U8),
                f("skill_weights", Ty::Struct(&SKILL_WEIGHTS)),
                f("bleedout_default", Ty::F32),
                f("voice_points", U32),
                f("health_weight", U8),
                f("magicka_weight", U8),
                f("stamina_weight", U8),
                f("unknown_weight", U8),
            ]),
        ),
    ],
};
