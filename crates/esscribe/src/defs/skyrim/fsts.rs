//! FSTS: a footstep set.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

static FOOTSTEP: [FieldDef; 1] = [f("footstep", fid(&[b"FSTP"]))];

/// Skyrim's footstep set (FSTS) record declaration.
pub static FSTS: RecordDef = RecordDef {
    sig: Sig(*b"FSTS"),
    title: "Footstep set",
    members: &[
        editor_id(),
        opt(
            b"XCNT",
            "counts",
            Field::Struct(&[
                f("walk", U32),
                f("run", U32),
                f("sprint", U32),
                f("sneak", U32),
                f("swim", U32),
            ]),
        ),
        opt(b"DATA", "footsteps", Field::Array(&FOOTSTEP)),
    ],
};
