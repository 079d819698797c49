//! GRAS: grass.

use super::common::{editor_id, model, object_bounds};
use crate::defs::shared::gras;
use crate::defs::shared::records;
use crate::schema::types::*;

static DATA: [FieldDef; 13] = gras::data(
    [
        f("unknown", U8),
        f("units_from_water", U16),
        f("unknown_2", U16),
    ],
    f("unknown_3", Ty::Bytes(3)),
);

/// Skyrim's grass (GRAS) record declaration.
pub static GRAS: RecordDef = records::GRAS.with(&[
    editor_id(),
    object_bounds(),
    model(),
    sub(b"DATA", "data", Field::Struct(&DATA)),
]);
