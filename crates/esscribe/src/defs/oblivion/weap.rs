//! WEAP: a weapon.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Weapon types (DATA `type`).
pub static WEAPON_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "blade_one_hand"),
        (1, "blade_two_hand"),
        (2, "blunt_one_hand"),
        (3, "blunt_two_hand"),
        (4, "staff"),
        (5, "bow"),
    ],
};

/// Oblivion's weapon (WEAP) record declaration.
pub static WEAP: RecordDef = records::WEAP.with(&join::<_, 8>(&[
    &ITEM_HEAD,
    &[
        enchantment(),
        enchantment_points(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("type", Ty::Enum(Int::U32, &WEAPON_TYPES)),
                f("speed", Ty::F32),
                f("reach", Ty::F32),
                f("ignores_normal_weapon_resistance", U32),
                f("value", U32),
                f("health", U32),
                f("weight", Ty::F32),
                f("damage", U16),
            ]),
        ),
    ],
]));
