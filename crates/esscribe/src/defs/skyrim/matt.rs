//! MATT: a material type.

use super::common::{editor_id, form_of, RGB_F32};
use crate::io::Sig;
use crate::schema::types::*;

/// Material type flags (FNAM `flags`): stair material, arrows stick.
pub static MATERIAL_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "stair_material"), (0x02, "arrows_stick")],
};

/// Skyrim's material type (MATT) record declaration.
pub static MATT: RecordDef = RecordDef {
    sig: Sig(*b"MATT"),
    title: "Material type",
    members: &[
        editor_id(),
        form_of(b"PNAM", "parent", &[b"MATT"]),
        opt(b"MNAM", "name", Field::ZString),
        opt(b"CNAM", "havok_display_color", Field::Struct(&RGB_F32)),
        opt(b"BNAM", "buoyancy", Field::Value(Ty::F32)),
        opt(
            b"FNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &MATERIAL_FLAGS)),
        ),
        form_of(b"HNAM", "havok_impact_data_set", &[b"IPDS"]),
    ],
};
