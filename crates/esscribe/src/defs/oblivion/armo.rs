//! ARMO: armor.

use super::apparel::APPAREL;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's armor (ARMO) record declaration.
pub static ARMO: RecordDef = RecordDef {
    sig: Sig(*b"ARMO"),
    title: "Armor",
    members: &join::<_, 13>(&[
        &APPAREL,
        &[sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("armor_hundredths", U16),
                f("value", U32),
                f("health", U32),
                f("weight", Ty::F32),
            ]),
        )],
    ]),
};
