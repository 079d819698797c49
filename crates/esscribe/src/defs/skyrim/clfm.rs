//! CLFM: a color form.

use super::common::{editor_id, full_name, RGBA};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's color (CLFM) record declaration.
pub static CLFM: RecordDef = RecordDef {
    sig: Sig(*b"CLFM"),
    title: "Color",
    members: &[
        editor_id(),
        full_name(),
        opt(b"CNAM", "color", Field::Struct(&RGBA)),
        opt(b"FNAM", "playable", Field::Value(U32)),
    ],
};
