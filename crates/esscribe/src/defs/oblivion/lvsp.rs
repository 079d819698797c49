//! LVSP: a leveled spell list.

use super::lvlc::{leveled_entry, leveled_list};
use crate::defs::shared::records;
use crate::schema::types::*;

static LEVELED_ENTRY: [FieldDef; 5] = leveled_entry(&[b"SPEL", b"LVSP"]);

static MEMBERS: [Member; 4] = leveled_list(&LEVELED_ENTRY);

/// Oblivion's leveled spell list (LVSP) declaration.
pub static LVSP: RecordDef = records::LVSP.with(&MEMBERS);
