//! CONT: a container.

use super::common::{editor_id, form, full_name, items, model, script};
use crate::io::Sig;
use crate::schema::types::*;

/// Container flags (DATA `flags`).
pub static CONTAINER_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x02, "respawns")],
};

/// Oblivion's container (CONT) record declaration.
pub static CONT: RecordDef = RecordDef {
    sig: Sig(*b"CONT"),
    title: "Container",
    members: &[
        editor_id(),
        full_name(),
        model(),
        script(),
        items(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("flags", Ty::Flags(Int::U8, &CONTAINER_FLAGS)),
                f("weight", Ty::F32),
            ]),
        ),
        form(b"SNAM", "open_sound"),
        form(b"QNAM", "close_sound"),
    ],
};
