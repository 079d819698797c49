//! OTFT: an outfit (the items an actor wears).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

static ITEM: [FieldDef; 1] = [f("item", fid(&[b"ARMO", b"LVLI"]))];

/// Skyrim's outfit (OTFT) record declaration.
pub static OTFT: RecordDef = RecordDef {
    sig: Sig(*b"OTFT"),
    title: "Outfit",
    members: &[editor_id(), opt(b"INAM", "items", Field::Array(&ITEM))],
};
