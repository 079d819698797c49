//! LTEX: a landscape texture.

use super::common::{editor_id, form};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's landscape texture (LTEX) record declaration.
pub static LTEX: RecordDef = RecordDef {
    sig: Sig(*b"LTEX"),
    title: "Landscape texture",
    members: &[
        editor_id(),
        form(b"TNAM", "texture_set"),
        form(b"MNAM", "material_type"),
        opt(
            b"HNAM",
            "havok",
            Field::Struct(&[f("friction", U8), f("restitution", U8)]),
        ),
        opt(b"SNAM", "texture_specular_exponent", Field::Value(U8)),
        rep(b"GNAM", "grasses", Field::Value(Ty::FormId)),
    ],
};
