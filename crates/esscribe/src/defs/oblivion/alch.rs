//! ALCH: a potion.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's potion (ALCH) record declaration.
pub static ALCH: RecordDef = RecordDef {
    sig: Sig(*b"ALCH"),
    title: "Potion",
    members: &[
        editor_id(),
        full_name(),
        model(),
        icon(),
        script(),
        sub(b"DATA", "weight", Field::Value(Ty::F32)),
        sub(b"ENIT", "data", Field::Struct(&CONSUMABLE)),
        effects(),
    ],
};
