//! COLL: a collision layer.

use super::common::{description, editor_id, RGBA};
use crate::io::Sig;
use crate::schema::types::*;

/// Collision layer flags (GNAM `flags`).
pub static LAYER_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "trigger_volume"),
        (0x02, "sensor"),
        (0x04, "navmesh_obstacle"),
    ],
};

static LAYER: [FieldDef; 1] = [f("layer", fid(&[b"COLL"]))];

/// Skyrim's collision layer (COLL) record declaration.
pub static COLL: RecordDef = RecordDef {
    sig: Sig(*b"COLL"),
    title: "Collision layer",
    members: &[
        editor_id(),
        description(b"DESC"),
        opt(b"BNAM", "index", Field::Value(U32)),
        opt(b"FNAM", "debug_color", Field::Struct(&RGBA)),
        opt(
            b"GNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &LAYER_FLAGS)),
        ),
        opt(b"MNAM", "name", Field::ZString),
        opt(b"INTV", "interactables_count", Field::Value(U32)),
        opt(b"CNAM", "collides_with", Field::Array(&LAYER)),
    ],
};
