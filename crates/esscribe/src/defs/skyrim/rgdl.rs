//! RGDL: a ragdoll of earlier games; Skyrim keeps an empty group of them
//! and only an editor ID is known.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's ragdoll (RGDL) record declaration; the game does not use it.
pub static RGDL: RecordDef = RecordDef {
    sig: Sig(*b"RGDL"),
    title: "Ragdoll (unused)",
    members: &[editor_id()],
};
