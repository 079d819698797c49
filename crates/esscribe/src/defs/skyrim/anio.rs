//! ANIO: an animated object.

use super::common::{editor_id, model};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's animated object (ANIO) record declaration.
pub static ANIO: RecordDef = records::ANIO.with(&[
    editor_id(),
    model(),
    opt(b"BNAM", "unload_event", Field::ZString),
]);
