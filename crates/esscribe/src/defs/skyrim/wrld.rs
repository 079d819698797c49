//! WRLD: a worldspace.

use super::common::{editor_id, form_of, full_name};
use crate::defs::shared::records;
use crate::defs::shared::wrld;
use crate::schema::types::*;

/// Worldspace flags (DATA `flags`).
pub static WORLD_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 7>(&[
        &wrld::FLAG_BITS,
        &[
            (0x08, "no_lod_water"),
            (0x10, "no_landscape"),
            (0x20, "no_sky"),
            (0x40, "fixed_dimensions"),
            (0x80, "no_grass"),
        ],
    ]),
};

/// Which data a worldspace takes from its parent (PNAM `flags`).
pub static PARENT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "use_land_data"),
        (0x02, "use_lod_data"),
        (0x04, "use_map_data"),
        (0x08, "use_water_data"),
        (0x10, "use_climate_data"),
        (0x20, "use_image_space_data"),
        (0x40, "use_sky_cell"),
    ],
};

static MAP_DATA: [FieldDef; 9] = join(&[
    &wrld::MAP_CELLS,
    &[
        f("camera_min_height", Ty::F32),
        f("camera_max_height", Ty::F32),
        f("camera_initial_pitch", Ty::F32),
    ],
]);

static FLAGS_AND_BOUNDS: [Member; 3] = wrld::flags_and_bounds(&WORLD_FLAGS);

/// The large references of one cell (RNAM): the cell's grid position,
/// then each reference with the grid position of the cell it stands in.
static LARGE_REFERENCES: [FieldDef; 3] = [
    f("y", I16),
    f("x", I16),
    f(
        "references",
        Ty::List(
            Int::U32,
            &[f("reference", fid(&[b"REFR"])), f("y", I16), f("x", I16)],
        ),
    ),
];

/// Skyrim's worldspace (WRLD) record declaration.
pub static WRLD: RecordDef = records::WRLD.with(&[
    editor_id(),
    rep(
        b"RNAM",
        "large_references",
        Field::Struct(&LARGE_REFERENCES),
    ),
    opt(b"MHDT", "max_height_data", Field::Opaque),
    full_name(),
    opt(
        b"WCTR",
        "fixed_center",
        Field::Struct(&[f("x", I16), f("y", I16)]),
    ),
    form_of(b"LTMP", "interior_lighting", &[b"LGTM"]),
    form_of(b"XEZN", "encounter_zone", &[b"ECZN"]),
    form_of(b"XLCN", "location", &[b"LCTN"]),
    form_of(b"WNAM", "parent_worldspace", &[b"WRLD"]),
    opt(
        b"PNAM",
        "parent_use",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U8, &PARENT_FLAGS)),
            f("unknown", U8),
        ]),
    ),
    form_of(b"CNAM", "climate", &[b"CLMT"]),
    form_of(b"NAM2", "water", &[b"WATR"]),
    form_of(b"NAM3", "lod_water_type", &[b"WATR"]),
    opt(b"NAM4", "lod_water_height", Field::Value(Ty::F32)),
    opt(
        b"DNAM",
        "land_data",
        Field::Struct(&[
            f("default_land_height", Ty::F32),
            f("default_water_height", Ty::F32),
        ]),
    ),
    opt(b"ICON", "map_image", Field::ZString),
    opt(b"MNAM", "map_data", Field::Struct(&MAP_DATA)),
    opt(
        b"ONAM",
        "world_map_offset",
        Field::Struct(&[
            f("world_map_scale", Ty::F32),
            f("cell_x_offset", Ty::F32),
            f("cell_y_offset", Ty::F32),
            f("cell_z_offset", Ty::F32),
        ]),
    ),
    opt(b"NAMA", "distant_lod_multiplier", Field::Value(Ty::F32)),
    FLAGS_AND_BOUNDS[0],
    FLAGS_AND_BOUNDS[1],
    FLAGS_AND_BOUNDS[2],
    form_of(b"ZNAM", "music", &[b"MUSC"]),
    opt(b"NNAM", "canopy_shadow", Field::ZString),
    opt(b"XNAM", "water_noise_texture", Field::ZString),
    opt(b"TNAM", "hd_lod_diffuse_texture", Field::ZString),
    opt(b"UNAM", "hd_lod_normal_texture", Field::ZString),
    opt(b"XWEM", "water_environment_map", Field::ZString),
    // Offsets into the file that only the game reads.
    opt(b"OFST", "offset_data", Field::Opaque),
]);
