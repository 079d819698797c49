//! GRAS: grass.

use super::common::{editor_id, model};
use crate::defs::shared::gras;
use crate::defs::shared::records;
use crate::schema::types::*;

static DATA: [FieldDef; 13] = gras::data(
    [
        f("unused", Ty::Bytes(1)),
        f("units_from_water", U16),
        f("unused_2", Ty::Bytes(2)),
    ],
    f("unused_3", Ty::Bytes(3)),
);

/// Oblivion's grass (GRAS) record declaration.
pub static GRAS: RecordDef = records::GRAS.with(&[
    editor_id(),
    model(),
    sub(b"DATA", "data", Field::Struct(&DATA)),
]);
