//! LVSP: a leveled spell list.

use super::common::editor_id;
use super::lvlc::{leveled_entry, LEVELED_FLAGS};
use crate::io::Sig;
use crate::schema::types::*;

static LEVELED_ENTRY: [FieldDef; 5] = leveled_entry(&[b"SPEL", b"LVSP"]);

/// Oblivion's leveled spell list (LVSP) declaration.
pub static LVSP: RecordDef = RecordDef {
    sig: Sig(*b"LVSP"),
    title: "Leveled spell",
    members: &[
        editor_id(),
        opt(b"LVLD", "chance_none", Field::Value(U8)),
        opt(
            b"LVLF",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &LEVELED_FLAGS)),
        ),
        rep(b"LVLO", "entries", Field::Struct(&LEVELED_ENTRY)),
    ],
};
