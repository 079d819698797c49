//! SGST: a sigil stone.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's sigil stone (SGST) record declaration.
pub static SGST: RecordDef = RecordDef {
    sig: Sig(*b"SGST"),
    title: "Sigil stone",
    members: &join::<_, 7>(&[
        &ITEM_HEAD,
        &[
            effects(),
            sub(
                b"DATA",
                "data",
                Field::Struct(&[f("uses", U8), f("value", U32), f("weight", Ty::F32)]),
            ),
        ],
    ]),
};
