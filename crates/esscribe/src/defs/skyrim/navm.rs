//! NAVM: a navigation mesh: vertices, triangles, links to other meshes,
//! doors, cover, and a grid that finds triangles by position.

use super::common::XYZ;
use crate::io::Sig;
use crate::schema::types::*;

static TRIANGLE: [FieldDef; 8] = [
    f("vertex_1", I16),
    f("vertex_2", I16),
    f("vertex_3", I16),
    f("edge_1_2", I16),
    f("edge_2_3", I16),
    f("edge_3_1", I16),
    f("flags", U16),
    f("cover_flags", U16),
];

static EDGE_LINK: [FieldDef; 3] = [
    f("type", U32),
    f("navmesh", fid(&[b"NAVM"])),
    f("triangle", I16),
];

static DOOR_TRIANGLE: [FieldDef; 3] = [
    f("triangle", I16),
    f("unknown", U32),
    f("door", fid(&[b"REFR"])),
];

static TRIANGLE_INDEX: [FieldDef; 1] = [f("triangle", I16)];

static GRID_CELL: [FieldDef; 1] = [f("triangles", Ty::List(Int::U32, &TRIANGLE_INDEX))];

static GRID_ROW: [FieldDef; 1] = [f("cells", Ty::ListBy("grid_divisor", &GRID_CELL))];

/// In a worldspace the mesh names its grid cell; elsewhere its cell.
static PARENT: SelectDef = SelectDef {
    field: "parent_worldspace",
    cases: &[(Match::OneOf(&[0]), fid(&[b"CELL"]))],
    default: Ty::Struct(&[f("grid_y", I16), f("grid_x", I16)]),
};

static GEOMETRY: [FieldDef; 19] = [
    f_default("version", U32, Default::Int(12)),
    f("magic", U32),
    f("parent_worldspace", fid(&[b"WRLD"])),
    f("parent", Ty::Select(&PARENT)),
    f("vertices", Ty::List(Int::U32, &XYZ)),
    f("triangles", Ty::List(Int::U32, &TRIANGLE)),
    f("edge_links", Ty::List(Int::U32, &EDGE_LINK)),
    f("door_triangles", Ty::List(Int::U32, &DOOR_TRIANGLE)),
    f("cover_triangles", Ty::List(Int::U32, &TRIANGLE_INDEX)),
    f("grid_divisor", U32),
    f("grid_max_x_distance", Ty::F32),
    f("grid_max_y_distance", Ty::F32),
    f("grid_min_x", Ty::F32),
    f("grid_min_y", Ty::F32),
    f("grid_min_z", Ty::F32),
    f("grid_max_x", Ty::F32),
    f("grid_max_y", Ty::F32),
    f("grid_max_z", Ty::F32),
    f("grid", Ty::ListBy("grid_divisor", &GRID_ROW)),
];

/// Skyrim's navigation mesh (NAVM) record declaration.
pub static NAVM: RecordDef = RecordDef {
    sig: Sig(*b"NAVM"),
    title: "Navigation mesh",
    members: &[
        opt(b"EDID", "editor_id", Field::ZString),
        sub(b"NVNM", "geometry", Field::Struct(&GEOMETRY)),
        // Bytes nobody has documented.
        opt(b"ONAM", "unknown_onam", Field::Opaque),
        opt(b"PNAM", "unknown_pnam", Field::Opaque),
        opt(b"NNAM", "unknown_nnam", Field::Opaque),
    ],
};
