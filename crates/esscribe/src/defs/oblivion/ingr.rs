//! INGR: an ingredient.

use super::common::CONSUMABLE_MEMBERS;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's ingredient (INGR) record declaration.
pub static INGR: RecordDef = records::INGR.with(&CONSUMABLE_MEMBERS);
