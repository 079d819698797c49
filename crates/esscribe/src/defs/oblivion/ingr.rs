//! INGR: an ingredient.

use super::common::CONSUMABLE_MEMBERS;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's ingredient (INGR) record declaration.
pub static INGR: RecordDef = RecordDef {
    sig: Sig(*b"INGR"),
    title: "Ingredient",
    members: &CONSUMABLE_MEMBERS,
};
