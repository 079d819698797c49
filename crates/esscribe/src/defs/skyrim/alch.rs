//! ALCH: a potion, poison or food.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Potion flags (ENIT `flags`): no auto-calculation, food, medicine, poison.
pub static POTION_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "no_auto_calc"),
        (0x0000_0002, "food_item"),
        (0x0001_0000, "medicine"),
        (0x0002_0000, "poison"),
    ],
};

/// Skyrim's potion (ALCH) record declaration.
pub static ALCH: RecordDef = records::ALCH.with(&[
    editor_id(),
    object_bounds(),
    full_name(),
    keyword_count(),
    keywords(),
    description(b"DESC"),
    model(),
    destructible(),
    large_icon(),
    small_icon(),
    pickup_sound(),
    drop_sound(),
    form_of(b"ETYP", "equip_type", &[b"EQUP"]),
    sub(b"DATA", "weight", Field::Value(Ty::F32)),
    sub(
        b"ENIT",
        "data",
        Field::Struct(&[
            f("value", I32),
            f("flags", Ty::Flags(Int::U32, &POTION_FLAGS)),
            f("addiction", Ty::FormId),
            f("addiction_chance", Ty::F32),
            f("consume_sound", fid(&[b"SNDR"])),
        ]),
    ),
    effects(),
]);
