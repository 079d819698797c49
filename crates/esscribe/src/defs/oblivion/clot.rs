//! CLOT: clothing.

use super::apparel::APPAREL;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's clothing (CLOT) record declaration.
pub static CLOT: RecordDef = RecordDef {
    sig: Sig(*b"CLOT"),
    title: "Clothing",
    members: &join::<_, 13>(&[
        &APPAREL,
        &[sub(
            b"DATA",
            "data",
            Field::Struct(&[f("value", U32), f("weight", Ty::F32)]),
        )],
    ]),
};
