//! PGRD: a path grid.

use crate::io::Sig;
use crate::schema::types::*;

/// A path grid point (PGRP): position and number of connections.
pub static POINT: [FieldDef; 5] = [
    f("x", Ty::F32),
    f("y", Ty::F32),
    f("z", Ty::F32),
    f("connections", U8),
    f("unused", Ty::Bytes(3)),
];

static CONNECTION: [FieldDef; 1] = [f("point", U16)];

static INTER_CELL_CONNECTION: [FieldDef; 5] = [
    f("point", U16),
    f("unused", Ty::Bytes(2)),
    f("x", Ty::F32),
    f("y", Ty::F32),
    f("z", Ty::F32),
];

static POINT_INDEX: [FieldDef; 1] = [f("point", U32)];

/// A reference and the grid points linked to it (PGRL).
static POINT_TO_REFERENCE: [FieldDef; 2] = [
    f("reference", fid(&[b"REFR"])),
    f("points", Ty::Rest(&POINT_INDEX)),
];

/// Oblivion's path grid (PGRD) record declaration.
pub static PGRD: RecordDef = RecordDef {
    sig: Sig(*b"PGRD"),
    title: "Path grid",
    members: &[
        sub(b"DATA", "point_count", Field::Value(U16)),
        opt(b"PGRP", "points", Field::Array(&POINT)),
        opt(b"PGAG", "unknown", Field::Opaque),
        opt(b"PGRR", "point_connections", Field::Array(&CONNECTION)),
        opt(
            b"PGRI",
            "inter_cell_connections",
            Field::Array(&INTER_CELL_CONNECTION),
        ),
        rep(
            b"PGRL",
            "point_to_reference",
            Field::Struct(&POINT_TO_REFERENCE),
        ),
    ],
};
