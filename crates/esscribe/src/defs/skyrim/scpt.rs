//! SCPT: a script of earlier games (Skyrim's scripts are Papyrus files);
//! Skyrim keeps an empty group of them and only an editor ID is known.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's script (SCPT) record declaration; the game does not use it.
pub static SCPT: RecordDef = RecordDef {
    sig: Sig(*b"SCPT"),
    title: "Script (unused)",
    members: &[editor_id()],
};
