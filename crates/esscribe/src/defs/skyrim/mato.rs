//! MATO: a material object.

use super::common::{editor_id, model};
use crate::io::Sig;
use crate::schema::types::*;

/// Material object flags: single pass.
pub static MATERIAL_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "single_pass")],
};

/// Skyrim's material object (MATO) record declaration.
pub static MATO: RecordDef = RecordDef {
    sig: Sig(*b"MATO"),
    title: "Material object",
    members: &[
        editor_id(),
        model(),
        // Bytes nobody has documented, of any size.
        rep(b"DNAM", "property_data", Field::Opaque),
        sub(
            b"DATA",
            "directional_material",
            Field::Struct(&[
                f("falloff_scale", Ty::F32),
                f("falloff_bias", Ty::F32),
                f("noise_uv_scale", Ty::F32),
                f("material_uv_scale", Ty::F32),
                f("projection_vector_x", Ty::F32),
                f("projection_vector_y", Ty::F32),
                f("projection_vector_z", Ty::F32),
                f("normal_dampener", Ty::F32),
                f("single_pass_color_red", Ty::F32),
                f("single_pass_color_green", Ty::F32),
                f("single_pass_color_blue", Ty::F32),
                f("flags", Ty::Flags(Int::U32, &MATERIAL_FLAGS)),
            ]),
        ),
    ],
};
