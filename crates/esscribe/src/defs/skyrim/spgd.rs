//! SPGD: shader particle geometry (rain, snow).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Shader particle geometry types: rain, snow.
pub static PARTICLE_TYPES: EnumDef = EnumDef {
    values: &[(0, "rain"), (1, "snow")],
};

/// Skyrim's shader particle geometry (SPGD) record declaration.
pub static SPGD: RecordDef = RecordDef {
    sig: Sig(*b"SPGD"),
    title: "Shader particle geometry",
    members: &[
        editor_id(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("gravity_velocity", Ty::F32),
                f("rotation_velocity", Ty::F32),
                f("particle_size_x", Ty::F32),
                f("particle_size_y", Ty::F32),
                f("center_offset_min", Ty::F32),
                f("center_offset_max", Ty::F32),
                f("initial_rotation_range", Ty::F32),
                f("subtexture_count_x", U32),
                f("subtexture_count_y", U32),
                f("type", Ty::Enum(Int::U32, &PARTICLE_TYPES)),
                f("box_size", U32),
                f("particle_density", Ty::F32),
            ]),
        ),
        opt(b"ICON", "particle_texture", Field::ZString),
    ],
};
