//! CLDC: a record type the game keeps an empty group of; only an editor ID is known.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's CLDC record declaration: a record type of which only the
/// editor ID is known.
pub static CLDC: RecordDef = RecordDef {
    sig: Sig(*b"CLDC"),
    title: "Unused (CLDC)",
    members: &[editor_id()],
};
