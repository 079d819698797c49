//! LCTN: a location: its references by kind (persistent, unique,
//! special, encounter cells, markers, enable points), then name,
//! keywords, parent and markers.

use super::common::{editor_id, form_of, full_name, keyword_count, keywords, PLACED, RGBA};
use crate::io::Sig;
use crate::schema::types::*;

static PERSISTENT: [FieldDef; 4] = [
    f("actor", fid(&[b"ACHR"])),
    f("location", fid(&[b"WRLD", b"CELL"])),
    f("grid_y", I16),
    f("grid_x", I16),
];

static UNIQUE: [FieldDef; 3] = [
    f("actor", fid(&[b"NPC_"])),
    f("reference", fid(&[b"ACHR"])),
    f("location", fid(&[b"LCTN"])),
];

static SPECIAL: [FieldDef; 5] = [
    f("location_ref_type", fid(&[b"LCRT"])),
    f("marker", fid(PLACED)),
    f("location", fid(&[b"WRLD", b"CELL"])),
    f("grid_y", I16),
    f("grid_x", I16),
];

static ENABLE_POINT: [FieldDef; 4] = [
    f("actor", fid(&[b"ACHR"])),
    f("reference", fid(PLACED)),
    f("grid_y", I16),
    f("grid_x", I16),
];

static GRID: [FieldDef; 2] = [f("grid_y", I16), f("grid_x", I16)];

/// A world space or cell, and the grid cells of it that hold encounters.
const ENCOUNTER_CELLS: Field = Field::Struct(&[
    f("location", fid(&[b"WRLD", b"CELL"])),
    f("cells", Ty::Rest(&GRID)),
]);

static REFERENCE: [FieldDef; 1] = [f("form", fid(&[b"ACHR", b"REFR"]))];
static NPC: [FieldDef; 1] = [f("form", fid(&[b"NPC_"]))];
static MARKER: [FieldDef; 1] = [f("form", fid(PLACED))];

/// Skyrim's location (LCTN) record declaration.
pub static LCTN: RecordDef = RecordDef {
    sig: Sig(*b"LCTN"),
    title: "Location",
    members: &[
        editor_id(),
        opt(
            b"ACPR",
            "added_persistent_references",
            Field::Array(&PERSISTENT),
        ),
        opt(
            b"LCPR",
            "master_persistent_references",
            Field::Array(&PERSISTENT),
        ),
        opt(
            b"RCPR",
            "removed_persistent_references",
            Field::Array(&REFERENCE),
        ),
        opt(b"ACUN", "added_unique_npcs", Field::Array(&UNIQUE)),
        opt(b"LCUN", "master_unique_npcs", Field::Array(&UNIQUE)),
        opt(b"RCUN", "removed_unique_npcs", Field::Array(&NPC)),
        opt(b"ACSR", "added_special_references", Field::Array(&SPECIAL)),
        opt(b"LCSR", "master_special_references", Field::Array(&SPECIAL)),
        opt(
            b"RCSR",
            "removed_special_references",
            Field::Array(&REFERENCE),
        ),
        rep(b"ACEC", "added_encounter_cells", ENCOUNTER_CELLS),
        rep(b"LCEC", "master_encounter_cells", ENCOUNTER_CELLS),
        rep(b"RCEC", "removed_encounter_cells", ENCOUNTER_CELLS),
        opt(b"ACID", "added_markers", Field::Array(&MARKER)),
        opt(b"LCID", "master_markers", Field::Array(&MARKER)),
        opt(b"ACEP", "added_enable_points", Field::Array(&ENABLE_POINT)),
        opt(b"LCEP", "master_enable_points", Field::Array(&ENABLE_POINT)),
        full_name(),
        keyword_count(),
        keywords(),
        form_of(b"PNAM", "parent_location", &[b"LCTN"]),
        form_of(b"NAM1", "music", &[b"MUSC"]),
        form_of(b"FNAM", "unreported_crime_faction", &[b"FACT"]),
        form_of(b"MNAM", "world_location_marker", &[b"REFR"]),
        opt(b"RNAM", "world_location_radius", Field::Value(Ty::F32)),
        form_of(b"NAM0", "horse_marker", &[b"REFR"]),
        opt(b"CNAM", "color", Field::Struct(&RGBA)),
    ],
};
