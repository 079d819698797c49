//! LTEX: a landscape texture.

use super::common::{editor_id, form_of};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Landscape texture flags (INAM `flags`), from Skyrim Special Edition
/// on: snow.
pub static LANDSCAPE_TEXTURE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "is_snow")],
};

/// Skyrim's landscape texture (LTEX) record declaration.
pub static LTEX: RecordDef = records::LTEX.with(&[
    editor_id(),
    form_of(b"TNAM", "texture_set", &[b"TXST"]),
    form_of(b"MNAM", "material_type", &[b"MATT"]),
    opt(
        b"HNAM",
        "havok",
        Field::Struct(&[f("friction", U8), f("restitution", U8)]),
    ),
    opt(b"SNAM", "texture_specular_exponent", Field::Value(U8)),
    rep(b"GNAM", "grasses", Field::Value(fid(&[b"GRAS"]))),
    opt(
        b"INAM",
        "flags",
        Field::Value(Ty::Flags(Int::U32, &LANDSCAPE_TEXTURE_FLAGS)),
    ),
]);
