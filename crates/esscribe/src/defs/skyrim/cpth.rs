//! CPTH: a camera path (which camera shots a kill may use, and when).

use super::common::{conditions, editor_id};
use crate::io::Sig;
use crate::schema::types::*;

/// Camera path zoom modes (DATA `camera_zoom`).
pub static CAMERA_ZOOMS: EnumDef = EnumDef {
    values: &[
        (0, "default_must_have_camera_shots"),
        (1, "disable_must_have_camera_shots"),
        (2, "shot_list_must_have_camera_shots"),
        (128, "default"),
        (129, "disable"),
        (130, "shot_list"),
    ],
};

/// Skyrim's camera path (CPTH) record declaration.
pub static CPTH: RecordDef = RecordDef {
    sig: Sig(*b"CPTH"),
    title: "Camera path",
    members: &[
        editor_id(),
        conditions(),
        opt(
            b"ANAM",
            "related_paths",
            Field::Struct(&[
                f("parent", fid(&[b"CPTH"])),
                f("previous_sibling", fid(&[b"CPTH"])),
            ]),
        ),
        opt(
            b"DATA",
            "camera_zoom",
            Field::Value(Ty::Enum(Int::U8, &CAMERA_ZOOMS)),
        ),
        rep(b"SNAM", "camera_shots", Field::Value(fid(&[b"CAMS"]))),
    ],
};
