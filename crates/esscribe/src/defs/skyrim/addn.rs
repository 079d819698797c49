//! ADDN: an addon node.

use super::common::{editor_id, form_of, model, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Addon node flags (DNAM `flags`).
pub static ADDON_FLAGS: EnumDef = EnumDef {
    values: &[(1, "unknown_1"), (3, "always_loaded")],
};

/// Skyrim's addon node (ADDN) record declaration.
pub static ADDN: RecordDef = RecordDef {
    sig: Sig(*b"ADDN"),
    title: "Addon node",
    members: &[
        editor_id(),
        object_bounds(),
        model(),
        sub(b"DATA", "node_index", Field::Value(I32)),
        form_of(b"SNAM", "sound", &[b"SNDR"]),
        sub(
            b"DNAM",
            "data",
            Field::Struct(&[
                f("master_particle_system_cap", U16),
                f("flags", Ty::Enum(Int::U16, &ADDON_FLAGS)),
            ]),
        ),
    ],
};
