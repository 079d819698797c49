//! STAT: a static object.

use super::common::{editor_id, model, object_bounds};
use crate::defs::shared::records;
use crate::schema::types::*;

static DIRECTION_MATERIAL_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "considered_snow")],
};

/// Skyrim's static (STAT) record declaration.
pub static STAT: RecordDef = records::STAT.with(&[
    editor_id(),
    object_bounds(),
    model(),
    sub(
        b"DNAM",
        "direction_material",
        Field::Struct(&[
            f("max_angle", Ty::F32),
            f("material", fid(&[b"MATO"])),
            // Skyrim Special Edition adds these.
            f("flags", Ty::Flags(Int::U8, &DIRECTION_MATERIAL_FLAGS)),
            f("unused", Ty::Bytes(3)),
        ]),
    ),
    opt(
        b"MNAM",
        "distant_lod",
        Field::Array(&[f("model", Ty::Bytes(260))]),
    ),
    opt(b"ENAM", "unknown_enam", Field::Opaque),
]);
