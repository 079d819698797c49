//! ENCH: an enchantment.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Enchantment types (ENIT `type`): scroll, staff, weapon, apparel.
pub static ENCHANTMENT_TYPES: EnumDef = EnumDef {
    values: &[(0, "scroll"), (1, "staff"), (2, "weapon"), (3, "apparel")],
};

/// Oblivion's enchantment (ENCH) record declaration.
pub static ENCH: RecordDef = records::ENCH.with(&[
    editor_id(),
    full_name(),
    sub(
        b"ENIT",
        "data",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U32, &ENCHANTMENT_TYPES)),
            f("charge_amount", U32),
            f("enchant_cost", U32),
            f("no_auto_calculation", Ty::Bool),
            f("unused", Ty::Bytes(3)),
        ]),
    ),
    effects(),
]);
