//! ARMO: armor.

use super::apparel::APPAREL;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's armor (ARMO) record declaration.
pub static ARMO: RecordDef = records::ARMO.with(&join::<_, 13>(&[
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
]));
