//! WRLD: a worldspace.

use super::common::{editor_id, form_of, full_name, icon};
use crate::io::Sig;
use crate::schema::types::*;

pub static WORLD_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "small_world"),
        (0x02, "cant_fast_travel"),
        (0x04, "oblivion_worldspace"),
        (0x10, "no_lod_water"),
    ],
};

pub static MUSIC_TYPES: EnumDef = EnumDef {
    values: &[(0, "default"), (1, "public"), (2, "dungeon")],
};

static XY: [FieldDef; 2] = [f("x", Ty::F32), f("y", Ty::F32)];

pub static WRLD: RecordDef = RecordDef {
    sig: Sig(*b"WRLD"),
    title: "Worldspace",
    members: &[
        editor_id(),
        full_name(),
        form_of(b"WNAM", "parent_worldspace", &[b"WRLD"]),
        form_of(b"CNAM", "climate", &[b"CLMT"]),
        form_of(b"NAM2", "water", &[b"WATR"]),
        icon(),
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
            ]),
        ),
        opt(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &WORLD_FLAGS)),
        ),
        opt(b"NAM0", "object_bounds_min", Field::Struct(&XY)),
        opt(b"NAM9", "object_bounds_max", Field::Struct(&XY)),
        opt(
            b"SNAM",
            "music",
            Field::Value(Ty::Enum(Int::U32, &MUSIC_TYPES)),
        ),
        opt(b"OFST", "offset_data", Field::Bytes),
    ],
};
