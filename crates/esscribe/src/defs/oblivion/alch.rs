//! ALCH: a potion.

use super::common::CONSUMABLE_MEMBERS;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's potion (ALCH) record declaration.
pub static ALCH: RecordDef = records::ALCH.with(&CONSUMABLE_MEMBERS);
