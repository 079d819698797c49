//! ENCH: an enchantment (object effect).

use super::common::*;
use super::magic::{CASTING_TYPES, DELIVERY_TYPES};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Enchantment flags (ENIT `flags`).
pub static ENCHANTMENT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "no_auto_calc"), (0x04, "extend_duration_on_recast")],
};

/// Enchantment types (ENIT `enchant_type`): enchantment, staff enchantment.
pub static ENCHANTMENT_TYPES: EnumDef = EnumDef {
    values: &[(6, "enchantment"), (12, "staff_enchantment")],
};

/// Skyrim's enchantment (ENCH) record declaration.
pub static ENCH: RecordDef = records::ENCH.with(&[
    editor_id(),
    object_bounds(),
    full_name(),
    sub(
        b"ENIT",
        "data",
        Field::Struct(&[
            f("enchantment_cost", I32),
            f("flags", Ty::Flags(Int::U32, &ENCHANTMENT_FLAGS)),
            f("casting_type", Ty::Enum(Int::U32, &CASTING_TYPES)),
            f("enchantment_amount", I32),
            f("delivery", Ty::Enum(Int::U32, &DELIVERY_TYPES)),
            f("enchant_type", Ty::Enum(Int::U32, &ENCHANTMENT_TYPES)),
            f("charge_time", Ty::F32),
            f("base_enchantment", fid(&[b"ENCH"])),
            f("worn_restrictions", fid(&[b"FLST"])),
        ]),
    ),
    effects(),
]);
