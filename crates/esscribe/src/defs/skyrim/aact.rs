//! AACT: an action.

use super::common::{editor_id, RGBA};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's action (AACT) record declaration.
pub static AACT: RecordDef = RecordDef {
    sig: Sig(*b"AACT"),
    title: "Action",
    members: &[editor_id(), opt(b"CNAM", "color", Field::Struct(&RGBA))],
};
