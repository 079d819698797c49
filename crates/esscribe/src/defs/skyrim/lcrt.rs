//! LCRT: a location reference type.

use super::common::{editor_id, RGBA};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's location reference type (LCRT) record declaration.
pub static LCRT: RecordDef = RecordDef {
    sig: Sig(*b"LCRT"),
    title: "Location reference type",
    members: &[editor_id(), opt(b"CNAM", "color", Field::Struct(&RGBA))],
};
