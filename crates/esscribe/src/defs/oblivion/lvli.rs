//! LVLI: a leveled item list.

use super::common::editor_id;
use super::lvlc::{LEVELED_ENTRY, LEVELED_FLAGS};
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's leveled item (LVLI) record declaration.
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
