//! CELL: a cell (an interior, or one square of a worldspace).

pub use super::common::RGBA;
use super::common::{editor_id, form_of, full_name};
use crate::defs::shared::cell;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Cell flags (DATA `flags`).
pub static CELL_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "interior"),
        (0x0002, "has_water"),
        (0x0004, "cant_travel_from_here"),
        (0x0008, "no_lod_water"),
        (0x0020, "public_area"),
        (0x0040, "hand_changed"),
        (0x0080, "show_sky"),
        (0x0100, "use_sky_lighting"),
    ],
};

/// Cell grid flags: which land quadrants to hide.
pub static GRID_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "force_hide_land_quad_1"),
        (0x02, "force_hide_land_quad_2"),
        (0x04, "force_hide_land_quad_3"),
        (0x08, "force_hide_land_quad_4"),
    ],
};

/// Which lighting values a cell inherits from its lighting template.
pub static INHERIT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "ambient_color"),
        (0x0002, "directional_color"),
        (0x0004, "fog_color"),
        (0x0008, "fog_near"),
        (0x0010, "fog_far"),
        (0x0020, "directional_rotation"),
        (0x0040, "directional_fade"),
        (0x0080, "clip_distance"),
        (0x0100, "fog_power"),
        (0x0200, "fog_max"),
        (0x0400, "light_fade_distances"),
    ],
};

/// Skyrim's interior cell lighting (XCLL): colors, fog, directional and ambient light.
pub static LIGHTING: [FieldDef; 23] = join(&[
    &cell::LIGHT_COLORS,
    &[f("fog_near_color", Ty::Struct(&RGBA))],
    &cell::FOG_AND_DIRECTIONAL,
    &[
        f("fog_power", Ty::F32),
        f("ambient_x_plus", Ty::Struct(&RGBA)),
        f("ambient_x_minus", Ty::Struct(&RGBA)),
        f("ambient_y_plus", Ty::Struct(&RGBA)),
        f("ambient_y_minus", Ty::Struct(&RGBA)),
        f("ambient_z_plus", Ty::Struct(&RGBA)),
        f("ambient_z_minus", Ty::Struct(&RGBA)),
        f("specular_color", Ty::Struct(&RGBA)),
        f("fresnel_power", Ty::F32),
        f("fog_far_color", Ty::Struct(&RGBA)),
        f("fog_max", Ty::F32),
        f("light_fade_begin", Ty::F32),
        f("light_fade_end", Ty::F32),
        f("inherits", Ty::Flags(Int::U32, &INHERIT_FLAGS)),
    ],
]);

/// One water current of a cell (XWCU): a velocity and four bytes nobody
/// has named.
static WATER_VELOCITY: [FieldDef; 4] = [
    f("x", Ty::F32),
    f("y", Ty::F32),
    f("z", Ty::F32),
    f("unknown", Ty::Bytes(4)),
];

/// Skyrim's cell (CELL) record declaration.
pub static CELL: RecordDef = records::CELL.with(&[
    editor_id(),
    full_name(),
    sub(
        b"DATA",
        "flags",
        // Early files hold one byte; the one-byte form is shown as an
        // object so that it builds back to one byte.
        Field::BySize(&[
            (2, Field::Value(Ty::Flags(Int::U16, &CELL_FLAGS))),
            (
                1,
                Field::Struct(&[f("flags_8_bit", Ty::Flags(Int::U8, &CELL_FLAGS))]),
            ),
        ]),
    ),
    opt(
        b"XCLC",
        "grid",
        Field::Struct(&[
            f("x", I32),
            f("y", I32),
            f("flags", Ty::Flags(Int::U32, &GRID_FLAGS)),
        ]),
    ),
    opt(b"XCLL", "lighting", Field::Struct(&LIGHTING)),
    opt(b"TVDT", "occlusion_data", Field::Opaque),
    opt(b"MHDT", "max_height_data", Field::Opaque),
    form_of(b"LTMP", "lighting_template", &[b"LGTM"]),
    opt(
        b"LNAM",
        "lighting_inherits",
        Field::Value(Ty::Flags(Int::U32, &INHERIT_FLAGS)),
    ),
    opt(b"XCLW", "water_height", Field::Value(Ty::F32)),
    opt(b"XNAM", "water_noise_texture", Field::ZString),
    opt(
        b"XCLR",
        "regions",
        Field::Array(&[f("region", fid(&[b"REGN"]))]),
    ),
    form_of(b"XLCN", "location", &[b"LCTN"]),
    opt(b"XWCN", "unknown_water_count", Field::Value(U32)),
    opt(b"XWCS", "unknown_water_count_2", Field::Value(U32)),
    opt(b"XWCU", "water_velocities", Field::Array(&WATER_VELOCITY)),
    form_of(b"XCWT", "water", &[b"WATR"]),
    form_of(b"XOWN", "owner", &[b"FACT", b"ACHR", b"NPC_"]),
    opt(b"XRNK", "faction_rank", Field::Value(I32)),
    form_of(b"XILL", "lock_list", &[b"FLST", b"NPC_"]),
    opt(b"XWEM", "water_environment_map", Field::ZString),
    form_of(b"XCCM", "sky_weather_from_region", &[b"REGN"]),
    form_of(b"XCAS", "acoustic_space", &[b"ASPC"]),
    form_of(b"XEZN", "encounter_zone", &[b"ECZN"]),
    form_of(b"XCMO", "music_type", &[b"MUSC"]),
    form_of(b"XCIM", "image_space", &[b"IMGS"]),
]);
