//! INGR: an ingredient.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Ingredient flags (ENIT `flags`).
pub static INGREDIENT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "no_auto_calculation"),
        (0x0002, "food_item"),
        (0x0100, "references_persist"),
    ],
};

/// Skyrim's ingredient (INGR) record declaration.
pub static INGR: RecordDef = records::INGR.with(&[
    editor_id(),
    scripts(),
    object_bounds(),
    full_name(),
    keyword_count(),
    keywords(),
    model(),
    large_icon(),
    small_icon(),
    form_of(b"ETYP", "equip_type", &[b"EQUP"]),
    pickup_sound(),
    drop_sound(),
    sub(b"DATA", "data", Field::Struct(&VALUE_WEIGHT)),
    sub(
        b"ENIT",
        "effect_data",
        Field::Struct(&[
            f("ingredient_value", I32),
            f("flags", Ty::Flags(Int::U32, &INGREDIENT_FLAGS)),
        ]),
    ),
    effects(),
]);
