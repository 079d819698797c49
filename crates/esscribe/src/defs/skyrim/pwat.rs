//! PWAT: placeable water of earlier games; Skyrim keeps an empty group of
//! them and only an editor ID is known.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's placeable water (PWAT) record declaration; the game does not use
/// it.
pub static PWAT: RecordDef = RecordDef {
    sig: Sig(*b"PWAT"),
    title: "Placeable water (unused)",
    members: &[editor_id()],
};
