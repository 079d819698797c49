//! FLOR: flora (a harvestable plant).

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's flora (FLOR) record declaration.
pub static FLOR: RecordDef = records::FLOR.with(&[
    editor_id(),
    full_name(),
    model(),
    script(),
    form_of(b"PFIG", "ingredient", &[b"INGR"]),
    opt(
        b"PFPC",
        "seasonal_chances",
        Field::Struct(&[
            f("spring", U8),
            f("summer", U8),
            f("fall", U8),
            f("winter", U8),
        ]),
    ),
]);
