//! LVLI: a leveled item list.

use super::common::editor_id;
use super::lvlc::{leveled_entry, LEVELED_FLAGS};
use crate::io::Sig;
use crate::schema::types::*;

static LEVELED_ENTRY: [FieldDef; 5] = leveled_entry(&[
    b"ARMO", b"AMMO", b"MISC", b"WEAP", b"BOOK", b"LVLI", b"KEYM", b"CLOT", b"ALCH", b"APPA",
    b"INGR", b"SGST", b"SLGM", b"LIGH",
]);

/// Oblivion's leveled item list (LVLI) declaration.
pub static LVLI: RecordDef = RecordDef {
    sig: Sig(*b"LVLI"),
    title: "Leveled item",
    members: &[
        editor_id(),
        opt(b"LVLD", "chance_none", Field::Value(U8)),
        opt(
            b"LVLF",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &LEVELED_FLAGS)),
        ),
        rep(b"LVLO", "entries", Field::Struct(&LEVELED_ENTRY)),
        opt(b"DATA", "unused", Field::Value(Ty::Bytes(1))),
    ],
};
