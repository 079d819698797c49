//! FURN: furniture.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's furniture (FURN) record declaration.
pub static FURN: RecordDef = RecordDef {
    sig: Sig(*b"FURN"),
    title: "Furniture",
    members: &[
        editor_id(),
        full_name(),
        model(),
        script(),
        opt(b"MNAM", "marker_flags", Field::Value(U32)),
    ],
};
