//! What armor and clothing share: biped slots, the four models (male and
//! female, worn and on the ground) and the icons.

use super::common::{
    editor_id, enchantment, enchantment_points, full_name, script, MODEL, MODEL_2, MODEL_3, MODEL_4,
};
use crate::schema::types::*;

/// Body slots an armor or clothing item covers.
pub static BIPED_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "head"),
        (1 << 1, "hair"),
        (1 << 2, "upper_body"),
        (1 << 3, "lower_body"),
        (1 << 4, "hand"),
        (1 << 5, "foot"),
        (1 << 6, "right_ring"),
        (1 << 7, "left_ring"),
        (1 << 8, "amulet"),
        (1 << 9, "weapon"),
        (1 << 10, "back_weapon"),
        (1 << 11, "side_weapon"),
        (1 << 12, "quiver"),
        (1 << 13, "shield"),
        (1 << 14, "torch"),
        (1 << 15, "tail"),
    ],
};

/// Armor and clothing flags beside the body slots (hidden rings and amulets,
/// playability, heavy armor).
pub static GENERAL_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "hide_rings"),
        (0x02, "hide_amulets"),
        (0x40, "non_playable"),
        (0x80, "heavy_armor"),
    ],
};

/// Armor and clothing biped data (BMDT): body slots and general flags.
pub static BIPED_DATA: [FieldDef; 3] = [
    f("biped_flags", Ty::Flags(Int::U16, &BIPED_FLAGS)),
    f("general_flags", Ty::Flags(Int::U8, &GENERAL_FLAGS)),
    f("unused", Ty::Bytes(1)),
];

/// The female inventory icon (ICO2), a path under Textures.
pub const fn icon_female() -> Member {
    opt(b"ICO2", "female_icon", Field::ZString)
}

/// What armor and clothing declare before their DATA: names, script,
/// enchantment, biped data, the four models and the two icons.
pub static APPAREL: [Member; 12] = [
    editor_id(),
    full_name(),
    script(),
    enchantment(),
    enchantment_points(),
    sub(b"BMDT", "biped_data", Field::Struct(&BIPED_DATA)),
    group("male_biped_model", &MODEL),
    group("male_world_model", &MODEL_2),
    opt(b"ICON", "male_icon", Field::ZString),
    group("female_biped_model", &MODEL_3),
    group("female_world_model", &MODEL_4),
    icon_female(),
];
