//! INGR: an ingredient.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's ingredient (INGR) record declaration.
pub static INGR: RecordDef = RecordDef {
    sig: Sig(*b"INGR"),
    title: "Ingredient",
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
