//! AMMO: arrows.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's ammunition (AMMO) record declaration.
pub static AMMO: RecordDef = records::AMMO.with(&[
    editor_id(),
    full_name(),
    model(),
    icon(),
    enchantment(),
    enchantment_points(),
    sub(
        b"DATA",
        "data",
        Field::Struct(&[
            f("speed", Ty::F32),
            f("ignores_normal_weapon_resistance", Ty::Bool),
            f("unused", Ty::Bytes(3)),
            f("value", U32),
            f("weight", Ty::F32),
            f("damage", U16),
        ]),
    ),
]);
