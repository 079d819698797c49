//! SCOL: a static collection (several statics placed as one object).

use super::common::{editor_id, form_of, model, object_bounds, POSITION_ROTATION};
use crate::io::Sig;
use crate::schema::types::*;

static PLACEMENT: [FieldDef; 7] = join(&[&POSITION_ROTATION, &[f("scale", Ty::F32)]]);

/// A static and every place it stands in the collection.
static PART: [Member; 2] = [
    form_of(b"ONAM", "static", &[b"STAT"]),
    opt(b"DATA", "placements", Field::Array(&PLACEMENT)),
];

/// Skyrim's static collection (SCOL) record declaration.
pub static SCOL: RecordDef = RecordDef {
    sig: Sig(*b"SCOL"),
    title: "Static collection",
    members: &[
        editor_id(),
        object_bounds(),
        model(),
        groups("parts", &PART),
    ],
};
