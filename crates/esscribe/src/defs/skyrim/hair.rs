//! HAIR: a hair record of earlier games; Skyrim keeps an empty group of
//! them (hair is a head part) and only an editor ID is known.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's hair (unused) (HAIR) record declaration.
pub static HAIR: RecordDef = RecordDef {
    sig: Sig(*b"HAIR"),
    title: "Hair (unused)",
    members: &[editor_id()],
};
