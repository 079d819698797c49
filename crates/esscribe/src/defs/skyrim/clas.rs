//! CLAS: a class (skill weights, training, attribute weights).

use super::common::{description, editor_id, full_name, SKILL_BYTES};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's class (CLAS) record declaration.
pub static CLAS: RecordDef = records::CLAS.with(&[
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
            f("skill_weights", Ty::Struct(&SKILL_BYTES)),
            f("bleedout_default", Ty::F32),
            f("voice_points", U32),
            f("health_weight", U8),
            f("magicka_weight", U8),
            f("stamina_weight", U8),
            f("unknown_weight", U8),
        ]),
    ),
]);
