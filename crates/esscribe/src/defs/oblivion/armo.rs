//! ARMO: armor.

use super::apparel::*;
use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's armor (ARMO) record declaration.
pub static ARMO: RecordDef = RecordDef {
    sig: Sig(*b"ARMO"),
    title: "Armor",
    members: &[
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
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("armor_hundredths", U16),
                f("value", U32),
                f("health", U32),
                f("weight", Ty::F32),
            ]),
        ),
    ],
};
