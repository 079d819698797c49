//! ANIO: an animated object.

use super::common::{editor_id, model};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's animated object (ANIO) record declaration.
pub static ANIO: RecordDef = records::ANIO.with(&[
    editor_id(),
    model(),
    sub(b"DATA", "idle_animation", Field::Value(fid(&[b"IDLE"]))),
]);
