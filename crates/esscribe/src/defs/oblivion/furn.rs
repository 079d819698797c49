//! FURN: furniture.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's furniture (FURN) record declaration.
pub static FURN: RecordDef = records::FURN.with(&[
    editor_id(),
    full_name(),
    model(),
    script(),
    opt(b"MNAM", "marker_flags", Field::Value(U32)),
]);
