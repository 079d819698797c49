//! TREE: a tree.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

static SEED: [FieldDef; 1] = [f("seed", U32)];

/// Oblivion's tree (TREE) record declaration.
pub static TREE: RecordDef = records::TREE.with(&[
    editor_id(),
    model(),
    icon(),
    opt(b"SNAM", "speedtree_seeds", Field::Array(&SEED)),
    sub(
        b"CNAM",
        "data",
        Field::Struct(&[
            f("leaf_curvature", Ty::F32),
            f("minimum_leaf_angle", Ty::F32),
            f("maximum_leaf_angle", Ty::F32),
            f("branch_dimming_value", Ty::F32),
            f("leaf_dimming_value", Ty::F32),
            f("shadow_radius", I32),
            f("rock_speed", Ty::F32),
            f("rustle_speed", Ty::F32),
        ]),
    ),
    sub(
        b"BNAM",
        "billboard",
        Field::Struct(&[f("width", Ty::F32), f("height", Ty::F32)]),
    ),
]);
