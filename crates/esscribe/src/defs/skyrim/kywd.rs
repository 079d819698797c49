//! KYWD: a keyword.

use super::common::{editor_id, RGBA};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's keyword (KYWD) record declaration.
pub static KYWD: RecordDef = RecordDef {
    sig: Sig(*b"KYWD"),
    title: "Keyword",
    members: &[editor_id(), opt(b"CNAM", "color", Field::Struct(&RGBA))],
};
