//! ALCH: a potion.

use super::common::CONSUMABLE_MEMBERS;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's potion (ALCH) record declaration.
pub static ALCH: RecordDef = RecordDef {
    sig: Sig(*b"ALCH"),
    title: "Potion",
    members: &CONSUMABLE_MEMBERS,
};
