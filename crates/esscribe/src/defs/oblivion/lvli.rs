//! LVLI: a leveled item list.

use super::lvlc::{leveled_entry, leveled_list};
use crate::defs::shared::records;
use crate::schema::types::*;

static LEVELED_ENTRY: [FieldDef; 5] = leveled_entry(&[
    b"ARMO", b"AMMO", b"MISC", b"WEAP", b"BOOK", b"LVLI", b"KEYM", b"CLOT", b"ALCH", b"APPA",
    b"INGR", b"SGST", b"SLGM", b"LIGH",
]);

/// Oblivion's leveled item list (LVLI) declaration.
pub static LVLI: RecordDef = records::LVLI.with(&join::<_, 5>(&[
    &leveled_list(&LEVELED_ENTRY),
    &[opt(b"DATA", "unused", Field::Value(Ty::Bytes(1)))],
]));
