//! LVSP: a leveled spell list.

use super::lvlc::{leveled_entry, leveled_list};
use crate::io::Sig;
use crate::schema::types::*;

static LEVELED_ENTRY: [FieldDef; 5] = leveled_entry(&[b"SPEL", b"LVSP"]);

static MEMBERS: [Member; 4] = leveled_list(&LEVELED_ENTRY);

/// Oblivion's leveled spell list (LVSP) declaration.
pub static LVSP: RecordDef = RecordDef {
    sig: Sig(*b"LVSP"),
    title: "Leveled spell",
    members: &MEMBERS,
};
