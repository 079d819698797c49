//! What armor and clothing share: biped slots and the four models.

use super::common::{editor_id, enchantment, enchantment_points, full_name, script};
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

macro_rules! model {
    ($name:ident, $file:literal, $bound:literal, $hashes:literal) => {
        /// One of an apparel item's four models (male or female, worn or
        /// on the ground): file, bound radius and texture hashes.
        pub static $name: [Member; 3] = [
            sub($file, "file", Field::ZString),
            opt($bound, "bound_radius", Field::Value(Ty::F32)),
            opt($hashes, "texture_hashes", Field::Opaque),
        ];
    };
}

model!(MALE_BIPED, b"MODL", b"MODB", b"MODT");
model!(MALE_WORLD, b"MOD2", b"MO2B", b"MO2T");
model!(FEMALE_BIPED, b"MOD3", b"MO3B", b"MO3T");
model!(FEMALE_WORLD, b"MOD4", b"MO4B", b"MO4T");

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
    group("male_biped_model", &MALE_BIPED),
    group("male_world_model", &MALE_WORLD),
    opt(b"ICON", "male_icon", Field::ZString),
    group("female_biped_model", &FEMALE_BIPED),
    group("female_world_model", &FEMALE_WORLD),
    icon_female(),
];
