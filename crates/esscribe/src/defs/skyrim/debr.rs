//! DEBR: debris (models thrown by explosions and destruction).

use super::common::{editor_id, model_info};
use crate::io::Sig;
use crate::schema::types::*;

/// Debris model flags: has collision data.
pub static DEBRIS_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "has_collision_data")],
};

static MODEL: [Member; 2] = [
    sub(
        b"DATA",
        "data",
        Field::Struct(&[
            f("percentage", U8),
            f("model", Ty::ZString),
            f("flags", Ty::Flags(Int::U8, &DEBRIS_FLAGS)),
        ]),
    ),
    opt(b"MODT", "texture_hashes", model_info()),
];

/// Skyrim's debris (DEBR) record declaration.
pub static DEBR: RecordDef = RecordDef {
    sig: Sig(*b"DEBR"),
    title: "Debris",
    members: &[editor_id(), groups("models", &MODEL)],
};
