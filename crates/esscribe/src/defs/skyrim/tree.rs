//! TREE: a tree.

use super::common::*;
use super::seasons::seasonal_chances;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's tree (TREE) record declaration.
pub static TREE: RecordDef = records::TREE.with(&[
    editor_id(),
    scripts(),
    object_bounds(),
    model(),
    form_of(b"PFIG", "ingredient", &[b"INGR", b"ALCH", b"MISC", b"LVLI"]),
    form_of(b"SNAM", "harvest_sound", &[b"SNDR"]),
    seasonal_chances(),
    full_name(),
    sub(
        b"CNAM",
        "data",
        Field::Struct(&[
            f("trunk_flexibility", Ty::F32),
            f("branch_flexibility", Ty::F32),
            f("trunk_amplitude", Ty::F32),
            f("front_amplitude", Ty::F32),
            f("back_amplitude", Ty::F32),
            f("side_amplitude", Ty::F32),
            f("front_frequency", Ty::F32),
            f("back_frequency", Ty::F32),
            f("side_frequency", Ty::F32),
            f("leaf_flexibility", Ty::F32),
            f("leaf_amplitude", Ty::F32),
            f("leaf_frequency", Ty::F32),
        ]),
    ),
]);
