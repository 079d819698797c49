//! WRLD: a worldspace.

use super::common::{editor_id, form_of, full_name};
use crate::io::Sig;
use crate::schema::types::*;

pub static WORLD_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "small_world"),
        (0x02, "cant_fast_travel"),
        (0x08, "no_lod_water"),
        (0x10, "no_landscape"),
        (0x20, "no_sky"),
        (0x40, "fixed_dimensions"),
        (0x80, "no_grass"),
    ],
};

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

static XY: [FieldDef; 2] = [f("x", Ty::F32), f("y", Ty::F32)];

pub static WRLD: RecordDef = RecordDef {
    sig: Sig(*b"WRLD"),
    title: "Worldspace",
    members: &[
        editor_id(),
        rep(b"RNAM", "large_references", Field::Bytes),
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
        opt(
            b"MNAM",
            "map_data",
            Field::Struct(&[
                f("usable_width", I32),
                f("usable_height", I32),
                f("north_west_cell_x", I16),
                f("north_west_cell_y", I16),
                f("south_east_cell_x", I16),
                f("south_east_cell_y", I16),
                f("camera_min_height", Ty::F32),
                f("camera_max_height", Ty::F32),
                f("camera_initial_pitch", Ty::F32),
            ]),
        ),
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
        opt(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &WORLD_FLAGS)),
        ),
        opt(b"NAM0", "object_bounds_min", Field::Struct(&XY)),
        opt(b"NAM9", "object_bounds_max", Field::Struct(&XY)),
        form_of(b"ZNAM", "music", &[b"MUSC"]),
        opt(b"NNAM", "canopy_shadow", Field::ZString),
        opt(b"XNAM", "water_noise_texture", Field::ZString),
        opt(b"TNAM", "hd_lod_diffuse_texture", Field::ZString),
        opt(b"UNAM", "hd_lod_normal_texture", Field::ZString),
        opt(b"XWEM", "water_environment_map", Field::ZString),
        opt(b"OFST", "offset_data", Field::Bytes),
    ],
};
