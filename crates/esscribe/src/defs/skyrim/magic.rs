//! Names shared by magic effects, spells and enchantments.

use crate::schema::types::*;

/// Spell casting types: constant effect, fire and forget, concentration,
/// scroll.
pub static CASTING_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "constant_effect"),
        (1, "fire_and_forget"),
        (2, "concentration"),
        (3, "scroll"),
    ],
};

/// Spell delivery types: self, touch, aimed, target actor, target location.
pub static DELIVERY_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "self"),
        (1, "touch"),
        (2, "aimed"),
        (3, "target_actor"),
        (4, "target_location"),
    ],
};
