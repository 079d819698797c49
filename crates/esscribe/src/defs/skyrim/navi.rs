//! NAVI: the navigation mesh master: one entry per navmesh (position,
//! merges, linked doors, islands, where it lies) and precomputed paths.

use super::common::XYZ;
use crate::io::Sig;
use crate::schema::types::*;

static FORM: [FieldDef; 1] = [f("form", fid(&[b"NAVM"]))];

static LINKED_DOOR: [FieldDef; 2] = [f("unknown", U32), f("door", fid(&[b"REFR"]))];

static ISLAND_TRIANGLE: [FieldDef; 3] =
    [f("vertex_1", I16), f("vertex_2", I16), f("vertex_3", I16)];

static ISLAND: [FieldDef; 8] = [
    f("min_x", Ty::F32),
    f("min_y", Ty::F32),
    f("min_z", Ty::F32),
    f("max_x", Ty::F32),
    f("max_y", Ty::F32),
    f("max_z", Ty::F32),
    f("triangles", Ty::List(Int::U32, &ISLAND_TRIANGLE)),
    f("vertices", Ty::List(Int::U32, &XYZ)),
];

static IF_ISLAND: IfDef = IfDef {
    field: "is_island",
    test: Match::OneOf(&[1]),
    ty: Ty::Struct(&ISLAND),
};

/// In a worldspace the navmesh names its grid cell; elsewhere its cell.
static PARENT: SelectDef = SelectDef {
    field: "parent_worldspace",
    cases: &[(Match::OneOf(&[0]), fid(&[b"CELL"]))],
    default: Ty::Struct(&[f("grid_y", I16), f("grid_x", I16)]),
};

static NAVMESH_INFO: [FieldDef; 14] = [
    f("navmesh", fid(&[b"NAVM"])),
    f("flags", U32),
    f("x", Ty::F32),
    f("y", Ty::F32),
    f("z", Ty::F32),
    f("unknown", Ty::F32),
    f("merged_to", Ty::List(Int::U32, &FORM)),
    f("preferred_merges", Ty::List(Int::U32, &FORM)),
    f("linked_doors", Ty::List(Int::U32, &LINKED_DOOR)),
    f("is_island", Ty::Bool),
    f("island", Ty::If(&IF_ISLAND)),
    f("magic", U32),
    f("parent_worldspace", fid(&[b"WRLD"])),
    f("parent", Ty::Select(&PARENT)),
];

static NAVMESH_SET: [FieldDef; 1] = [f("navmeshes", Ty::List(Int::U32, &FORM))];

static TREE_NODE: [FieldDef; 2] = [f("navmesh", fid(&[b"NAVM"])), f("node_index", U32)];

static PATHING: [FieldDef; 2] = [
    f("navmesh_sets", Ty::List(Int::U32, &NAVMESH_SET)),
    f("navmesh_tree", Ty::List(Int::U32, &TREE_NODE)),
];

/// Skyrim's navigation mesh info map (NAVI) record declaration.
pub static NAVI: RecordDef = RecordDef {
    sig: Sig(*b"NAVI"),
    title: "Navigation mesh info map",
    members: &[
        opt(b"EDID", "editor_id", Field::ZString),
        opt(b"NVER", "version", Field::Value(U32)),
        rep(b"NVMI", "navmeshes", Field::Struct(&NAVMESH_INFO)),
        opt(b"NVPP", "preferred_pathing", Field::Struct(&PATHING)),
        opt(
            b"NVSI",
            "unknown_nvsi",
            Field::Array(&[f("navmesh", fid(&[b"NAVM"]))]),
        ),
    ],
};
